"""/game list and /game mine read from indexes at 10,000 games, on both
backends: the queries the store runs for them are explained and no plan
scans the games table or sorts it (the milliseconds are in bench/run.py's
``lists`` details, never asserted here)."""

from __future__ import annotations

from bench.store_load import fill_games
from storage.store import Store

GAMES = 10_000
GUILD, USER = 7, 4242


async def fill(store: Store, games: int = GAMES) -> None:
    await fill_games(store, games, guild=GUILD, user=USER)


async def plans(store: Store, call) -> list[str]:
    """The plan of every query ``call`` makes, as text lines."""
    seen: list[tuple[str, tuple]] = []
    fetch_all = store.db.fetch_all

    async def recording(sql, args=()):
        seen.append((sql, tuple(args)))
        return await fetch_all(sql, args)

    store.db.fetch_all = recording
    try:
        await call()
    finally:
        store.db.fetch_all = fetch_all
    out = []
    for sql, args in seen:
        if store.kind == "sqlite":
            rows = await store.fetch_all("EXPLAIN QUERY PLAN " + sql, args)
            out.append("\n".join(str(r[3]) for r in rows))
        else:
            rows = await store.fetch_all("EXPLAIN " + sql, args)
            out.append("\n".join(str(r[0]) for r in rows))
    return out


def scans_games(plan: str) -> bool:
    return "SCAN games" in plan or "Seq Scan on games" in plan or "TEMP B-TREE" in plan


async def test_game_list_pages_come_from_the_open_games_index(store):
    await fill(store)
    page = await store.summaries(GUILD, limit=25)
    assert len(page) == 25 and all(g.guild_id == GUILD and g.status in ("lobby", "active") for g in page)
    nxt = await store.summaries(GUILD, after_id=page[-1].id, limit=25)
    assert nxt[0].id > page[-1].id
    for plan in await plans(store, lambda: store.summaries(GUILD, after_id=page[-1].id, limit=25)):
        assert not scans_games(plan), plan
        assert "open_games_by_guild" in plan or "games_pkey" in plan or "seats_pkey" in plan \
            or "sqlite_autoindex_seats" in plan or "PRIMARY KEY" in plan, plan
    first = (await plans(store, lambda: store.summaries(GUILD, limit=25)))[0]
    assert "open_games_by_guild" in first, first
    count_plan = await plans(store, lambda: store.count_games(GUILD))
    assert count_plan == [] or not any(scans_games(p) for p in count_plan)


async def test_game_mine_reads_the_users_seats_from_an_index(store):
    await fill(store)
    mine = await store.summaries_of_user(USER, ("active",), limit=1000)
    assert mine and all(any(s.user_id == USER for s in g.seats) for g in mine)
    assert len(mine) == sum(1 for i in range(7, GAMES + 1, 7) if i % 10 in (4, 9))
    (plan, seats_plan) = await plans(store, lambda: store.summaries_of_user(USER, ("active",), limit=100))
    assert not scans_games(plan), plan
    assert "seats_by_user_game" in plan, plan
    assert "SCAN seats" not in seats_plan and "Seq Scan on seats" not in seats_plan, seats_plan
