"""Neanderthal has one path for a move (issue 28): the search's copy-on-write ``apply``
(rules/neanderthal/quick.py) plays the engine's own move (``moves.play_move``) and the engine's
own automatic steps (``engine.STEPS``), not copies of them. These tests failed on the quick.py
that played bids, passes and the flow after them by itself."""

from __future__ import annotations

import pytest

from rules.core import Rng
from rules.neanderthal import GAME, quick, shape
from rules.neanderthal import choices as C
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


def test_after_a_hunt_the_seat_goes_on_only_where_it_has_an_assignment():
    """moves.play_assign keeps the turn after a hunter is sent when a hunter (or the alpha) is
    left to follow it, with no step to ask (E); that must be exactly where phase 2's step,
    asking has_assignment, would have kept it, and the seat's moves are more than `done`."""
    met = 0
    for state, move in _decisions(("hunt",), limit=80):
        played = GAME.clone(state)
        M.play_move(played, move, [])
        if played["phase"] == "assign":       # kept by the move itself
            met += 1
            assert C.has_assignment(played, move.seat)
            assert [m.data for m in GAME.legal_moves(played, move.seat)] != [("done",)]
        else:                                 # left to the step, which asks has_assignment
            assert played["phase"] == "assign_next"
    assert met > 20


def test_a_state_the_fast_path_returns_holds_no_bookkeeping():
    """The parts owned travel in the state only while it is played: what apply returns, and its
    input, hold only the keys the state's shape declares."""
    for state, move in _decisions(("bid", "hunt", "pass", "neo", "done")):
        after = GAME.apply(state, move)[0]
        assert after.keys() <= shape.declared_keys() and state.keys() <= shape.declared_keys()
