"""The lists: ``/game list`` (the server's games, whose turn, for how
long), ``/game mine`` (every game waiting on the caller) and ``/log since``
(what happened since the caller's last move)."""

from __future__ import annotations

import time

from bot.table.context import TableContext
from bot.table.i18n import duration, entry_events, t
from bot.table.notices import where
from bot.table.replay import effective_moves
from bot.table.values import Actor, Place, Refused, Reply

LIST_LIMIT = 25


class Lists:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    async def _line(self, row, loc) -> tuple[str, list[int]]:
        game = self.ctx.game_of(row)
        seats = await self.ctx.store.seats(row.id)
        if row.status == "lobby":
            return (f"**{game.display_name(loc)}** {where(row)} — "
                    + t(loc, "list_lobby", seated=self.ctx.seated_list(seats)), [])
        state = self.ctx.state_of(row)
        acting = game.to_act(state)
        since = duration(self.ctx.clock.now() - (row.turn_started_at or row.updated_at), loc)
        return (f"**{game.display_name(loc)}** {where(row)} — "
                + t(loc, "list_turn", who=self.ctx.who(acting, seats), since=since),
                [seats[s].user_id for s in acting if s < len(seats) and not seats[s].is_bot])

    async def game_list(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        rows = await self.ctx.store.games(place.guild_id)
        if not rows:
            return Reply(t(loc, "list_empty"), ephemeral=True)
        lines = [t(loc, "list_head")]
        for row in rows[:LIST_LIMIT]:
            lines.append("• " + (await self._line(row, loc))[0])
        if len(rows) > LIST_LIMIT:
            lines.append(f"… (+{len(rows) - LIST_LIMIT})")
        return Reply("\n".join(lines)[:1990], ephemeral=True)

    async def mine(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        lines = []
        for row in await self.ctx.store.games_of_user(actor.user_id, ("active",)):
            if place.guild_id is not None and row.guild_id != place.guild_id:
                continue
            text, waiting_on = await self._line(row, loc)
            if actor.user_id in waiting_on:
                lines.append("• " + text)
        if not lines:
            return Reply(t(loc, "mine_empty"), ephemeral=True)
        return Reply("\n".join([t(loc, "mine_head")] + lines)[:1990], ephemeral=True)

    async def since(self, place: Place, actor: Actor) -> Reply:
        """Every log entry after the caller's last move still in effect."""
        loc = actor.locale
        row = await self.ctx.store.latest_game_in(place.channel_id)
        if row is None:
            raise Refused(t(loc, "no_game"))
        seats = await self.ctx.store.seats(row.id)
        mine = {s.seat for s in seats if s.user_id == actor.user_id}
        if not mine:
            raise Refused(t(loc, "spectator"))
        entries = await self.ctx.store.log(row.id)
        moves = effective_moves(entries)
        last = max((p.version for p in moves if p.seat in mine and p.kind == "move"), default=0)
        after = [e for e in entries if e.version > last]
        if not after:
            return Reply(t(loc, "since_none"), ephemeral=True)
        names = self.ctx.names(seats)
        lines = [t(loc, "since_head", game=self.ctx.game_of(row).display_name(loc))]
        for entry in after[-40:]:
            who = names[entry.seat] if entry.seat is not None and entry.seat < len(names) else "table"
            stamp = time.strftime("%m-%d %H:%M", time.gmtime(entry.created_at))
            what = {"move": entry.shown, "undo": f"undo {entry.text}", "resign": "resigns"}.get(entry.kind, entry.kind)
            detail = " ".join(self.ctx.fill(e, names) for e in entry_events(loc, entry))
            lines.append(f"`#{entry.version:>3}` {stamp} **{who}**: `{what}`" + (f" — {detail}" if detail else ""))
        text = "\n".join(lines)
        if len(text) > 1990:
            text = "…\n" + text[-1980:]
        return Reply(text, ephemeral=True)
