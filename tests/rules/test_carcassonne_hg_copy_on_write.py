"""The fast clone shares what a move does not change (copy on write): ``apply`` must
still leave the state it was given exactly as it was, in memory (not only once stored)."""

from __future__ import annotations

import pytest

from rules.carcassonne_hg import GAME
from rules.core import Rng


@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
def test_apply_never_changes_the_state_it_was_given(players, seeds):
    for seed in seeds[:3]:
        state = GAME.setup(players, seed, {})
        chooser = Rng(seed ^ 0xC0FF)
        history = []                      # every earlier state, with its stored form and public view
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            history.append((state, GAME.dump(state), GAME.view(state, None)))
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
        for old, dumped, view in history:   # later moves changed none of them either
            assert GAME.dump(old) == dumped
            assert GAME.view(old, None) == view
