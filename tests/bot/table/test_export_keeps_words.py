"""Issue 15: an exported game keeps its events' message keys, so the imported copy's /log reads in
each reader's language, as the original does; an edited message falls back to its English."""

from __future__ import annotations

import dataclasses
import json

from bot.table import Actor, Place
from bot.table.archive import _imported_events
from rules import registry
from rules.core import Rng
from tests.bot.conftest import HERE

THERE = Place(channel_id=300, guild_id=10)


async def test_an_imported_clans_game_reads_in_french_like_the_original(service, store):
    people = [Actor(i + 1, f"P{i}") for i in range(2)]
    await service.new_game(HERE, people[0], "clans", seed=3)
    await service.join(HERE, people[1])
    assert (await service.start(HERE, people[0])).ok
    game, rng = registry.get("clans"), Rng(7)
    for _ in range(500):
        row = await store.latest_game_in(HERE.channel_id)
        if row.status != "active":
            break
        state = service.context.state_of(row)
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        assert (await service.move(HERE, people[seat], moves[rng.randbelow(len(moves))].notation)).ok
    assert (await store.latest_game_in(HERE.channel_id)).status == "finished"
    blob = (await service.export(HERE, people[0])).image
    assert any(isinstance(e, dict) and e.get("key", "").startswith("clans.")
               for entry in json.loads(blob)["log"] for e in entry["events"]), "the export keeps the keys"
    assert (await service.import_game(THERE, people[0], blob)).ok
    french = dataclasses.replace(people[0], locale="fr")
    original = (await service.log(HERE, french, page=1)).text
    copy = (await service.log(THERE, french, page=1)).text
    assert "déplace" in original and said(original) == said(copy)


def said(log_page: str) -> list[str]:
    """A /log page's entries without their numbers (a copy numbers its versions afresh)."""
    return [line.split("**", 1)[1] for line in log_page.splitlines()[1:]]


def test_an_edited_message_falls_back_to_its_english():
    good = {"text": "Battle: the lone huts (red) are removed.", "key": "clans.event.battle",
            "params": {"colours": "red"}}
    assert _imported_events([good]) == [good]
    lying = dict(good, text="Something else.")
    broken = {"text": "Plain.", "key": "clans.event.moves", "params": {"n": "x"}}
    assert _imported_events([lying, broken, "as is", 5]) == ["Something else.", "Plain.", "as is", "5"]
