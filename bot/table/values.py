"""The values the table service and its front ends pass each other: who
asked (:class:`Actor`), where (:class:`Place`), and the answer (:class:`Reply`,
with its buttons as :class:`Choice`). A command refuses by raising
:class:`Refused`; :func:`answers` turns that into a private refusal reply."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

MAX_INPUT = 200          # characters of a typed move or option


@dataclass(frozen=True)
class Actor:
    """Who sent a command, as the front end knows them."""

    user_id: int
    name: str
    manage: bool = False          # may manage the channel (moderator)
    locale: str | None = None


@dataclass(frozen=True)
class Place:
    channel_id: int
    guild_id: int | None = None


@dataclass(frozen=True)
class Choice:
    """A button; ``command`` says what pressing it does: ``move`` (a legal move), ``play`` and ``pick``
    (the move picker), ``undo``, ``accept``, ``resign``, ``run`` (the command named by ``arg``, with
    at most one option, one of its offered values: the lobby's ``game join`` or
    ``game addai level:hard``), or any other command asked again with ``confirm:yes``."""

    label: str
    command: str
    arg: str
    game_id: int = 0
    version: int = 0


@dataclass
class Picker:
    """One step of the move picker, for the presser alone: the question ``ask`` with its
    ``options`` (labels, by index; a front end pages them), reached by ``path`` (the index
    chosen at each level) in game ``game_id`` at ``version``; or, with ``confirm``, the preview
    of the move ``path`` ends on (``ask`` is then the move in words)."""

    game_id: int
    version: int
    path: tuple[int, ...]
    ask: str
    options: list[str]
    page: int = 0
    confirm: bool = False


@dataclass
class Reply:
    text: str
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    mentions: list[int] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    followups: list["Reply"] = field(default_factory=list)
    ok: bool = True
    game_id: int | None = None
    version: int | None = None
    direct: list[tuple[int, str]] = field(default_factory=list)   # (user id, text): DMs to send
    status: str | None = None          # the game's pinned status text, to edit in place
    channel_id: int | None = None      # where a notice from no command goes (reminders, deadlines)
    announces: bool = False            # a turn post: once it went out, call ``announced(game_id, version)``
    locale: str | None = None          # the language the text is in, for a front end's own notes beside it
    picker: Picker | None = None       # a step of the move picker (its buttons and menus)
    move: str | None = None            # /hint: the suggested move as typed in /move (a front end's button to it)
    # after posting this reply (and marking it announced), await ``then()`` and post each reply it returns
    # in its ``channel_id``, as a notice: the AI seats' turns that answer a player's move (Turns.ai_after_post)
    then: Callable[[], Awaitable[list[Reply]]] | None = None


def message_chunks(text: str, limit: int = 1990) -> list[str]:
    """Text cut into Discord-sized messages at line breaks (a line longer than
    the limit is cut at its last space), so nothing is lost."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            if current:
                out.append(current)
                current = ""
            out.append(line[:cut])
            line = line[cut:].lstrip()
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            out.append(current)
            joined = line
        current = joined
    out.append(current)
    return [part for part in out if part.strip()] or ["—"]


def refusal(text: str) -> Reply:
    return Reply(text, ephemeral=True, ok=False)


class Refused(Exception):
    """A command the table turns down; the message goes to the caller only."""


def answers(command):
    """Make a command method answer a :class:`Refused` with a private
    refusal reply, so each command reads as its happy path."""

    @functools.wraps(command)
    async def wrapper(*args, **kwargs) -> Reply:
        try:
            return await command(*args, **kwargs)
        except Refused as exc:
            return refusal(str(exc))

    return wrapper
