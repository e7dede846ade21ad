"""Leases on both backends: each name is held by one process at a time, and
taken over once its holder's lease expires (times are given, never slept)."""

from __future__ import annotations

import asyncio

from storage.leases import Leases

NOW = 1_000_000.0
NAMES = [f"game:{i}" for i in range(200)]


async def test_a_lease_is_held_by_one_owner_until_it_expires(backend):
    a_store, b_store = await backend.open(), await backend.open()
    try:
        a, b = Leases(a_store, "a", seconds=30), Leases(b_store, "b", seconds=30)
        assert await a.claim(["game:1", "game:2"], NOW) == ["game:1", "game:2"]
        assert await b.claim(["game:1", "game:2", "game:3"], NOW + 10) == ["game:3"]
        assert await a.claim(["game:1"], NOW + 20) == ["game:1"], "its own lease is renewed"
        assert await b.holder("game:1", NOW + 40) == "a"
        # a dies: nothing renews game:2, which b takes once it expired
        assert await b.claim(["game:2"], NOW + 29) == []
        assert await b.claim(["game:2"], NOW + 30) == ["game:2"]
        assert await a.renew(["game:1", "game:2"], NOW + 31) == ["game:1"], "game:2 was lost to b"
        await a.release(["game:1", "game:2"])
        assert await b.holder("game:1", NOW + 32) is None
        assert await b.holder("game:2", NOW + 32) == "b", "a release never frees another owner's lease"
        assert await b.claim(["game:1"], NOW + 32) == ["game:1"]
    finally:
        await a_store.close()
        await b_store.close()


async def test_two_owners_claiming_at_once_split_the_names(backend):
    stores = [await backend.open() for _ in range(2)]
    try:
        owners = [Leases(s, f"p{i}", seconds=60) for i, s in enumerate(stores)]

        async def claim_all(leases: Leases) -> list[str]:
            got: list[str] = []
            for start in range(0, len(NAMES), 20):
                got += await leases.claim(NAMES[start:start + 20], NOW, limit=10)
                await asyncio.sleep(0)
            return got

        first, second = await asyncio.gather(*(claim_all(o) for o in owners))
        assert not set(first) & set(second), "no name is held by both"
        assert len(first) + len(second) == len(set(first) | set(second))
        assert first and second
        holders = [await owners[0].holder(n, NOW) for n in sorted(set(first) | set(second))]
        assert holders == ["p0" if n in first else "p1" for n in sorted(set(first) | set(second))]
    finally:
        for s in stores:
            await s.close()


async def test_claim_respects_its_limit_and_ignores_an_empty_list(store):
    leases = Leases(store, "solo", seconds=5)
    assert await leases.claim([], NOW) == []
    assert len(await leases.claim(NAMES[:50], NOW, limit=7)) == 7
    assert await leases.renew([], NOW) == []
    await leases.release([])


async def test_release_all_frees_only_this_owners_leases(store):
    mine, theirs = Leases(store, "me", seconds=60), Leases(store, "them", seconds=60)
    assert await mine.claim(NAMES[:3], NOW) == sorted(NAMES[:3])
    assert await theirs.claim(NAMES[3:5], NOW) == sorted(NAMES[3:5])
    await mine.release_all()
    assert [await theirs.holder(n, NOW) for n in NAMES[:5]] == [None, None, None, "them", "them"]


class Clock:
    def __init__(self, now: float) -> None:
        self.at = now

    def now(self) -> float:
        return self.at


async def test_one_processs_work_never_releases_a_lease_its_other_work_still_holds(backend):
    one, other = await backend.open(), await backend.open()
    try:
        command, scheduler = Leases(one), Leases(one)     # one process: one owner per store
        rival = Leases(other)
        assert command.owner == scheduler.owner != rival.owner
        async with command.holding("game:1", Clock(NOW)) as held:
            assert held
            assert await scheduler.claim(["game:1"], NOW) == ["game:1"], "the same process may work on it too"
            with scheduler.using("game:1"):
                await scheduler.release(["game:1"])       # the scheduler's pass ends while the command still plays
                assert await rival.claim(["game:1"], NOW) == []
        assert await rival.claim(["game:1"], NOW) == ["game:1"], "released once the last work under it ended"
        async with command.holding("game:1", Clock(NOW)) as held:
            assert not held, "another process holds it"
    finally:
        await one.close()
        await other.close()
