"""The local table takes ``/board``'s view option like Discord does
(positional or ``view:``), and lists it in ``!help``."""

from __future__ import annotations

from PIL import Image

from bot.local.table import command_help
from tests.bot.local.conftest import play


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
