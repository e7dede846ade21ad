"""A bot process for the kill-and-restart tests: plays Clans games in a loop
through the real table service on a database file, "posting" each turn by
printing it, until it is killed. Run as
``python -m tests.reliability.crash_worker DB SEED``.

Each line it prints is flushed at once:
    PENDING <game> <version>   a turn saved before the last stop, announced now
    POST <game> <version>      a turn announced (after the store acknowledged it)
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import render
from bot.table import Actor, Place, TableService
from rules.core import Rng
from storage.store import Store

PLAYERS = [Actor(1, "Ann"), Actor(2, "Bob")]


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


CRASH_AT = os.environ.get("CRASH_AT", "")     # after_save, in_render, before_post, after_post
CRASH_N = int(os.environ.get("CRASH_N", "3"))  # at the N-th time the process gets there
_seen: dict[str, int] = {}


def maybe_die(point: str) -> None:
    """Deterministic fault injection: SIGKILL ourselves at a chosen point."""
    if point == CRASH_AT:
        _seen[point] = _seen.get(point, 0) + 1
        if _seen[point] == CRASH_N:
            os.kill(os.getpid(), signal.SIGKILL)


async def main(db: str, seed: int) -> None:
    store = await Store.open(db)
    service = TableService(store, render_images=True)
    record = store.record

    async def record_then_maybe_die(*args, **kwargs):
        version = await record(*args, **kwargs)
        maybe_die("after_save")
        return version
    store.record = record_then_maybe_die
    board_png = render.board_png

    def render_then_maybe_die(*args, **kwargs):
        maybe_die("in_render")
        return board_png(*args, **kwargs)
    render.board_png = render_then_maybe_die
    service.announce_after_post = True
    for _row, reply in await service.pending_announcements():
        say(f"PENDING {reply.game_id} {reply.version}")
        await service.announced(reply.game_id, reply.version)
    chooser = Rng(seed)
    channel = 1
    while True:
        place = Place(channel_id=channel, guild_id=1)
        row = await store.open_game_in(channel)
        if row is None:
            latest = await store.latest_game_in(channel)
            if latest is not None:          # that channel's game is over: the next channel
                channel += 1
                continue
            await service.new_game(place, PLAYERS[0], "clans", seed=seed * 100 + channel)
            await service.join(place, PLAYERS[1])
            continue
        if row.status == "lobby":
            reply = await service.start(place, PLAYERS[0])
        else:
            moves = []
            for actor in PLAYERS:
                moves = await service.legal(place, actor, limit=500)
                if moves:
                    break
            reply = await service.move(place, actor, moves[chooser.randbelow(len(moves))].notation)
        if reply.ok and not reply.ephemeral and reply.game_id is not None:
            maybe_die("before_post")
            say(f"POST {reply.game_id} {reply.version}")
            maybe_die("after_post")
            await service.announced(reply.game_id, reply.version)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
