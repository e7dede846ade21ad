"""The local table's picker (issue 26, point 6): `!play`, then a number per step (`0` back), a
preview, and `1` to confirm — a whole game played without typing a move."""

from __future__ import annotations

import io
import re

import pytest

from bot.local.table import LocalTable
from bot.table.clock import ManualClock


@pytest.fixture
def table(service):
    return LocalTable(service, ManualClock(0), out=io.StringIO())


def fresh_output(table: LocalTable) -> str:
    out = table.out.getvalue()
    table.out.seek(0)
    table.out.truncate()
    return out


async def test_a_turn_by_numbers_with_back_and_a_preview(table):
    for line in ["@ann /game new pebbles", "@bob /game join", "@ann /game start"]:
        await table.handle(line)
    fresh_output(table)
    await table.handle("@ann !play")
    out = fresh_output(table)
    assert "1. take 1 pebbles" in out and "4. roll for 1-3 pebbles" in out and "0. Back" not in out
    await table.handle("@ann 2")
    out = fresh_output(table)
    assert "If you confirm:** take 2 pebbles (`/move take 2`)" in out and "1. Confirm" in out and "0. Back" in out
    await table.handle("@ann 0")
    assert "4. roll" in fresh_output(table), "back to the question"
    await table.handle("@ann 9")
    assert "Type a number from 0 to 4." in fresh_output(table)
    await table.handle("@ann 3")
    await table.handle("@ann 1")
    out = fresh_output(table)
    assert "[#table] ann takes 3." in out


async def test_a_whole_game_without_typing_a_move(table, service):
    for line in ["@ann /game new pebbles", "@bob /game join", "@ann /game start"]:
        await table.handle(line)
    turns = 0
    while await service.store.open_game_in(table.place().channel_id) is not None and turns < 100:
        row = await service.store.open_game_in(table.place().channel_id)
        state = service.context.state_of(row)
        who = ["ann", "bob"][service.context.game_of(row).to_act(state)[0]]
        await table.handle(f"@{who} !play")
        while "1. Confirm" not in (out := fresh_output(table)):
            numbers = re.findall(r"^    (\d+)\. ", out, re.M)
            await table.handle(f"@{who} {numbers[-1] if numbers[-1] != '0' else numbers[0]}")
        await table.handle(f"@{who} 1")
        turns += 1
    assert await service.store.open_game_in(table.place().channel_id) is None and turns >= 4
