"""Seat changes during a game: ``/handover member`` offers the caller's
seat to another member, who takes it with a button (or ``/accept``);
``/handover`` alone leaves the seat to the table, which plays it from then
on. Finished games are never touched, so their results stay."""

from __future__ import annotations

from bot.table.ai_seats import ai_move
from bot.table.context import TableContext
from bot.table.i18n import t
from bot.table.reminders import Reminders
from bot.table.turns import Turns
from bot.table.values import Actor, Choice, Place, Refused, Reply
from storage.async_tables import Offer
from storage.kinds import GameStatus


class Seats:
    def __init__(self, ctx: TableContext, turns: Turns, reminders: Reminders) -> None:
        self.ctx = ctx
        self.tables = ctx.tables
        self.turns = turns
        self.reminders = reminders

    async def handover(self, place: Place, actor: Actor, member: tuple[int, str, bool] | None) -> Reply:
        """``member``: (user id, display name, is a bot) or None for the table."""
        loc = actor.locale
        ctx = self.ctx
        row = await ctx.open_row(place, loc)
        seats = await ctx.store.seats(row.id)
        mine = ctx.playing_seats(row, seats, actor)
        game = ctx.game_of(row)
        if member is None:
            async with ctx.lock(row.id):
                row = await ctx.game_row(row.id)
                for seat in mine:
                    await ctx.store.set_bot(row.id, seat, True)
                seats = await ctx.store.seats(row.id)
                state = ctx.state_of(row)
                loc = await ctx.public_locale(row, loc)   # a public post
                text = t(loc, "handover_table", name=actor.name, game=game.display_name(loc))
                bots = [s for s in game.to_act(state) if seats[s].is_bot]
                humans = [s for s in game.to_act(state) if not seats[s].is_bot]
                if bots and not humans and self.turns.ai_after_post:   # said now, the seat played after it
                    return self.turns.answered_after(Reply(text, game_id=row.id), row.id, loc)
                if bots and not humans:
                    # the table plays the seat at once if it was waited for
                    move = await ai_move(game, row, seats, state, bots[0])
                    reply = await self.turns.commit(row, seats, state, move, None, loc)
                    reply.text = text + "\n" + reply.text
                    reply.followups = []
                    return reply
            return Reply(text, game_id=row.id)
        if not (isinstance(member, tuple) and len(member) == 3 and isinstance(member[0], int)):
            raise Refused(t(loc, "handover_who"))   # not a member the front end resolved
        uid, name, is_bot = member
        if is_bot:
            raise Refused(t(loc, "handover_bot"))
        if uid == actor.user_id:
            raise Refused(t(loc, "handover_self"))
        if any(s.user_id == uid for s in seats):
            raise Refused(t(loc, "handover_seated", to=name))
        now = ctx.clock.now()
        for seat in mine:
            await self.tables.put_offer(Offer(row.id, seat, actor.user_id, uid, str(name)[:80], now))
        loc = await ctx.public_locale(row, loc)   # a public post
        return Reply(t(loc, "handover_offer", name=actor.name, game=game.display_name(loc), to=name), mentions=[uid],
                     choices=[Choice(t(loc, "accept_label"), "accept", str(row.id), row.id, row.version)],
                     game_id=row.id)

    async def accept(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        ctx = self.ctx
        row = await ctx.open_row(place, loc)
        if row.status != GameStatus.ACTIVE:
            raise Refused(ctx.not_active_text(row, await ctx.store.seats(row.id), loc))
        offers = await self.tables.offers_to(row.id, actor.user_id)
        if not offers:
            raise Refused(t(loc, "handover_none"))
        seats = await ctx.store.seats(row.id)
        taken = []
        async with ctx.lock(row.id):
            for offer in offers:
                if await self.tables.take_seat(Offer(offer.game_id, offer.seat, offer.from_user, actor.user_id,
                                                     actor.name, offer.offered), ctx.clock.now()):
                    taken.append(offer)
        if not taken:
            raise Refused(t(loc, "handover_none"))
        previous = next((s.name for s in seats if s.seat == taken[0].seat), "?")
        game = ctx.game_of(row)
        await self.reminders.restart_timer(row.id)   # a new player gets a fresh clock
        loc = await ctx.public_locale(row, loc)   # a public post
        return Reply(t(loc, "handover_done", to=actor.name, name=previous, game=game.display_name(loc)), game_id=row.id)
