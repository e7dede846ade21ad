"""Fire & Stone in the move picker (rules/picker.py): each decision by taps, seen before it counts.

Bound to the game as methods (``move_path``, ``preview``, ``may_autoplay``: the first
parameter is the game). A turn is already small decisions (``FireAndStone.choices``): where
an explorer goes, then what it does there (take a game tile, fill the pot, take or leave a
gathering tile, an invention or a VP card, build, which fire to go back to, buy in the cave),
so each decision is one question; only an explorer with more places in reach than a menu
shows is asked the region first.

What a preview may not show (MISE EN PLACE): the face-down discovery tiles, the game tiles in
a forest before the explorer is there, the other tribes' game tiles and objective cards, the
invention deck and the cave card before it is turned. A move that turns one of those shows
its own part (the explorer on its new territory, the invention taken) and says what comes
once it counts; the move that ends the game stops before the objective cards are turned.
"""

from __future__ import annotations

from typing import Any, cast

from rules import phrases as core_phrases
from rules.core import Event, Game, Move
from rules.picker import Preview, Step
from rules.wording import Said

from . import phrases as ph
from .board import reachable
from .choices import choices
from .data import REGION
from .state import Decision, State

MENU = 25            # options one select menu shows
# reveals whose content the presser does not know before the move counts (a forest's game tiles
# are unknown only when the explorer arrives: once there, its player sees them)
UNKNOWN = frozenset({ph.REVEALS.key, ph.CAVE_IS.key, ph.NEW_INVENTION.key})


# ------------------------------------------------------------------ the picker's tree


def move_path(game: Game, state: State, move: Move) -> tuple[Step, ...]:
    head = state["pending"][0]
    k = head["k"]
    if k == "move":
        return _move_path(game, state, head, move)
    ask = _ask(state, head)
    what = move.data[0]
    if what == "forest":
        gid = state["forest"][str(head["t"])][move.data[1]]
        return (Step(ask, move.notation, ph.L_PICK_GAME(i=move.data[1] + 1, what=ph.game_tile(gid))),)
    if what == "pot":
        gid = state["p"][move.seat]["game"][move.data[1]]
        return (Step(ask, move.notation, ph.L_PICK_POT(i=move.data[1] + 1, what=ph.game_tile(gid))),)
    return (Step(ask, move.notation, _said(move)),)


def _said(move: Move) -> Said:
    """The words of a listed move (every move ``legal_moves`` lists has them)."""
    return cast(Said, move.said)


def _ask(state: State, head: Decision) -> Said:
    k = head["k"]
    if k == "forest":
        return ph.ASK_FOREST(t=head["t"])
    if k == "cook":
        return ph.ASK_COOK()
    if k == "gather":
        return ph.ASK_GATHER(kind=ph.KIND[state["tile"][str(head["t"])]]())
    if k == "fire":
        return ph.ASK_SECOND_FIRE() if head["why"] == "second" else ph.ASK_FIRE()
    if k == "build":
        return ph.ASK_BUILD_EDEN(t=head["t"]) if head.get("eden") else ph.ASK_BUILD(t=head["t"])
    return {"draft": ph.ASK_DRAFT, "card": ph.ASK_CARD, "buy": ph.ASK_BUY}[k]()


def _move_path(game: Game, state: State, head: Decision, move: Move) -> tuple[Step, ...]:
    """An explorer's move: at a turn's start with two explorers, which one goes first (TOUR DE JEU:
    the player chooses); then the territory, by region first when they do not fit one menu."""
    t = move.data[1]
    e = move.data[2] if len(move.data) == 3 else head["e"]
    steps: list[Step] = []
    if len(move.data) == 3:
        origin = state["p"][head["s"]]["ex"][e]
        steps.append(Step(ph.ASK_WHICH_EXPLORER(), f"from{origin}", ph.L_EXPLORER_AT(t=origin)))
    ask = ph.ASK_MOVE(e=e + 1)
    if len(reachable(state, head["s"], e)) > MENU:
        steps.append(Step(ask, REGION[t], ph.L_IN_REGION(region=REGION[t])))
    steps.append(Step(ask, move.notation, _said(move)))
    return tuple(steps)


