"""The move oracle: judges one position's moves by playing each to the end many times.

A yardstick for AI tuning that costs far less than whole games: at positions of real games,
each candidate move is played out to the end of the game, ``playouts`` times, and scored as
the search scores an end (``ai.search.rewards``: 1 for first place, 0 for last). Every playout
starts from a fresh determinisation of the seat's view (``Game.determinize``: the oracle sees
only what the seat may see) and plays greedy moves for every seat (each the best of
``sample`` random legal moves by the game's heuristic, one move ahead, as the levels' greedy
rollouts do). The moves of one position share their random numbers (the same determinisation
and the same playout draws for each), so their difference is measured more sharply than
either value.

Two questions it answers (issue 29):

- ``--levels A,B``: where level A and level B choose differently, which choice is worth more.
  A whole game is decided by a few such positions and much luck; this asks only about those.
- ``--width K``: what a level's root narrowing leaves out. The K best moves by a one-move
  look-ahead are each valued twice, by two independent sets of playouts: the first set picks
  the best of the first 4 and the best of all K, the second values them (picking the best of
  many noisy values by those same values would flatter it).

    python -m bench.move_oracle neanderthal --levels normal,hard --positions 40 --playouts 200
    python -m bench.move_oracle neanderthal --width 16 --positions 40 --playouts 60 --seed 11

Each line printed is one position, as JSON; the last line sums them up. Its figures are
estimates with the noise their playouts leave (the summary gives a 95 % interval where it can).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.players import decide, ranked_by_look_ahead  # noqa: E402
from ai.search import greedy_move, rewards  # noqa: E402
from bench.flat_mc import positions  # noqa: E402
from rules import registry  # noqa: E402
from rules.core import Game, Rng  # noqa: E402

SAMPLE = 8              # a playout move: the best of this many random legal moves, by the heuristic
MAX_MOVES = 5000        # a playout longer than this is judged by the heuristic where it stands
UNDECIDED = (0.1, 0.9)  # a position whose values all lie outside this is already decided


def playout(game: Game, world, seats: int, rng: Rng, sample: int = SAMPLE):
    """``world`` played to the end by greedy moves for every seat (a random one of those acting)."""
    for _ in range(MAX_MOVES):
        if game.result(world) is not None:
            break
        acting = game.to_act(world)
        actor = acting[rng.randbelow(len(acting))]
        moves = game.legal_moves(world, actor)
        world = greedy_move(game, world, actor, moves, seats, rng, sample) if len(moves) > 1 \
            else game.apply(world, moves[0])[0]
    return world


def judge(game: Game, state, seat: int, seats: int, notations: list[str], playouts: int, seed: int) -> dict[str, float]:
    """Each move's mean reward for ``seat`` over ``playouts`` playouts from the seat's view; the
    moves of one playout share its determinisation and its random numbers."""
    views = Rng(seed)
    totals = dict.fromkeys(notations, 0.0)
    for i in range(playouts):
        world = game.determinize(state, seat, views)
        for notation in notations:
            rng = Rng(seed * 100_003 + i)   # the same draws for every move of this playout
            after, _ = game.apply(world, game.parse(world, seat, notation))
            totals[notation] += rewards(game, playout(game, after, seats, rng), seats)[seat]
    return {m: total / playouts for m, total in totals.items()}


def compare_levels(game: Game, levels: tuple[str, str], count: int, playouts: int, seed: int):
    """One record per position: each level's move, and where they differ, each one's value."""
    first, second = levels
    for i, (state, seat) in enumerate(positions(game, 2, seed, count)):
        chosen, secs = {}, {}
        for level in levels:
            started = time.process_time()
            chosen[level] = decide(game, state, seat, 2, level, i).move.notation
            secs[level] = round(time.process_time() - started, 2)
        record = {"position": i, "moves": len(game.legal_moves(state, seat)), first: chosen[first],
                  second: chosen[second], "cpu_s": secs}
        if chosen[first] != chosen[second]:
            values = judge(game, state, seat, 2, [chosen[first], chosen[second]], playouts, seed=i + 1)
            record["value"] = {level: round(values[chosen[level]], 3) for level in levels}
        yield record


def width(game: Game, level: str, top: int, count: int, playouts: int, seed: int):
    """One record per position with at least 6 moves: the level's move and the best of the look-ahead's
    first 4 and first ``top`` (picked by one set of playouts, valued by another)."""
    for i, (state, seat) in enumerate(positions(game, 2, seed, count)):
        moves = game.legal_moves(state, seat)
        if len(moves) < 6:
            continue
        ranked = [m.notation for m in ranked_by_look_ahead(game, state, seat, 2, moves, Rng(i))][:top]
        mine = decide(game, state, seat, 2, level, i).move.notation
        if mine not in ranked:
            ranked.append(mine)
        picks = judge(game, state, seat, 2, ranked, playouts, seed=1000 + i)
        values = judge(game, state, seat, 2, ranked, playouts, seed=2000 + i)
        best4 = max(ranked[:4], key=lambda m: picks[m])
        best = max(ranked, key=lambda m: picks[m])
        yield {"position": i, "moves": len(moves), level: mine, "rank": ranked.index(mine),
               "value": {level: round(values[mine], 3), "best_of_4": round(values[best4], 3),
                         f"best_of_{top}": round(values[best], 3), "look_ahead_first": round(values[ranked[0]], 3)},
               "best_rank": ranked.index(best)}


def undecided(values: dict[str, float]) -> bool:
    return any(UNDECIDED[0] < v < UNDECIDED[1] for v in values.values())


def mean_interval(diffs: list[float]) -> dict:
    """The mean of ``diffs`` and the half-width of its 95 % interval (normal approximation)."""
    if not diffs:
        return {"n": 0}
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else None
    return {"n": len(diffs), "mean": round(mean, 4), "ci95_half": round(half, 4) if half is not None else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    ask = parser.add_mutually_exclusive_group(required=True)
    ask.add_argument("--levels", help="two levels, A,B: where they choose differently, which choice is worth more")
    ask.add_argument("--width", type=int, metavar="K", help="what the root's narrowing leaves out of the K best moves")
    parser.add_argument("--level", default="normal", help="with --width: the level whose choice is compared")
    parser.add_argument("--positions", type=int, default=40, help="positions of easy-played 2-player games")
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    records = []
    if args.levels:
        named = args.levels.split(",")
        if len(named) != 2:
            parser.error("--levels takes two levels, A,B")
        pair = (named[0], named[1])
        for record in compare_levels(game, pair, args.positions, args.playouts, args.seed):
            records.append(record)
            print(json.dumps(record), flush=True)
        judged = [r["value"] for r in records if "value" in r]
        summary = {"positions": len(records), "differ": len(judged),
                   f"{pair[1]}_minus_{pair[0]}": mean_interval([v[pair[1]] - v[pair[0]] for v in judged])}
    else:
        for record in width(game, args.level, args.width, args.positions, args.playouts, args.seed):
            records.append(record)
            print(json.dumps(record), flush=True)
        open_ones = [r["value"] for r in records if undecided(r["value"])]
        summary = {"positions": len(records), "undecided": len(open_ones)}
        for name in ("best_of_4", f"best_of_{args.width}", "look_ahead_first"):
            summary[f"{name}_minus_{args.level}"] = mean_interval([v[name] - v[args.level] for v in open_ones])
    print(json.dumps({"summary": summary}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
