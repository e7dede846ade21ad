"""What the boards say: where an explorer may go, which fires are open, what a tribe's
inventions and the cave card change, what a hut costs, where food and bags fit.

Plain functions of the state (no flow, no moves): the legal moves (``choices``), the moves
(``moves``) and the flow (``turns``) all read them. The shared parts of a state are only
ever replaced here, never changed in place (copy on write, see ``state.fork``).
"""

from __future__ import annotations

from typing import Any

from .data import ADJ, ALL_INV, CAVES, PRINTED_FIRE, REGION, REGIONS, SEA
from .state import State, Tribe

# MISE EN PLACE / LA PISTE DES HUTTES: region II opens with the 3rd hut tile, III with the 9th
OPEN_AT = {"I": 0, "II": 3, "III": 9}
EFFECT = {i: card["effect"] for i, card in ALL_INV.items()}

_LAST_OPENING = max(OPEN_AT.values())
_OPENED = [tuple(r for r in REGIONS if track >= OPEN_AT[r]) for track in range(_LAST_OPENING + 1)]


def opened(track: int) -> tuple[str, ...]:
    """The open regions once ``track`` hut tiles are on the hut track."""
    return _OPENED[min(track, _LAST_OPENING)]


def region_open(state: State, region: str) -> bool:
    return state["track"] >= OPEN_AT[region]


def has(p: Tribe, effect: str) -> bool:
    """An uncovered invention of this tribe gives that effect."""
    cover = p["cover"]
    for i in p["inv"]:
        if EFFECT[i] == effect and i not in cover:
            return True
    return False


def cave_rule(state: State, kind: str, territory: int) -> int:
    """+1 when the revealed cave card's permanent rule ``kind`` applies there."""
    if not state["cave_up"]:
        return 0
    rule = CAVES[state["cave"]]["rule"]
    if not rule or rule["kind"] != kind:
        return 0
    return 1 if rule["scope"] == "all" or REGION[territory] == rule["scope"] else 0


# ------------------------------------------------------------ moving

def _reach(key: tuple[Any, ...]) -> tuple[int, ...]:
    """``key`` is (origin, steps, boats, stay, open regions): sorted territories at 1..``steps`` steps from ``origin`` through open regions
    (rulebook, 1. Déplacement: "jusqu'à 2 territoires de distance", adjacent ones,
    never ending where it started unless an invention allows it)."""
    origin, steps, boats, stay, regions = key
    dist = {origin: 0}
    frontier = [origin]
    for step in range(1, steps + 1):
        nxt = []
        for t in frontier:
            for u in ADJ[t] + (SEA[t] if boats else ()):
                if u not in dist and REGION[u] in regions:
                    dist[u] = step
                    nxt.append(u)
        frontier = nxt
    out = [t for t, d in dist.items() if d >= 1]
    if stay:
        out.append(origin)
    return tuple(sorted(out))


# Destinations depend only on (origin, steps, boats, stay, open regions): worked out once each.
_REACH: dict[tuple[Any, ...], tuple[int, ...]] = {}


def reachable(state: State, seat: int, e: int) -> tuple[int, ...]:
    """Territories explorer ``e`` of ``seat`` may end its move on (up to 2 steps, 3 with the
    sled; locked regions cannot be entered; sea routes need Boats), as the shared tuple it
    is kept as (never to be changed). Reads only the track and the tribe's inventions,
    VP cards and explorers: a public state (``steps.public_state``) is enough."""
    p = state["p"][seat]
    key: tuple[Any, ...]
    if p["inv"]:
        key = (p["ex"][e], 3 if has(p, "move3") else 2, has(p, "boats"), has(p, "stay"), opened(state["track"]))
    else:
        key = (p["ex"][e], 2, False, False, opened(state["track"]))
    found = _REACH.get(key)
    if found is None:
        found = _REACH[key] = _reach(key)
    return found


def is_fire(state: State, t: int) -> bool:
    return t in PRINTED_FIRE or (state["tile"].get(str(t)) == "fire" and t in state["up"])


def fires_in(state: State, region: str | None) -> list[int]:
    """The fires of ``region`` (any region: None) an explorer may go to: printed or revealed, open."""
    places = PRINTED_FIRE.union(t for t in state["up"] if state["tile"].get(str(t)) == "fire")
    return sorted(t for t in places if (region is None or REGION[t] == region) and region_open(state, REGION[t]))


# ------------------------------------------------------------ food, bags, huts

def gain_food(p: Tribe, amount: int) -> int:
    """Food only fits in free bags; the surplus is lost. Returns what was kept."""
    kept = max(0, min(amount, p["bags"] - p["food"]))
    p["food"] += kept
    return kept


def gain_bags(state: State, p: Tribe, amount: int) -> int:
    got = min(amount, state["bag_supply"])
    state["bag_supply"] -= got
    p["bags"] += got
    return got


def huts_at(state: State, t: int) -> int:
    """Huts of every tribe in the village on ``t``."""
    return sum(state["villages"].get(str(t), []))


def build_cost(state: State, seat: int, t: int) -> int:
    p = state["p"][seat]
    discount = (1 if has(p, "build_minus") else 0) + cave_rule(state, "build_minus", t)
    return max(0, huts_at(state, t) - discount)


def leave_food(state: State, seat: int, t: int) -> int:
    p = state["p"][seat]
    return 2 + (1 if has(p, "leave_plus") else 0) + cave_rule(state, "leave_plus", t)


def gather_targets(p: Tribe, kind: str) -> list[tuple[int, str]]:
    """Where a gathering tile may go (rulebook: "placez-la sur la case libre
    la plus basse de l'une de vos deux pistes", one kind per track): any
    track already holding that kind or still empty, the player's choice;
    only when both tracks hold other kinds, one of them is emptied first
    (its tiles are discarded)."""
    tracks = p["tracks"]
    fits = [i for i in (0, 1) if tracks[i][1] == 0 or tracks[i][0] == kind]
    if fits:
        return [(i, "place") for i in fits]
    return [(0, "empty"), (1, "empty")]


# ------------------------------------------------------------ copy on write

def without(items: list[Any], item: Any) -> list[Any]:
    """A new list without the first ``item`` (copy on write: the old list may be shared)."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


def lift(state: State, t: int) -> str:
    """The tile on ``t`` leaves the board; returns its kind (copy on write)."""
    tile = dict(state["tile"])
    kind = tile.pop(str(t))
    state["tile"] = tile
    state["up"] = without(state["up"], t)
    return kind
