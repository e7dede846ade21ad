"""``/game export`` and ``hearth local --load``: a game as a JSON file
(seed, options, seats, every log entry) that replays to the identical
state; and ``/replay``, the animated re-simulation of the log.

An export holds the seed, which would reveal hidden cards and tiles, so
only games that are over can be exported."""

from __future__ import annotations

import asyncio
import hashlib
import json
import tempfile
import threading
from functools import lru_cache
from pathlib import Path

import render
from bot.table.context import TableContext
from bot.table.i18n import entry_events, refusal_text, say, t, tn
from bot.table.replay import Played, effective_moves, replay, replay_frames  # noqa: F401 (bench uses them)
from bot.table.values import Actor, Place, Refused, Reply
from render.animation import Animation, build_gif
from rules import registry
from rules.core import IllegalMove, echo
from storage.store import ChannelBusy, LogRow, SeatRow

FORMAT = "hearth-game"
FORMAT_VERSION = 1
DEFAULT_LIMIT = 10 * 1024 * 1024
MAX_IMPORT = 5 * 1024 * 1024


class ExportError(ValueError):
    """A file that is not a Hearth game, or does not replay: ``key`` names the reason (an ``import_*``
    text of :mod:`bot.table.texts`), ``fields`` fill it; :meth:`why` words it for a reader (``str``: English)."""

    def __init__(self, text_key: str, /, **fields) -> None:
        self.key = text_key
        self.fields = fields
        super().__init__(self.why(None))

    def why(self, locale: str | None) -> str:
        """The reason in the reader's language (a refused move's own words included)."""
        fields = {k: _inner(refusal_text(locale, v)) if isinstance(v, IllegalMove) else v
                  for k, v in self.fields.items()}
        return t(locale, self.key, **fields)


def _inner(sentence: str) -> str:
    """A sentence set inside another: no final full stop, no capital (unless a word in capitals)."""
    sentence = sentence.strip().rstrip(".")
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence


def import_reason(exc: Exception, locale: str | None) -> str:
    """Why a file does not load, for a reader: an :class:`ExportError`'s reason, or (a field of the
    wrong kind or missing) that the file is damaged."""
    if isinstance(exc, ExportError):
        return exc.why(locale)
    if isinstance(exc, KeyError) and exc.args:
        return t(locale, "import_missing", field=echo(str(exc.args[0]), 30))
    return t(locale, "import_damaged")


async def export_data(ctx: TableContext, game_id: int) -> dict:
    row = await ctx.store.game(game_id)
    seats = await ctx.store.seats(game_id)
    log = await ctx.store.log(game_id)
    return {
        "format": FORMAT, "version": FORMAT_VERSION,
        "game": row.key, "options": row.options, "seed": row.seed, "status": row.status,
        "result": row.result, "created_at": row.created_at,
        "seats": [{"seat": s.seat, "user_id": s.user_id, "name": s.name, "table_plays": s.is_bot} for s in seats],
        "log": [{"version": e.version, "kind": e.kind, "seat": e.seat, "user_id": e.user_id, "text": e.text,
                 "barrier": e.barrier, "events": _stored_events(e), "at": e.created_at,
                 **({"public_text": e.public_text} if getattr(e, "public_text", None) is not None else {})}
                for e in log],
        "state": row.state,
    }


def _stored_events(entry: LogRow) -> list:
    """An entry's events as the log keeps them: English, with the message key and parameters
    where the rules gave them (so an imported game still reads in each reader's language)."""
    messages = tuple(getattr(entry, "messages", ()) or ())
    return [messages[i] if i < len(messages) and messages[i] else text for i, text in enumerate(entry.events)]


def _english(events: list) -> list[str]:
    return [e.get("text", "") if isinstance(e, dict) else str(e) for e in events]


