"""The Clans state: huts on the map, villages, colour scores, secret clans."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import Rng
from rules.kit.cow import rng_copy


@dataclass
class Village:
    """One founded village, as scored (``colours`` are those that scored)."""

    territory: int
    founder: int
    epoch: int                 # 0-based epoch it was founded in
    huts: int                  # huts after the battle (removed too if destroyed)
    value: int                 # points each colour present received (0: destroyed)
    colours: list[int]         # colours present after the battle
    lost: list[int]            # colours whose lone hut died in the battle
    destroyed: bool            # hostile terrain: huts removed, no points

    def to_json(self) -> list:
        return [self.territory, self.founder, self.epoch, self.huts, self.value, self.colours, self.lost,
                int(self.destroyed)]

    @classmethod
    def from_json(cls, d: list) -> Village:
        return cls(d[0], d[1], d[2], d[3], d[4], list(d[5]), list(d[6]), bool(d[7]))


@dataclass
class State:
    seats: int
    huts: list[list[int]]              # huts[territory][colour]
    clans: list[int]                   # secret colour of each seat
    rng: Rng
    scores: list[int] = field(default_factory=lambda: [0] * 5)   # per colour, on the track
    villages: list[Village] = field(default_factory=list)
    turn: int = 0                      # the seat to act
    pending: list[int] = field(default_factory=list)  # villages the mover must still order
    last_move: list[int] = field(default_factory=list)  # [from, to] of the last move
    fresh: int = 0                     # index of the first village founded by the last move
    end: str = ""                      # "", "twelve" (12th village) or "stuck" (no move left)
    # Derived, never stored: the group size of each territory, kept by the rules as they
    # move huts, valid while ``sizes_of`` is this state's ``huts`` list (see ``group_sizes``).
    sizes: list[int] | None = field(default=None, repr=False, compare=False)
    sizes_of: list | None = field(default=None, repr=False, compare=False)

    def group_sizes(self) -> list[int]:
        """Huts on each territory. Kept up to date by the rules; counted again
        when ``huts`` was replaced from outside (a loaded or hand-made state)."""
        if self.sizes_of is not self.huts or self.sizes is None:
            self.sizes, self.sizes_of = list(map(sum, self.huts)), self.huts
        return self.sizes

    def size(self, territory: int) -> int:
        return sum(self.huts[territory])

    def chips(self, seat: int) -> int:
        """Bonus tokens a seat took: one per village it founded."""
        return sum(1 for v in self.villages if v.founder == seat)

    def to_json(self) -> dict:
        return {"seats": self.seats, "huts": self.huts, "clans": self.clans, "rng": self.rng.to_json(),
                "scores": self.scores, "villages": [v.to_json() for v in self.villages],
                "turn": self.turn, "pending": self.pending, "last_move": self.last_move,
                "fresh": self.fresh, "end": self.end}

    @classmethod
    def from_json(cls, d: dict) -> State:
        return cls(seats=d["seats"], huts=[list(h) for h in d["huts"]], clans=list(d["clans"]),
                   rng=Rng.from_json(d["rng"]), scores=list(d["scores"]),
                   villages=[Village.from_json(v) for v in d["villages"]], turn=d["turn"],
                   pending=list(d["pending"]), last_move=list(d["last_move"]), fresh=d["fresh"],
                   end=d["end"])

    def copy(self) -> State:
        """A fast copy (apply runs it on every move), copy on write (``rules.kit.cow``): the
        rules never change a territory's hut list nor a founded village in place (they put
        new ones in), so the copy shares them: only the lists that hold them are new."""
        huts = self.huts[:]
        kept = self.sizes_of is self.huts           # the sizes list is never changed in place either
        return State(self.seats, huts, self.clans[:], rng_copy(self.rng),
                     self.scores[:], self.villages[:], self.turn, self.pending[:], self.last_move[:], self.fresh,
                     self.end, self.sizes if kept else None, huts if kept else None)
