"""The same store on SQLite and on PostgreSQL: the append-only log, cascades,
migrations run once by processes starting together, paged reads for backup
and verify, the summary columns of the lists, and the async-play rows."""

from __future__ import annotations

import asyncio
import json

import pytest

from storage.async_tables import AsyncTables, Offer, Settings, Timer
from storage.migrations import MIGRATIONS, POSTGRES_MIGRATIONS
from storage.store import ConstraintViolation, NotSupported, SeatRow


async def _game(store, channel=1, guild=9, creator=10):
    return await store.create_game(guild_id=guild, channel_id=channel, key="clans", options={}, seed=5,
                                   creator_id=creator, creator_name=f"U{creator}", now=1.0)


async def _start(store, game, seats=((10, "Ann"), (11, "Bob")), **summary):
    return await store.start(game.id, game.version, [SeatRow(i, uid, name, False) for i, (uid, name) in
                                                     enumerate(seats)], state="{}", now=2.0, **summary)


def test_every_migration_has_a_text_for_each_backend():
    assert len(POSTGRES_MIGRATIONS) == len(MIGRATIONS) and all(POSTGRES_MIGRATIONS)


async def test_the_log_is_append_only_whoever_asks(store):
    game = await _game(store)
    await store.record(game.id, 0, state="{}", kind="move", seat=0, user_id=10, text="a", barrier=False,
                       events=[], now=2)
    for sql in ("UPDATE moves SET text = 'x'", "DELETE FROM moves"):
        with pytest.raises(ConstraintViolation, match="append-only"):
            async with store.transaction() as tx:
                await tx.execute(sql)
    assert [e.text for e in await store.log(game.id)] == ["a"]


async def test_deleting_a_game_takes_its_rows_with_it(store):
    game = await _game(store)
    await store.record(game.id, 0, state="{}", kind="move", seat=0, user_id=10, text="a", barrier=False,
                       events=[], now=2)
    await AsyncTables(store).set_nudge(game.id, 10, 5.0)
    async with store.transaction() as tx:
        assert await tx.execute("DELETE FROM games WHERE id = ?", (game.id,)) == 1
    for table in ("moves", "seats", "nudges"):
        assert (await store.fetch_one(f"SELECT COUNT(*) FROM {table}"))[0] == 0


async def test_a_failed_transaction_leaves_nothing(store):
    game = await _game(store)
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await tx.execute("UPDATE games SET state = ? WHERE id = ?", ("changed", game.id))
            raise RuntimeError("half-way")
    assert (await store.game(game.id)).state is None


async def test_processes_starting_together_migrate_once(backend):
    stores = await asyncio.gather(*[backend.open() for _ in range(4)])
    try:
        assert {await s.schema_version() for s in stores} == {len(MIGRATIONS)}
        await _game(stores[0])
        assert (await stores[3].open_game_in(1)) is not None
    finally:
        for s in stores:
            await s.close()


async def test_each_game_reads_every_game_in_pages(store):
    games = [await _game(store, channel=c) for c in range(7)]
    for g in games[:5]:
        await _start(store, g)
    await store.set_status(games[1].id, 1, "finished", 3.0)
    ids = await store.game_ids(("active", "finished"), limit=2)
    assert ids == [games[0].id, games[1].id]
    assert await store.game_ids(("active", "finished"), after_id=ids[-1], limit=2) == [games[2].id, games[3].id]
    seen = [row.id async for row in store.each_game(("active", "finished"), page_size=2)]
    assert seen == [g.id for g in games[:5]]
    assert [row.status async for row in store.each_game(("lobby",), page_size=2)] == ["lobby", "lobby"]


