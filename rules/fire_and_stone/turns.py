"""The turn's flow: the queue of decisions (``state["pending"]``) on the kit's queue-shaped
driver (``rules.kit.queue.QueueFlow``).

Before a seat is asked, the decision at the head of the queue is settled: one with nothing
to choose is dropped (an explorer with nowhere to go, a build the tribe cannot pay, a
purchase without food…), a fire to go back to with one choice only is taken for the
player; when the queue is empty, the turn's second explorer moves, or the next tribe's
turn begins, or the game ends (FIN DE PARTIE: after the turns the trigger left).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Event, Move
from rules.kit.events import said_event
from rules.kit.queue import QueueFlow, Settle

from . import phrases as ph
from .board import reachable
from .choices import FiresIn, choices
from .moves import fire
from .state import Decision, State


def settle_move(state: State, head: Decision, events: list[Event]) -> bool:
    """An explorer's move waits for its player unless it has nowhere to go."""
    if reachable(state, head["s"], head["e"]):
        return True
    state["pending"].pop(0)
    return False


def settle_choice(state: State, head: Decision, events: list[Event]) -> bool:
    """Any other decision waits unless it leaves nothing to choose."""
    if choices(state, head):
        return True
    state["pending"].pop(0)
    return False


def settle_fire(fires: Callable[[], FiresIn]) -> Settle[State, Decision]:
    """Going to a fire: made for the player when one fire only is open to it (the open
    fires as ``fires()`` gives them: the game's ``fires_in``)."""
    def settle(state: State, head: Decision, events: list[Event]) -> bool:
        opts = choices(state, head, fires())
        if not opts:
            state["pending"].pop(0)
            return False
        if len(opts) == 1:
            notation, data = opts[0]
            fire(state, head, Move(head["s"], notation, data=data), events)
            return False
        return True
    return settle


def next_explorer(state: State, events: list[Event]) -> None:
    """The queue is empty: the turn's other explorer moves, or the next tribe plays, or the
    game is over once every tribe has played the turns the end left it."""
    seat = state["turn"]
    p = state["p"][seat]
    if state["ex"] == 0 and p["ex"][1] is not None:
        state["ex"] = 1
        state["pending"].append({"k": "move", "s": seat, "e": state.pop("second", 1)})
        return
    end = state["end"]
    if end is not None:
        state["end"] = end = list(end)
        end[seat] -= 1
    nxt = (seat + 1) % state["n"]
    if end is not None and end[nxt] <= 0:
        state["over"] = True
        events.append(said_event(ph.OVER()))
        return
    state["turn"], state["ex"] = nxt, 0
    state.pop("second", None)
    if state["p"][nxt]["ex"][1] is None:
        state["pending"].append({"k": "move", "s": nxt, "e": 0})
    else:       # two explorers: the player moves either first
        state["pending"].append({"k": "move", "s": nxt, "e": 0, "pick": True})


def flow(fires: Callable[[], FiresIn]) -> QueueFlow[State, Decision]:
    """The game's queue of decisions on the kit's driver; ``fires()`` gives the game's
    ``fires_in`` when a fire is chosen (read then: the game's own may be replaced)."""
    return QueueFlow("fire_and_stone",
                     {"move": settle_move, "fire": settle_fire(fires),
                      **{k: settle_choice for k in ("draft", "forest", "cook", "gather", "card", "build", "buy")}},
                     next_explorer)
