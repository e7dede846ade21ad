"""Rows for async play (migration 3): settings, timers, notification
choices, vacations, nudges, hand-over offers, server languages.

Kept apart from :mod:`storage.store` so that the core store stays small;
every read and write goes through the store's public :meth:`~storage.store.Store.transaction`,
:meth:`~storage.store.Store.fetch_one` and :meth:`~storage.store.Store.fetch_all`, in SQL both
backends understand.
"""

from __future__ import annotations

from dataclasses import dataclass

from storage.kinds import DeadlinePolicy
from storage.store import Store

TIMED = {"reminder_hours", "deadline_hours", "policy", "vacation_days"}   # settings the turn's timers follow
DEFAULTS = {"reminder_hours": 24.0, "deadline_hours": 0.0, "policy": DeadlinePolicy.SKIP, "vacation_days": 7.0, "hints": None,
            "lang": None, "autoplay": True}


@dataclass(frozen=True)
class Settings:
    reminder_hours: float = 24.0
    deadline_hours: float = 0.0
    policy: DeadlinePolicy = DeadlinePolicy.SKIP
    vacation_days: float = 7.0
    status_message: int | None = None
    hints: bool | None = None        # /hint allowed; None: the default (on when one person plays)
    lang: str | None = None          # the language of the table's public posts; None: the server's
    autoplay: bool = True            # a seat's only legal move is played by the table (where the rules allow)


@dataclass(frozen=True)
class Timer:
    game_id: int
    turn_started: float
    next_reminder: float | None
    reminders_sent: int
    warn_at: float | None
    deadline_at: float | None


@dataclass(frozen=True)
class Offer:
    game_id: int
    seat: int
    from_user: int
    to_user: int
    to_name: str
    offered: float


