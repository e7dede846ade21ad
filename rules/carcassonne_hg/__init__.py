"""Carcassonne: Hunters & Gatherers (Klaus-Jürgen Wrede, 2002)."""

from .game import CarcassonneHG

GAME = CarcassonneHG()
