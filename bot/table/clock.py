"""The one clock the table reads time from, so that tests and the local
table can freeze and advance it (``!wait 30h``)."""

from __future__ import annotations

import time


class SystemClock:
    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told to."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time only moves forward")
        self._now += seconds


def parse_duration(text: str) -> float:
    """'30h', '2d', '90m', '1d12h', '45s' -> seconds. Raises ValueError."""
    text = text.strip().lower().replace(" ", "")
    units = {"d": 86400, "h": 3600, "m": 60, "s": 1}
    total, number = 0.0, ""
    for ch in text:
        if ch.isdigit() or ch == ".":
            number += ch
        elif ch in units and number:
            total += float(number) * units[ch]
            number = ""
        else:
            raise ValueError(f"cannot read duration '{text}' (try 30h, 2d, 90m)")
    if number:
        total += float(number) * 3600  # a bare number means hours
    if total <= 0:
        raise ValueError("a duration must be positive")
    return total
