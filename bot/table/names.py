"""People's display names made safe for public text.

A display name is whatever the person typed into Discord: it can carry
markdown (``**``, ``__``, ``||``, a leading ``#`` header), mention syntax
(``@everyone``, ``<@&role>``), masked links, and invisible controls (a
right-to-left override turns the rest of a line around). Names enter the
table's public posts, the pinned status and the board image, so they are
cleaned once, where they enter: the lobby's seats and the texts naming the
person who acted. The result still reads as the person's name.
"""

from __future__ import annotations

import dataclasses
import functools
import unicodedata

from bot.table.values import Actor

NAME_LIMIT = 32                 # Discord's own limit for a display name
DROPPED = set("`*~|@<>\\[]")    # markup, mentions, masked links and escapes
LEADING = "#>-+ "               # a name that opens a line must not make a header, quote or list


def public_name(name: str, fallback: str = "player") -> str:
    """``name`` without controls, bidi overrides, markup or mention syntax,
    spaces collapsed, at most NAME_LIMIT characters; ``fallback`` when
    nothing readable is left."""
    text = unicodedata.normalize("NFKC", str(name or ""))
    kept = []
    for ch in text:
        if unicodedata.category(ch)[0] == "C" or ch in DROPPED:
            continue                      # controls, format (bidi, zero-width), unassigned
        kept.append(" " if ch == "_" else ch)   # __underline__ / _italics_, but "ann_b" stays two words
    clean = " ".join("".join(kept).split()).lstrip(LEADING)
    return clean[:NAME_LIMIT].strip() or fallback


def named(actor: Actor) -> Actor:
    """The actor with a name fit for public text."""
    clean = public_name(actor.name, f"player {actor.user_id % 10000}")
    return actor if clean == actor.name else dataclasses.replace(actor, name=clean)


def public_person(person: tuple | None) -> tuple | None:
    """A person named in a command option, ``(user_id, name, is_bot)``, with a name fit for public text."""
    if not isinstance(person, tuple) or len(person) < 2 or not isinstance(person[0], int):
        return person   # not a resolved person: the command refuses it on its own terms
    uid, name, *rest = person
    return (uid, public_name(name, f"player {uid % 10000}"), *rest)


def with_public_names(command):
    """Every name entering the table through ``command`` made fit for public text: the caller
    (an :class:`Actor`) and any person named in an option (``player``, ``member``, ``to`` …)."""

    @functools.wraps(command)
    async def wrapper(*args, **kwargs):
        args = tuple(named(a) if isinstance(a, Actor) else a for a in args)
        kwargs = {k: named(v) if isinstance(v, Actor) else v for k, v in kwargs.items()}
        return await command(*args, **kwargs)

    return wrapper


# ---- text a person typed, shown back at a terminal (the local table)

MENTIONS = ("@everyone", "@here")


def terminal_text(text: str) -> str:
    """``text`` fit to print at a terminal and to paste into Discord: no escape codes or other
    controls (but new lines and tabs), no bidi overrides or zero-width characters, no lone
    surrogates (a byte that was not UTF-8 shows as �), and ``@everyone`` / ``@here`` inert."""
    kept = []
    for ch in str(text):
        kind = unicodedata.category(ch)
        if ch in "\n\t":
            kept.append(ch)
        elif kind == "Cs":
            kept.append("\ufffd")
        elif kind[0] != "C":
            kept.append(ch)
    clean = "".join(kept)
    for mention in MENTIONS:
        clean = clean.replace(mention, "@\u200b" + mention[1:])   # as Discord shows a mention it will not ping
    return clean


def is_plain_name(name: str) -> bool:
    """A name typed at the local table is readable text: no controls, bidi or zero-width
    characters, no bytes that were not UTF-8."""
    return bool(name) and all(unicodedata.category(ch)[0] != "C" for ch in name)
