"""The AI's search settings for Fire & Stone (:meth:`rules.core.Game.ai_tuning`; measurements
in bench/README.md, "AI tuning per game")."""

from rules.core import AiTuning

TUNING = {
    # normal plays short greedy rollouts (8 moves, each the best of 4 random ones by the heuristic), so
    # that a rollout plays on as the seats would (cook, then build): 30 random moves a rollout drowned the
    # small differences between moves that easy's one-move look-ahead reads (24-3-13 against easy), and
    # leaves judged by the heuristic without a rollout saw too little further (11-1-7 after 19 games)
    "normal": AiTuning(rollout_depth=8, greedy=1.0, greedy_sample=4, exploration=0.2),
    # hard: the same rollouts with each move the best of 8, at twice normal's iterations (600): 1,200
    # iterations took 389-488 s a game
    "hard": AiTuning(rollout_depth=8, greedy=1.0, greedy_sample=8, exploration=0.2, iterations_scale=0.5),
}
