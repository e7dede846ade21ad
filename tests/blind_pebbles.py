"""Pebbles without ``determinize``: a game that cannot yet hide from an AI what its seat may
not see. Every real game has one now; the table must still refuse AI seats for such a game."""

from __future__ import annotations

from rules.core import Game
from tests.pebbles import Pebbles


class BlindPebbles(Pebbles):
    key = "blind_pebbles"
    name = "Blind pebbles"
    determinize = Game.determinize     # the contract's default: it raises, so the game has no AI


GAME = BlindPebbles()
