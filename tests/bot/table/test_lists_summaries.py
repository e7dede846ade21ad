"""/game list and /game mine read the summary columns every save keeps up
to date (whose turn, since when, scores), a page at a time, and never parse
a game's state."""

from __future__ import annotations

import pytest

from bot.table import Place, marks
from rules import registry
from tests.bot.conftest import ANN, BOB, CID, HERE, started

H = 3600


async def test_each_save_keeps_whose_turn_and_scores(service, store):
    await started(service)
    row = await store.open_game_in(HERE.channel_id)
    (summary,) = await store.summaries(HERE.guild_id)
    assert summary.to_act == [0] and summary.scores == [0, 0]
    await service.move(HERE, ANN, "take 2")
    await service.move(HERE, ANN, "end")
    (summary,) = await store.summaries(HERE.guild_id)
    assert summary.id == row.id and summary.to_act == [1] and summary.scores == [2, 0]
    await service.move(HERE, BOB, "take 1")
    undo = await service.undo(HERE, BOB, confirm=True)
    assert undo.ok, undo.text
    (summary,) = await store.summaries(HERE.guild_id)
    assert summary.to_act == [1] and summary.scores == [2, 0], "an undo writes the summary of the state it restores"




async def test_game_list_and_mine_from_summaries(service, clock, monkeypatch):
    await started(service)
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    other = Place(channel_id=200, guild_id=HERE.guild_id)
    await service.new_game(other, CID, "pebbles", seed=2)
    clock.advance(2 * H)
    service.context.forget_caches()
    monkeypatch.setattr(registry.get("pebbles"), "load", lambda text: pytest.fail("a list parsed a state"))
    listing = await service.game_list(HERE, CID)
    assert f"**Pebbles** {marks.channel(100)} — Bob to play, for 2 h 0 min" in listing.text
    assert f"**Pebbles** {marks.channel(200)} — waiting to start (Cid)" in listing.text
    mine = await service.mine(HERE, BOB)
    assert f"{marks.channel(100)}" in mine.text and f"{marks.channel(200)}" not in mine.text
    assert "No game" in (await service.mine(HERE, ANN)).text


async def test_game_list_pages(service, store):
    for n in range(30):
        await service.new_game(Place(channel_id=1000 + n, guild_id=HERE.guild_id), ANN, "pebbles", seed=n)
    first = await service.lists.game_list(HERE, CID)
    assert first.text.count("• ") == 25 and first.text.endswith("… (+5)")
    second = await service.lists.game_list(HERE, CID, page=2)
    assert second.text.count("• ") == 5 and "(+" not in second.text
    assert f"{marks.channel(1025)}" in second.text and f"{marks.channel(1025)}" not in first.text


async def test_game_list_page_through_the_command_words(service, store):
    """`/game list page:2` reaches the second page from Discord's options and the local table's words."""
    from bot.commands import run
    for n in range(27):
        await service.new_game(Place(channel_id=2000 + n, guild_id=HERE.guild_id), ANN, "pebbles", seed=n)
    second = await run(service, HERE, CID, "game list", {"page": "2"})
    assert second.text.count("• ") == 2 and f"{marks.channel(2026)}" in second.text
    first = await run(service, HERE, CID, "game list", {})
    assert first.text.count("• ") == 25 and first.text.endswith("… (+2)")
