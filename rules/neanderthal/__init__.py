"""Neanderthal (Phil Eklund, Sierra Madre Games): three human species in the
last glacial maximum, from vocal to tribal culture. 1-3 players."""

from .game import Neanderthal

GAME = Neanderthal()
