"""The pinned status message of a game is edited after every move; a busy
channel (a chain of quick moves, buttons pressed in a row) would write to it
several times a second, past Discord's per-channel limits. :class:`StatusEdits`
lets at most one edit per channel through per ``window`` seconds: the first
goes at once, later ones wait for the window's end and only the last state
is written (each is a whole status, so nothing is lost by skipping the
others). Creating the message (its first post and pin) is never delayed.
The key is the channel and the game: a game that ends and the next one
opened in its channel each keep their own last state.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Hashable

log = logging.getLogger("hearth.discord")

WINDOW_SECONDS = 5.0
FORGET_AFTER = 1000        # channels remembered before the quiet ones are forgotten

Write = Callable[[], Awaitable[None]]


class StatusEdits:
    def __init__(self, window: float = WINDOW_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self.clock = clock
        self._last: dict[Hashable, float] = {}   # key (channel, game) -> when its last edit went out
        self._pending: dict[Hashable, Write] = {}   # key -> the latest edit waiting for its window
        self._tasks: dict[Hashable, asyncio.Task] = {}
        self._locks: dict[Hashable, asyncio.Lock] = {}

    @property
    def queued(self) -> int:
        """Edits waiting for their window (the health line reports it)."""
        return len(self._pending)

    async def submit(self, key: Hashable, write: Write) -> None:
        """Write now if the channel's window allows, else keep ``write`` as the
        channel's latest state, to be written when the window ends."""
        now = self.clock()
        if key not in self._tasks and now - self._last.get(key, float("-inf")) >= self.window:
            self._last[key] = now
            self._forget_quiet(now)
            await self._run(key, write)
            return
        self._pending[key] = write          # the last state wins
        if key not in self._tasks:
            delay = self._last[key] + self.window - now
            self._tasks[key] = asyncio.create_task(self._later(key, delay))

    async def _later(self, key: Hashable, delay: float) -> None:
        try:
            await asyncio.sleep(max(0.0, delay))
            write = self._pending.pop(key, None)
            if write is not None:
                self._last[key] = self.clock()
                await self._run(key, write)
        finally:
            self._tasks.pop(key, None)

    async def _run(self, key: Hashable, write: Write) -> None:
        async with self._locks.setdefault(key, asyncio.Lock()):   # one write at a time per channel
            try:
                await write()
            except Exception:  # noqa: BLE001 - a status edit is a courtesy: log it, never raise
                log.exception("status edit %s failed", key)

    async def flush(self) -> None:
        """Write every held-back state now, without waiting for its window (on shutdown)."""
        for key, task in list(self._tasks.items()):
            task.cancel()
            self._tasks.pop(key, None)
        for key in list(self._pending):
            write = self._pending.pop(key)
            self._last[key] = self.clock()
            await self._run(key, write)

    def _forget_quiet(self, now: float) -> None:
        if len(self._last) <= FORGET_AFTER:
            return
        for key, at in list(self._last.items()):
            lock = self._locks.get(key)
            if now - at >= self.window and key not in self._tasks and not (lock and lock.locked()):
                del self._last[key]
                self._locks.pop(key, None)
