"""Neanderthal's typed state (rules/neanderthal/shape.py): the declaration stays true to what
the engine keeps, and games saved before it (by the code of 2026-11-28, before the rules kit)
still load and play on exactly as they did then."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core import Rng
from rules.neanderthal import GAME, model, shape

SAVED = json.loads((Path(__file__).parent / "saved" / "neanderthal_before_kit.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("players,mode", [(1, "solo"), (2, "standard"), (3, "standard"), (3, "coop")])
def test_every_key_the_engine_keeps_is_declared(players, mode):
    opts = GAME.options_for_players(players, GAME.resolve_options({"mode": mode}))
    for seed in (1, 2):
        state = GAME.setup(GAME.seat_count(players, opts), seed, opts)
        assert shape.required_keys() <= state.keys()
        chooser = Rng(seed)
        while GAME.to_act(state):
            assert state.keys() <= shape.declared_keys(), sorted(state.keys() - shape.declared_keys())
            for p in state["pl"]:
                assert p.keys() == shape.player_keys()
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            state = GAME.apply(state, moves[chooser.randbelow(len(moves))])[0]


def test_the_declaration_and_the_copier_know_the_same_keys():
    """model.copy_state copies a state by its layout (KNOWN keys) and falls back to a deep copy
    for any other: both lists must be the one the TypedDict declares."""
    assert shape.declared_keys() == model.KNOWN
    assert shape.player_keys() == model.PLAYER_KEYS


@pytest.mark.parametrize("saved", SAVED, ids=lambda s: f"{s['players']}p-seed{s['seed']}-{s['phase']}")
def test_a_game_saved_before_the_kit_loads_and_plays_on_the_same(saved):
    state = GAME.load(saved["saved"])
    assert GAME.dump(state) == saved["saved"]                      # loads losslessly
    for seat, notation in saved["then"]:
        assert seat in GAME.to_act(state)
        state = GAME.apply(state, GAME.parse(state, seat, notation))[0]
    assert GAME.dump(state) == saved["after"]                      # the same moves, the same game
