"""Replay every stored game from its move log and compare with the saved
state: the log is the game, so they must agree to the byte."""

from __future__ import annotations

from dataclasses import dataclass

from bot.table.replay import effective_moves, replay
from rules import registry
from storage.store import Store


@dataclass(frozen=True)
class Report:
    game_id: int
    key: str
    channel_id: int
    ok: bool
    problem: str = ""


async def verify_all(store: Store) -> list[Report]:
    reports = []
    async for row in store.each_game(("active", "finished", "abandoned")):   # a page at a time
        if row.state is None:
            continue
        try:
            game = registry.get(row.key)
            seats = await store.seats(row.id)
            moves = effective_moves(await store.log(row.id))
            state = replay(game, len(seats), row.seed, row.options, moves)
            ok = game.dump(state) == game.dump(game.load(row.state))
            reports.append(Report(row.id, row.key, row.channel_id, ok,
                                  "" if ok else "replaying the log gives another state"))
        except Exception as exc:  # a report, not a crash: one broken game must not hide the others
            reports.append(Report(row.id, row.key, row.channel_id, False, f"{type(exc).__name__}: {exc}"))
    return reports
