"""Neanderthal's ``clone`` copies a state by its layout and lets copies share the
parts that are only ever replaced (elders, biome cells, portal lists, the player
order): ``apply`` must still leave its input, and every sibling state made from
the same input, exactly as they were (a search applies many moves to one state)."""

from __future__ import annotations

import pytest

from rules.core import Rng
from rules.neanderthal import GAME


@pytest.mark.parametrize("players,mode", [(3, "solo"), (2, "standard"), (3, "standard"), (3, "coop")])
def test_apply_leaves_the_input_and_its_siblings_untouched(players, mode):
    opts = GAME.resolve_options({"mode": mode})
    for seed in (1, 2):
        state = GAME.setup(players, seed, opts)
        chooser = Rng(seed ^ 0xC0FFEE)
        for _ in range(5000):
            acting = GAME.to_act(state)
            if not acting:
                break
            seat = acting[chooser.randbelow(len(acting))]
            moves = GAME.legal_moves(state, seat)
            before = GAME.dump(state)
            children = [GAME.apply(state, m)[0] for m in moves[:4]]
            dumps = [GAME.dump(c) for c in children]
            for child in children:   # play on in each child, then look back
                for m in GAME.legal_moves(child, GAME.to_act(child)[0])[:2] if GAME.to_act(child) else []:
                    GAME.apply(child, m)
                    GAME.play(GAME.clone(child), m)
            assert GAME.dump(state) == before, f"seed {seed}: apply changed its input"
            assert [GAME.dump(c) for c in children] == dumps, f"seed {seed}: siblings share state"
            state = GAME.apply(state, moves[chooser.randbelow(len(moves))])[0]
        assert GAME.result(state) is not None


@pytest.mark.parametrize("players,mode", [(2, "standard"), (3, "coop")])
def test_the_copy_on_write_apply_agrees_with_the_full_copy(players, mode):
    """quick_apply (bids, assignments) must give the state and events a full copy gives."""
    from rules.core import Game
    from rules.neanderthal.quick import quick_apply

    opts = GAME.resolve_options({"mode": mode})
    used = 0
    for seed in (3, 4):
        state = GAME.setup(players, seed, opts)
        chooser = Rng(seed)
        while GAME.to_act(state):
            acting = GAME.to_act(state)
            seat = acting[chooser.randbelow(len(acting))]
            moves = GAME.legal_moves(state, seat)
            move = moves[chooser.randbelow(len(moves))]
            quick = quick_apply(state, move)
            full = Game.apply(GAME, state, move)          # clone + play, no shortcut
            if quick is not None:
                used += 1
                assert GAME.dump(quick[0]) == GAME.dump(full[0])
                assert [e.text for e in quick[1]] == [e.text for e in full[1]]
            state = full[0]
    assert used > 20   # the shortcut is really taken
