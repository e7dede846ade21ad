"""The local table: the bot in a terminal, on the same table service and
with the same command words as Discord.

A line is ``[#channel] @name /command args`` — options positional in their
declared order, or ``name:value`` as Discord shows them::

    @ann /game new clans
    @bob /game join
    @ann /game start
    @ann /move 17>18
    !wait 30h            (advance the table's clock)

Replies are printed (mentions as ``@name``); board images are written into
the images folder. A refused move is a normal reply, not an error.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.commands import COMMANDS, Kind, run, yes
from bot.commands.declare import key as text_key
from bot.commands.declare import word as declared_word
from bot.table import Actor, Place, Reply, TableService, marks
from bot.table.archive import MAX_IMPORT, ExportError, import_reason, load_game
from bot.table.clock import ManualClock, parse_duration
from bot.table.i18n import duration, languages, t, tn
from bot.table.names import is_plain_name, terminal_text

LOCAL_GUILD = 0                       # the local table is one "server"; `--lang` / `!lang` set its language

MOVES_SHOWN = 40                      # legal moves `!moves` prints before saying how many more there are
MAX_WAIT = 3650 * 86400.0             # `!wait` moves the clock at most ten years at a time
LAST_TIME = 253402300799.0            # 9999-12-31 23:59:59 UTC: dates past it cannot be written
CLOCK_KEY = "local:clock"             # the store's meta key keeping the local clock across restarts


def command_help(locale: str | None = None) -> str:
    """Every command with its options (``<required>``, ``[optional]``, in
    their positional order) and the local extras."""
    lines = [t(locale, "local_help_head")]
    for name, cmd in COMMANDS.items():
        opts = " ".join(f"<{p.name}>" if p.required else f"[{p.name}]" for p in cmd.options)
        who = declared_word(locale, text_key("who", cmd.who.name.lower()), cmd.who.value)
        lines.append(f"  /{name}{' ' + opts if opts else ''} — {declared_word(locale, text_key('cmd', name), cmd.description)}"
                     f" ({who})")
    lines.append(t(locale, "local_help_extras"))
    return "\n".join(lines)


def banner(locale: str | None = None) -> str:
    """What `hearth local` prints when it starts."""
    return t(locale, "local_banner")


def start_line(locale: str | None, db, images) -> str:
    """The first line `hearth local` prints at a terminal: where the game and the images are kept."""
    return t(locale, "local_start", db=db, images=f"{images}/")


async def restore_clock(store) -> ManualClock:
    """The local clock after a restart: never earlier than where the last
    session's `!wait` left it (kept in the store), nor than the real time."""
    saved = await store.meta_get(CLOCK_KEY)
    try:
        last = float(saved) if saved else 0.0
    except ValueError:
        last = 0.0
    return ManualClock(max(time.time(), min(last, LAST_TIME)))


def user_id_of(name: str) -> int:
    """A stable id per local name, so a restart finds the same players."""
    return 1000 + zlib.crc32(name.strip().lower().encode("utf-8", "surrogatepass"))


