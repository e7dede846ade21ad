"""The Fire & Stone state, typed (issue 28): what each key of the state dict holds, and its copies.

The state stays a plain JSON dict, and its keys stay the short ones it has always had: they
are the stored form of every saved game and export (a rename would need an ``upgrade`` of each)
and the form the rules' tests read (``state["p"]``, ``state["pending"]``…). The ``TypedDict``s
below declare them: each key's type, and in its comment its full name and meaning.
``tests/rules/test_fire_and_stone_shape.py`` checks the declaration against playouts and games
saved before it. (No ``from __future__ import annotations``: ``NotRequired`` must be seen at run
time for ``__optional_keys__`` to list those keys.)

Copies (``clone``, ``fork``) follow the kit's copy-on-write rule (``rules.kit.cow``).
"""

import json
from typing import Any, Literal, NotRequired, TypedDict, cast

from rules.kit.cow import own

from .data import START_BAGS

Kind = Literal["draft", "move", "forest", "cook", "gather", "card", "build", "fire", "buy"]
Track = list[Any]                      # a gathering track: [kind of its tiles or None, tiles on it 0..3]


class Decision(TypedDict):
    """One pending decision, an entry of ``state["pending"]`` (the head decides now). Which
    optional keys a decision holds depends on its kind ``k``."""

    k: Kind                            # kind: draft (a starting invention), move (an explorer), forest (take
    #                                    a game tile), cook (fill the pot), gather (take or leave the tile),
    #                                    card (invention or VP card), build (a hut), fire (go to a fire), buy
    s: int                             # seat: the tribe that decides
    e: NotRequired[int]                # explorer: 0 the first, 1 the second (move, build, fire)
    pick: NotRequired[bool]            # move: either explorer may go first (the player picks, ``from>to``)
    t: NotRequired[int]                # territory where it happens (forest, cook, gather, build)
    left: NotRequired[int]             # forest: game tiles still to take there
    pot: NotRequired[list[int]]        # cook: indexes, in the tribe's game tiles, of those in the pot
    eden: NotRequired[bool]            # build: the Garden of Eden (gain a food per hut instead of paying)
    why: NotRequired[Literal["return", "second"]]   # fire: back after building / placing the second explorer
    region: NotRequired[str]           # fire: the region whose fires may be chosen
    stay: NotRequired[int]             # fire: the territory the explorer may stay on (invention may_stay)
    what: NotRequired[Literal["vp", "bag"]]         # buy: a VP or a bag
    n: NotRequired[int]                # buy: its price in food
    marker: NotRequired[bool]          # buy: a cave purchase that moves the tribe's marker (once a tribe)


class Tribe(TypedDict):
    """One tribe's board, ``state["p"][seat]``."""

    food: int                          # food in its bags
    bags: int                          # bags: food it can hold (2 printed on the board, plus tokens)
    tracks: list[Track]                # its two gathering tracks; replaced on change, never changed in place
    game: list[int]                    # game tiles held face down (ids in data.GAME_TILES)
    inv: list[str]                     # inventions gained
    cover: dict[str, int]              # inventions covered by a VP card -> that card's value
    vp: int                            # the VP track
    huts: int                          # huts left to build
    ex: list[int | None]               # explorers: territory of the first and the second (None before it comes)
    obj: str                           # its secret objective card
    # where its marker is: its colour card (data.MARKER_START) or "cave"; absent from games
    # saved before the markers (read with ``.get``: the colour card)
    marker: NotRequired[str]


# the explorer's last move, for the board's arrow (``from`` is a keyword: declared by call)
Last = TypedDict("Last", {"s": int, "from": int | None, "to": int, "built": NotRequired[int]})


class State(TypedDict):
    """The whole state. Keys marked NotRequired appear only while they mean something."""

    n: int                             # number of tribes (seats)
    opts: dict[str, str]               # the table options (FireAndStone.options)
    rng: list[int]                     # the dice, as stored: [state, draws] (no move draws: set-up only)
    tile: dict[str, str]               # discovery tiles by territory ("17") -> kind, face down until in ``up``
    up: list[int]                      # territories whose tile is face up (revealed), in the order revealed
    forest: dict[str, list[int]]       # revealed forests ("17") -> the game tiles lying there, face down
    villages: dict[str, list[int]]     # villages ("17") -> huts there by seat; replaced on change
    stacks: dict[str, list[list[int]]]  # by region, the face-down stacks of 3 game tiles a forest takes
    cave: int                          # the cave card (data.CAVES), face down until ``cave_up``
    cave_up: bool                      # the cave was discovered: its card is face up
    inv_row: list[str]                 # inventions face up to take
    inv_deck: list[str]                # invention deck, face down (its first card refills the row)
    vp_deck: list[int]                 # VP cards, public, never shuffled: the last is the top
    track: int                         # hut tiles on the hut track (it opens regions, ends the game)
    bag_supply: int                    # bag tokens left in the supply
    discard: list[int]                 # cooked game tiles, face up
    p: list[Tribe]                     # players: each tribe's board
    turn: int                          # the seat whose turn it is
    ex: int                            # which of its explorers plays now (0 the first to move, 1 the other)
    pending: list[Decision]            # the queue of decisions, head first (rules.kit.queue)
    end: list[int] | None              # once the end is triggered: turns each seat has left to play
    over: bool                         # the game is over (objectives are then revealed)
    last: Last | None                  # the last explorer's move (and the hut built), for the board
    draft: list[str] | None            # starting inventions still to draft (variant), None once done
    trigger: NotRequired[int]          # the seat that triggered the end
    second: NotRequired[int]           # the explorer to move second this turn (its player moved the other first)


