"""Undo re-simulates only from the nearest stored snapshot (the store keeps
one every SNAPSHOT_EVERY versions), in a worker thread: it costs the same at
move 2,000 as at move 20, and other games' commands answer while it runs."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

from bot.table import Place, TableService
from bot.table.movelog import effective_moves, replay
from rules import registry
from storage.store import SNAPSHOT_EVERY, LogRow
from tests.bot.conftest import ANN, BOB, HERE, started

LONG = Place(channel_id=300, guild_id=10)


@pytest.fixture(autouse=True)
def steps():
    registry.register("steps", "tests.bot.table.steps_game")
    yield registry.get("steps")
    registry.unregister("steps")


@pytest.fixture
async def table(store, clock):
    return TableService(store, clock, render_images=False)


async def long_game(service, moves: int) -> int:
    """A solo Steps game of ``moves`` moves by Ann, written straight to the
    store (the rows the table writes, without a post per move)."""
    await service.new_game(LONG, ANN, "steps", seed=1)
    assert (await service.start(LONG, ANN)).ok
    store, game = service.store, registry.get("steps")
    row = await store.open_game_in(LONG.channel_id)
    state, version = game.load(row.state), row.version
    for i in range(moves):
        move = game.parse(state, 0, f"step {1 + i % 3}")
        state, _ = game.apply(state, move)
        version = await store.record(row.id, version, state=game.dump(state), kind="move", seat=0, user_id=ANN.user_id,
                                     text=move.notation, barrier=False, events=[], now=1.0)
    return row.id


def counting(monkeypatch, game) -> list[int]:
    """Counts the moves the rules apply from now on."""
    applied = [0]
    apply = game.apply

    def counted(state, move):
        applied[0] += 1
        return apply(state, move)

    monkeypatch.setattr(game, "apply", counted)
    return applied


async def undo_and_check(service, game_id: int, count: int, applied: list[int] | None = None) -> int:
    """Undo ``count`` moves and check the state; returns how many moves the undo re-simulated."""
    store, game = service.store, registry.get("steps")
    before = applied[0] if applied else 0
    reply = await service.undo(LONG, ANN, confirm=True, count=count)
    assert reply.ok, reply.text
    resimulated = (applied[0] if applied else 0) - before
    row = await store.game(game_id)
    log = await store.log(game_id)
    assert row.state == game.dump(replay(game, 1, row.seed, row.options, effective_moves(log))), \
        "the snapshot path gives the state a replay from the start gives"
    return resimulated


@pytest.mark.parametrize("moves", [20, 2_000])
async def test_undo_re_simulates_at_most_a_snapshot_interval(table, steps, monkeypatch, moves):
    game_id = await long_game(table, moves)
    resimulated = await undo_and_check(table, game_id, 1, counting(monkeypatch, steps))
    assert resimulated < SNAPSHOT_EVERY, f"{resimulated} moves re-simulated for one undo at move {moves}"


async def test_undo_after_undo_never_starts_from_a_snapshot_off_its_path(table, steps, monkeypatch):
    game_id = await long_game(table, 2 * SNAPSHOT_EVERY + 5)      # snapshots at versions 50 and 100
    # undo back below the snapshot at 100, play on past it: that snapshot no longer lies on the path
    await undo_and_check(table, game_id, 10)
    for i in range(12):
        assert (await table.move(LONG, ANN, f"step {1 + i % 3}")).ok
    await undo_and_check(table, game_id, 3)
    await undo_and_check(table, game_id, 1)


async def test_other_games_answer_while_a_long_undo_runs(table, steps, monkeypatch):
    await long_game(table, 2_000 + 17)
    await started(table)                                   # a Pebbles game in another channel
    entered, release = threading.Event(), threading.Event()
    apply = steps.apply

    def held(state, move):                                 # the undo's re-simulation waits for the test
        if not entered.is_set():
            entered.set()
            release.wait(5)
        return apply(state, move)

    monkeypatch.setattr(steps, "apply", held)
    undo = asyncio.create_task(table.undo(LONG, ANN, confirm=True))
    assert await asyncio.to_thread(entered.wait, 10), "the undo re-simulates"
    order = []
    moved = await table.move(HERE, ANN, "take 1")
    order.append("move")
    status = await table.status(HERE, BOB)
    order.append("status")
    assert moved.ok and status.ok
    assert not undo.done(), "the undo is still re-simulating, off the event loop"
    release.set()
    assert (await undo).ok
    order.append("undo")
    assert order == ["move", "status", "undo"]


def test_the_walker_reads_a_whole_log_and_a_tail_alike():
    rng = random.Random(5)
    for _ in range(300):
        log, effective = [], 0
        for version in range(1, rng.randint(2, 60)):
            if effective and rng.random() < 0.25:
                n = rng.randint(1, effective)
                log.append(LogRow(version, "undo", 0, 1, str(n), False, [], 0.0))
                effective -= n
            else:
                log.append(LogRow(version, rng.choice(["move", "move", "resign"]), 0, 1, "m", False, [], 0.0))
                effective += 1
        # the oracle: read forwards, each undo entry removes the n moves before it
        forward: list = []
        for row in log:
            if row.kind == "undo":
                del forward[len(forward) - int(row.text):]
            else:
                forward.append(row.version)
        whole = effective_moves(log)
        assert [p.version for p in whole] == forward
        cut = rng.randint(0, len(log))
        assert effective_moves(log[cut:]) == [p for p in whole if p.version > cut]


async def test_undos_of_every_size_on_a_long_game_match_a_full_replay(table, steps):
    game_id = await long_game(table, 400)
    rng = random.Random(11)
    for _ in range(12):
        await undo_and_check(table, game_id, rng.randint(1, 50))      # some reach below the log's tail
        for i in range(rng.randint(0, 70)):
            assert (await table.move(LONG, ANN, f"step {1 + i % 3}")).ok
