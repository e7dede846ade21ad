"""A decision from plain data, for a worker process: the game's key, the state's
stored JSON and the seat in, the move's notation and why out. Everything that
crosses the process boundary is a string or a number, so nothing of the bot (its
event loop, sockets, database) is needed or shared; the result is the one
:func:`ai.players.decide` gives in the calling process for the same arguments.
"""

from __future__ import annotations

import importlib

from ai.players import decide
from rules import registry


def decide_json(key: str, module: str, state_json: str, seat: int, seats: int, level: str, seed: int,
                iterations: int | None, seconds: float | None) -> tuple[str, str, float, int]:
    """``decide`` on ``Game.load(state_json)``; returns (notation, how, score, iterations).
    ``module`` names where the game is defined, for a game registered at run time (tests'
    own games), which a fresh process does not know by its key."""
    try:
        game = registry.get(key)
    except KeyError:
        importlib.import_module(module)
        registry.register(key, module)
        game = registry.get(key)
    decision = decide(game, game.load(state_json), seat, seats, level, seed, iterations=iterations, seconds=seconds)
    return decision.move.notation, decision.how, decision.score, decision.iterations
