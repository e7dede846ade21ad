"""The AI's search settings for Clans (:meth:`rules.core.Game.ai_tuning`; measurements in
bench/README.md, "AI tuning per game")."""

from rules.core import AiTuning

NORMAL = AiTuning(
    root_width=12,     # 100+ opening moves: searching them all leaves each about one rollout
    rollout_depth=8,   # random huts moved far ahead say little; the heuristic reads the board better
)

TUNING = {"normal": NORMAL, "hard": NORMAL}
