"""The round's flow on the rules kit (``rules.kit.flow.Flow``): the steps that need no decision are
played by themselves, so the table only ever waits for one.

A seat decides in "build" (where the drawn tile goes), "neutral" and "first" (a first member) and
nothing runs by itself there; "over" ends the game. In "second", "buy" (phase 1), "hunt" (phase 2)
and "expand" (phase 3) a step plays what has no choice (a clan with nothing to offer passes, a
clan with one way to hunt hunts, a clan that cannot place stops) and stops at the first seat with
one; the end of phase 3 runs the round's end (phase 4, « Bureaucratie ») and starts the next round.
"""

from __future__ import annotations

from operator import attrgetter

from rules.core import Event
from rules.kit.events import said_event
from rules.kit.flow import Flow

from . import phrases as ph
from .bureaucracy import bureaucracy
from .events import PASSES
from .expansion import must_ask, neutral_spots, placements, start_expansion
from .harvest import hunt, hunt_plans, starve
from .market import can_offer, end_buying, proposer, start_round
from .queries import knows, order_by_size, starve_choices
from .repetition import may_propose, stalemate, watch_cycles
from .state import State


def to_act(state: State) -> list[int]:
    """Who must decide in the resting state: the next in the phase's queue, or in phase 1 whoever
    answers the vote, gives up a tool, answers or decides the offer, or offers next."""
    phase = state.phase
    if phase != "buy":
        return [] if phase == "over" else [state.queue[0]]
    if state.vote is not None:
        return [state.vote["ask"][0]]
    if state.drop is not None:
        return [state.drop]
    offer = state.offer
    if offer:
        return [offer["by"]] if offer.get("decide") else [offer["ask"][0]]
    return [proposer(state)]


def buying(state: State, ev: list[Event]) -> bool | None:
    """Phase 1: a clan with nothing to offer passes (a Fire clan is asked even so: its food is
    secret); when every clan has bought or passed, phase 1 ends."""
    if state.drop is not None or state.vote is not None:
        return True
    offer = state.offer
    if offer and (offer.get("decide") or offer["ask"]):
        return True
    if len(state.done) < state.n:
        seat = proposer(state)
        if can_offer(state, seat) or knows(state, seat, "fire") or may_propose(state, seat):
            return True
        state.done.append(seat)
        ev.append(PASSES[seat])
        return None
    end_buying(state, ev)
    return None


def hunting(state: State, ev: list[Event]) -> bool | None:
    """Phase 2, in reverse turn order: a clan with one way to hunt hunts; a member that must starve
    and has no other to choose from starves; after the last clan, phase 3."""
    if not state.queue:
        start_expansion(state, ev)
        return None
    seat = state.queue[0]
    if state.starve:
        choices = starve_choices(state, seat)
        if state.starve < state.size(seat) and len(choices) > 1:
            return True
        starve(state, seat, choices[0] if state.starve < state.size(seat) else state.members[seat][0], ev)
        if not state.starve:
            state.queue.pop(0)
        return None
    plans = hunt_plans(state, seat)
    if len(plans) > 1:
        return True
    hunt(state, seat, list(plans[0][0]), ev, plans[0][1])
    if not state.starve:
        state.queue.pop(0)
    return None


def expanding(state: State, ev: list[Event]) -> bool | None:
    """Phase 3, in reverse turn order: a clan that can place no member (a Fire clan is asked even
    so) stops; after the last clan the game ends (a clan has 13 members, or the rounds stall),
    or phase 4 runs and the next round starts."""
    if not state.queue:
        if state.ending:
            state.phase = "over"
            ev.append(said_event(ph.OVER()))
        elif stalemate(state):
            state.phase = "over"
            ev.append(said_event(ph.STALEMATE()))
        else:
            watch_cycles(state, ev)
            bureaucracy(state, ev)
            start_round(state, ev)
        return None
    seat = state.queue[0]
    if state.neutral_due:
        if neutral_spots(state):
            return True
        state.neutral_due = 0
    if placements(state, seat) or must_ask(state, seat):
        return True
    state.queue.pop(0)
    state.placed_now = 0
    return None


def second_members(state: State, ev: list[Event]) -> bool | None:
    """Set-up: a clan that cannot pay for a second member places none; after the last, round 1."""
    if placements(state, state.queue[0]):
        return True
    state.queue.pop(0)
    if not state.queue:
        state.order = order_by_size(state)
        start_round(state, ev)
    return None


FLOW: Flow[State] = Flow("first_sparks", {"second": second_members, "buy": buying, "hunt": hunting,
                                          "expand": expanding},
                         ("build", "neutral", "first", "over"), phase_of=attrgetter("phase"), limit=100000)
advance = FLOW.advance   # bound once: one call fewer on every move
