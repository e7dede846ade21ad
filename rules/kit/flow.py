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
from typing import Generic, TypeVar

from rules.core import Event

S = TypeVar("S")
Step = Callable[[S, list[Event]], "bool | None"]


class FlowStuck(RuntimeError):
    """The flow reached a phase nobody declared, or ran ``limit`` steps without resting."""


class Flow(Generic[S]):
    """A game's phases: ``steps`` (phase → automatic step) and ``waiting`` (the phases
    where a seat decides); ``phase_of(state)`` reads the state's phase (for speed, an
    ``operator.itemgetter`` or ``attrgetter``). ``limit`` bounds the steps one advance may
    run: a game whose steps loop back on themselves forever fails loudly."""

    __slots__ = ("name", "steps", "waiting", "phase_of", "limit")

    def __init__(self, name: str, phase_of: Callable[[S], str], steps: Mapping[str, Step[S]],
                 waiting: Iterable[str], limit: int = 200) -> None:
        self.name = name
        self.phase_of = phase_of
        self.steps = dict(steps)
        self.waiting = frozenset(waiting)
        self.limit = limit
        both = self.waiting & self.steps.keys()
        if both:                    # a phase cannot both wait for a seat and run by itself
            raise ValueError(f"{name}: phases both waiting and automatic: {sorted(both)}")

    @property
    def phases(self) -> frozenset[str]:
        """Every phase the game declared."""
        return self.waiting | self.steps.keys()

    def waits(self, state: S) -> bool:
        """Whether ``state`` rests where a seat decides (or the game is over)."""
        return self.phase_of(state) in self.waiting

    def advance(self, state: S, events: list[Event]) -> None:
        """Run automatic steps on ``state`` (changing it) until a seat must decide."""
        get_step, phase_of = self.steps.get, self.phase_of
        for _ in range(self.limit):
            phase = phase_of(state)
            step = get_step(phase)
            if step is None:
                if phase in self.waiting:
                    return
                raise FlowStuck(f"{self.name}: phase {phase!r} is neither waiting nor automatic")
            if step(state, events):
                return
        raise FlowStuck(f"{self.name}: no rest after {self.limit} steps (now in {phase_of(state)!r})")
