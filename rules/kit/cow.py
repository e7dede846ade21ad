"""Copy-on-write helpers for ``Game.clone`` and ``Game.apply``.

Every engine here clones its state on every move (``apply`` is pure), and each found the
same answer: copy the containers a move changes, share the rest, and never change a
shared part in place — replace it. These helpers name the two steps that recur:
taking a fresh copy of one entry before changing it (``own``), and giving the copy its
own dice (``rng_copy``). They are plain functions, small enough that a hot path may still
write the same line out by hand; what matters is the rule they state.
"""

from __future__ import annotations

from collections.abc import MutableMapping, MutableSequence
from typing import Any, Protocol, TypeVar, overload

from rules.core import Rng


class _Copyable(Protocol):
    def copy(self) -> Any: ...


C = TypeVar("C", bound=_Copyable)
K = TypeVar("K")


@overload
def own(parent: MutableSequence[C], key: int) -> C: ...
@overload
def own(parent: MutableMapping[K, C], key: K) -> C: ...
def own(parent: Any, key: Any) -> Any:
    """Replace ``parent[key]`` by a shallow copy of it and return that copy, to change freely.

    ``parent`` must already be this state's own (itself copied, or made by this move): the
    entry it held may be shared with the state the move was applied to, the copy is not."""
    child = parent[key] = parent[key].copy()
    return child


def rng_copy(rng: Rng) -> Rng:
    """The dice of a copied state: the same sequence to come, but their own (a draw in the
    copy must not move the original's dice). Made without ``Rng.__init__`` (its state is
    already in range): a clone, on every move, then costs no more than ``Rng(state, draws)``."""
    new = _new_rng(Rng)
    new.state = rng.state
    new.draws = rng.draws
    return new


_new_rng = object.__new__
