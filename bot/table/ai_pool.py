"""The AI's searches run in worker processes, never in the bot's interpreter.

A search is pure-Python CPU work (``hard`` runs for seconds). In a thread it would
hold the interpreter lock against the event loop, so every other table's commands
would wait on it; in a worker process it competes only for a core, and the workers
run at a lower priority (``nice``) than the bot, so the event loop is served first.

- **The pool**: a ``ProcessPoolExecutor`` of :func:`pool_size` workers (one core left
  to the event loop, at most four), made on first use. A worker gets the game's key,
  the state's stored JSON and the seat (:func:`ai.worker.decide_json`) and sends back
  the move's notation: nothing of the bot crosses over.
- **How workers start**: ``forkserver`` where the platform has it (Linux, macOS), else
  ``spawn``. Not plain ``fork``: the bot is a threaded process (aiosqlite's thread,
  ``asyncio.to_thread``'s pool, discord.py's), and a fork copies whatever locks those
  threads held at that instant into a child that can never release them. The fork
  server is a small single-threaded process started once, which imports the rules and
  the AI ahead (``set_forkserver_preload``), so a new worker is a cheap fork of it
  rather than a fresh interpreter importing everything (``spawn``).
- **Capped**: a decision is deterministic for its seed and iteration budget; the wall
  clock given to the search (``seconds``) only stops a runaway. If a worker still does
  not answer ``MARGIN`` seconds after that, the pool is presumed stuck: it is replaced,
  and the caller gets :class:`PoolFailed`.
- **Restarted**: a worker that dies (killed, out of memory) breaks the pool
  (``BrokenProcessPool``): a new pool is made and the decision asked once more.
- **Cancelled**: a caller cancelled while it waits stops waiting at once; the search
  itself ends at its cap (a running call cannot be interrupted) and its answer is dropped.
- **Dying with the bot**: a bot killed outright (``kill -9``, the out-of-memory killer)
  runs no clean-up, and a worker busy searching would live on, holding the bot's output
  open and a core. Nor would the fork server notice: every worker holds the pipe whose
  end tells it the bot is gone. So each worker watches the bot's pid from a thread of its
  own (a pidfd on Linux, polling elsewhere) and exits when the bot does.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import select
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ai import Decision
from ai.worker import decide_json
from rules.core import Game

log = logging.getLogger("hearth.ai")

MAX_WORKERS = 4
MARGIN = 10.0           # seconds past a search's own cap before its worker is presumed stuck
WORKER_NICE = 5         # workers yield the CPU to the bot's event loop


class PoolFailed(RuntimeError):
    """The pool could not give a decision (a stuck worker, or workers dying twice running)."""


def pool_size() -> int:
    """Workers for this machine: its usable cores less one for the event loop, 1 to ``MAX_WORKERS``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        cores = os.cpu_count() or 2
    return max(1, min(MAX_WORKERS, cores - 1))


def _start_method() -> str:
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


WATCH_EVERY = 1.0           # seconds between checks of the bot's pid where the kernel cannot tell us


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):   # gone (or its pid already another user's)
        return False
    return True


def _watch(bot_pid: int) -> None:
    """Exit this worker when the bot is gone: told by a pidfd where Linux has one, else by polling."""
    try:
        pidfd = os.pidfd_open(bot_pid)
    except (AttributeError, OSError):
        pidfd = None
    if pidfd is not None:
        select.select([pidfd], [], [])          # readable once the process has exited
    else:
        while _alive(bot_pid):
            time.sleep(WATCH_EVERY)
    os._exit(1)


def start_worker(bot_pid: int) -> None:
    """Worker start-up: die with the bot, and run below its priority so a search never delays
    a command's answer."""
    threading.Thread(target=_watch, args=(bot_pid,), daemon=True, name="hearth-bot-watch").start()
    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):
        pass


class AiPool:
    def __init__(self, workers: int | None = None, work=decide_json) -> None:
        self.workers = workers or pool_size()
        self.work = work           # what a worker runs (a module-level function: it crosses by name)
        self._executor: ProcessPoolExecutor | None = None
        self.restarts = 0          # pools replaced after a worker died or stuck (logs, tests)

    def executor(self) -> ProcessPoolExecutor:
        if self._executor is None:
            method = _start_method()
            context = multiprocessing.get_context(method)
            if method == "forkserver":
                context.set_forkserver_preload(["ai.worker"])
            self._executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=start_worker,
                                                 initargs=(os.getpid(),))
        return self._executor

    def replace(self) -> None:
        """Drop the current pool (its stuck or dead workers finish and exit); the next call makes one."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
            self.restarts += 1

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def decide(self, game: Game, state, seat: int, seats: int, level: str, seed: int, *,
                     iterations: int | None, seconds: float | None) -> Decision:
        """:func:`ai.decide` in a worker: the same move for the same arguments."""
        payload = (game.key, type(game).__module__, game.dump(state), seat, seats, level, seed, iterations, seconds)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            try:
                future = loop.run_in_executor(self.executor(), self.work, *payload)
                notation, how, score, done = await asyncio.wait_for(future, (seconds or 60.0) + MARGIN)
            except BrokenProcessPool:
                log.warning("an AI worker died (attempt %d): starting a new pool", attempt)
                self.replace()
                continue
            except TimeoutError:
                log.error("an AI worker did not answer within its cap: starting a new pool")
                self.replace()
                raise PoolFailed("the AI worker did not answer") from None
            move = next((m for m in game.legal_moves(state, seat) if m.notation == notation), None)
            if move is None:   # cannot happen for a pure, deterministic AI; never play a move that is not legal
                raise PoolFailed(f"the AI worker answered {notation!r}, not a legal move")
            return Decision(move, how, score, done)
        raise PoolFailed("AI workers died twice running")


POOL = AiPool()
