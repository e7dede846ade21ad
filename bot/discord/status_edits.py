"""The pinned status message of a game is edited after every move; a busy
channel (a chain of quick moves, buttons pressed in a row) would write to it
several times a second, past Discord's per-channel limits. :class:`StatusEdits`
lets at most one edit per channel through per ``window`` seconds: the first
goes at once, later ones wait for the window's end and only the last state
is written (each is a whole status, so nothing is lost by skipping the
others). Creating the message (its first post and pin) is never delayed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("hearth.discord")

WINDOW_SECONDS = 5.0
FORGET_AFTER = 1000        # channels remembered before the quiet ones are forgotten

Write = Callable[[], Awaitable[None]]


class StatusEdits:
    def __init__(self, window: float = WINDOW_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self.clock = clock
        self._last: dict[int, float] = {}        # channel -> when its last edit went out
        self._pending: dict[int, Write] = {}     # channel -> the latest edit waiting for its window
        self._tasks: dict[int, asyncio.Task] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    @property
    def queued(self) -> int:
        """Edits waiting for their window (the health line reports it)."""
        return len(self._pending)

    async def submit(self, channel_id: int, write: Write) -> None:
        """Write now if the channel's window allows, else keep ``write`` as the
        channel's latest state, to be written when the window ends."""
        now = self.clock()
        if channel_id not in self._tasks and now - self._last.get(channel_id, float("-inf")) >= self.window:
            self._last[channel_id] = now
            self._forget_quiet(now)
            await self._run(channel_id, write)
            return
        self._pending[channel_id] = write          # the last state wins
        if channel_id not in self._tasks:
            delay = self._last[channel_id] + self.window - now
            self._tasks[channel_id] = asyncio.create_task(self._later(channel_id, delay))

    async def _later(self, channel_id: int, delay: float) -> None:
        try:
            await asyncio.sleep(max(0.0, delay))
            write = self._pending.pop(channel_id, None)
            if write is not None:
                self._last[channel_id] = self.clock()
                await self._run(channel_id, write)
        finally:
            self._tasks.pop(channel_id, None)

    async def _run(self, channel_id: int, write: Write) -> None:
        async with self._locks.setdefault(channel_id, asyncio.Lock()):   # one write at a time per channel
            try:
                await write()
            except Exception:  # noqa: BLE001 - a status edit is a courtesy: log it, never raise
                log.exception("status edit in channel %s failed", channel_id)

    async def flush(self) -> None:
        """Write every held-back state now, without waiting for its window (on shutdown)."""
        for channel_id, task in list(self._tasks.items()):
            task.cancel()
            self._tasks.pop(channel_id, None)
        for channel_id in list(self._pending):
            write = self._pending.pop(channel_id)
            self._last[channel_id] = self.clock()
            await self._run(channel_id, write)

    def _forget_quiet(self, now: float) -> None:
        if len(self._last) <= FORGET_AFTER:
            return
        for channel_id, at in list(self._last.items()):
            lock = self._locks.get(channel_id)
            if now - at >= self.window and channel_id not in self._tasks and not (lock and lock.locked()):
                del self._last[channel_id]
                self._locks.pop(channel_id, None)
