"""Two schedulers (two processes: each its own store and table service) on
one database, real SQLite file or real PostgreSQL: every due reminder is
sent exactly once; when one dies mid-way, the other sends what it had
leased once its leases expire — in one process (a scheduler that stops
mid-way) and as real processes, one killed hard (``os._exit``). The clock is
the table's, advanced by hand: no test sleeps."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path

import pytest

from bot.table import Actor, Place, TableService
from bot.table.clock import ManualClock
from bot.table.reminders import LEASE_BATCH, LEASE_SECONDS
from rules import registry
from storage.leases import game_lease

ROOT = Path(__file__).resolve().parents[2]
GAMES = 200
DIES_AFTER = 5                     # the killed process dies within its first batch of leases
H = 3600.0
ANN, BOB = Actor(1, "Ann"), Actor(2, "Bob")


class ProcessDied(BaseException):
    """What a killed process does to its scheduler: it stops, cleaning nothing up."""


@pytest.fixture(autouse=True)
def pebbles():
    registry.register("pebbles", "tests.pebbles")
    yield
    registry.unregister("pebbles")


async def due_reminders(backend, clock) -> list[int]:
    """``GAMES`` games in play, each with Ann's reminder due now; their ids."""
    store = await backend.open()
    try:
        service = TableService(store, clock, render_images=False)
        for channel in range(1000, 1000 + GAMES):
            place = Place(channel_id=channel, guild_id=10)
            await service.new_game(place, ANN, "pebbles", seed=1)
            await service.join(place, BOB)
            await service.start(place, ANN, "join")
        ids = sorted(r.id for r in await store.games(None, ("active",)))
    finally:
        await store.close()
    clock.advance(25 * H)     # the table's default reminder is 24 h
    return ids


class Scheduler:
    """One process: its store, its table, and the notices it posted."""

    def __init__(self, store, clock, posted: list[int], die_after: int | None = None) -> None:
        self.store = store
        self.service = TableService(store, clock, render_images=False)
        self.posted = posted
        self.die_after = die_after
        self.sent = 0

    async def send(self, reply) -> bool:
        if self.die_after is not None and self.sent >= self.die_after:
            raise ProcessDied
        await asyncio.sleep(0)            # a post takes a trip: let the other process run
        assert reply.text.startswith("⏰ Reminder: Ann")
        self.posted.append(reply.game_id)
        self.sent += 1
        return True

    async def run(self) -> int:
        return await self.service.reminders.deliver(self.send)


async def test_two_schedulers_send_each_due_reminder_exactly_once(backend):
    clock = ManualClock(1_700_000_000.0)
    ids = await due_reminders(backend, clock)
    posted: list[int] = []
    stores = [await backend.open() for _ in range(2)]
    try:
        a, b = (Scheduler(s, clock, posted) for s in stores)
        counts = await asyncio.gather(a.run(), b.run())
        assert sorted(posted) == ids, "every reminder sent, none twice"
        assert sum(counts) == GAMES and all(counts), "both processes took a share"
        assert await a.run() == 0 and await b.run() == 0, "nothing is due any more"
    finally:
        for s in stores:
            await s.close()


async def test_a_dead_schedulers_reminders_are_sent_by_the_other_after_its_leases_expire(backend):
    clock = ManualClock(1_700_000_000.0)
    ids = await due_reminders(backend, clock)
    posted: list[int] = []
    stores = [await backend.open() for _ in range(2)]
    try:
        dying = Scheduler(stores[0], clock, posted, die_after=LEASE_BATCH + 5)
        with pytest.raises(ProcessDied):
            await dying.run()
        held = [i for i in ids if await dying.service.reminders.leases.holder(game_lease(i), clock.now())]
        assert len(held) == LEASE_BATCH - 5, "the dead process still holds the rest of its batch"
        assert not set(held) & set(posted)

        survivor = Scheduler(stores[1], clock, posted)
        assert await survivor.run() == GAMES - dying.sent - len(held), "everything but the dead process's leases"
        assert set(ids) - set(posted) == set(held)
        clock.advance(LEASE_SECONDS / 2)
        assert await survivor.run() == 0, "a lease not yet expired is left alone"
        clock.advance(LEASE_SECONDS / 2)
        assert await survivor.run() == len(held), "taken over once expired"
        assert sorted(posted) == ids and max(Counter(posted).values()) == 1
    finally:
        for s in stores:
            await s.close()


# ------------------------------------------------------------ real processes, one killed


async def scheduler_process(target: str, now: float, die_after: int = -1) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.storage.schedulers", target, repr(now), str(die_after),
        cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    line = await asyncio.wait_for(proc.stdout.readline(), 60)
    if line.strip() != b"ready":
        raise AssertionError(f"scheduler process failed: {line!r} {(await proc.stderr.read()).decode()[-2000:]}")
    return proc


async def finish(proc: asyncio.subprocess.Process, first: bytes = b"") -> tuple[int, list[int]]:
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    sent = [int(line.split()[1]) for line in (first + out).decode().splitlines() if line.startswith("sent ")]
    return proc.returncode, sent


async def test_two_scheduler_processes_one_killed_hard_every_reminder_sent_once(backend):
    clock = ManualClock(1_700_000_000.0)
    ids = await due_reminders(backend, clock)
    doomed = await scheduler_process(backend.target, clock.now(), die_after=DIES_AFTER)
    survivor = await scheduler_process(backend.target, clock.now())
    doomed.stdin.write(b"go\n")
    first = await asyncio.wait_for(doomed.stdout.readline(), 60)    # it holds its first batch now
    survivor.stdin.write(b"go\n")                                  # and both run together
    (killed_code, killed_sent), (code, survivor_sent) = await asyncio.gather(finish(doomed, first),
                                                                             finish(survivor))
    assert killed_code == 9 and len(killed_sent) == DIES_AFTER and code == 0
    assert not set(killed_sent) & set(survivor_sent)
    left = set(ids) - set(killed_sent) - set(survivor_sent)
    assert len(left) == LEASE_BATCH - DIES_AFTER, "the killed process died holding the rest of its batch"

    later = await scheduler_process(backend.target, clock.now() + LEASE_SECONDS)
    later.stdin.write(b"go\n")
    code, taken_over = await finish(later)
    assert code == 0 and set(taken_over) == left, "taken over once the dead process's leases expired"
    posted = killed_sent + survivor_sent + taken_over
    assert sorted(posted) == ids, "every reminder sent exactly once"
