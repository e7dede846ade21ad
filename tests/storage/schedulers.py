"""One process of the scheduler test (tests/storage/test_scheduler_leases.py):
it opens its own store and table service on the database it is given, with
the table's clock at NOW, and when told "go" on stdin runs one pass of the
reminder scheduler, printing ``sent GAME_ID`` for each reminder it posts.
With DIE_AFTER >= 0 it dies hard (``os._exit``: no clean-up, its leases left
held, its connections cut) when about to post one more than that.

    python -m tests.storage.schedulers TARGET NOW DIE_AFTER
"""

from __future__ import annotations

import asyncio
import os
import sys

from bot.table import TableService
from bot.table.clock import ManualClock
from rules import registry
from storage import open_store


async def main(target: str, now: float, die_after: int) -> None:
    registry.register("pebbles", "tests.pebbles")
    store = await open_store(target)
    service = TableService(store, ManualClock(now), render_images=False)
    sent = 0

    async def send(reply) -> bool:
        nonlocal sent
        if 0 <= die_after <= sent:
            os._exit(9)                  # the process is killed before this post goes out
        print(f"sent {reply.game_id}", flush=True)
        sent += 1
        await asyncio.sleep(0)
        return True

    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    await service.reminders.deliver(send)
    print(f"done {sent}", flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), int(sys.argv[3])))
