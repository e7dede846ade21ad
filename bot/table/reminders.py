"""The scheduler: reminders, deadlines and stalled AI turns, read from one clock (the players'
own commands about time, ``/vacation`` and ``/remind``, are in :mod:`bot.table.away`).

Due times live in the database (table ``timers``), one row per game and
turn, never in memory: a restarted bot finds them where it left them.
:meth:`Reminders.deliver` is called every minute by the Discord client (and
:meth:`Reminders.due_notices` by ``!wait`` in the local table). Several
processes may run it on one database: each first *leases* the games that need
work (:mod:`storage.leases`), so a game's reminders, deadline and stalled AI
turns are handled by one process at a time; one that dies leaves its leases
to expire, and another takes its games over. Under the lease a notice is
sent first and its due time marked done after (a process killed between the
two repeats at most the one notice in flight, never loses one); each mark is
a compare-and-set on the timer row, so a move made meanwhile wins. After
downtime each kind of notice is sent at most once per game, and the next
reminder is counted from now (no flood of missed reminders).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.table import people
from bot.table.ai_seats import ai_move
from bot.table.context import TableContext
from bot.table.i18n import duration, t
from bot.table.movelog import bot_rng
from bot.table.notices import Notices
from bot.table.turns import Turns
from bot.table.values import Reply
from storage.async_tables import Settings, Timer
from storage.leases import GAME_LEASE_SECONDS, DueGames, Leases, game_lease
from storage.store import GameRow, SeatRow, VersionConflict

log = logging.getLogger("hearth.scheduler")

HOUR = 3600.0
DAY = 86400.0
WARN_SHARE = 0.25                # the 'deadline is near' reminder when a quarter of the time is left
WARN_MAX = 24 * HOUR
PASS_WORDS = ("pass", "skip", "done", "none", "decline", "end", "no")
MAX_AUTO_STEPS = 60
LEASE_SECONDS = GAME_LEASE_SECONDS   # a game's background work is this process's for this long (renewed while busy)
LEASE_BATCH = 20                 # games leased at once
STALLED_AI = 300.0               # an AI seat still to move after this long was left by a process that died

Send = Callable[[Reply], Awaitable[bool]]


class Reminders:
    def __init__(self, ctx: TableContext, notices: Notices, turns: Turns) -> None:
        self.ctx = ctx
        self.tables = ctx.tables
        self.notices = notices
        self.turns = turns
        self.leases = Leases(ctx.store, seconds=LEASE_SECONDS)   # owner: this process
        self.due_games = DueGames(ctx.store)
        self._delivering = asyncio.Lock()    # one pass at a time in a process

    @property
    def now(self) -> float:
        return self.ctx.clock.now()

    # ------------------------------------------------------------ timers

    async def waiting(self, row: GameRow) -> tuple[list[SeatRow], object, list[int]]:
        seats = await self.ctx.store.seats(row.id)
        state = self.ctx.state_of(row)
        game = self.ctx.game_of(row)
        acting = [s for s in game.to_act(state) if s < len(seats) and not seats[s].is_bot]
        return seats, state, acting

    def _limit(self, row: GameRow, state, settings: Settings) -> tuple[float | None, bool]:
        """The running turn's time limit in hours, and whether it is the
        game's window to answer a proposal (shorter than the table's deadline,
        or the only limit there is) rather than the table's deadline."""
        answer = self.ctx.game_of(row).answer_hours(state)
        table = settings.deadline_hours if settings.deadline_hours > 0 else None
        if answer is not None and (table is None or answer < table):
            return answer, True
        return table, False

    async def _fresh(self, row: GameRow, settings: Settings, seats: list[SeatRow], acting: list[int],
                     state, floor: float = 0.0) -> Timer:
        """The times of a turn that just began (counted from ``floor`` when
        later: new settings or a new player count from the change)."""
        started = row.turn_started_at or row.updated_at
        base = max(started, floor)
        for seat in acting:
            _, until = await self.tables.vacation(row.id, seats[seat].user_id)
            base = max(base, until)   # the clock starts when the vacation ends
        reminder = base + settings.reminder_hours * HOUR if settings.reminder_hours > 0 else None
        hours, _ = self._limit(row, state, settings)
        deadline = base + hours * HOUR if hours else None
        warn = deadline - min(hours * HOUR * WARN_SHARE, WARN_MAX) if deadline is not None and hours else None
        return Timer(row.id, started, reminder, 0, warn, deadline)

    async def timer_for(self, row: GameRow) -> Timer | None:
        """The stored times of the running turn (created when first needed)."""
        if row.status != "active" or row.state is None:
            return None
        seats, state, acting = await self.waiting(row)
        if not acting:
            return None
        timer = await self.tables.timer(row.id)
        if timer is None or timer.turn_started != (row.turn_started_at or row.updated_at):
            timer = await self._fresh(row, await self.tables.settings(row.id), seats, acting, state)
            await self.tables.put_timer(timer)
        return timer

    async def restart_timer(self, game_id: int) -> None:
        """The running turn's times counted again from now (after its
        settings changed or its seat changed hands)."""
        row = await self.ctx.store.game(game_id)
        if row is None or row.status != "active" or row.state is None:
            return
        seats, state, acting = await self.waiting(row)
        if acting:
            await self.tables.put_timer(await self._fresh(row, await self.tables.settings(row.id), seats, acting,
                                                          state, floor=self.now))

    async def due_notices(self) -> list[Reply]:
        """Every notice due now, each claimed before it is returned: the
        caller posts them (the local table prints them at once)."""
        out: list[Reply] = []

        async def keep(reply: Reply) -> bool:
            out.append(reply)
            return True

        await self.deliver(keep, send_first=False)
        return out

    async def deliver(self, send: Send, *, send_first: bool = True) -> int:
        """Send every notice due now through ``send`` (which says whether it
        went out); returns how many did. Only games this process leases are
        looked at: another process's games wait until it releases them or
        its lease expires. ``send_first``: a due time is marked done after
        its notice went out (else before, for callers that post later)."""
        async with self._delivering:
            sent = 0
            ids = await self.due_games.ids(self.now)
            for start in range(0, len(ids), LEASE_BATCH):
                names = {game_lease(i): i for i in ids[start:start + LEASE_BATCH]}
                claimed_at = self.now
                mine = await self.leases.claim(list(names), claimed_at)
                held = set(mine)
                for number, name in enumerate(mine):
                    if self.now - claimed_at > self.leases.seconds / 2:   # a slow batch keeps its games
                        claimed_at = self.now
                        held = set(await self.leases.renew(mine[number:], claimed_at))
                    if name not in held:
                        continue   # expired while this process was busy: another may have it now
                    try:
                        with self.leases.using(name):   # a command of this process ending its AI turn keeps it ours
                            row = await self.ctx.store.game(names[name])
                            if row is not None and row.status == "active":
                                sent += await self._due_for(row, send, send_first)
                    except Exception:   # one broken game must not stop the others' reminders
                        log.exception("due notices of game %s failed", names[name])
                    # a crash (BaseException) skips this: the lease then expires and another process goes on
                    await self.leases.release([name])
            return sent

    async def _due_for(self, row: GameRow, send: Send, send_first: bool) -> int:
        timer = await self.timer_for(row)
        if timer is None:
            return await self._stalled_ai(row, send)
        now = self.now
        settings = await self.tables.settings(row.id)
        if timer.deadline_at is not None and now >= timer.deadline_at:
            done = replace(timer, next_reminder=None, warn_at=None, deadline_at=None)
            if not send_first and not await self.tables.claim_timer(timer, done):
                return 0
            reply = await self._deadline(row, settings, timer)
            went = reply is not None and await send(reply)
            if send_first:
                await self.tables.claim_timer(timer, done)   # after the move and its post (the move is saved)
            return int(went)
        warn_due = timer.warn_at is not None and now >= timer.warn_at
        remind_due = timer.next_reminder is not None and now >= timer.next_reminder
        if not (warn_due or remind_due):
            return 0
        seats, state, acting = await self.waiting(row)
        away = [s for s in acting if (await self.tables.vacation(row.id, seats[s].user_id))[1] > now]
        present = [s for s in acting if s not in away]
        interval = settings.reminder_hours * HOUR if settings.reminder_hours > 0 else None
        if not warn_due and interval and present:
            # a player gets one nudge per interval, whoever asks: those nudged by /remind since wait
            nudged = {s: await self.tables.last_nudged(row.id, seats[s].user_id) for s in present}
            recent = {s: at for s, at in nudged.items() if at is not None and now - at < interval}
            if len(recent) == len(present):
                later = replace(timer, next_reminder=min(recent.values()) + interval)
                await self.tables.claim_timer(timer, later)
                return 0
            present = [s for s in present if s not in recent]
        if not present:
            # everyone waited for is on vacation: no reminder until they are back
            back = max([(await self.tables.vacation(row.id, seats[s].user_id))[1] for s in away])
            later = replace(timer, next_reminder=back + (interval or 0) if interval else None)
            await self.tables.claim_timer(timer, later)
            return 0
        following = now + interval if interval else None
        if warn_due:
            new = replace(timer, warn_at=None, reminders_sent=timer.reminders_sent + 1,
                          next_reminder=max(timer.next_reminder or 0, following) if following else None)
        else:
            new = replace(timer, next_reminder=following, reminders_sent=timer.reminders_sent + 1)
        if not send_first and not await self.tables.claim_timer(timer, new):
            return 0
        reply = await self._reminder(row, seats, state, present, timer, settings, warn_due)
        went = await send(reply)
        if went:
            await self.tables.set_nudged(row.id, [seats[s].user_id for s in present], now)
        if send_first:
            await self.tables.claim_timer(timer, new)
        return int(went)

    async def _stalled_ai(self, row: GameRow, send: Send) -> int:
        """Seats the table plays still to move long after the last save: the
        process that was playing them died (under a lease, one process takes
        them over). Their moves go through the version check like any other."""
        if self.now - row.updated_at < STALLED_AI or row.state is None:
            return 0
        game = self.ctx.game_of(row)
        seats = await self.ctx.store.seats(row.id)
        state = self.ctx.state_of(row)
        acting = game.to_act(state)
        if not acting or any(s >= len(seats) or not seats[s].is_bot for s in acting):
            return 0
        loc = await self.notices.locale_for(row)
        async with self.ctx.lock(row.id):
            move = await ai_move(game, row, seats, state, acting[0])
            try:
                reply = await self.turns.commit(row, seats, state, move, None, loc)
            except VersionConflict:
                return 0   # somebody moved it meanwhile
            if reply.ephemeral:   # a sub-step with nothing public: the channel still sees the board
                row = await self.ctx.game_row(row.id)
                reply = await self.turns.post(row, seats, self.ctx.state_of(row), [], loc)
            reply.followups = []   # the AI seat's private notes are nobody's
        log.info("game %s: took over the table's stalled turn", row.id)
        return int(await send(reply))

    async def _reminder(self, row, seats, state, present, timer, settings, near_deadline) -> Reply:
        loc = await self.notices.locale_for(row)
        game = self.ctx.game_of(row)
        since = duration(self.now - timer.turn_started, loc)
        who = people.who(present, seats, loc)
        if near_deadline and timer.deadline_at is not None:
            answering = self._limit(row, state, settings)[1]
            text = t(loc, "reminder_deadline", who=who, game=game.display_name(loc), since=since,
                     left=duration(timer.deadline_at - self.now, loc),
                     policy=t(loc, "policy_answer" if answering else "policy_" + settings.policy))
        else:
            text = t(loc, "reminder", who=who, game=game.display_name(loc), since=since)
        reply = Reply(text, mentions=people.mentions(present, seats), game_id=row.id,
                      choices=self.turns.choices(game, state, present, row, loc))   # "Your move", one tap away
        await self.notices.route(reply, row, seats, state, dm_key="dm_reminder", since=since)
        reply.status = None   # a reminder changes nothing on the board
        return reply

    # ------------------------------------------------------------ deadlines

    async def _deadline(self, row: GameRow, settings: Settings, timer: Timer) -> Reply | None:
        """The table acts for every seat still waited for, by the game's policy."""
        ctx = self.ctx
        loc = await self.notices.locale_for(row)
        async with ctx.lock(row.id):
            row = await ctx.game_row(row.id)
            if row.status != "active" or (row.turn_started_at or row.updated_at) != timer.turn_started:
                return None   # somebody moved while we were deciding
            game = ctx.game_of(row)
            seats, state, acting = await self.waiting(row)
            hours, answering = self._limit(row, state, settings)
            if hours is None:
                return None   # the deadline was turned off after this timer was read: nobody is late
            policy = "answer" if answering else settings.policy
            heads: list[str] = []
            reply = None
            for seat in acting:
                name = people.names(seats, loc)[seat]
                played: list[str] = []
                if policy == "table":
                    await ctx.store.set_bot(row.id, seat, True)
                    seats = await ctx.store.seats(row.id)
                for _ in range(MAX_AUTO_STEPS):
                    state = ctx.state_of(row)
                    if row.status != "active" or seat not in game.to_act(state):
                        break
                    move = await self._absent_move(game, state, seat, row, seats, policy)
                    try:
                        reply = await self.turns.commit(row, seats, state, move, None, loc)
                    except VersionConflict:
                        return None
                    before = row.version
                    row = await ctx.game_row(row.id)
                    log_rows = await ctx.store.log(row.id, after_version=before)
                    played += [r.shown for r in log_rows if r.seat == seat and r.kind == "move"]   # sealed stays sealed
                    if policy in ("table", "answer"):
                        break   # the table plays the seat from now on (and did so in _commit_turn) / answered once
                key = "deadline_" + policy
                if policy == "skip" and any(m.strip().lower() not in PASS_WORDS for m in played):
                    key = "deadline_no_pass"   # the rules allowed no pass here: say what the table did
                heads.append(t(loc, key, name=name, hours=f"{hours:g}",
                               moves=", ".join(f"`{m}`" for m in played) or "—"))
            if reply is None:
                return None
            if reply.ephemeral:
                # the absent seat's turn did not pass (should not happen): post the board publicly anyway
                reply = await self.turns.post(row, seats, ctx.state_of(row), [], loc)
            reply.text = "\n".join(heads + [reply.text])
            reply.followups = []   # private notes of the absent seat are not for the channel
            return reply

    @staticmethod
    async def _absent_move(game, state, seat: int, row: GameRow, seats: list[SeatRow], policy: str):
        """``skip``: a pass where the rules allow one, else the rules' default move; ``answer``:
        the rules' default answer to a proposal (a refusal); ``auto`` and ``table``: the AI's move."""
        moves = game.legal_moves(state, seat)
        if policy == "skip":
            for word in PASS_WORDS:
                for move in moves:
                    if move.notation.strip().lower() == word:
                        return move
        if policy in ("skip", "answer"):
            return game.default_move(state, seat, bot_rng(row.seed, row.version))
        return await ai_move(game, row, seats, state, seat)
