"""The First Sparks AI plays the game's arc (issues 27 and 29): it expands when it can and nothing is
left to save for, and tables of AI seats end.

Fin du jeu: « Dès qu'un joueur place le treizième membre de son clan sur le plateau [...] Le jeu se
termine ensuite »; phase 3: « A son tour, le joueur paie le coût de base suivant pour ses nouveaux
membres : 1 3 6 10 15 »; phase 2: « un joueur doit dépenser 1 nourriture pour chaque membre de son clan ».
Before, the heuristic counted each food of surplus a round as a third of a member over four rounds, so
a new member (one food a round less) always looked worse than none: the all-easy five-seat arena
(seed 3) went round for ever with 24–73 food in hand."""

from __future__ import annotations

import copy

import pytest

from ai import decide
from rules.core import Rng
from rules.first_sparks import GAME
from rules.first_sparks.phrases import AGREED_END, OVER

from .test_first_sparks_repetition import LOOP


def test_with_nothing_left_to_buy_the_ai_expands():
    """Market and deck empty, 27 food, Fire, free regions next door: stopping only hoards food."""
    state = GAME.from_json(copy.deepcopy(LOOP))
    assert not state.market and not state.deck and GAME.to_act(state) == [0]
    for level, iterations in (("easy", None), ("normal", 60)):
        move = decide(GAME, state, 0, 2, level, seed=3, iterations=iterations).move
        assert move.data[0] == "place", (level, move.notation)


def _play(players: int, seed: int, level: str = "easy"):
    state = GAME.setup(players, seed, GAME.resolve_options({}))
    chooser = Rng(seed ^ 0xA5E7A)
    events = []
    for step in range(5000):
        acting = GAME.to_act(state)
        if not acting:
            break
        decision = decide(GAME, state, acting[0], players, level, chooser.randbelow(1 << 62) ^ step)
        state, events = GAME.apply(state, decision.move)
    return state, events


@pytest.mark.parametrize(("players", "seed"), [(5, 3), (5, 1), (4, 2), (2, 1)])
def test_tables_of_ai_seats_reach_the_thirteenth_member(players, seed):
    state, events = _play(players, seed)
    assert state.phase == "over" and GAME.result(state) is not None
    assert events[-1].said.key == OVER.key and max(state.size(s) for s in range(players)) >= 13
    assert state.round <= 20


def test_an_ai_table_stuck_in_a_cycle_ends_by_agreement():
    """Three easy seats, seed 2: two clans of one member living on 1 crop and no food, the third fed
    exactly: the rounds repeat, the channel is told, and the seats agree to end it."""
    state, events = _play(3, 2)
    assert state.phase == "over" and events[-1].said.key == AGREED_END.key
