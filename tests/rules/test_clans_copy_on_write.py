"""The fast clone shares what a move does not change (copy on write): ``apply`` must
still leave the state it was given exactly as it was, in memory (not only once stored)."""

from __future__ import annotations

import pytest

from rules.clans import GAME
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


def test_kept_group_sizes_always_match_the_huts(seeds):
    """The rules keep each territory's group size as they go (legal moves read it on
    every call); it must always equal a fresh count, and a state whose huts were put
    in from outside counts them again."""
    for seed in seeds[:3]:
        state = GAME.setup(4, seed, {})
        chooser = Rng(seed)
        while GAME.to_act(state):
            moves = GAME.legal_moves(state, state.turn)
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
            assert state.group_sizes() == [sum(h) for h in state.huts]
        state.huts = [[0] * 5 for _ in state.huts]
        state.huts[0][1] = 3
        assert state.group_sizes()[:2] == [3, 0] and sum(state.group_sizes()) == 3
