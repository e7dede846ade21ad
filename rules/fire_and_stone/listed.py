"""The moves Fire & Stone lists, made cheaply: a search lists about ten of them for
every explorer's move it plays, and reads none of their labels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Move
from rules.wording import Said

Source = tuple[Callable[[Any, Any, tuple[Any, ...]], Said], Any, Any]   # (label, state, head)


class Listed(Move):
    """A move as ``legal_moves`` lists it: the same move as ``Move(seat, notation,
    label, data)`` (equal to it, with the same hash), whose label the game words only
    when it is read (autocomplete), from the decision it was listed at. ``source`` is
    ``(label, state, head)`` (``choices.label`` and where it was listed), one tuple
    shared by all the moves of a listing."""

    __slots__ = ("source",)
    source: Source

    @property
    def said(self) -> Said:
        label, state, head = self.source
        return label(state, head, self.data)

    @property
    def label(self) -> str:
        return self.said.english()


# A Move is immutable, so Move.__init__ writes each field through object.__setattr__;
# written straight into the slots (their own descriptors), a listed move costs half as much to make.
_new = object.__new__
_seat, _notation, _data = vars(Move)["seat"].__set__, vars(Move)["notation"].__set__, vars(Move)["data"].__set__
_source = vars(Listed)["source"].__set__


def listed(seat: int, notation: str, data: tuple[Any, ...], source: Source) -> Listed:
    move = _new(Listed)
    _seat(move, seat)
    _notation(move, notation)
    _data(move, data)
    _source(move, source)
    return move
