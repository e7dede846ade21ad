"""Neanderthal has one path for a move (issue 28): the search's copy-on-write ``apply``
(rules/neanderthal/quick.py) plays the engine's own move (``moves.play_move``) and the engine's
own automatic steps (``engine.STEPS``), not copies of them. These tests failed on the quick.py
that played bids, passes and the flow after them by itself."""

from __future__ import annotations

import pytest

from rules.core import Rng
from rules.neanderthal import GAME, quick, shape
from rules.neanderthal import choices as C
from rules.neanderthal import engine as E
from rules.neanderthal import moves as M


def _decisions(kinds, limit=40):
    """(state, move) pairs of random games where the move's kind is one of ``kinds`` and the
    copy-on-write path takes it."""
    out = []
    for seed in (1, 2, 3):
        state = GAME.setup(3, seed, GAME.resolve_options({}))
        chooser = Rng(seed)
        while GAME.to_act(state) and len(out) < limit * seed:
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            move = moves[chooser.randbelow(len(moves))]
            if move.data[0] in kinds and quick.quick_apply(state, move) is not None:
                out.append((state, move))
            state = GAME.apply(state, move)[0]
    return out


@pytest.mark.parametrize("kinds", [("bid",), ("pass",), ("hunt",), ("sex",)])
def test_the_copy_on_write_apply_plays_the_engine_s_own_move(monkeypatch, kinds):
    """Every move the fast path takes goes through moves.play_move, the function Game.play uses."""
    played = []
    real = M.play_move

    def spy(st, move, ev):
        played.append(move)
        return real(st, move, ev)

    monkeypatch.setattr(M, "play_move", spy)
    pairs = _decisions(kinds)
    assert pairs
    for state, move in pairs:
        played.clear()
        GAME.apply(state, move)
        assert played == [move]


def test_whether_a_seat_goes_on_assigning_is_the_engine_s_phase_2_step_s_answer(monkeypatch):
    """After a hunter is sent, the engine's phase-2 step asks whether the seat has more to
    assign (choices.has_assignment); the fast path used to answer by itself."""
    asked = []
    real = C.has_assignment

    def spy(st, seat):
        asked.append(seat)
        return real(st, seat)

    monkeypatch.setattr(E, "has_assignment", spy)
    pairs = _decisions(("hunt",))
    for state, move in pairs:
        asked.clear()
        after = GAME.apply(state, move)[0]
        assert asked, "the step did not run"
        assert GAME.to_act(after)[0] in asked or after["phase"] != "assign"


def test_has_assignment_agrees_with_the_moves_it_stands_for():
    """has_assignment answers the usual case (a hunter or the alpha free, a party already out)
    without building moves: it must still be whether assign_moves offers more than `done`."""
    met = 0
    for seed in (1, 2, 3, 4):
        for players in (2, 3):
            state = GAME.setup(players, seed, GAME.resolve_options({}))
            chooser = Rng(seed * 7 + players)
            while GAME.to_act(state):
                if state["phase"] == "assign":
                    for seat in range(players):
                        slow = [m.data for m in C.assign_moves(state, seat)] != [("done",)]
                        assert C.has_assignment(state, seat) == slow
                        met += 1
                seat = GAME.to_act(state)[0]
                moves = GAME.legal_moves(state, seat)
                state = GAME.apply(state, moves[chooser.randbelow(len(moves))])[0]
    assert met > 100


def test_a_state_the_fast_path_returns_holds_no_bookkeeping():
    """The parts owned travel in the state only while it is played: what apply returns, and its
    input, hold only the keys the state's shape declares."""
    for state, move in _decisions(("bid", "hunt", "pass", "neo", "done")):
        after = GAME.apply(state, move)[0]
        assert after.keys() <= shape.declared_keys() and state.keys() <= shape.declared_keys()
