"""The AI's search settings for The First Sparks (:meth:`rules.core.Game.ai_tuning`;
measurements in bench/README.md, "AI tuning per game"). Normal searches with the defaults."""

from rules.core import AiTuning

TUNING = {
    # hard plays short greedy rollouts (each move the best of 8 random ones by the heuristic):
    # four times normal's iterations on random rollouts lost to normal
    "hard": AiTuning(rollout_depth=8, greedy=1.0, greedy_sample=8, exploration=0.2),
}
