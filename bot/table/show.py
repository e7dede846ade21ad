"""Commands that show a game and change nothing: ``/game status``,
``/board``, ``/hand`` (private), ``/log`` and ``/rules``."""

from __future__ import annotations

import render
from bot.table import people, results
from bot.table.context import TableContext
from bot.table.i18n import duration, entry_events, hand_text, scores_line, status_line, t
from bot.table.log_lines import log_line
from bot.table.rulebook import page_messages, pages_of
from bot.table.turns import Turns
from bot.table.values import Actor, Place, Refused, Reply, message_chunks, refusal
from rules import registry
from rules.core import echo
from storage.kinds import GameStatus

LOG_PAGE = 15            # entries on a /log page at most
LOG_CHARS = 1900         # characters of a /log page at most (Discord takes 2000)
FULL_WORDS = ("", "full", "all", "whole", "board", "tout", "plateau", "complet")
AREA_WORDS = ("area", "zone", "turn", "focus", "partie", "tour")


def board_view(value: str | None) -> bool | None:
    """``/board view:`` — False for the whole board, True for the area the
    last turn changed, None for a word that is neither."""
    word = str(value or "").strip().lower()
    if word in FULL_WORDS:
        return False
    if word in AREA_WORDS:
        return True
    return None


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
        loc = await ctx.public_locale(row, loc)   # the answer is posted in the channel
        if row.status == GameStatus.LOBBY:
            return Reply(t(loc, "status_lobby", game=game.display_name(loc), seated=people.seated_list(seats, loc)))
        if row.status == GameStatus.ABANDONED:
            return Reply(t(loc, "status_abandoned", game=game.display_name(loc)))
        state = ctx.state_of(row)
        names = people.names(seats, loc)
        result = results.final_result(row, game, state)
        if result is not None:
            return Reply(t(loc, "status_finished", game=game.display_name(loc), summary=results.summary(result, names, loc)))
        lines = [f"**{game.display_name(loc)}**"]
        status = status_line(loc, game, state)
        if status:
            lines.append(people.fill(status, names))
        scores = game.public_scores(state)
        if scores is not None:
            lines.append(scores_line(loc, names, scores, game.score_unit))
        since = ctx.clock.now() - (row.turn_started_at or row.updated_at)
        lines.append(t(loc, "turn_of", who=people.who(game.to_act(state), seats, loc), since=duration(since, loc)))
        # "Your move" for whoever acts (each presser gets their own picker)
        return Reply("\n".join(lines), game_id=row.id, version=row.version,
                     choices=Turns.choices(game, state, [s for s in game.to_act(state) if not seats[s].is_bot], row, loc))

    async def board(self, place: Place, actor: Actor, view: str | None = None) -> Reply:
        """The board: ``view`` ``full`` (the default) is the whole board, ``area``
        the part the last turn changed beside a small overview (the turn post's
        image, for games whose whole board is too big for a phone)."""
        ctx = self.ctx
        loc = actor.locale
        area = board_view(view)
        if area is None:
            raise Refused(t(loc, "board_view_bad"))
        row = await ctx.store.latest_game_in(place.channel_id)
        if row is None or row.state is None:
            if row is not None and row.status == GameStatus.LOBBY:
                raise Refused(t(loc, "lobby_wait", seated=people.seated_list(await ctx.store.seats(row.id), loc)))
            raise Refused(t(loc, "no_game"))
        seats = await ctx.store.seats(row.id)
        state = ctx.state_of(row)
        last = await ctx.store.log(row.id, after_version=max(0, row.version - 1))
        events = [e for entry in last for e in entry_events(loc, entry)]
        reply = await self.status(place, actor)
        reply.image = await ctx.boards.png(row, seats, state, events, loc, area=area)
        if area and not render.has_focus(row.key):
            reply.text += "\n" + t(loc, "board_whole_only")
        reply.choices = []
        return reply

    async def hand(self, place: Place, actor: Actor) -> Reply:
        """The caller's private information; once the game is over (as long as
        ``/board`` still shows it), what they held at the end."""
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.store.latest_game_in(place.channel_id)
        if row is None:
            raise Refused(t(loc, "no_game"))
        seats = await ctx.store.seats(row.id)
        mine = [s.seat for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise Refused(t(loc, "spectator"))
        if row.status == GameStatus.LOBBY:
            raise Refused(ctx.not_active_text(row, seats, loc))
        if row.state is None:
            raise Refused(t(loc, "hand_closed"))
        game = ctx.game_of(row)
        state = ctx.state_of(row)
        parts = [] if row.status == GameStatus.ACTIVE else [t(loc, "hand_final")]
        for seat in mine:
            text = people.fill(hand_text(loc, game, state, seat), people.names(seats, loc))
            parts.append(text if len(mine) == 1 else t(loc, "hand_seat", name=seats[seat].name, seat=seat + 1) + "\n" + text)
        if row.status != "active":   # the heading introduces what follows: no blank line under it
            parts[:2] = ["\n".join(parts[:2])]
        return Reply("\n\n".join(parts), ephemeral=True)

    async def log(self, place: Place, actor: Actor, page: int | None = None) -> Reply:
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.store.latest_game_in(place.channel_id)
        if row is None:
            raise Refused(t(loc, "no_game"))
        seats = await ctx.store.seats(row.id)
        names = people.names(seats, loc)
        entries = await ctx.store.log(row.id)
        if not entries:
            return Reply(t(loc, "log_empty"), ephemeral=True)
        lines = []
        for entry in entries:
            lines.append(log_line(loc, entry, names))
        game = ctx.game_of(row).display_name(loc)
        head = t(loc, "log_page", game=game, page=len(lines), pages=len(lines))   # the longest a header gets
        book = log_pages(lines, LOG_CHARS - len(head) - 1)
        page = len(book) if page is None else max(1, min(int(page), len(book)))
        text = "\n".join([t(loc, "log_page", game=game, page=page, pages=len(book)), *book[page - 1]])
        return Reply(text, ephemeral=True)

    async def rules(self, key: str | None, actor: Actor, place: Place | None = None,
                    topic: str | None = None) -> Reply:
        """A game's rules: all of them, or one page (``topic``: overview, turn, scoring,
        notation, or a page's number or title)."""
        loc = actor.locale
        if not key and place is not None:
            row = await self.ctx.store.latest_game_in(place.channel_id)
            key = row.key if row else None
        if not key:
            lines = [f"`{g.key}` — {g.display_name(loc)} ({g.min_players}–{g.max_players})" for g in registry.all_games()]
            return Reply("\n".join(lines) or "—", ephemeral=True)
        try:
            game = registry.get(str(key)[:40])
        except KeyError:
            return refusal(t(loc, "unknown_game", key=echo(str(key)), keys=", ".join(registry.keys())))
        parts = page_messages(game, loc, topic) if topic else \
            message_chunks("\n\n".join(page.text for page in pages_of(game, loc)))
        first, *rest = parts
        return Reply(first, ephemeral=True, followups=[Reply(part, ephemeral=True) for part in rest])


def log_pages(lines: list[str], limit: int) -> list[list[str]]:
    """Log lines laid out on pages of at most ``LOG_PAGE`` entries and
    ``limit`` characters, cut between entries, never inside one: every
    entry is on exactly one page. An entry longer than a whole page (a turn
    with very many events) has a page of its own, its tail cut short."""
    book: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if len(line) > limit:
            line = line[:limit - 1] + "…"
        if book[-1] and (len(book[-1]) >= LOG_PAGE or size + 1 + len(line) > limit):
            book.append([])
            size = 0
        book[-1].append(line)
        size += len(line) + (1 if size else 0)
    return book