def _imported_events(events) -> list:
    """An imported entry's events: a message is kept only if it says exactly its English (a file
    edited by hand, or from another version, falls back to the English it carries)."""
    out: list = []
    for e in list(events or []):
        if isinstance(e, dict) and isinstance(e.get("text"), str):
            try:
                ok = isinstance(e.get("key"), str) and say("en", e) == e["text"]
            except Exception:       # a malformed message: its English still reads
                ok = False
            out.append({"text": e["text"], "key": e["key"], "params": e.get("params") or {}} if ok else e["text"])
        else:
            out.append(str(e))
    return out


def _encoded(data: dict) -> bytes:
    return json.dumps(data, indent=1, ensure_ascii=False).encode()


def _played(data: dict) -> list[Played]:
    rows = [LogRow(int(e["version"]), str(e["kind"]), e.get("seat"), e.get("user_id"), str(e["text"]),
                   bool(e.get("barrier")), _english(list(e.get("events") or [])), float(e.get("at") or 0)) for e in data["log"]]
    return effective_moves(rows)


def replay_data(data: dict):
    """The state an export replays to (raises ExportError if it does not)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExportError("import_not_hearth")
    if str(data.get("game")) not in registry.keys():
        raise ExportError("import_unknown_game", key=echo(str(data.get("game")), 30))
    try:
        game = registry.get(data["game"])
        seats, seed, options, moves = len(data["seats"]), int(data["seed"]), dict(data["options"]), _played(data)
    except KeyError as exc:
        raise ExportError("import_missing", field=echo(str(exc.args[0] if exc.args else ""), 30)) from exc
    except (TypeError, ValueError) as exc:
        raise ExportError("import_damaged") from exc
    try:
        state = game.setup(seats, seed, options)
    except Exception as exc:         # options or a seat count the game does not take
        raise ExportError("import_damaged") from exc
    for played in moves:
        if played.kind != "move":
            continue
        try:
            state, _ = game.apply(state, game.parse(state, played.seat, played.text))
        except IllegalMove as exc:
            raise ExportError("import_illegal", version=played.version, move=echo(played.text, 40), why=exc) from exc
        except Exception as exc:     # a seat or a text the game cannot even read
            raise ExportError("import_no_replay", version=played.version, move=echo(played.text, 40)) from exc
    return game, state


def _entry_states(game, seats: int, seed: int, options: dict, entries: list[dict], final) -> list[tuple[str, dict]]:
    """Each log entry's resulting state (JSON) and summary columns, re-simulated
    once (in a worker thread); ExportError if the end differs from ``final``."""
    state = game.setup(seats, seed, options)
    history = [state]
    out = []
    for entry in entries:
        kind = entry["kind"]
        if kind == "move":
            state, _ = game.apply(state, game.parse(state, entry["seat"], entry["text"]))
            history.append(state)
        elif kind == "undo":
            del history[len(history) - int(entry["text"]):]
            state = history[-1]
        out.append((game.dump(state), TableContext.summary_fields(game, state)))
    if game.dump(state) != game.dump(final):
        raise ExportError("import_differs")
    return out


async def load_game(ctx: TableContext, channel_id: int, data: dict, guild_id: int | None = None) -> int:
    """Store an exported game under ``channel_id`` by playing its log again
    through the store (so the copy has the same log, state and result).
    The re-simulation runs in worker threads, never on the event loop.
    Returns the new game's id."""
    game, final = await asyncio.to_thread(replay_data, data)
    seats = [SeatRow(int(s["seat"]), int(s["user_id"]), str(s["name"]), False) for s in data["seats"]]
    store = ctx.store
    first = data["log"][0]["at"] if data["log"] else data.get("created_at") or ctx.clock.now()
    options = dict(data["options"])
    entries = data["log"]
    states = await asyncio.to_thread(_entry_states, game, len(seats), int(data["seed"]), options, entries, final)
    row = await store.create_game(guild_id=guild_id, channel_id=channel_id, key=game.key, options=options,
                                  seed=int(data["seed"]), creator_id=seats[0].user_id, creator_name=seats[0].name,
                                  now=float(first))
    setup = await asyncio.to_thread(game.setup, len(seats), row.seed, row.options)
    version = await store.start(row.id, row.version, seats, game.dump(setup), float(first),
                                **ctx.summary_fields(game, setup))
    for i, (entry, (state, summary)) in enumerate(zip(entries, states, strict=True)):
        kind = entry["kind"]
        last = i == len(entries) - 1
        status = str(data.get("status") or "active") if last else "active"
        extra = {"public_text": str(entry["public_text"])} if entry.get("public_text") is not None else {}
        version = await store.record(row.id, version, state=state, kind=kind, seat=entry.get("seat"),
                                     user_id=entry.get("user_id"), text=str(entry["text"]),
                                     barrier=bool(entry.get("barrier")), events=_imported_events(entry.get("events")),
                                     now=float(entry.get("at") or first), status=status,
                                     result=data.get("result") if last else None, **extra, **summary)
    if not entries and data.get("status") in ("finished", "abandoned"):
        version = await store.set_status(row.id, version, data["status"], float(first))
    for s in data["seats"]:
        if s.get("table_plays"):
            await store.set_bot(row.id, int(s["seat"]), True)
    await store.mark_announced(row.id, version)
    return row.id


