"""Who is who at a table: the seats' names as players read them, who acts now, whom to ping.

Pure functions of the seat rows (no store, no state): every room and the board images use them.
"""

from __future__ import annotations

from bot.table.ai_seats import shown_name
from bot.table.names import public_name
from rules.wording import fill_seats
from storage.store import SeatRow


def names(seats: list[SeatRow], locale: str | None = None) -> list[str]:
    """The seats' names for text in ``locale``'s language (an AI seat's level in that language;
    ``None``: as stored); names stored before they were cleaned on entry made fit for public text too."""
    return [public_name(shown_name(s.user_id, s.name, locale) if locale else s.name) for s in seats]


def fill(text: str, seat_names: list[str]) -> str:
    """Rules write seats as ``{p0}``, ``{p1}``…: put the players' names in (French elision made)."""
    return fill_seats(text, seat_names)


def seated_list(seats: list[SeatRow], locale: str | None = None) -> str:
    return ", ".join(names(seats, locale)) or "—"


def who(acting: list[int], seats: list[SeatRow], locale: str | None = None) -> str:
    """The names of the acting seats, each person once."""
    everyone = names(seats, locale)
    out: list[str] = []
    for seat in acting:
        if seat < len(seats) and everyone[seat] not in out:
            out.append(everyone[seat])
    return ", ".join(out) or "—"


def mentions(acting: list[int], seats: list[SeatRow]) -> list[int]:
    """User ids to ping for the acting seats (never a seat the table plays)."""
    out: list[int] = []
    for seat in acting:
        if seat < len(seats) and not seats[seat].is_bot and seats[seat].user_id not in out:
            out.append(seats[seat].user_id)
    return out
