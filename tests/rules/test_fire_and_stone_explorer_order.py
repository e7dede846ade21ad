"""Fire & Stone: with two explorers, the player chooses which one plays first (issue 27).

TOUR DE JEU: « résolvez les étapes suivantes dans l'ordre indiqué ci-dessous avec chacun de vos
explorateurs (lorsque vous aurez deux explorateurs, jouez d'abord complètement le premier explorateur,
puis le second) ». The two explorers of a tribe are identical pawns, so « le premier » is whichever the
player moves first; before, the original pawn always went first."""

from __future__ import annotations

import pytest

from bot.table.rulebook import pages_of
from rules.core import IllegalMove
from rules.fire_and_stone import GAME
from rules.fire_and_stone.data import PRINTED_FIRE, START

from .test_fire_and_stone import BLUE, NEXT_TO_START, RED, at, clear, fresh, notations, play

SECOND = 60                 # where Red's second explorer stands (a territory of region I)


def _red_turn_with_two_explorers():
    """Blue ends its turn on a lone food icon; Red, holding two explorers, starts its turn."""
    state = fresh()
    state["p"][RED]["ex"] = [START, SECOND]
    at(state, BLUE, START)
    clear(state, NEXT_TO_START)
    state, _ = play(state, BLUE, str(NEXT_TO_START))
    assert GAME.to_act(state) == [RED]
    return state


def _plain(state, pawn):
    """A destination of ``pawn`` that only it reaches, with nothing on it (a lone food icon)."""
    mine = set(GAME.reachable(state, RED, pawn))
    other = set(GAME.reachable(state, RED, 1 - pawn))
    t = min(t for t in mine - other if t not in PRINTED_FIRE)
    clear(state, t)
    return t


def test_either_explorer_may_go_first_and_the_other_follows():
    state = _red_turn_with_two_explorers()
    moves = notations(state, RED)
    assert any(m.startswith(f"{START}>") for m in moves) and any(m.startswith(f"{SECOND}>") for m in moves)
    t = _plain(state, 1)
    state, events = play(state, RED, f"{SECOND}>{t}")            # the second pawn goes first
    assert state["p"][RED]["ex"] == [START, t]
    assert "from 60" in events[0].text
    # then the other explorer, completely, and only it
    assert GAME.to_act(state) == [RED] and state["pending"][0] == {"k": "move", "s": RED, "e": 0}
    assert all(m.isdigit() for m in notations(state, RED))
    u = min(GAME.reachable(state, RED, 0))
    clear(state, u)
    state, _ = play(state, RED, str(u))
    assert state["p"][RED]["ex"][0] == u
    assert GAME.to_act(state) == [BLUE]                           # Red's turn is over: both played once


def test_the_original_pawn_may_still_go_first():
    state = _red_turn_with_two_explorers()
    t = _plain(state, 0)
    state, _ = play(state, RED, str(t))                           # only pawn 0 reaches t: a bare number will do
    assert state["p"][RED]["ex"] == [t, SECOND]
    assert state["pending"][0] == {"k": "move", "s": RED, "e": 1}


def test_a_bare_territory_both_can_reach_moves_the_original_explorer():
    """As before the choice, so that move logs typed then replay unchanged (the log is the game)."""
    state = _red_turn_with_two_explorers()
    both = sorted(set(GAME.reachable(state, RED, 0)) & set(GAME.reachable(state, RED, 1)))
    assert both                                                   # 60 and the start share neighbours
    assert GAME.parse(state, RED, str(both[0])).notation == f"{START}>{both[0]}"
    assert GAME.parse(state, RED, f"{SECOND} > {both[0]}").notation == f"{SECOND}>{both[0]}"
    with pytest.raises(IllegalMove):
        GAME.parse(state, RED, f"{SECOND + 1}>{both[0]}")        # no explorer of Red's stands there
    # labels say which explorer moves
    labels = {m.notation: m.label for m in GAME.legal_moves(state, RED)}
    assert labels[f"{SECOND}>{both[0]}"].startswith(f"Explorer at {SECOND} to {both[0]}")


def test_explorers_on_one_territory_are_offered_once():
    state = fresh()
    state["p"][RED]["ex"] = [START, START]
    at(state, BLUE, START)
    clear(state, NEXT_TO_START)
    state, _ = play(state, BLUE, str(NEXT_TO_START))
    moves = notations(state, RED)
    assert len(moves) == len(set(moves)) == len(GAME.reachable(state, RED, 0))


def test_the_rules_page_says_the_player_chooses():
    turn = {p.topic: p.text for p in pages_of(GAME, "en")}["turn"]
    assert "you choose which goes first" in turn
    turn_fr = {p.topic: p.text for p in pages_of(GAME, "fr")}["turn"]
    assert "vous choisissez lequel est le premier" in turn_fr
