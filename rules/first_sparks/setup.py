"""« Mise en place »: the cards and tiles dealt, the landscape laid tile by tile (or the fixed
layout), each clan's free first member (2 players: the neutral clan's first), then each clan's
second member, paid for, before round 1."""

from __future__ import annotations

from rules.core import Event, Move, Rng

from . import phrases as ph
from .board import layout
from .data import ANIMALS, CARDS, DATA, SHUFFLE, TILES
from .events import DRAWS, LAYS, NO_SECOND, SETTLES, TURN_ORDER
from .market import start_round
from .pieces import pay_place, put
from .queries import order_by_size
from .state import State


def setup(seats: int, seed: int, options: dict[str, str]) -> State:
    n = seats
    rng = Rng(seed)
    herbs = list(range(1, n + 1))
    rng.shuffle(herbs)
    pile = [t["id"] for t in TILES if t["players"] <= max(n, 3)]
    rng.shuffle(pile)
    pile = pile[:DATA["tiles_in_play"][str(n)]]
    state = State(n=n, tiles=[], rng=rng)
    state.cards = [[h] for h in herbs]
    state.order = sorted(range(n), key=lambda s: herbs[s], reverse=True)
    state.food = [DATA["start_food"]] * n          # in crops: 1 of value 1, two of value 3
    state.held = [[0] * len(ANIMALS) for _ in range(n)]
    state.ledger = [DATA["start_food"] * n, 0]
    clans = n + (1 if n == 2 else 0)
    state.members = [[] for _ in range(clans)]
    state.placed = [0] * clans
    state.starved = [0] * clans
    state.spaces = dict(DATA["start_spaces"])
    numbered = [c for c in CARDS if c >= 7]
    if n == 2:
        state.box = list(DATA["removed_2p"])
        numbered = [c for c in numbered if c not in state.box]
        state.market = numbered[:6]
    else:
        state.market = numbered[:8]
    deck = [c for c in numbered if c not in state.market]
    if n == 6:
        deck.remove(15)
    rng.shuffle(deck)
    removed = DATA["removed_from_deck"][str(n)]
    state.box += deck[:removed]
    deck = deck[removed:]
    if n == 6:
        deck.insert(0, 15)
    state.deck = deck + [SHUFFLE]
    if (options or {}).get("map", "build") == "layout":
        state.tiles = [list(p) for p in layout(pile)]
        start_placement(state)
    else:
        # the first player lays the first tile in the middle; then, in turn order,
        # each player draws and lays one (2 players: the first lays two)
        state.tiles = [[pile[0], 0, 0, 1]]
        state.pile = pile[1:]
        state.phase = "build"
        state.queue = list(state.order[:2]) if n == 2 else list(state.order[1:len(pile)])
    return state


def start_placement(state: State) -> None:
    """The landscape is laid: the first members (2 players: the neutral clan's first, by the second player)."""
    if state.n == 2:
        state.phase = "neutral"
        state.queue = [state.order[1]]
    else:
        state.phase = "first"
        state.queue = list(reversed(state.order))


def play_build(state: State, move: Move, ev: list[Event]) -> None:
    """The drawn tile laid; the next player draws the next one."""
    _, col, row, edge = move.data
    tid = state.pile.pop(0)
    state.tiles.append([tid, col, row, edge])
    state.last["tile"] = len(state.tiles) - 1
    ev.append(LAYS[move.seat, tid])
    state.queue.pop(0)
    if not state.queue:
        state.pile = []
        start_placement(state)
    else:
        nxt = state.pile[0]
        ev.append(DRAWS[state.queue[0], nxt])


def play_start(state: State, move: Move, ev: list[Event]) -> None:
    """A free first member (or the neutral clan's first member)."""
    _, clan, region = move.data
    put(state, clan, region)
    if clan == state.neutral:
        ev.append(SETTLES[ph.SETTLES_NEUTRAL, move.seat, region])
    else:
        ev.append(SETTLES[ph.SETTLES, move.seat, region])
    state.queue.pop(0)
    if state.phase == "neutral":
        state.phase, state.queue = "first", list(reversed(state.order))
    elif not state.queue:
        state.phase, state.queue = "second", list(state.order)


def play_second(state: State, move: Move, ev: list[Event]) -> None:
    """A second member paid for, or none; after the last clan, round 1 in the new turn order."""
    if move.data[0] == "place":
        pay_place(state, move.seat, move.data[1], ev)
    else:
        ev.append(NO_SECOND[move.seat])
    state.queue.pop(0)
    if not state.queue:
        state.order = order_by_size(state)
        ev.append(TURN_ORDER[tuple(state.order)])
        start_round(state, ev)
