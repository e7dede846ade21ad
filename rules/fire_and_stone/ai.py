"""What a Fire & Stone seat may know, for the AI seats (``ai/`` searches over these).

``determinize`` redraws everything the seat cannot see, consistently with what
it sees; ``heuristic`` judges a position from the seat's own knowledge only.

Hidden from a seat (MISE EN PLACE and the tile texts of the rulebook):
- the face-down discovery tiles (2: « face cachée »): their kinds per region are
  public (the region's mix printed on the board, minus what was revealed), not
  which tile lies where;
- the cave card (4: « face cachée, sans la regarder ») until the cave is revealed;
- the game tiles: the stacks (3: « face cachée »), the forests (FORÊT: put back
  « face cachée »; only the seat choosing in a forest sees it, as ``view`` says)
  and the other tribes' boards (LE PLATEAU TRIBU: « face cachée »); the discard
  is public (FEU: « face visible dans la défausse »);
- the other tribes' objective cards (9: « sans la révéler »), until the end;
- the invention deck's order (5), and the state's Rng (every future draw).
The VP deck is public (6: « Ne mélangez jamais ce paquet »).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.core import Rng
from rules.kit.cow import own
from rules.kit.redeal import Deal, determinized

from . import scoring
from .board import build_cost, gather_targets, has, leave_food
from .data import CAVES, FOOD_ICON, GAME_TILES, OBJECTIVES, REGIONS
from .state import Decision, State

if TYPE_CHECKING:
    from rules.core import Game

_ALL_OBJECTIVES = tuple(sorted(OBJECTIVES))


def determinize(game: Game, state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` with everything ``seat`` cannot see drawn again from ``rng``
    (``rules.kit.redeal``: copy, redraw, fresh dice).

    Every draw walks the hidden places in a fixed, public order and shuffles a
    sorted pool, so the result depends only on what the seat sees and on ``rng``."""
    # Once over, the objectives are revealed (Décompte final) and nothing is left to draw.
    return determinized(game, state, rng, None if state["over"] else _redraw(seat))


def _redraw(seat: int) -> Callable[[State, Rng], None]:
    def redraw(new: State, rng: Rng) -> None:
        _redraw_discovery_tiles(new, rng)
        if not new["cave_up"]:
            new["cave"] = rng.choice(_cave_candidates(new))
        _redraw_objectives(new, seat, rng)
        _redraw_game_tiles(new, seat, rng)
        new["inv_deck"] = Deal(new["inv_deck"], rng).rest()
    return redraw


# MISE EN PLACE 4: one card drawn among all, or among the beginner ones (table option "cave").
_CAVES = {"any": tuple(sorted(CAVES)), "beginner": tuple(sorted(c for c in CAVES if CAVES[c]["beginner"]))}


def _cave_candidates(state: State) -> tuple[int, ...]:
    return _CAVES[state["opts"]["cave"]]


def _redraw_discovery_tiles(state: State, rng: Rng) -> None:
    """The face-down tiles of each region, shuffled among their territories
    (MISE EN PLACE 2: the tiles of each region are shuffled separately)."""
    tile, up = state["tile"], set(state["up"])
    for region in REGIONS:
        spots = [t for t in FOOD_ICON[region] if t not in up and str(t) in tile]
        kinds = Deal((tile[str(t)] for t in spots), rng).rest()
        for t, kind in zip(spots, kinds, strict=True):
            tile[str(t)] = kind


def _redraw_objectives(state: State, seat: int, rng: Rng) -> None:
    """Other tribes' objectives: distinct cards among those the seat does not hold
    (MISE EN PLACE 9: one card each from the shuffled five)."""
    mine = state["p"][seat]["obj"]
    pool = Deal((o for o in _ALL_OBJECTIVES if o != mine), rng)
    for s in range(state["n"]):
        if s != seat and len(pool):
            own(state["p"], s)["obj"] = pool.take(1)[0]


