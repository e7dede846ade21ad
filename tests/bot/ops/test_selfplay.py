"""Whole games through the table service (parse, apply, save in SQLite), by
random legal moves, for every game at its smallest and largest table: the
path a player's commands take, not the rules alone. A legal move the service
refuses, or a game that does not end, fails the test."""

from __future__ import annotations

import pytest

from bot.ops.selfplay import through_service
from rules import registry

# options a table size needs (one person alone runs all three Neanderthal species)
NEEDS = {("neanderthal", 1): {"mode": "solo"}}


def tables():
    for game in registry.all_games():
        for players in sorted({game.min_players, game.max_players}):
            yield pytest.param(game.key, players, id=f"{game.key}-{players}")


@pytest.mark.parametrize("key,players", list(tables()))
async def test_a_whole_game_through_the_service(key, players, seeds):
    game = registry.get(key)
    options = game.resolve_options(NEEDS.get((key, players), {}))
    finished, moves = await through_service(key, players, seeds[0], options, False)
    assert finished and moves > 0
