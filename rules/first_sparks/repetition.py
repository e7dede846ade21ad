"""When rounds repeat (no rule of the book; issue 27): the stalemate safeguard, the cycle watch and
the players' vote to end a game that goes round in circles.

« Fin du jeu » ends the game only when a clan places its 13th member, and nothing forces a clan to
expand (phase 3: « au maximum » 5 new members, none required), so clans that keep stopping could
play for ever. A round in which no player had a choice and that ends as the one before did ends
the game by itself (``stalemate``); a round end seen again within the last rounds lets the players
propose and agree to end it (``watch_cycles``, ``play_vote``).
"""

from __future__ import annotations

import hashlib
from dataclasses import fields
from typing import Any

from rules.core import Event
from rules.kit.events import said_event

from . import phrases as ph
from .data import PRICE, SHUFFLE
from .events import WHO
from .harvest import hunt_plans
from .state import Stall, State

# what the stalemate safeguard compares: every field of the state but the counters (round, ledger,
# placed, starved), what the image highlights (last) and the safeguard's own; dicts are compared as
# sorted items, so a state loaded from JSON gives the same digest
POSITION_FIELDS = tuple(f.name for f in fields(State)
                        if f.name not in ("rng", "round", "ledger", "placed", "starved", "last", "chose", "calm",
                                          "echo", "seen", "stall", "vote"))
CYCLE_WINDOW = 12   # round ends remembered by the cycle watch: a round ending as one of these began a cycle

MARKET_FIELDS = ("market", "deck", "box", "stage", "bonus", "bonus_rank")


def stalemate(state: State) -> bool:
    """Safeguard (no rule of the book): the round just played left the position
    as the previous one did and nobody had a choice in it, so every later round
    repeats it and no clan can ever reach 13 members. Left out of the position:
    harvest spaces no clan can hunt from, and the cards when no clan can pay for
    any card still to come; both only drift, and without a choice nothing else
    ever depends on them."""
    if state.chose:
        state.chose, state.calm = False, None
        return False
    digest = position_digest(state)
    if digest == state.calm:
        return True
    state.calm = digest
    return False


def _cards_inert(state: State) -> bool:
    """No clan can pay for any card still to come (the bonus grain included)."""
    cheapest = min((PRICE[c] for c in state.market + state.deck if c != SHUFFLE), default=None)
    return cheapest is None or max(state.food) + 1 < cheapest


def position_digest(state: State) -> str:
    """The position the stalemate safeguard compares, as a short digest."""
    # a harvest space no clan can hunt from only fills up and changes nothing else: without a
    # choice (a purchase or a new member) no clan will ever hunt there, so it is left out
    hunted = {f for s in range(state.n) for f in hunt_plans(state, s)[0][1]}
    # when no clan can pay for any card still to come, the market, the deck and their shuffles
    # change nothing else either: food is part of the position
    cards_inert = _cards_inert(state)
    position: list[Any] = [] if cards_inert else [state.rng.state, state.rng.draws]
    for name in POSITION_FIELDS:
        value = getattr(state, name)
        if name == "spaces":
            value = {f: n for f, n in value.items() if f in hunted}
        elif cards_inert and name in MARKET_FIELDS:
            continue
        position.append(sorted(value.items()) if isinstance(value, dict) else value)
    return hashlib.blake2b(repr(position).encode(), digest_size=12).hexdigest()


def round_end_digest(state: State) -> str:
    """Everything a round's end leaves that a later round depends on, as a short digest: the
    rest is set again by the next round (queue, done, offer…), fixed (tiles) or follows from
    this (the box holds the cards no one else holds)."""
    if _cards_inert(state):
        cards = None
    else:
        cards = (state.market, state.deck, state.stage, state.rng.state, state.rng.draws)
    position = (state.order, state.food, state.cards, state.members, sorted(state.spaces.items()),
                state.held, cards)
    return hashlib.blake2b(repr(position).encode(), digest_size=12).hexdigest()


def watch_cycles(state: State, ev: list[Event]) -> None:
    """The cycle watch. When a round ends exactly as one of the last CYCLE_WINDOW round ends did,
    the game does not end by itself (the clans could still change it): the channel is told, and
    from then on each player may propose, once, in phase 1, to end the game as it stands; it ends if
    every other player agrees (``play_vote``), ranked as « Fin du jeu » says (the largest clan,
    then the most food). A round end never seen in the window lifts the offer. Only a round in which
    no player had a choice ends the game by itself (``stalemate``)."""
    digest = round_end_digest(state)
    seen = state.seen or []
    if digest in seen:
        if state.stall is None:
            before = state.round - (len(seen) - seen.index(digest))
            state.stall = {"since": state.round, "proposed": []}
            ev.append(said_event(ph.CYCLE(round=state.round, before=before)))
    elif state.stall is not None:
        state.stall = None
        ev.append(said_event(ph.CYCLE_OVER()))
    state.seen = (seen + [digest])[-CYCLE_WINDOW:]      # a new list: copies share the old one


def may_propose(state: State, seat: int) -> bool:
    """Once the round ends cycle, each player may propose ending the game once, on its own phase 1 turn."""
    return state.stall is not None and seat not in state.stall["proposed"]


def play_vote(state: State, seat: int, act: str, ev: list[Event]) -> None:
    """``end``: a proposal to end the game as it stands; every other player answers in turn order,
    ``agree`` or ``refuse``; one refusal and play goes on (the proposer's phase 1 turn resumes)."""
    if act == "end":
        assert state.stall is not None, "a proposal only once the rounds cycle"
        pos = state.order.index(seat)
        state.vote = {"by": seat, "ask": state.order[pos + 1:] + state.order[:pos]}
        state.stall = Stall(since=state.stall["since"], proposed=[*state.stall["proposed"], seat])
        ev.append(said_event(ph.PROPOSES_END(who=WHO[seat]), seat))
    elif act == "refuse":
        state.vote = None
        ev.append(said_event(ph.REFUSES_END(who=WHO[seat]), seat))
    else:
        assert state.vote is not None, "an answer only to a proposal"
        ask = state.vote["ask"][1:]
        ev.append(said_event(ph.AGREES_END(who=WHO[seat]), seat))
        state.vote = {"by": state.vote["by"], "ask": ask} if ask else None
        if not ask:
            state.phase = "over"
            ev.append(said_event(ph.AGREED_END()))
