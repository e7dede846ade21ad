"""Issue 16's bench figures: render p95 per game against 0.3×ref, and the
longest replay's memory and size; reported beside the issue-10 figures."""

from __future__ import annotations

from bench import run as bench


def figures(render_p95: float, peak: float | None = 60.0, size: int = 1_500_000):
    result = {"ref_encode_ms": 100.0, "games": {"g": {}}}
    details = {"g": {"render_p95_ms": render_p95},
               "replay": {"peak_mb": peak, "bytes": size}}
    return result, details


def test_board_figures_name_what_the_issue_asks_for():
    result, details = figures(25.0)
    assert bench.board_figures(result, details) == {"render_p95_ms": {"g": 25.0}, "replay_peak_mb": 60.0,
                                                     "replay_bytes": 1_500_000}
    del details["replay"]
    assert "replay_bytes" not in bench.board_figures(result, details)


def test_board_goals_are_judged_against_the_reference_and_the_limits():
    met = {w: ok for w, ok, _ in bench.board_verdict(*figures(30.0))}
    assert met == {"g render p95 ≤ 0.3×ref": True, "replay peak ≤ 150 MB": True, "replay file ≤ 2 MB": True}
    met = {w: ok for w, ok, _ in bench.board_verdict(*figures(30.1, peak=151.0, size=2 * 1024 * 1024 + 1))}
    assert not any(met.values())
    met = {w: ok for w, ok, _ in bench.board_verdict(*figures(10.0, peak=None))}
    assert not met["replay peak ≤ 150 MB"], "an unmeasured peak is not a pass"


def test_the_replay_probe_measures_a_real_build():
    out = bench.replay_probe("clans", 2, 3, 2 * 1024 * 1024)
    assert out["moves"] > 10 and 2 <= out["frames"] <= out["moves"] + 1
    assert 1_000 < out["bytes"] <= 2 * 1024 * 1024
    assert out["process_peak_mb"] >= out["process_before_mb"] > 0
