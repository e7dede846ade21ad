"""The shared kit: captions wrap instead of being cut, the banner says whose
turn it is or who won, records follow pasted layers, and the focused turn
images (Carcassonne, Fire & Stone) are phone-sized and show the last move."""

from __future__ import annotations

from PIL import Image, ImageDraw

import render
from render import kit
from rules.carcassonne_hg import GAME as CARCASSONNE
from rules.fire_and_stone import GAME as FIRE_AND_STONE


def texts(img) -> list[str]:
    return [m.text for m in kit.marks(img) if m.kind in ("label", "piece-label")]


def test_a_long_caption_is_wrapped_whole_and_stays_inside():
    words = [f"word{i}" for i in range(60)]
    table = kit.Table(names=["Ana", "Bo"], to_act=[1], last_events=[" ".join(words)])
    img = kit.legend(table, 600)
    drawn = " ".join(texts(img))
    assert all(w in drawn.split() for w in words)                      # nothing cut at 110 characters
    assert not any(m.clipped for m in kit.marks(img))
    assert any(t == "Bo to play" for t in texts(img))


def test_the_final_banner_names_the_winner_from_the_ranks():
    table = kit.Table(names=["Ana", "Bo", "Cy"], finished=True, ranks=[2, 1, 1])
    img = kit.legend(table, 700, scores=[9, 9, 9], breakdown=kit.Breakdown(["a", "total"], [[1, 9], [2, 9], [3, 9]]))
    assert any(t.startswith("Winners (tie): Bo, Cy") for t in texts(img))
    table = kit.Table(names=["Ana", "Bo"], finished=True)
    assert any(t.startswith("Winner: Bo") for t in texts(kit.legend(table, 700, scores=[3, 5])))


def test_records_follow_a_pasted_layer():
    layer = Image.new("RGB", (100, 50))
    kit.text(ImageDraw.Draw(layer), (10, 10), "7", 20, main=True)
    out = kit.stack([Image.new("RGB", (100, 30)), layer])
    (mark,) = kit.marks(out)
    assert mark.text == "7" and mark.box[1] >= 30 + 10 - 1


def gold(img) -> int:
    return {c: n for n, c in img.convert("RGB").getcolors(1 << 20)}.get(kit.HIGHLIGHT, 0)


def test_focused_turn_images_are_phone_sized_and_show_the_last_move():
    state = CARCASSONNE.setup(3, 4, {})
    state, _ = CARCASSONNE.apply(state, CARCASSONNE.legal_moves(state, 0)[0])
    table = kit.Table(names=["Ana", "Bo", "Cy"], to_act=CARCASSONNE.to_act(state))
    view = CARCASSONNE.view(state, None)
    img = render.draw("carcassonne_hg", view, table, focus=True)
    assert img.width == 720 and gold(img) > 300
    state = FIRE_AND_STONE.setup(2, 3, {})
    before = render.draw("fire_and_stone", FIRE_AND_STONE.view(state, None), kit.Table(names=["Ana", "Bo"]),
                         focus=True)
    state, _ = FIRE_AND_STONE.apply(state, FIRE_AND_STONE.parse(state, 0, "66"))
    after = render.draw("fire_and_stone", FIRE_AND_STONE.view(state, None), kit.Table(names=["Ana", "Bo"]),
                        focus=True)
    assert after.width == 720 and gold(after) > gold(before) + 300
    assert "66" in texts(after)
    png = render.board_png("fire_and_stone", FIRE_AND_STONE.view(state, None), kit.Table(names=["Ana", "Bo"]),
                           focus=True)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 1_000_000
