"""Leases: what one process of several does for a while, alone.

A lease is a row of ``leases`` (migration 8): a name (``game:42`` for the
reminders, deadlines and AI turns of game 42; ``commands`` for the
slash-command sync), the process that holds it and when it expires. A
process claims names, does their work, and releases them; one that dies
holding some leaves them to expire, after which any other process takes them
over. The owner is the process: by default one owner id per open store (a
process opens one), so its scheduler and its commands hold a game's lease as
one owner, and neither releases it while the other still works under it
(:meth:`Leases.holding`, :meth:`Leases.using`). Claiming is one statement that takes only free, expired or already
owned rows: on PostgreSQL its rows are picked ``FOR UPDATE SKIP LOCKED``
(two processes claiming at once never wait on, nor take, each other's
rows); on SQLite the same conditional ``UPDATE`` runs under the file's
write lock. Times are the caller's clock (the table's, which tests drive).

:class:`DueGames` lists the games whose timers may need work now, so that a
scheduler only leases those.
"""

from __future__ import annotations

import asyncio
import os
import socket
import uuid
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager

from storage.store import Store

__all__ = ["Leases", "DueGames", "game_lease", "process_owner", "GAME_LEASE_SECONDS"]

GAME_LEASE_SECONDS = 120.0     # a game's background work is one process's for this long (renewed while busy)

# per open store (one a process): its owner id, and how many pieces of work of this process use each name now
_owners: weakref.WeakKeyDictionary[Store, str] = weakref.WeakKeyDictionary()
_in_use: weakref.WeakKeyDictionary[Store, Counter] = weakref.WeakKeyDictionary()


def game_lease(game_id: int) -> str:
    """The lease name of one game's background work (reminders, deadlines, AI turns)."""
    return f"game:{game_id}"


def process_owner() -> str:
    """An owner id unique to this process (and this start of it): host, pid, a random tail."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _marks(values: Sequence) -> str:
    return ",".join("?" * len(values))


def owner_of(store: Store) -> str:
    """The owner id of the process that opened ``store`` (made on first use)."""
    if store not in _owners:
        _owners[store] = process_owner()
    return _owners[store]


class Leases:
    """The leases one owner (one process) claims, renews and releases."""

    def __init__(self, store: Store, owner: str | None = None, seconds: float = GAME_LEASE_SECONDS) -> None:
        self.store = store
        self.owner = owner or owner_of(store)
        self.seconds = seconds          # how long a claim lasts unless renewed
        self.in_use: Counter = _in_use.setdefault(store, Counter()) if owner is None else Counter()

    @contextmanager
    def using(self, name: str) -> Iterator[None]:
        """Work of this process under ``name`` (already claimed) runs here:
        another piece of work of the same process that releases the name
        meanwhile leaves it held."""
        self.in_use[name] += 1
        try:
            yield
        finally:
            self.in_use[name] -= 1
            if not self.in_use[name]:
                del self.in_use[name]

    @asynccontextmanager
    async def holding(self, name: str, clock) -> AsyncIterator[bool]:
        """Claim ``name`` for the block (True; False: another process holds
        it, and the block must not do its work). Renewed while the block
        runs; released after it, unless the block ended with the process
        (a ``BaseException`` other than an ``Exception``): then the lease
        expires and another process takes the work over."""
        if not await self.claim([name], clock.now()):
            yield False
            return

        async def renew() -> None:
            while True:
                await asyncio.sleep(self.seconds / 3)
                await self.renew([name], clock.now())

        keeper = asyncio.create_task(renew())
        try:
            with self.using(name):
                yield True
        except Exception:
            await self.release([name])
            raise
        else:
            await self.release([name])
        finally:
            keeper.cancel()

    async def claim(self, names: Sequence[str], now: float, *, limit: int | None = None) -> list[str]:
        """Of ``names``, those this owner holds now (at most ``limit``):
        free ones, expired ones, and its own (renewed)."""
        names = sorted(set(names))
        if not names:
            return []
        limit = len(names) if limit is None else limit
        async with self.store.transaction() as tx:   # rows first, so that there is something to lock
            await tx.execute_many("INSERT INTO leases (name, owner, expires_at) VALUES (?, NULL, 0) "
                                  "ON CONFLICT (name) DO NOTHING", [(n,) for n in names])
        skip_locked = " FOR UPDATE SKIP LOCKED" if self.store.kind == "postgresql" else ""
        async with self.store.transaction() as tx:
            rows = await tx.fetch_all(
                "UPDATE leases SET owner = ?, expires_at = ? WHERE name IN ("
                f"SELECT name FROM leases WHERE name IN ({_marks(names)}) "
                "AND (owner IS NULL OR owner = ? OR expires_at <= ?) "
                f"ORDER BY name LIMIT ?{skip_locked}) RETURNING name",
                (self.owner, now + self.seconds, *names, self.owner, now, limit))
        return sorted(r[0] for r in rows)

    async def renew(self, names: Sequence[str], now: float) -> list[str]:
        """Extend this owner's leases among ``names``; returns those still held
        (one that expired and was taken by another is lost)."""
        if not names:
            return []
        async with self.store.transaction() as tx:
            rows = await tx.fetch_all(
                f"UPDATE leases SET expires_at = ? WHERE name IN ({_marks(names)}) AND owner = ? "
                "AND expires_at > ? RETURNING name", (now + self.seconds, *names, self.owner, now))
        return sorted(r[0] for r in rows)

    async def release(self, names: Sequence[str]) -> None:
        """Give up this owner's leases among ``names`` (anyone may take them
        at once), but those other work of this process still uses."""
        names = [n for n in names if not self.in_use[n]]
        if not names:
            return
        async with self.store.transaction() as tx:
            await tx.execute(f"UPDATE leases SET owner = NULL, expires_at = 0 WHERE name IN ({_marks(names)}) "
                             "AND owner = ?", (*names, self.owner))

    async def release_all(self) -> None:
        """Give up every lease of this owner (a process stopping cleanly)."""
        async with self.store.transaction() as tx:
            await tx.execute("UPDATE leases SET owner = NULL, expires_at = 0 WHERE owner = ?", (self.owner,))

    async def holder(self, name: str, now: float) -> str | None:
        """Who holds ``name`` now (None: nobody, or the lease expired)."""
        row = await self.store.fetch_one("SELECT owner, expires_at FROM leases WHERE name = ?", (name,))
        if row is None or row[0] is None or row[1] <= now:
            return None
        return row[0]


class DueGames:
    """The games a scheduler should look at now, read from the timers alone."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def ids(self, now: float) -> list[int]:
        """Games in play whose timer is missing or belongs to an older turn
        (it must be counted again), or has a reminder, warning or deadline due."""
        rows = await self.store.fetch_all(
            "SELECT g.id FROM games g LEFT JOIN timers t ON t.game_id = g.id WHERE g.status = 'active' AND ("
            "t.game_id IS NULL OR t.turn_started <> COALESCE(g.turn_started_at, g.updated_at) "
            "OR t.next_reminder <= ? OR t.warn_at <= ? OR t.deadline_at <= ?) ORDER BY g.id", (now, now, now))
        return [r[0] for r in rows]
