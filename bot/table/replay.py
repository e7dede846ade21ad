"""``/replay``: the whole game as an animated GIF, its frames made as they are asked for from the
log re-simulated by :mod:`bot.table.movelog`, drawn and encoded off the event loop, one build at a
time with a bounded queue, and kept in a file per game version (asking again costs nothing)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import tempfile
import threading
from functools import lru_cache
from pathlib import Path

import render
from bot.table import people
from bot.table.context import TableContext
from bot.table.i18n import entry_events, event_text, sayer, t, tn
from bot.table.movelog import Played, effective_moves, replayed
from bot.table.values import Actor, Place, Refused, Reply
from render.animation import Animation, Caption, Frame, FrameSource, build_gif
from render.kit import Table
from rules.core import Game
from storage.store import LogKind

DEFAULT_LIMIT = 10 * 1024 * 1024


def replay_frames(game: Game, seats: int, seed: int, options: dict, moves: list[Played], names: list[str],
                  loc) -> FrameSource:
    """The frames of ``/replay``, made as they are asked for: frame 0 is the
    set-up, frame i the public view after the i-th move. Each carries a
    caption: who played, 'i/n' (a range when moves in between are not
    shown), and the public events of those moves in the reader's language
    (the same the log keeps: re-simulating gives the same events). Nothing of
    the game is held between frames but the current state and the events
    since the frame before."""
    title = game.display_name(loc)
    total = len(moves)

    def frames(wanted: list[int]):
        todo = iter(wanted)
        want = next(todo, None)
        state = game.setup(seats, seed, options)
        steps = replayed(game, state, moves)
        told: list[str] = []     # the public events since the frame before (only the last few are kept)
        since = 1                # the first move since the frame before
        for i in range(total + 1):
            if want is None:
                return
            if i:
                state, events = next(steps)
                if i + 8 > want:   # a band shows a few lines: no need to translate the events of skipped moves
                    told += [event_text(loc, e) for e in events if e.private_to is None]
                    del told[:-8]
            if i == want:
                step = f"{i}/{total}" if since >= i else f"{since}–{i}/{total}"
                caption = Caption(f"{title} · {step}", moves[i - 1].seat if i else None, told)
                yield Frame(game.view(state, None),
                            Table(names=names, to_act=game.to_act(state), title=f"{title} · {i}/{total}", locale=loc,
                                  say=sayer(loc)),
                            caption)
                want = next(todo, None)
                told, since = [], i + 1

    return frames


class Replay:
    """The ``/replay`` command."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.replays = Replays()

    async def replay(self, place: Place, actor: Actor, limit: int | None = None) -> Reply:
        """The game as an animation: re-simulated, drawn and encoded in a
        worker thread (the loop goes on answering), one build at a time,
        kept in a file per game version (asking again costs nothing)."""
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.store.latest_game_in(place.channel_id)
        if row is None or row.state is None:
            raise Refused(t(loc, "replay_none" if row else "no_game"))
        game = ctx.game_of(row)
        seats = await ctx.store.seats(row.id)
        loc = await ctx.public_locale(row, loc)   # a public post
        names = people.names(seats, loc)
        log = await ctx.store.log(row.id)
        moves = [p for p in effective_moves(log) if p.kind == LogKind.MOVE]
        # the last frame is the live board, exactly as /board shows it
        last = [e for x in log if x.version == row.version for e in entry_events(loc, x)]
        live = await ctx.boards.png(row, seats, ctx.state_of(row), last, loc)
        budget = int(min(limit or DEFAULT_LIMIT, REPLAY_MAX) * 0.95)
        name = replay_key(row.id, row.version, [row.key, row.seed, row.options, names, loc, budget,
                                                [(p.seat, p.text) for p in moves],
                                                hashlib.sha256(live or b"").hexdigest()])
        source = replay_frames(game, len(seats), row.seed, row.options, moves, names, loc)
        try:
            anim = await self.replays.get(name, lambda: build_gif(row.key, source, len(moves) + 1, budget, live))
        except ReplaysBusy:
            raise Refused(t(actor.locale, "replay_busy")) from None
        reply = Reply(tn(loc, "replay_done", anim.frames, game=game.display_name(loc), note=replay_note(loc, anim, len(moves))),
                      game_id=row.id)
        reply.image = anim.data
        reply.image_name = f"replay-{row.key}-{row.id}.gif"
        return reply



