"""Issue 27, "a turn image against the AI drops the human's own move": at the local table a player's
move is posted at once with its own board, its tile framed in gold, and the AI seat answers in a
post of its own whose board frames the AI's tiles (as on Discord: ``Turns.ai_after_post``). Before,
the local table played the AI in the same command: one post, one board, the AI's tiles framed only."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.local.table import LocalTable
from bot.table import TableService
from bot.table.clock import ManualClock
from render import kit
from render.carcassonne_hg import draw, tile_box
from rules.carcassonne_hg import GAME


@pytest.fixture
def table(store, tmp_path):
    clock = ManualClock(1_700_000_000.0)
    return LocalTable(TableService(store, clock), clock, images=tmp_path / "images", out=io.StringIO(), seed=7)


async def play(table, line: str) -> str:
    start = len(table.out.getvalue())
    assert await table.handle(line)
    return table.out.getvalue()[start:]


def framed(state, cells) -> list[bool]:
    """Whether each map square is framed in gold on the board drawn from the public view."""
    view = GAME.view(state, None)
    img: Image.Image = draw(view, kit.Table(names=["ann", "AI"], to_act=GAME.to_act(state), title="")).convert("RGB")
    out = []
    for x, y in cells:
        x0, y0, x1, y1 = tile_box(view, x, y)
        colours = {c: n for n, c in img.crop((x0 - 2, y0 - 2, x1 + 2, y1 + 2)).getcolors(1 << 20)}
        out.append(colours.get(kit.HIGHLIGHT, 0) > 4 * (x1 - x0))
    return out


async def test_the_players_post_frames_their_tile_and_the_ais_post_frames_its_own(table, monkeypatch):
    boards = []                      # the state of every board a post drew, in order
    real = table.service.context.boards.png

    async def spy(row, seats, state, *args, **kwargs):
        boards.append(state)
        return await real(row, seats, state, *args, **kwargs)

    monkeypatch.setattr(table.service.context.boards, "png", spy)
    await play(table, "@ann /game new carcassonne_hg ai:1 level:easy")
    await play(table, "@ann /game start")
    for _ in range(4):               # ann's turn: the tile, then the figure step, until the AI answers
        first = (await play(table, "@ann !moves")).splitlines()[0].split("—")[0].strip()
        boards.clear()
        out = await play(table, f"@ann /move {first}")
        if "Hearth AI · easy places" in out:
            break
    else:
        raise AssertionError("the AI never answered")
    assert out.count("[image:") == 2, out                   # ann's post, then the AI's
    assert out.index("ann, your turn") > out.index("Hearth AI · easy places") > out.index("[image:")
    mine, theirs = boards[-2], boards[-1]
    ann_tiles = [tuple(mine.board.placed[i][1:3]) for i in mine.recent]
    ai_tiles = [tuple(p[1:3]) for p in theirs.board.placed[len(mine.board.placed):]]
    assert ann_tiles and ai_tiles
    assert framed(mine, ann_tiles) == [True] * len(ann_tiles)
    assert framed(theirs, ai_tiles) == [True] * len(ai_tiles)
    assert framed(theirs, ann_tiles) == [False] * len(ann_tiles)
