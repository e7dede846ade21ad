"""Phase 2, « Chasse et cueillette », and « Nourrir sa tribu »: what a clan's cards harvest, the
orders its hunting tools may take their tokens in, the harvest itself, then the feeding.

The AI's heuristic reckons with these same functions (``harvest_value``, ``tool_harvest``).
"""

from __future__ import annotations

from itertools import permutations, product

from rules.core import Event, Move

from .data import ANIMALS, CROPS, FOOD_VALUE, KIND, TOOL_FOOD, table_take
from .events import CANNOT_FEED, HARVESTS, STARVES
from .pieces import gain, pay, remove
from .queries import board_of, grounds_touched, knows
from .state import State

HuntPlan = tuple[tuple[int, ...], dict[str, int]]


def crops(state: State, seat: int) -> int:
    """The crops the clan's herbs and fields give (Charrue: one more per field)."""
    total = fields = 0
    for c in state.cards[seat]:
        k = KIND[c]
        if k == "herbs":
            total += CROPS[c]
        elif k == "field":
            total += CROPS[c]
            fields += 1
    if fields and knows(state, seat, "plough"):
        total += fields
    return total


def hunt_plans(state: State, seat: int) -> list[HuntPlan]:
    """Distinct outcomes of hunting: (order of the hunting tools, tokens
    taken by food). Only the order of several tools of one food matters."""
    by_food: dict[str, list[int]] = {}
    touched: dict[str, int] | None = None
    for c in state.cards[seat]:
        food = TOOL_FOOD.get(KIND[c])
        if food:
            if touched is None:
                touched = _touched(state, seat)
            if food in touched:
                by_food.setdefault(food, []).append(c)
    if touched is None or not by_food:             # nothing to hunt with: herbs and fields only
        return [((), {})]
    foods = sorted(by_food)
    if all(len(cards) == 1 for cards in by_food.values()):   # one tool per food: one plan
        taken = {f: hunt_takes(state, seat, f, by_food[f], touched[f] - 1)[0] for f in foods}
        return [(tuple(by_food[f][0] for f in foods), taken)]
    options = [sorted(set(permutations(sorted(by_food[f])))) for f in foods]
    plans: list[HuntPlan] = []
    seen = set()
    for combo in product(*options):
        taken = {}
        for f, cards in zip(foods, combo, strict=True):
            taken[f] = sum(hunt_takes(state, seat, f, cards))
        key = tuple(sorted(taken.items()))
        if key not in seen:
            seen.add(key)
            plans.append((tuple(c for cards in combo for c in cards), taken))
    return plans


def _touched(state: State, clan: int) -> dict[str, int]:
    """Distinct hunting grounds next to the clan's members, by food (foods it touches only)."""
    board = board_of(state)
    region_food, region_hex = board.region_food, board.region_hex
    grounds: dict[str, set[int]] = {}
    for r in state.members[clan]:
        grounds.setdefault(region_food[r - 1], set()).add(region_hex[r - 1])
    return {food: len(hexes) for food, hexes in grounds.items()}


def hunt_takes(state: State, seat: int, food: str, cards: tuple[int, ...] | list[int],
               virtual: int | None = None) -> list[int]:
    """Tokens each tool takes, used in this order (the first empties the space first); ``virtual``:
    the tokens the clan's grounds add to the count it reads its table with (one per ground
    touched after the first)."""
    if virtual is None:
        virtual = grounds_touched(state, seat, food) - 1
    left = state.spaces[food]
    out = []
    for c in cards:
        take = min(table_take(c, left + virtual), left)
        left -= take
        out.append(take)
    return out


def harvest_value(state: State, seat: int) -> int:
    """The food value of the clan's harvest if it came now: its crops and its best hunt."""
    hunted = max(sum(n * FOOD_VALUE[f] for f, n in taken.items()) for _, taken in hunt_plans(state, seat))
    return crops(state, seat) + hunted


def tool_harvest(state: State, seat: int, card: int) -> int:
    """The food value this one tool would bring the clan this round, alone on its space: a herbs or
    field card its crops, a hunting tool what today's space gives where the clan touches its
    ground (nothing where it touches none)."""
    k = KIND[card]
    if k in ("herbs", "field"):
        return CROPS[card] + (1 if k == "field" and knows(state, seat, "plough") else 0)
    food = TOOL_FOOD[k]
    touched = grounds_touched(state, seat, food)
    if not touched:
        return 0
    return FOOD_VALUE[food] * hunt_takes(state, seat, food, (card,), touched - 1)[0]


def hunt(state: State, seat: int, order: list[int], ev: list[Event], taken: dict[str, int] | None = None) -> None:
    """Harvest with the tools in this order (``taken``: the plan's tokens by food, when known), then
    feed the clan: one food a member; those not fed starve (``state.starve``)."""
    got = crops(state, seat)
    if got:
        gain(state, seat, got)
    took = [0, 0, 0, 0]
    for i, food in enumerate(ANIMALS):
        if taken is not None:
            takes = taken.get(food, 0)
        else:
            cards = [c for c in order if TOOL_FOOD.get(KIND[c]) == food]
            if not cards:
                continue
            takes = sum(hunt_takes(state, seat, food, cards))
        if takes:
            state.spaces[food] -= takes
            state.held[seat][i] += takes
            gain(state, seat, takes * FOOD_VALUE[food])
            took[i] = takes
    ev.append(HARVESTS[seat, got, tuple(took)])
    need = state.size(seat)
    fed = min(need, state.food[seat])
    pay(state, seat, fed)
    if fed < need:
        state.starve = need - fed
        # a Fire clan's food is secret: saying how many it can feed reveals it (an undo barrier)
        ev.append(CANNOT_FEED[seat, fed, need, knows(state, seat, "fire")])


def starve(state: State, seat: int, region: int, ev: list[Event]) -> None:
    """One member the clan cannot feed leaves the map."""
    remove(state, seat, region)
    state.starve -= 1
    ev.append(STARVES[seat, region])


def play_hunt(state: State, move: Move, ev: list[Event]) -> None:
    """Phase 2's decisions: the order the hunting tools take their tokens in, or which member starves."""
    if move.data[0] == "starve":
        region = move.data[1]
        starve(state, move.seat, region, ev)
        state.last["regions"] = [region]
    else:
        hunt(state, move.seat, list(move.data[1]), ev)
    if not state.starve:
        state.queue.pop(0)
