"""Issue 15: `/game status` shows Clans' public scores — the score track of every colour (who holds
which colour stays secret), with plurals right in both languages."""

from __future__ import annotations

import re

from bot.table.i18n import status_line
from rules import registry
from rules.clans.data import COLOURS
from rules.core import Rng


def test_status_shows_every_colours_points_and_never_who_holds_them():
    game = registry.get("clans")
    state = game.setup(3, 5, game.resolve_options({}))
    rng = Rng(1)
    seen_points = False
    while game.to_act(state):
        text = game.status_text(state, "en")
        track = dict(re.findall(r"(\w+) (\d+)", text.split("Colour scores: ")[1]))
        assert {c: int(track[c]) for c in COLOURS} == {c: state.scores[i] for i, c in enumerate(COLOURS)}
        seen_points |= any(state.scores)
        french = status_line("fr", game, state)
        assert "(s)" not in text and "(s)" not in french
        assert "Points des couleurs : " in french and "bonus" in french
        other = game.from_json(game.to_json(state))
        other.clans = list(reversed(other.clans))      # the secret colours differ, the status does not
        assert game.status_text(other, "en") == text
        moves = game.legal_moves(state, game.to_act(state)[0])
        state, _ = game.apply(state, moves[rng.randbelow(len(moves))])
    assert seen_points
