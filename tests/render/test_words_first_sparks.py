"""The First Sparks board speaks the reader's language: every word it draws comes through
``Table.say`` (see ``board_words``), and French boards keep the layout rules (French is
longer: nothing clipped, nothing covered)."""

from __future__ import annotations

import dataclasses

import render
from bot.table.i18n import sayer
from render import kit
from rules.first_sparks import GAME
from tests.render.board_words import pseudo, pseudo_say, untranslated
from tests.render.test_layout import CAPITALS_7PX, positions, problems

KEY = "first_sparks"


def in_pseudo(table: kit.Table) -> kit.Table:
    """The table in the made-up language; its title and events come translated from the bot."""
    return dataclasses.replace(table, say=pseudo_say, title=pseudo(table.title),
                               last_events=[pseudo(e) for e in table.last_events])


def test_every_word_on_the_board_goes_through_the_translator(seeds):
    failures = []
    for where, view, table in positions(KEY, seeds[:max(1, len(seeds) - 2)]):
        for name, img in render.images_for_checks(KEY, view, in_pseudo(table)):
            failures += [f"{where} ({name}): {word}" for word in untranslated(img, table.names)]
    assert not failures, f"{len(failures)} words drawn in English, first ones:\n" + "\n".join(failures[:25])


def test_french_boards_hide_nothing_and_stay_readable_on_a_phone(seeds):
    failures = []
    for where, view, table in positions(KEY, seeds[:max(1, len(seeds) - 2)]):
        for name, img in render.images_for_checks(KEY, view, dataclasses.replace(table, say=sayer("fr"))):
            failures += [f"{where} ({name}): {line}" for line in problems(img, capitals=KEY in CAPITALS_7PX)]
    assert not failures, f"{len(failures)} problems, first ones:\n" + "\n".join(failures[:25])


def test_a_french_table_reads_french():
    state = GAME.setup(4, 5, GAME.resolve_options({}))
    table = kit.Table(names=["Ana", "Bo", "Cy", "Dee"], to_act=GAME.to_act(state), say=sayer("fr"))
    drawn = " ".join(m.text for m in kit.marks(render.draw(KEY, GAME.view(state, None), table)))
    assert "Espaces de récolte" in drawn and "Marché" in drawn, drawn
    assert "Harvest" not in drawn and "Market" not in drawn
