"""The AI's search settings for The First Sparks (:meth:`rules.core.Game.ai_tuning`;
measurements in bench/README.md, "AI tuning per game")."""

from rules.core import AiTuning

TUNING = {
    # normal plays short greedy rollouts (each move the best of 8 random ones by the heuristic): with 30
    # random moves a rollout it only drew with a flat Monte Carlo player, and greedy rollouts are what made
    # hard beat it; 4 moves keep a decision near its old cost
    "normal": AiTuning(rollout_depth=4, greedy=1.0, greedy_sample=8, exploration=0.2),
    # hard plays longer greedy rollouts (8 moves) at its four times normal's iterations: four times
    # normal's iterations on random rollouts lost to normal
    "hard": AiTuning(rollout_depth=8, greedy=1.0, greedy_sample=8, exploration=0.2),
}
