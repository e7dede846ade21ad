"""``/game export``, ``/game import`` and ``hearth local --load``: a game as a JSON file
(seed, options, seats, every log entry) that replays to the identical state (the animated
``/replay`` is :mod:`bot.table.replay`).

An export holds the seed, which would reveal hidden cards and tiles, so
only games that are over can be exported."""

from __future__ import annotations

import asyncio
import json

from bot.table.context import TableContext
from bot.table.i18n import refusal_text, say, t, tn
from bot.table.movelog import Played, effective_moves, replayed, states_by_entry
from bot.table.values import Actor, Place, Refused, Reply
from rules import registry
from rules.core import IllegalMove, echo
from storage.store import ChannelBusy, GameStatus, LogKind, LogRow, SeatRow

FORMAT = "hearth-game"
FORMAT_VERSION = 1
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
    row = await ctx.game_row(game_id)
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
    rows = [LogRow(int(e["version"]), LogKind(e["kind"]), e.get("seat"), e.get("user_id"), str(e["text"]),
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
    steps = replayed(game, state, moves)
    for played in (p for p in moves if p.kind == LogKind.MOVE):
        try:
            state, _ = next(steps)
        except IllegalMove as exc:
            raise ExportError("import_illegal", version=played.version, move=echo(played.text, 40), why=exc) from exc
        except Exception as exc:     # a seat or a text the game cannot even read
            raise ExportError("import_no_replay", version=played.version, move=echo(played.text, 40)) from exc
    return game, state


def _entry_states(game, seats: int, seed: int, options: dict, entries: list[dict], final) -> list[tuple[str, dict]]:
    """Each log entry's resulting state (JSON) and summary columns, re-simulated
    once (in a worker thread); ExportError if the end differs from ``final``."""
    out = []
    state = game.setup(seats, seed, options)
    for state in states_by_entry(game, seats, seed, options, entries):
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
        kind = LogKind(entry["kind"])
        last = i == len(entries) - 1
        status = GameStatus(data.get("status") or "active") if last else GameStatus.ACTIVE
        public_text = str(entry["public_text"]) if entry.get("public_text") is not None else None
        version = await store.record(row.id, version, state=state, kind=kind, seat=entry.get("seat"),
                                     user_id=entry.get("user_id"), text=str(entry["text"]),
                                     barrier=bool(entry.get("barrier")), events=_imported_events(entry.get("events")),
                                     now=float(entry.get("at") or first), status=status,
                                     result=data.get("result") if last else None, public_text=public_text,
                                     **summary)
    if not entries and data.get("status") in ("finished", "abandoned"):
        version = await store.set_status(row.id, version, GameStatus(data["status"]), float(first))
    for s in data["seats"]:
        if s.get("table_plays"):
            await store.set_bot(row.id, int(s["seat"]), True)
    await store.mark_announced(row.id, version)
    return row.id


class Archive:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

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
        row = await self.ctx.game_row(game_id)
        loc = await self.ctx.public_locale(row, loc)   # a public post
        return Reply(tn(loc, "import_done", len(data["log"]), name=actor.name, game=self.ctx.game_of(row).display_name(loc)),
                     game_id=row.id)
