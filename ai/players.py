"""The AI players, by level, behind one function: :func:`decide`.

- ``random``: a uniformly random legal move (what the table played before AIs);
- ``easy``: one move of look-ahead — each legal move tried on a few
  determinisations and judged by the game's heuristic (or the result);
- ``normal`` and ``hard``: information-set MCTS (``ai.search``) under an
  iteration budget (plus a wall-clock cap in live play).

A decision sees only what its seat may see: every level starts from
``Game.determinize(state, seat, rng)``, never from the true state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.search import Budget, rewards, search
from rules.core import Game, Judge, Move, Rng

LEVELS = ("easy", "normal", "hard")
BUDGETS: dict[str, Budget] = {
    "normal": Budget(iterations=300, rollout_depth=30),
    "hard": Budget(iterations=1200, rollout_depth=40),
}
EASY_SAMPLES = 4


@dataclass(frozen=True)
class Decision:
    """A move and why: ``how`` is "only" (the only legal move), "random", "look-ahead"
    (one move deep) or "search" (``iterations`` futures searched); ``score`` is the
    seat's expected reward for the move, 0..1. The bot words the reason."""

    move: Move
    how: str
    score: float
    iterations: int = 0

    @property
    def reason(self) -> str:
        """The reason in plain English (logs, the arena); players read the bot's wording."""
        if self.how == "search":
            return f"searched {self.iterations} futures; this move scored {self.score:.0%}"
        if self.how == "look-ahead":
            return f"one move ahead, this move leaves the seat at {self.score:.0%}"
        return {"only": "the only legal move", "random": "a random legal move"}[self.how]


def decide(game: Game, state, seat: int, seats: int, level: str, seed: int, *, iterations: int | None = None,
           seconds: float | None = None) -> Decision:
    """The move ``level`` plays for ``seat`` (which must be acting) at a table of
    ``seats``. Deterministic for a seed and an iteration budget; ``seconds`` caps
    the wall clock (live play only)."""
    moves = game.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    rng = Rng(seed)
    if len(moves) == 1:
        return Decision(moves[0], "only", 0.5)
    if level == "random":
        return Decision(moves[rng.randbelow(len(moves))], "random", 0.5)
    if level == "easy":
        return _look_ahead(game, state, seat, seats, moves, rng)
    if level not in BUDGETS:
        raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")
    base = BUDGETS[level]
    tuning = game.ai_tuning(level)   # the game's own settings (rules/<key>/ai_tuning.py)
    root = None
    if tuning.root_width and len(moves) > tuning.root_width:
        ranked = ranked_by_look_ahead(game, state, seat, seats, moves, rng, tuning.judge)
        root = tuple(m.notation for m in ranked[:tuning.root_width])
    budget = Budget(iterations or round(base.iterations * tuning.iterations_scale),
                    base.rollout_depth if tuning.rollout_depth is None else tuning.rollout_depth, seconds, root,
                    tuning.prior_visits, base.exploration if tuning.exploration is None else tuning.exploration,
                    tuning.greedy, tuning.greedy_sample, tuning.judge)
    outcomes = search(game, state, seat, seats, rng, budget)
    by_notation = {m.notation: m for m in moves}
    for outcome in outcomes:
        if outcome.notation in by_notation:
            return Decision(by_notation[outcome.notation], "search", outcome.mean, outcome.iterations)
    # the search never tried one of the real moves (a tiny budget): fall back on a look-ahead
    return _look_ahead(game, state, seat, seats, moves, rng)


def _values(game: Game, state, seat: int, seats: int, moves: list[Move], rng: Rng,
            judge: Judge | None = None) -> list[float]:
    """Each move's value to the seat one move ahead, averaged over a few determinisations."""
    worlds = [game.determinize(state, seat, rng) for _ in range(EASY_SAMPLES)]
    values = []
    for move in moves:
        total = 0.0
        for world in worlds:
            # the seat's own moves depend only on what it sees, so each is legal in every world
            after, _ = game.apply(world, game.parse(world, seat, move.notation))
            total += rewards(game, after, seats, judge)[seat]
        values.append(total / len(worlds))
    return values


def ranked_by_look_ahead(game: Game, state, seat: int, seats: int, moves: list[Move], rng: Rng,
                         judge: Judge | None = None) -> list[Move]:
    """The moves, best first by a one-move look-ahead (ties in the rules' order)."""
    values = _values(game, state, seat, seats, moves, rng, judge)
    return [moves[i] for i in sorted(range(len(moves)), key=lambda i: -values[i])]


def _look_ahead(game: Game, state, seat: int, seats: int, moves: list[Move], rng: Rng) -> Decision:
    values = _values(game, state, seat, seats, moves, rng)
    best = max(range(len(moves)), key=lambda i: (values[i], -i))   # the first of equals, as before
    return Decision(moves[best], "look-ahead", values[best])
