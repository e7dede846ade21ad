"""One entry of the move log as ``/log`` and ``/log since`` show it."""

from __future__ import annotations

import time

from bot.table import people
from bot.table.i18n import entry_events, t
from storage.store import LogKind, LogRow


def log_line(loc: str | None, entry: LogRow, names: list[str]) -> str:
    """Number, time, who, what was typed, what happened."""
    if entry.seat is not None and entry.seat < len(names):
        who = names[entry.seat]
    else:
        who = t(loc, "log_table")
    stamp = time.strftime("%m-%d %H:%M", time.gmtime(entry.created_at))
    if entry.kind == LogKind.UNDO:
        what = t(loc, "log_undo", move=entry.text)
    elif entry.kind == LogKind.RESIGN:
        what = t(loc, "log_resigns")
    else:
        what = entry.shown
    detail = " ".join(people.fill(e, names) for e in entry_events(loc, entry, labels=True))   # sentences: no ".;"
    line = t(loc, "log_entry", number=f"{entry.version:>3}", stamp=stamp, who=who, what=what)
    return t(loc, "log_entry_events", entry=line, events=detail) if detail else line