def _redraw_game_tiles(state: State, seat: int, rng: Rng) -> None:
    """Every game tile the seat cannot see, dealt again into the same places
    (other tribes' boards, forests, stacks), each place keeping its count."""
    head = state["pending"][0] if state["pending"] else None
    seen_forest = str(head["t"]) if head and head["k"] == "forest" and head["s"] == seat else None
    others = [s for s in range(state["n"]) if s != seat]
    forests = sorted((k for k in state["forest"] if k != seen_forest), key=int)
    places: list[list[int]] = [state["p"][s]["game"] for s in others]
    places += [state["forest"][k] for k in forests]
    places += [stack for region in REGIONS for stack in state["stacks"][region]]
    deal = Deal((g for place in places for g in place), rng)
    for s in others:
        state["p"][s]["game"] = deal.take(len(state["p"][s]["game"]))
    state["forest"] = dict(state["forest"])
    for k in forests:
        state["forest"][k] = deal.take(len(state["forest"][k]))
    state["stacks"] = {region: [deal.take(len(stack)) for stack in state["stacks"][region]] for region in REGIONS}
    # Another tribe's pot holds tiles of its (now redrawn) board: which ones is as hidden
    # as the tiles themselves (``view`` shows only how many), so it takes the first ones.
    state["pending"] = [_first_in_pot(h) if h["k"] == "cook" and h["s"] != seat else h for h in state["pending"]]


def _first_in_pot(head: Decision) -> Decision:
    new = head.copy()
    new["pot"] = list(range(len(head["pot"])))
    return new


# ------------------------------------------------------------ heuristic

# What resources are worth in victory points, roughly (a hut costs 0-2 food and
# scores 1 VP plus perhaps a majority and an objective; the third tile of a gathering
# track gives an invention or a VP card of 1-4 VP).
FOOD_VP = 0.25
GAME_FOOD_VP = 0.15         # food on an uncooked game tile: a trip to a fire away, so less than food in a bag
GAME_BAG_VP = 0.1           # and a bag on it less than a bag on the board: cooking must pay
BAG_VP = 0.15
TRACK_VP = (0.0, 0.6, 1.4)  # by tiles on a gathering track (3 is cashed at once)
INVENTION_VP = 0.8          # an uncovered invention: an effect now, a VP card later
CARD_VP = 2.5               # the card a full gathering track brings (VP cards 4, 4, 3, 3, 2…, or an invention)
MAJORITY_VP = 1.3           # a village won: 1 VP, and perhaps the objective's
_MEAN_GAME = (sum(f for f, _ in GAME_TILES) / len(GAME_TILES), sum(b for _, b in GAME_TILES) / len(GAME_TILES))


def _board(state: State) -> tuple[list[int], list[list[int]]]:
    """Huts on the board and villages won (strict majority, Décompte final), per seat, in one pass."""
    n = state["n"]
    huts = [0] * n
    won: list[list[int]] = [[] for _ in range(n)]
    for key, here in state["villages"].items():
        top = max(here)
        for s in range(n):
            huts[s] += here[s]
        if top and here.count(top) == 1:
            won[here.index(top)].append(int(key))
    return huts, won


def estimate(state: State, me: int, s: int, counts: tuple[list[int], list[list[int]]] | None = None) -> float:
    """Seat ``s``'s expected final score as seat ``me`` can judge it: the public
    score, the objective (``me``'s own is known; another's is averaged over the
    cards ``me`` does not hold), and what its resources may still bring."""
    huts, won = counts or _board(state)
    p = state["p"][s]
    score: float = p["vp"] + sum(p["cover"].values()) + huts[s] + len(won[s])
    if s == me:
        score += scoring.points_for(state, OBJECTIVES[p["obj"]]["kind"], won[s])
        food: float = sum(GAME_TILES[g][0] for g in p["game"])
        bags: float = sum(GAME_TILES[g][1] for g in p["game"])
    else:
        if won[s]:
            mine = state["p"][me]["obj"]
            kinds = [OBJECTIVES[o]["kind"] for o in _ALL_OBJECTIVES if o != mine]
            score += sum(scoring.points_for(state, kind, won[s]) for kind in kinds) / len(kinds)
        food, bags = len(p["game"]) * _MEAN_GAME[0], len(p["game"]) * _MEAN_GAME[1]
    if state["over"]:
        return score
    potential = (FOOD_VP * p["food"] + GAME_FOOD_VP * food + GAME_BAG_VP * bags + BAG_VP * p["bags"]
                 + sum(TRACK_VP[min(2, level)] for _, level in p["tracks"])
                 + INVENTION_VP * sum(1 for i in p["inv"] if i not in p["cover"]))
    # Resources are worth less as the end nears (FIN DE LA PARTIE: the 11th hut tile).
    left = 0.4 if state["end"] is not None else 1.0 - 0.5 * state["track"] / 11
    return score + left * potential + _choice_value(state, s, left)


