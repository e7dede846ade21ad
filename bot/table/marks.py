"""Places and times in the table's texts, without any front end's markup.

The table writes a channel or a moment as a mark (:func:`channel`, :func:`moment`); each front
end turns the marks into its own form with :func:`render` — Discord into a channel link and a
relative timestamp (``<#id>``, ``<t:…:R>``), the local table into ``#name`` and a UTC date. A
mark is delimited by the ASCII unit separator, a control character that never survives into
player text (names and typed text are cleaned of control characters where they enter)."""

from __future__ import annotations

import re
from collections.abc import Callable

SEP = "\x1f"
_MARK = re.compile(SEP + r"(ch|t):(-?\d+)" + SEP)


def channel(channel_id: int) -> str:
    """A channel, as the front end links it."""
    return f"{SEP}ch:{int(channel_id)}{SEP}"


def moment(seconds: float) -> str:
    """A moment (seconds since the epoch), as the front end tells it ("2 hours ago")."""
    return f"{SEP}t:{int(seconds)}{SEP}"


def render(text: str, channel_of: Callable[[int], str], moment_of: Callable[[int], str]) -> str:
    """The text with every mark replaced by the front end's own form."""
    if SEP not in text:
        return text
    return _MARK.sub(lambda m: channel_of(int(m[2])) if m[1] == "ch" else moment_of(int(m[2])), text)
