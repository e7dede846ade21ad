"""bench/taps.py plays a whole game by components on the bot's Discord client and reports what
issue 26 asks for (the shape of its figures; no time is asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME_SEED = 273200200011135


def test_taps_plays_a_game_by_presses_and_reports_it():
    # one game, always the same (the person's choices and the game's seed fixed), so that the test
    # fails for a change of the code only; bench/taps.py without --game-seed plays a new one each run
    out = subprocess.run([sys.executable, "bench/taps.py", "--game", "first_sparks", "--game-seed", str(GAME_SEED),
                          "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    [row] = json.loads(out.stdout)
    # the row names the game's seed and who the game waits for; the log says what the table did last
    assert row["game"] == "first_sparks" and row["game_seed"] == GAME_SEED
    assert row["finished"] is True, (row, out.stderr[-3000:])
    assert row["ai_posts"] > 0, "the AI seats answer in posts of their own"
    assert row["decisions"] > 0 and row["interactions"] > row["decisions"]
    assert 3 <= row["presses_mean"] <= row["presses_max"], "Your move, a choice, Confirm at the least"
    assert 0 < row["preview_share"] <= 1
    assert 0 <= row["answer_p50_s"] <= row["answer_p95_s"] <= row["answer_max_s"]
