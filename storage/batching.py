"""Group commit for saves, and grouped reads of game rows.

Saves: every task that saves a move waits on a future
while one writer task writes all the saves queued meanwhile in one
transaction (one trip to SQLite's thread or to the PostgreSQL server for
the whole batch, one commit). Each save still applies or fails on its own:
the backend's ``write_batch`` answers per save.

A batch holds at most one save per game, in game-id order: two saves of one
game queued together are written in two batches (the second then meets the
version check as if it had come later), and transactions that lock several
games lock them in the same order in every process, so they cannot deadlock.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

from storage.database import Row, Save

MAX_BATCH = 200          # saves in one transaction (SQLite allows 32,766 arguments a statement: 17 a save)

WriteBatch = Callable[[list[Save]], Awaitable[list[BaseException | None]]]
ReadBatch = Callable[[list[int]], Awaitable[dict[int, Row]]]


class SaveQueue:
    """Saves queued by any number of tasks, written by ``writers`` tasks at
    most at once (each a batch), started when work arrives and gone when the
    queue is empty."""

    def __init__(self, write_batch: WriteBatch, *, writers: int = 1) -> None:
        self.write_batch = write_batch
        self.writers = writers
        self.queue: deque[tuple[Save, asyncio.Future]] = deque()
        self.running: set[asyncio.Task] = set()
        self.in_flight: set[int] = set()       # games in a batch being written (a second batch leaves them)
        self.batches = 0                        # how many batches were written (the bench reports saves/batch)
        self.saved = 0

    async def save(self, save: Save) -> None:
        future = asyncio.get_running_loop().create_future()
        self.queue.append((save, future))
        self.running = {task for task in self.running if not task.done()}   # a task may end before its callback
        if len(self.running) < self.writers:
            task = asyncio.create_task(self._drain())
            self.running.add(task)
        await future

    def _take(self) -> list[tuple[Save, asyncio.Future]]:
        """The next batch: the oldest save of each game not already being written."""
        batch: dict[int, tuple[Save, asyncio.Future]] = {}
        later: list[tuple[Save, asyncio.Future]] = []
        while self.queue and len(batch) < MAX_BATCH:
            item = self.queue.popleft()
            game_id = item[0].game_id
            if game_id in batch or game_id in self.in_flight:
                later.append(item)
            else:
                batch[game_id] = item
        self.queue.extendleft(reversed(later))
        return [batch[g] for g in sorted(batch)]

    async def _drain(self) -> None:
        while self.queue:
            batch = self._take()
            if not batch:          # every queued game is in another writer's batch: it drains them after
                return
            games = {save.game_id for save, _ in batch}
            self.in_flight |= games
            try:
                outcomes = await self.write_batch([save for save, _ in batch])
            except BaseException as exc:        # the whole batch failed (connection lost…): each caller hears it
                outcomes = [exc] * len(batch)
                if isinstance(exc, asyncio.CancelledError):
                    for (_, future), _outcome in zip(batch, outcomes, strict=True):
                        if not future.done():
                            future.cancel()
                    raise
            finally:
                self.in_flight -= games
            self.batches += 1
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():          # its caller was cancelled: the save went through or not, as told
                    continue
                if outcome is None:
                    self.saved += 1
                    future.set_result(None)
                else:
                    future.set_exception(outcome)


class RowReader:
    """Reads of rows by id from many tasks at once, answered by one query a
    batch (``WHERE id IN (…)``): one trip for a hundred games instead of a
    hundred. A read joins only a batch not yet sent, so it always sees every
    write committed before it was asked for (a task reads its own saves)."""

    def __init__(self, read_batch: ReadBatch, *, readers: int = 1) -> None:
        self.read_batch = read_batch
        self.readers = readers
        self.waiting: dict[int, list[asyncio.Future]] = {}
        self.running: set[asyncio.Task] = set()

    async def read(self, row_id: int) -> Row | None:
        future = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(row_id, []).append(future)
        self.running = {task for task in self.running if not task.done()}
        if len(self.running) < self.readers:
            self.running.add(asyncio.create_task(self._drain()))
        return await future

    async def _drain(self) -> None:
        while self.waiting:
            ids = list(self.waiting)[:MAX_BATCH]
            batch = {i: self.waiting.pop(i) for i in ids}
            try:
                rows = await self.read_batch(ids)
            except BaseException as exc:
                cancelled = isinstance(exc, asyncio.CancelledError)
                for futures in batch.values():
                    for future in futures:
                        if not future.done():
                            future.cancel() if cancelled else future.set_exception(exc)
                if cancelled:
                    raise
                continue
            for row_id, futures in batch.items():
                for future in futures:
                    if not future.done():
                        future.set_result(rows.get(row_id))
