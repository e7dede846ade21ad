"""The Clans board speaks the reader's language: every word it draws comes through
``Table.say`` (see ``board_words``), and French boards keep the layout rules."""

from __future__ import annotations

from tests.render.words_check import english_left, french_problems

ROMAN = {"II", "III", "IV"}     # epoch numerals (the rulebook's own, in every language)


def test_every_word_on_the_clans_board_is_said_in_the_readers_language(seeds):
    found = english_left("clans", seeds[:max(1, len(seeds) - 2)], ROMAN)
    assert not found, f"{len(found)} English words, first ones:\n" + "\n".join(found[:20])


def test_french_clans_boards_hide_nothing_and_clip_nothing(seeds):
    found = french_problems("clans", seeds[:max(1, len(seeds) - 2)])
    assert not found, f"{len(found)} problems, first ones:\n" + "\n".join(found[:20])
