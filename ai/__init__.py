"""AI players for empty seats, absent players and hints. Pure like ``rules/``:
no I/O, no Discord; it imports only ``rules``. A decision sees only what its
seat may see (it searches over ``Game.determinize`` states), and is
deterministic for a seed and an iteration budget.

- ``ai.players``: :func:`decide` — the move a level plays, with a one-line reason
- ``ai.search``: information-set Monte Carlo tree search
"""

from ai.players import LEVELS, Decision, decide

__all__ = ["LEVELS", "Decision", "decide"]
