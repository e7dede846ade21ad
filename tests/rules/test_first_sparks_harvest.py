"""Phase 2, « Chasse et cueillette »: the AI seats reckon a clan's harvest with the rules' own
functions (rules/first_sparks/harvest.py), so what the heuristic expects a clan to harvest is
what the rules would give it, hunt plan by hunt plan (issue 28: the harvest rule was copied into
the heuristic)."""

from __future__ import annotations

import pytest

from rules.first_sparks import GAME
from rules.first_sparks.data import IS_TOOL
from rules.first_sparks.harvest import harvest_value, hunt, hunt_plans, tool_harvest
from tests.positions import playout_points


def _gained(state, seat: int, plan) -> int:
    """The food the rules give ``seat`` hunting with ``plan`` now (crops included)."""
    after = GAME.clone(state)
    before = after.ledger[0]            # food into the clans' hands
    hunt(after, seat, list(plan[0]), [], plan[1])
    return after.ledger[0] - before


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_harvest_the_ai_expects_is_the_best_the_rules_give(players, seeds):
    checked = 0
    for seed in seeds[:2]:
        for state in playout_points(GAME, players, seed, GAME.resolve_options({}), seed ^ 0x4A, 3):
            if state.phase in ("build", "neutral", "first", "over"):
                continue
            for seat in range(state.n):
                plans = hunt_plans(state, seat)
                assert harvest_value(state, seat) == max(_gained(state, seat, plan) for plan in plans)
                checked += 1
    assert checked


@pytest.mark.parametrize("players", [3, 5])
def test_one_tool_brings_what_the_rules_give_it_alone(players, seeds):
    """A clan holding this one tool (herbs, a field, a hunting tool) and its knowledge gains, by the
    rules, what ``tool_harvest`` says the tool brings (Charrue: a field one crop more)."""
    checked = 0
    for seed in seeds[:2]:
        for state in playout_points(GAME, players, seed, GAME.resolve_options({}), seed ^ 0x7B, 4):
            if state.phase in ("build", "neutral", "first", "over"):
                continue
            for seat in range(state.n):
                for card in [c for c in state.cards[seat] if IS_TOOL[c]]:
                    alone = GAME.clone(state)
                    alone.cards[seat] = [c for c in alone.cards[seat] if not IS_TOOL[c] or c == card]
                    assert tool_harvest(state, seat, card) == _gained(alone, seat, hunt_plans(alone, seat)[0])
                    checked += 1
    assert checked
