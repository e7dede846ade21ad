"""The state of a game of The First Sparks, and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from rules.core import Rng


@dataclass
class State:
    n: int                                  # players (seats 0..n-1); the 2-player neutral clan is clan n
    tiles: list[list]                       # placements [tile id, col, row, edge to its 2nd hexagon]
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
    spaces: dict = field(default_factory=dict)              # harvest spaces: tokens of each animal food
    queue: list[int] = field(default_factory=list)          # seats still to act in placement/hunt/expand
    done: list[int] = field(default_factory=list)           # buy phase: seats that bought or passed
    offer: dict | None = None                               # card, by, ask, yes, free
    drop: int | None = None                                 # seat that must give up a tool
    discard_used: bool = False                              # 2 players: the first offer was made
    starve: int = 0                                         # members queue[0] must still remove
    placed_now: int = 0                                     # members placed this expansion turn
    neutral_due: int = 0                                    # neutral members still to place
    ending: bool = False                                    # a clan reached 13 members
    last: dict = field(default_factory=dict)                # what just happened, for the image
    ledger: list[int] = field(default_factory=lambda: [0, 0])  # food into / out of the clans' hands
    placed: list[int] = field(default_factory=list)         # members ever put on the board, by clan
    starved: list[int] = field(default_factory=list)        # members removed by starvation, by clan
    held: list[list[int]] = field(default_factory=list)     # hunted tokens in each seat's food (ANIMALS order)
    chose: bool = False                                     # a seat had a real choice this round
    calm: str | None = None                                 # digest of the last choice-free round's end
    echo: list | None = None                                # the last round's end: [counts, digest, rounds in
                                                            #  a row ending so] (repeated); not in JSON until set

    @property
    def neutral(self) -> int | None:
        return self.n if self.n == 2 else None

    def size(self, clan: int) -> int:
        return len(self.members[clan])

    def to_json(self) -> dict:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["rng"] = self.rng.to_json()
        if self.echo is None:       # the stored form of every state before the repetition safeguard
            del out["echo"]
        return out

    @classmethod
    def from_json(cls, data: dict) -> State:
        kw = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        kw["rng"] = Rng.from_json(data["rng"])
        kw.setdefault("held", [[0, 0, 0, 0] for _ in range(data["n"])])   # stored before tokens were kept
        return cls(**kw)

    def copy(self) -> State:
        """A deep copy of what a move may change (everything is lists, dicts, ints).
        The tiles are shared once the landscape is built (nothing changes them
        after), and with them the cached board."""
        new = State.__new__(State)
        d = new.__dict__
        d.update(self.__dict__)
        d.pop("_open", None)
        if self.phase == "build":
            d["tiles"] = [list(t) for t in self.tiles]
            d.pop("_board", None)
        d["rng"] = Rng(self.rng.state, self.rng.draws)
        d["pile"] = self.pile[:]
        d["order"] = self.order[:]
        d["food"] = self.food[:]
        d["cards"] = [c[:] for c in self.cards]
        d["members"] = [m[:] for m in self.members]
        d["market"] = self.market[:]
        d["deck"] = self.deck[:]
        d["box"] = self.box[:]
        d["spaces"] = dict(self.spaces)
        d["queue"] = self.queue[:]
        d["done"] = self.done[:]
        if self.offer is not None:
            offer = d["offer"] = dict(self.offer)
            offer["ask"] = offer["ask"][:]
        last = d["last"] = dict(self.last)
        if "regions" in last:
            last["regions"] = last["regions"][:]
        d["ledger"] = self.ledger[:]
        d["placed"] = self.placed[:]
        d["starved"] = self.starved[:]
        d["held"] = [h[:] for h in self.held]
        return new
