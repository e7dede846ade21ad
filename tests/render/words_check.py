"""Shared by the per-game board word tests (``test_words_<game>.py``): render a game's sampled
positions (``test_layout.positions``) in the pseudo-language and in French.

The positions carry the English of their events and title; the table service hands a board those
already in the reader's language, so here they are put in the pseudo-language too (``pseudo``),
and only what the renderer itself writes is checked."""

from __future__ import annotations

import dataclasses

import render
from bot.table.i18n import sayer
from tests.render.board_words import pseudo, pseudo_say, untranslated
from tests.render.test_layout import CAPITALS_7PX, positions, problems


def english_left(key: str, seeds: list[int], allowed: set[str] = frozenset()) -> list[str]:
    """Every word drawn in English (not through ``Table.say``) on any image of any position."""
    found = []
    for where, view, table in positions(key, seeds):
        table = dataclasses.replace(table, say=pseudo_say, title=pseudo(table.title),
                                    last_events=[pseudo(e) for e in table.last_events])
        for name, img in render.images_for_checks(key, view, table):
            found += [f"{where} ({name}): {word}" for word in untranslated(img, table.names, allowed)]
    return found


def french_problems(key: str, seeds: list[int]) -> list[str]:
    """The layout checks of ``test_layout`` on French boards (French runs longer than English)."""
    found = []
    for where, view, table in positions(key, seeds):
        table = dataclasses.replace(table, say=sayer("fr"), locale="fr")
        for name, img in render.images_for_checks(key, view, table):
            for line in problems(img, phone=name == "focus" or not render.has_focus(key),
                                 capitals=key in CAPITALS_7PX):
                found.append(f"{where} ({name}): {line}")
    return found
