"""Placement moves (``7b``: spot 7, turned b), listed fast.

A search lists ~30 placements per tile and plays one of them, thousands of
times a second, so the listing is the hot spot of the whole engine. A
placement move is packed in one integer (seat, spot number, turn, square:
see ``PlacementMove``); its seat, notation and data are read from it when
asked, which only the chosen move is. The turns that fit each empty square
come from the tile's table (``Board.turn_masks``, one ``map``), each fitting
spot gives one code per fitting turn, and the moves are made from the codes
in two passes at C speed. No move is kept between calls: a listing costs the
same the first time as the thousandth (ready-made moves kept per seat cost a
search three times as much while they were being made).
"""

from __future__ import annotations

from collections import deque
from itertools import compress, count, repeat
from operator import add

from rules.core import Move
from rules.wording import Said

from . import phrases as ph
from .board import Board, square_xy
from .text import where

ROT_LETTERS = "abcd"

# A move's code: ((seat * 4 + turn) * _SPOTS + spot number) * _SQUARES + square (``board.square``),
# below 2**30 (5 seats): Python's one-digit integers, the quickest to add and keep.
_SQUARES = 1 << 16           # squares are below it
_SPOTS = 1 << 8              # spot numbers are below it (91 tiles leave at most 184 empty squares beside them)
_SPOT = _SQUARES             # one spot number further
_TURN = _SPOTS * _SQUARES    # one quarter turn further
_SEAT = 4 * _TURN            # one seat further


class PlacementMove(Move):
    """A placement move, packed in ``code``. Move's seat, notation and data are worked out from it
    when read, and so is the label: a search lists thousands of moves and reads none of them but
    the data of the one it plays. Compared and hashed as every Move, by (seat, notation, data)."""

    __slots__ = ("code",)
    code: int

    @property
    def seat(self) -> int:
        return self.code // _SEAT

    @property
    def notation(self) -> str:
        code = self.code
        return _NOTATIONS[code // _SPOT % _SPOTS - 1][code // _TURN % 4]

    @property
    def data(self) -> tuple:
        code = self.code
        sq = code % _SQUARES
        return (_DATA.get(sq) or _square_data(sq))[code // _TURN % 4]

    @property
    def label(self) -> str:
        return self.said.english()

    @property
    def said(self) -> Said:
        """'spot 7 (2 east, 1 north), turned b (90°)': where, in the log's words (see text.where)."""
        _, x, y, r = self.data
        return ph.L_PLACE(spot=self.notation[:-1], where=where(x, y), turn=ROT_LETTERS[r], degrees=90 * r)


def placement_moves(board: Board, tile_id: int, seat: int) -> list[Move]:
    """Every placement of the tile: the spots (``Board.spots``) numbered north to south, each
    with the turns that fit there (a turns mask: bit r for turn r), in that order."""
    fit = list(map(board.turn_masks(tile_id).__getitem__, board.order_needs))     # 0: fits no way
    spots = map(add, count(seat * _SEAT + _SPOT, _SPOT), compress(board.order, fit))   # turn a's codes
    codes = [spot + turn for spot, mask in zip(spots, compress(fit, fit)) for turn in _TURN_CODES[mask]]
    moves: list[Move] = list(map(object.__new__, repeat(PlacementMove, len(codes))))
    # Move's constructor goes through its immutability guard; the one slot is filled directly
    deque(map(_SET_CODE, moves, codes), maxlen=0)
    return moves


_SET_CODE = vars(PlacementMove)["code"].__set__   # the slot's own descriptor
# turns mask -> what each turn that fits adds to a spot's code
_TURN_CODES = [tuple(r * _TURN for r in range(4) if mask >> r & 1) for mask in range(16)]

# _NOTATIONS[k - 1]: the notations of spot k turned a, b, c, d ("7b": spot 7 turned b)
_NOTATIONS = [tuple(f"{k}{letter}" for letter in ROT_LETTERS) for k in range(1, _SPOTS)]

# _DATA[square]: the moves' data for that square turned a, b, c, d, shared by every seat
# and game (a few thousand squares at most).
_DATA: dict[int, tuple[tuple, ...]] = {}


def _square_data(sq: int) -> tuple[tuple, ...]:
    x, y = square_xy(sq)
    data = _DATA[sq] = tuple(("place", x, y, r) for r in range(4))
    return data
