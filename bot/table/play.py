"""A game in play: ``/move`` (typed or by button), autocomplete of legal
moves, ``/undo`` and ``/resign``. Every change is checked against the
version it read: of two moves sent at once exactly one applies; the other
is tried again on the new position or refused, never lost.

A move after which the table may play a seat (an AI seat, a seat handed to
the table) runs under the game's lease (:mod:`storage.leases`, the lease of
the game's reminders and deadlines): the scheduler of another process never
plays the same AI turn meanwhile, and if this process dies in the middle of
it, the lease expires and that scheduler takes the turn over (the stalled
path of :mod:`bot.table.reminders`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.table import people, results
from bot.table.ai_seats import ai_move
from bot.table.context import LOG_WINDOW, TableContext
from bot.table.i18n import label_text, refusal_text, t, tn
from bot.table.movelog import Played, effective_moves
from bot.table.names import named
from bot.table.turns import Turns
from bot.table.values import MAX_INPUT, Actor, Choice, Place, Refused, Reply, refusal
from rules.core import Game, IllegalMove, Move, Result
from rules.phrases import BY_RESIGNATION
from storage.leases import Leases, game_lease
from storage.store import GameRow, GameStatus, LogKind, SeatRow, VersionConflict

RETRIES = 5              # attempts when another move lands first
UNDO_MAX = 50
LEASE_TRIES = 30         # a game leased by another process (a reminder, a deadline's turn: short work) …
LEASE_PAUSE = 0.1        # … is asked for again this often (real seconds), then the move is refused as busy


class Play:
    def __init__(self, ctx: TableContext, turns: Turns) -> None:
        self.ctx = ctx
        self.turns = turns
        self.leases = Leases(ctx.store)      # this process's owner: the same as its scheduler's

    @asynccontextmanager
    async def table_turns(self, row: GameRow, loc, needed: bool = True) -> AsyncIterator[None]:
        """Run the block under the game's lease when ``needed`` (the table
        may play a seat after it); refused as busy while another process
        keeps the game longer than a command can wait."""
        if not needed:
            yield
            return
        for _ in range(LEASE_TRIES):
            async with self.leases.holding(game_lease(row.id), self.ctx.clock) as held:
                if held:
                    yield
                    return
            await asyncio.sleep(LEASE_PAUSE)
        raise Refused(t(loc, "busy"))

    # ---- moves

    async def move(self, place: Place, actor: Actor, text: str, expected_version: int | None = None) -> Reply:
        ctx = self.ctx
        loc = actor.locale
        text = (text or "").strip()
        ctx.check_length(text, loc)
        for attempt in range(RETRIES):
            row = await ctx.open_row(place, loc)
            async with ctx.lock(row.id):
                row = await ctx.game_row(row.id)
                if expected_version is not None and row.version != expected_version:
                    raise Refused(t(loc, "stale_button"))
                if row.status != "active":
                    raise Refused(ctx.not_active_text(row, await ctx.store.seats(row.id), loc))
                seats = await ctx.store.seats(row.id)
                game = ctx.game_of(row)
                state = ctx.state_of(row)
                try:
                    move = self.parse_for_actor(game, state, seats, actor, text)
                except IllegalMove as exc:
                    msg = refusal_text(loc, exc)
                    raise Refused(t(loc, "moved_on", error=msg) if attempt else msg) from None
                try:
                    async with self.table_turns(row, loc, needed=any(s.is_bot for s in seats)):
                        return await self.turns.commit(row, seats, state, move, actor, loc)
                except VersionConflict:
                    continue   # another process moved first: re-read and try again
        raise Refused(t(loc, "busy"))

    async def press(self, place: Place, actor: Actor, version: int, index: int) -> Reply:
        """A move button: the index-th legal move of the presser, offered at
        ``version``. A button from an older position is refused, never
        reinterpreted against the new one."""
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.open_row(place, loc)
        if row.version != version:
            raise Refused(t(loc, "stale_button"))
        seats = await ctx.store.seats(row.id)
        if row.status != "active":   # a forged or odd button on a table still in the lobby (no state yet)
            raise Refused(ctx.not_active_text(row, seats, loc))
        game = ctx.game_of(row)
        state = ctx.state_of(row)
        seat = ctx.acting_seats(game, state, seats, actor)[0]
        moves = game.legal_moves(state, seat)
        if not 0 <= index < len(moves):
            raise Refused(t(loc, "stale_button"))
        return await self.move(place, actor, moves[index].notation, expected_version=version)

    def parse_for_actor(self, game: Game, state, seats: list[SeatRow], actor: Actor, text: str) -> Move:
        """The move the text names for the first of the person's acting seats
        where it is legal; the first seat's error when it is legal for none."""
        first_error: IllegalMove | None = None
        for seat in self.ctx.acting_seats(game, state, seats, actor):
            try:
                return game.parse(state, seat, text)
            except IllegalMove as exc:
                first_error = first_error or exc
        assert first_error is not None   # acting_seats refuses rather than return no seat
        raise first_error

    async def legal(self, place: Place, actor: Actor, typed: str = "", limit: int = 25) -> list[Move]:
        """Legal moves for the caller filtered by what they typed (for
        autocomplete): prefix matches first, then substring matches."""
        ctx = self.ctx
        row = await ctx.store.open_game_in(place.channel_id)
        if row is None or row.status != "active":
            return []
        seats = await ctx.store.seats(row.id)
        game = ctx.game_of(row)
        state = ctx.state_of(row)
        try:
            mine = ctx.acting_seats(game, state, seats, actor)
        except Refused:
            return []
        typed = (typed or "")[:MAX_INPUT].strip().lower()
        moves, named = [], set()
        for seat in mine:   # one person running several acting seats sees them all (a notation once)
            for m in game.legal_moves(state, seat):
                if m.notation not in named:
                    named.add(m.notation)
                    moves.append(m)
        # labels in the caller's language (the rules may give them as message keys)
        moves = [Move(m.seat, m.notation, label_text(actor.locale, m), m.data) if m.said else m for m in moves]
        starts = [m for m in moves if m.notation.lower().startswith(typed)]
        inside = [m for m in moves if typed and typed in m.display().lower() and m not in starts]
        return (starts + inside)[:limit]

    # ---- undo

    @staticmethod
    def undoable(moves: list[Played], seats: list[SeatRow], actor: Actor, count: int, loc) -> list[Played]:
        """The caller's trailing moves that may be taken back: theirs, with
        no other seat acting since, never across a barrier."""
        mine = {s.seat for s in seats if s.user_id == actor.user_id}
        tail: list[Played] = []
        for played in reversed(moves):
            if len(tail) >= count:
                break
            if played.kind != "move" or played.seat not in mine or played.user_id != actor.user_id:
                if not tail:
                    why = "undo_none" if not any(p.seat in mine for p in moves) else "undo_other_acted"
                    raise Refused(t(loc, "nothing_to_undo", why=t(loc, why)))
                break
            if played.barrier:
                if not tail:
                    raise Refused(t(loc, "nothing_to_undo", why=t(loc, "undo_barrier")))
                break
            tail.append(played)
        if not tail:
            raise Refused(t(loc, "nothing_to_undo", why=t(loc, "undo_none")))
        return tail

    async def undo(self, place: Place, actor: Actor, confirm: bool = False, count: int = 1,
                   expected_version: int | None = None) -> Reply:
        actor = named(actor)   # the name goes into a public post
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.open_row(place, loc)
        async with ctx.lock(row.id):
            row = await ctx.game_row(row.id)
            seats = await ctx.store.seats(row.id)
            if not any(s.user_id == actor.user_id for s in seats):
                raise Refused(t(loc, "spectator"))
            if row.status != "active":
                raise Refused(ctx.not_active_text(row, seats, loc))
            if expected_version is not None and expected_version != row.version:
                raise Refused(t(loc, "undo_stale"))
            count = max(1, min(int(count), UNDO_MAX))
            # the log's tail first: a game of 2,000 moves costs what one of 20 does
            after = max(0, row.version - LOG_WINDOW)
            log = await ctx.store.log(row.id, after_version=after)
            moves = effective_moves(log)
            mine = {s.seat for s in seats if s.user_id == actor.user_id}
            try:
                tail = self.undoable(moves, seats, actor, count, loc)
                short = after > 0 and len(tail) < count and len(tail) == len(moves)
            except Refused:
                if after == 0 or any(p.seat in mine for p in moves):
                    raise
                short = True        # which refusal it is depends on moves before the tail
            if short:
                after, log = 0, await ctx.store.log(row.id)
                moves = effective_moves(log)
                tail = self.undoable(moves, seats, actor, count, loc)
            listing = ", ".join(f"`{p.text}`" for p in reversed(tail))
            if not confirm:
                return Reply(tn(loc, "undo_preview", len(tail), moves=listing), ephemeral=True,
                             choices=[Choice(t(loc, "undo_button", n=len(tail)), "undo", str(len(tail)), row.id, row.version)])
            game = ctx.game_of(row)
            # in a worker, from the nearest snapshot: other games' commands go on meanwhile
            state = await ctx.rebuild(row, len(seats), log, len(tail), whole=after == 0)
            if state is None:       # no snapshot on the path within the tail: from the whole log
                state = await ctx.rebuild(row, len(seats), await ctx.store.log(row.id), len(tail), whole=True)
            text = t(await ctx.public_locale(row, loc), "undo_done", name=actor.name, moves=listing)   # the log's line
            try:
                version = await ctx.store.record(
                    row.id, row.version, state=game.dump(state), kind=LogKind.UNDO, seat=tail[0].seat,
                    user_id=actor.user_id, text=str(len(tail)), barrier=False,
                    events=[text], now=ctx.clock.now(), **ctx.summary_fields(game, state))
            except VersionConflict:
                raise Refused(t(loc, "undo_stale")) from None
            ctx.remember(row.id, version, state)
            row = await ctx.row_after(row.id, version, GameStatus.ACTIVE)
            return await self.turns.post(row, seats, state, [], loc)

    # ---- resign

    async def may_resign(self, place: Place, actor: Actor) -> Reply | None:
        """None when this person could resign here now; else the refusal
        (so that only players are asked to confirm)."""
        ctx = self.ctx
        try:
            row = await ctx.open_row(place, actor.locale)
            seats = await ctx.store.seats(row.id)
            if not any(s.user_id == actor.user_id and not s.is_bot for s in seats):
                raise Refused(t(actor.locale, "spectator"))
            if row.status != "active":
                raise Refused(ctx.not_active_text(row, seats, actor.locale))
        except Refused as exc:
            return refusal(str(exc))
        return None

    async def resign(self, place: Place, actor: Actor) -> Reply:
        actor = named(actor)   # the name goes into a public post
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.open_row(place, loc)
        async with ctx.lock(row.id):
            row = await ctx.game_row(row.id)
            seats = await ctx.store.seats(row.id)
            mine = ctx.playing_seats(row, seats, actor)
            game = ctx.game_of(row)
            state = ctx.state_of(row)
            loc = await ctx.public_locale(row, loc)   # a public post and the log's line
            names = people.names(seats, loc)
            humans = {s.user_id for s in seats if not s.is_bot and s.user_id != actor.user_id}
            now = ctx.clock.now()
            if not humans:
                status, result, text = GameStatus.ABANDONED, None, t(loc, "resigned_solo", name=actor.name)
            elif len(humans) == 1:
                # one person left: they win, everyone who resigned shares last place
                winner = next(iter(humans))
                ranks = [1 if s.user_id == winner else 2 for s in seats]
                scores = game.public_scores(state) or [0] * len(seats)
                result = Result.of(list(scores), ranks, BY_RESIGNATION())
                status = GameStatus.FINISHED
                text = t(loc, "resigned_end", name=actor.name, summary=results.summary(result, names, loc))
            else:
                status, result, text = GameStatus.ACTIVE, None, t(loc, "resigned", name=actor.name)
            stored = row.state
            assert stored is not None   # playing_seats refused a game with no state (in the lobby)
            async with self.table_turns(row, loc, needed=status == "active"):   # the table plays the seat now
                version = await ctx.store.record(
                    row.id, row.version, state=stored, kind=LogKind.RESIGN, seat=mine[0], user_id=actor.user_id,
                    text="resign", barrier=True, events=[text], now=now, status=status,
                    result=results.result_json(result, people.names(seats)) if result else None,
                    **ctx.summary_fields(game, state))
                ctx.remember(row.id, version, state)
                for seat in mine:
                    await ctx.store.set_bot(row.id, seat, True)
                row = await ctx.row_after(row.id, version, status)
                seats = await ctx.store.seats(row.id)
                if status == "active":
                    acting_bots = [s for s in game.to_act(state) if seats[s].is_bot]
                    if acting_bots and self.turns.ai_after_post:   # the resignation posts, the table's turn after it
                        return self.turns.answered_after(await self.turns.post(row, seats, state, [], loc), row.id, loc)
                    if acting_bots:
                        move = await ai_move(game, row, seats, state, acting_bots[0])
                        return await self.turns.commit(row, seats, state, move, None, loc)
                    return await self.turns.post(row, seats, state, [], loc)
            if not ctx.announce_after_post:
                await ctx.store.mark_announced(row.id, row.version)
            reply = Reply(text, game_id=row.id, version=row.version, announces=True)
            if status == "finished":
                reply.image = await ctx.boards.png(row, seats, state, [], loc)
            return reply
