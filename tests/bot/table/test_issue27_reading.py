"""Issue 27, section 2: what a player reads — in the reader's language, whole sentences."""

from __future__ import annotations

import re

import pytest

from bot.table.lobby import first_player_line
from rules import registry
from storage.store import SeatRow

FRENCH_WORDS = re.compile(r"\b(le|la|les|du|qui|sera|joueur|premier|plateau|chaque|hasard|une)\b")
GAMES = ["clans", "carcassonne_hg", "first_sparks", "fire_and_stone", "neanderthal"]


@pytest.mark.parametrize("key", GAMES)
def test_the_start_post_quotes_the_rulebook_in_the_readers_language(key):
    """English start posts quoted French rulebook sentences (Neanderthal's a whole one, with « le
    symbole la plus »): English says it in English, marked as our translation."""
    game = registry.get(key)
    seats = [SeatRow(0, 1, "ann", False), SeatRow(1, 2, "bob", False)]
    english = first_player_line(game, seats, "", "en", [0])
    assert "«" not in english and not FRENCH_WORDS.search(english), english
    if '"' in english:
        assert "our translation" in english, english
    french = first_player_line(game, seats, "", "fr", [0])
    assert "symbole la plus" not in french and "Decide" not in french and "our translation" not in french, french
