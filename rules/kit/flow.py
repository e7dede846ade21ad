"""The flow driver: run a game's automatic steps until a seat must decide.

boardgame.io's lesson is that the framework, not each game, owns the flow: a game
declares its phases and what happens in each, and one driver moves from phase to phase
until the game waits for a player. Here a game declares

- the phases where a seat decides and nothing runs by itself (``waiting``: an auction's
  bid, a discard, the end of the game), and
- for every other phase a *step*: a function ``step(state, events)`` that does that
  phase's automatic work, sets the state's next phase, and returns True when it stopped
  where a seat must decide after all (a step that found someone with a choice to make).

``Flow.advance`` then runs the steps, appending their events, until the state rests in
a waiting phase or a step says it waits. A move's ``play`` changes the state for the
decision made and calls ``advance``; ``to_act`` reads who must decide from the resting
state. A phase that is neither declared waiting nor has a step is a bug in the game, and
so is a flow that never comes to rest: both raise ``FlowStuck`` instead of looping or
silently handing the move to nobody.

The driver is a table lookup and a call per step, nothing more: a search runs a dozen
steps per round of a game, thousands of times a second.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from rules.core import Event

S = TypeVar("S")
Step = Callable[[S, list[Event]], "bool | None"]


class FlowStuck(RuntimeError):
    """The flow reached a phase nobody declared, or ran ``limit`` steps without resting."""


class Flow(Generic[S]):
    """A game's phases: ``steps`` (phase → automatic step) and ``waiting`` (the phases
    where a seat decides). The state's phase is ``state[key]`` for a dict state (``key``,
    e.g. ``"phase"``), else ``phase_of(state)`` (e.g. ``operator.attrgetter("phase")``).
    ``limit`` bounds the steps one advance may run: a game whose steps loop back on
    themselves forever fails loudly.

    ``advance`` is built once, as a closure over the table: the loop then reads its table
    and phase from local cells, as fast as the hand-written loop each game had."""

    __slots__ = ("name", "steps", "waiting", "limit", "phase_of", "advance")

    def __init__(self, name: str, steps: Mapping[str, Step[S]], waiting: Iterable[str], *,
                 key: str | None = None, phase_of: Callable[[S], str] | None = None, limit: int = 200) -> None:
        if (key is None) == (phase_of is None):
            raise ValueError(f"{name}: give the phase's key (a dict state) or phase_of (any other), not both")
        self.name = name
        self.steps = dict(steps)
        self.waiting = frozenset(waiting)
        self.limit = limit
        both = self.waiting & self.steps.keys()
        if both:                    # a phase cannot both wait for a seat and run by itself
            raise ValueError(f"{name}: phases both waiting and automatic: {sorted(both)}")
        if phase_of is None:
            phase_of = _item(key)
        self.phase_of: Callable[[S], str] = phase_of
        self.advance: Callable[[S, list[Event]], None] = _driver(name, self.steps, self.waiting, limit, key, phase_of)
        """Run automatic steps on ``state`` (changing it) until a seat must decide."""

    @property
    def phases(self) -> frozenset[str]:
        """Every phase the game declared."""
        return self.waiting | self.steps.keys()

    def waits(self, state: S) -> bool:
        """Whether ``state`` rests where a seat decides (or the game is over)."""
        return self.phase_of(state) in self.waiting


def _item(key: str | None) -> Callable[[Any], str]:
    def phase_of(state: Any) -> str:
        return state[key]
    return phase_of


def _driver(name: str, steps: dict[str, Step[S]], waiting: frozenset[str], limit: int, key: str | None,
            phase_of: Callable[[S], str]) -> Callable[[S, list[Event]], None]:
    get_step = steps.get

    def stuck(state: S, phase: str | None = None) -> FlowStuck:
        if phase is not None:
            return FlowStuck(f"{name}: phase {phase!r} is neither waiting nor automatic")
        return FlowStuck(f"{name}: no rest after {limit} steps (now in {phase_of(state)!r})")

    if key is not None:             # a dict state: the phase read by subscript, no call
        def advance_dict(state: Any, events: list[Event]) -> None:
            for _ in range(limit):
                phase = state[key]
                step = get_step(phase)
                if step is None:
                    if phase in waiting:
                        return
                    raise stuck(state, phase)
                if step(state, events):
                    return
            raise stuck(state)
        return advance_dict

    def advance(state: S, events: list[Event]) -> None:
        for _ in range(limit):
            phase = phase_of(state)
            step = get_step(phase)
            if step is None:
                if phase in waiting:
                    return
                raise stuck(state, phase)
            if step(state, events):
                return
        raise stuck(state)
    return advance
