"""``hearth arena``: AI levels played against each other (a benchmark, not a test).

    hearth arena clans --seats ai:normal,random --games 20 --seed 1 [--options k=v] [--json]

Plays ``--games`` whole games with the rules and the AI only (no store, no
Discord). The seat specs rotate from game to game, so every spec plays every
seat equally often. Prints per spec: games, wins (a shared first place counts),
mean rank, and the CPU time of its decisions (p50, p95); while it runs, a line per
game on stderr. A game not ended after ``MAX_MOVES`` moves is left out of the
figures and named (``unfinished_seeds``), so one endless game cannot sink a run.

With two specs the report also has ``duel``: the first spec's wins, draws (a shared
first place) and losses, its score (a draw counts half) and the score's 95 % Wilson
interval. Decisions search fixed iteration budgets (no wall clock), so a run is the
same on any machine. Players other than the AI levels (a benchmark's yardstick,
``bench/flat_mc.py``) join by :func:`register_player`.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ai import LEVELS, decide
from bot.commands import parse_options
from rules import registry
from rules.core import Game, Move, Rng

SPECS = ("random",) + tuple(f"ai:{level}" for level in LEVELS)
MAX_MOVES = 50_000

# spec -> player(game, state, seat, seats, seed) -> Move: players the arena knows besides the AI levels
Player = Callable[[Game, object, int, int, int], Move]
PLAYERS: dict[str, Player] = {}


def register_player(spec: str, player: Player) -> None:
    """Seat another player under ``spec`` (e.g. a benchmark's yardstick)."""
    PLAYERS[spec.strip().lower()] = player


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n`` (95 % for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


@dataclass
class Tally:
    spec: str
    games: int = 0
    wins: int = 0
    ranks: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def figures(self) -> dict:
        times = sorted(self.seconds)
        return {"games": self.games, "wins": self.wins,
                "win_rate": round(self.wins / self.games, 3) if self.games else None,
                "mean_rank": round(statistics.fmean(self.ranks), 3) if self.ranks else None,
                "decision_p50_s": round(_pct(times, 50), 4) if times else None,
                "decision_p95_s": round(_pct(times, 95), 4) if times else None,
                "decisions": len(times)}


def _pct(values: list[float], pct: int) -> float:
    """Nearest-rank percentile of sorted values."""
    return values[max(0, min(len(values) - 1, -(-len(values) * pct // 100) - 1))]


def level_of(spec: str) -> str:
    spec = spec.strip().lower()
    if spec in PLAYERS:
        return spec
    if spec not in SPECS:
        raise ValueError(f"unknown seat spec {spec!r}: use {', '.join(SPECS)}")
    return spec.split(":", 1)[1] if ":" in spec else spec


def play_one(key: str, specs: list[str], seed: int, options: dict, iterations: int | None,
             tallies: dict[str, Tally], max_moves: int = MAX_MOVES) -> list[int] | None:
    """One game; ``specs[seat]`` plays each seat. Returns the final ranks, or
    None when the game had not ended after ``max_moves`` moves."""
    game = registry.get(key)
    opts = game.resolve_options(options)
    seats = game.seat_count(len(specs), opts)
    state = game.setup(seats, seed, opts)
    chooser = Rng(seed ^ 0xA5E7A)
    for step in range(max_moves):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        spec = specs[seat % len(specs)]
        started = time.process_time()
        seed_now = chooser.randbelow(1 << 62) ^ step
        if spec in PLAYERS:
            move = PLAYERS[spec](game, state, seat, seats, seed_now)
        else:
            move = decide(game, state, seat, seats, level_of(spec), seed_now, iterations=iterations).move
        tallies[spec].seconds.append(time.process_time() - started)
        state, _ = game.apply(state, move)
    result = game.result(state)
    return None if result is None else result.ranks


Progress = Callable[[int, int, int, list[str], "list[int] | None", float], None]


def arena(key: str, specs: list[str], games: int, seed: int, options: dict | None = None,
          iterations: int | None = None, *, max_moves: int = MAX_MOVES, progress: Progress | None = None) -> dict:
    """Plays the games; ``progress(i, games, seed, order, ranks, seconds)`` hears of each as it ends
    (``ranks`` None: not ended after ``max_moves``, counted as ``unfinished``, not as a result)."""
    for spec in specs:
        level_of(spec)
    tallies = {spec: Tally(spec) for spec in specs}
    unfinished: list[int] = []
    duel = [0, 0, 0]                                    # the first spec's wins, draws, losses (two specs)
    for i in range(games):
        shift = i % len(specs)
        order = specs[shift:] + specs[:shift]          # every spec plays every seat in turn
        started = time.perf_counter()
        ranks = play_one(key, order, seed + i, options or {}, iterations, tallies, max_moves)
        if progress is not None:
            progress(i, games, seed + i, order, ranks, time.perf_counter() - started)
        if ranks is None:
            unfinished.append(seed + i)
            continue
        if len(set(specs)) == len(specs) == 2:
            mine, theirs = (ranks[order.index(specs[0])], ranks[order.index(specs[1])])
            duel[0 if mine < theirs else 1 if mine == theirs else 2] += 1
        counted: set[str] = set()
        for seat, spec in enumerate(order):
            rank = ranks[seat] if seat < len(ranks) else max(ranks)
            tallies[spec].ranks.append(rank)
            if spec not in counted:                     # a spec on two seats counts one game
                tallies[spec].games += 1
                tallies[spec].wins += rank == 1
                counted.add(spec)
    report = {"game": key, "games": games - len(unfinished), "seed": seed, "iterations": iterations,
              "unfinished_seeds": unfinished,
              "seats": {spec: tally.figures() for spec, tally in tallies.items()}}
    if len(set(specs)) == len(specs) == 2:
        n = sum(duel)
        score = duel[0] + duel[1] / 2
        low, high = wilson(score, n)
        report["duel"] = {"first": specs[0], "second": specs[1], "wins": duel[0], "draws": duel[1],
                          "losses": duel[2], "score": round(score / n, 3) if n else None,
                          "wilson95": [round(low, 3), round(high, 3)]}
    return report


def _ordinal(rank: int) -> str:
    return f"{rank}{'st' if rank == 1 else 'nd' if rank == 2 else 'rd' if rank == 3 else 'th'}"


def print_progress(i: int, games: int, seed: int, order: list[str], ranks: list[int] | None, seconds: float) -> None:
    """One line per game on stderr, so a long run shows it is alive (the figures go to stdout)."""
    if ranks is None:
        outcome = f"not ended after {MAX_MOVES} moves (left out)"
    else:
        outcome = ", ".join(f"{spec} {_ordinal(ranks[seat])}" for seat, spec in enumerate(order) if seat < len(ranks))
    print(f"game {i + 1}/{games} (seed {seed}): {outcome} — {seconds:.1f} s", file=sys.stderr, flush=True)


def main(args) -> int:
    try:
        specs = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
        options = parse_options(args.options)
        game = registry.get(args.game)
        game.check_players(len(specs), game.resolve_options(options))
        report = arena(game.key, specs, args.games, args.seed, options, args.iterations,
                       progress=None if getattr(args, "quiet", False) else print_progress)
    except (ValueError, KeyError) as exc:
        print(f"hearth arena: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    n = report["games"]
    print(f"{report['game']}: {n} game{'' if n == 1 else 's'}, seed {report['seed']}")
    if report["unfinished_seeds"]:
        print(f"not ended (left out): seeds {', '.join(map(str, report['unfinished_seeds']))}")
    print(f"{'seat':<12} {'games':>5} {'wins':>5} {'win %':>6} {'mean rank':>9} {'p50 s':>7} {'p95 s':>7}")
    for spec, f in report["seats"].items():
        rate = f"{100 * f['win_rate']:.0f}" if f["win_rate"] is not None else "—"
        print(f"{spec:<12} {f['games']:>5} {f['wins']:>5} {rate:>6} {f['mean_rank'] or 0:>9.2f} "
              f"{f['decision_p50_s'] or 0:>7.3f} {f['decision_p95_s'] or 0:>7.3f}")
    duel = report.get("duel")
    if duel:
        low, high = duel["wilson95"]
        print(f"{duel['first']} against {duel['second']}: {duel['wins']}-{duel['draws']}-{duel['losses']} "
              f"(wins-draws-losses), score {duel['score']}, 95 % Wilson interval {low:.3f}-{high:.3f}")
    return 0