async def test_summaries_are_kept_at_each_save_and_read_paged(store):
    a, b, c = [await _game(store, channel=ch, guild=g) for ch, g in ((1, 9), (2, 9), (3, 8))]
    await _start(store, a, to_act=[0], scores=[0, 0])
    await _start(store, b, seats=((12, "Cid"), (10, "Ann")), to_act=[1], scores=[3, 4])
    await _start(store, c, seats=((13, "Dan"), (14, "Eve")))
    v = await store.record(a.id, 1, state="{}", kind="move", seat=0, user_id=10, text="m", barrier=False,
                           events=[], now=7.0, to_act=[1], scores=[2, 0])
    assert v == 2
    await store.record(c.id, 1, state="{}", kind="move", seat=0, user_id=13, text="m", barrier=False,
                       events=[], now=8.0, turn_changed=False)

    first = await store.summaries(9, ("active",), limit=1)
    assert [(s.id, s.to_act, s.scores, s.turn_started_at) for s in first] == [(a.id, [1], [2, 0], 7.0)]
    assert [s.name for s in first[0].seats] == ["Ann", "Bob"]
    rest = await store.summaries(9, ("active",), after_id=first[-1].id, limit=5)
    assert [(s.id, s.to_act, s.scores) for s in rest] == [(b.id, [1], [3, 4])]
    everywhere = await store.summaries(None, ("active",), limit=10)
    assert [s.id for s in everywhere] == [a.id, b.id, c.id]
    assert (everywhere[2].to_act, everywhere[2].scores, everywhere[2].turn_started_at) == (None, None, 2.0)

    mine = await store.summaries_of_user(10, ("active",), limit=10)
    assert [(s.id, s.channel_id) for s in mine] == [(a.id, 1), (b.id, 2)]
    assert await store.summaries_of_user(10, ("active",), after_id=b.id) == []
    assert await store.summaries_of_user(99) == []


async def test_latest_game_prefers_the_open_one_then_the_last_ended(store):
    old = await _game(store)
    await store.set_status(old.id, 0, "abandoned", 2.0)
    newer = await _game(store)
    await store.set_status(newer.id, 0, "abandoned", 3.0)
    assert (await store.latest_game_in(1)).id == newer.id
    current = await _game(store)
    assert (await store.latest_game_in(1)).id == current.id
    assert await store.latest_game_in(2) is None


async def test_announced_never_moves_backwards(store):
    game = await _game(store)
    await _start(store, game)
    await store.mark_announced(game.id, 5)
    await store.mark_announced(game.id, 3)
    assert (await store.game(game.id)).announced == 5


async def test_backup_of_postgresql_says_to_use_pg_dump(postgres_server, tmp_path):
    from storage import open_store

    store = await open_store(await postgres_server.create_database())
    try:
        with pytest.raises(NotSupported, match="pg_dump"):
            await store.backup(tmp_path / "copy.db")
    finally:
        await store.close()
    assert not (tmp_path / "copy.db").exists()


async def test_big_discord_ids_and_times_survive_the_round_trip(store):
    guild, channel, user = 1_234_567_890_123_456_789, 987_654_321_098_765_432, 876_543_210_987_654_321
    game = await store.create_game(guild_id=guild, channel_id=channel, key="clans", options={"x": "1"},
                                   seed=2**47 + 3, creator_id=user, creator_name="Ann", now=1_700_000_000.123456)
    row = await store.open_game_in(channel)
    assert (row.guild_id, row.channel_id, row.creator_id, row.seed) == (guild, channel, user, 2**47 + 3)
    assert row.created_at == 1_700_000_000.123456
    assert (await store.seats(game.id))[0].user_id == user
    tables = AsyncTables(store)
    await tables.set_status_message(game.id, channel + 1)
    assert (await tables.settings(game.id)).status_message == channel + 1


# ------------------------------------------------------------- async-play rows


async def test_settings_and_preferences(store):
    tables, game = AsyncTables(store), await _game(store)
    assert await tables.settings(game.id) == Settings()
    await tables.save_settings(game.id, deadline_hours=48, policy="auto")
    assert await tables.settings(game.id) == Settings(24.0, 48.0, "auto", 7.0, None)
    await tables.set_status_message(game.id, 777)
    await tables.save_settings(game.id, reminder_hours=6)
    assert await tables.settings(game.id) == Settings(6.0, 48.0, "auto", 7.0, 777)
    assert await tables.notify_mode(10) == "channel"
    await tables.set_notify_mode(10, "dm")
    await tables.set_notify_mode(10, "both")
    assert await tables.notify_mode(10) == "both"
    assert await tables.guild_locale(9) is None and await tables.guild_locale(None) is None
    await tables.set_guild_locale(9, "fr")
    assert await tables.guild_locale(9) == "fr"
    await tables.set_vacation(game.id, 10, 3600.0, 99.5)
    assert await tables.vacation(game.id, 10) == (3600.0, 99.5)
    assert await tables.last_nudge(game.id, 10) is None
    await tables.set_nudge(game.id, 10, 12.5)
    assert await tables.last_nudge(game.id, 10) == 12.5


