"""Issue 27, section 4: faults found under attack, on the table service."""

from __future__ import annotations

import logging

from tests.bot.conftest import ANN, BOB, HERE, started

H = 3600.0


async def test_a_due_deadline_whose_hours_were_set_to_zero_plays_nothing(service, clock, caplog):
    """`/game settings deadline:0` racing the scheduler: the timer it read still holds a deadline,
    the settings no longer do. The table must not play the absent seat's moves (and then fail
    writing the announcement with a TypeError): there is no deadline any more."""
    await started(service)
    reply = await service.game_settings(HERE, ANN, reminder=0, deadline=5, policy="auto")
    assert reply.ok
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    row = await service.store.open_game_in(HERE.channel_id)
    timer = await service.reminders.timer_for(row)
    assert timer.deadline_at is not None
    await service.tables.save_settings(row.id, deadline_hours=0.0)   # the change lands...
    await service.tables.put_timer(timer)                            # ...after the scheduler read the timer
    clock.advance(6 * H)
    with caplog.at_level(logging.ERROR, logger="hearth.scheduler"):
        notices = await service.due_notices()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "no traceback in the log"
    assert notices == []
    after = await service.store.game(row.id)
    assert after.version == row.version, "no move played for Bob"
    assert await service.due_notices() == [], "and nothing due later either"
    await service.move(HERE, BOB, "take 1")   # Bob still plays his own turn


async def test_a_huge_list_page_is_clamped_not_an_overflow(service):
    """`/game list page:N` with N >= 2^63 overflowed SQLite's 64-bit integer (an OverflowError
    out of the driver). Pages past the end show the last page."""
    await started(service)
    for page in (2**63, 2**64 + 5, 10**30):
        reply = await service.game_list(HERE, ANN, page=page)
        assert "Pebbles" in reply.text, reply.text
    reply = await service.game_list(HERE, ANN, page=-2**70)
    assert "Pebbles" in reply.text


async def test_the_store_clamps_offsets_limits_and_ids(store):
    for big in (2**63, 2**80):
        assert await store.summaries(10, offset=big) == []
        assert await store.summaries(10, after_id=big, limit=big) == []
        assert await store.summaries_of_user(1, after_id=big, limit=big, guild_id=10) == []
        assert await store.log(1, limit=big) == []
        assert await store.game_ids(after_id=big, limit=big) == []
