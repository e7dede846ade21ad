"""No lost update: hundreds of concurrent writers on one real database file
(several Store connections, several services, many games) never lose,
double or reorder a move."""

from __future__ import annotations

import asyncio

from bot.table import Actor, Place, TableService
from bot.table.movelog import effective_moves, replay
from rules import registry
from storage.store import Store

GAMES = 6
CONNECTIONS = 4
WRITERS_PER_GAME = 40     # 240 writers in all, each trying a few moves


async def _setup(service: TableService, channel: int) -> tuple[Place, list[Actor]]:
    place = Place(channel_id=channel, guild_id=1)
    people = [Actor(channel * 10 + i, f"P{channel}-{i}") for i in range(3)]
    await service.new_game(place, people[0], "pebbles", seed=channel)
    for p in people[1:]:
        await service.join(place, p)
    reply = await service.start(place, people[0])
    assert reply.ok, reply.text
    return place, people, reply.version


async def test_hundreds_of_concurrent_writers(db_path, clock):
    stores = [await Store.open(db_path) for _ in range(CONNECTIONS)]
    services = [TableService(s, clock, render_images=False) for s in stores]
    try:
        tables = [await _setup(services[0], 500 + g) for g in range(GAMES)]
        acked: dict[int, list[tuple[int, str]]] = {}   # channel -> (version, notation) acknowledged

        async def writer(w: int, place: Place, people: list[Actor], _start: int) -> None:
            service = services[w % CONNECTIONS]
            for attempt in range(8):   # enough tries that every game sees play, however the writers interleave
                actor = people[(w + attempt) % len(people)]
                legal = await service.legal(place, actor)
                if not legal:
                    await asyncio.sleep(0)
                    continue
                notation = legal[(w * 7 + attempt) % len(legal)].notation
                reply = await service.move(place, actor, notation)
                if reply.ok and reply.version is not None:
                    acked.setdefault(place.channel_id, []).append((reply.version, notation))

        jobs = [writer(w, *table) for table in tables
                for w in range(WRITERS_PER_GAME)]
        assert len(jobs) >= 200
        await asyncio.gather(*jobs)

        game = registry.get("pebbles")
        store = stores[-1]
        total = 0
        for place, _people, start in tables:
            row = await store.latest_game_in(place.channel_id)
            log = await store.log(row.id)
            versions = [e.version for e in log]
            assert versions == list(range(start + 1, row.version + 1)), "log versions contiguous from the start"
            assert row.version == (log[-1].version if log else 1)
            moves = [e for e in log if e.kind == "move"]
            total += len(moves)
            # every acknowledged move is in the log exactly once, at its version
            by_version = {e.version: e for e in log}
            for version, _notation in acked.get(place.channel_id, []):
                assert version in by_version
            acked_versions = [v for v, _ in acked.get(place.channel_id, [])]
            assert len(acked_versions) == len(set(acked_versions)), "two acknowledgements for one version"
            # the stored state is exactly the replay of the log
            seats = await store.seats(row.id)
            state = replay(game, len(seats), row.seed, row.options, effective_moves(log))
            assert game.dump(state) == row.state
        assert total > GAMES * 5, "the writers really played"
    finally:
        for s in stores:
            await s.close()


async def test_same_move_sent_twice_at_once_applies_once(db_path, clock):
    stores = [await Store.open(db_path) for _ in range(2)]
    a, b = (TableService(s, clock, render_images=False) for s in stores)
    try:
        place, people, _ = await _setup(a, 700)
        before = await stores[0].latest_game_in(700)
        replies = await asyncio.gather(*[svc.move(place, people[0], "take 1") for svc in (a, b) for _ in range(5)])
        assert sum(r.ok for r in replies) == 1, [r.text for r in replies]
        row = await stores[1].latest_game_in(700)
        assert row.version == before.version + 1
        assert [e.text for e in await stores[1].log(row.id)] == ["take 1"]
    finally:
        for s in stores:
            await s.close()