def replay_note(loc, anim: Animation, moves: int) -> str:
    """What the replay post adds after its frame count: how many moves those frames show when the
    game was sampled, and what was given up to fit the upload limit (said once)."""
    fit = ("replay_dropped_scaled" if anim.dropped and anim.scaled else "replay_dropped" if anim.dropped
           else "replay_scaled" if anim.scaled else None)
    return (tn(loc, "replay_sampled", moves) if anim.sampled else "") + (t(loc, fit) if fit else "")


REPLAY_MAX = 2 * 1024 * 1024      # a replay file at most (issue 16), whatever the upload limit allows
REPLAY_FILES = 64                 # replays kept in the cache folder (the oldest go first)
REPLAY_DIR = Path(tempfile.gettempdir()) / "hearth-replays"
REPLAY_QUEUE = 3                  # replays being built or waiting to be, at most; more are told to try again


class ReplaysBusy(Exception):
    """As many different replays as the queue holds are being built or wait for it."""


def replay_key(game_id: int, version: int, inputs: list) -> str:
    """The cache name of a replay: the game and its version, and a digest of
    everything drawn (names, language, limit, log, live board) and of the
    renderer's code, so that a stale file is never shown."""
    digest = hashlib.sha256(json.dumps([inputs, renderer_digest()], default=str).encode()).hexdigest()[:20]
    return f"replay-{game_id}-{version}-{digest}"


@lru_cache(maxsize=1)
def renderer_digest() -> str:
    folder = Path(render.__file__).parent
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        h.update(path.read_bytes())
    return h.hexdigest()


async def in_daemon_thread(work):
    """``work()`` in a daemon thread of its own, awaited. A replay takes up to a minute to draw:
    in the loop's executor, whose threads are waited for when the process ends, Ctrl-C at the
    local table waited for the drawing to finish; a daemon thread is left behind."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()

    def run() -> None:
        try:
            outcome, failed = work(), False
        except BaseException as exc:   # handed to the awaiting task, raised there
            outcome, failed = exc, True

        def settle() -> None:
            if not future.done():
                (future.set_exception if failed else future.set_result)(outcome)

        try:
            loop.call_soon_threadsafe(settle)
        except RuntimeError:
            pass   # the loop is closed (the process is ending): nobody waits for this replay

    threading.Thread(target=run, name="hearth-replay", daemon=True).start()
    return await future


class Replays:
    """Built replays in files, one per game version: a build runs in a
    worker thread, one at a time (their memory never adds up), and two
    people asking for the same replay at once wait for the same build. At most
    ``queue`` different builds run or wait: one more raises :class:`ReplaysBusy`
    at once, rather than an answer minutes later."""

    def __init__(self, folder: Path = REPLAY_DIR, keep: int = REPLAY_FILES, queue: int = REPLAY_QUEUE) -> None:
        self.folder = folder
        self.keep = keep
        self.queue = queue
        self.gate = asyncio.Semaphore(1)
        self.building: dict[str, asyncio.Future] = {}

    async def get(self, name: str, build) -> Animation:
        cached = await asyncio.to_thread(self.read, name)
        if cached is not None:
            return cached
        if name in self.building:
            return await asyncio.shield(self.building[name])
        if len(self.building) >= self.queue:
            raise ReplaysBusy
        future = asyncio.get_running_loop().create_future()
        self.building[name] = future
        try:
            async with self.gate:
                anim = await in_daemon_thread(build)
            await asyncio.to_thread(self.write, name, anim)
            future.set_result(anim)
            return anim
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()   # retrieved: nobody else waiting is not an error
            raise
        finally:
            del self.building[name]

    def read(self, name: str) -> Animation | None:
        try:
            meta = json.loads((self.folder / f"{name}.json").read_text())
            data = (self.folder / f"{name}.gif").read_bytes()
        except (OSError, ValueError):
            return None
        return Animation(data, int(meta["frames"]), bool(meta["dropped"]), bool(meta["scaled"]), bool(meta["sampled"]))

    def write(self, name: str, anim: Animation) -> None:
        """Keep a built replay (a cache: failing to write it costs only a rebuild)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = self.folder / f"{name}.gif.tmp"
            tmp.write_bytes(anim.data)
            tmp.replace(self.folder / f"{name}.gif")
            (self.folder / f"{name}.json").write_text(json.dumps(
                {"frames": anim.frames, "dropped": anim.dropped, "scaled": anim.scaled, "sampled": anim.sampled}))
            files = sorted(self.folder.glob("replay-*.gif"), key=lambda p: p.stat().st_mtime)
            for old in files[:-self.keep]:
                old.unlink(missing_ok=True)
                old.with_suffix(".json").unlink(missing_ok=True)
        except OSError:
            pass