def _choice_value(state: State, s: int, left: float) -> float:
    """What the choice waiting for ``s`` at the head of the queue brings at best: a
    search cut short after an explorer's move (a one-move look-ahead always is)
    must see that a village offers a hut, a gathering tile a step on a track, a fire a meal
    (cooking takes a move per tile put in the pot, then one more: beyond a short search)."""
    head = state["pending"][0] if state["pending"] else None
    if head is None or head["s"] != s:
        return 0.0
    p = state["p"][s]
    room = p["bags"] - p["food"]
    kind = head["k"]
    if kind == "build" and p["huts"] > 0:
        # VILLAGE: 1 food per hut already there (Garden of Eden: gain it instead), 1 VP per hut.
        here = state["villages"].get(str(head["t"])) or [0] * state["n"]
        if head.get("eden"):
            if room < sum(here):
                return 0.0
            cost = -sum(here)
        else:
            cost = build_cost(state, s, head["t"])
            if p["food"] < cost:
                return 0.0
        rival = max(h for i, h in enumerate(here) if i != s)
        gain = 1.0 + (MAJORITY_VP if here[s] + 1 > rival >= here[s] else 0.0)
        return max(0.0, gain - FOOD_VP * left * cost)
    if kind == "gather":
        # TUILE CUEILLETTE: take it onto a track, or leave it for food.
        tile = state["tile"][str(head["t"])]
        best = FOOD_VP * left * min(room, leave_food(state, s, head["t"]))
        step = 2 if has(p, "double_" + tile) else 1
        for i, how in gather_targets(p, tile):
            old = p["tracks"][i][1]
            new = min(3, (0 if how == "empty" else old) + step)
            value = (CARD_VP if new >= 3 else left * TRACK_VP[new]) - left * TRACK_VP[min(2, old)]
            best = max(best, value)
        return best
    if kind == "forest":
        return left * (GAME_FOOD_VP * _MEAN_GAME[0] + GAME_BAG_VP * _MEAN_GAME[1])
    if kind == "cook":
        # FEU: every game tile may still go into the pot; cooked, its bags come first, then the food they hold.
        food = sum(GAME_TILES[g][0] for g in p["game"])
        bags = sum(GAME_TILES[g][1] for g in p["game"])
        kept = min(food, room + bags)
        return max(0.0, left * (FOOD_VP * kept + BAG_VP * bags - GAME_FOOD_VP * food - GAME_BAG_VP * bags))
    if kind == "card":
        return CARD_VP
    return 0.0


def heuristic(state: State, seat: int) -> float:
    """0..1: a logistic of the seat's estimated lead over its best opponent, steeper as the
    end nears (a lead is surer with fewer turns left), so that a tribe ahead wants the end:
    judged at one slope, a leader's last hut (which triggers the end, FIN DE LA PARTIE) cost
    it the value of its unspent resources and it kept moving without building, for ever."""
    counts = _board(state)
    mine = estimate(state, seat, seat, counts)
    best = max(estimate(state, seat, s, counts) for s in range(state["n"]) if s != seat)
    progress = 1.0 if state["end"] is not None else state["track"] / 11
    return 1.0 / (1.0 + math.exp(-(mine - best) / (3.0 - 1.5 * progress)))
