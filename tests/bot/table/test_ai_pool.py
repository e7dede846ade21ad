"""Issue 29, point 3: the AI searches in worker processes — the same move as in the bot's own
process, a dead worker replaced, a stuck one given up on cleanly — and point 5: ``/hint``
repeats, and names its move exactly as typed in ``/move``."""

from __future__ import annotations

import os
import signal
import time

import pytest

from ai import decide
from bot.table import TableService, ai_pool
from bot.table.ai_pool import AiPool, PoolFailed, pool_size
from bot.table.ai_seats import ai_seed
from rules import registry
from storage.store import Store
from tests.bot.conftest import ANN, HERE


def stuck(*_args):
    """A worker that never answers in time (module level: a worker imports it by name)."""
    time.sleep(3)


def whose_pid(*_args):
    return os.getpid()


def _position(key: str, seed: int, plies: int):
    game = registry.get(key)
    state = game.setup(2, seed, game.resolve_options({}))
    for _ in range(plies):
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, game.legal_moves(state, seat)[0])
    return game, state, game.to_act(state)[0]


def test_pool_size_leaves_a_core_to_the_event_loop():
    assert 1 <= pool_size() <= ai_pool.MAX_WORKERS
    assert pool_size() <= max(1, (os.cpu_count() or 2) - 1)


@pytest.mark.parametrize("key", ["clans", "fire_and_stone", "neanderthal"])
async def test_a_worker_decides_what_the_bots_own_process_decides(key):
    game, state, seat = _position(key, 3, 6)
    here = decide(game, state, seat, 2, "normal", 12345, iterations=40)
    pool = AiPool(workers=1)
    try:
        there = await pool.decide(game, state, seat, 2, "normal", 12345, iterations=40, seconds=None)
    finally:
        pool.shutdown()
    assert (there.move.notation, there.how, there.iterations) == (here.move.notation, here.how, here.iterations)
    assert there.score == pytest.approx(here.score)
    assert there.move in game.legal_moves(state, seat)


async def test_a_dead_worker_is_replaced_and_the_decision_still_given():
    game, state, seat = _position("clans", 4, 2)
    pool = AiPool(workers=1)
    try:
        first = await pool.decide(game, state, seat, 2, "normal", 7, iterations=20, seconds=None)
        loop = __import__("asyncio").get_running_loop()
        pid = await loop.run_in_executor(pool.executor(), whose_pid)
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.3)   # the pool notices its worker is gone
        again = await pool.decide(game, state, seat, 2, "normal", 7, iterations=20, seconds=None)
        assert pool.restarts == 1
        assert again.move == first.move
    finally:
        pool.shutdown()


async def test_a_stuck_worker_is_given_up_on_within_its_cap(monkeypatch):
    monkeypatch.setattr(ai_pool, "MARGIN", 0.5)
    game, state, seat = _position("clans", 4, 2)
    pool = AiPool(workers=1, work=stuck)
    started = time.monotonic()
    try:
        with pytest.raises(PoolFailed):
            await pool.decide(game, state, seat, 2, "normal", 7, iterations=20, seconds=0.5)
        assert time.monotonic() - started < 10
        assert pool.restarts == 1
    finally:
        pool.shutdown()


async def _solo_hint(tmp_path, name: str, clock):
    store = await Store.open(tmp_path / name)
    try:
        service = TableService(store, clock)
        await service.new_game(HERE, ANN, "clans", ai=1, level="easy", seed=21)
        await service.start(HERE, ANN, "join")
        return await service.hint(HERE, ANN), await store.open_game_in(HERE.channel_id), service
    except BaseException:
        await store.close()
        raise


async def test_the_same_position_gives_the_same_hint_on_two_runs(tmp_path, clock):
    """Point 5: a fixed iteration budget seeded by the game and version, no wall clock in the choice:
    two separate tables (two databases, two services) in the same position get the same hint,
    and asking twice gives it twice."""
    first, row, service = await _solo_hint(tmp_path, "one.db", clock)
    again = await service.hint(HERE, ANN)
    await service.store.close()
    second, _, other = await _solo_hint(tmp_path, "two.db", clock)
    await other.store.close()
    assert first.ok and first.move
    assert first.text == again.text == second.text
    assert first.move == again.move == second.move
    # the budget decides, not the clock: the same search run here, with no cap at all
    game = registry.get("clans")
    state = game.load(row.state)
    seat = game.to_act(state)[0]
    assert decide(game, state, seat, 2, "normal", ai_seed(row), iterations=12).move.notation == first.move


async def test_a_hint_is_the_move_as_typed_and_plays_as_it_reads(service):
    """Issue 26 point 4: the notation alone in the code span, then what it does, and ``Reply.move``
    carries it for a button; typed into /move it plays."""
    await service.new_game(HERE, ANN, "clans", ai=1, level="easy", seed=22)
    await service.start(HERE, ANN, "join")
    hint = await service.hint(HERE, ANN)
    assert hint.ok and hint.ephemeral
    assert hint.text.startswith(f"💡 The AI would play `{hint.move}` (")
    assert " — " not in hint.text.split("`")[1]
    row = await service.store.open_game_in(HERE.channel_id)
    assert (hint.game_id, hint.version) == (row.id, row.version)
    played = await service.move(HERE, ANN, hint.move)
    assert played.ok, played.text
