"""Boards speak the reader's language: every word the kit draws comes through ``Table.say``
(see ``board_words``), and a French table reads French."""

from __future__ import annotations

import pytest

from bot.table.i18n import sayer
from render import kit
from tests.render.board_words import pseudo, pseudo_say, untranslated

NAMES = ["Ana", "Bo", "Cyrille"]


def legend(finished: bool, ranks=None, to_act=(1,), say=None):
    table = kit.Table(names=NAMES, to_act=list(to_act), finished=finished, ranks=ranks, say=say)
    return kit.legend(table, 720, scores=[3, 5, 5])


@pytest.mark.parametrize("finished,ranks", [(False, None), (True, [3, 1, 2]), (True, [2, 1, 1]), (True, [2, 2, 2])])
def test_the_legend_says_every_word_through_the_tables_translator(finished, ranks):
    assert untranslated(legend(finished, ranks, say=pseudo_say), NAMES) == []


def test_the_checker_finds_english_left_in_a_board():
    assert untranslated(legend(False), NAMES), "without a translator the banner is English: the check must see it"
    assert pseudo("{who} to play") == "{who} tó pláy"


def test_a_french_table_reads_french_banners():
    texts = [m.text for m in kit.marks(legend(False, say=sayer("fr")))]
    assert any("À Bo de jouer" in t for t in texts), texts
    texts = [m.text for m in kit.marks(legend(True, [3, 1, 2], say=sayer("fr")))]
    assert any("Vainqueur : Bo" in t for t in texts), texts
