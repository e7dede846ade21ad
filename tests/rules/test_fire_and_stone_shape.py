"""Fire & Stone's typed state (rules/fire_and_stone/state.py): the declaration stays true to
what the engine keeps, and games saved before it (by the code of 2026-11-28, before the rules
kit: tests/rules/saved/fire_and_stone_before_kit.json, one at each kind of decision) still load
and play on exactly as they did then."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core import Rng
from rules.fire_and_stone import GAME
from rules.fire_and_stone import state as shape

SAVED = json.loads((Path(__file__).parent / "saved" / "fire_and_stone_before_kit.json").read_text(encoding="utf-8"))


def _check(state: dict) -> None:
    assert shape.required_keys() <= state.keys()
    assert state.keys() <= shape.declared_keys(), sorted(state.keys() - shape.declared_keys())
    for p in state["p"]:
        assert p.keys() == shape.tribe_keys()
    for head in state["pending"]:
        assert {"k", "s"} <= head.keys() <= shape.decision_keys(), sorted(head.keys() - shape.decision_keys())
    if state["last"] is not None:
        assert {"s", "from", "to"} <= state["last"].keys() <= {"s", "from", "to", "built"}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["off", "on"])
def test_every_key_the_engine_keeps_is_declared(players, variant):
    opts = GAME.resolve_options({"starting_inventions": variant})
    kinds = set()
    for seed in (1, 2):
        state = GAME.setup(players, seed, opts)
        chooser = Rng(seed)
        while GAME.to_act(state):
            _check(state)
            kinds.update(h["k"] for h in state["pending"])
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            state = GAME.apply(state, moves[chooser.randbelow(len(moves))])[0]
        _check(state)
    assert {"move", "gather", "fire"} <= kinds


def test_the_saved_games_cover_every_kind_of_decision():
    assert {s["decision"] for s in SAVED} >= {"draft", "move", "pick", "forest", "cook", "gather", "card", "build",
                                                "fire", "buy", "to the end"}


@pytest.mark.parametrize("saved", SAVED, ids=lambda s: f"{s['players']}p-seed{s['seed']}-{s['decision']}")
def test_a_game_saved_before_the_kit_loads_and_plays_on_the_same(saved):
    state = GAME.load(saved["saved"])
    assert GAME.dump(state) == saved["saved"]                      # loads losslessly
    _check(state)
    for seat, notation in saved["then"]:
        assert seat in GAME.to_act(state)
        state = GAME.apply(state, GAME.parse(state, seat, notation))[0]
    assert GAME.dump(state) == saved["after"]                      # the same moves, the same game
