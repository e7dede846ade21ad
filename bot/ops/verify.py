"""Replay every stored game from its move log and compare with the saved
state: the log is the game, so they must agree to the byte. Games are read
a page at a time and each is re-simulated in a worker thread, so a bot that
runs verify keeps answering meanwhile."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.table.movelog import Played, effective_moves, replay
from rules import registry
from storage.store import GameRow, GameStatus, Store


@dataclass(frozen=True)
class Report:
    game_id: int
    key: str
    channel_id: int
    ok: bool
    problem: str = ""


def _agrees(row: GameRow, seats: int, moves: list[Played]) -> bool:
    """Pure CPU (run in a worker): does the log replay to the stored state?"""
    if row.state is None:   # nothing stored to compare with (verify_all skips these)
        return False
    game = registry.get(row.key)
    state = replay(game, seats, row.seed, row.options, moves)
    return game.dump(state) == game.dump(game.load(row.state))


async def verify_all(store: Store) -> list[Report]:
    reports = []
    async for row in store.each_game((GameStatus.ACTIVE, GameStatus.FINISHED, GameStatus.ABANDONED)):   # a page at a time
        if row.state is None:
            continue
        try:
            seats = await store.seats(row.id)
            moves = effective_moves(await store.log(row.id))
            ok = await asyncio.to_thread(_agrees, row, len(seats), moves)
            reports.append(Report(row.id, row.key, row.channel_id, ok,
                                  "" if ok else "replaying the log gives another state"))
        except Exception as exc:  # a report, not a crash: one broken game must not hide the others
            reports.append(Report(row.id, row.key, row.channel_id, False, f"{type(exc).__name__}: {exc}"))
    return reports
