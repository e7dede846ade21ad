"""The rules kit: the pieces every game's engine had written for itself (issue 28).

After boardgame.io's lesson that the framework should own the flow, a game declares
what is particular to it and the kit runs the rest:

- :mod:`rules.kit.flow`: the driver that runs a game's automatic steps until a seat
  must decide (``Flow``), from a table of steps by phase;
- :mod:`rules.kit.queue`: the same driver for a state holding a queue of pending decisions
  (``QueueFlow``): each settled at the head until a seat must decide, refilled when empty;
- :mod:`rules.kit.redeal`: what ``determinize`` needs, unseen cards dealt again
  consistently with what a seat saw (``Deal``, ``pick_weighted``, ``determinized``);
- :mod:`rules.kit.events`: the fast ``Event`` constructor a search can afford (``said_event``);
- :mod:`rules.kit.cow`: copy-on-write helpers for ``clone`` / ``apply`` (``own``, ``rng_copy``).

Only :mod:`rules.core` is imported here: a game imports the kit, never the reverse.
"""

from rules.kit.cow import own, rng_copy
from rules.kit.events import said_event
from rules.kit.flow import Flow, FlowStuck
from rules.kit.queue import QueueFlow
from rules.kit.redeal import Deal, determinized, pick_weighted

__all__ = ["Deal", "Flow", "FlowStuck", "determinized", "own", "pick_weighted", "QueueFlow", "rng_copy", "said_event"]
