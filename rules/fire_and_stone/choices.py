"""What may be chosen at each decision of the queue, and the words of each choice.

``choices`` says what the rules allow at a decision other than an explorer's move, as
(notation, data) pairs without words; ``options_for`` lists the moves of any decision (an
explorer's moves from the cached destinations, the most frequent decision by far), whose
labels ``label`` words only when read (autocomplete), never in a search; ``is_legal`` checks
a move without listing them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Move
from rules.wording import Said

from . import phrases as ph
from .board import build_cost, fires_in, gather_targets, has, huts_at, leave_food, reachable
from .data import PRINTED_FIRE, REGION, TERR_IDS
from .listed import listed
from .state import Decision, State

Choice = tuple[str, tuple[Any, ...]]      # (notation, data)
# the fires an explorer may go to (``board.fires_in``): the game passes its own, which a test
# may replace (a region with one fire only, where the flow then moves explorers by itself)
FiresIn = Callable[[State, "str | None"], list[int]]

TERR_NOTATION = {t: str(t) for t in TERR_IDS}
MOVE_DATA = {t: ("move", t) for t in TERR_IDS}
# A turn with two explorers starts with a choice of either (TOUR DE JEU: « jouez d'abord complètement le
# premier explorateur, puis le second »: the pawns are identical, so the first is whichever the player
# moves first): ``from>to`` says which one, data ("move", to, which pawn).
PICK_DATA = tuple({t: ("move", t, e) for t in TERR_IDS} for e in (0, 1))       # [pawn][to]
PICK_NOTATION: dict[int | None, dict[int, str]] = {a: {b: f"{a}>{b}" for b in TERR_IDS} for a in TERR_IDS}  # [from][to]


def options_for(state: State, head: Decision, fires: FiresIn = fires_in) -> list[Move]:
    """The moves open to the seat at ``head`` of the queue. Their labels are worded
    only when read (autocomplete), never in a search."""
    s = head["s"]
    source = (label, state, head)
    moves: list[Move]
    if head["k"] == "move":  # the most frequent decision by far
        if "pick" in head:
            ex = state["p"][s]["ex"]
            notation, data = PICK_NOTATION[ex[0]], PICK_DATA[0]
            moves = [listed(s, notation[t], data[t], source) for t in reachable(state, s, 0)]
            if ex[1] != ex[0]:      # two pawns on one territory make the same moves: listed once
                notation, data = PICK_NOTATION[ex[1]], PICK_DATA[1]
                moves += [listed(s, notation[t], data[t], source) for t in reachable(state, s, 1)]
            return moves
        return [listed(s, TERR_NOTATION[t], MOVE_DATA[t], source) for t in reachable(state, s, head["e"])]
    return [listed(s, notation, data, source) for notation, data in choices(state, head, fires)]


def choices(state: State, head: Decision, fires: FiresIn = fires_in) -> list[Choice]:
    """What may be chosen at a decision other than an explorer's move, as
    (notation, data) pairs: what the rules allow, without words (see ``label``)."""
    s, k = head["s"], head["k"]
    p = state["p"][s]
    out: list[Choice]
    if k == "draft":
        return [(f"s{i + 1}", ("draft", card)) for i, card in enumerate(state["draft"] or ())]
    if k == "forest":
        tiles = state["forest"].get(str(head["t"]), [])
        return [(f"g{i + 1}", ("forest", i)) for i in range(len(tiles))] + [("pass", ("pass",))]
    if k == "cook":
        pot = head["pot"]
        return [(f"c{i + 1}", ("pot", i)) for i in range(len(p["game"])) if i not in pot] + [("ok", ("cook",))]
    if k == "gather":
        kind = state["tile"][str(head["t"])]
        out = [(f"t{i + 1}", ("take", i, False)) if how == "place" else (f"x{i + 1}", ("take", i, True))
               for i, how in gather_targets(p, kind)]
        return out + [("leave", ("leave",))]
    if k == "card":
        out = []
        if state["vp_deck"]:
            out += [(f"v{i + 1}", ("vp", inv)) for i, inv in enumerate(p["inv"]) if inv not in p["cover"]]
        out += [(f"i{i + 1}", ("invent", inv)) for i, inv in enumerate(state["inv_row"]) if inv not in p["inv"]]
        return sorted(out)  # inventions first (notations differ, so only they are compared)
    if k == "build":
        if p["huts"] > 0:
            if head.get("eden"):
                can = p["bags"] - p["food"] >= huts_at(state, head["t"])
            else:
                can = p["food"] >= build_cost(state, s, head["t"])
            if can:
                return [("build", ("build",)), ("pass", ("pass",))]
        return []
    if k == "fire":
        region = None if (head["why"] == "return" and has(p, "any_fire")) else head["region"]
        out = [(f"f{t}", ("fire", t)) for t in fires(state, region)]
        if head.get("stay") is not None:
            out.append(("stay", ("stay",)))
        return out
    if k == "buy":
        if p["food"] >= head["n"] and (head["what"] == "vp" or state["bag_supply"] > 0):
            return [("buy", ("buy",)), ("pass", ("pass",))]
        return []
    return []


def is_legal(state: State, head: Decision, move: Move, fires: FiresIn = fires_in) -> bool:
    """``move in options_for(state, head)``, without building every Move for
    an explorer's move (the most frequent decision by far)."""
    if move.seat != head["s"]:
        return False
    data = move.data
    if head["k"] != "move":
        return (move.notation, data) in choices(state, head, fires)
    if "pick" in head:
        if not (isinstance(data, tuple) and len(data) == 3 and data[0] == "move" and data[2] in (0, 1)):
            return False
        ex, e = state["p"][head["s"]]["ex"], data[2]
        return ((e == 0 or ex[1] != ex[0]) and move.notation == PICK_NOTATION[ex[e]].get(data[1])
                and data[1] in reachable(state, head["s"], e))
    return (isinstance(data, tuple) and len(data) == 2 and data[0] == "move"
            and data[1] in reachable(state, head["s"], head["e"])
            and move.notation == TERR_NOTATION[data[1]])


