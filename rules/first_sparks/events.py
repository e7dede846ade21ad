"""The events The First Sparks says, each made once (``rules.kit.events.said_event``).

A search applies thousands of moves and reads none of their events, and most events say the
same few things again (who passes, which card comes, how much food): the words they repeat
(seats, cards, tiles, amounts) are worked out once in their stored (JSON) form, and each event
book below makes an event the first time its parameters are asked for (an Event is immutable).
"""

from __future__ import annotations

from typing import Any

from rules.core import Event
from rules.kit.events import said_event
from rules.wording import Phrase, listing
from rules.wording import seat as player

from . import phrases as ph
from .board import TILE_BY_ID
from .data import ANIMALS, CARDS, SHUFFLE
from .moves import Book
from .queries import GROUND_WORD

WHO = tuple(player(s) for s in range(8))                  # seats, and the 2-player neutral clan
CARD_WORDS = {c: ph.card(c).to_json() for c in [*CARDS, SHUFFLE]}
TILE_GROUND_WORDS = {tid: tuple(GROUND_WORD[g] for g in t["grounds"]) for tid, t in TILE_BY_ID.items()}
TILE_WORDS = {tid: ph.TILE_GROUNDS(a=ph.GROUND[a](), b=ph.GROUND[b]()).to_json()
              for tid, (a, b) in TILE_GROUND_WORDS.items()}
_AMOUNTS: dict[tuple[str, int], dict[str, Any]] = {}


def amount_words(food: str, n: int) -> dict[str, Any]:
    """'3 crops', '1 mammoth'."""
    said = _AMOUNTS.get((food, n))
    if said is None:
        said = _AMOUNTS[food, n] = ph.FOOD_AMOUNT[food](n=n).to_json()
    return said


def _order_said(order: tuple[int, ...]) -> dict[str, Any]:
    return listing((WHO[s] for s in order), "comma")


def _harvest(seat: int, crops: int, takes: tuple[int, ...]) -> Event:
    got = ([amount_words("crop", crops)] if crops else []) + [amount_words(f, n) for f, n in zip(ANIMALS, takes,
                                                                                                strict=True) if n]
    return said_event(ph.HARVESTS(who=WHO[seat], got=listing(got, "comma")) if got
                      else ph.HARVESTS_NOTHING(who=WHO[seat]), seat)


def _answers(said: Phrase, s: int, c: int) -> Event:
    return said_event(said(who=WHO[s], card=CARD_WORDS[c]), s)


def _sells(said: Phrase, s: int, c: int, cost: int) -> Event:
    return said_event(said(who=WHO[s], card=CARD_WORDS[c], cost=cost), s)


def _settles(said: Phrase, s: int, r: int) -> Event:
    return said_event(said(who=WHO[s], region=r), s)


PASSES = Book(lambda s: said_event(ph.PASSES(who=WHO[s]), s))                              # [seat]
STOPS = Book(lambda s: said_event(ph.STOPS(who=WHO[s]), s))                                # [seat]
STARVES = Book(lambda s, r: said_event(ph.STARVES(who=WHO[s], region=r), s))               # [seat, region]
SETTLES_FOR = Book(lambda s, r, cost: said_event(ph.SETTLES_FOR(who=WHO[s], region=r, cost=cost), s))
ANSWERS = Book(_answers)                                                    # [phrase, seat, card]
COMES = Book(lambda c: said_event(ph.COMES(card=CARD_WORDS[c]), reveal=True))              # [card]
UNDER_DECK = Book(lambda c: said_event(ph.UNDER_DECK(card=CARD_WORDS[c])))                 # [card]
NOBODY_BOUGHT = Book(lambda c: said_event(ph.NOBODY_BOUGHT(card=c)))                       # [card]
TURN_ORDER = Book(lambda *order: said_event(ph.TURN_ORDER(order=_order_said(order))))      # [seats in order]
HARVESTS = Book(_harvest)                                          # [seat, crops, tokens taken (ANIMALS order)]
LAYS = Book(lambda s, t: said_event(ph.LAYS(who=WHO[s], tile=t, grounds=TILE_WORDS[t]), s))          # [seat, tile]
DRAWS = Book(lambda s, t: said_event(ph.DRAWS(who=WHO[s], tile=t, grounds=TILE_WORDS[t]), reveal=True))
SETTLES = Book(_settles)                                                    # [phrase, seat, region]
NO_SECOND = Book(lambda s: said_event(ph.NO_SECOND(who=WHO[s]), s))                        # [seat]
ROUND = Book(lambda n, c: said_event(ph.ROUND_BONUS(round=n, card=c) if c else ph.ROUND(round=n)))   # [round, card]
OFFERS = Book(lambda s, c, cost: said_event(ph.OFFERS(who=WHO[s], card=CARD_WORDS[c], cost=cost), s))
SELLS = Book(_sells)                                                        # [phrase, seat, card, cost]
SPOILED = Book(lambda s, lost: said_event(ph.SPOILED(who=WHO[s], lost=lost), s))           # [seat, food lost]
CANNOT_FEED = Book(lambda s, fed, need, reveal: said_event(ph.CANNOT_FEED(who=WHO[s], fed=fed, need=need), s,
                                                           reveal=reveal))                  # [seat, fed, need, reveal]
