"""One process of the movers test (tests/storage/test_concurrency.py): it
opens its own store on the database it is given, starts N movers on one
game when told "go" on stdin, and prints what was acknowledged to it.

Each mover sends one move (its own name) at the version it loaded; on
VersionConflict (the other process saved first) it loads again and resends.
Like the table service, a process lets one of its movers at a time load and
save a given game (an asyncio lock per game): the 250 movers of a process
queue there, and the store's version check is what stands between the two
processes. (Movers racing without that lock: test_store.py's
test_concurrent_writers_never_lose_or_double.)
Output: one JSON line, {"acked": [[version, name], …], "conflicts": n}.

    python -m tests.storage.movers TARGET GAME_ID MOVERS TAG
"""

from __future__ import annotations

import asyncio
import json
import sys

from storage import open_store
from storage.store import Store, VersionConflict


async def move_until_applied(store: Store, lock: asyncio.Lock, game_id: int, name: str,
                             counts: dict) -> tuple[int, str]:
    while True:
        async with lock:
            row = await store.game(game_id)
            try:
                version = await store.record(game_id, row.version, state=json.dumps({"last": name}), kind="move",
                                             seat=0, user_id=1, text=name, barrier=False, events=[], now=1.0)
                return version, name
            except VersionConflict:
                counts["conflicts"] += 1
        await asyncio.sleep(0)


async def run_movers(store: Store, game_id: int, movers: int, tag: str) -> dict:
    counts = {"conflicts": 0}
    lock = asyncio.Lock()
    acked = await asyncio.gather(*[move_until_applied(store, lock, game_id, f"{tag}-{i}", counts)
                                   for i in range(movers)])
    return {"acked": [list(a) for a in acked], "conflicts": counts["conflicts"]}


async def main(target: str, game_id: int, movers: int, tag: str) -> None:
    store = await open_store(target, pool_size=10)
    try:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        print(json.dumps(await run_movers(store, game_id, movers, tag)), flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
