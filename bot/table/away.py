"""A player's own commands about time: ``/vacation`` (pause your clock, within the game's
allowance; the running turn's deadline moves with it) and ``/remind`` (nudge whoever the game
waits for: one nudge per player and interval, whoever asks). The scheduler that sends reminders
and acts at deadlines is :mod:`bot.table.reminders`."""

from __future__ import annotations

import time
from dataclasses import replace

from bot.table import people
from bot.table.context import TableContext
from bot.table.i18n import duration, t, tn
from bot.table.notices import Notices
from bot.table.reminders import DAY, HOUR, Reminders
from bot.table.turns import Turns
from bot.table.values import Actor, Place, Refused, Reply
from storage.store import GameRow

REMIND_COOLDOWN = 4 * HOUR       # one /remind per player and game in this time


class Away:
    def __init__(self, ctx: TableContext, notices: Notices, turns: Turns, reminders: Reminders) -> None:
        self.ctx = ctx
        self.tables = ctx.tables
        self.notices = notices
        self.turns = turns
        self.reminders = reminders

    @property
    def now(self) -> float:
        return self.ctx.clock.now()

    # ------------------------------------------------------------ /vacation

    async def vacation(self, place: Place, actor: Actor, days: str | None) -> Reply:
        loc = actor.locale
        row = await self.ctx.open_row(place, loc)
        seats = await self.ctx.store.seats(row.id)
        if not any(s.user_id == actor.user_id and not s.is_bot for s in seats):
            raise Refused(t(loc, "spectator"))
        game = self.ctx.game_of(row)
        settings = await self.tables.settings(row.id)
        used, until = await self.tables.vacation(row.id, actor.user_id)
        now = self.now
        word = str(days or "").strip().lower()
        if word in ("end", "back", "stop", "fin", "retour"):
            if until <= now:
                raise Refused(t(loc, "vacation_none"))
            await self.reminders.timer_for(row)
            await self.tables.set_vacation(row.id, actor.user_id, max(0.0, used - (until - now)), now)
            await self._shift_timer(row, seats, actor.user_id, now, -(until - now))
            loc = await self.ctx.public_locale(row, loc)   # a public post
            return Reply(t(loc, "vacation_end", name=actor.name, game=game.display_name(loc)))
        try:
            asked = float(word.replace(",", ".").rstrip("d").rstrip("j"))
        except ValueError:
            raise Refused(t(loc, "vacation_bad")) from None
        if not 0 < asked <= 365:
            raise Refused(t(loc, "vacation_bad"))
        left = settings.vacation_days * DAY - used
        if asked * DAY > left + 1e-6:
            raise Refused(tn(loc, "vacation_over", round(max(0.0, left) / DAY, 2), asked=f"{asked:g}"))
        start = max(now, until)
        new_until = start + asked * DAY
        await self.reminders.timer_for(row)   # the running turn's times, before the vacation shifts them
        await self.tables.set_vacation(row.id, actor.user_id, used + asked * DAY, new_until)
        await self._shift_timer(row, seats, actor.user_id, now, asked * DAY)
        stamp = time.strftime("%Y-%m-%d %H:%M", time.gmtime(new_until))
        loc = await self.ctx.public_locale(row, loc)   # a public post
        return Reply(tn(loc, "vacation_on", round((left - asked * DAY) / DAY, 2), name=actor.name,
                        game=game.display_name(loc), until=stamp))

    async def _shift_timer(self, row: GameRow, seats, user_id: int, now: float, seconds: float) -> None:
        """A vacation taken (or ended) while this player is waited for moves
        the running turn's deadline by the same time."""
        timer = await self.reminders.timer_for(row)
        if timer is None:
            return
        _, _, acting = await self.reminders.waiting(row)
        if not any(seats[s].user_id == user_id for s in acting):
            return
        shift = lambda v: None if v is None else max(now, v + seconds)   # noqa: E731
        next_reminder = timer.next_reminder
        if next_reminder is not None and seconds > 0:
            next_reminder = max(next_reminder, now + seconds)
        await self.tables.put_timer(replace(timer, deadline_at=shift(timer.deadline_at), warn_at=shift(timer.warn_at),
                                            next_reminder=next_reminder))

    # ------------------------------------------------------------ /remind

    async def remind(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        row = await self.ctx.open_row(place, loc)
        seats = await self.ctx.store.seats(row.id)
        if not any(s.user_id == actor.user_id for s in seats):
            raise Refused(t(loc, "spectator"))
        if row.status != "active":
            raise Refused(self.ctx.not_active_text(row, seats, loc))
        _, state, acting = await self.reminders.waiting(row)
        others = [s for s in acting if seats[s].user_id != actor.user_id]
        if not others:
            raise Refused(t(loc, "remind_self" if acting else "remind_nobody"))
        now = self.now
        last = await self.tables.last_nudge(row.id, actor.user_id)
        if last is not None and now - last < REMIND_COOLDOWN:
            raise Refused(t(loc, "remind_wait", left=duration(REMIND_COOLDOWN - (now - last), loc)))
        # one nudge per player per REMIND_COOLDOWN, whoever asks (another player's /remind or a reminder)
        nudged = {s: await self.tables.last_nudged(row.id, seats[s].user_id) for s in others}
        fresh = [s for s in others if (at := nudged[s]) is None or now - at >= REMIND_COOLDOWN]
        if not fresh:
            latest = max(at for at in nudged.values() if at is not None)
            raise Refused(t(loc, "remind_recent", who=people.who(others, seats, loc), ago=duration(now - latest, loc),
                            left=duration(REMIND_COOLDOWN - (now - latest), loc)))
        others = fresh
        await self.tables.set_nudge(row.id, actor.user_id, now)
        await self.tables.set_nudged(row.id, [seats[s].user_id for s in others], now)
        game = self.ctx.game_of(row)
        loc = await self.ctx.public_locale(row, loc)   # a public post
        since = duration(now - (row.turn_started_at or row.updated_at), loc)
        reply = Reply(t(loc, "remind_sent", name=actor.name, who=people.who(others, seats, loc), game=game.display_name(loc),
                        since=since), mentions=people.mentions(others, seats), game_id=row.id,
                      choices=self.turns.choices(game, state, others, row, loc))
        await self.notices.route(reply, row, seats, state, dm_key="dm_reminder", since=since)
        reply.status = None
        return reply
