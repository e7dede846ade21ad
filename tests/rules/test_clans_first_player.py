"""Clans: how the first player is chosen (issue 20, point 13)."""

from __future__ import annotations

import re
from pathlib import Path

from rules.clans import GAME

RULEBOOK = Path("/work/shared/rulebooks/clans.fr.txt")


def _quotes(sentence: str) -> list[str]:
    return re.findall(r"«\s*(.+?)\s*»", sentence)


def test_the_players_decide_who_starts_so_the_seating_order_does():
    """Rulebook, "Début": « Décidez du premier qui joue. On joue ensuite dans le sens des
    aiguilles d'une montre. » Nobody is drawn at random: the table's order stands."""
    assert GAME.first_player == "seated"
    english, french = GAME.first_player_rule
    assert english and french and english != french
    assert _quotes(french) == ["Décidez du premier qui joue"]
    assert _quotes(english) == [] and '"Decide who plays first", our translation' in english   # issue 27
    if RULEBOOK.exists():                      # the quote is the rulebook's own words
        assert "Décidez du premier qui joue" in RULEBOOK.read_text(encoding="utf-8")
