"""What a command declaration is made of: :class:`Command`, its :class:`Opt` options, their
:class:`Pick` choices, who may use it (:class:`Who`) and how often (:class:`Rule`).

The texts here are English; their other languages come from the ``commands`` gettext catalogue
(``bot/locale/<lang>/LC_MESSAGES/commands.po``), keyed by :func:`text_keys`: the declaration is the
source, ``python -m bot.commands.catalogue`` writes the template from it. Nothing here knows
Discord or the terminal: each front end builds its own commands from these declarations.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from bot.table.i18n import catalogue, language

if TYPE_CHECKING:
    from bot.table import Actor, Place, Reply, TableService

COMMANDS_DOMAIN = "commands"


class Kind(StrEnum):
    """The type of an option's value, as every front end reads it."""

    TEXT = "text"
    INTEGER = "integer"
    FLAG = "flag"          # yes/no
    MEMBER = "member"      # a server member: front ends pass (user id, display name, is a bot)
    FILE = "file"          # a file's bytes: Discord reads the attachment, the local table a path


class Complete(StrEnum):
    """What a front end may offer while an option is typed (Discord's autocomplete)."""

    MOVES = "moves"        # the caller's legal moves
    TOPICS = "topics"      # the rules pages of the chosen game


class Who(StrEnum):
    """Who may use a command (the table checks it; help and README say it)."""

    ANYONE = "anyone"
    SEATED = "a seated player"
    TO_ACT = "the player to act"
    MOVER = "the player who moved"
    CREATOR = "the creator or a moderator"
    MANAGER = "the creator or Manage Channels"
    OFFERED = "the member offered a seat"


@dataclass(frozen=True)
class Rule:
    """A rate limit: ``burst`` calls at once, one more every ``per`` seconds, per person and
    ``bucket`` (commands of one bucket share it: a board and a log are both renders)."""

    burst: int
    per: float
    bucket: str = ""


@dataclass(frozen=True)
class Pick:
    """One offered value of an option, with the words a menu shows for it."""

    value: str
    label: str


@dataclass(frozen=True)
class Opt:
    name: str
    description: str
    kind: Kind = Kind.TEXT
    required: bool = False
    choices: tuple[Pick, ...] = ()
    low: int | None = None             # INTEGER bounds, TEXT lengths
    high: int | None = None
    complete: Complete | None = None
    choices_of: Callable[[], tuple[Pick, ...]] | None = None    # choices known only when asked (the games)

    def picks(self) -> tuple[Pick, ...]:
        """The offered values, as of now."""
        return self.choices_of() if self.choices_of is not None else self.choices


Args = dict[str, Any]
Runner = Callable[["TableService", "Place", "Actor", Args], Awaitable["Reply"]]


@dataclass(frozen=True)
class Command:
    """One command, declared once: every front end, the help, the catalogue and the README check
    are made from this. ``run`` carries it out on the table service (one service method)."""

    name: str                          # "move", "game new": a group word, then the command's
    description: str
    run: Runner
    options: tuple[Opt, ...] = ()
    who: Who = Who.ANYONE
    private: bool = False              # its answer is for the caller alone
    limit: Rule | None = None
    guild_only: bool = True            # Discord: only in a server (not in DMs)
    opens_thread: bool = False         # a FLAG option ``thread`` asks the front end for a new thread
    example: str = ""                  # typed as is, for the help

    @property
    def words(self) -> list[str]:
        return self.name.split()

    def option(self, name: str) -> Opt:
        return next(o for o in self.options if o.name == name)


# ---- the catalogue keys of a declaration's texts


def key(*parts: str) -> str:
    return ".".join(p.replace(" ", "_") for p in parts)


def text_keys(commands: Iterator[Command] | list[Command], groups: dict[str, str]) -> dict[str, str]:
    """Every text of the declarations by its catalogue key (``msgctxt``) -> English (``msgid``):
    descriptions, option descriptions, choice labels, who may use it, and the names Discord
    shows (a command's words, its options' names), which a language may translate too."""
    out: dict[str, str] = {}
    for group, description in groups.items():
        out[key("group", group)] = description
        out[key("name", group)] = group
    for cmd in commands:
        out[key("cmd", cmd.name)] = cmd.description
        out[key("name", cmd.words[-1])] = cmd.words[-1]
        out[key("who", cmd.who.name.lower())] = cmd.who.value
        for opt in cmd.options:
            out[key("cmd", cmd.name, opt.name)] = opt.description
            out[key("option", opt.name)] = opt.name
            for pick in opt.picks():
                out[key("choice", opt.name, pick.value)] = pick.label
    return out


def said(locale: str | None, context: str, english: str) -> str | None:
    """A declaration's text in the reader's language; None where the catalogue has none
    (English is then the text itself)."""
    lang = language(locale)
    found = catalogue(lang, COMMANDS_DOMAIN).pgettext(context, english)
    return None if found == english and lang == "en" else found


def word(locale: str | None, context: str, english: str) -> str:
    return said(locale, context, english) or english
