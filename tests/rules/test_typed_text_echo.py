"""Issue 15, point 2: a refusal never quotes typed text raw. Whatever a player types — a mass
mention, a role mention, markdown, a right-to-left override — the refusal (English and French)
quotes it neutralised, at every kind of step of every game (Carcassonne's figure step, Neanderthal's
phases included)."""

from __future__ import annotations

import pytest

from bot.table.i18n import refusal_text
from rules import registry
from rules.core import IllegalMove, Rng

HOSTILE = ["@everyone", "<@&123> hunt", "**bold** move", "\u202eevil", "hut @here", "`code`", "||x||"]
FORBIDDEN = ["@everyone", "@here", "<@&", "**", "\u202e", "`code`", "||"]


def positions(key: str, seed: int, steps: int = 160):
    """(state, seat) at every step of a random playout."""
    game = registry.get(key)
    opts = game.resolve_options({})
    n = game.seat_count(game.max_players, opts)
    state = game.setup(n, seed, opts)
    rng = Rng(seed)
    for _ in range(steps):
        acting = game.to_act(state)
        if not acting:
            return
        seat = acting[0]
        yield state, seat
        moves = game.legal_moves(state, seat)
        state, _ = game.apply(state, moves[rng.randbelow(len(moves))])


@pytest.mark.parametrize("key", registry.keys())
def test_refusals_quote_typed_text_neutralised(key):
    game = registry.get(key)
    refused = 0
    for state, seat in positions(key, seed=11):
        for text in HOSTILE:
            try:
                game.parse(state, seat, text)
            except IllegalMove as exc:
                refused += 1
                for message in (refusal_text("en", exc), refusal_text("fr", exc)):
                    for bad in FORBIDDEN:
                        assert bad not in message, (key, text, message)
    assert refused, "the hostile texts were refused somewhere"
