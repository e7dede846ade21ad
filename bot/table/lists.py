"""The lists: ``/game list`` (the server's games, whose turn, for how
long), ``/game mine`` (every game waiting on the caller) and ``/log since``
(what happened since the caller's last move)."""

from __future__ import annotations

from bot.table import people
from bot.table.context import TableContext
from bot.table.i18n import duration, t
from bot.table.log_lines import log_line
from bot.table.movelog import effective_moves
from bot.table.notices import where
from bot.table.values import Actor, Place, Refused, Reply
from storage.store import GameStatus, GameSummary, LogKind

LIST_LIMIT = 25
MINE_PAGE = 200          # summaries read at a time for /game mine


class Lists:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    async def _acting(self, summary: GameSummary) -> list[int]:
        """Whose turn it is, from the summary columns; a game not saved since
        they exist (to_act unknown) is read once from its state."""
        if summary.to_act is not None:
            return summary.to_act
        row = await self.ctx.store.game(summary.id)
        return self.ctx.game_of(row).to_act(self.ctx.state_of(row)) if row and row.state else []

    async def _line(self, summary: GameSummary, loc) -> tuple[str, list[int]]:
        game = self.ctx.game_of(summary)
        seats = list(summary.seats)
        if summary.status == GameStatus.LOBBY:
            return (f"**{game.display_name(loc)}** {where(summary)} — "
                    + t(loc, "list_lobby", seated=people.seated_list(seats, loc)), [])
        acting = await self._acting(summary)
        since = duration(self.ctx.clock.now() - (summary.turn_started_at or summary.updated_at), loc)
        return (f"**{game.display_name(loc)}** {where(summary)} — "
                + t(loc, "list_turn", who=people.who(acting, seats, loc), since=since),
                [seats[s].user_id for s in acting if s < len(seats) and not seats[s].is_bot])

    async def game_list(self, place: Place, actor: Actor, page: int = 1) -> Reply:
        """The server's open games, 25 a page (``page`` from 1), from the
        summary columns: no state is read."""
        loc = actor.locale
        total = await self.ctx.store.count_games(place.guild_id)
        if not total:
            return Reply(t(loc, "list_empty"), ephemeral=True)
        last_page = (total - 1) // LIST_LIMIT + 1
        skip = (max(1, min(page, last_page)) - 1) * LIST_LIMIT   # a page past the end shows the last one
        summaries = await self.ctx.store.summaries(place.guild_id, offset=skip, limit=LIST_LIMIT)
        lines = [t(loc, "list_head")]
        for summary in summaries:
            lines.append("• " + (await self._line(summary, loc))[0])
        if total > skip + len(summaries):
            lines.append(f"… (+{total - skip - len(summaries)})")
        return Reply("\n".join(lines)[:1990], ephemeral=True)

    async def mine(self, place: Place, actor: Actor) -> Reply:
        """Every game of this server (or everywhere, in a DM) waiting on the
        caller, from the summary columns, a page of games at a time."""
        loc = actor.locale
        lines = []
        after = 0
        while page := await self.ctx.store.summaries_of_user(actor.user_id, (GameStatus.ACTIVE,), after_id=after,
                                                             limit=MINE_PAGE, guild_id=place.guild_id):
            for summary in page:
                text, waiting_on = await self._line(summary, loc)
                if actor.user_id in waiting_on:
                    lines.append("• " + text)
            after = page[-1].id
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
        last = max((p.version for p in moves if p.seat in mine and p.kind == LogKind.MOVE), default=0)
        after = [e for e in entries if e.version > last]
        if not after:
            return Reply(t(loc, "since_none"), ephemeral=True)
        names = people.names(seats, loc)
        lines = [t(loc, "since_head", game=self.ctx.game_of(row).display_name(loc))]
        for entry in after[-40:]:
            lines.append(log_line(loc, entry, names))
        text = "\n".join(lines)
        if len(text) > 1990:
            text = "…\n" + text[-1980:]
        return Reply(text, ephemeral=True)
