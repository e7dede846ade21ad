"""The AI pool's worker processes die with their bot: a bot killed with SIGKILL runs
no clean-up, and a worker left searching would hold a core and the bot's output open
(issue 29: the two-process test once hung on such a worker)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GONE_WITHIN = 15.0         # seconds; the kernel signals at once, the watch thread within a second


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"       # a zombie has died already
    except (FileNotFoundError, ProcessLookupError):   # gone, even between open and read
        return False


def test_workers_die_when_the_bot_is_killed():
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    bot = subprocess.Popen([sys.executable, "-m", "tests.reliability.pool_worker"], cwd=ROOT, env=env,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        workers = json.loads(bot.stdout.readline())["workers"]
        assert len(workers) == 2 and bot.pid not in workers
        assert all(_alive(pid) for pid in workers)
    finally:
        bot.kill()                                   # SIGKILL: nothing of the bot's own runs
        bot.wait(timeout=30)
    deadline = time.monotonic() + GONE_WITHIN
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)], "AI workers outlived their killed bot"
    # the output pipe closes once every process that held it is gone
    assert bot.stdout.read() == ""