def public_state(view: dict[str, Any]) -> State:
    """As much of a state as the public view gives: enough to work out where explorers may go
    and which fires are open (``board.reachable``, ``choices`` at a fire), the only keys those
    read: typed as the state they stand for."""
    shown = {k: kind for k, kind in view["tiles"].items() if kind != "?"}
    return cast(State, {"track": view["track"], "tile": shown, "up": sorted(int(k) for k in shown),
                        "p": [{"inv": tribe["inv"], "cover": tribe["cover"], "ex": ex}
                              for tribe, ex in zip(view["tribes"], view["explorers"], strict=True)]})


def places_named(game: Game, view: dict[str, Any]) -> list[int]:
    """The territories the picker names at the view's pending decision (an explorer's
    destinations, the fires it may go back to), worked out from the public view alone: the
    turn image must show each with its number (issue 26, point 5)."""
    head = view.get("pending")
    if not head or view.get("over") or head["k"] not in ("move", "fire"):
        return []
    public = public_state(view)
    if head["k"] == "move":
        if head.get("pick"):   # two explorers at a turn's start: either may go first
            pawns = [e for e, at in enumerate(public["p"][head["s"]]["ex"]) if at is not None]
            if len({public["p"][head["s"]]["ex"][e] for e in pawns}) > 1:
                return [t for e in pawns for t in reachable(public, head["s"], e)]
        return list(reachable(public, head["s"], head["e"]))
    return [data[1] for _notation, data in choices(public, head) if data[0] == "fire"]


# ------------------------------------------------------------------ the preview


def preview(game: Game, state: State, move: Move, seat: int) -> Preview:
    after, events = game.apply(state, move)
    head = state["pending"][0]
    cut = _unknown_from(events, head)
    note = None
    if cut is not None:
        key = cast(Said, events[cut].said).key
        events = events[:cut]
        if head["k"] == "move":
            after = _explorer_moved(game, state, head, move)
            t = move.data[1]
            note = ph.NOTE_TURN(t=t) if str(t) in state["tile"] and t not in state["up"] else ph.NOTE_FOREST(t=t)
        elif key == ph.NEW_INVENTION.key:       # an invention taken: the row is refilled from the deck
            after = _new_invention_hidden(game, after)
            note = ph.NOTE_INVENTION()
        else:                                   # no such move today: the position before, said as hidden
            after, note = state, core_phrases.PREVIEW_HIDDEN()
    if after["over"] and not state["over"]:     # the objective cards are turned at the end (Décompte final)
        after = game.clone(after)
        after["over"] = False
        note = ph.NOTE_OVER()
    seen = [e for e in events if e.private_to in (None, seat)]
    return Preview(after, seen, partial=note is not None, note=note)


def _unknown_from(events: list[Event], head: Decision) -> int | None:
    """Where the events start to tell what the mover does not know yet."""
    for i, e in enumerate(events):
        if e.reveal and e.said is not None and (e.said.key in UNKNOWN
                                                or (e.said.key == ph.FOREST_HOLDS.key and head["k"] == "move")):
            return i
    return None


def _explorer_moved(game: Game, state: State, head: Decision, move: Move) -> State:
    """The explorer on its new territory, nothing found there yet."""
    out = game.clone(state)
    out["pending"].pop(0)
    s, e, t = head["s"], head["e"], move.data[1]
    p = out["p"][s]
    origin = p["ex"][e]
    p["ex"][e] = t
    out["last"] = {"s": s, "from": origin, "to": t}
    return out


def _new_invention_hidden(game: Game, after: State) -> State:
    """The invention row without the card turned up to refill it (back on top of the deck)."""
    out = game.clone(after)
    new = out["inv_row"].pop()
    out["inv_deck"].insert(0, new)
    return out


# ------------------------------------------------------------------ forced moves


def may_autoplay(game: Game, state: State, move: Move) -> bool:
    """Every forced move may be played by the table: what decides a tribe's choices is public
    (its food, bags, huts, tracks, inventions and how many game tiles it holds are on its
    board for all to see; the pot is filled openly), so that a choice was forced tells the
    others nothing. The forced case met in play is the pot holding every game tile of the
    tribe: only « cook » is left."""
    return True
