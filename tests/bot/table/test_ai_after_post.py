"""Issue 29, point 4: a player's move is saved and posted at once; the AI seats that act next are
played after it, by the reply's ``then``, in one post of their own (consecutive AI turns
together), under the game's lease — a notice for the channel, as reminders are."""

from __future__ import annotations

import asyncio

import pytest

import bot.table.turns as turns
from storage.leases import Leases, game_lease
from tests.bot.conftest import ANN, BOB, CID, HERE


@pytest.fixture
def later(service):
    service.turns.ai_after_post = True
    return service


async def _ai_table(service, ai: int):
    """Ann against ``ai`` AI seats in Pebbles, mid-turn: her next move 'end' hands the turn to them."""
    assert (await service.new_game(HERE, ANN, "pebbles", seed=1, ai=ai, level="easy")).ok
    assert (await service.start(HERE, ANN, "join")).ok
    assert (await service.move(HERE, ANN, "take 1")).ok
    return await service.store.open_game_in(HERE.channel_id)


async def test_the_players_move_posts_before_the_ai_plays(later):
    row = await _ai_table(later, ai=2)
    reply = await later.move(HERE, ANN, "end")
    assert reply.ok and not reply.ephemeral
    assert (await later.store.game(row.id)).version == row.version + 1, "only Ann's move is saved yet"
    assert "Hearth AI · easy 1" in reply.text and "Ann, your turn" not in reply.text
    assert reply.then is not None and reply.choices == [], "no buttons for the AI seats' moves"
    [after] = await reply.then()
    assert after.channel_id == HERE.channel_id and not after.ephemeral and after.announces
    assert ANN.user_id in after.mentions and "Ann, your turn." in after.text
    row = await later.store.game(row.id)
    ai_moves = [e for e in await later.store.log(row.id, after_version=reply.version) if e.kind == "move"]
    assert {e.seat for e in ai_moves} == {1, 2}, "both AI seats played, in this one post"
    assert after.version == row.version
    assert await reply.then() == [], "played once: a second call finds Ann to act"


async def test_without_the_setting_the_command_plays_the_ai_as_before(service):
    row = await _ai_table(service, ai=1)
    reply = await service.move(HERE, ANN, "end")
    assert reply.then is None and "Ann, your turn." in reply.text
    assert (await service.store.game(row.id)).version > row.version + 1


async def test_a_move_the_ai_does_not_answer_has_nothing_to_play_after(later):
    await _ai_table(later, ai=1)
    assert (await later.move(HERE, ANN, "take 1")).then is None   # Ann goes on: her turn's second step
    row = await later.store.open_game_in(HERE.channel_id)
    reply = await later.move(HERE, ANN, "end")
    assert reply.then is not None
    await reply.then()
    assert (await later.store.game(row.id)).version > row.version + 1


async def test_another_process_holding_the_game_plays_it_not_this_one(later, monkeypatch):
    """Under the game's lease as before: while another owner holds it, ``then`` plays nothing (that
    process, or the scheduler's stalled-turn path, plays the AI seats)."""
    row = await _ai_table(later, ai=1)
    reply = await later.move(HERE, ANN, "end")
    other = Leases(later.store, owner="another process")
    assert await other.claim([game_lease(row.id)], later.clock.now())
    assert await reply.then() == []
    assert (await later.store.game(row.id)).version == row.version + 1
    await other.release([game_lease(row.id)])
    assert len(await reply.then()) == 1


async def test_an_undo_while_the_ai_thinks_wins_and_the_ai_move_is_dropped(later, monkeypatch):
    row = await _ai_table(later, ai=1)
    reply = await later.move(HERE, ANN, "end")
    thinking, go = asyncio.Event(), asyncio.Event()
    real = turns.ai_move

    async def slow(*args, **kwargs):
        thinking.set()
        await go.wait()
        return await real(*args, **kwargs)

    monkeypatch.setattr(turns, "ai_move", slow)
    playing = asyncio.create_task(reply.then())
    await asyncio.wait_for(thinking.wait(), 10)
    undone = await later.undo(HERE, ANN, confirm=True)
    assert undone.ok, undone.text
    go.set()
    assert await asyncio.wait_for(playing, 30) == []
    after = await later.store.game(row.id)
    assert [e.kind for e in await later.store.log(row.id, after_version=row.version)] == ["move", "undo"]
    assert after.version == row.version + 2


# A start, a resignation and a handover to the table hand the turn to an AI seat as a move does:
# what the player did posts at once, the AI's turn after it (the command never waits on a search).

async def test_a_start_the_ai_opens_posts_before_the_ai_plays(later):
    for seed in range(1, 40):   # a random seating where an AI seat opens (found, then checked below)
        here = HERE.__class__(channel_id=1000 + seed, guild_id=HERE.guild_id)
        assert (await later.new_game(here, ANN, "pebbles", seed=seed, ai=1, level="easy")).ok
        reply = await later.start(here, ANN, "random")
        assert reply.ok, reply.text
        if reply.then is not None:
            break
        await later.cancel(here, ANN)
    else:
        pytest.fail("no seed from 1 to 39 seats the AI first")
    row = await later.store.open_game_in(here.channel_id)
    assert "Hearth AI · easy" in reply.text and reply.choices == []
    assert not [e for e in await later.store.log(row.id) if e.kind == "move"], "nothing played yet"
    [after] = await reply.then()
    assert after.channel_id == here.channel_id and "Ann, your turn." in after.text
    assert [e.kind for e in await later.store.log(row.id) if e.kind == "move"], "the AI opened after the post"


async def _three_and_ai(later):
    assert (await later.new_game(HERE, ANN, "pebbles", seed=1, ai=1, level="easy")).ok
    for who in (BOB, CID):
        assert (await later.join(HERE, who)).ok
    assert (await later.start(HERE, ANN, "join")).ok
    row = await later.store.open_game_in(HERE.channel_id)
    assert [s.user_id for s in await later.store.seats(row.id)][0] == ANN.user_id
    return row


async def test_a_resignation_posts_before_the_table_plays_the_seat(later):
    row = await _three_and_ai(later)
    reply = await later.resign(HERE, ANN)
    assert reply.ok and "resigned" in reply.text and reply.then is not None and reply.choices == []
    assert (await later.store.game(row.id)).version == row.version + 1, "only the resignation is saved yet"
    [after] = await reply.then()
    seats_moved = {e.seat for e in await later.store.log(row.id, after_version=row.version + 1) if e.kind == "move"}
    assert 0 in seats_moved, "the table played Ann's seat after the post"
    assert "Bob, your turn." in after.text


async def test_a_handover_to_the_table_posts_before_the_table_plays_the_seat(later):
    row = await _three_and_ai(later)
    reply = await later.handover(HERE, ANN, None)
    assert reply.ok and "to the table" in reply.text and reply.then is not None
    assert (await later.store.game(row.id)).version == row.version, "nothing played yet"
    [after] = await reply.then()
    assert {e.seat for e in await later.store.log(row.id, after_version=row.version) if e.kind == "move"} >= {0}
    assert "Bob, your turn." in after.text
