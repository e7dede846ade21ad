"""Phase 3, « Expansion »: in reverse turn order each clan places new members next to its own, at
most 5 a turn, paying 1, 2, 3, 4, 5 food for the turn's 1st..5th plus the mountain and crowding
surcharges; 2 players: the neutral clan first grows to the first player's size."""

from __future__ import annotations

from rules.core import Event, Move
from rules.kit.events import said_event

from . import phrases as ph
from .events import STOPS, WHO
from .pieces import pay_place, put
from .queries import END_SIZE, MAX_MEMBERS, MAX_NEW, MEMBER_COST, knows, open_regions
from .state import State


def neutral_clan(state: State) -> int:
    """The neutral clan of a 2-player game (clan 2)."""
    clan = state.neutral
    assert clan is not None, "only a 2-player game has a neutral clan"
    return clan


def placements(state: State, seat: int) -> list[tuple[int, int]]:
    """The regions where the clan may place its next member this turn, with what it costs there."""
    if state.placed_now >= MAX_NEW or len(state.members[seat]) >= MAX_MEMBERS:
        return []
    base = MEMBER_COST[state.placed_now]
    food = state.food[seat]
    if food < base:             # no region costs less than the base
        return []
    return [(r, base + extra) for r, extra in open_regions(state, seat) if base + extra <= food]


def must_ask(state: State, seat: int) -> bool:
    """A Fire clan is asked to stop expanding even when it cannot pay,
    so that skipping it does not tell the table its food is short."""
    if not knows(state, seat, "fire") or state.placed_now >= MAX_NEW or state.size(seat) >= MAX_MEMBERS:
        return False
    return bool(open_regions(state, seat))


def neutral_spots(state: State) -> list[int]:
    return [r for r, _extra in open_regions(state, neutral_clan(state))]


def start_expansion(state: State, ev: list[Event]) -> None:
    state.phase = "expand"
    state.queue = list(reversed(state.order))
    state.placed_now = 0
    if state.n == 2:
        first = state.order[0]
        neutral = neutral_clan(state)
        room = MAX_MEMBERS - state.size(neutral)
        state.neutral_due = max(0, min(room, state.size(first) - state.size(neutral)))


def play_expand(state: State, move: Move, ev: list[Event]) -> None:
    """Phase 3's decisions: a neutral member placed, a new member paid for, or the clan stops."""
    act, seat = move.data[0], move.seat
    if act == "neutral":
        put(state, neutral_clan(state), move.data[1])
        state.neutral_due -= 1
        ev.append(said_event(ph.GROWS_NEUTRAL(who=WHO[seat], region=move.data[1]), seat))
    elif act == "place":
        pay_place(state, seat, move.data[1], ev)
        state.placed_now += 1
        if state.size(seat) >= END_SIZE and not state.ending:
            state.ending = True
            ev.append(said_event(ph.LAST_ROUND(who=WHO[seat], size=state.size(seat))))
    else:
        ev.append(STOPS[seat])
        state.queue.pop(0)
        state.placed_now = 0
