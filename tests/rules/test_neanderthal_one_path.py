"""Neanderthal has one path for a move (issue 28): the search's copy-on-write ``apply``
(rules/neanderthal/quick.py) plays the engine's own move (``moves.play_move``) and the engine's
own automatic steps (``engine.STEPS``), not copies of them. These tests failed on the quick.py
that played bids, passes and the flow after them by itself."""

from __future__ import annotations

import json

import pytest

from rules.core import Rng
from rules.neanderthal import GAME, quick, shape
from rules.neanderthal import choices as C
from rules.neanderthal import moves as M
from rules.neanderthal.queries import slug
from tests.rules.test_neanderthal import ARCHAIC
from tests.rules.test_neanderthal_rulings_27 import _endangered_with_a_full_hand


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


def test_a_discard_saved_before_phase_2_s_step_was_renamed_goes_on_the_same():
    """Phase 2's step is now "assign_next" ("assign" is where a seat assigns). A game saved during
    the discard that follows a recall (E4 + B2) named the phase to go back to "assign": loaded,
    it goes on exactly as the same game saved now."""
    st, atlatl = _endangered_with_a_full_hand()
    st, _ = GAME.apply(st, GAME.parse(st, ARCHAIC, "recall e3"))
    now = json.loads(GAME.dump(st))
    saved = now["state"]
    assert saved["phase"] == "discard" and saved["pend"]["then"] == "assign_next"
    before = {**now, "state": {**saved, "pend": {**saved["pend"], "then": "assign"}}}
    loaded = GAME.load(json.dumps(before))
    assert json.loads(GAME.dump(loaded)) == now
    move = f"discard {slug(atlatl)}"
    after = GAME.apply(loaded, GAME.parse(loaded, ARCHAIC, move))[0]
    assert GAME.dump(after) == GAME.dump(GAME.apply(st, GAME.parse(st, ARCHAIC, move))[0])
    assert after["phase"] == "assign" and GAME.to_act(after) == [ARCHAIC]
