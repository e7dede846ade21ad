"""The First Sparks / Die ersten Funken (Friedemann Friese), 2–6 players."""

from .game import FirstSparks

GAME = FirstSparks()
