"""The AI's search settings for Clans (:meth:`rules.core.Game.ai_tuning`; measurements in
bench/README.md, "AI tuning per game")."""

from rules.core import AiTuning

TUNING = {
    "normal": AiTuning(
        root_width=12,     # 100+ opening moves: searching them all leaves each about one rollout
        rollout_depth=8,   # random huts moved far ahead say little; the heuristic reads the board better
    ),
    # hard: rollouts of 4 greedy moves (each the best of 4 random ones by the heuristic), so that a
    # rollout plays like the seats would; more iterations on random rollouts played no better than normal
    "hard": AiTuning(root_width=12, rollout_depth=4, greedy=1.0, greedy_sample=4, exploration=0.3),
}
