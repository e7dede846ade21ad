"""Playing a decision: what each move does to the state, and the decisions it brings.

``PLAY[what]`` plays a move whose data starts with ``what`` at the decision ``head`` of the
queue: it pops or updates the head and may push new decisions (an explorer's arrival brings
what it finds there: take a game tile, cook, take or leave a gathering tile, build, go back
to a fire). The flow (``turns``) then settles the queue. The state is the move's own fork
(``state.fork``): what it shares with the state before is replaced, never changed in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rules.core import Event, Move
from rules.kit.cow import own
from rules.kit.events import said_event
from rules.wording import Phrase, listing
from rules.wording import seat as player

from . import phrases as ph
from .board import build_cost, cave_rule, gain_bags, gain_food, has, huts_at, is_fire, leave_food, lift, without
from .choices import choices
from .data import ALL_INV, CAVES, GAME_TILES, GATHER_KINDS, HUT_EFFECTS, PRINTED_FIRE, REGION, TERR
from .state import Decision, Last, State

Play = Callable[[State, Decision, Move, list[Event]], None]


def draft(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    card = move.data[1]
    state["pending"].pop(0)
    state["draft"] = without(state["draft"] or [], card)
    gain_invention(state, head["s"], card, events)
    if not state["pending"]:
        state["draft"] = None
        state["pending"] = [{"k": "move", "s": 0, "e": 0}]


def move_explorer(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s, e, t = head["s"], head["e"], move.data[1]
    if "pick" in head:          # the player chose which explorer goes first: the other follows
        e = move.data[2]
        state["second"] = 1 - e
    p = state["p"][s]
    state["pending"].pop(0)
    ex = list(p["ex"])
    origin, ex[e] = ex[e], t
    p["ex"] = ex
    state["last"] = {"s": s, "from": origin, "to": t}
    events.append(said_event(ph.MOVES(who=player(s), origin=origin, t=t), seat=s))
    arrive(state, s, e, t, events)


def arrive(state: State, s: int, e: int, t: int, events: list[Event]) -> None:
    p = state["p"][s]
    key = str(t)
    kind = state["tile"].get(key)
    if has(p, "water_food") and (TERR[t]["lake"] or TERR[t]["coast"]):
        gain_food(p, 1)
    new: list[Decision] = []
    if kind and t not in state["up"]:
        state["up"] = state["up"] + [t]
        events.append(said_event(ph.REVEALS(who=player(s), t=t, kind=ph.KIND[kind]()), seat=s, reveal=True))
        if has(p, "reveal_food"):
            gain_food(p, 1)
        new = discover(state, s, e, t, kind, events)
    else:
        new = action(state, s, e, t, events)
    if has(p, "fire_food") and is_fire(state, t):
        gain_food(p, 1)
    state["pending"][0:0] = new


def discover(state: State, s: int, e: int, t: int, kind: str, events: list[Event]) -> list[Decision]:
    """Discovery effect of a freshly revealed tile, then its action."""
    p = state["p"][s]
    key = str(t)
    region = REGION[t]
    if kind == "forest":
        stacks = state["stacks"][region]
        state["stacks"] = {**state["stacks"], region: stacks[1:]}  # copy on write (see state.fork)
        state["forest"] = {**state["forest"], key: list(stacks[0]) if stacks else []}
        return action(state, s, e, t, events)
    if kind == "fire":
        p["vp"] += 1
        events.append(said_event(ph.FIRE_VP(who=player(s)), seat=s))
        return action(state, s, e, t, events)
    if kind == "cache":
        gain_bags(state, p, 1)
        gain_food(p, 1)
        lift(state, t)
        events.append(said_event(ph.CACHE(who=player(s)), seat=s))
        return []
    if kind == "hut":
        lift(state, t)
        if p["huts"] > 0:
            place_hut(state, s, t, events)
        return hut_track(state, s, e, t, events)
    if kind == "cave":
        state["cave_up"] = True
        card = CAVES[state["cave"]]
        events.append(said_event(ph.CAVE_IS(name=ph.CAVE[state["cave"]](), text=ph.CAVE_TEXT[state["cave"]]()),
                                 reveal=True))
        disc = card["discovery"]
        if disc.get("bags"):
            gain_bags(state, p, disc["bags"])
        if disc.get("food"):
            gain_food(p, disc["food"])
        if disc.get("vp"):
            p["vp"] += disc["vp"]
        return action(state, s, e, t, events)
    return action(state, s, e, t, events)  # gathering tiles: no discovery effect


def action(state: State, s: int, e: int, t: int, events: list[Event]) -> list[Decision]:
    """The action of what the explorer finds (never a discovery effect)."""
    p = state["p"][s]
    key = str(t)
    kind = state["tile"].get(key)
    if kind == "forest":
        if state["forest"].get(key):
            left = 2 if has(p, "forest_two") else 1
            show_forest(state, s, t, events)
            return [{"k": "forest", "s": s, "t": t, "left": left}]
        return []
    if kind == "fire" or (kind is None and t in PRINTED_FIRE):
        return [{"k": "cook", "s": s, "t": t, "pot": []}] if p["game"] else []
    if kind in GATHER_KINDS:
        return [{"k": "gather", "s": s, "t": t}]
    if kind == "cave":
        cave_action = CAVES[state["cave"]]["action"]
        if not cave_action:
            return []
        if cave_action.get("marker") and p.get("marker") == "cave":
            events.append(said_event(ph.MARKER_USED(who=player(s)), seat=s))
            return []
        if cave_action["kind"] == "eden":
            return [{"k": "build", "s": s, "e": e, "t": t, "eden": True}]
        if cave_action["kind"] == "food":
            got = gain_food(p, cave_action["n"])
            said = ph.CAVE_FOOD(who=player(s), food=got) if got else ph.CAVE_FOOD_NONE(who=player(s))
            events.append(said_event(said, seat=s))
            return []
        if cave_action["kind"] == "fire":
            return [{"k": "cook", "s": s, "t": t, "pot": []}] if p["game"] else []
        return [{"k": "buy", "s": s, "what": "vp" if cave_action["kind"] == "buy_vp" else "bag",
                 "n": cave_action["n"], "marker": bool(cave_action.get("marker"))}]
    if huts_at(state, t):
        return [{"k": "build", "s": s, "e": e, "t": t}]
    # Only a food icon left.
    gain = 1 + (1 if has(p, "plain_plus") else 0) + cave_rule(state, "plain_plus", t)
    got = gain_food(p, gain)
    events.append(said_event(ph.GATHERS(who=player(s), food=got) if got else ph.GATHERS_NONE(who=player(s)),
                             seat=s))
    return []


def show_forest(state: State, s: int, t: int, events: list[Event]) -> None:
    tiles = state["forest"][str(t)]
    shown = listing(ph.NUMBERED(i=i + 1, what=ph.game_tile(g)) for i, g in enumerate(tiles))
    # The player looks at hidden tiles: an undo barrier.
    events.append(said_event(ph.FOREST_HOLDS(t=t, tiles=shown), private_to=s, reveal=True))


def place_hut(state: State, s: int, t: int, events: list[Event]) -> None:
    p = state["p"][s]
    village = list(state["villages"].get(str(t), [0] * state["n"]))
    village[s] += 1
    state["villages"] = {**state["villages"], str(t): village}  # copy on write (see state.fork)
    p["huts"] -= 1
    state["last"] = cast(Last, dict(state["last"] or {}, built=t))     # a hut is built after a move: s, from, to
    if p["huts"] == 0:
        trigger_end(state, s, events, ph.END_LAST_HUT)


def hut_track(state: State, s: int, e: int, t: int, events: list[Event]) -> list[Decision]:
    state["track"] += 1
    n = state["track"]
    events.append(said_event(ph.HUT_TILE(n=n), seat=s))
    effect = HUT_EFFECTS.get(n)
    new = [return_to_fire(state, s, e, t)]
    if effect == "open_II":
        events.append(said_event(ph.REGION_OPEN(region="II")))
    elif effect == "open_III":
        events.append(said_event(ph.REGION_OPEN(region="III")))
    elif effect == "end":
        trigger_end(state, s, events, ph.END_TRACK)
    elif effect == "second_explorer":
        events.append(said_event(ph.SECOND_EXPLORER()))
        for i in range(state["n"]):
            seat = (s + i) % state["n"]
            first = t if seat == s else state["p"][seat]["ex"][0]
            assert first is not None            # every tribe's first explorer is on the board
            new.append({"k": "fire", "s": seat, "e": 1, "why": "second", "region": REGION[first]})
    return new


def return_to_fire(state: State, s: int, e: int, t: int) -> Decision:
    head: Decision = {"k": "fire", "s": s, "e": e, "why": "return", "region": REGION[t]}
    if has(state["p"][s], "may_stay"):
        head["stay"] = t
    return head


def trigger_end(state: State, s: int, events: list[Event], why: Phrase) -> None:
    if state["end"] is None:
        # The trigger's turn counts as one of its two; the others play twice more.
        state["end"] = [2] * state["n"]
        state["trigger"] = s
        events.append(said_event(why(who=player(s))))


def forest(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s, t = head["s"], head["t"]
    tiles = list(state["forest"][str(t)])
    gid = tiles.pop(move.data[1])
    state["forest"] = {**state["forest"], str(t): tiles}  # copy on write (see state.fork)
    p = state["p"][s]
    p["game"] = p["game"] + [gid]
    events.append(said_event(ph.FOREST_TAKES(who=player(s), t=t), seat=s))
    events.append(said_event(ph.YOU_TOOK(tile=ph.game_tile(gid)), private_to=s))
    left = head["left"] - 1
    if left <= 0 or not tiles:
        state["pending"].pop(0)
    else:
        own(state["pending"], 0)["left"] = left             # the head, shared with the state before
        show_forest(state, s, t, events)


def done(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    """``pass`` and ``stay``: the decision is over, nothing else happens."""
    state["pending"].pop(0)


def pot(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    own(state["pending"], 0)["pot"] = head["pot"] + [move.data[1]]   # the head, shared with the state before


def cook(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s = head["s"]
    p = state["p"][s]
    state["pending"].pop(0)
    in_pot = sorted(head["pot"])
    if not in_pot:
        return
    cooked = [p["game"][i] for i in in_pot]
    p["game"] = [g for i, g in enumerate(p["game"]) if i not in in_pot]
    bonus = (1 if has(p, "cook_plus") else 0) + cave_rule(state, "cook_plus", head["t"])
    # All rewards together: new bags first, so the food can fill them.
    bags = gain_bags(state, p, sum(GAME_TILES[g][1] for g in cooked))
    food = sum(GAME_TILES[g][0] + bonus for g in cooked)
    kept = gain_food(p, food)
    state["discard"] = state["discard"] + cooked
    shown = listing(ph.game_tile(g) for g in cooked)
    events.append(said_event(ph.COOKS(who=player(s), tiles=shown, n=bags, food=kept), seat=s, reveal=True))


def take(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s, t = head["s"], head["t"]
    p = state["p"][s]
    state["pending"].pop(0)
    _, i, empty = move.data
    kind = lift(state, t)
    p["tracks"] = [list(tr) for tr in p["tracks"]]  # copy on write (see state.fork)
    track = p["tracks"][i]
    if empty:
        events.append(said_event(ph.EMPTIES(who=player(s), kind=ph.KIND[track[0]]()), seat=s))
        track[:] = [None, 0]
    track[0] = kind
    track[1] = min(3, track[1] + (2 if has(p, "double_" + kind) else 1))
    if has(p, "take_plus"):
        gain_food(p, 1)
    events.append(said_event(ph.TAKES(who=player(s), kind=ph.KIND[kind](), level=track[1]), seat=s))
    if track[1] >= 3:
        track[:] = [None, 0]  # the three tiles are discarded once the card is taken
        card: Decision = {"k": "card", "s": s}
        if choices(state, card):
            state["pending"].insert(0, card)


def leave(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s, t = head["s"], head["t"]
    state["pending"].pop(0)
    got = gain_food(state["p"][s], leave_food(state, s, t))
    events.append(said_event(ph.LEAVES(who=player(s), food=got) if got else ph.LEAVES_NONE(who=player(s)), seat=s))


def gain_invention(state: State, s: int, inv: str, events: list[Event]) -> None:
    p = state["p"][s]
    p["inv"] = p["inv"] + [inv]
    instant = ALL_INV[inv]["instant"]
    if instant.get("bags"):
        gain_bags(state, p, instant["bags"])
    if instant.get("food"):
        gain_food(p, instant["food"])
    events.append(said_event(ph.GAINS_INVENTION(who=player(s), name=ph.INVENTION[inv]()), seat=s))


def invent(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s, inv = head["s"], move.data[1]
    state["pending"].pop(0)
    state["inv_row"] = without(state["inv_row"], inv)
    gain_invention(state, s, inv, events)
    if state["inv_deck"]:
        new = state["inv_deck"][0]
        state["inv_deck"] = state["inv_deck"][1:]
        state["inv_row"] = state["inv_row"] + [new]
        events.append(said_event(ph.NEW_INVENTION(name=ph.INVENTION[new]()), reveal=True))


def vp_card(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s, inv = head["s"], move.data[1]
    state["pending"].pop(0)
    value = state["vp_deck"][-1]
    state["vp_deck"] = state["vp_deck"][:-1]
    p = state["p"][s]
    p["cover"] = {**p["cover"], inv: value}
    events.append(said_event(ph.TAKES_VP(who=player(s), value=value, name=ph.INVENTION[inv]()), seat=s))


def build(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s, t = head["s"], head["t"]
    p = state["p"][s]
    state["pending"].pop(0)
    if head.get("eden"):
        here = huts_at(state, t)
        gain_food(p, here)
        events.append(said_event(ph.BUILDS_EDEN(who=player(s), t=t, food=here), seat=s))
    else:
        cost = build_cost(state, s, t)
        p["food"] -= cost
        events.append(said_event(ph.BUILDS(who=player(s), t=t, food=cost), seat=s))
    place_hut(state, s, t, events)
    state["pending"].insert(0, return_to_fire(state, s, head["e"], t))


def fire(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s, t = head["s"], move.data[1]
    state["pending"].pop(0)
    # Copy on write: the flow also places other tribes' second explorers (a forced move),
    # whose boards ``state.fork`` did not copy.
    p = own(state["p"], s)
    p["ex"] = ex = list(p["ex"])
    ex[head["e"]] = t
    said = ph.SECOND_TO_FIRE if head["why"] == "second" else ph.TO_FIRE
    events.append(said_event(said(who=player(s), t=t), seat=s))


def buy(state: State, head: Decision, move: Move, events: list[Event]) -> None:
    s = head["s"]
    p = state["p"][s]
    state["pending"].pop(0)
    p["food"] -= head["n"]
    if head["what"] == "vp":
        p["vp"] += 1
    else:
        gain_bags(state, p, 1)
    what = ph.BUY_VP() if head["what"] == "vp" else ph.BUY_BAG()
    events.append(said_event(ph.PAYS(who=player(s), cost=head["n"], what=what), seat=s))
    if head.get("marker"):
        use_marker(state, s, events)


def use_marker(state: State, s: int, events: list[Event]) -> None:
    """A once-per-tribe cave action: the tribe's marker leaves its colour
    card for the cave card (rulebook: 1 marker per player "pour certaines
    cartes Grotte"; which cards is reconstructed in data.json)."""
    state["p"][s]["marker"] = "cave"
    events.append(said_event(ph.MARKER(who=player(s)), seat=s))


# what a move does, by the first item of its data
PLAY: dict[str, Play] = {
    "draft": draft, "move": move_explorer, "forest": forest, "pass": done, "pot": pot, "cook": cook,
    "take": take, "leave": leave, "invent": invent, "vp": vp_card, "build": build, "fire": fire,
    "stay": done, "buy": buy,
}
