from __future__ import annotations

import pytest

from bot.table import Actor, Place, TableService
from bot.table.clock import ManualClock
from rules import registry
from storage.store import Store


@pytest.fixture(autouse=True)
def pebbles():
    registry.register("pebbles", "tests.pebbles")
    yield
    registry.unregister("pebbles")


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "hearth.db")
    yield s
    await s.close()


@pytest.fixture
def clock():
    return ManualClock(1_700_000_000.0)


@pytest.fixture
async def service(store, clock):
    return TableService(store, clock)


ANN = Actor(1, "Ann")
BOB = Actor(2, "Bob")
CID = Actor(3, "Cid")
MOD = Actor(9, "Mod", manage=True)
HERE = Place(channel_id=100, guild_id=10)


async def started(service, players=(ANN, BOB), key="pebbles", order="join"):
    await service.new_game(HERE, players[0], key, seed=1)
    for p in players[1:]:
        await service.join(HERE, p)
    return await service.start(HERE, players[0], order)


async def snapshot(store) -> list:
    """Every stored row of every table, to prove a refusal changed nothing."""
    rows = []
    for table in ("games", "seats", "moves"):
        rows.append([tuple(r) for r in await store.fetch_all(f"SELECT * FROM {table} ORDER BY 1, 2")])
    return rows
