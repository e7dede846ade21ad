"""The flat Monte Carlo yardstick: a player the AI levels never trained against.

Flat Monte Carlo (Brügmann 1993; the baseline of Browne et al., "A Survey of MCTS
Methods", 2012, section 2.3) has no tree: it shares its iterations evenly among all
the seat's legal moves, round-robin, and plays the move whose futures scored best.
It gets the same budget per decision as ``normal`` in that game — the same number of
iterations (``ai.players.BUDGETS`` times the game's ``iterations_scale``, rules/<key>/ai_tuning.py), each one a
fresh determinisation (``Game.determinize``, so it never sees what its seat may not
see) followed by a rollout of the same length and policy as ``normal``'s (greedy moves
where ``normal``'s rollouts are greedy), judged the same way (``ai.search.rewards``).
So what ``normal`` has and it lacks is the search itself: the tree, UCB's choice of
where to spend the iterations, and the per-game root narrowing and priors. Its CPU per
decision is about ``normal``'s (the arena prints both); it is deterministic for a seed.

    python -m bench.ladder clans --seats ai:normal,flat --games 40 --seed 1
"""

from __future__ import annotations

from ai.players import BUDGETS
from ai.search import greedy_move, rewards
from rules.core import Game, Move, Rng

SPEC = "flat"


def flat_budget(game: Game) -> tuple[int, int, float, int]:
    """(iterations, rollout depth, greedy share, greedy sample) of ``normal`` in this game."""
    base = BUDGETS["normal"]
    tuning = game.ai_tuning("normal")
    depth = base.rollout_depth if tuning.rollout_depth is None else tuning.rollout_depth
    return round(base.iterations * tuning.iterations_scale), depth, tuning.greedy, tuning.greedy_sample


def flat_move(game: Game, state, seat: int, seats: int, seed: int) -> Move:
    """The flat Monte Carlo player's move for ``seat``."""
    moves = game.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    rng = Rng(seed)
    iterations, depth, greedy, sample = flat_budget(game)
    totals = [0.0] * len(moves)
    counts = [0] * len(moves)
    for i in range(max(iterations, len(moves))):   # every move tried at least once
        k = i % len(moves)
        world = game.determinize(state, seat, rng)
        # the seat's own moves depend only on what it sees, so each is legal in every world
        world, _ = game.apply(world, game.parse(world, seat, moves[k].notation))
        for _ in range(depth):
            acting = game.to_act(world)
            if not acting:
                break
            actor = acting[rng.randbelow(len(acting))]
            options = game.legal_moves(world, actor)
            if greedy and len(options) > 1 and (greedy >= 1.0 or rng.random() < greedy):
                world = greedy_move(game, world, actor, options, seats, rng, sample)
            else:
                world, _ = game.apply(world, options[rng.randbelow(len(options))])
        totals[k] += rewards(game, world, seats)[seat]
        counts[k] += 1
    best = max(range(len(moves)), key=lambda j: (totals[j] / counts[j], -j))
    return moves[best]
