"""``/hint``: the AI's suggestion for the caller's move, privately, with a
one-line reason. Allowed where it spoils nobody's game: by default a table
with one person (solo against AI players); the ``hints`` setting of
``/game settings`` turns it on or off for everyone at the table.

A hint repeats: it searches the level's fixed iteration budget seeded by the game
and its version (:func:`bot.table.ai_seats.ai_decision`), so the same position gives
the same hint on any machine and any shard. The move is shown as typed in ``/move``,
alone in a code span, and carried in ``Reply.move`` for a front end's button."""

from __future__ import annotations

from bot.table.ai_pool import PoolFailed
from bot.table.ai_seats import ai_decision
from bot.table.context import TableContext
from bot.table.i18n import label_text, t, tn
from bot.table.values import Actor, Choice, Place, Refused, Reply
from rules.picker import tree

HINT_LEVEL = "normal"


class Hints:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    @staticmethod
    def allowed(seats, setting: bool | None) -> bool:
        """The table's choice; by default a hint spoils nobody's game at a table with one person."""
        if setting is not None:
            return setting
        return len({s.user_id for s in seats if not s.is_bot}) <= 1

    async def hint(self, place: Place, actor: Actor) -> Reply:
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.open_row(place, loc)
        seats = await ctx.store.seats(row.id)
        ctx.playing_seats(row, seats, actor)
        if not self.allowed(seats, (await ctx.tables.settings(row.id)).hints):
            raise Refused(t(loc, "hint_off"))
        game = ctx.game_of(row)
        if not game.has_ai:
            raise Refused(t(loc, "ai_unavailable", game=game.display_name(loc)))
        state = ctx.state_of(row)
        seat = ctx.acting_seats(game, state, seats, actor)[0]
        try:
            decision = await ai_decision(game, row, seats, state, seat, HINT_LEVEL)
        except PoolFailed:
            raise Refused(t(loc, "busy")) from None
        why = {"search": tn(loc, "hint_search", decision.iterations, pct=round(100 * decision.score)),
               "look-ahead": t(loc, "hint_look", pct=round(100 * decision.score))}.get(decision.how) \
            or t(loc, "hint_only")
        move = decision.move
        label = label_text(loc, move) if move.said else move.label
        if label and label != move.notation:
            text = t(loc, "hint_what", move=move.notation, what=label, why=why)
        else:
            text = t(loc, "hint", move=move.notation, why=why)
        reply = Reply(text, ephemeral=True, game_id=row.id, version=row.version, move=move.notation)
        path = tree(game, state, seat).path_of(move)
        if path is not None:   # one tap to its preview, then Confirm
            reply.choices = [Choice(t(loc, "hint_see"), "pick", ".".join(map(str, path)), row.id, row.version)]
        return reply
