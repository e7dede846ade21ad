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

import shlex
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.commands import COMMANDS, YES, Member, parse_options, run
from bot.table import Actor, Place, Reply, TableService
from bot.table.archive import ExportError, load_game
from bot.table.clock import ManualClock, parse_duration

HELP = """Lines look like Discord: `@name /command args`, e.g.
  @ann /game new clans        @bob /game join        @ann /game start
  @ann /move 17>18            @bob /hand             @ann /board
Commands: """ + ", ".join("/" + c for c in COMMANDS) + """
Local extras: `#name` before a line switches channel; `!wait 30h` advances the clock;
`!moves` lists your legal moves; `!quit` leaves (the game is saved: run again to continue)."""


def user_id_of(name: str) -> int:
    """A stable id per local name, so a restart finds the same players."""
    return 1000 + zlib.crc32(name.strip().lower().encode())


@dataclass
class LocalTable:
    service: TableService
    clock: ManualClock
    images: Path | None = None
    out: TextIO = sys.stdout
    admins: set[str] = field(default_factory=set)
    seed: int | None = None
    channel: str = "table"
    user: str | None = None
    names: dict[int, str] = field(default_factory=dict)   # user id -> local name
    _image_count: int = 0
    _threads: int = 0
    _channel_names: dict = field(default_factory=dict)
    _pinned: dict = field(default_factory=dict)
    _games_opened: int = 0

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def place(self) -> Place:
        channel_id = zlib.crc32(self.channel.encode())
        self._channel_names[channel_id] = self.channel
        return Place(channel_id=channel_id, guild_id=0)

    def actor(self) -> Actor:
        name = self.user or "you"
        uid = user_id_of(name)
        self.names[uid] = name
        return Actor(uid, name, manage=name.lower() in self.admins)

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
        if not head.startswith("/"):
            raise ValueError("Commands start with '/', e.g. `/move 17>18` (type !help).")
        name = head[1:].lower()
        if name == "game":
            if not words:
                raise ValueError("Which /game command? new, join, leave, start, status or cancel.")
            name = f"game {words.pop(0).lower()}"
        if name not in COMMANDS:
            raise ValueError(f"Unknown command /{name}. Type !help for the list.")
        params = COMMANDS[name][1]
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
            raise ValueError(f"/{name} takes no more options (extra: '{positional[0][:30]}').")
        for i, pname in enumerate(free[:len(positional)]):
            # the last free option takes the rest of the line (moves may contain spaces)
            args[pname] = " ".join(positional[i:]) if i == len(free) - 1 else positional[i]
        for p in params:
            if p.required and not args.get(p.name):
                raise ValueError(f"/{name} needs {p.name}: {p.description}.")
        return name, args

    # ---- running

    async def handle(self, line: str) -> bool:
        """Run one line; False when the user asked to quit."""
        line = line.strip()
        if not line or line.startswith("//"):
            return True
        if line.startswith("!"):
            return await self._special(line[1:].strip())
        try:
            parsed = self.parse(line)
        except ValueError as exc:
            self.say(f"  ! {exc}")
            return True
        if parsed is None:
            return True
        name, args = parsed
        actor = self.actor()
        args = self._async_args(name, args)
        if name == "game new":
            self._open_thread(args)
        if name == "game new" and self.seed is not None:
            self._games_opened += 1
            try:
                options = parse_options(args.get("options"))
            except ValueError as exc:
                self.say(f"  ! {exc}")
                return True
            try:
                ai = int(str(args.get("ai") or 0))
            except ValueError:
                ai = -1   # the table refuses it with its own message
            reply = await self.service.new_game(self.place(), actor, args["game"], options,
                                                seed=self.seed + self._games_opened, ai=ai, level=args.get("level"))
        else:
            reply = await run(self.service, self.place(), actor, name, args)
        reply.status = await self.service.status_for(reply)
        self.show(reply, actor)
        return True

    async def _special(self, cmd: str) -> bool:
        word, _, rest = cmd.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            return False
        if word == "help":
            self.say(HELP)
        elif word == "wait":
            try:
                seconds = parse_duration(rest or "1h")
            except ValueError as exc:
                self.say(f"  ! {exc}")
                return True
            self.clock.advance(seconds)
            self.say(f"  (the clock moves on by {rest or '1h'})")
            for place, reply in await self.due():
                self.show(reply, None, channel=place)
        elif word == "moves":
            moves = await self.service.legal(self.place(), self.actor(), rest, limit=40)
            self.say("  " + ("\n  ".join(m.display() for m in moves) if moves else "(no legal move for you now)"))
        elif word == "admin":
            self.admins.add(rest.strip().lower())
            self.say(f"  ({rest.strip()} may now manage channels)")
        else:
            self.say(f"  ! Unknown !{word}. Try !help.")
        return True

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
        for param in COMMANDS[name][1]:
            value = args.get(param.name)
            if name == "game import" and param.name == "file" and isinstance(value, str):
                try:
                    args["file"] = Path(value.strip()).read_bytes()[:6 * 1024 * 1024]
                except OSError:
                    args["file"] = b""
            if param.kind is Member and isinstance(value, str) and value.strip():
                who = value.strip().lstrip("@")
                self.names[user_id_of(who)] = who
                args[param.name] = (user_id_of(who), who, False)
        return args

    def _open_thread(self, args: dict) -> None:
        """``/game new clans thread:yes`` opens the game in a new 'thread':
        a channel of its own, which the table switches to."""
        if str(args.pop("thread", "") or "").strip().lower() not in YES:
            return
        self._threads += 1
        parent = self.channel
        self.channel = f"{parent}-{args.get('game') or 'game'}-{self._threads}"
        self.say(f"[#{parent}] (thread #{self.channel} created; the table moves there)")

    def show(self, reply: Reply, actor: Actor | None, channel: str | None = None) -> None:
        where = f"#{channel or self.channel}"
        if reply.ephemeral:
            who = actor.name if actor else "?"
            prefix = f"[{where} → {who} only]"
        else:
            prefix = f"[{where}]"
        mentions = " ".join("@" + self.names.get(uid, str(uid)) for uid in reply.mentions)
        body = reply.text if not mentions else f"{mentions} {reply.text}"
        body = _plain(body, self._channel_names)
        lines = body.splitlines() or [""]
        self.say(f"{prefix} {lines[0]}")
        for line in lines[1:]:
            self.say(f"    {line}")
        if reply.image is not None and self.images is not None:
            self.images.mkdir(parents=True, exist_ok=True)
            self._image_count += 1
            ext = reply.image_name.rsplit(".", 1)[-1] if "." in reply.image_name else "png"
            path = self.images / f"{self._image_count:04d}-{(channel or self.channel)}-v{reply.version or 0}.{ext}"
            path.write_bytes(reply.image)
            self.say(f"    [{'image' if ext in ('png', 'gif') else 'file'}: {path}]")
        if reply.choices:
            labels = " | ".join(f"{c.label} → /{c.command} {c.arg}" if c.command == "move"
                                else f"{c.label} → /{c.command}" if c.command == "accept"
                                else f"{c.label} → /{c.command} confirm:yes" for c in reply.choices)
            self.say(f"    [buttons: {labels}]")
        for follow in reply.followups:
            self.show(follow, actor, channel)
        for uid, text in reply.direct:
            self.say(f"[DM → {self.names.get(uid, str(uid))}] {_plain(text, self._channel_names)}")
        if reply.status and reply.game_id is not None and self._pinned.get(reply.game_id) != reply.status:
            verb = "updated" if reply.game_id in self._pinned else "pinned"
            self._pinned[reply.game_id] = reply.status
            self.say(f"[#{channel or self.channel} status message {verb}] {_plain(reply.status, self._channel_names)}")

    async def announce_pending(self) -> None:
        """After a restart: post what was saved but never announced."""
        for _row, reply in await self.service.pending_announcements():
            self.say("  (announcing a move saved before the last stop)")
            self.show(reply, None)


def _plain(text: str, channels: dict) -> str:
    """Discord markup made readable in a terminal: channel links and timestamps."""
    import re
    import time as _time
    text = re.sub(r"<#(\d+)>", lambda m: "#" + channels.get(int(m[1]), m[1]), text)
    return re.sub(r"<t:(\d+):R>", lambda m: _time.strftime("%Y-%m-%d %H:%M UTC", _time.gmtime(int(m[1]))), text)


async def load_file(table: LocalTable, path: str) -> bool:
    """``hearth local --load FILE``: replay an exported game into a channel
    of its own (``#loaded-N``), switch to it and show its board."""
    import json

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        table.say(f"  ! cannot read {path}: {exc}")
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
        table.say(f"  ! {path} does not replay: {exc}")
        return False
    table.say(f"  (loaded {path} into #{table.channel}: replayed {len(data.get('log') or [])} log entries)")
    for seat in data.get("seats") or []:
        table.names[int(seat["user_id"])] = str(seat["name"])
    reply = await table.service.board(table.place(), table.actor())
    table.show(reply, None)
    return True
