"""The state of a game of The First Sparks, and its JSON form.

A dataclass; the few dicts it holds (the offer on the table, the proposal to end, the cycle watch,
what the image highlights) are declared as TypedDicts, stored as they are in JSON."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, NotRequired, TypedDict

from rules.core import Rng
from rules.kit.cow import own, rng_copy


class Offer(TypedDict):
    """Phase 1: a card offered, and who still answers."""
    card: int
    by: int                     # the seat that offered it
    ask: list[int]              # seats still to answer, in turn order
    yes: int | None             # the seat that wants it (the first to)
    free: bool                  # 2 players: the first player's free removal is still possible
    decide: NotRequired[bool]   # nobody wanted it and it was free: its proposer buys or removes it


class Stall(TypedDict):
    """The round ends cycle (``repetition.watch_cycles``); replaced, never changed in place."""
    since: int                  # the round it was seen
    proposed: list[int]         # seats that have proposed ending the game


class Vote(TypedDict):
    """A proposal to end the game; replaced, never changed in place."""
    by: int
    ask: list[int]              # seats still to answer


class Last(TypedDict, total=False):
    """What just happened, for the image to highlight."""
    seat: int
    regions: list[int]
    tile: int                   # index in ``tiles``
    card: int


@dataclass
class State:
    n: int                                  # players (seats 0..n-1); the 2-player neutral clan is clan n
    tiles: list[list[Any]]                  # placements [tile id, col, row, edge to its 2nd hexagon]
    rng: Rng
    phase: str = "first"                    # build, neutral, first, second, buy, hunt, expand, over
    pile: list[str] = field(default_factory=list)           # tiles still to lay (order secret); [0] is drawn
    round: int = 0
    order: list[int] = field(default_factory=list)          # turn order, seats
    food: list[int] = field(default_factory=list)           # food value held by each seat
    cards: list[list[int]] = field(default_factory=list)    # technologies (herbs included) by seat
    members: list[list[int]] = field(default_factory=list)  # regions of each clan (+ neutral last)
    market: list[int] = field(default_factory=list)         # sorted; 99 = the shuffle card
    deck: list[int] = field(default_factory=list)           # index 0 is the top
    box: list[int] = field(default_factory=list)            # cards out of the game
    stage: int = 1                                          # 2 once the shuffle card left the market
    bonus: int | None = None                                # card carrying the bonus grain
    bonus_rank: int | None = None                           # its rank (cards drawn below it leave)
    spaces: dict[str, int] = field(default_factory=dict)    # harvest spaces: tokens of each animal food
    queue: list[int] = field(default_factory=list)          # seats still to act in placement/hunt/expand
    done: list[int] = field(default_factory=list)           # buy phase: seats that bought or passed
    offer: Offer | None = None                              # the card on offer
    drop: int | None = None                                 # seat that must give up a tool
    discard_used: bool = False                              # 2 players: the first offer was made
    starve: int = 0                                         # members queue[0] must still remove
    placed_now: int = 0                                     # members placed this expansion turn
    neutral_due: int = 0                                    # neutral members still to place
    ending: bool = False                                    # a clan reached 13 members
    last: Last = field(default_factory=lambda: Last())      # what just happened, for the image
    ledger: list[int] = field(default_factory=lambda: [0, 0])  # food into / out of the clans' hands
    placed: list[int] = field(default_factory=list)         # members ever put on the board, by clan
    starved: list[int] = field(default_factory=list)        # members removed by starvation, by clan
    held: list[list[int]] = field(default_factory=list)     # hunted tokens in each seat's food (ANIMALS order)
    chose: bool = False                                     # a seat had a real choice this round
    calm: str | None = None                                 # digest of the last choice-free round's end
    echo: list[Any] | None = None                           # stored by games before the cycle watch (unused)
    seen: list[str] | None = None                           # digests of the last round ends (a cycle watch)
    stall: Stall | None = None                              # the round ends cycle
    vote: Vote | None = None                                # a proposal to end the game

    @property
    def neutral(self) -> int | None:
        return self.n if self.n == 2 else None

    def size(self, clan: int) -> int:
        return len(self.members[clan])

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["rng"] = self.rng.to_json()
        for name in ("echo", "seen", "stall", "vote"):
            if out[name] is None:   # the stored form of every state before these were added
                del out[name]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        kw = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        kw["rng"] = Rng.from_json(data["rng"])
        kw.setdefault("held", [[0, 0, 0, 0] for _ in range(data["n"])])   # stored before tokens were kept
        return cls(**kw)

    def copy(self) -> State:
        """A deep copy of what a move may change (everything is lists, dicts, ints).
        The tiles are shared once the landscape is built (nothing changes them
        after), and with them the cached board."""
        new = State.__new__(State)
        d = self.__dict__.copy()          # one dict copy, then the mutable fields anew (a copy per move)
        if "_open" in d:
            del d["_open"]
        if self.phase == "build":
            d["tiles"] = list(map(list.copy, self.tiles))
            d.pop("_board", None)
        d["rng"] = rng_copy(self.rng)
        d["pile"] = self.pile.copy()
        d["order"] = self.order.copy()
        d["food"] = self.food.copy()
        d["cards"] = list(map(list.copy, self.cards))
        d["members"] = list(map(list.copy, self.members))
        d["market"] = self.market.copy()
        d["deck"] = self.deck.copy()
        d["box"] = self.box.copy()
        d["spaces"] = self.spaces.copy()
        d["queue"] = self.queue.copy()
        d["done"] = self.done.copy()
        if self.offer is not None:
            own(own(d, "offer"), "ask")
        # ``last`` is shared: ``play`` replaces it by a new dict before any step changes it
        d["ledger"] = self.ledger.copy()
        d["placed"] = self.placed.copy()
        d["starved"] = self.starved.copy()
        d["held"] = list(map(list.copy, self.held))
        new.__dict__ = d
        return new
