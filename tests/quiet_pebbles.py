"""Pebbles where a turn always closes with ``end`` (no ``shout``): the second step of every turn
is a seat's only legal move, for the tests of forced moves (issue 26, point 3)."""

from __future__ import annotations

from tests.pebbles import Pebbles


class QuietPebbles(Pebbles):
    key = "quiet_pebbles"
    name = "Quiet Pebbles"

    def legal_moves(self, s, seat):
        moves = super().legal_moves(s, seat)
        return [m for m in moves if m.notation != "shout"]


GAME = QuietPebbles()
