"""The AI's search settings for Carcassonne, Hunters and Gatherers
(:meth:`rules.core.Game.ai_tuning`; measurements in bench/README.md, "AI tuning per game")."""

from rules.core import AiTuning

TUNING = {
    # greedy rollouts (each move the best of 8 random ones by the heuristic): random tiles and
    # figures score nothing like real play; 3 moves are the seat's figure, the next tile and figure
    "normal": AiTuning(rollout_depth=3, greedy=1.0, greedy_sample=8, exploration=0.2),
    # hard looks further ahead with the same policy (more iterations alone played no better)
    "hard": AiTuning(rollout_depth=6, greedy=1.0, greedy_sample=8, exploration=0.2),
}
