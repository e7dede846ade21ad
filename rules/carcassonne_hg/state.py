"""The state of a game and its JSON form.

Nothing here is secret except the RNG: the land and bonus stacks are kept
as unordered multisets and each draw picks from them with the state's RNG
at the moment of drawing, so the next tile exists nowhere but in the RNG.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import Rng
from rules.kit.cow import rng_copy

from .board import Board

MEN = 5    # six per colour, one marks the score
HUTS = 2


@dataclass
class State:
    seats: int
    rng: Rng
    board: Board
    scores: list[int]
    men: list[int]                  # tribe members in each supply
    huts: list[int]
    figures: list[list] = field(default_factory=list)   # [seat, role, node]
    land: list[int] = field(default_factory=list)       # land tiles still in the stack
    bonus: list[int] = field(default_factory=list)      # bonus tiles still in their stack
    removed: list[int] = field(default_factory=list)    # tiles that fitted nowhere
    turn: int = 0                   # seat to act
    phase: str = "place"            # place | figure | over
    hand: int = -1                  # the drawn tile, public
    in_bonus: bool = False          # the tile in hand (or just placed) is a bonus tile
    current: int = -1               # placement index of the tile whose figure step runs
    recent: list[int] = field(default_factory=list)     # placements of the latest turn
    final: list[dict] = field(default_factory=list)     # end-of-game scoring, for the view
    # men of the seat to act who came home this turn (a completed forest or river): counted in
    # ``men`` but not to be placed again before the turn ends, bonus tile included (rulebook,
    # "Retour des hommes dans la réserve"). Only ever non-zero during a bonus tile.
    recovered: int = 0
    # the figure step's choices, worked out when the tile is placed (derived: never stored;
    # empty means "work them out", see game.step_options)
    options: list[tuple[str, int, str]] = field(default_factory=list)
    # points scored during play per seat, [forests, rivers] (the final summary's breakdown; huts and
    # hunters are in ``final``). None for a game stored before they were counted apart.
    during: list[list[int]] | None = None
    # A preview's state (Game.preview): the move is played up to the next draw, which is held
    # back (``hand`` stays -1), so the preview shows nothing of the face-down stacks. Never stored.
    draw_held: bool = field(default=False, repr=False, compare=False)

    def copy(self) -> State:
        """A copy for ``apply``, sharing what the rules never change in place: they
        put a new board, stack, score list… in the state instead (copy on write).
        The board is copied only to place a tile (``game.place``); figure steps
        leave it. Men, huts and the figures' list change in place: copied here.
        (The fields are copied as one dict: the dataclass's ``__init__`` costs twice as much.)"""
        new = object.__new__(State)
        fields = self.__dict__.copy()
        fields["rng"] = rng_copy(self.rng)
        fields["men"] = self.men.copy()
        fields["huts"] = self.huts.copy()
        fields["figures"] = self.figures.copy()
        new.__dict__ = fields
        return new

    def to_json(self) -> dict:
        out = {"seats": self.seats, "rng": self.rng.to_json(), "board": self.board.to_json(),
               "scores": self.scores, "men": self.men, "huts": self.huts, "figures": self.figures,
               "land": self.land, "bonus": self.bonus, "removed": self.removed, "turn": self.turn,
               "phase": self.phase, "hand": self.hand, "in_bonus": self.in_bonus, "current": self.current,
               "recent": self.recent, "final": self.final}
        if self.recovered:          # only during a bonus tile: other positions keep their stored form
            out["recovered"] = self.recovered
        if self.during is not None:
            out["during"] = self.during
        return out

    @classmethod
    def from_json(cls, d: dict) -> State:
        return cls(d["seats"], Rng.from_json(d["rng"]), Board.from_json(d["board"]), list(d["scores"]),
                   list(d["men"]), list(d["huts"]), [list(f) for f in d["figures"]], list(d["land"]),
                   list(d["bonus"]), list(d["removed"]), d["turn"], d["phase"], d["hand"], d["in_bonus"],
                   d["current"], list(d["recent"]), [dict(f) for f in d["final"]], d.get("recovered", 0),
                   during=[list(p) for p in d["during"]] if "during" in d else None)
