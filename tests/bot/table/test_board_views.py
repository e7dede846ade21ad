"""Which image a post carries (issue 16): the turn post shows the area the
last turn changed (for games whose whole board is too big for a phone),
``/board`` the whole board or, with ``view:area``, that area; the final
image knows the winner from the result's ranks."""

from __future__ import annotations

import io

from PIL import Image

import render
from tests.bot.conftest import ANN, BOB, CID, HERE, snapshot, started


def size_of(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


class Drawn:
    """Records what the table asks the renderer for (the real renderer still draws)."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[tuple[str, object, bool]] = []
        real = render.board_png

        def spy(key, view, table, focus=False):
            self.calls.append((key, table, focus))
            return real(key, view, table, focus)

        monkeypatch.setattr(render, "board_png", spy)


async def test_the_turn_post_shows_the_area_and_board_shows_both(service, monkeypatch):
    drawn = Drawn(monkeypatch)
    start = await started(service, key="carcassonne_hg")
    assert start.ok and start.image
    move = (await service.legal(HERE, ANN, "", limit=1))[0].notation
    post = await service.move(HERE, ANN, move)
    assert post.ok and post.image, post.text
    assert drawn.calls[-1][0] == "carcassonne_hg" and drawn.calls[-1][2] is True, "the turn post is the area"
    area = await service.board(HERE, CID, "area")
    assert area.image == post.image, "view:area is what the turn post showed (same version, same image)"
    full = await service.board(HERE, CID)
    again = await service.board(HERE, CID, "full")
    assert full.image == again.image and full.image != post.image
    assert drawn.calls[-1][2] is False, "/board alone is the whole board"
    assert size_of(full.image) != size_of(area.image)


async def test_an_unknown_view_is_refused_and_changes_nothing(service, store):
    await started(service, key="carcassonne_hg")
    before = await snapshot(store)
    for word in ("sideways", "x" * 500, "1; DROP TABLE games"):
        reply = await service.board(HERE, BOB, word)
        assert not reply.ok and reply.ephemeral and "`full`" in reply.text and "`area`" in reply.text
        assert reply.image is None
    assert await snapshot(store) == before


async def test_a_game_without_an_area_view_shows_its_whole_board_and_says_so(service):
    await started(service)   # pebbles: one small board
    full = await service.board(HERE, CID)
    area = await service.board(HERE, CID, "area")
    assert area.ok and area.image == full.image
    assert "no separate area view" in area.text and "no separate area view" not in full.text


async def test_the_final_image_marks_the_winner_from_the_result(service, monkeypatch):
    drawn = Drawn(monkeypatch)
    await started(service)
    assert (await service.resign(HERE, BOB)).ok
    await service.board(HERE, CID)
    key, table, focus = drawn.calls[-1]
    row = await service.store.latest_game_in(HERE.channel_id)
    assert row.status == "finished" and table.finished
    assert table.ranks == row.result["ranks"] and table.ranks[0] == 1 and table.ranks[1] == 2



async def test_a_board_is_drawn_in_each_readers_language_and_kept_per_language(service, monkeypatch):
    from dataclasses import replace

    from render.words import GAME_OVER

    drawn = Drawn(monkeypatch)
    await started(service, key="clans")
    english = await service.board(HERE, CID)
    before = len(drawn.calls)
    french = await service.board(HERE, replace(CID, locale="fr"))
    assert len(drawn.calls) == before + 1, "the French reader does not get the English board from the cache"
    assert drawn.calls[-1][1].say(GAME_OVER()) == "Partie terminée"
    assert english.image and french.image and english.image != french.image
    again = await service.board(HERE, replace(CID, locale="fr"))
    assert again.image == french.image and len(drawn.calls) == before + 1, "then kept for the next French reader"
