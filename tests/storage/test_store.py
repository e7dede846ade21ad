"""The store on a real SQLite file and on a real PostgreSQL server:
migrations, one open game per channel, the version check, the append-only
log, backups. Tests named for one backend use what only it has (PRAGMAs,
SQLite's backup API); the others run on both (the ``backend`` fixture)."""

from __future__ import annotations

import asyncio

import pytest

from storage.errors import ConstraintViolation
from storage.migrations import MIGRATIONS
from storage.store import ChannelBusy, Store, VersionConflict


async def _game(store, channel=1):
    return await store.create_game(guild_id=9, channel_id=channel, key="clans", options={"a": "b"}, seed=5,
                                   creator_id=10, creator_name="Ann", now=1.0)


async def test_fresh_file_is_migrated_with_wal_and_foreign_keys(tmp_path):
    store = await Store.open(tmp_path / "h.db")
    assert await store.schema_version() == len(MIGRATIONS)
    assert (await store.fetch_one("PRAGMA journal_mode"))[0] == "wal"
    assert (await store.fetch_one("PRAGMA foreign_keys"))[0] == 1
    await store.close()
    again = await Store.open(tmp_path / "h.db")
    assert await again.schema_version() == len(MIGRATIONS), "reopening runs nothing twice"
    await again.close()


async def test_one_open_game_per_channel(backend):
    store = await backend.open()
    row = await _game(store)
    assert row.status == "lobby" and row.options == {"a": "b"}
    with pytest.raises(ChannelBusy):
        await _game(store)
    await store.set_status(row.id, row.version, "abandoned", 2.0)
    assert (await _game(store)).id != row.id, "a closed game frees the channel"
    await store.close()


async def test_version_check_refuses_stale_writes(backend):
    store = await backend.open()
    row = await _game(store)
    v = await store.record(row.id, 0, state="{}", kind="move", seat=0, user_id=10, text="a", barrier=False,
                           events=["e"], now=2)
    with pytest.raises(VersionConflict):
        await store.record(row.id, 0, state="{}", kind="move", seat=0, user_id=10, text="b", barrier=False,
                           events=[], now=2)
    assert [e.text for e in await store.log(row.id)] == ["a"] and v == 1
    await store.close()


async def test_concurrent_writers_never_lose_or_double(backend):
    """Many tasks on two connections write to ten games at once; each write
    either lands exactly once or is told it lost the race."""
    a, b = await backend.open(), await backend.open()
    games = [await _game(a, channel=c) for c in range(10)]

    async def writer(store, game_id, n):
        landed = 0
        for i in range(n):
            while True:
                row = await store.game(game_id)
                try:
                    await store.record(game_id, row.version, state="{}", kind="move", seat=0, user_id=1,
                                       text=f"{id(store)}-{i}", barrier=False, events=[], now=3)
                    landed += 1
                    break
                except VersionConflict:
                    await asyncio.sleep(0)
        return landed

    jobs = [writer(store, g.id, 5) for g in games for store in (a, b)]
    landed = await asyncio.gather(*jobs)
    assert sum(landed) == 100
    for g in games:
        log = await a.log(g.id)
        assert [e.version for e in log] == list(range(1, 11)), "contiguous versions, nothing lost or doubled"
        assert len({e.text for e in log}) == 10
    await a.close()
    await b.close()


async def test_the_log_is_append_only(tmp_path):
    store = await Store.open(tmp_path / "h.db")
    row = await _game(store)
    await store.record(row.id, 0, state="{}", kind="move", seat=0, user_id=10, text="a", barrier=False,
                       events=[], now=2)
    for sql in ("UPDATE moves SET text = 'x'", "DELETE FROM moves"):
        with pytest.raises(ConstraintViolation, match="append-only"):
            async with store.transaction() as tx:
                await tx.execute(sql)
    await store.close()


async def test_backup_is_a_consistent_copy(tmp_path):
    store = await Store.open(tmp_path / "h.db")
    row = await _game(store)
    await store.backup(tmp_path / "copy.db")
    copy = await Store.open(tmp_path / "copy.db")
    assert (await copy.game(row.id)).key == "clans"
    await copy.close()
    await store.close()


async def test_meta_values(backend):
    store = await backend.open()
    assert await store.meta_get("x") is None
    await store.meta_set("x", "1")
    await store.meta_set("x", "2")
    assert await store.meta_get("x") == "2"
    await store.close()
