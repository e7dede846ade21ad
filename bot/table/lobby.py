"""A table before play: ``/game new``, ``join``, ``leave``, ``start`` and
``cancel``. Seats change only in the lobby, each change checked against the
version it read, so two sitting joining at once both get their seat."""

from __future__ import annotations

import os

from ai import LEVELS
from bot.table import people
from bot.table.ai_seats import (
    AI_USERS,
    MAX_AI_SEATS,
    ai_level,
    ai_move,
    ai_name,
    parse_level,
    shown_name,
    unproven_note,
)
from bot.table.context import TableContext
from bot.table.i18n import is_french, refusal_text, say, t, tn
from bot.table.names import named
from bot.table.notices import Notices
from bot.table.turns import Turns
from bot.table.values import Actor, Choice, Place, Refused, Reply
from rules import registry
from rules.core import Game, IllegalMove, Rng, echo
from rules.wording import Said
from storage.store import ChannelBusy, GameStatus, SeatRow, VersionConflict

RETRIES = 5              # attempts when another change lands first
RANDOM_ORDER = ("random", "shuffle", "shuffled", "hasard")
JOIN_ORDER = ("join", "joined", "seated", "arrivée", "arrivee")


def new_seed() -> int:
    """A new game's seed: drawn by chance, so no two tables deal alike (a benchmark replays one by
    putting its own in place of this)."""
    return int.from_bytes(os.urandom(6), "big")


