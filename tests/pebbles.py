"""Pebbles: a tiny game used only by the platform tests, so that the table
service, the store and the adapters are tested independently of the real
games. It has everything the platform must handle: a secret per seat, a
random move (undo barrier), a two-step turn whose second step is a small
choice (buttons), and an end with a ranking."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Event, Game, IllegalMove, Move, Result, Rng, rank_by, reseed


@dataclass
class State:
    pile: int
    taken: list[int]
    secret: list[int]        # hidden: each seat's secret number
    turn: int
    must_close: bool         # second step of a turn: shout or end
    rng: Rng


class Pebbles(Game):
    key = "pebbles"
    name = "Pebbles"
    min_players = 1
    max_players = 4
    rules_en = "Take 1-3 pebbles (`take 2`) or `roll` a die for 1-3, then `end` or `shout`."

    def setup(self, seats, seed, options):
        rng = Rng(seed)
        return State(pile=12, taken=[0] * seats, secret=[rng.randint(100, 999) for _ in range(seats)], turn=0,
                     must_close=False, rng=rng)

    def to_act(self, s):
        return [] if s.pile <= 0 and not s.must_close else [s.turn]

    def legal_moves(self, s, seat):
        if seat not in self.to_act(s):
            return []
        if s.must_close:
            return [Move(seat, "end", "end the turn"), Move(seat, "shout", "shout (+1)")]
        moves = [Move(seat, f"take {n}", f"take {n} pebbles", n) for n in (1, 2, 3) if n <= s.pile]
        return moves + [Move(seat, "roll", "roll for 1-3 pebbles", 0)]

    def parse(self, s, seat, text):
        if seat not in self.to_act(s):
            raise IllegalMove("It is not your turn.")
        return super().parse(s, seat, text)

    def play(self, s, move):
        seat = move.seat
        if move.notation in ("end", "shout"):
            if move.notation == "shout":
                s.taken[seat] += 1
            s.must_close = False
            s.turn = (s.turn + 1) % len(s.taken)
            return [Event(f"{{p{seat}}} {move.notation}s.", seat=seat)]
        n = move.data or min(s.pile, s.rng.randint(1, 3))
        s.pile -= n
        s.taken[seat] += n
        s.must_close = True
        return [Event(f"{{p{seat}}} takes {n}.", seat=seat),
                Event(f"Your secret is {s.secret[seat]}.", private_to=seat)]

    def determinize(self, s, seat, rng):
        """Others' secret numbers and the dice are hidden from ``seat``: drawn again."""
        new = self.from_json(self.to_json(s))
        new.secret = [s.secret[i] if i == seat else rng.randint(100, 999) for i in range(len(s.secret))]
        reseed(new, rng)
        return new

    def view(self, s, seat):
        v = {"pile": s.pile, "scores": list(s.taken)}
        if seat is not None:
            v["secret"] = s.secret[seat]
        return v

    def private_text(self, s, seat, locale=None):
        return f"Your secret number is {s.secret[seat]}."

    def status_text(self, s, locale=None):
        return f"{s.pile} pebbles left."

    def public_scores(self, s):
        return list(s.taken)

    def result(self, s):
        if self.to_act(s):
            return None
        return Result(list(s.taken), rank_by([(t,) for t in s.taken]))

    def to_json(self, s):
        return {"pile": s.pile, "taken": s.taken, "secret": s.secret, "turn": s.turn,
                "must_close": s.must_close, "rng": s.rng.to_json()}

    def from_json(self, d):
        return State(d["pile"], list(d["taken"]), list(d["secret"]), d["turn"], d["must_close"],
                     Rng.from_json(d["rng"]))


GAME = Pebbles()
