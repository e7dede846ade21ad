"""What ``Game.determinize`` needs: the unseen dealt again, consistently with what a seat saw.

An AI seat searches over copies of the game in which everything it cannot see was drawn
again (``Game.determinize``). Every game here does it the same three steps: copy the
state, deal the unseen cards again into the places they occupy (other hands, face-down
decks, cards set aside), and give the copy fresh dice (``rules.core.reseed``) so that no
future roll is known. The contract that makes it fair is that two states a seat cannot
tell apart give the same copy for the same ``rng``: so the unseen cards are first put in
one canonical order (sorted: whatever order they lay in, which the seat never saw, is
forgotten), and only then shuffled with ``rng`` and dealt to places walked in a fixed,
public order. ``Deal`` does that; ``determinized`` runs the three steps; ``pick_weighted``
draws one whole deal when the seat's belief weighs the possible deals (Clans: which
colour each opponent holds, from how they played).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rules.core import Rng, reseed

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

    from rules.core import Game

T = TypeVar("T", bound="SupportsRichComparison")
W = TypeVar("W")
S = TypeVar("S")


class Deal(Generic[T]):
    """The unseen cards of one kind, sorted (what the seat cannot tell apart becomes one
    order) then shuffled with ``rng`` (no ``rng``: left sorted, for a stack the game draws
    from at random when it draws, whose order is nowhere). Deal them out with ``take``
    (from the front), ``take_last`` (from the back) and ``rest`` (all that is left)."""

    __slots__ = ("cards",)

    def __init__(self, cards: Iterable[T], rng: Rng | None = None) -> None:
        self.cards: list[T] = sorted(cards)
        if rng is not None:
            rng.shuffle(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def take(self, n: int, fits: Callable[[T], bool] | None = None) -> list[T]:
        """The first ``n`` cards (those that ``fits``, when given: a place only some cards may
        fill, such as a hand that holds only hand cards), removed from the deal in dealing
        order; fewer when fewer fit. The others keep their order."""
        if fits is None:
            taken, self.cards = self.cards[:n], self.cards[n:]
            return taken
        taken, kept = [], []
        for card in self.cards:
            if len(taken) < n and fits(card):
                taken.append(card)
            else:
                kept.append(card)
        self.cards = kept
        return taken

    def take_last(self, n: int) -> list[T]:
        """``n`` cards from the back, last first (``[cards.pop() for _ in range(n)]``)."""
        cards = self.cards
        return [cards.pop() for _ in range(n)]

    def rest(self) -> list[T]:
        """Every card left, in dealing order (a new list; the deal is then empty)."""
        rest, self.cards = self.cards, []
        return rest


def pick_weighted(rng: Rng, options: Sequence[tuple[W, float]]) -> W:
    """One of ``options`` (``(value, probability)``, summing to 1), drawn with one
    ``rng.random()``; the last one when rounding leaves the draw past the sum."""
    x = rng.random()
    for value, p in options:
        x -= p
        if x < 0:
            return value
    return options[-1][0]


def determinized(game: Game, state: S, rng: Rng, redraw: Callable[[Any, Rng], None] | None) -> S:
    """``game.clone(state)`` with ``redraw(copy, rng)`` run on it (None: nothing is unseen any
    more, e.g. the game is over) and fresh dice drawn from ``rng``, in that order."""
    new: S = game.clone(state)
    if redraw is not None:
        redraw(new, rng)
    reseed(new, rng)
    return new
