"""A table before play: ``/game new``, ``join``, ``leave``, ``start`` and
``cancel``. Seats change only in the lobby, each change checked against the
version it read, so two people joining at once both get their seat."""

from __future__ import annotations

import os

from bot.table.context import TableContext
from bot.table.i18n import t
from bot.table.names import named
from bot.table.notices import Notices
from bot.table.turns import Turns
from bot.table.values import Actor, Place, Refused, Reply
from rules import registry
from rules.core import Game, IllegalMove, Rng, echo
from storage.store import ChannelBusy, SeatRow, VersionConflict

RETRIES = 5              # attempts when another change lands first
RANDOM_ORDER = ("random", "shuffle", "shuffled", "hasard")


class Lobby:
    def __init__(self, ctx: TableContext, turns: Turns, notices: Notices) -> None:
        self.ctx = ctx
        self.turns = turns
        self.notices = notices

    async def new_game(self, place: Place, actor: Actor, key: str, options: dict[str, str] | None = None,
                       seed: int | None = None) -> Reply:
        actor = named(actor)   # the name goes into the seats and public posts
        ctx = self.ctx
        options = options or {}
        loc = actor.locale
        for k, v in options.items():
            ctx.check_length(f"{k}{v}", loc)
        try:
            game = registry.get(key)
        except KeyError:
            raise Refused(t(loc, "unknown_game", key=echo(str(key)), keys=", ".join(registry.keys()))) from None
        try:
            resolved = game.resolve_options(options)
        except IllegalMove as exc:
            raise Refused(exc.localized(loc)) from None
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        try:
            row = await ctx.store.create_game(guild_id=place.guild_id, channel_id=place.channel_id, key=game.key,
                                              options=resolved, seed=seed, creator_id=actor.user_id,
                                              creator_name=actor.name, now=ctx.clock.now())
        except ChannelBusy:
            busy = await ctx.store.open_game_in(place.channel_id)
            raise Refused(t(loc, "channel_busy", key=busy.key if busy else "?",
                            status=busy.status if busy else "?")) from None
        opts = "".join(f", {k}={v}" for k, v in resolved.items())
        players = f"{game.min_players}–{game.max_players}" if game.min_players != game.max_players \
            else str(game.min_players)
        return Reply(t(loc, "created", name=actor.name, game=game.display_name(loc), players=players, opts=opts),
                     game_id=row.id, version=row.version)

    async def join(self, place: Place, actor: Actor) -> Reply:
        actor = named(actor)   # the name goes into the seats and public posts
        ctx = self.ctx
        loc = actor.locale
        for _ in range(RETRIES):
            row = await ctx.open_row(place, loc)
            if row.status != "lobby":
                raise Refused(t(loc, "not_in_lobby"))
            seats = await ctx.store.seats(row.id)
            if any(s.user_id == actor.user_id for s in seats):
                raise Refused(t(loc, "already_joined"))
            game = ctx.game_of(row)
            if len(seats) >= game.max_players:
                raise Refused(t(loc, "table_full", max=game.max_players))
            people = [(s.user_id, s.name) for s in seats] + [(actor.user_id, actor.name)]
            try:
                await ctx.store.set_lobby_seats(row.id, row.version, people, ctx.clock.now())
            except VersionConflict:
                continue
            return Reply(t(loc, "joined", name=actor.name, seated=", ".join(n for _, n in people)))
        raise Refused(t(loc, "busy"))

    async def leave(self, place: Place, actor: Actor) -> Reply:
        actor = named(actor)   # the name goes into the seats and public posts
        ctx = self.ctx
        loc = actor.locale
        for _ in range(RETRIES):
            row = await ctx.open_row(place, loc)
            seats = await ctx.store.seats(row.id)
            if not any(s.user_id == actor.user_id for s in seats):
                raise Refused(t(loc, "not_seated"))
            if row.status != "lobby":
                raise Refused(t(loc, "use_resign"))
            people = [(s.user_id, s.name) for s in seats if s.user_id != actor.user_id]
            try:
                if not people:
                    await ctx.store.set_status(row.id, row.version, "abandoned", ctx.clock.now())
                    return Reply(t(loc, "left_last", name=actor.name))
                await ctx.store.set_lobby_seats(row.id, row.version, people, ctx.clock.now())
            except VersionConflict:
                continue
            return Reply(t(loc, "left", name=actor.name, seated=", ".join(n for _, n in people)))
        raise Refused(t(loc, "busy"))

    async def start(self, place: Place, actor: Actor, order: str = "join") -> Reply:
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.open_row(place, loc)
        if row.status != "lobby":
            raise Refused(t(loc, "not_in_lobby"))
        seats = await ctx.store.seats(row.id)
        if actor.user_id != row.creator_id and not actor.manage:
            raise Refused(t(loc, "only_creator_start", creator=seats[0].name if seats else "?"))
        game = ctx.game_of(row)
        options = game.options_for_players(len(seats), row.options)
        try:
            game.check_players(len(seats), options)
        except IllegalMove as exc:
            raise Refused(exc.localized(loc)) from None
        people = list(seats)
        if str(order).strip().lower() in RANDOM_ORDER:
            Rng(row.seed ^ 0x5EA7).shuffle(people)
        owners = game.seat_owners(len(people), options)
        state = game.setup(len(owners), row.seed, options)
        final = [SeatRow(seat, people[p].user_id, seat_name(game, state, people[p].name, seat, owners), False)
                 for seat, p in enumerate(owners)]
        try:
            version = await ctx.store.start(row.id, row.version, final, game.dump(state), ctx.clock.now(),
                                            options=options if options != row.options else None)
        except VersionConflict:
            raise Refused(t(loc, "busy")) from None
        ctx.remember(row.id, version, state)
        row = await ctx.store.game(row.id)
        listing = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(final))
        text = t(loc, "started", game=game.display_name(loc), seats=listing)
        return await self.turns.post(row, final, state, [text], loc)

    async def cancel(self, place: Place, actor: Actor) -> Reply:
        actor = named(actor)   # the name goes into the seats and public posts
        ctx = self.ctx
        loc = actor.locale
        row = await ctx.open_row(place, loc)
        seats = await ctx.store.seats(row.id)
        if actor.user_id != row.creator_id and not actor.manage:
            creator = next((s.name for s in seats if s.user_id == row.creator_id), "the creator")
            raise Refused(t(loc, "only_creator_cancel", creator=creator))
        try:
            await ctx.store.set_status(row.id, row.version, "abandoned", ctx.clock.now())
        except VersionConflict:
            raise Refused(t(loc, "busy")) from None
        reply = Reply(t(loc, "cancelled", name=actor.name), game_id=row.id)
        if row.state is not None:   # a game in play has a pinned status: say it ended
            row = await ctx.store.game(row.id)
            reply.status = self.notices.status_text(row, seats, ctx.state_of(row), loc)
        return reply


def seat_name(game: Game, state, name: str, seat: int, owners: list[int]) -> str:
    """A person's name, or, when they play several seats (solo), their name
    with the seat's own label so that the seats can be told apart."""
    if owners.count(owners[seat]) == 1:
        return name
    return f"{name} · {game.seat_label(state, seat) or f'seat {seat + 1}'}"
