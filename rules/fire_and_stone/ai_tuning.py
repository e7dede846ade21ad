"""The AI's search settings for Fire & Stone (:meth:`rules.core.Game.ai_tuning`; measurements
in bench/README.md, "AI tuning per game")."""

from rules.core import AiTuning

TUNING = {
    # normal judges the leaves of its tree by the heuristic (no rollout) and searches three times the
    # iterations for about the same time: 30 random moves a rollout drowned the small differences
    # between moves that easy's one-move look-ahead reads (24-3-13 against easy; greedy rollouts of 8: 3-0-5)
    "normal": AiTuning(rollout_depth=0, exploration=0.2, iterations_scale=3),
    # hard plays short greedy rollouts (each move the best of 8 random ones by the heuristic):
    # more iterations on random rollouts played no better than normal
    "hard": AiTuning(rollout_depth=8, greedy=1.0, greedy_sample=8, exploration=0.2),
}
