"""Clans (Leo Colovini, 2002), 2–4 players."""

from .game import GAME

__all__ = ["GAME"]