@dataclass
class LocalTable:
    service: TableService
    clock: ManualClock
    images: Path | None = None
    out: TextIO = field(default_factory=lambda: sys.stdout)   # read when made (a test may capture it)
    admins: set[str] = field(default_factory=set)
    seed: int | None = None
    lang: str | None = None               # the player's language (None: HEARTH_LOCALE); see :meth:`set_language`
    channel: str = "table"
    user: str | None = None
    names: dict[int, str] = field(default_factory=dict)   # user id -> local name
    _image_count: int = 0
    _threads: int = 0
    _channel_names: dict = field(default_factory=dict)
    _pinned: dict = field(default_factory=dict)
    _games_opened: int = 0
    background: bool = False              # at a terminal: /replay is drawn while the prompt stays free
    _pending: set = field(default_factory=set)
    _pickers: dict = field(default_factory=dict)    # (channel, user) -> the open picker step (bot.table.Picker)

    def __post_init__(self) -> None:
        # a player's move posts at once, with its own board (their tile framed), and the AI seats
        # answer in a post of their own (answer_later), as on Discord: Turns.ai_after_post
        self.service.turns.ai_after_post = True

    def say(self, text: str) -> None:
        print(terminal_text(text), file=self.out, flush=True)   # typed text is quoted back in errors

    def place(self) -> Place:
        channel_id = zlib.crc32(self.channel.encode())
        self._channel_names[channel_id] = self.channel
        return Place(channel_id=channel_id, guild_id=LOCAL_GUILD)

    async def set_language(self, lang: str) -> bool:
        """``--lang fr`` / ``!lang fr``: the player reads French and the table's "server" speaks it
        (public posts, unless a table chose another with ``/game settings lang``). False if the bot
        has no such language."""
        chosen = lang.strip().lower().replace("-", "_")
        if chosen not in languages():
            return False
        self.lang = chosen
        await self.service.note_guild_locale(LOCAL_GUILD, chosen)
        return True

    def actor(self) -> Actor:
        """Who speaks: the last ``@name``. Nobody is seated under a made-up
        name; :meth:`handle` asks for one first."""
        if not self.user:
            raise ValueError(t(self.lang, "local_who"))
        name = self.user
        if not is_plain_name(name):
            self.user = None
            raise ValueError(t(self.lang, "local_bad_name"))
        uid = user_id_of(name)
        self.names[uid] = name
        return Actor(uid, name, manage=name.lower() in self.admins, locale=self.lang)

    def speaker(self, line: str) -> str:
        """Take the leading ``@name`` and ``#channel`` words off a line
        (switching speaker and channel); the rest of the line."""
        line = line.strip()
        while line[:1] in ("@", "#") and not line.startswith("//"):
            word, _, line = line.partition(" ")
            if word.startswith("#"):
                self.channel = word[1:] or "table"
            else:
                self.user = word[1:] or self.user
            line = line.strip()
        return line

    # ---- parsing

    def parse(self, line: str) -> tuple[str, dict] | None:
        """Split a line into (command, args); None for a blank or comment line.
        Raises ValueError with a friendly message for a malformed line."""
        try:
            words = shlex.split(line, comments=False, posix=True)
        except ValueError:
            words = line.split()
        while words and words[0][:1] in "#@":
            word = words.pop(0)
            if word.startswith("#"):
                self.channel = word[1:] or "table"
            else:
                self.user = word[1:] or self.user
        if not words:
            return None
        head = words.pop(0)
        loc = self.lang
        if not head.startswith("/"):
            raise ValueError(t(loc, "local_slash"))
        name = head[1:].lower()
        if name == "game":
            if not words:
                raise ValueError(t(loc, "local_which_game",
                                   names=", ".join(c.split()[1] for c in COMMANDS if c.startswith("game "))))
            name = f"game {words.pop(0).lower()}"
        if name not in COMMANDS:
            raise ValueError(t(loc, "local_unknown", name=name[:40]))
        params = COMMANDS[name].options
        known = {p.name for p in params}
        args: dict[str, str] = {}
        positional: list[str] = []
        for word in words:
            key, sep, value = word.partition(":")
            if sep and key.lower() in known:
                args[key.lower()] = value
            else:
                positional.append(word)
        free = [p.name for p in params if p.name not in args]
        if positional and not free:
            raise ValueError(t(loc, "local_extra", name=name, extra=positional[0][:30]))
        for i, pname in enumerate(free[:len(positional)]):
            # the last free option takes the rest of the line (moves may contain spaces)
            args[pname] = " ".join(positional[i:]) if i == len(free) - 1 else positional[i]
        for p in params:
            if p.required and not args.get(p.name):
                what = declared_word(loc, text_key("cmd", name, p.name), p.description)
                raise ValueError(t(loc, "local_needs", name=name, option=p.name, what=what))
        return name, args

    # ---- running

    async def handle(self, line: str) -> bool:
        """Run one line; False when the user asked to quit."""
        line = line.strip()
        if not line or line.startswith("//"):
            return True
        line = self.speaker(line)   # `@cid !moves` speaks as cid, like `@cid /move …`
        if line.isdigit() and (self.channel, self.user) in self._pickers:
            return await self._pick(int(line))
        if line.startswith("!"):
            return await self._special(line[1:].strip())
        try:
            parsed = self.parse(line)
            if parsed is None:
                return True
            actor = self.actor()
            name, args = parsed
            args = self._async_args(name, args)
        except ValueError as exc:
            self.say(f"  ! {exc}")
            return True
        if name == "replay" and self.background:
            self._replay_later(actor, args)
            return True
        if name == "game new":
            self._open_thread(args)
        if name == "game new" and self.seed is not None:
            self._games_opened += 1
            args["seed"] = self.seed + self._games_opened
        reply = await run(self.service, self.place(), actor, name, args)
        reply.status = await self.service.status_for(reply)
        await self.learn_names(reply)
        self.show(reply, actor)
        await self.mark_shown(reply)
        await self.answer_later(reply)
        return True

    async def answer_later(self, reply: Reply) -> None:
        """The AI seats' turns that answer a player's move, in their own post after it."""
        if reply.then is None:
            return
        for notice in await reply.then():
            await self.learn_names(notice)
            self.show(notice, None, channel=self._channel_names.get(notice.channel_id))
            await self.mark_shown(notice)

    def _replay_later(self, actor: Actor, args: dict) -> None:
        """/replay takes seconds to draw (in a worker thread): say so, answer the next lines
        meanwhile, and print it in its channel when it is ready."""
        channel, place = self.channel, self.place()
        self.say("  " + t(self.lang, "local_replay_later"))

        async def finish() -> None:
            reply = await run(self.service, place, actor, "replay", args)
            await self.learn_names(reply)
            self.show(reply, actor, channel=channel)

        task = asyncio.create_task(finish())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def finish_pending(self) -> None:
        """Wait for replays still being drawn (a script's end, a test)."""
        while self._pending:
            await asyncio.gather(*self._pending)

    async def learn_names(self, reply: Reply) -> None:
        """Seat names for the ids a reply mentions (after a restart the table
        has not heard everyone speak yet)."""
        if reply.game_id is not None and any(uid not in self.names for uid in reply.mentions):
            for seat in await self.service.store.seats(reply.game_id):
                self.names.setdefault(seat.user_id, seat.name)

    async def mark_shown(self, reply: Reply) -> None:
        """A public post printed here counts as announced (as Discord marks a
        post once it went out)."""
        for part in (reply, *reply.followups):
            if part.announces and not part.ephemeral and part.game_id is not None and part.version is not None:
                await self.service.announced(part.game_id, part.version)

    async def _special(self, cmd: str) -> bool:
        word, _, rest = cmd.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            return False
        loc = self.lang
        if word == "help":
            self.say(command_help(loc))
        elif word == "lang":
            if not await self.set_language(rest):
                self.say("  ! " + t(loc, "local_lang_bad", choices=", ".join(languages())))
                return True
            self.say("  " + t(self.lang, "local_lang", lang=self.lang))
        elif word == "wait":
            try:
                seconds = parse_duration(rest or "1h")
            except ValueError:
                self.say("  ! " + t(loc, "local_wait_bad", typed=rest[:30]))
                return True
            if seconds > MAX_WAIT or self.clock.now() + seconds > LAST_TIME:
                self.say("  ! " + tn(loc, "local_wait_max", round(MAX_WAIT / 86400)))
                return True
            self.clock.advance(seconds)
            await self.service.store.meta_set(CLOCK_KEY, repr(self.clock.now()))   # a restart resumes here
            self.say("  " + t(loc, "local_waited", what=duration(seconds, loc)))
            for place, reply in await self.due():
                await self.learn_names(reply)
                self.show(reply, None, channel=place)
                await self.mark_shown(reply)
        elif word == "moves":
            try:
                actor = self.actor()
            except ValueError as exc:
                self.say(f"  ! {exc}")
                return True
            moves = await self.service.legal(self.place(), actor, rest, limit=10**9)
            shown = "\n  ".join(m.display() for m in moves[:MOVES_SHOWN])
            if len(moves) > MOVES_SHOWN:
                shown += "\n  " + tn(loc, "local_more_moves", len(moves) - MOVES_SHOWN, total=len(moves))
            self.say("  " + (shown if moves else t(loc, "local_no_moves")))
        elif word == "play":
            try:
                actor = self.actor()
            except ValueError as exc:
                self.say(f"  ! {exc}")
                return True
            # `!play 3.1`: straight to that step (the button under /hint's answer)
            path = tuple(int(p) for p in rest.split(".") if p.strip().isdigit())
            reply = await self.service.pick(self.place(), actor)
            if path and reply.picker is not None:
                reply = await self.service.pick(self.place(), actor, reply.picker.version, path)
            await self._show_pick(reply, actor)
        elif word == "admin":
            self.admins.add(rest.strip().lower())
            self.say("  " + t(loc, "local_admin", name=rest.strip()))
        else:
            self.say("  ! " + t(loc, "local_unknown_bang", word=word[:30]))
        return True

    async def _pick(self, number: int) -> bool:
        """A number typed while the picker is open: that option (``0``: back); on a preview,
        ``1`` confirms."""
        actor = self.actor()
        picker = self._pickers[(self.channel, self.user)]
        if picker.confirm and number == 1:
            del self._pickers[(self.channel, self.user)]
            reply = await self.service.confirm_pick(self.place(), actor, picker.version, picker.path)
            if reply.picker is not None:   # the game moved on: a fresh picker
                await self._show_pick(reply, actor)
                return True
            reply.status = await self.service.status_for(reply)
            await self.learn_names(reply)
            self.show(reply, actor)
            await self.mark_shown(reply)
            await self.answer_later(reply)
            return True
        if number == 0:
            path = picker.path[:-1]
        elif not picker.confirm and 1 <= number <= len(picker.options):
            path = (*picker.path, number - 1)
        else:
            top = 1 if picker.confirm else len(picker.options)
            self.say("  ! " + t(self.lang, "local_pick_range", top=top))
            return True
        await self._show_pick(await self.service.pick(self.place(), actor, picker.version, path), actor)
        return True

    async def _show_pick(self, reply: Reply, actor: Actor) -> None:
        """A picker step: its text (and preview image), then the options numbered."""
        self.show(reply, actor)
        picker = reply.picker
        if picker is None:
            self._pickers.pop((self.channel, self.user), None)
            return
        self._pickers[(self.channel, self.user)] = picker
        loc = self.lang
        if picker.confirm:
            self.say("    1. " + t(loc, "picker_confirm"))
        else:
            for index, label in enumerate(picker.options, 1):
                self.say(f"    {index}. {label}")
        if picker.path:
            self.say("    0. " + t(loc, "picker_back"))
        self.say("    " + t(loc, "local_pick_how"))

    async def due(self) -> list[tuple[str | None, Reply]]:
        """What falls due when the clock moves (reminders, deadlines): the
        scheduler hooks in here."""
        hook: Callable | None = getattr(self.service, "due_notices", None)
        if hook is None:
            return []
        return [(self._channel_names.get(reply.channel_id), reply) for reply in await hook()]

    # ---- async play: members by name, threads, DMs, the pinned status

    def _async_args(self, name: str, args: dict) -> dict:
        """Member options are typed as names (``bob`` or ``@bob``)."""
        args = dict(args)
        for param in COMMANDS[name].options:
            value = args.get(param.name)
            if param.kind is Kind.FILE and isinstance(value, str):
                try:
                    with Path(value.strip()).open("rb") as file:
                        args["file"] = file.read(MAX_IMPORT + 1)   # one byte more says "too big"; never the whole file
                except OSError:
                    args["file"] = b""
            if param.kind is Kind.MEMBER and isinstance(value, str) and value.strip():
                who = value.strip().lstrip("@")
                if not is_plain_name(who):
                    raise ValueError(t(self.lang, "local_bad_name"))
                self.names[user_id_of(who)] = who
                args[param.name] = (user_id_of(who), who, False)
        return args

    def _open_thread(self, args: dict) -> None:
        """``/game new clans thread:yes`` opens the game in a new 'thread':
        a channel of its own, which the table switches to."""
        if not yes(args.pop("thread", "")):
            return
        self._threads += 1
        parent = self.channel
        self.channel = f"{parent}-{args.get('game') or 'game'}-{self._threads}"
        self.say(f"[#{parent}] " + t(self.lang, "local_thread", channel=self.channel))

    def show(self, reply: Reply, actor: Actor | None, channel: str | None = None) -> None:
        loc = self.lang
        where = f"#{channel or self.channel}"
        if reply.ephemeral:
            prefix = "[" + t(loc, "local_only", where=where, who=actor.name if actor else "?") + "]"
        else:
            prefix = f"[{where}]"
        mentions = " ".join("@" + self.names.get(uid, str(uid)) for uid in reply.mentions)
        body = reply.text if not mentions else f"{mentions} {reply.text}"
        body = _plain(body, self._channel_names, loc)
        if reply.image is not None and self.images is not None and not reply.image_name.endswith((".png", ".gif")):
            # an export names its file: here it is written into the images folder, so say where
            name = Path(reply.image_name).name
            body = body.replace(f"--load {name}", f"--load {shlex.quote(str(self.images / name))}")
        lines = body.splitlines() or [""]
        self.say(f"{prefix} {lines[0]}")
        for line in lines[1:]:
            self.say(f"    {line}")
        if reply.image is not None and self.images is not None:
            self.images.mkdir(parents=True, exist_ok=True)
            ext = reply.image_name.rsplit(".", 1)[-1] if "." in reply.image_name else "png"
            if ext in ("png", "gif"):
                path = self.images / f"{self.next_image_number():04d}-{(channel or self.channel)}-v{reply.version or 0}.{ext}"
                path.write_bytes(reply.image)
                self.say("    [" + t(loc, "local_image", path=path) + "]")
            else:   # a file (an export) keeps the name the reply gives it
                path = self.images / Path(reply.image_name).name
                path.write_bytes(reply.image)
                self.say("    [" + t(loc, "local_file", path=path) + "]")
        if reply.choices:
            labels = " | ".join(f"{c.label} → !play" if c.command == "play"
                                else f"{c.label} → !play {c.arg}" if c.command == "pick"
                                else f"{c.label} → /{c.command} {c.arg}" if c.command == "move"
                                else f"{c.label} → /{c.command}" if c.command == "accept"
                                else f"{c.label} → /{c.arg}" if c.command == "run"
                                else f"{c.label} → /{c.command} confirm:yes" for c in reply.choices)
            self.say("    [" + t(loc, "local_buttons", buttons=labels) + "]")
        for follow in reply.followups:
            self.show(follow, actor, channel)
        for uid, text in reply.direct:
            who = self.names.get(uid, str(uid))
            self.say("[" + t(loc, "local_dm", who=who) + "] " + _plain(text, self._channel_names, loc))
        if reply.status and reply.game_id is not None and self._pinned.get(reply.game_id) != reply.status:
            key = "local_status_updated" if reply.game_id in self._pinned else "local_status_pinned"
            self._pinned[reply.game_id] = reply.status
            self.say("[" + t(loc, key, where=where) + "] " + _plain(reply.status, self._channel_names, loc))

    def next_image_number(self) -> int:
        """Images are numbered on from the highest number already in the
        folder, so a new session never reuses a number."""
        if not self._image_count and self.images is not None and self.images.is_dir():
            numbers = [int(m[1]) for p in self.images.iterdir() if (m := re.match(r"(\d+)-", p.name))]
            self._image_count = max(numbers, default=0)
        self._image_count += 1
        return self._image_count

    async def announce_pending(self) -> None:
        """After a restart: post what was saved but never announced."""
        for _row, reply in await self.service.pending_announcements():
            self.say("  " + t(self.lang, "local_announcing"))
            await self.learn_names(reply)
            self.show(reply, None)
            await self.mark_shown(reply)


