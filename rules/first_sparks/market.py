"""Phase 1, « Achat de technologies »: in turn order each clan offers a card of the current market
(or passes); the clans after it may want it, the first that does buys it, else its proposer does.
Then the unsold bonus card leaves and food spoils. The market is refilled from the deck.
"""

from __future__ import annotations

from rules.core import Event, Move
from rules.kit.events import said_event

from . import phrases as ph
from .data import PRICE, SHUFFLE, TOOL_FOOD, kind, price, table_take
from .events import (
    ANSWERS,
    CARD_WORDS,
    COMES,
    NOBODY_BOUGHT,
    OFFERS,
    PASSES,
    ROUND,
    SELLS,
    SPOILED,
    WHO,
    amount_words,
)
from .pieces import gain, pay
from .queries import (
    can_buy,
    cost_to_buy,
    current_market,
    current_size,
    knows,
    market_size,
    may_own,
    spoilage,
    step_back,
    tool_limit,
    tools_of,
)
from .repetition import play_vote
from .state import State


def start_round(state: State, ev: list[Event]) -> None:
    state.round += 1
    state.phase = "buy"
    state.done = []
    state.offer = None
    state.discard_used = False
    # "Piochez des cartes pour remplir le marché à chaque fois que nécessaire" (phase 1): a market
    # emptied by cards leaving without replacement (drawn below the bonus card, or unsold in
    # stage 2) is filled again from the deck before the round's offers; the book has no other
    # rule for it, and an empty market beside a full deck would never change again
    if not state.market and state.deck:
        while len(state.market) < market_size(state) and state.deck:
            refill(state, ev)
    cur = current_market(state)
    state.bonus = cur[0] if cur else None
    state.bonus_rank = state.bonus
    ev.append(ROUND[state.round, state.bonus])


def proposer(state: State) -> int:
    """The first clan in turn order that has neither bought nor passed this round."""
    done = state.done
    for s in state.order:
        if s not in done:
            return s
    raise StopIteration     # as next() on an empty generator: every seat is done


def free_discard(state: State, seat: int) -> bool:
    """2 players: the first player's first offer of the round may be removed instead of bought."""
    return state.n == 2 and seat == state.order[0] and not state.discard_used


def can_offer(state: State, seat: int) -> bool:
    """Whether the proposer has any card to offer (else passing is its only move)."""
    free = free_discard(state, seat)
    food, bonus = state.food[seat], state.bonus
    for c in state.market[:current_size(state)]:
        if c != SHUFFLE and (free or PRICE[c] - (c == bonus) <= food) and may_own(state, seat, c):
            return True
    return False


def play_buy(state: State, move: Move, ev: list[Event]) -> None:
    """Phase 1's decisions: a tool given up, a pass, an offer, an answer to one, the proposer's
    choice for an unwanted free offer; and the vote to end a game whose rounds cycle."""
    seat, act = move.seat, move.data[0]
    if act == "drop":
        card = move.data[1]
        state.cards[seat].remove(card)
        state.box.append(card)
        state.drop = None
        ev.append(said_event(ph.GIVES_UP(who=WHO[seat], card=CARD_WORDS[card]), seat))
        return
    if act == "pass":
        state.done.append(seat)
        ev.append(PASSES[seat])
        return
    if act in ("end", "agree", "refuse"):
        play_vote(state, seat, act, ev)
        return
    if act == "offer":
        card = move.data[1]
        free = free_discard(state, seat)
        if free:
            state.discard_used = True
        pos = state.order.index(seat)
        # a clan that cannot pay is not asked, except a Fire clan (its food is secret)
        ask = [s for s in state.order[pos + 1:] if s not in state.done and may_own(state, s, card)
               and (can_buy(state, s, card) or knows(state, s, "fire"))]
        state.offer = {"card": card, "by": seat, "ask": ask, "yes": None, "free": free}
        state.last["card"] = card
        ev.append(OFFERS[seat, card, cost_to_buy(state, card)])
    elif act in ("buy", "decline"):
        offer = state.offer
        assert offer is not None
        offer["ask"].pop(0)
        if act == "buy":
            offer["yes"] = seat
        said = ph.WANTS if act == "buy" else ph.DECLINES
        ev.append(ANSWERS[said, seat, offer["card"]])
    elif act == "take":
        assert state.offer is not None
        sell(state, seat, state.offer["card"], ev)
        return
    elif act == "discard":
        discard_offer(state, seat, ev)
        return
    offer = state.offer
    if offer and not offer["ask"]:
        if offer["yes"] is not None:
            sell(state, offer["yes"], offer["card"], ev)
        elif offer["free"]:
            offer["decide"] = True
        else:
            sell(state, offer["by"], offer["card"], ev)


