"""The queue-shaped flow: a game whose state holds a queue of pending decisions.

Some games do not move through named phases but stack up decisions: a move pushes what it
brings about (take a tile or leave it, cook, build, go back to a fire), each for a seat to
make, and the head of the queue says who acts and what they may choose (Fire & Stone).
``Flow`` reads one phase from the state; here the "phase" is the kind of the decision at
the head of the queue, or the empty queue. A game declares

- for each kind of decision, a *settle* function ``settle(state, head, events)`` that looks
  at the head before its seat is asked: it returns True when the seat must decide (the
  head waits), or resolves the head itself and returns False (dropped because nothing is
  left to choose, or played because only one choice is left): the driver looks again;
- the kinds that always wait for their seat, with nothing to check (``waiting``);
- a *refill* step ``refill(state, events)`` run when the queue is empty: it pushes the next
  decisions (the next explorer, the next turn) or ends the game.

``QueueFlow.advance`` runs settle and refill until the head waits or the game is over;
``to_act`` is the head's seat. Like ``Flow``, an undeclared kind of decision and a flow
that never rests raise ``FlowStuck``. The state and its decisions are dicts (``queue``,
``over``, ``kind`` and ``seat`` name their keys) or anything else, read by functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from operator import itemgetter
from typing import Any, Generic, TypeVar

from rules.core import Event
from rules.kit.flow import FlowStuck

S = TypeVar("S")
D = TypeVar("D")
Settle = Callable[[S, D, list[Event]], bool]
Refill = Callable[[S, list[Event]], None]


class QueueFlow(Generic[S, D]):
    """A game's queue of decisions: ``settle`` (kind → what to check before the head's seat
    is asked), ``waiting`` (kinds always asked as they are) and ``refill`` (the empty queue).
    ``queue``, ``over``: the state's queue (a list, head first) and whether the game is over,
    as a dict key or a function of the state; ``kind``, ``seat``: a decision's kind and the
    seat that makes it, as a dict key or a function of the decision. ``limit`` bounds the
    steps one advance may run."""

    __slots__ = ("name", "settle", "waiting", "refill", "limit", "queue_of", "is_over", "kind_of", "seat_of",
                 "advance")

    def __init__(self, name: str, settle: Mapping[str, Settle[S, D]], refill: Refill[S],
                 waiting: Iterable[str] = (), *, queue: str | Callable[[S], list[D]] = "pending",
                 over: str | Callable[[S], bool] = "over", kind: str | Callable[[D], str] = "k",
                 seat: str | Callable[[D], int] = "s", limit: int = 200) -> None:
        self.name = name
        self.settle = dict(settle)
        self.waiting = frozenset(waiting)
        self.refill = refill
        self.limit = limit
        both = self.waiting & self.settle.keys()
        if both:                    # a kind is either asked as it is or checked first, not both
            raise ValueError(f"{name}: kinds both waiting and settled: {sorted(both)}")
        self.queue_of: Callable[[S], list[D]] = _getter(queue)
        self.is_over: Callable[[S], bool] = _getter(over)
        self.kind_of: Callable[[D], str] = _getter(kind)
        self.seat_of: Callable[[D], int] = _getter(seat)
        # advance(state, events): settle the head and refill the queue (changing ``state``)
        # until a seat must decide; by subscripts when the state and its decisions are dicts
        self.advance: Callable[[S, list[Event]], None]
        if isinstance(queue, str) and isinstance(over, str) and isinstance(kind, str):
            self.advance = _dict_driver(self, queue, over, kind)
        else:
            self.advance = _driver(self)

    @property
    def kinds(self) -> frozenset[str]:
        """Every kind of decision the game declared."""
        return self.waiting | self.settle.keys()

    def head(self, state: S) -> D | None:
        """The decision waiting at the head of the queue; None when the game is over."""
        if self.is_over(state):
            return None
        queue = self.queue_of(state)
        return queue[0] if queue else None

    def to_act(self, state: S) -> list[int]:
        """Who must decide now (a resting state): the head's seat, or nobody once over."""
        head = self.head(state)
        return [] if head is None else [self.seat_of(head)]


def _getter(how: Any) -> Any:
    return itemgetter(how) if isinstance(how, str) else how


def _dict_driver(flow: QueueFlow[S, D], queue: str, over: str, kind: str) -> Callable[[Any, list[Event]], None]:
    """``_driver`` for a dict state and dict decisions: subscripts, no calls (as fast as the
    loop each game wrote by hand)."""
    name, limit, waiting, get_settle, refill = flow.name, flow.limit, flow.waiting, flow.settle.get, flow.refill

    def advance(state: Any, events: list[Event]) -> None:
        for _ in range(limit):
            if state[over]:
                return
            pending = state[queue]
            if not pending:
                refill(state, events)
                continue
            head = pending[0]
            settle = get_settle(head[kind])
            if settle is None:
                if head[kind] in waiting:
                    return
                raise FlowStuck(f"{name}: decision {head[kind]!r} is neither waiting nor settled")
            if settle(state, head, events):
                return
        raise FlowStuck(f"{name}: no rest after {limit} steps")
    return advance


def _driver(flow: QueueFlow[S, D]) -> Callable[[S, list[Event]], None]:
    # read once into local cells: the loop runs after every move of a search
    name, limit, waiting, get_settle, refill = flow.name, flow.limit, flow.waiting, flow.settle.get, flow.refill
    queue_of, is_over, kind_of = flow.queue_of, flow.is_over, flow.kind_of

    def advance(state: S, events: list[Event]) -> None:
        for _ in range(limit):
            if is_over(state):
                return
            queue = queue_of(state)
            if not queue:
                refill(state, events)
                continue
            head = queue[0]
            kind = kind_of(head)
            settle = get_settle(kind)
            if settle is None:
                if kind in waiting:
                    return
                raise FlowStuck(f"{name}: decision {kind!r} is neither waiting nor settled")
            if settle(state, head, events):
                return
        raise FlowStuck(f"{name}: no rest after {limit} steps")
    return advance
