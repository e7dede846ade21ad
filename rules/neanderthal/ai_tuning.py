"""The AI's search settings for Neanderthal (:meth:`rules.core.Game.ai_tuning`; measurements in
bench/README.md, "AI tuning per game")."""

from dataclasses import replace

from rules.core import AiTuning

from .ai import wary_view

NORMAL = AiTuning(
    root_width=4,            # only the 4 best moves by a one-move look-ahead, each searched deeper
    rollout_depth=4,         # random bids and assignments make long rollouts noise
    prior_visits=3,          # every node's moves judged one move ahead first
    greedy=1.0,              # rollout moves the best of 8 random ones by the heuristic
    greedy_sample=8,
    exploration=0.2,         # heuristic rewards lie close together
    iterations_scale=2.0,    # the narrow root repays twice the iterations
)

# Hard searches as normal does (four times the iterations played no better: bench/README.md), but
# judges positions with immature things worth less (ai.WARY): 0.5 of hard's 1,200 iterations is normal's 600.
HARD = replace(NORMAL, iterations_scale=0.5, judge=wary_view)

TUNING = {"normal": NORMAL, "hard": HARD}

# No hard has yet won clearly more games than normal over 40 (the dice decide much of Neanderthal:
# bench/README.md, "Levels ordered by strength" and "The move oracle"). The bot says so to a player
# who seats one; take "hard" out of this set once a hard is measured stronger.
UNPROVEN = frozenset({"hard"})
