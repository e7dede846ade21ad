"""The optimistic version check under load, on both backends: two real
processes × 250 concurrent movers on one game lose nothing and double
nothing; two saves sent at once from two stores, exactly one applies."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from storage.store import VersionConflict

ROOT = Path(__file__).resolve().parents[2]
MOVERS_PER_PROCESS = 250


async def _game(store, channel=1):
    return await store.create_game(guild_id=9, channel_id=channel, key="clans", options={}, seed=5,
                                   creator_id=10, creator_name="Ann", now=1.0)


async def _process(target: str, game_id: int, tag: str) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.storage.movers", target, str(game_id), str(MOVERS_PER_PROCESS), tag,
        cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    line = await asyncio.wait_for(proc.stdout.readline(), 60)
    if line.strip() != b"ready":
        raise AssertionError(f"mover process failed: {line!r} {(await proc.stderr.read()).decode()[-2000:]}")
    return proc


async def test_two_processes_of_250_movers_on_one_game_lose_and_double_nothing(backend):
    store = await backend.open()
    try:
        game = await _game(store)
        procs = [await _process(backend.target, game.id, tag) for tag in ("a", "b")]
        for proc in procs:            # both processes are connected: start their movers together
            proc.stdin.write(b"go\n")
            await proc.stdin.drain()
        outputs = []
        for proc in procs:
            out, err = await asyncio.wait_for(proc.communicate(), 120)
            assert proc.returncode == 0, err.decode()[-2000:]
            outputs.append(json.loads(out.decode().strip().splitlines()[-1]))

        acked = [tuple(a) for o in outputs for a in o["acked"]]
        sent = {f"{tag}-{i}" for tag in ("a", "b") for i in range(MOVERS_PER_PROCESS)}
        assert len(acked) == 2 * MOVERS_PER_PROCESS and {name for _, name in acked} == sent
        assert len({v for v, _ in acked}) == len(acked), "two movers were told they saved the same version"
        log = await store.log(game.id)
        assert [e.version for e in log] == list(range(1, 2 * MOVERS_PER_PROCESS + 1)), "lost or doubled a version"
        assert {(e.version, e.text) for e in log} == set(acked), "the log is exactly what was acknowledged"
        final = await store.game(game.id)
        assert final.version == 2 * MOVERS_PER_PROCESS
        assert json.loads(final.state) == {"last": log[-1].text}, "the state is the one saved with the last move"
        assert sum(o["conflicts"] for o in outputs) > 0, "the movers really raced"
    finally:
        await store.close()


async def test_two_saves_sent_at_once_from_two_stores_exactly_one_applies(backend):
    a, b = await backend.open(), await backend.open()
    try:
        for channel in range(20):
            game = await _game(a, channel)

            async def save(store, text, game_id=game.id):
                try:
                    return await store.record(game_id, 0, state=json.dumps(text), kind="move", seat=0, user_id=1,
                                              text=text, barrier=False, events=[], now=2.0)
                except VersionConflict:
                    return None

            results = await asyncio.gather(save(a, "from-a"), save(b, "from-b"))
            assert sorted(results, key=str) == [1, None], results
            log = await b.log(game.id)
            assert len(log) == 1 and (await a.game(game.id)).state == json.dumps(log[0].text)
    finally:
        await a.close()
        await b.close()
