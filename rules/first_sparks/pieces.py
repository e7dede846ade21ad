"""What moves change on the table: members put on the map and taken off, food paid and gained."""

from __future__ import annotations

from rules.core import Event

from .data import ANIMAL_VALUES, PAY_ORDER
from .events import SETTLES_FOR
from .queries import expansion_cost
from .state import State


def put(state: State, clan: int, region: int) -> None:
    state.__dict__.pop("_open", None)          # open regions change
    members = state.members[clan]
    members.append(region)
    members.sort()
    state.placed[clan] += 1
    state.last.setdefault("regions", []).append(region)


def remove(state: State, clan: int, region: int) -> None:
    state.__dict__.pop("_open", None)
    state.members[clan].remove(region)
    state.starved[clan] += 1


def pay(state: State, seat: int, amount: int) -> None:
    """Pay food back to the general reserve. Tokens matter for the restock (the reserve holds
    every token no clan holds), so the clan hands in its hunted tokens, largest first while
    they fit, then crops, and breaks a token for change in crops only when it must — as in
    the spoilage example: 1 mammoth, 1 berry, 2 crops pay 2 with the berry."""
    held = state.held[seat]
    state.food[seat] -= amount
    state.ledger[1] += amount
    assert state.food[seat] >= 0
    if not any(held):           # all in crops
        return
    crops = state.food[seat] + amount - sum(n * v for n, v in zip(held, ANIMAL_VALUES, strict=True))
    rest = amount
    for i in PAY_ORDER:
        while held[i] and ANIMAL_VALUES[i] <= rest:
            held[i] -= 1
            rest -= ANIMAL_VALUES[i]
    for i in reversed(PAY_ORDER):       # not enough crops: the smallest tokens, change in crops
        while held[i] and rest > crops:
            held[i] -= 1
            rest -= ANIMAL_VALUES[i]


def gain(state: State, seat: int, amount: int) -> None:
    state.food[seat] += amount
    state.ledger[0] += amount


def pay_place(state: State, seat: int, region: int, ev: list[Event]) -> None:
    """A new member the clan pays for (its second at set-up, or in phase 3)."""
    cost = expansion_cost(state, seat, region)
    assert cost is not None, "a member placed only where it may go"
    pay(state, seat, cost)
    put(state, seat, region)
    ev.append(SETTLES_FOR[seat, region, cost])