class AsyncTables:
    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- settings

    async def settings(self, game_id: int) -> Settings:
        row = await self.store.fetch_one("SELECT reminder_hours, deadline_hours, policy, vacation_days, status_message, "
                                         "hints, lang, autoplay FROM game_settings WHERE game_id = ?", (game_id,))
        if not row:
            return Settings()
        reminder, deadline, policy, vacation, status_message, hints, lang, autoplay = row
        return Settings(reminder, deadline, DeadlinePolicy(policy), vacation, status_message,
                        hints=None if hints is None else bool(hints), lang=lang or None,
                        autoplay=autoplay is None or bool(autoplay))

    async def save_settings(self, game_id: int, **values) -> None:
        current = await self.settings(game_id)
        merged = {k: values.get(k, getattr(current, k)) for k in DEFAULTS}
        async with self.store.transaction() as tx:
            await tx.execute(
                "INSERT INTO game_settings (game_id, reminder_hours, deadline_hours, policy, vacation_days, hints, "
                "lang, autoplay) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
                "reminder_hours = excluded.reminder_hours, deadline_hours = excluded.deadline_hours, "
                "policy = excluded.policy, vacation_days = excluded.vacation_days, hints = excluded.hints, "
                "lang = excluded.lang, autoplay = excluded.autoplay",
                (game_id, merged["reminder_hours"], merged["deadline_hours"], merged["policy"],
                 merged["vacation_days"], None if merged["hints"] is None else int(merged["hints"]), merged["lang"],
                 int(bool(merged["autoplay"]))))
            if set(values) & TIMED:   # the running turn's times follow the new settings
                await tx.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def set_status_message(self, game_id: int, message_id: int | None) -> None:
        async with self.store.transaction() as tx:
            await tx.execute("INSERT INTO game_settings (game_id, status_message) VALUES (?, ?) "
                             "ON CONFLICT (game_id) DO UPDATE SET status_message = excluded.status_message",
                             (game_id, message_id))

    # ---- timers

    async def timer(self, game_id: int) -> Timer | None:
        row = await self.store.fetch_one("SELECT game_id, turn_started, next_reminder, reminders_sent, warn_at, "
                                    "deadline_at FROM timers WHERE game_id = ?", (game_id,))
        return Timer(*row) if row else None

    async def put_timer(self, timer: Timer) -> None:
        async with self.store.transaction() as tx:
            await tx.execute(
                "INSERT INTO timers (game_id, turn_started, next_reminder, reminders_sent, warn_at, deadline_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET turn_started = excluded.turn_started, "
                "next_reminder = excluded.next_reminder, reminders_sent = excluded.reminders_sent, "
                "warn_at = excluded.warn_at, deadline_at = excluded.deadline_at",
                (timer.game_id, timer.turn_started, timer.next_reminder, timer.reminders_sent, timer.warn_at,
                 timer.deadline_at))

    async def claim_timer(self, old: Timer, new: Timer) -> bool:
        """Replace ``old`` by ``new`` only if nobody changed it meanwhile:
        the one who claims a due time sends its notice, exactly once."""
        async with self.store.transaction() as tx:
            changed = await tx.execute(
                "UPDATE timers SET turn_started = ?, next_reminder = ?, reminders_sent = ?, warn_at = ?, "
                "deadline_at = ? WHERE game_id = ? AND turn_started = ? AND reminders_sent = ? "
                f"AND {_same('next_reminder')} AND {_same('warn_at')} AND {_same('deadline_at')}",
                (new.turn_started, new.next_reminder, new.reminders_sent, new.warn_at, new.deadline_at,
                 old.game_id, old.turn_started, old.reminders_sent, old.next_reminder, old.warn_at,
                 old.deadline_at))
            return changed == 1

    async def drop_timer(self, game_id: int) -> None:
        async with self.store.transaction() as tx:
            await tx.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    # ---- notification choices

    async def notify_mode(self, user_id: int) -> str:
        row = await self.store.fetch_one("SELECT mode FROM notify_prefs WHERE user_id = ?", (user_id,))
        return row[0] if row else "channel"

    async def set_notify_mode(self, user_id: int, mode: str) -> None:
        async with self.store.transaction() as tx:
            await tx.execute("INSERT INTO notify_prefs (user_id, mode) VALUES (?, ?) "
                             "ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode", (user_id, mode))

    # ---- vacations

    async def vacation(self, game_id: int, user_id: int) -> tuple[float, float]:
        """(seconds of allowance used, paused until)."""
        row = await self.store.fetch_one("SELECT used, until FROM vacations WHERE game_id = ? AND user_id = ?",
                                    (game_id, user_id))
        return (row[0], row[1]) if row else (0.0, 0.0)

    async def set_vacation(self, game_id: int, user_id: int, used: float, until: float) -> None:
        async with self.store.transaction() as tx:
            await tx.execute("INSERT INTO vacations (game_id, user_id, used, until) VALUES (?, ?, ?, ?) "
                             "ON CONFLICT (game_id, user_id) DO UPDATE SET used = excluded.used, "
                             "until = excluded.until", (game_id, user_id, used, until))

    # ---- nudges

    async def last_nudge(self, game_id: int, user_id: int) -> float | None:
        row = await self.store.fetch_one("SELECT at FROM nudges WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return row[0] if row else None

    # The player a nudge reached (a /remind or a reminder) is kept in the same table under the
    # negated user id (ids are positive): the other rows are the askers' own /remind times.
    async def last_nudged(self, game_id: int, user_id: int) -> float | None:
        """When ``user_id`` was last nudged in this game (by /remind or a reminder), if ever."""
        return await self.last_nudge(game_id, -abs(user_id))

    async def set_nudged(self, game_id: int, user_ids: list[int], at: float) -> None:
        for user_id in dict.fromkeys(user_ids):
            await self.set_nudge(game_id, -abs(user_id), at)

    async def set_nudge(self, game_id: int, user_id: int, at: float) -> None:
        async with self.store.transaction() as tx:
            await tx.execute("INSERT INTO nudges (game_id, user_id, at) VALUES (?, ?, ?) "
                             "ON CONFLICT (game_id, user_id) DO UPDATE SET at = excluded.at", (game_id, user_id, at))

    # ---- seat hand-over

    async def offer(self, game_id: int, seat: int) -> Offer | None:
        row = await self.store.fetch_one("SELECT game_id, seat, from_user, to_user, to_name, offered FROM handovers "
                                    "WHERE game_id = ? AND seat = ?", (game_id, seat))
        return Offer(*row) if row else None

    async def offers_to(self, game_id: int, user_id: int) -> list[Offer]:
        rows = await self.store.fetch_all("SELECT game_id, seat, from_user, to_user, to_name, offered FROM handovers "
                                     "WHERE game_id = ? AND to_user = ? ORDER BY seat", (game_id, user_id))
        return [Offer(*r) for r in rows]

    async def put_offer(self, offer: Offer) -> None:
        async with self.store.transaction() as tx:
            await tx.execute("INSERT INTO handovers (game_id, seat, from_user, to_user, to_name, offered) "
                             "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET "
                             "from_user = excluded.from_user, to_user = excluded.to_user, "
                             "to_name = excluded.to_name, offered = excluded.offered",
                             (offer.game_id, offer.seat, offer.from_user, offer.to_user, offer.to_name, offer.offered))

    async def take_seat(self, offer: Offer, now: float) -> bool:
        """Give the seat to the offer's member, if the offer still stands and
        the seat still belongs to whoever offered it. Atomic."""
        try:
            await self._take_seat(offer, now)
        except _Rollback:
            return False
        return True

    async def _take_seat(self, offer: Offer, now: float) -> None:
        async with self.store.transaction() as tx:
            changed = await tx.execute("DELETE FROM handovers WHERE game_id = ? AND seat = ? AND to_user = ? "
                                   "AND from_user = ?", (offer.game_id, offer.seat, offer.to_user, offer.from_user))
            if changed != 1:
                raise _Rollback()
            changed = await tx.execute("UPDATE seats SET user_id = ?, display_name = ?, is_bot = 0 WHERE game_id = ? "
                                   "AND seat = ? AND user_id = ?", (offer.to_user, offer.to_name, offer.game_id,
                                                                    offer.seat, offer.from_user))
            if changed != 1:
                raise _Rollback()
            await tx.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, offer.game_id))

    # ---- server language

    async def guild_locale(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        row = await self.store.fetch_one("SELECT locale FROM guild_prefs WHERE guild_id = ?", (guild_id,))
        return row[0] if row else None

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        async with self.store.transaction() as tx:
            await tx.execute("INSERT INTO guild_prefs (guild_id, locale) VALUES (?, ?) "
                             "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale", (guild_id, locale))


class _Rollback(Exception):
    pass


def _same(column: str) -> str:
    """``column`` equals the next argument, NULL equal to NULL, in SQL both backends
    take (SQLite's ``IS ?`` is not PostgreSQL's; times are never negative, so -1 stands for NULL)."""
    return f"COALESCE({column}, -1) = COALESCE(CAST(? AS DOUBLE PRECISION), -1)"
