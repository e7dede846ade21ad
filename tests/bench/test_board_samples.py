"""bench/board_samples.py draws each stage in both languages, full size and 400 px wide."""

from __future__ import annotations

from PIL import Image

from bench import board_samples


def test_samples_of_a_game_in_both_languages_full_size_and_phone_width(tmp_path, capsys):
    assert board_samples.main([str(tmp_path), "--game", "clans"]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(f"clans-{stage}-board-{lang}{size}.png" for stage in ("early", "mid", "final")
                           for lang in ("en", "fr") for size in ("", "-400"))
    assert Image.open(tmp_path / "clans-final-board-fr-400.png").width == 400
    assert Image.open(tmp_path / "clans-final-board-fr.png").width > 400
    assert Image.open(tmp_path / "clans-mid-board-en.png").tobytes() != \
        Image.open(tmp_path / "clans-mid-board-fr.png").tobytes(), "the French board is drawn in French"
