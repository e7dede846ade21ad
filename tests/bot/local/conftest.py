"""The local table the tests here type into: on the suite's real SQLite store, at a fixed
clock, with its board images in the test's own folder."""

from __future__ import annotations

import io

import pytest

from bot.local.table import LocalTable
from bot.table import TableService
from bot.table.clock import ManualClock


@pytest.fixture
def table(store, tmp_path):
    clock = ManualClock(1_700_000_000.0)
    return LocalTable(TableService(store, clock), clock, images=tmp_path / "images", out=io.StringIO())


async def play(table, lines: list[str]) -> str:
    """What the table printed for these typed lines (each must be handled)."""
    start = len(table.out.getvalue())
    for line in lines:
        assert await table.handle(line)
    return table.out.getvalue()[start:]