class Lobby:
    def __init__(self, ctx: TableContext, turns: Turns, notices: Notices) -> None:
        self.ctx = ctx
        self.turns = turns
        self.notices = notices

    async def new_game(self, place: Place, actor: Actor, key: str, options: dict[str, str] | None = None,
                       seed: int | None = None, ai: int = 0, level: str | None = None) -> Reply:
        """Open a table; ``ai`` AI players of ``level`` take seats at once (the
        opener sits first)."""
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
            raise Refused(refusal_text(loc, exc)) from None
        chosen_level = parse_level(level)
        if chosen_level is None:
            raise Refused(t(loc, "ai_level_bad", level=echo(str(level))))
        if ai and not game.has_ai:
            raise Refused(t(loc, "ai_unavailable", game=game.display_name(loc)))
        if not 0 <= ai <= min(MAX_AI_SEATS, game.max_players - 1):
            raise Refused(tn(loc, "ai_count_bad", min(MAX_AI_SEATS, game.max_players - 1)))
        if seed is None:
            seed = new_seed()
        try:
            row = await ctx.store.create_game(guild_id=place.guild_id, channel_id=place.channel_id, key=game.key,
                                              options=resolved, seed=seed, creator_id=actor.user_id,
                                              creator_name=actor.name, now=ctx.clock.now())
        except ChannelBusy:
            busy = await ctx.store.open_game_in(place.channel_id)
            status = t(loc, "busy_lobby" if busy and busy.status == "lobby" else "busy_active")
            raise Refused(t(loc, "channel_busy", game=ctx.game_of(busy).display_name(loc) if busy else "?",
                            status=status)) from None
        loc = await ctx.public_locale(row, loc)   # a public post: the table's language from here on
        opts = "".join(f", {k}={v}" for k, v in resolved.items())
        players = f"{game.min_players}–{game.max_players}" if game.min_players != game.max_players \
            else str(game.min_players)
        text = tn(loc, "created", game.max_players, name=actor.name, game=game.display_name(loc), players=players,
                  opts=opts)
        if game.options:     # what each option changes, so a table can be re-opened with another
            text += "\n" + t(loc, "options_head", key=game.key) + "".join(
                "\n" + t(loc, "option_line", option=o.key, value=resolved[o.key], choices="|".join(o.choices),
                          what=say(loc, game.option_said(o))) for o in game.options)
        if ai:
            sitting = [(actor.user_id, actor.name)] + [(AI_USERS[chosen_level], ai_name(chosen_level, n + 1 if ai > 1 else None))
                                                      for n in range(ai)]
            await ctx.store.set_lobby_seats(row.id, row.version, sitting, ctx.clock.now())
            row = await ctx.game_row(row.id)
            text += "\n" + t(loc, "joined", name=", ".join(shown(sitting[1:], loc)), seated=", ".join(shown(sitting, loc)))
            text += unproven_note(game, chosen_level, loc)
        return Reply(text, game_id=row.id, version=row.version, choices=lobby_choices(game, 1 + ai, loc))

    async def add_ai(self, place: Place, actor: Actor, level: str | None = None) -> Reply:
        """``/game addai [level]``: an AI player takes the next seat in the lobby."""
        ctx = self.ctx
        loc = actor.locale
        chosen = parse_level(level)
        if chosen is None:
            raise Refused(t(loc, "ai_level_bad", level=echo(str(level))))
        for _ in range(RETRIES):
            row = await ctx.open_row(place, loc)
            if row.status != "lobby":
                raise Refused(t(loc, "not_in_lobby"))
            seats = await ctx.store.seats(row.id)
            if not any(s.user_id == actor.user_id for s in seats) and not actor.manage:
                raise Refused(t(loc, "ai_add_who"))
            game = ctx.game_of(row)
            if not game.has_ai:
                raise Refused(t(loc, "ai_unavailable", game=game.display_name(loc)))
            if len(seats) >= game.max_players:
                raise Refused(tn(loc, "table_full", game.max_players))
            same = sum(1 for s in seats if s.user_id == AI_USERS[chosen])
            sitting = [(s.user_id, s.name) for s in seats]
            if same == 1:   # number the first one too, so the two read apart
                sitting = [(uid, ai_name(chosen, 1) if uid == AI_USERS[chosen] else name) for uid, name in sitting]
            name = ai_name(chosen, same + 1 if same else None)
            sitting.append((AI_USERS[chosen], name))
            try:
                await ctx.store.set_lobby_seats(row.id, row.version, sitting, ctx.clock.now())
            except VersionConflict:
                continue
            loc = await ctx.public_locale(row, loc)
            return Reply(t(loc, "joined", name=shown_name(AI_USERS[chosen], name, loc), seated=", ".join(shown(sitting, loc)))
                         + unproven_note(game, chosen, loc), choices=lobby_choices(game, len(sitting), loc))
        raise Refused(t(loc, "busy"))

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
                raise Refused(tn(loc, "table_full", game.max_players))
            sitting = [(s.user_id, s.name) for s in seats] + [(actor.user_id, actor.name)]
            try:
                await ctx.store.set_lobby_seats(row.id, row.version, sitting, ctx.clock.now())
            except VersionConflict:
                continue
            loc = await ctx.public_locale(row, loc)
            return Reply(t(loc, "joined", name=actor.name, seated=", ".join(shown(sitting, loc))),
                         choices=lobby_choices(game, len(sitting), loc))
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
            sitting = [(s.user_id, s.name) for s in seats if s.user_id != actor.user_id]
            try:
                if not sitting:
                    await ctx.store.set_status(row.id, row.version, GameStatus.ABANDONED, ctx.clock.now())
                    return Reply(t(await ctx.public_locale(row, loc), "left_last", name=actor.name))
                await ctx.store.set_lobby_seats(row.id, row.version, sitting, ctx.clock.now())
            except VersionConflict:
                continue
            loc = await ctx.public_locale(row, loc)
            return Reply(t(loc, "left", name=actor.name, seated=", ".join(shown(sitting, loc))),
                         choices=lobby_choices(ctx.game_of(row), len(sitting), loc))
        raise Refused(t(loc, "busy"))

    async def start(self, place: Place, actor: Actor, order: str | None = None) -> Reply:
        """Seat the players and deal. ``order``: "join" or "random"; by default the
        rulebook's way of choosing the first player (``Game.first_player``)."""
        ctx = self.ctx
        loc = actor.locale
        chosen = str(order or "").strip().lower()
        if chosen and chosen not in RANDOM_ORDER + JOIN_ORDER:
            raise Refused(t(loc, "start_order_bad", typed=echo(str(order), 30)))
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
            raise Refused(refusal_text(loc, exc)) from None
        sitting = list(seats)
        shuffled = chosen in RANDOM_ORDER or (not chosen and game.first_player == "random")
        if shuffled:
            Rng(row.seed ^ 0x5EA7).shuffle(sitting)
        owners = game.seat_owners(len(sitting), options)
        state = game.setup(len(owners), row.seed, options)
        loc = await ctx.public_locale(row, loc)   # the seats' names and the post are the channel's
        final = [SeatRow(seat, sitting[p].user_id, seat_name(game, state, sitting[p].name, seat, owners, loc),
                         ai_level(sitting[p].user_id) is not None)   # the table plays its AI seats
                 for seat, p in enumerate(owners)]
        try:
            version = await ctx.store.start(row.id, row.version, final, game.dump(state), ctx.clock.now(),
                                            options=options if options != row.options else None,
                                            **ctx.summary_fields(game, state))
        except VersionConflict:
            raise Refused(t(loc, "busy")) from None
        ctx.remember(row.id, version, state)
        row = await ctx.game_row(row.id)
        listing = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(people.names(final, loc)))
        acting = game.to_act(state)
        head = [t(loc, "started", game=game.display_name(loc), seats=listing),
                first_player_line(game, final, chosen, loc, acting, game.first_seat(state))]
        if acting and all(final[s].is_bot for s in acting):   # an AI opens: it plays before anyone is asked
            if self.turns.ai_after_post:   # the start posts at once, the AI's opening after it
                return self.turns.answered_after(await self.turns.post(row, final, state, head, loc), row.id, loc)
            move = await ai_move(game, row, final, state, acting[0])
            reply = await self.turns.commit(row, final, state, move, None, loc)
            reply.text = "\n".join(head + [reply.text])
            return reply
        return await self.turns.post(row, final, state, head, loc)

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
            await ctx.store.set_status(row.id, row.version, GameStatus.ABANDONED, ctx.clock.now())
        except VersionConflict:
            raise Refused(t(loc, "busy")) from None
        loc = await ctx.public_locale(row, loc)   # the channel's post
        reply = Reply(t(loc, "cancelled", name=actor.name), game_id=row.id)
        if row.state is not None:   # a game in play has a pinned status: say it ended
            row = await ctx.game_row(row.id)
            reply.status = self.notices.status_text(row, seats, ctx.state_of(row), loc)
        return reply