def _plain(text: str, channels: dict, locale: str | None = None) -> str:
    """The table's marks made readable in a terminal: a channel by its name, a moment as a date."""
    return marks.render(text, lambda cid: "#" + channels.get(cid, str(cid)), lambda s: _stamp(s, locale))


def _stamp(seconds: int, locale: str | None = None) -> str:
    """A date in UTC, or a plain count of seconds where the calendar ends."""
    try:
        return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))
    except (OverflowError, OSError, ValueError):
        return t(locale, "local_past_calendar", seconds=seconds)


async def load_file(table: LocalTable, path: str) -> bool:
    """``hearth local --load FILE``: replay an exported game into a channel
    of its own (``#loaded-N``), switch to it and show its board."""
    import json

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        table.say("  ! " + t(table.lang, "local_load_missing", path=path))
        return False
    except OSError:
        table.say("  ! " + t(table.lang, "local_load_unreadable", path=path))
        return False
    except ValueError:
        table.say("  ! " + t(table.lang, "local_load_bad", path=path, why=t(table.lang, "import_not_json")))
        return False
    n = 1
    while True:
        table.channel = f"loaded-{n}"
        if await table.service.store.latest_game_in(table.place().channel_id) is None:
            break
        n += 1
    try:
        await load_game(table.service.context, table.place().channel_id, data, guild_id=0)
    except (ExportError, KeyError, TypeError, ValueError) as exc:
        table.say("  ! " + t(table.lang, "local_load_bad", path=path, why=import_reason(exc, table.lang)))
        return False
    table.say("  " + tn(table.lang, "local_loaded", len(data.get("log") or []), path=path, channel=table.channel))
    for seat in data.get("seats") or []:
        table.names[int(seat["user_id"])] = str(seat["name"])
    reply = await table.service.board(table.place(), Actor(0, "table"))   # looked at by nobody seated
    table.show(reply, None)
    return True
