"""Issue 27, section 3: Ctrl-C at the local table quits at once and cleanly — one line, no
traceback, the process gone (it did nothing at the prompt; a second Ctrl-C printed a traceback and
left the process alive until Enter). The games are saved by every command already."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def started_table(tmp_path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HEARTH_LOCALE": "en", "PYTHONUNBUFFERED": "1"}
    env.pop("DISCORD_TOKEN", None)
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "local", "--db", str(tmp_path / "h.db"),
                             "--images", str(tmp_path / "img")], cwd=tmp_path, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdin.write(b"@ann /game new pebbles\n")   # a first command, then the prompt waits for a line
    proc.stdin.flush()
    return proc


def wait_for_prompt(proc, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    seen = b""
    os.set_blocking(proc.stdout.fileno(), False)
    while time.monotonic() < deadline and b"@ann> " not in seen:
        chunk = proc.stdout.read()
        seen += chunk or b""
        time.sleep(0.05)
    os.set_blocking(proc.stdout.fileno(), True)
    assert b"@ann> " in seen, seen


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_at_the_prompt_quits_cleanly(tmp_path, presses):
    proc = started_table(tmp_path)
    try:
        wait_for_prompt(proc)
        for _ in range(presses):
            proc.send_signal(signal.SIGINT)
            time.sleep(0.2)
        try:
            code = proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pytest.fail("the table is still running after Ctrl-C (it waited for Enter)")
        err = proc.stderr.read().decode()
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        assert code == 130, code
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
