"""The local table takes ``/board``'s view option like Discord does
(positional or ``view:``), and lists it in ``!help``."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.local.table import LocalTable, command_help
from bot.table import TableService
from bot.table.clock import ManualClock


@pytest.fixture
def table(store, tmp_path):
    clock = ManualClock(1_700_000_000.0)
    return LocalTable(TableService(store, clock), clock, images=tmp_path / "images", out=io.StringIO())


async def play(table, lines: list[str]) -> str:
    start = len(table.out.getvalue())
    for line in lines:
        assert await table.handle(line)
    return table.out.getvalue()[start:]


def image_of(out: str) -> Image.Image:
    path = next(line for line in out.splitlines() if "[image:" in line).split("[image: ")[1].rstrip("]")
    return Image.open(path)


async def test_board_view_full_and_area(table):
    await play(table, ["@ann /game new carcassonne_hg", "@bob /game join", "@ann /game start"])
    full = image_of(await play(table, ["@cid /board"]))
    area = image_of(await play(table, ["@cid /board view:area"]))
    positional = image_of(await play(table, ["@cid /board area"]))
    assert area.size == positional.size != full.size
    out = await play(table, ["@cid /board sideways"])
    assert "`full`" in out and "[image:" not in out
    assert "/board [view]" in command_help()
