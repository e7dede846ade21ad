"""Phase 4, « Bureaucratie » (automatic): the new turn order, the harvest spaces restocked, and in
stage 1 the market's highest card goes under the deck (or the shuffle card leaves, with the lowest)."""

from __future__ import annotations

from rules.core import Event
from rules.kit.events import said_event

from . import phrases as ph
from .data import ANIMALS, SHUFFLE, TOKEN_COUNT
from .events import TURN_ORDER, UNDER_DECK
from .market import refill
from .queries import board_of, order_by_size, restock_of
from .state import State


def bureaucracy(state: State, ev: list[Event]) -> None:
    state.order = order_by_size(state)
    ev.append(TURN_ORDER[tuple(state.order)])
    amounts = restock_of(state.n, board_of(state))
    for i, food in enumerate(ANIMALS):
        # the reserve holds every token not on a harvest space nor in a clan's hands (12 mammoths
        # in all; « tous les jetons » form the reserve); only the field is « illimité »
        in_hands = sum(h[i] for h in state.held)
        state.spaces[food] += max(0, min(amounts[i], TOKEN_COUNT[food] - state.spaces[food] - in_hands))
    if state.stage == 1 and SHUFFLE in state.market:
        state.market.remove(SHUFFLE)
        gone = state.market.pop(0) if state.market else None
        state.box += [SHUFFLE] + ([gone] if gone else [])
        state.stage = 2
        ev.append(said_event(ph.SHUFFLE_LEAVES_WITH(card=gone) if gone else ph.SHUFFLE_LEAVES()))
    elif state.stage == 1 and state.market:
        top = state.market.pop()
        state.deck.append(top)
        ev.append(UNDER_DECK[top])
        refill(state, ev)