# ------------------------------------------------------------ words

def describe(state: State, t: int) -> Said:
    """Public words for what lies on a territory."""
    kind = state["tile"].get(str(t))
    huts = huts_at(state, t)
    if kind and t not in state["up"]:
        return ph.FACE_DOWN()
    if kind == "forest":
        return ph.FOREST_WITH(n=len(state["forest"].get(str(t), [])))
    if kind:
        return ph.KIND[kind]()
    if t in PRINTED_FIRE:
        return ph.KIND["fire"]()
    if huts:
        return ph.VILLAGE_WITH(n=huts)
    return ph.FOOD_ICON()


def label(state: State, head: Decision, data: tuple[Any, ...]) -> Said:
    """The words of a move listed at ``head`` (see ``options_for``), for autocomplete."""
    s, what = head["s"], data[0]
    if what == "move":
        t = data[1]
        if len(data) == 3:      # either explorer first: say which
            origin = state["p"][s]["ex"][data[2]]
            return ph.L_MOVE_FROM(origin=origin, t=t, region=REGION[t], what=describe(state, t))
        return ph.L_MOVE(t=t, region=REGION[t], what=describe(state, t))
    p = state["p"][s]
    if what in ("draft", "invent"):
        return ph.L_DRAFT(name=ph.INVENTION[data[1]](), text=ph.INVENTION_TEXT[data[1]]())
    if what == "forest":
        return ph.L_FOREST_TAKE(i=data[1] + 1)
    if what == "pass":
        return {"forest": ph.L_FOREST_DONE, "build": ph.L_NO_BUILD, "buy": ph.L_NO_BUY}[head["k"]]()
    if what == "pot":
        return ph.L_POT(i=data[1] + 1)
    if what == "cook":
        return ph.L_COOK(n=len(head["pot"])) if head["pot"] else ph.L_COOK_NOTHING()
    if what == "take":
        _, i, empty = data
        kind = state["tile"][str(head["t"])]
        if empty:
            return ph.L_EMPTY_TAKE(i=i + 1, old=ph.KIND[p["tracks"][i][0]](), kind=ph.KIND[kind]())
        held = p["tracks"][i]
        where = ph.L_TRACK_HOLDS(kind=ph.KIND[held[0]](), level=held[1]) if held[1] else ph.L_TRACK_EMPTY()
        return ph.L_TAKE(kind=ph.KIND[kind](), i=i + 1, holds=where)
    if what == "leave":
        return ph.L_LEAVE(food=leave_food(state, s, head["t"]))
    if what == "vp":
        return ph.L_VP_CARD(value=state["vp_deck"][-1], name=ph.INVENTION[data[1]]())
    if what == "build":
        if head.get("eden"):
            return ph.L_BUILD_EDEN(food=huts_at(state, head["t"]))
        return ph.L_BUILD(food=build_cost(state, s, head["t"]))
    if what == "fire":
        return ph.L_FIRE(t=data[1])
    if what == "stay":
        return ph.L_STAY()
    # "buy"
    price = ph.BUY_VP() if head["what"] == "vp" else ph.BUY_BAG()
    return (ph.L_BUY_MARKER if head.get("marker") else ph.L_BUY)(cost=head["n"], what=price)
