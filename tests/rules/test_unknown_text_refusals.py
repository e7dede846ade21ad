"""Issue 15: a word that means nothing where it is typed is refused by naming what the player is deciding
(the phase or step) and giving a few legal moves as examples — in every game and in every phase met in a
random game, in English and in French."""

from __future__ import annotations

import re

import pytest

from bot.table.i18n import say
from rules import registry
from rules.core import IllegalMove, random_playout

GAMES = ("clans", "carcassonne_hg", "first_sparks", "fire_and_stone", "neanderthal")
NAMES_NO_MOVES = {"neanderthal.refuse.not_legal_hand"}   # every choice names a hand card: it points to the buttons


def refusals(key: str, seed: int = 11):
    """(state, seat, the refusal of 'blorp') at every decision of a random game, one per kind of refusal
    and notation shape (so each phase is met without checking every move)."""
    game = registry.get(key)
    seen = set()

    def check(state):
        for seat in game.to_act(state)[:1]:
            moves = game.legal_moves(state, seat)
            try:
                game.parse(state, seat, "blorp")
            except IllegalMove as exc:
                shape = (exc.said.key if exc.said else str(exc), "".join(c for c in moves[0].notation if c.isalpha()))
                if shape not in seen:
                    seen.add(shape)
                    found.append((exc, moves))
            else:
                raise AssertionError(f"{key}: 'blorp' was taken as a move")

    found: list = []
    play = random_playout(game, max(2, game.min_players), seed, check=[check])
    assert play.finished
    return found


@pytest.mark.parametrize("key", GAMES)
def test_an_unknown_word_names_the_phase_and_a_few_legal_moves(key):
    found = refusals(key)
    assert len(found) >= 2
    for exc, moves in found:
        assert exc.said is not None, f"{key}: a refusal without a message key: {exc}"
        assert exc.said.key != "core.not_legal", f"{key}: the generic refusal names no phase: {exc}"
        english, french = say("en", exc.said), say("fr", exc.said)
        if exc.said.key not in NAMES_NO_MOVES:
            given = sum(bool(re.search(rf"(?<![\w>]){re.escape(m.notation)}(?![\w>])", english)) for m in moves)
            assert given >= min(2, len(moves)), f"{key}: fewer than two legal moves given: {english}"
        assert french != english and " is not " not in french and "Legal moves" not in french, french
