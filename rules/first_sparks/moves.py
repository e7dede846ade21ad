"""The moves of The First Sparks, each made once and handed out again.

A search lists the same few moves thousands of times (``pass``, ``done``, a member on
region 14 for 3 food…). A :class:`rules.core.Move` is immutable and its label is worked
out on first read, so one object per distinct move serves every state and every game:
each book below makes a move the first time its key is asked for. The key holds
everything the move's notation, data and label depend on, so a book never hands out a
move that differs from the one the game would make afresh.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import repeat
from typing import Any

from rules.core import Move
from rules.wording import Said

from . import phrases as ph


class Book(dict[Any, Any]):
    """``book[key]``: ``make(*key)`` (a move, an event: immutable), made on first use and kept."""

    def __init__(self, make: Callable[..., Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        move = self[key] = self.make(*key) if type(key) is tuple else self.make(key)
        return move


def _takes_words(taken: tuple[tuple[str, int], ...]) -> Said:
    got = {f: n for f, n in taken if n}
    return ph.L_HUNT(got=ph.food_amounts(got)) if got else ph.L_HUNT_NOTHING()


def _spot_words(spot: int, top: str, bottom: str) -> Said:
    return ph.L_SPOT(spot=spot, top=ph.GROUND[top](), bottom=ph.GROUND[bottom]())


def _start(seat: int, clan: int, r: int, neutral: bool) -> Move:
    if neutral:
        return Move(seat, f"n{r}", lambda: ph.L_NEUTRAL_START(r=r), ("first", clan, r))
    return Move(seat, str(r), lambda: ph.L_FIRST(r=r), ("first", clan, r))


def _second(seat: int, r: int, cost: int) -> Move:
    return Move(seat, str(r), lambda: ph.L_SECOND(r=r, cost=cost), ("place", r, cost))


def _new(seat: int, r: int, cost: int) -> Move:
    return Move(seat, str(r), lambda: ph.L_NEW(r=r, cost=cost), ("place", r, cost))


def _neutral(seat: int, r: int) -> Move:
    return Move(seat, f"n{r}", lambda: ph.L_NEUTRAL(r=r), ("neutral", r))


def _starve(seat: int, r: int) -> Move:
    return Move(seat, f"starve {r}", lambda: ph.L_STARVE(r=r), ("starve", r))


def _hunt(seat: int, cards: tuple[int, ...], taken: tuple[tuple[str, int], ...]) -> Move:
    return Move(seat, "hunt " + ">".join(map(str, cards)), lambda: _takes_words(taken), ("hunt", cards))


def _offer(seat: int, card: int, cost: int) -> Move:
    return Move(seat, f"offer {card}", lambda: ph.L_OFFER(card=ph.card(card), cost=cost), ("offer", card))


def _drop(seat: int, card: int) -> Move:
    return Move(seat, f"drop {card}", lambda: ph.L_DROP(card=ph.card(card)), ("drop", card))


def _buy(seat: int, card: int, cost: int) -> Move:
    return Move(seat, "buy", lambda: ph.L_BUY(card=ph.card(card), cost=cost), ("buy",))


def _take(seat: int, card: int) -> Move:
    return Move(seat, "take", lambda: ph.L_TAKE(card=ph.card(card)), ("take",))


def _discard(seat: int, card: int) -> Move:
    return Move(seat, "discard", lambda: ph.L_DISCARD(card=ph.card(card)), ("discard",))


class SpotMove(Move):
    """Laying the drawn tile on a spot, its first ground above or below: ``words`` is (spot, top
    ground, bottom ground), the label's words, worked out into the label when it is read."""

    __slots__ = ("words",)
    words: tuple[int, str, str]

    @property
    def label(self) -> str:
        return self.said.english()

    @property
    def said(self) -> Said:
        return _spot_words(*self.words)


def spot_moves(seat: int, notations: tuple[str, ...], data: tuple[tuple[Any, ...], ...], up: str, down: str) -> list[Move]:
    """The moves laying the drawn tile (grounds ``up`` then ``down``) on every spot, above then
    below (``board.spot_columns``), made afresh: a landscape has too many shapes to keep them
    all. Move's constructor goes through its immutability guard; here the slots are filled
    directly, column by column."""
    count = len(notations)
    moves: list[Move] = list(map(object.__new__, repeat(SpotMove, count)))
    deque(map(_SET_SEAT, moves, repeat(seat)), maxlen=0)
    deque(map(_SET_NOTATION, moves, notations), maxlen=0)
    deque(map(_SET_DATA, moves, data), maxlen=0)
    deque(map(_SET_WORDS, moves, _words(up, down, count // 2)), maxlen=0)
    return moves


# the slots' own setters (read from the class dicts: Move declares its slots read-only to the type checker)
_SET_SEAT, _SET_NOTATION, _SET_DATA, _SET_WORDS = (Move.__dict__["seat"].__set__, Move.__dict__["notation"].__set__,
                                                   Move.__dict__["data"].__set__, SpotMove.__dict__["words"].__set__)
_WORDS: dict[tuple[str, str], list[tuple[int, str, str]]] = {}


def _words(up: str, down: str, spots: int) -> list[tuple[int, str, str]]:
    """The label words of spots 1..``spots``, above then below: (1, up, down), (1, down, up), (2, …)."""
    words = _WORDS.setdefault((up, down), [])
    while len(words) < 2 * spots:
        spot = len(words) // 2 + 1
        words += [(spot, up, down), (spot, down, up)]
    return words[:2 * spots]


START = Book(lambda seat, clan, neutral: Book(lambda r: _start(seat, clan, r, neutral)))   # [seat, clan, neutral?][region]
SECOND = Book(_second)          # [seat, region, cost]
NEW = Book(_new)                # [seat, region, cost]
NEUTRAL = Book(_neutral)        # [seat, region]
STARVE = Book(_starve)          # [seat, region]
HUNT = Book(_hunt)              # [seat, tools in order, tokens taken by food (sorted items)]
OFFER = Book(_offer)            # [seat, card, cost]
DROP = Book(_drop)              # [seat, card]
BUY = Book(_buy)                # [seat, card, cost]
TAKE = Book(_take)              # [seat, card]
DISCARD = Book(_discard)        # [seat, card]

# the moves that say the same whatever the state, by seat
NO_SECOND = Book(lambda seat: Move(seat, "none", ph.L_NO_SECOND(), ("skip",)))
DONE = Book(lambda seat: Move(seat, "done", ph.L_DONE(), ("skip",)))
DECLINE = Book(lambda seat: Move(seat, "decline", ph.L_DECLINE(), ("decline",)))
PASS = Book(lambda seat: Move(seat, "pass", ph.L_PASS(), ("pass",)))
END = Book(lambda seat: Move(seat, "end", ph.L_END(), ("end",)))
AGREE = Book(lambda seat: Move(seat, "agree", ph.L_AGREE(), ("agree",)))
REFUSE = Book(lambda seat: Move(seat, "refuse", ph.L_REFUSE(), ("refuse",)))
