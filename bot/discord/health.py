"""A health line in the log every few minutes, for whoever runs the bot:
games in play, moves per minute (all processes: read from the move log),
work waiting in this process (status edits held back, asyncio tasks), its
memory, its shards and gateway latency. Nothing secret goes in it: no token,
no database address."""

from __future__ import annotations

import asyncio
import logging
import math
import resource
import time
from pathlib import Path

from discord.ext import tasks

log = logging.getLogger("hearth.health")

HEALTH_MINUTES = 5.0


def memory_mb() -> float:
    """This process's resident memory (Linux: now; elsewhere: its peak)."""
    statm = Path("/proc/self/statm")
    if statm.exists():
        pages = int(statm.read_text().split()[1])
        return pages * resource.getpagesize() / 2**20
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Health:
    def __init__(self, client) -> None:
        self.client = client
        self._moves: tuple[float, int] | None = None    # (when, the move log's last id) at the last line

    async def line(self) -> str:
        store = self.client.service.store
        games = (await store.fetch_one("SELECT COUNT(*) FROM games WHERE status = 'active'"))[0]
        last_id = (await store.fetch_one("SELECT COALESCE(MAX(id), 0) FROM moves"))[0]
        now = time.monotonic()
        if self._moves is None or now <= self._moves[0]:
            per_minute = "—"
        else:
            per_minute = f"{(last_id - self._moves[1]) * 60 / (now - self._moves[0]):.1f}"
        self._moves = (now, last_id)
        edits = getattr(self.client, "status_edits", None)
        latency = getattr(self.client, "latency", float("nan"))
        plan = getattr(self.client, "shard_plan", None)
        return (f"health: {games} games in play, {per_minute} moves/min, "
                f"queue {edits.queued if edits else 0} status edits / {len(asyncio.all_tasks())} tasks, "
                f"memory {memory_mb():.0f} MB, {plan.describe() if plan else 'all shards'}, "
                f"latency {'—' if not math.isfinite(latency) else f'{latency * 1000:.0f} ms'}")


def start_health_loop(client) -> tasks.Loop:
    health = Health(client)

    @tasks.loop(minutes=HEALTH_MINUTES)
    async def report() -> None:
        try:
            log.info(await health.line())
        except Exception:  # noqa: BLE001 - a failed report must not stop the next
            log.exception("health line failed")

    @report.before_loop
    async def wait_ready() -> None:
        await client.wait_until_ready()

    report.start()
    return report
