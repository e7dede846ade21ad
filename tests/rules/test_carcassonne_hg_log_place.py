"""Issue 15: Carcassonne's log says where each tile went, in words that still mean something
after the map has grown — squares east/west and north/south of the start tile, which never moves."""

from __future__ import annotations

import re

from bot.table.i18n import say
from rules import registry
from rules.core import Rng

PLACED = re.compile(r"places the (?:bonus )?tile (?:(\d+) squares? (east|west))?(?:, )?(?:(\d+) squares? (north|south))? "
                    r"of the start tile")


def test_every_placement_names_its_square_relative_to_the_start_tile():
    game = registry.get("carcassonne_hg")
    state = game.setup(3, 7, game.resolve_options({}))
    rng = Rng(7)
    placed = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        move = moves[rng.randbelow(len(moves))]
        state, events = game.apply(state, move)
        for event in events:
            found = PLACED.search(event.text)
            if not found:
                continue
            placed += 1
            kind, x, y, _ = move.data
            assert kind == "place"
            east = int(found[1] or 0) * (1 if found[2] == "east" else -1)
            south = int(found[3] or 0) * (1 if found[4] == "south" else -1)
            assert (east, south) == (x, y), event.text
            assert "de la tuile de départ" in say("fr", event.said)
    assert placed > 30
