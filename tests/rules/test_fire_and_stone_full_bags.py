"""Fire & Stone (GAGNER DE LA NOURRITURE): food only fits in a free bag. A tribe whose bags are all full
gains nothing, and its event says so instead of 'gains 0 food'."""

from __future__ import annotations

from bot.table.i18n import say
from rules import registry
from rules.core import Rng

GAINS = {"gathers", "leaves", "cave_food", "gathers_none", "leaves_none", "cave_food_none"}


def test_full_bags_are_said_not_zero_food():
    game = registry.get("fire_and_stone")
    rng = Rng(5)
    seen = set()
    for seed in range(1, 30):
        state = game.setup(2, seed, game.resolve_options({}))
        for _ in range(600):
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[0]
            state["p"][seat]["food"] = state["p"][seat]["bags"]       # every bag full before each move
            moves = game.legal_moves(state, seat)
            state, events = game.apply(state, moves[rng.randbelow(len(moves))])
            for event in events:
                if event.said.key.rsplit(".", 1)[1] not in GAINS:
                    continue
                assert " 0 food" not in event.text, event.text
                assert " 0 nourriture" not in say("fr", event.said)
                if event.said.key.endswith("_none"):
                    seen.add(event.said.key)
        if len(seen) == 2:
            break
    assert {"fire_and_stone.event.gathers_none", "fire_and_stone.event.leaves_none"} <= seen
