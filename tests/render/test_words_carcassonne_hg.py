"""The Carcassonne board speaks the reader's language: every word it draws comes through
``Table.say`` (see ``board_words``), and French boards keep the layout rules."""

from __future__ import annotations

from itertools import combinations

from rules.carcassonne_hg.game import ROLES
from rules.carcassonne_hg.text import ORDER
from tests.render.words_check import english_left, french_problems

# The figure step lists the moves as a player types them in every language (`hunter nw`, `hut lake
# ns`, `none`) and names the zones on the placed tile so: the roles, `lake`, `none` and the zone
# names: the sides a zone reaches in the order n e s w (`nsw`), or a meadow's corner (`ne`, `se`).
SIDES = {"".join(c) for k in (2, 3, 4) for c in combinations("nesw", k)}
NOTATION = set(ROLES) | {"lake", "none"} | SIDES | set(ORDER)


def test_every_word_on_the_carcassonne_board_is_said_in_the_readers_language(seeds):
    found = english_left("carcassonne_hg", seeds[:max(1, len(seeds) - 2)], NOTATION)
    assert not found, f"{len(found)} English words, first ones:\n" + "\n".join(found[:20])


def test_french_carcassonne_boards_hide_nothing_and_clip_nothing(seeds):
    found = french_problems("carcassonne_hg", seeds[:max(1, len(seeds) - 2)])
    assert not found, f"{len(found)} problems, first ones:\n" + "\n".join(found[:20])
