"""Crash safety: a bot process killed with SIGKILL at random moments (during
load, apply, save, render or post) leaves a consistent database; `hearth
verify` passes; the game continues after restart from the last saved move;
a turn saved but not yet announced is announced by the next process."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.core import Rng

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("DISCORD_TOKEN", None)
    return env


def _unannounced(db: Path) -> set[tuple[int, int]]:
    conn = sqlite3.connect(str(db))
    try:
        return {(g, v) for g, v in conn.execute("SELECT id, version FROM games WHERE announced < version AND "
                                                "status IN ('active', 'finished', 'abandoned')")}
    finally:
        conn.close()


def _versions(db: Path, started_only: bool = False) -> dict[int, int]:
    conn = sqlite3.connect(str(db))
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        where = " WHERE status != 'lobby'" if started_only else ""
        return dict(conn.execute("SELECT id, version FROM games" + where))
    finally:
        conn.close()


def _verify(db: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "bot.cli", "verify", "--db", str(db)], cwd=ROOT, env=_env(),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"hearth verify failed after a kill:\n{done.stdout}\n{done.stderr[-2000:]}"
    assert " 0 do not reproduce" in done.stdout


def _run_and_kill(db: Path, seed: int, lines_wanted: int, pause: float, **env) -> tuple[list[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "tests.reliability.crash_worker", str(db), str(seed)],
                            cwd=ROOT, env={**_env(), **env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    lines = []
    try:
        while len(lines) < lines_wanted:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.strip())
        time.sleep(pause)              # a random moment of the next turn: load, apply, save, render or post
    finally:
        proc.kill()                    # SIGKILL: no clean-up code runs
        out, err = proc.communicate(timeout=60)
    lines += [x.strip() for x in out.splitlines() if x.strip()]
    return lines, err


def test_kill_9_at_random_moments_then_restart(tmp_path, seeds):
    db = tmp_path / "hearth.db"
    r = Rng(len(seeds) * 7 + 1)
    posts: list[tuple[int, int]] = []
    owed: set[tuple[int, int]] = set()
    first_versions: dict[int, int] | None = None
    kills = 4 + len(seeds)
    for k in range(kills):
        lines, err = _run_and_kill(db, seed=k + 1, lines_wanted=1 + r.randbelow(12), pause=r.randbelow(60) / 1000)
        assert "Traceback" not in err, err[-3000:]
        assert lines, f"run {k} printed nothing: {err[-2000:]}"
        print(f"run {k}: {len(lines)} lines, owed {sorted(owed)}")
        pending = [tuple(map(int, x.split()[1:])) for x in lines if x.startswith("PENDING")]
        assert set(pending) <= owed, f"announced after restart what was not owed: {set(pending) - owed}"
        if any(x.startswith("POST") for x in lines):
            assert set(pending) == owed, f"saved turns never announced: {owed - set(pending)}"
        assert len(pending) == len(set(pending))
        posts += [tuple(map(int, x.split()[1:])) for x in lines if x.startswith(("POST", "PENDING"))]
        versions = _versions(db)
        first_versions = first_versions or dict(versions)
        for game, version in posts:
            assert version <= versions[game], "a turn was announced that the database does not hold"
        _verify(db)
        owed = _unannounced(db)
        owed_games = {g for g, _ in owed}
        for game, version in _versions(db, started_only=True).items():
            assert (game, version) in posts or game in owed_games, \
                f"game {game} v{version} is saved, was never posted, and is not owed: the channel never hears it"
    # every turn posted at most twice (a kill between the post and its record), never more
    counts: dict[tuple[int, int], int] = {}
    for p in posts:
        counts[p] = counts.get(p, 0) + 1
    assert max(counts.values()) <= 2
    assert sum(c - 1 for c in counts.values()) <= kills
    # the games went on across the restarts
    final = _versions(db)
    assert sum(final.values()) > sum(first_versions.values())


@pytest.mark.parametrize("point", ["after_save", "in_render", "before_post", "after_post"])
def test_killed_at_each_point_of_a_turn(tmp_path, point):
    """SIGKILL exactly after the save, inside the render, before the post and
    after the post: the next process announces the saved turn (once; twice
    only when the first post went out just before the kill)."""
    db = tmp_path / "hearth.db"
    lines, err = _run_and_kill(db, 1, lines_wanted=10_000, pause=0, CRASH_AT=point, CRASH_N="4")
    assert "Traceback" not in err, err[-3000:]
    saved = _versions(db, started_only=True)
    _verify(db)
    posts = [tuple(map(int, x.split()[1:])) for x in lines if x.startswith("POST")]
    owed = _unannounced(db)
    after, err = _run_and_kill(db, 1, lines_wanted=3, pause=0)
    assert "Traceback" not in err, err[-3000:]
    pending = [tuple(map(int, x.split()[1:])) for x in after if x.startswith("PENDING")]
    assert set(pending) == owed
    for game, version in saved.items():
        heard = posts.count((game, version)) + pending.count((game, version))
        if point == "after_post":
            assert heard in (1, 2), (game, version, heard)
        else:
            assert heard == 1, f"{point}: game {game} v{version} announced {heard} times"
    assert _versions(db)[max(saved)] > saved[max(saved)], "the game continues after the restart"


def test_online_backup_while_a_bot_plays(tmp_path):
    """`hearth backup PATH` on a database a live process is writing to gives
    a consistent copy: it opens, passes `hearth verify`, and holds a prefix
    of the games."""
    db = tmp_path / "hearth.db"
    proc = subprocess.Popen([sys.executable, "-m", "tests.reliability.crash_worker", str(db), "5"],
                            cwd=ROOT, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(5):
            assert proc.stdout.readline()
        copies = []
        for i in range(3):
            target = tmp_path / f"backup-{i}.db"
            done = subprocess.run([sys.executable, "-m", "bot.cli", "backup", str(target), "--db", str(db)],
                                  cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stderr[-2000:]
            copies.append(target)
            proc.stdout.readline()
    finally:
        proc.kill()
        proc.communicate(timeout=60)
    previous = 0
    for target in copies:
        versions = _versions(target)
        _verify(target)
        assert sum(versions.values()) >= previous, "later backups hold at least as much"
        previous = sum(versions.values())
    assert previous > 0
