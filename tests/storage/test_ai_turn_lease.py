"""An AI turn after a command runs under the game's lease, on both backends:
two processes (each its own store and table service, one clock) never both
play it, and one a process died in the middle of is taken over by another's
scheduler once the lease expires — played once. ``STALLED_AI`` is set to 0
here: the scheduler would take any AI turn at once, so only the lease keeps
it off a turn being played."""

from __future__ import annotations

import asyncio

import pytest

import bot.table.reminders as reminders
import bot.table.turns as turns
from bot.table import Actor, Place, TableService
from bot.table.clock import ManualClock
from bot.table.reminders import LEASE_SECONDS
from rules import registry
from storage.leases import game_lease

ANN = Actor(1, "Ann")
HERE = Place(channel_id=100, guild_id=10)


class ProcessDied(BaseException):
    """A process killed in the middle of the AI's search: nothing cleaned up."""


@pytest.fixture(autouse=True)
def pebbles():
    registry.register("pebbles", "tests.pebbles")
    yield
    registry.unregister("pebbles")


@pytest.fixture(autouse=True)
def eager_scheduler(monkeypatch):
    monkeypatch.setattr(reminders, "STALLED_AI", 0.0)


class Search:
    """The first AI search after a command waits for ``go`` (or dies); the others run as usual."""

    def __init__(self, monkeypatch, dies: bool = False) -> None:
        self.started, self.go, self.dies, self.calls = asyncio.Event(), asyncio.Event(), dies, 0
        real = turns.ai_move

        async def ai_move(*args, **kwargs):
            self.calls += 1
            if self.calls == 1:
                self.started.set()
                if self.dies:
                    raise ProcessDied
                await self.go.wait()
            return await real(*args, **kwargs)

        monkeypatch.setattr(turns, "ai_move", ai_move)


async def processes(backend, clock) -> tuple[TableService, TableService]:
    return tuple([TableService(await backend.open(), clock, render_images=False) for _ in range(2)])


async def ai_game(service: TableService):
    """Ann against one AI seat, mid-turn: her next move 'end' hands the turn to the AI."""
    await service.new_game(HERE, ANN, "pebbles", seed=1, ai=1)
    await service.start(HERE, ANN, "join")
    await service.move(HERE, ANN, "take 1")
    return await service.store.open_game_in(HERE.channel_id)


async def posted(reply) -> bool:
    return True


async def ai_turns(service: TableService, game_id: int) -> list[list[str]]:
    """The AI seat's turns in the log, each a list of its moves."""
    out: list[list[str]] = []
    current: list[str] = []
    for entry in await service.store.log(game_id):
        if entry.kind == "move" and entry.user_id is None:
            current.append(entry.text)
            if entry.text in ("end", "shout"):
                out.append(current)
                current = []
    return out + ([current] if current else [])


async def test_two_processes_never_both_play_an_ai_turn(backend, monkeypatch):
    clock = ManualClock(1_700_000_000.0)
    a, b = await processes(backend, clock)
    try:
        row = await ai_game(a)
        search = Search(monkeypatch)
        command = asyncio.create_task(a.move(HERE, ANN, "end"))
        await asyncio.wait_for(search.started.wait(), 30)      # Ann's move is saved; the AI is thinking
        assert (await b.store.game(row.id)).version == row.version + 1
        assert await b.reminders.leases.holder(game_lease(row.id), clock.now()) == a.reminders.leases.owner
        assert await b.reminders.deliver(posted) == 0, "the other process leaves the AI turn to the one playing it"
        assert (await b.store.game(row.id)).version == row.version + 1
        search.go.set()
        reply = await asyncio.wait_for(command, 30)
        assert reply.ok and not reply.ephemeral and "Ann, your turn." in reply.text
        assert len(await ai_turns(a, row.id)) == 1, "the AI turn played once"
        assert await b.reminders.leases.holder(game_lease(row.id), clock.now()) is None, "released after the turn"
        assert await b.reminders.deliver(posted) == 0
        assert len(await ai_turns(b, row.id)) == 1
    finally:
        for service in (a, b):
            await service.store.close()


async def test_an_ai_turn_left_by_a_dead_process_is_taken_over_once(backend, monkeypatch):
    clock = ManualClock(1_700_000_000.0)
    a, b = await processes(backend, clock)
    try:
        row = await ai_game(a)
        Search(monkeypatch, dies=True)
        with pytest.raises(ProcessDied):
            await a.move(HERE, ANN, "end")       # Ann's move saved, then the process died in the AI's search
        assert (await b.store.game(row.id)).version == row.version + 1
        assert await b.reminders.deliver(posted) == 0, "the dead process's lease has not expired yet"
        assert await ai_turns(b, row.id) == []
        clock.advance(LEASE_SECONDS)
        assert await b.reminders.deliver(posted) == 1, "taken over once the lease expired"
        assert len(await ai_turns(b, row.id)) == 1
        assert await b.reminders.deliver(posted) == 0, "and played once"
        assert len(await ai_turns(b, row.id)) == 1
    finally:
        for service in (a, b):
            await service.store.close()


async def test_a_move_waits_for_a_game_another_process_keeps_then_is_refused_as_busy(backend, monkeypatch):
    clock = ManualClock(1_700_000_000.0)
    a, b = await processes(backend, clock)
    monkeypatch.setattr("bot.table.play.LEASE_PAUSE", 0.0)
    try:
        row = await ai_game(a)
        assert await b.reminders.leases.claim([game_lease(row.id)], clock.now())   # b's scheduler is on it
        reply = await a.move(HERE, ANN, "end")
        assert not reply.ok and reply.ephemeral, "refused: the AI turn would have run beside b's work"
        assert (await a.store.game(row.id)).version == row.version, "nothing saved"
        await b.reminders.leases.release([game_lease(row.id)])
        reply = await a.move(HERE, ANN, "end")
        assert reply.ok and len(await ai_turns(a, row.id)) == 1
    finally:
        for service in (a, b):
            await service.store.close()
