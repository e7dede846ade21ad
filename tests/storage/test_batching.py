"""Saves written in batches (storage.batching) on both backends: each save of
a batch applies or fails on its own, two saves of one game in one batch never
both apply, reads asked at once are answered by one query and always see the
writes before them, and every SNAPSHOT_EVERY-th state is kept for undo."""

from __future__ import annotations

import asyncio

import pytest

from storage.errors import ConstraintViolation
from storage.store import SNAPSHOT_EVERY, VersionConflict


async def _games(store, n, first_channel=100):
    return [await store.create_game(guild_id=1, channel_id=first_channel + i, key="clans", options={}, seed=i,
                                    creator_id=1, creator_name="Ann", now=1.0) for i in range(n)]


def _save(store, game_id, version, text, kind="move"):
    return store.record(game_id, version, state=f'{{"t": "{text}"}}', kind=kind, seat=0, user_id=1, text=text,
                        barrier=False, events=[], now=2.0, to_act=[1], scores=[3, 4])


async def test_saves_of_many_games_at_once_go_in_few_batches(store):
    games = await _games(store, 40)
    batches_before = store.db.saves.batches
    versions = await asyncio.gather(*[_save(store, g.id, g.version, f"m{g.id}") for g in games])
    assert versions == [g.version + 1 for g in games]
    assert store.db.saves.batches - batches_before < 40, "saves queued together share a transaction"
    for g in games:
        assert [e.text for e in await store.log(g.id)] == [f"m{g.id}"]
        assert (await store.game(g.id)).state == f'{{"t": "m{g.id}"}}'


async def test_two_saves_of_one_game_at_once_apply_once_and_spare_the_others(store):
    games = await _games(store, 5)
    target = games[2]
    outcomes = await asyncio.gather(
        *[_save(store, g.id, g.version, f"a{g.id}") for g in games],
        _save(store, target.id, target.version, "rival"), return_exceptions=True)
    conflicts = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(conflicts) == 1
    assert [e.text for e in await store.log(target.id)] in (["a" + str(target.id)], ["rival"])
    for g in games:
        if g.id != target.id:
            assert len(await store.log(g.id)) == 1


async def test_a_save_that_breaks_a_rule_fails_alone(store):
    games = await _games(store, 6)
    outcomes = await asyncio.gather(*[_save(store, g.id, g.version, f"ok{g.id}") for g in games[:5]],
                                    _save(store, games[5].id, games[5].version, "bad", kind="nonsense"),
                                    return_exceptions=True)
    assert outcomes[:5] == [g.version + 1 for g in games[:5]]
    assert isinstance(outcomes[5], ConstraintViolation)
    assert await store.log(games[5].id) == [] and (await store.game(games[5].id)).version == games[5].version
    for g in games[:5]:
        assert [e.text for e in await store.log(g.id)] == [f"ok{g.id}"]


async def test_a_read_after_a_save_sees_it(store):
    (game,) = await _games(store, 1)
    version = game.version
    for i in range(30):
        readers = [asyncio.create_task(store.game(game.id)) for _ in range(5)]
        version = await _save(store, game.id, version, f"s{i}")
        seen = await asyncio.gather(store.game(game.id), *readers)
        assert seen[0].version == version, "a read asked after the save returned sees the save"
        assert all(r.version in (version - 1, version) for r in seen[1:])


async def test_summary_columns_and_snapshots_are_written_with_the_save(store):
    (game,) = await _games(store, 1)
    version = game.version
    for i in range(SNAPSHOT_EVERY + 3):
        version = await _save(store, game.id, version, f"s{i}")
    (summary,) = await store.summaries(1, ("lobby", "active"))
    assert summary.to_act == [1] and summary.scores == [3, 4]
    assert await store.snapshots(game.id, version) == [(SNAPSHOT_EVERY, f'{{"t": "s{SNAPSHOT_EVERY - 1}"}}')]
    assert await store.snapshots(game.id, SNAPSHOT_EVERY - 1) == []


@pytest.mark.parametrize("racers", [2])
async def test_two_stores_racing_in_batches_lose_nothing(backend, racers):
    stores = [await backend.open() for _ in range(racers)]
    try:
        games = await _games(stores[0], 20, first_channel=300)
        acked: list[tuple[int, int, str]] = []

        async def mover(store, game_id, name):
            for i in range(15):
                while True:
                    row = await store.game(game_id)
                    try:
                        v = await _save(store, game_id, row.version, f"{name}{i}")
                    except VersionConflict:
                        continue
                    acked.append((game_id, v, f"{name}{i}"))
                    break

        await asyncio.gather(*[mover(s, g.id, f"p{n}-") for g in games for n, s in enumerate(stores)])
        for g in games:
            log = await stores[0].log(g.id)
            assert [e.version for e in log] == list(range(1, 15 * racers + 1)), "no gap, nothing doubled"
            mine = {(v, t) for gid, v, t in acked if gid == g.id}
            assert mine == {(e.version, e.text) for e in log}, "every acknowledged save is logged, as told"
    finally:
        for s in stores:
            await s.close()
