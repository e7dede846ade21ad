"""``hearth selfplay``: whole games by random legal moves, through the
rules alone or (``--store``/``--render``) through the whole table service."""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
import traceback
from pathlib import Path

from bot.commands import parse_options
from rules import registry
from rules.core import Rng, random_playout


def selfplay(args) -> int:
    try:
        game = registry.get(args.game)
        options = game.resolve_options(parse_options(args.options))
        game.check_players(args.players, options)
    except Exception as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    finished = unfinished = moves = errors = 0
    for i in range(args.games):
        seed = args.seed + i
        try:
            if args.store or args.render:
                done, n = asyncio.run(through_service(args.game, args.players, seed, options, args.render))
            else:
                out = random_playout(game, args.players, seed, options)
                done, n = out.finished, len(out.moves)
        except Exception:
            errors += 1
            print(f"game {i + 1} (seed {seed}) raised:", file=sys.stderr)
            traceback.print_exc()
            continue
        moves += n
        finished += done
        unfinished += not done
        if not done:
            print(f"game {i + 1} (seed {seed}) did not finish after {n} moves", file=sys.stderr)
    elapsed = time.perf_counter() - started
    played = finished + unfinished
    per_game = moves / played if played else 0
    print(f"{finished} finished, {unfinished} unfinished, {errors} errors, {moves} moves, "
          f"{per_game:.1f} moves/game, {elapsed:.1f} s")
    return 1 if (unfinished or errors) else 0


async def through_service(key: str, players: int, seed: int, options: dict, render_images: bool):
    """Seat `players` people and play random legal moves with the same calls
    a player's commands make (parse, apply, save, and render if asked)."""
    from bot.table import Actor, Place, TableService
    from bot.table.clock import ManualClock
    from storage.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "selfplay.db")
        try:
            service = TableService(store, ManualClock(0), render_images=render_images)
            place = Place(channel_id=1, guild_id=1)
            people = [Actor(100 + i, f"P{i + 1}") for i in range(players)]
            r = await service.new_game(place, people[0], key, options, seed=seed)
            assert r.ok, r.text
            for p in people[1:]:
                assert (await service.join(place, p)).ok
            r = await service.start(place, people[0])
            assert r.ok, r.text
            game = registry.get(key)
            chooser = Rng(seed ^ 0x5EED)
            started = await store.open_game_in(1)
            assert started is not None, "the game just started is open in its channel"
            seats = await store.seats(started.id)
            n = 0
            while True:
                row = await store.open_game_in(1)
                if row is None:
                    return True, n
                state = service.context.state_of(row)
                acting = game.to_act(state)
                seat = acting[chooser.randbelow(len(acting))]
                moves = game.legal_moves(state, seat)
                move = moves[chooser.randbelow(len(moves))]
                owner = next(p for p in people if p.user_id == seats[seat].user_id)
                reply = await service.move(place, owner, move.notation)
                if not reply.ok:
                    raise AssertionError(f"legal move {move.notation!r} refused: {reply.text}")
                n += 1
                if n > 20000:
                    return False, n
        finally:
            await store.close()