def sell(state: State, seat: int, card: int, ev: list[Event]) -> None:
    cost = price(card)
    bonus = card == state.bonus
    if bonus:
        gain(state, seat, 1)
        state.bonus = None
    pay(state, seat, cost)
    state.market.remove(card)
    state.__dict__.pop("_open", None)          # Palaver changes the surcharges
    state.cards[seat].append(card)
    state.cards[seat].sort()
    state.done.append(seat)
    state.offer = None
    state.last["card"] = card
    said = ph.BUYS_BONUS if bonus else ph.BUYS
    ev.append(SELLS[said, seat, card, cost])
    if kind(card) == "intelligence":
        step_back(state.order, seat)
        ev.append(said_event(ph.STEPS_BACK(who=WHO[seat])))
    refill(state, ev)
    if len(tools_of(state, seat)) > tool_limit(state, seat):
        state.drop = seat


def discard_offer(state: State, seat: int, ev: list[Event]) -> None:
    """2 players: the first player removes the card it offered (its free removal), and with a hunting
    tool the tokens its table shows from that tool's harvest space."""
    assert state.offer is not None
    card = state.offer["card"]
    state.market.remove(card)
    state.box.append(card)
    if card == state.bonus:
        state.bonus = None
    state.offer = None
    state.last["card"] = card
    food = TOOL_FOOD.get(kind(card))
    if food:
        gone = min(table_take(card, state.spaces[food]), state.spaces[food])
        state.spaces[food] -= gone
        ev.append(said_event(ph.REMOVES_WITH(who=WHO[seat], card=CARD_WORDS[card],
                                             food=amount_words(food, gone)), seat))
    else:
        ev.append(said_event(ph.REMOVES(who=WHO[seat], card=CARD_WORDS[card]), seat))
    refill(state, ev)


def refill(state: State, ev: list[Event]) -> None:
    """Draw one card into the market (phase 1 sale or phase 4)."""
    if not state.deck:
        return
    card = state.deck.pop(0)
    if card == SHUFFLE:
        state.market.append(SHUFFLE)
        state.rng.shuffle(state.deck)
        ev.append(said_event(ph.SHUFFLED()))
    elif state.bonus_rank is not None and card < state.bonus_rank:
        state.box.append(card)
        ev.append(said_event(ph.DRAWN_LOW(card=CARD_WORDS[card]), reveal=True))
    else:
        state.market.append(card)
        ev.append(COMES[card])
    state.market.sort()


def end_buying(state: State, ev: list[Event]) -> None:
    """The end of phase 1: the bonus card nobody bought leaves, food spoils (Feu: not a Fire clan's)."""
    if state.bonus is not None and state.bonus in state.market:
        state.market.remove(state.bonus)
        state.box.append(state.bonus)
        ev.append(NOBODY_BOUGHT[state.bonus])
        state.bonus = None
        state.bonus_rank = None
        refill(state, ev)
    state.bonus = state.bonus_rank = None
    for seat in state.order:
        if knows(state, seat, "fire"):
            continue
        lost = spoilage(state.food[seat])
        if lost:
            pay(state, seat, lost)
            ev.append(SPOILED[seat, lost])
    state.phase = "hunt"
    state.queue = list(reversed(state.order))