class Archive:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.replays = Replays()

    async def export(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        row = await self.ctx.store.latest_game_in(place.channel_id)
        if row is None or row.state is None:
            raise Refused(t(loc, "no_game"))
        if row.status == "active":
            raise Refused(t(loc, "export_active"))
        data = await export_data(self.ctx, row.id)
        name = f"hearth-{row.key}-{row.id}.json"
        reply = Reply(t(loc, "export_done", game=self.ctx.game_of(row).display_name(loc), file=name), ephemeral=True)
        reply.image = await asyncio.to_thread(_encoded, data)     # a long log is megabytes of JSON
        reply.image_name = name
        return reply

    async def import_game(self, place: Place, actor: Actor, blob) -> Reply:
        """A finished game from an export file, replayed into this channel to
        be looked at. It belongs to no server, so it never counts in /stats."""
        loc = actor.locale
        if not isinstance(blob, (bytes, bytearray)) or not blob:
            raise Refused(t(loc, "import_bad", why=t(loc, "import_no_file")))
        if len(blob) > MAX_IMPORT:
            raise Refused(t(loc, "import_bad", why=t(loc, "import_too_big", mb=MAX_IMPORT // 1024 // 1024)))
        try:
            data = json.loads(bytes(blob).decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise Refused(t(loc, "import_bad", why=t(loc, "import_not_json"))) from None
        if not isinstance(data, dict) or data.get("status") not in ("finished", "abandoned") \
                or not isinstance(data.get("log"), list) or not isinstance(data.get("seats"), list):
            raise Refused(t(loc, "import_bad", why=t(loc, "import_not_game")))
        if await self.ctx.store.open_game_in(place.channel_id) is not None:
            raise Refused(t(loc, "import_busy"))
        try:
            game_id = await load_game(self.ctx, place.channel_id, data, guild_id=None)
        except (ExportError, KeyError, TypeError, ValueError) as exc:
            raise Refused(t(loc, "import_bad", why=import_reason(exc, loc))) from None
        except ChannelBusy:
            raise Refused(t(loc, "import_busy")) from None
        row = await self.ctx.store.game(game_id)
        loc = await self.ctx.public_locale(row, loc)   # a public post
        return Reply(tn(loc, "import_done", len(data["log"]), name=actor.name, game=self.ctx.game_of(row).display_name(loc)),
                     game_id=row.id)

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
        names = ctx.names(seats, loc)
        log = await ctx.store.log(row.id)
        moves = [p for p in effective_moves(log) if p.kind == "move"]
        # the last frame is the live board, exactly as /board shows it
        last = [e for x in log if x.version == row.version for e in entry_events(loc, x)]
        live = await ctx.board_image(row, seats, ctx.state_of(row), last, loc)
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
