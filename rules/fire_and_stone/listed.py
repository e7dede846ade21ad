"""The moves Fire & Stone lists, made cheaply: a search lists about ten of them for
every explorer's move it plays, and reads none of their labels."""

from __future__ import annotations

from rules.core import Move


class Listed(Move):
    """A move as ``legal_moves`` lists it: the same move as ``Move(seat, notation,
    label, data)`` (equal to it, with the same hash), whose label the game words only
    when it is read (autocomplete), from the decision it was listed at. ``source`` is
    ``(game, state, head)``, one tuple shared by all the moves of a listing."""

    __slots__ = ("source",)

    @property
    def said(self):
        game, state, head = self.source
        return game.label(state, head, self.data)

    @property
    def label(self) -> str:
        return self.said.english()


# A Move is immutable, so Move.__init__ writes each field through object.__setattr__;
# written straight into the slots, a listed move costs half as much to make.
_new = object.__new__
_seat, _notation, _data = Move.seat.__set__, Move.notation.__set__, Move.data.__set__
_source = Listed.source.__set__


def listed(seat: int, notation: str, data: tuple, source: tuple) -> Listed:
    move = _new(Listed)
    _seat(move, seat)
    _notation(move, notation)
    _data(move, data)
    _source(move, source)
    return move
