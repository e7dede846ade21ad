"""The benchmark runs and reports what the issue asks for (shape and sane
values). No timing is asserted here: CI machines vary; figures are read by
people from ``bench/run.py``'s output, never checked by a test."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from bench import run as bench
from rules import registry

ROOT = Path(__file__).resolve().parents[2]
GAME_FIELDS = {"move_p95_ms", "render_ms", "png_bytes", "playouts_per_s"}


def check_shape(result: dict, keys: list[str]) -> None:
    assert set(result) == {"ref_encode_ms", "games", "store"}
    assert isinstance(result["ref_encode_ms"], float) and result["ref_encode_ms"] > 0
    assert sorted(result["games"]) == sorted(keys)
    for key, figures in result["games"].items():
        assert set(figures) == GAME_FIELDS, key
        for name, value in figures.items():
            assert isinstance(value, (int, float)) and math.isfinite(value) and value > 0, (key, name, value)
        assert isinstance(figures["png_bytes"], int)
        assert 1_000 < figures["png_bytes"] < 20_000_000          # a real board image, not an empty file
    assert set(result["store"]) == {"moves_per_s", "lost_updates"}
    assert result["store"]["moves_per_s"] > 0
    assert result["store"]["lost_updates"] == 0                     # correctness, not speed


@pytest.fixture(scope="module")
def tiny_run():
    return bench.run(bench.TINY, keys=["clans", "first_sparks"])


def test_in_process_run_has_the_issue_shape(tiny_run):
    result, details = tiny_run
    check_shape(result, ["clans", "first_sparks"])
    assert details["store"]["errors"] == 0
    assert details["store"]["acked"] > 0
    assert details["clans"]["moves_timed"] >= 1


def test_table_and_verdict_cover_every_goal(tiny_run):
    result, details = tiny_run
    checks = bench.verdict(result)
    assert len(checks) == 3 * len(result["games"]) + 2
    text = bench.table_text(result, details)
    for key in result["games"]:
        assert key in text
    assert "verdict:" in text and "ref_encode_ms" in text


def test_verdict_is_relative_to_the_reference():
    games = {"g": {"move_p95_ms": 150.0, "render_ms": 50.0, "png_bytes": 10_000, "playouts_per_s": 1.0}}
    store = {"moves_per_s": 300.0, "lost_updates": 0}
    met = {w: ok for w, ok, _ in bench.verdict({"ref_encode_ms": 100.0, "games": games, "store": store})}
    assert all(met.values())
    slow = {w: ok for w, ok, _ in bench.verdict({"ref_encode_ms": 50.0, "games": games, "store": store})}
    assert not slow["g move p95 ≤ 1.5×ref"] and not slow["g render ≤ 0.5×ref"]
    lost = {w: ok for w, ok, _ in bench.verdict({"ref_encode_ms": 100.0, "games": games,
                                                 "store": {"moves_per_s": 299.0, "lost_updates": 1}})}
    assert not lost["store ≥ 300 moves/s"] and not lost["store 0 lost updates"]


def test_p95_is_nearest_rank():
    assert bench.p95([5.0]) == 5.0
    assert bench.p95([float(i) for i in range(1, 101)]) == 95.0
    assert bench.p95([float(i) for i in range(1, 21)]) == 19.0


def test_command_line_json_covers_every_game():
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--tiny", "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    check_shape(json.loads(out.stdout), registry.keys())
