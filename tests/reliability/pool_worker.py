"""A bot process for the pool test: starts the AI pool's workers, keeps one of them
busy for far longer than the test waits, prints the workers' pids as one JSON line,
then waits to be killed. Run as ``python -m tests.reliability.pool_worker``."""

from __future__ import annotations

import json
import os
import sys
import time

from bot.table.ai_pool import AiPool

BUSY_FOR = 600.0           # seconds: a search still running when the bot is killed


def busy(seconds: float) -> int:
    """A worker's pid, after keeping it busy (two at once land on two workers)."""
    time.sleep(seconds)
    return os.getpid()


def main() -> None:
    pool = AiPool(workers=2)
    executor = pool.executor()
    first = [executor.submit(busy, 1.0) for _ in range(2)]
    pids = sorted({f.result(timeout=60) for f in first})
    executor.submit(busy, BUSY_FOR)                 # one worker searching, deaf to its queue
    print(json.dumps({"workers": pids}), flush=True)
    sys.stdin.read()                                # until killed


if __name__ == "__main__":
    main()