def first_player_line(game: Game, seats: list[SeatRow], chosen: str, loc, acting: list[int] | None = None,
                      drawn: int | None = None) -> str:
    """Who starts, and why: the order the starter asked for, or the rulebook's rule. The one named is
    the first player the game drew itself (``drawn``: The First Sparks deals its herbs cards, and the
    second player is the first asked, its tile laid beside the first player's), else the seat the
    game asks first; when several seats act at once, only the rule is told."""
    if drawn is not None and drawn < len(seats):
        first = drawn
    else:
        first = acting[0] if acting and len(acting) == 1 and acting[0] < len(seats) else 0
    name = shown_name(seats[first].user_id, seats[first].name, loc)
    if chosen in RANDOM_ORDER:
        return t(loc, "first_chosen_random", name=name)
    if chosen in JOIN_ORDER:
        return t(loc, "first_chosen_join", name=name)
    en, fr = game.first_player_rule
    rule = fr if is_french(loc) and fr else en
    if is_french(loc) and rule[1:2].islower():
        rule = rule[0].lower() + rule[1:]      # French writes no capital after a colon
    if rule and acting is not None and len(acting) > 1:
        return t(loc, "first_rule", rule=rule)
    return t(loc, "first_rulebook", name=name, rule=rule) if rule else t(loc, "first_seated", name=name)


def shown(sitting: list[tuple[int, str]], loc) -> list[str]:
    """Lobby seats' ``(user id, name)`` as a reader in ``loc`` reads them (AI players' levels in that language)."""
    return [shown_name(uid, name, loc) for uid, name in sitting]


def seat_name(game: Game, state, name: str, seat: int, owners: list[int], loc=None) -> str:
    """A person's name, or, when they play several seats (solo), their name
    with the seat's own label (in the table's language) so that the seats can be told apart."""
    if owners.count(owners[seat]) == 1:
        return name
    label = game.seat_label(state, seat)
    label = say(loc, label) if isinstance(label, Said) else label
    return f"{name} · {label or t(loc, 'seat_n', n=seat + 1)}"


def lobby_choices(game: Game, seated: int, loc: str | None) -> list[Choice]:
    """The buttons under a lobby post, so that a table fills and starts by taps: Join and Add an AI
    (one button a level) while a seat is free, Start once enough are taken. Each runs its command
    for the presser, who passes the same checks as by typing it (Start: the creator or a moderator)."""
    choices = []
    if seated < game.max_players:
        choices.append(Choice(t(loc, "lobby_join"), "run", "game join"))
        if game.has_ai:   # one button a level: the level is a tap, not a second question
            choices += [Choice(t(loc, f"lobby_add_ai_{level}"), "run", f"game addai level:{level}") for level in LEVELS]
    if seated >= game.min_players:
        choices.append(Choice(t(loc, "lobby_start"), "run", "game start"))
    return choices