def declared_keys() -> frozenset[str]:
    """Every key a state may hold (for the test that keeps this declaration true)."""
    return frozenset(State.__required_keys__ | State.__optional_keys__)


def required_keys() -> frozenset[str]:
    return frozenset(State.__required_keys__)


def tribe_keys() -> frozenset[str]:
    return frozenset(Tribe.__required_keys__ | Tribe.__optional_keys__)


def decision_keys() -> frozenset[str]:
    return frozenset(Decision.__required_keys__ | Decision.__optional_keys__)


# ------------------------------------------------------------ stored form

SCHEMA_VERSION = 2       # 2: the bag supply holds all 24 tokens (the 2 starting bags are printed on the board)


def upgrade(schema: int, data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 took each tribe's 2 starting bags out of the 24 tokens; they are
    printed on the tribe board (see setup), so those tokens go back to the supply."""
    if schema < 2:
        data = dict(data, bag_supply=data["bag_supply"] + START_BAGS * data["n"])
    return data


def to_json(state: State) -> dict[str, Any]:
    """The stored form: the state itself, keys and all, as a fresh JSON tree."""
    return cast(dict[str, Any], json.loads(json.dumps(state)))


def from_json(data: dict[str, Any]) -> State:
    return cast(State, json.loads(json.dumps(data)))


# ------------------------------------------------------------ copies


def _copy_tribe(p: Tribe) -> Tribe:
    """A copy of one tribe's board that shares nothing with it (see ``clone``)."""
    return cast(Tribe, dict(p, tracks=[list(tr) for tr in p["tracks"]], game=list(p["game"]), inv=list(p["inv"]),
                            cover=dict(p["cover"]), ex=list(p["ex"])))


def _copy_decision(head: Decision) -> Decision:
    return cast(Decision, dict(head, pot=list(head["pot"]))) if "pot" in head else head.copy()


def clone(state: State) -> State:
    """A fully independent copy (callers may change any part of it)."""
    new = state.copy()
    new["opts"] = dict(state["opts"])
    new["tile"] = dict(state["tile"])
    last = state["last"]
    if last is not None:
        new["last"] = cast(Last, dict(last))
    new["rng"] = list(state["rng"])
    new["up"] = list(state["up"])
    new["inv_row"] = list(state["inv_row"])
    new["inv_deck"] = list(state["inv_deck"])
    new["vp_deck"] = list(state["vp_deck"])
    new["discard"] = list(state["discard"])
    draft, end = state["draft"], state["end"]
    if draft is not None:
        new["draft"] = list(draft)
    if end is not None:
        new["end"] = list(end)
    new["pending"] = [_copy_decision(h) for h in state["pending"]]
    new["p"] = [_copy_tribe(p) for p in state["p"]]
    new["forest"] = {k: list(v) for k, v in state["forest"].items()}
    new["villages"] = {k: list(v) for k, v in state["villages"].items()}
    new["stacks"] = {r: [list(st) for st in v] for r, v in state["stacks"].items()}
    return new


def fork(state: State) -> State:
    """The copy ``play`` works on (``apply``): the state's own dict, its queue of decisions
    (``pending``), its list of tribes and the acting tribe's board, whose numbers (food,
    bags, VP, huts) a move changes in place. Everything else (the tiles, decks, the
    decisions in the queue, each tribe's lists, other tribes' boards) is shared with
    ``state`` and only ever replaced by ``play``, never changed in place: copy on write
    (``rules.kit.cow``), since a move changes one or two of them at most."""
    new = state.copy()
    pending = state["pending"]
    new["pending"] = pending.copy()
    new["p"] = tribes = state["p"].copy()
    if pending:
        own(tribes, pending[0]["s"])
    return new
