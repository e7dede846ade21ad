"""Store throughput under load, for the benchmark (``bench/run.py``'s
``store`` and ``store_postgres`` sections): many games moving at once, two
stores on the same database standing for two bot processes, every save
through the version check. Knows nothing of games: states are opaque JSON
of a realistic size.

Each game has one mover per store, as each bot process lets one command at
a time save a given game; the two movers of a game race, and the loser of a
race reloads and resends (the table service's retry). At the end the log of
every game is compared with what was acknowledged: ``lost_updates`` counts
acknowledged moves missing from the log, ``doubled`` versions acknowledged
twice or logged twice.

    python -m storage.loadtest SETTING [--games 100] [--seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

from storage.connect import open_store
from storage.kinds import LogKind
from storage.store import Store, VersionConflict


async def _mover(store: Store, game_id: int, name: str, state: str, deadline: float, acked: list,
                 counts: dict) -> None:
    i = 0
    while time.perf_counter() < deadline:
        row = await store.game(game_id)
        if row is None:
            raise LookupError(f"game {game_id} is gone")
        try:
            version = await store.record(game_id, row.version, state=state, kind=LogKind.MOVE, seat=i % 4, user_id=1,
                                         text=f"{name}-{i}", barrier=False, events=["moved"], now=time.time(),
                                         to_act=[(i + 1) % 4], scores=[i, 0, 0, 0])
        except VersionConflict:
            counts["conflicts"] += 1
            continue
        except Exception as exc:       # the store gave up (e.g. a lock timeout): counted, never acknowledged
            counts["errors"] += 1
            counts["first_error"] = counts["first_error"] or f"{type(exc).__name__}: {exc}"
            continue
        acked.append((game_id, version, f"{name}-{i}"))
        i += 1


async def measure(setting: str | Path, *, games: int = 100, seconds: float = 5.0, stores: int = 2,
                  state_bytes: int = 4000, pool_size: int = 10) -> dict:
    """Run the load on a fresh database named by ``setting`` (a file path or a
    PostgreSQL URL); return the figures."""
    opened = [await open_store(setting, pool_size=pool_size) for _ in range(stores)]
    try:
        first = opened[0]
        base = 10_000_000 + int(time.time() * 1000) % 1_000_000 * 100   # channels unused by earlier runs
        ids = [(await first.create_game(guild_id=1, channel_id=base + g, key="load", options={}, seed=g,
                                        creator_id=1, creator_name="load", now=time.time())).id
               for g in range(games)]
        state = json.dumps({"board": "x" * max(0, state_bytes - 20)})
        acked: list[tuple[int, int, str]] = []
        counts = {"conflicts": 0, "errors": 0, "first_error": ""}
        started, cpu = time.perf_counter(), time.process_time()
        deadline = started + seconds
        await asyncio.gather(*[_mover(store, game_id, f"s{n}", state, deadline, acked, counts)
                               for game_id in ids for n, store in enumerate(opened)])
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        lost = doubled = 0
        by_game: dict[int, list[tuple[int, str]]] = {}
        for game_id, version, text in acked:
            by_game.setdefault(game_id, []).append((version, text))
        for game_id in ids:
            logged = {(e.version, e.text) for e in await first.log(game_id)}
            mine = by_game.get(game_id, [])
            lost += sum(1 for entry in mine if entry not in logged)
            versions = [v for v, _ in mine]
            doubled += len(versions) - len(set(versions))
        return {"backend": first.kind, "moves_per_s": round(len(acked) / elapsed, 1), "lost_updates": lost,
                "doubled": doubled, "moves": len(acked), "conflicts": counts["conflicts"], "errors": counts["errors"],
                "first_error": counts["first_error"], "games": games,
                "stores": stores, "seconds": round(elapsed, 2), "state_bytes": len(state),
                "saves_per_batch": round(sum(s.db.saves.saved for s in opened)
                                         / max(1, sum(s.db.saves.batches for s in opened)), 1),
                # this process's CPU per acknowledged move (the client's cost, whatever else loads the machine)
                "client_cpu_ms_per_move": round(1000 * cpu / max(1, len(acked)), 3)}
    finally:
        for store in opened:
            await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("setting", help="a database file path or a postgresql:// URL (use a fresh one)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.setting, games=args.games, seconds=args.seconds))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
