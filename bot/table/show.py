"""Commands that show a game and change nothing: ``/game status``,
``/board``, ``/hand`` (private), ``/log`` and ``/rules``."""

from __future__ import annotations

import time

from bot.table.context import TableContext
from bot.table.i18n import duration, t
from bot.table.rulebook import page_messages
from bot.table.values import Actor, Place, Refused, Reply, message_chunks, refusal
from rules import registry
from rules.core import echo

LOG_PAGE = 15


class Show:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    async def status(self, place: Place, actor: Actor) -> Reply:
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.store.latest_game_in(place.channel_id)
        if row is None:
            raise Refused(t(loc, "no_game"))
        game = ctx.game_of(row)
        seats = await ctx.store.seats(row.id)
        if row.status == "lobby":
            return Reply(t(loc, "status_lobby", game=game.display_name(loc), seated=ctx.seated_list(seats)))
        if row.status == "abandoned":
            return Reply(t(loc, "status_abandoned", game=game.display_name(loc)))
        state = ctx.state_of(row)
        names = ctx.names(seats)
        result = ctx.final_result(row, game, state)
        if result is not None:
            return Reply(t(loc, "status_finished", game=game.display_name(loc), summary=ctx.summary(result, names)))
        lines = [f"**{game.display_name(loc)}**"]
        status = game.status_text(state, loc)
        if status:
            lines.append(status)
        scores = game.public_scores(state)
        if scores is not None:
            lines.append(" · ".join(f"{n}: {s:g}" for n, s in zip(names, scores, strict=False)))
        since = ctx.clock.now() - (row.turn_started_at or row.updated_at)
        lines.append(t(loc, "turn_of", who=ctx.who(game.to_act(state), seats), since=duration(since, loc)))
        return Reply("\n".join(lines), game_id=row.id, version=row.version)

    async def board(self, place: Place, actor: Actor) -> Reply:
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.store.latest_game_in(place.channel_id)
        if row is None or row.state is None:
            if row is not None and row.status == "lobby":
                raise Refused(t(loc, "lobby_wait", seated=ctx.seated_list(await ctx.store.seats(row.id))))
            raise Refused(t(loc, "no_game"))
        seats = await ctx.store.seats(row.id)
        state = ctx.state_of(row)
        last = await ctx.store.log(row.id, after_version=max(0, row.version - 1))
        events = [e for entry in last for e in entry.events]
        reply = await self.status(place, actor)
        reply.image = await ctx.board_image(row, seats, state, events, loc)
        reply.choices = []
        return reply

    async def hand(self, place: Place, actor: Actor) -> Reply:
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.open_row(place, loc)
        seats = await ctx.store.seats(row.id)
        mine = [s.seat for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise Refused(t(loc, "spectator"))
        if row.status != "active":
            raise Refused(ctx.not_active_text(row, seats, loc))
        game = ctx.game_of(row)
        state = ctx.state_of(row)
        parts = []
        for seat in mine:
            text = game.private_text(state, seat, loc)
            parts.append(text if len(mine) == 1 else f"**{seats[seat].name} — seat {seat + 1}**\n{text}")
        return Reply("\n\n".join(parts), ephemeral=True)

    async def log(self, place: Place, actor: Actor, page: int | None = None) -> Reply:
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.store.latest_game_in(place.channel_id)
        if row is None:
            raise Refused(t(loc, "no_game"))
        seats = await ctx.store.seats(row.id)
        names = ctx.names(seats)
        entries = await ctx.store.log(row.id)
        if not entries:
            return Reply(t(loc, "log_empty"), ephemeral=True)
        pages = (len(entries) + LOG_PAGE - 1) // LOG_PAGE
        page = pages if page is None else max(1, min(int(page), pages))
        chunk = entries[(page - 1) * LOG_PAGE: page * LOG_PAGE]
        lines = [t(loc, "log_page", game=ctx.game_of(row).display_name(loc), page=page, pages=pages)]
        for entry in chunk:
            who = names[entry.seat] if entry.seat is not None and entry.seat < len(names) else "table"
            stamp = time.strftime("%m-%d %H:%M", time.gmtime(entry.created_at))
            what = {"move": entry.shown, "undo": f"undo {entry.text}", "resign": "resigns"}[entry.kind]
            detail = "; ".join(ctx.fill(e, names) for e in entry.events)
            lines.append(f"`#{entry.version:>3}` {stamp} **{who}**: `{what}`" + (f" — {detail}" if detail else ""))
        return Reply("\n".join(lines)[:1900], ephemeral=True)

    async def rules(self, key: str | None, actor: Actor, place: Place | None = None,
                    topic: str | None = None) -> Reply:
        """A game's rules: all of them, or one page (``topic``: overview, turn, scoring,
        notation, or a page's number or title)."""
        loc = actor.locale
        if not key and place is not None:
            row = await self.ctx.store.latest_game_in(place.channel_id)
            key = row.key if row else None
        if not key:
            lines = [f"`{g.key}` — {g.name} ({g.min_players}–{g.max_players})" for g in registry.all_games()]
            return Reply("\n".join(lines) or "—", ephemeral=True)
        try:
            game = registry.get(str(key)[:40])
        except KeyError:
            return refusal(t(loc, "unknown_game", key=echo(str(key)), keys=", ".join(registry.keys())))
        parts = page_messages(game, loc, topic) if topic else message_chunks(game.rules_text(loc))
        first, *rest = parts
        return Reply(first, ephemeral=True, followups=[Reply(part, ephemeral=True) for part in rest])
