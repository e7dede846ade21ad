"""Fire & Stone events as a player reads them: cooking says it is game being cooked (not '… cooks 3 food'),
and the cave card's name and its text are two sentences (no 'is Fertile valley: Rule: …')."""

from __future__ import annotations

import re

from bot.table.i18n import say
from rules import registry
from rules.core import Rng


def events_by_key(wanted: set[str]) -> dict:
    game = registry.get("fire_and_stone")
    found: dict = {}
    for seed in range(1, 20):
        state, rng = game.setup(3, seed, game.resolve_options({})), Rng(seed)
        while game.to_act(state) and not wanted <= set(found):
            seat = game.to_act(state)[0]
            moves = game.legal_moves(state, seat)
            state, events = game.apply(state, moves[rng.randbelow(len(moves))])
            for event in events:
                found.setdefault(event.said.key, event)
        if wanted <= set(found):
            return found
    raise AssertionError(f"not met: {wanted - set(found)}")


def test_cooking_and_the_cave_card_read_right():
    found = events_by_key({"fire_and_stone.event.cooks", "fire_and_stone.event.cave_is"})
    cooks = found["fire_and_stone.event.cooks"]
    assert re.fullmatch(r"\{p\d\} cooks game \(.+\): \+\d+ bags?, \+\d+ food\.", cooks.text), cooks.text
    assert re.fullmatch(r"\{p\d\} prépare du gibier \(.+\) : \+\d+ sacs?, \+\d+ nourriture\.", say("fr", cooks.said))
    cave = found["fire_and_stone.event.cave_is"]
    assert re.fullmatch(r"The cave card is [^:.]+\. (Action|Discovery|Rule)\b.*", cave.text), cave.text
    assert re.fullmatch(r"La carte Grotte est [^:.]+\. (Action|Découverte|Règle)\b.*", say("fr", cave.said))
