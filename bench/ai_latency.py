"""How fast one table answers while another table's ``hard`` AI searches (issue 29, point 3).

    python -m bench.ai_latency [--commands 60] [--gap 0.05] [--json]

One table service on a temporary SQLite file holds two tables: table A (Clans, two people)
and table B (Carcassonne, a person against a ``hard`` AI). Three runs, each sending table A
the same commands one after another (``/game status``, ``/move`` autocomplete, ``/board``
with its image), ``--gap`` seconds apart, and timing each reply (its first response):

- ``idle``: nothing else runs;
- ``thread``: table B's ``hard`` AI searches again and again meanwhile, in a worker *thread*
  of the bot's process (``asyncio.to_thread``, how the bot searched before), sharing the
  interpreter lock with the event loop;
- ``pool``: the same searches in the worker *processes* of :mod:`bot.table.ai_pool` (now).

Prints p50, p95 and max of the reply times per run, and how many searches ended meanwhile.
A benchmark, not a test: on a shared machine the figures carry its load (``--json`` gives
``os.getloadavg()`` at the start and end).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ai import decide
from bot.table import Actor, Place, TableService, ai_seats
from bot.table.ai_pool import AiPool
from storage.store import Store

ANN, BOB = Actor(1, "Ann"), Actor(2, "Bob")
TABLE_A, TABLE_B = Place(101, 10), Place(102, 10)


class ThreadSearch:
    """The old way: the search in a thread of the bot's process (same signature as ``AiPool.decide``)."""

    async def decide(self, game, state, seat, seats, level, seed, *, iterations, seconds):
        return await asyncio.to_thread(decide, game, state, seat, seats, level, seed,
                                       iterations=iterations, seconds=seconds)

    def shutdown(self) -> None:
        pass


def _pct(values: list[float], pct: int) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * pct // 100) - 1))]


async def _tables(service: TableService):
    await service.new_game(TABLE_A, ANN, "clans", seed=5)
    await service.join(TABLE_A, BOB)
    await service.start(TABLE_A, ANN, "join")
    await service.new_game(TABLE_B, ANN, "carcassonne_hg", seed=6, ai=1, level="hard")
    await service.start(TABLE_B, ANN, "join")
    row = await service.store.open_game_in(TABLE_B.channel_id)
    game = service.context.game_of(row)
    return row, await service.store.seats(row.id), game, service.context.state_of(row)


async def _commands(service: TableService, count: int, gap: float) -> list[float]:
    row = await service.store.open_game_in(TABLE_A.channel_id)
    state = service.context.state_of(row)
    acting = service.context.game_of(row).to_act(state)[0]
    who = ANN if acting == 0 else BOB
    times = []
    for i in range(count):
        started = time.perf_counter()
        kind = i % 3
        if kind == 0:
            reply = await service.status(TABLE_A, who)
            assert reply.ok, reply.text
        elif kind == 1:
            assert await service.legal(TABLE_A, who, "1")
        else:
            reply = await service.board(TABLE_A, who)
            assert reply.ok and reply.image, reply.text
        times.append(time.perf_counter() - started)
        await asyncio.sleep(gap)
    return times


async def _run(mode: str, count: int, gap: float, workdir: Path) -> dict:
    store = await Store.open(workdir / f"{mode}.db")
    service = TableService(store)
    searcher = {"thread": ThreadSearch(), "pool": AiPool()}.get(mode)
    saved = ai_seats.POOL
    searches = 0
    try:
        row, seats, game, state = await _tables(service)
        seat = game.to_act(state)[0]
        if searcher is not None:
            ai_seats.POOL = searcher
            # the pool's first use starts its workers: not what a command waits for in a running bot
            await ai_seats.ai_decision(game, row, seats, state, seat, "easy")
        await _commands(service, 6, gap)          # warm caches (fonts, images) in every run alike
        stop = asyncio.Event()

        async def search_forever() -> None:
            nonlocal searches
            while not stop.is_set():
                await ai_seats.ai_decision(game, row, seats, state, seat, "hard", version=row.version + searches)
                searches += 1

        searching = asyncio.create_task(search_forever()) if searcher is not None else None
        await asyncio.sleep(0.5 if searcher is not None else 0)   # the search is under way
        times = await _commands(service, count, gap)
        stop.set()
        if searching is not None:
            await searching
    finally:
        ai_seats.POOL = saved
        if searcher is not None:
            searcher.shutdown()
        await store.close()
    return {"p50_ms": round(1000 * statistics.median(times), 1), "p95_ms": round(1000 * _pct(times, 95), 1),
            "max_ms": round(1000 * max(times), 1), "commands": len(times), "hard_searches": searches}


async def measure(count: int, gap: float) -> dict:
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        runs = {mode: await _run(mode, count, gap, Path(tmp)) for mode in ("idle", "thread", "pool")}
    return {"runs": runs, "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_latency", description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=60)
    parser.add_argument("--gap", type=float, default=0.05, help="seconds between two commands")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = asyncio.run(measure(args.commands, args.gap))
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"table A's replies while table B's hard AI searches ({args.commands} commands, {args.gap} s apart; "
          f"load {report['load_before']} -> {report['load_after']})")
    print(f"{'run':<8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'hard searches':>14}")
    for mode, r in report["runs"].items():
        print(f"{mode:<8} {r['p50_ms']:>8} {r['p95_ms']:>8} {r['max_ms']:>8} {r['hard_searches']:>14}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
