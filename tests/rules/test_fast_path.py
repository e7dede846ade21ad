"""The search's fast path and the table's plain path must never drift apart.

A search (the AI, the benchmark) plays ``legal_moves`` + ``apply`` on states it
keeps in memory, using whatever shortcuts a game takes (a ``clone`` that copies
only what changes, labels built lazily, incremental structures kept in the
state). The table instead loads every state from its stored JSON and parses the
typed notation. Along random playouts of every game these two paths must give
the same legal moves, the same events and the same stored state at every step,
and ``apply`` must leave its input untouched.
"""

from __future__ import annotations

import pytest

from rules import registry
from rules.core import Game, Rng


def _cases():
    for key in registry.keys():
        game = registry.get(key)
        for players in sorted({game.min_players, game.max_players}):
            yield pytest.param(key, players, id=f"{key}-{players}p")


@pytest.mark.parametrize("key,players", list(_cases()))
def test_fast_and_plain_paths_agree(key, players, seeds):
    game: Game = registry.get(key)
    opts = game.resolve_options({})
    for seed in seeds[:2]:
        state = game.setup(game.seat_count(players, opts), seed, opts)
        chooser = Rng(seed ^ 0xFA57)
        for step in range(20000):
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[chooser.randbelow(len(acting))]
            before = game.dump(state)
            plain = game.load(before)                       # what the table works on
            fast_moves = game.legal_moves(state, seat)
            plain_moves = game.legal_moves(plain, seat)
            assert [m.notation for m in fast_moves] == [m.notation for m in plain_moves], \
                f"{key} seed {seed} step {step}: legal moves differ"
            move = fast_moves[chooser.randbelow(len(fast_moves))]
            state, events = game.apply(state, move)
            assert game.dump(game.load(before)) == before
            plain_next, plain_events = game.apply(plain, game.parse(plain, seat, move.notation))
            assert game.dump(state) == game.dump(plain_next), f"{key} seed {seed} step {step}: states differ"
            assert [(e.text, e.private_to) for e in events] == [(e.text, e.private_to) for e in plain_events]
        assert game.result(state) is not None, f"{key} seed {seed}: playout did not finish"
