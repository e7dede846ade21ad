"""The legal moves of the seat that must decide, phase by phase (the moves themselves: moves.py)."""

from __future__ import annotations

from rules.core import Move

from . import moves as book
from .board import spot_columns
from .events import TILE_GROUND_WORDS
from .expansion import neutral_clan, neutral_spots, placements
from .flow import to_act
from .harvest import hunt_plans
from .market import free_discard
from .queries import board_of, can_buy, cost_to_buy, current_market, may_own, starve_choices, tools_of
from .repetition import may_propose
from .state import State


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == "build":
        return build_moves(state, seat)
    if phase in ("neutral", "first"):
        neutral = phase == "neutral"
        clan = neutral_clan(state) if neutral else seat
        return list(map(book.START[seat, clan, neutral].__getitem__, free_starts(state)))
    if phase == "second":
        moves = [book.SECOND[seat, r, c] for r, c in placements(state, seat)]
        moves.append(book.NO_SECOND[seat])
        return moves
    if phase == "buy":
        return buy_moves(state, seat)
    if phase == "hunt":
        if state.starve:
            return [book.STARVE[seat, r] for r in starve_choices(state, seat)]
        return [book.HUNT[seat, cards, tuple(taken.items())] for cards, taken in hunt_plans(state, seat)]
    if phase == "expand":
        if state.neutral_due:
            return [book.NEUTRAL[seat, r] for r in neutral_spots(state)]
        moves = [book.NEW[seat, r, c] for r, c in placements(state, seat)]
        moves.append(book.DONE[seat])
        return moves
    return []


def build_moves(state: State, seat: int) -> list[Move]:
    """The drawn tile (``pile[0]``) on every spot next to the landscape, either way round."""
    up, down = TILE_GROUND_WORDS[state.pile[0]]
    return book.spot_moves(seat, *spot_columns(state.tiles), up, down)


def free_starts(state: State) -> list[int]:
    """Mise en place: a first member goes on a region whose hunting ground no clan touches yet."""
    region_hex = board_of(state).region_hex
    taken = {region_hex[r - 1] for regs in state.members for r in regs}
    return [i + 1 for i, h in enumerate(region_hex) if h not in taken]


def buy_moves(state: State, seat: int) -> list[Move]:
    if state.vote is not None:
        return [book.AGREE[seat], book.REFUSE[seat]]
    if state.drop is not None:
        return [book.DROP[seat, c] for c in tools_of(state, seat)]
    offer = state.offer
    if offer and offer.get("decide"):
        c = offer["card"]
        if can_buy(state, seat, c):
            return [book.TAKE[seat, c], book.DISCARD[seat, c]]
        return [book.DISCARD[seat, c]]
    if offer:
        c = offer["card"]
        if can_buy(state, seat, c):
            return [book.BUY[seat, c, cost_to_buy(state, c)], book.DECLINE[seat]]
        return [book.DECLINE[seat]]
    free = free_discard(state, seat)
    moves = [book.OFFER[seat, c, cost_to_buy(state, c)]
             for c in current_market(state) if can_buy(state, seat, c) or (free and may_own(state, seat, c))]
    moves.append(book.PASS[seat])
    if may_propose(state, seat):
        moves.insert(0, book.END[seat])     # first: the way out of a cycle, where nothing else matters
    return moves
