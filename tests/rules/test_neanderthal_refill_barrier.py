"""A hand card taken (G6) is replaced from the row's face-down deck (G7): a card comes to light, so
the move must be an undo barrier (undo never crosses a reveal of hidden information)."""

from __future__ import annotations

from rules import registry
from rules.core import Rng

GAME = registry.get("neanderthal")


def test_taking_a_hand_card_that_refills_the_row_is_a_reveal():
    found = 0
    for seed in range(1, 40):
        state = GAME.setup(2, seed, GAME.resolve_options({}))
        chooser = Rng(seed)
        for _ in range(3000):
            acting = GAME.to_act(state)
            if not acting:
                break
            offers = state.get("offers") or []
            moves = GAME.legal_moves(state, acting[0])
            if offers and offers[0][1] == "hand" and state["decks"][offers[0][3][0]]:
                take = [m for m in moves if m.data and m.data[0] == "offer" and m.data[1] is True]
                if take:
                    _after, events = GAME.apply(state, take[0])
                    assert any(e.reveal for e in events), "the refill from the deck shows a card: a barrier"
                    found += 1
                    if found >= 3:
                        return
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    assert found, "no hand card was offered in 39 random games"
