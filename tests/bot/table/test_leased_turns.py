"""The table's own turns left behind by a process that died (a seat the
table plays, still to move long after the last save) are played by the
scheduler that leases the game — never while another process holds it."""

from __future__ import annotations

from bot.table import Place
from bot.table.reminders import LEASE_SECONDS, STALLED_AI
from storage.leases import Leases, game_lease
from tests.bot.conftest import ANN, BOB, HERE, started


async def stalled_game(service):
    await started(service)
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    row = await service.store.open_game_in(HERE.channel_id)
    await service.store.set_bot(row.id, 1, True)     # Bob's seat handed to the table; the process died then
    return row


async def test_a_stalled_table_turn_is_taken_over_once(service, clock):
    row = await stalled_game(service)
    posted = []

    async def send(reply) -> bool:
        posted.append(reply)
        return True

    clock.advance(STALLED_AI - 1)
    assert await service.reminders.deliver(send) == 0, "the process playing it may still be thinking"
    assert (await service.store.game(row.id)).version == row.version
    clock.advance(2)
    assert await service.reminders.deliver(send) == 1
    log = await service.store.log(row.id, after_version=row.version)
    assert log and log[0].seat == 1 and log[0].user_id is None, "the table moved for Bob"
    assert not posted[0].ephemeral and posted[0].channel_id == HERE.channel_id and not posted[0].followups
    assert "Ann, your turn." in posted[0].text
    assert await service.reminders.deliver(send) == 0, "played once"


async def test_a_stalled_turn_leased_by_another_process_waits_for_its_lease(service, store, clock):
    row = await stalled_game(service)
    clock.advance(STALLED_AI + 1)
    other = Leases(store, "other process", seconds=LEASE_SECONDS)
    assert await other.claim([game_lease(row.id)], clock.now())

    async def send(reply) -> bool:
        return True

    assert await service.reminders.deliver(send) == 0, "the other process holds the game"
    clock.advance(LEASE_SECONDS)
    assert await service.reminders.deliver(send) == 1, "its lease expired: taken over"


async def test_a_slow_pass_keeps_the_games_it_leased(service, store, clock):
    """Each post takes 50 s here: the batch's leases are renewed as the pass
    goes, so another process never takes a game this one is about to handle."""
    for channel in range(300, 305):
        place = Place(channel_id=channel, guild_id=10)
        await service.new_game(place, ANN, "pebbles", seed=1)
        await service.join(place, BOB)
        await service.start(place, ANN, "join")
    clock.advance(25 * 3600)          # the default 24 h reminders are due
    ids = sorted(r.id for r in await store.games(None, ("active",)))
    other = Leases(store, "other process", seconds=LEASE_SECONDS)
    stolen: list[str] = []
    posted: list[int] = []

    async def slow_send(reply) -> bool:
        posted.append(reply.game_id)
        clock.advance(50)
        stolen.extend(await other.claim([game_lease(i) for i in ids if i not in posted], clock.now()))
        return True

    assert await service.reminders.deliver(slow_send) == 5
    assert posted == ids and stolen == [], "no game was left to expire mid-pass"
