"""The flat Monte Carlo yardsticks: players the AI levels never trained against.

Flat Monte Carlo (Brügmann 1993; the baseline of Browne et al., "A Survey of MCTS
Methods", 2012, section 2.3) has no tree: it shares its iterations evenly among all
the seat's legal moves, round-robin, and plays the move whose futures scored best.
Each iteration is a fresh determinisation (``Game.determinize``, so it never sees what
its seat may not see) and one rollout judged as the search judges it
(``ai.search.rewards``). Both players are deterministic for a seed. Two of them:

- ``flat``, issue 29's yardstick: classical flat Monte Carlo — *uniform random*
  rollouts, of ``normal``'s rollout depth in that game (the depth at which the game's
  heuristic takes over) — given about ``normal``'s CPU time per decision. Random
  rollouts cost less than ``normal``'s greedy ones, so it gets ``EQUAL_TIME[game]``
  times ``normal``'s iterations; the factor is measured by ``--calibrate`` (below) and the
  arena prints both seats' CPU per decision, so the equality can be checked in every run.
- ``flat-same``, a stricter check of what the tree alone adds: ``normal``'s iterations
  and ``normal``'s own rollouts (greedy where ``normal``'s are greedy).

    python -m bench.ladder clans --seats ai:normal,flat --games 40 --seed 1
    python -m bench.flat_mc --calibrate clans      # normal's CPU per decision / flat's at 1x
"""

from __future__ import annotations

import argparse
import sys
import time

from ai.players import BUDGETS, decide
from ai.search import greedy_move, rewards
from rules import registry
from rules.core import Game, Move, Rng

SPEC = "flat"
SAME_SPEC = "flat-same"

# Iterations of ``flat`` per iteration of ``normal``, for about equal CPU per decision
# (``--calibrate``; re-measure when a game's ``normal`` tuning changes). A game not
# listed gets 1.
EQUAL_TIME: dict[str, float] = {
    "clans": 1.6,              # 28 Nov 2026: 1.64 (normal ranks its root first)
    "carcassonne_hg": 10.0,    # 28 Nov 2026: 10.29 (normal's rollouts are greedy)
    "neanderthal": 6.2,        # 28 Nov 2026: 6.20 (greedy rollouts, priors, a ranked root)
    "first_sparks": 6.0,       # 28 Nov 2026: --calibrate 3.96 (greedy rollouts), but arena p50s equal at 6 (0.44 / 0.47 s)
    "fire_and_stone": 3.4,     # 28 Nov 2026: 3.37 (normal's rollouts are greedy)
}


def flat_budget(game: Game) -> tuple[int, int, float, int]:
    """(iterations, rollout depth, greedy share, greedy sample) of ``normal`` in this game."""
    base = BUDGETS["normal"]
    tuning = game.ai_tuning("normal")
    depth = base.rollout_depth if tuning.rollout_depth is None else tuning.rollout_depth
    return round(base.iterations * tuning.iterations_scale), depth, tuning.greedy, tuning.greedy_sample


def flat_move(game: Game, state, seat: int, seats: int, seed: int) -> Move:
    """``flat``'s move for ``seat``: random rollouts, about ``normal``'s CPU time."""
    iterations, depth, _, _ = flat_budget(game)
    return _flat(game, state, seat, seats, seed, round(iterations * EQUAL_TIME.get(game.key, 1.0)), depth, 0.0, 0)


def flat_same_move(game: Game, state, seat: int, seats: int, seed: int) -> Move:
    """``flat-same``'s move for ``seat``: ``normal``'s iterations and rollouts."""
    return _flat(game, state, seat, seats, seed, *flat_budget(game))


def _flat(game: Game, state, seat: int, seats: int, seed: int, iterations: int, depth: int, greedy: float,
          sample: int) -> Move:
    moves = game.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    rng = Rng(seed)
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


def positions(game: Game, seats: int, seed: int, count: int, level: str = "easy") -> list[tuple[object, int]]:
    """``count`` positions where a seat has a choice, spread over games played by ``level``
    ("easy": the positions real games reach, where the search costs what it costs in the arena;
    "random": random legal moves, cheaper and less like real play)."""
    rng = Rng(seed)
    found: list[tuple[object, int]] = []
    while len(found) < count:
        state = game.setup(seats, rng.randbelow(10**9), game.resolve_options({}))
        step = 0
        while game.result(state) is None and len(found) < count:
            actor = game.to_act(state)[0]
            moves = game.legal_moves(state, actor)
            if len(moves) > 1 and step % 7 == 3:        # every 7th move: early, middle and late game
                found.append((state, actor))
            if level == "random" or len(moves) == 1:
                move = moves[rng.randbelow(len(moves))]
            else:
                move = decide(game, state, actor, seats, level, rng.randbelow(1 << 62)).move
            state, _ = game.apply(state, move)
            step += 1
    return found


def calibrate(key: str, count: int = 12, seed: int = 1, level: str = "easy") -> float:
    """``normal``'s CPU per decision divided by ``flat``'s at ``normal``'s iterations, over the
    same ``count`` positions of 2-player games played by ``level``: the game's ``EQUAL_TIME``."""
    game = registry.get(key)
    iterations, depth, _, _ = flat_budget(game)
    normal = flat = 0.0
    for i, (state, seat) in enumerate(positions(game, 2, seed, count, level)):
        started = time.process_time()
        decide(game, state, seat, 2, "normal", i)
        normal += time.process_time() - started
        # flat timed at 8x and divided: at 1x, a position with more moves than iterations
        # would be timed at one rollout a move, not at ``iterations``
        started = time.process_time()
        _flat(game, state, seat, 2, i, iterations * 8, depth, 0.0, 0)
        flat += (time.process_time() - started) / 8
    return normal / flat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.flat_mc", description="The flat yardstick's calibration.")
    parser.add_argument("--calibrate", nargs="+", metavar="GAME", required=True)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--played-by", default="easy", choices=("easy", "random"),
                        help="who plays the games the positions come from (default: easy, as real games go)")
    args = parser.parse_args(argv)
    for key in args.calibrate:
        ratio = calibrate(key, args.positions, level=args.played_by)
        print(f"{key}: normal / flat at 1x = {ratio:.2f} (EQUAL_TIME today: {EQUAL_TIME.get(key, 1.0)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
