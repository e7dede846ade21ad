"""Fire & Stone (Klaus-Jürgen Wrede, Pegasus 2021)."""

from .game import FireAndStone

GAME = FireAndStone()
