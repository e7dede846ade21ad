"""Steps: a game that never ends, for the undo tests — each turn one
``step N`` (1–3 steps), no dice and nothing hidden, so every move may be
taken back and a game of thousands of moves is cheap to build."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Event, Game, IllegalMove, Move


@dataclass
class State:
    walked: list[int]
    turn: int


class Steps(Game):
    key = "steps"
    name = "Steps"
    min_players = 1
    max_players = 2
    rules_en = "`step 1`, `step 2` or `step 3`."

    def setup(self, seats, seed, options):
        return State([0] * seats, 0)

    def to_act(self, s):
        return [s.turn]

    def legal_moves(self, s, seat):
        return [Move(seat, f"step {n}", f"walk {n}", n) for n in (1, 2, 3)] if seat == s.turn else []

    def parse(self, s, seat, text):
        if seat != s.turn:
            raise IllegalMove("It is not your turn.")
        return super().parse(s, seat, text)

    def play(self, s, move):
        s.walked[move.seat] += move.data
        s.turn = (s.turn + 1) % len(s.walked)
        return [Event(f"{{p{move.seat}}} walks {move.data}.", seat=move.seat)]

    def view(self, s, seat):
        return {"walked": list(s.walked)}

    def public_scores(self, s):
        return list(s.walked)

    def result(self, s):
        return None

    def to_json(self, s):
        return {"walked": s.walked, "turn": s.turn}

    def from_json(self, d):
        return State(list(d["walked"]), d["turn"])


GAME = Steps()
