"""Placement moves (``7b``: spot 7, turned b), listed fast.

A search lists ~30 placements per tile and plays one of them, thousands of
times a second, so the listing is the hot spot of the whole engine. Every
step of it is a ``map`` over tables (C speed): the turns that fit each empty
square come from the tile's table (``Board.turn_masks``), each spot's four
moves from a per-seat table keyed by (spot number, square), and the turns
that fit pick among them. A spot met for the first time gets its moves made,
all the new ones of a listing at once (see ``_assemble``).
"""

from __future__ import annotations

from collections import deque
from itertools import chain, compress, count, islice, repeat
from operator import add

from rules.core import Move
from rules.wording import Said

from . import phrases as ph
from .board import Board, square_xy
from .text import where

ROT_LETTERS = "abcd"


class PlacementMove(Move):
    """A placement move: its label is worked out from its notation and data when read (a search
    lists thousands and reads none)."""

    __slots__ = ()

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
    with the turns that fit there (a turns mask: bit r for turn r)."""
    fit = list(map(board.turn_masks(tile_id).__getitem__, board.order_needs))     # 0: fits no way
    masks = list(compress(fit, fit))
    keys = list(map(add, count(_SPOT, _SPOT), compress(board.order, fit)))      # spot k's key: k * _SPOT + square
    table = _MOVES[seat] if seat < len(_MOVES) else _more_seats(seat)
    spots = list(map(table.get, keys))
    if not all(spots):
        spots = _make_spots(table, seat, keys, spots)
    return list(chain.from_iterable(map(compress, spots, map(_BITS.__getitem__, masks))))


# _MOVES[seat][k * _SPOT + square]: the four moves of ``seat`` putting a tile on spot number k,
# on that square (``board.square``), turned a, b, c, d. A move is immutable and a search meets the same ones again
# and again, so each is made once. When a seat's table is full its oldest half goes: memory
# stays bounded (about 10 MB a seat).
_MOVES: list[dict[int, tuple[PlacementMove, ...]]] = []
_SPOT = 1 << 20              # squares are below it
_MOVES_MAX = 25_000          # per seat
_BITS = [tuple(mask >> r & 1 for r in range(4)) for mask in range(16)]     # mask -> compress selectors


def _more_seats(seat: int) -> dict:
    while len(_MOVES) <= seat:
        _MOVES.append({})
    return _MOVES[seat]


def _make_spots(table: dict, seat: int, keys: list[int], spots: list) -> list:
    """Make the moves of the spots not in ``table`` yet, store them, and return every spot's."""
    if len(table) >= _MOVES_MAX:
        for old in list(islice(table, _MOVES_MAX // 2)):
            del table[old]
    new = [key for key, moves in zip(keys, spots) if moves is None]
    if len(_NOTATIONS) < len(keys):
        _more_notations(len(keys))
    notations = chain.from_iterable(_NOTATIONS[key // _SPOT - 1] for key in new)
    data = chain.from_iterable(_DATA.get(key % _SPOT) or _square_data(key % _SPOT) for key in new)
    made = iter(_assemble(seat, list(notations), list(data)))
    for key in new:
        table[key] = tuple(islice(made, 4))
    return [moves or table[key] for moves, key in zip(spots, keys)]


def _assemble(seat: int, notations: list[str], data: list[tuple]) -> list[PlacementMove]:
    """``[PlacementMove(seat, notation, data) ...]``. Move's own constructor goes through its
    immutability guard (``object.__setattr__`` by name), which costs three times as much;
    here Move's public slots are filled directly, column by column."""
    moves = list(map(object.__new__, repeat(PlacementMove, len(notations))))
    deque(map(_SET_SEAT, moves, repeat(seat)), maxlen=0)
    deque(map(_SET_NOTATION, moves, notations), maxlen=0)
    deque(map(_SET_DATA, moves, data), maxlen=0)
    return moves


_SET_SEAT, _SET_NOTATION, _SET_DATA = Move.seat.__set__, Move.notation.__set__, Move.data.__set__

# _NOTATIONS[k - 1]: the notations of spot k turned a, b, c, d ("7b": spot 7 turned b)
_NOTATIONS: list[tuple[str, ...]] = []


def _more_notations(spots: int) -> None:
    for k in range(len(_NOTATIONS) + 1, spots + 1):
        _NOTATIONS.append(tuple(f"{k}{letter}" for letter in ROT_LETTERS))


_more_notations(128)

# _DATA[square]: the moves' data for that square turned a, b, c, d, shared by every seat
# and game (a few thousand squares at most).
_DATA: dict[int, tuple[tuple, ...]] = {}


def _square_data(sq: int) -> tuple[tuple, ...]:
    x, y = square_xy(sq)
    data = _DATA[sq] = tuple(("place", x, y, r) for r in range(4))
    return data
