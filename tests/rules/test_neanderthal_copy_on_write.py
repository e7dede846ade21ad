"""Neanderthal's ``apply`` copies only the parts of a state a move changes and
shares the rest (bids, assignments, payments and actions, then the engine's steps
up to the next decision): every legal move, applied to one state, must leave that
state exactly as it was and give what a full copy + ``play`` gives."""

from __future__ import annotations

import pytest

from rules.core import Game, Rng
from rules.neanderthal import GAME


@pytest.mark.parametrize("players,mode", [(1, "solo"), (2, "standard"), (3, "standard"), (2, "coop")])
def test_every_legal_move_leaves_its_state_untouched(players, mode):
    opts = GAME.options_for_players(players, GAME.resolve_options({"mode": mode}))
    state = GAME.setup(GAME.seat_count(players, opts), 7, opts)
    chooser = Rng(0xC0DE + players)
    checked = 0
    while GAME.to_act(state):
        acting = GAME.to_act(state)
        seat = acting[chooser.randbelow(len(acting))]
        moves = GAME.legal_moves(state, seat)
        before = GAME.dump(state)
        for move in moves[:12]:
            new, events = GAME.apply(state, move)
            full, full_events = Game.apply(GAME, state, move)   # the plain clone + play
            assert GAME.dump(state) == before, f"{move.notation}: apply changed its input"
            assert GAME.dump(new) == GAME.dump(full), f"{move.notation}: the shortcut and the full copy differ"
            assert [e.text for e in events] == [e.text for e in full_events]
            checked += 1
        state = GAME.apply(state, moves[chooser.randbelow(len(moves))])[0]
    assert GAME.result(state) is not None
    assert checked > 200   # a whole game's worth of moves was tried
