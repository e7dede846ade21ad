"""Schema migrations from every earlier version: a database left at
``user_version`` k (only the first k migrations run) with games in it
opens with ``Store.open``, reaches the current version, keeps every row,
and its games go on."""

from __future__ import annotations

import sqlite3

import pytest

from bot.table import TableService
from bot.table.movelog import effective_moves, replay
from rules import registry
from storage.migrations import MIGRATIONS
from storage.store import Store, _split_sql
from tests.reliability.conftest import ANN, BOB, HERE, started


def _old_database(path, k: int, rows: dict[str, list[dict]]) -> None:
    """A file at schema version k, holding those rows in the tables it has."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        for number, sql in enumerate(MIGRATIONS[:k], start=1):
            conn.execute("BEGIN")
            for statement in _split_sql(sql):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table, items in rows.items():
            if table not in tables:
                continue
            have = [c[1] for c in conn.execute(f"PRAGMA table_info({table})")]
            for item in items:
                cols = [c for c in item if c in have]
                conn.execute(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                             [item[c] for c in cols])
        assert conn.execute("PRAGMA user_version").fetchone()[0] == k
    finally:
        conn.close()


async def _rows_of_a_played_game(tmp_path, clock) -> dict[str, list[dict]]:
    store = await Store.open(tmp_path / "source.db")
    service = TableService(store, clock, render_images=False)
    await started(service)
    for actor, text in ((ANN, "take 2"), (ANN, "end"), (BOB, "take 1"), (BOB, "shout")):
        assert (await service.move(HERE, actor, text)).ok
    await store.meta_set("commands:global", "abc")
    out = {}
    for table in ("games", "seats", "moves", "meta"):
        names = [r[1] for r in await store.fetch_all(f"PRAGMA table_info({table})")]
        out[table] = [dict(zip(names, r)) for r in await store.fetch_all(f"SELECT * FROM {table}")]
    await store.close()
    return out


@pytest.mark.parametrize("k", range(len(MIGRATIONS)))
async def test_open_upgrades_from_every_earlier_version(tmp_path, clock, k):
    rows = await _rows_of_a_played_game(tmp_path, clock)
    path = tmp_path / f"old-{k}.db"
    _old_database(path, k, rows)
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        if k == 0:      # an empty file: nothing to keep, everything to create
            assert await store.latest_game_in(HERE.channel_id) is None
            return
        row = await store.latest_game_in(HERE.channel_id)
        assert row is not None and row.status == "active"
        assert row.version == rows["games"][0]["version"]
        log = await store.log(row.id)
        assert [e.text for e in log] == ["take 2", "end", "take 1", "shout"]
        seats = await store.seats(row.id)
        assert [s.name for s in seats] == ["Ann", "Bob"]
        game = registry.get(row.key)
        assert game.dump(replay(game, len(seats), row.seed, row.options, effective_moves(log))) == row.state
        if k >= 2:
            assert await store.meta_get("commands:global") == "abc"
        # the game goes on, with every feature of the current schema
        service = TableService(store, clock, render_images=False)
        reply = await service.move(HERE, ANN, "take 1")
        assert reply.ok, reply.text
        assert (await store.game(row.id)).version == row.version + 1
        assert await store.fetch_all("PRAGMA foreign_key_check") == []
        assert (await store.fetch_one("PRAGMA integrity_check"))[0] == "ok"
    finally:
        await store.close()


async def test_migrating_twice_is_a_no_op(tmp_path, clock):
    rows = await _rows_of_a_played_game(tmp_path, clock)
    path = tmp_path / "old.db"
    _old_database(path, 1, rows)
    for _ in range(2):
        store = await Store.open(path)
        assert await store.schema_version() == len(MIGRATIONS)
        assert len(await store.log((await store.latest_game_in(HERE.channel_id)).id)) == 4
        await store.close()


async def test_a_newer_file_is_left_alone(tmp_path):
    """A database from a newer Hearth is not 'migrated' backwards."""
    path = tmp_path / "new.db"
    _old_database(path, len(MIGRATIONS), {})
    conn = sqlite3.connect(str(path))
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    conn.close()
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS) + 5
    finally:
        await store.close()
