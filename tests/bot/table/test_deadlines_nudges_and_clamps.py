"""Faults found under attack, on the table service: a deadline set to zero hours, huge list pages and
store offsets (clamped), and nudges (one per interval, whoever asks; a deadline warning still follows)."""

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


async def test_a_player_gets_one_nudge_per_interval_whoever_asks(service, clock):
    """After `/notify dm`, two /reminds in the same minute plus the channel reminder reached the
    same player three times. Now: one nudge per interval, whoever asks."""
    from tests.bot.conftest import CID

    await started(service, players=(ANN, BOB, CID))
    assert (await service.game_settings(HERE, ANN, reminder=2)).ok
    await service.notify(BOB, "dm")
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")          # Bob is waited for from now
    clock.advance(1.9 * H)
    first = await service.remind(HERE, ANN)
    assert first.ok
    second = await service.remind(HERE, CID)      # the same minute, another player asks
    assert not second.ok and second.ephemeral and "Bob got a reminder" in second.text, second.text
    clock.advance(0.2 * H)                        # the table's own reminder falls due (2 h)
    assert await service.due_notices() == [], "Bob was nudged 12 minutes ago"
    clock.advance(1.9 * H)                        # one interval after the /remind
    [late] = await service.due_notices()
    assert "Reminder" in late.text
    reached = [uid for uid, _ in late.direct] + late.mentions
    assert reached.count(2) == 1
    clock.advance(0.5 * H)
    third = await service.remind(HERE, CID)
    assert not third.ok and "Bob got a reminder 30 min ago" in third.text, third.text


async def test_a_deadline_warning_still_comes_after_a_nudge(service, clock):
    await started(service)
    assert (await service.game_settings(HERE, ANN, reminder=0, deadline=8, policy="skip")).ok
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    clock.advance(5.9 * H)
    assert (await service.remind(HERE, ANN)).ok
    clock.advance(0.2 * H)                        # a quarter of 8 h left: the warning
    [warn] = await service.due_notices()
    assert "runs out" in warn.text
