"""Where players hear about their turn (``/notify``) and the one pinned
status message per game.

:meth:`Notices.route` runs on every turn post and every reminder: players
who chose ``dm`` get a direct message instead of the channel ping, ``both``
get both, ``mute`` get neither (their name is still written). It also
attaches the game's status text, which the front end pins once and then
edits in place."""

from __future__ import annotations

from bot.table import marks, people, results
from bot.table.context import TableContext
from bot.table.i18n import scores_line, t
from bot.table.values import Actor, Reply, refusal
from storage.store import GameRow, GameStatus, GameSummary, SeatRow

MODES = ("channel", "dm", "both", "mute")
MODE_WORDS = {"channel": "channel", "salon": "channel", "dm": "dm", "mp": "dm", "both": "both", "les deux": "both",
              "mute": "mute", "off": "mute", "none": "mute", "silence": "mute"}


def where(row: GameRow | GameSummary) -> str:
    """The game's channel, as each front end links it."""
    return marks.channel(row.channel_id)


class Notices:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.tables = ctx.tables

    async def route(self, reply: Reply, row: GameRow, seats: list[SeatRow], state, *,
                    dm_key: str = "dm_turn", since: str = "") -> None:
        """Honour each mentioned player's choice; set the pinned status text."""
        game = self.ctx.game_of(row)
        keep: list[int] = []
        for uid in reply.mentions:
            mode = await self.tables.notify_mode(uid)
            if mode in ("channel", "both"):
                keep.append(uid)
            if mode in ("dm", "both"):
                loc = await self.locale_for(row)
                reply.direct.append((uid, t(loc, dm_key, game=game.display_name(loc), where=where(row), since=since)))
        reply.mentions = keep
        reply.channel_id = row.channel_id
        if row.state is not None:
            reply.status = self.status_text(row, seats, state, await self.locale_for(row))

    async def locale_for(self, row: GameRow) -> str | None:
        """Texts nobody asked for (reminders, DMs) and the channel's posts speak the table's language
        (``/game settings lang``), else the server's."""
        return await self.ctx.public_locale(row)

    def status_text(self, row: GameRow, seats: list[SeatRow], state, locale: str | None = None) -> str:
        """Whose turn, since when, the scores: the pinned glance."""
        game = self.ctx.game_of(row)
        names = people.names(seats, locale)
        result = results.final_result(row, game, state) if row.status != GameStatus.ABANDONED else None
        if row.status == GameStatus.ABANDONED:
            what = t(locale, "status_abandoned", game=game.display_name(locale))
            return f"📌 {what}"
        if result is not None:
            what = results.summary(result, names, locale).replace("\n", " — ")
        else:
            started = int(row.turn_started_at or row.updated_at)
            what = t(locale, "pin_turn", who=people.who(game.to_act(state), seats, locale),
                     since=marks.moment(started))
            scores = game.public_scores(state)
            if scores is not None:
                what += " · " + scores_line(locale, names, scores, game.score_unit)
        return t(locale, "status_pin", game=game.display_name(locale), what=what)[:1900]

    # ---- /notify

    async def set_mode(self, actor: Actor, mode: str | None) -> Reply:
        loc = actor.locale
        if not mode:
            current = await self.tables.notify_mode(actor.user_id)
            return Reply(t(loc, "notify_now", mode=t(loc, "notify_mode_" + current)), ephemeral=True)
        chosen = MODE_WORDS.get(str(mode).strip().lower()[:20])
        if chosen is None:
            return refusal(t(loc, "notify_bad"))
        await self.tables.set_notify_mode(actor.user_id, chosen)
        return Reply(t(loc, "notify_set", mode=t(loc, "notify_mode_" + chosen)), ephemeral=True)
