"""bench/ai_latency.py runs (shape only; the figures are the bench's, never asserted here)."""

from __future__ import annotations

from bench.ai_latency import measure


async def test_the_latency_bench_measures_three_runs():
    report = await measure(3, 0.0)
    assert set(report["runs"]) == {"idle", "thread", "pool"}
    for run in report["runs"].values():
        assert run["commands"] == 3 and run["p50_ms"] <= run["p95_ms"] <= run["max_ms"]
    assert report["runs"]["idle"]["hard_searches"] == 0