async def test_a_due_timer_is_claimed_exactly_once(backend):
    a, b = await backend.open(), await backend.open()
    try:
        game = await _game(a)
        old = Timer(game.id, 100.0, 200.0, 0, None, None)
        await AsyncTables(a).put_timer(old)
        new = Timer(game.id, 100.0, 300.0, 1, None, None)
        claims = await asyncio.gather(*[AsyncTables(s).claim_timer(old, new) for s in (a, b) for _ in range(5)])
        assert sum(claims) == 1
        assert await AsyncTables(b).timer(game.id) == new
        # NULLs compare equal to NULLs, and a changed field refuses the claim
        assert not await AsyncTables(a).claim_timer(Timer(game.id, 100.0, 300.0, 1, 5.0, None), old)
        assert await AsyncTables(a).claim_timer(new, Timer(game.id, 100.0, None, 2, 250.5, 400.0))
        later = Timer(game.id, 100.0, None, 2, 250.5, 400.0)
        assert await AsyncTables(a).claim_timer(later, Timer(game.id, 100.0, None, 3, None, None))
        await AsyncTables(a).drop_timer(game.id)
        assert await AsyncTables(a).timer(game.id) is None
    finally:
        await a.close()
        await b.close()


async def test_a_seat_is_handed_over_once(backend):
    a, b = await backend.open(), await backend.open()
    try:
        game = await _game(a)
        await _start(a, game)
        first = Offer(game.id, 1, 11, 20, "Zoe", 5.0)
        await AsyncTables(a).put_offer(first)
        offer = Offer(game.id, 1, 11, 21, "Yan", 6.0)
        await AsyncTables(a).put_offer(offer)          # a new offer for the seat replaces the old
        assert await AsyncTables(b).offer(game.id, 1) == offer
        assert await AsyncTables(b).offers_to(game.id, 21) == [offer]
        taken = await asyncio.gather(*[AsyncTables(s).take_seat(offer, 9.0) for s in (a, b) for _ in range(3)])
        assert sum(taken) == 1
        assert [(s.user_id, s.name) for s in await b.seats(game.id)] == [(10, "Ann"), (21, "Yan")]
        assert await AsyncTables(a).offer(game.id, 1) is None
        assert not await AsyncTables(a).take_seat(first, 10.0), "a withdrawn offer gives nothing"
    finally:
        await a.close()
        await b.close()


async def test_json_columns_round_trip(store):
    game = await _game(store)
    await _start(store, game)
    result = {"ranking": [1, 0], "scores": {"0": 3.5}}
    await store.record(game.id, 1, state=json.dumps({"é": "🦣"}), kind="move", seat=1, user_id=11, text="x",
                       barrier=True, events=["e1", "e2"], now=3.0, status="finished", result=result,
                       public_text="sealed")
    row = await store.game(game.id)
    assert (row.status, row.result, json.loads(row.state)) == ("finished", result, {"é": "🦣"})
    (entry,) = await store.log(game.id)
    assert (entry.barrier, entry.events, entry.shown) == (True, ["e1", "e2"], "sealed")


async def test_four_processes_opening_a_new_sqlite_file_at_once_all_succeed(tmp_path):
    """The switch to WAL is raced by every opener of a new file; SQLite answers the loser "database
    is locked" at once (no busy timeout): it must try again, not fail (it did about 1 time in 10)."""
    from storage.store import Store
    for attempt in range(20):
        stores = await asyncio.gather(*[Store.open(tmp_path / f"new{attempt}.db") for _ in range(4)])
        try:
            assert {await s.schema_version() for s in stores} == {len(MIGRATIONS)}
        finally:
            for s in stores:
                await s.close()
