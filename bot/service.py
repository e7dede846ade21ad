"""The table service: every command of the bot, free of Discord.

It loads a channel's game, asks the rules, saves through the store (with
the version check) and renders the board in a worker thread. Its answers
are data (:class:`Reply`: text, image bytes, mentions, private parts,
buttons), so the Discord adapter and the local console show the same thing.
"""

from __future__ import annotations

import asyncio
import functools
import os
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import render
from bot.clock import SystemClock
from bot.i18n import duration, t
from bot.replay import Played, bot_rng, effective_moves, replay
from render.kit import Table
from rules import registry
from rules.core import Game, IllegalMove, Move, Result, Rng, echo
from storage.store import ChannelBusy, GameRow, SeatRow, Store, VersionConflict

MAX_INPUT = 200          # characters of a typed move or option
BUTTON_LIMIT = 5         # at most this many legal moves become buttons
LOG_PAGE = 15
RETRIES = 5              # attempts when another move lands first


# ------------------------------------------------------------ values


@dataclass(frozen=True)
class Actor:
    """Who sent a command, as the front end knows them."""

    user_id: int
    name: str
    manage: bool = False          # may manage the channel (moderator)
    locale: str | None = None


@dataclass(frozen=True)
class Place:
    channel_id: int
    guild_id: int | None = None


@dataclass(frozen=True)
class Choice:
    """A button: pressing it sends ``/move <notation>`` (or ``/undo yes``)."""

    label: str
    command: str
    arg: str
    game_id: int = 0
    version: int = 0


@dataclass
class Reply:
    text: str
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    mentions: list[int] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    followups: list["Reply"] = field(default_factory=list)
    ok: bool = True
    game_id: int | None = None
    version: int | None = None
    direct: list[tuple[int, str]] = field(default_factory=list)   # (user id, text): DMs to send
    status: str | None = None          # the game's pinned status text, to edit in place
    channel_id: int | None = None      # where a notice from no command goes (reminders, deadlines)
    announces: bool = False            # a turn post: once it went out, call ``announced(game_id, version)``


def message_chunks(text: str, limit: int = 1990) -> list[str]:
    """Text cut into Discord-sized messages at line breaks (a line longer than
    the limit is cut at its last space), so nothing is lost."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            if current:
                out.append(current)
                current = ""
            out.append(line[:cut])
            line = line[cut:].lstrip()
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            out.append(current)
            joined = line
        current = joined
    out.append(current)
    return [part for part in out if part.strip()] or ["—"]


def refusal(text: str) -> Reply:
    return Reply(text, ephemeral=True, ok=False)


class Refused(Exception):
    """A command the table turns down; the message goes to the caller only."""


def answers(command):
    """Make a command method answer a :class:`Refused` with a private
    refusal reply, so each command reads as its happy path."""

    @functools.wraps(command)
    async def wrapper(*args, **kwargs) -> Reply:
        try:
            return await command(*args, **kwargs)
        except Refused as exc:
            return refusal(str(exc))

    return wrapper


# ------------------------------------------------------------ service


class TableService:
    def __init__(self, store: Store, clock=None, *, render_images: bool = True) -> None:
        self.store = store
        self.clock = clock or SystemClock()
        self.render_images = render_images
        # False: a turn post counts as announced when the service builds it (the local table prints it at
        # once). True: only when the front end calls ``announced`` after the post really went out, so a
        # process killed or refused by Discord before posting announces the move after restart.
        self.announce_after_post = False
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[tuple[int, int], object] = OrderedDict()   # (game, version) -> state
        self._images: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        # async play (issue 8): each part in its own module, reached from here
        from bot.asyncplay import AsyncPlay
        self.asyncplay = AsyncPlay(self)
        self.notices = self.asyncplay.notices

    async def due_notices(self) -> list[Reply]:
        """Reminders and deadline actions due by ``self.clock`` (each sent once)."""
        return await self.asyncplay.scheduler.due_notices()

    # ---- helpers

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _game_of(self, row: GameRow) -> Game:
        return registry.get(row.key)

    def _state(self, row: GameRow):
        """The parsed state of a row, cached by version so a busy game is
        not decoded again for every command."""
        cache_key = (row.id, row.version)
        state = self._states.get(cache_key)
        if state is None:
            state = self._game_of(row).load(row.state)
            self._states[cache_key] = state
            if len(self._states) > 256:
                self._states.popitem(last=False)
        else:
            self._states.move_to_end(cache_key)
        return state

    def _remember(self, row_id: int, version: int, state) -> None:
        self._states[(row_id, version)] = state
        if len(self._states) > 256:
            self._states.popitem(last=False)

    async def _open_row(self, place: Place, locale) -> GameRow:
        row = await self.store.open_game_in(place.channel_id)
        if row is None:
            raise Refused(t(locale, "no_game"))
        return row

    @staticmethod
    def _names(seats: list[SeatRow]) -> list[str]:
        return [s.name for s in seats]

    @staticmethod
    def _fill(text: str, names: list[str]) -> str:
        for i, name in enumerate(names):
            text = text.replace("{p%d}" % i, name)
        return text

    @staticmethod
    def _seat_name(game: Game, state, name: str, seat: int, owners: list[int]) -> str:
        """A person's name, or, when they play several seats (solo), their
        name with the seat's own label so the seats can be told apart."""
        if owners.count(owners[seat]) == 1:
            return name
        return f"{name} · {game.seat_label(state, seat) or f'seat {seat + 1}'}"

    @staticmethod
    def _seated_list(seats: list[SeatRow]) -> str:
        return ", ".join(s.name for s in seats) or "—"

    def _who(self, acting: list[int], seats: list[SeatRow]) -> str:
        names = []
        for seat in acting:
            if seat < len(seats) and seats[seat].name not in names:
                names.append(seats[seat].name)
        return ", ".join(names) or "—"

    def _mentions(self, acting: list[int], seats: list[SeatRow]) -> list[int]:
        out: list[int] = []
        for seat in acting:
            if seat < len(seats) and not seats[seat].is_bot and seats[seat].user_id not in out:
                out.append(seats[seat].user_id)
        return out

    @staticmethod
    def _check_length(text: str, locale) -> None:
        if len(text) > MAX_INPUT:
            raise Refused(t(locale, "too_long", length=len(text), limit=MAX_INPUT))

    async def _run(self, coro) -> Reply:
        """:func:`answers` for a coroutine of another module (the async-play helpers)."""
        try:
            return await coro
        except Refused as exc:
            return refusal(str(exc))

    # ---- rendering

    async def board_image(self, row: GameRow, seats: list[SeatRow], state, events: list[str] | None = None,
                          locale: str | None = None) -> bytes | None:
        if not self.render_images:
            return None
        cache_key = (row.id, row.version)
        if cache_key in self._images:
            return self._images[cache_key]
        game = self._game_of(row)
        names = self._names(seats)
        finished = row.status != "active"
        table = Table(names=names, to_act=[] if finished else game.to_act(state), title=game.display_name(locale),
                      last_events=[self._fill(e, names) for e in (events or [])],
                      finished=finished, locale=locale)
        view = game.view(state, None)
        png = await asyncio.to_thread(render.board_png, row.key, view, table)
        self._images[cache_key] = png
        if len(self._images) > 64:
            self._images.popitem(last=False)
        return png

    # ================================================================ lobby

    @answers
    async def new_game(self, place: Place, actor: Actor, key: str, options: dict[str, str] | None = None,
                       seed: int | None = None) -> Reply:
        options = options or {}
        loc = actor.locale
        for k, v in options.items():
            self._check_length(f"{k}{v}", loc)
        try:
            game = registry.get(key)
        except KeyError:
            raise Refused(t(loc, "unknown_game", key=echo(str(key)), keys=", ".join(registry.keys())))
        try:
            resolved = game.resolve_options(options)
        except IllegalMove as exc:
            raise Refused(exc.localized(loc))
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        try:
            row = await self.store.create_game(guild_id=place.guild_id, channel_id=place.channel_id, key=game.key,
                                               options=resolved, seed=seed, creator_id=actor.user_id,
                                               creator_name=actor.name, now=self.clock.now())
        except ChannelBusy:
            busy = await self.store.open_game_in(place.channel_id)
            raise Refused(t(loc, "channel_busy", key=busy.key if busy else "?", status=busy.status if busy else "?"))
        opts = "".join(f", {k}={v}" for k, v in resolved.items())
        players = f"{game.min_players}–{game.max_players}" if game.min_players != game.max_players \
            else str(game.min_players)
        return Reply(t(loc, "created", name=actor.name, game=game.display_name(loc), players=players, opts=opts),
                     game_id=row.id, version=row.version)

    @answers
    async def join(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        for _ in range(RETRIES):
            row = await self._open_row(place, loc)
            if row.status != "lobby":
                raise Refused(t(loc, "not_in_lobby"))
            seats = await self.store.seats(row.id)
            if any(s.user_id == actor.user_id for s in seats):
                raise Refused(t(loc, "already_joined"))
            game = self._game_of(row)
            if len(seats) >= game.max_players:
                raise Refused(t(loc, "table_full", max=game.max_players))
            people = [(s.user_id, s.name) for s in seats] + [(actor.user_id, actor.name)]
            try:
                await self.store.set_lobby_seats(row.id, row.version, people, self.clock.now())
            except VersionConflict:
                continue
            return Reply(t(loc, "joined", name=actor.name, seated=", ".join(n for _, n in people)))
        raise Refused(t(loc, "busy"))

    @answers
    async def leave(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        for _ in range(RETRIES):
            row = await self._open_row(place, loc)
            seats = await self.store.seats(row.id)
            if not any(s.user_id == actor.user_id for s in seats):
                raise Refused(t(loc, "not_seated"))
            if row.status != "lobby":
                raise Refused(t(loc, "use_resign"))
            people = [(s.user_id, s.name) for s in seats if s.user_id != actor.user_id]
            try:
                if not people:
                    await self.store.set_status(row.id, row.version, "abandoned", self.clock.now())
                    return Reply(t(loc, "left_last", name=actor.name))
                await self.store.set_lobby_seats(row.id, row.version, people, self.clock.now())
            except VersionConflict:
                continue
            return Reply(t(loc, "left", name=actor.name, seated=", ".join(n for _, n in people)))
        raise Refused(t(loc, "busy"))

    @answers
    async def start(self, place: Place, actor: Actor, order: str = "join") -> Reply:
        loc = actor.locale
        row = await self._open_row(place, loc)
        if row.status != "lobby":
            raise Refused(t(loc, "not_in_lobby"))
        seats = await self.store.seats(row.id)
        if actor.user_id != row.creator_id and not actor.manage:
            raise Refused(t(loc, "only_creator_start", creator=seats[0].name if seats else "?"))
        game = self._game_of(row)
        try:
            game.check_players(len(seats), row.options)
        except IllegalMove as exc:
            raise Refused(exc.localized(loc))
        people = list(seats)
        if str(order).strip().lower() in ("random", "shuffle", "shuffled", "hasard"):
            Rng(row.seed ^ 0x5EA7).shuffle(people)
        owners = game.seat_owners(len(people), row.options)
        state = game.setup(len(owners), row.seed, row.options)
        final = [SeatRow(seat, people[p].user_id, self._seat_name(game, state, people[p].name, seat, owners), False)
                 for seat, p in enumerate(owners)]
        try:
            version = await self.store.start(row.id, row.version, final, game.dump(state), self.clock.now())
        except VersionConflict:
            raise Refused(t(loc, "busy"))
        self._remember(row.id, version, state)
        row = await self.store.game(row.id)
        listing = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(final))
        text = t(loc, "started", game=game.display_name(loc), seats=listing)
        reply = await self._turn_post(row, final, state, [text], loc)
        return reply

    @answers
    async def cancel(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        row = await self._open_row(place, loc)
        seats = await self.store.seats(row.id)
        if actor.user_id != row.creator_id and not actor.manage:
            creator = next((s.name for s in seats if s.user_id == row.creator_id), "the creator")
            raise Refused(t(loc, "only_creator_cancel", creator=creator))
        try:
            await self.store.set_status(row.id, row.version, "abandoned", self.clock.now())
        except VersionConflict:
            raise Refused(t(loc, "busy"))
        reply = Reply(t(loc, "cancelled", name=actor.name), game_id=row.id)
        if row.state is not None:   # a game in play has a pinned status: say it ended
            row = await self.store.game(row.id)
            reply.status = self.notices.status_text(row, seats, self._state(row), loc)
        return reply

    # ================================================================ play

    @answers
    async def move(self, place: Place, actor: Actor, text: str, expected_version: int | None = None) -> Reply:
        loc = actor.locale
        text = (text or "").strip()
        self._check_length(text, loc)
        first_error: str | None = None
        for attempt in range(RETRIES):
            row = await self._open_row(place, loc)
            async with self._lock(row.id):
                row = await self.store.game(row.id)
                if expected_version is not None and row.version != expected_version:
                    raise Refused(t(loc, "stale_button"))
                if row.status != "active":
                    raise Refused(self._not_active_text(row, await self.store.seats(row.id), loc))
                seats = await self.store.seats(row.id)
                game = self._game_of(row)
                state = self._state(row)
                try:
                    move = self._parse_for_actor(game, state, seats, actor, text)
                except IllegalMove as exc:
                    msg = exc.localized(loc)
                    raise Refused(t(loc, "moved_on", error=msg) if attempt and first_error is None else msg)
                try:
                    return await self._commit_turn(row, seats, state, move, actor, loc)
                except VersionConflict:
                    continue   # another process moved first: re-read and try again
        raise Refused(t(loc, "busy"))

    @answers
    async def press(self, place: Place, actor: Actor, version: int, index: int) -> Reply:
        """A move button: the index-th legal move of the presser, offered at
        ``version``. A button from an older position is refused, never
        reinterpreted against the new one."""
        loc = actor.locale
        row = await self._open_row(place, loc)
        if row.version != version:
            raise Refused(t(loc, "stale_button"))
        seats = await self.store.seats(row.id)
        if row.status != "active":   # a forged or odd button on a table still in the lobby (no state yet)
            raise Refused(self._not_active_text(row, seats, loc))
        game = self._game_of(row)
        state = self._state(row)
        seat = self._actor_seat(game, state, seats, actor)
        moves = game.legal_moves(state, seat)
        if not 0 <= index < len(moves):
            raise Refused(t(loc, "stale_button"))
        return await self.move(place, actor, moves[index].notation, expected_version=version)

    def _playing_seats(self, row: GameRow, seats: list[SeatRow], actor: Actor) -> list[int]:
        """The seats this person plays themselves in a game in play, or a clear refusal."""
        mine = [s.seat for s in seats if s.user_id == actor.user_id and not s.is_bot]
        if not mine:
            raise Refused(t(actor.locale, "spectator"))
        if row.status != "active":
            raise Refused(self._not_active_text(row, seats, actor.locale))
        return mine

    def _actor_seat(self, game: Game, state, seats: list[SeatRow], actor: Actor) -> int:
        """The seat this person may move now, or a clear refusal."""
        return self._actor_seats(game, state, seats, actor)[0]

    def _actor_seats(self, game: Game, state, seats: list[SeatRow], actor: Actor) -> list[int]:
        """Every seat this person may move now (several when one person runs
        seats that act together, as in a solo game), or a clear refusal."""
        loc = actor.locale
        mine = [s.seat for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise Refused(t(loc, "spectator"))
        acting = game.to_act(state)
        out = [seat for seat in acting if seat in mine and not seats[seat].is_bot]
        if not out:
            raise Refused(t(loc, "not_your_turn", who=self._who(acting, seats)))
        return out

    def _parse_for_actor(self, game: Game, state, seats: list[SeatRow], actor: Actor, text: str) -> Move:
        """The move the text names for the first of the person's acting seats
        where it is legal; the first seat's error when it is legal for none."""
        first_error: IllegalMove | None = None
        for seat in self._actor_seats(game, state, seats, actor):
            try:
                return game.parse(state, seat, text)
            except IllegalMove as exc:
                first_error = first_error or exc
        raise first_error

    async def _commit_turn(self, row: GameRow, seats: list[SeatRow], state, move: Move, actor: Actor | None,
                           loc) -> Reply:
        """Apply one move (and any bot seats' moves after it), saving each,
        then build the reply: the public turn post when the turn passed,
        a private 'continue' note when the same seat still acts."""
        game = self._game_of(row)
        names = self._names(seats)
        acting_before = game.to_act(state)
        version = row.version
        public: list[str] = []
        private: list[str] = []
        played: list[str] = []
        movers: set[int] = set()   # seats that moved (the table may have played others after this one)
        for _ in range(10000):
            draws = game.rng_draws(state)
            new_state, events = game.apply(state, move)
            barrier = game.rng_draws(new_state) != draws or any(e.reveal for e in events)
            pub = [e.text for e in events if e.private_to is None]
            private += [self._fill(e.localized(loc), names) for e in events
                        if e.private_to is not None and e.private_to == move.seat]
            result = game.result(new_state)
            status = "finished" if result is not None else "active"
            result_json = self._result_json(result, names) if result else None
            turn_changed = game.to_act(new_state) != game.to_act(state)
            version = await self.store.record(
                row.id, version, state=game.dump(new_state), kind="move", seat=move.seat,
                user_id=actor.user_id if actor and seats[move.seat].user_id == actor.user_id else None,
                text=move.notation, public_text=game.log_text(state, move), barrier=barrier, events=pub,
                now=self.clock.now(), status=status,
                result=result_json, turn_changed=turn_changed)
            self._remember(row.id, version, new_state)
            public += pub
            played.append(move.notation)
            movers.add(move.seat)
            state = new_state
            actor = None
            # the table plays seats whose player resigned or was replaced
            bots = [s for s in game.to_act(state) if seats[s].is_bot]
            humans = [s for s in game.to_act(state) if not seats[s].is_bot]
            if result is not None or not bots or humans:
                break
            move = game.default_move(state, bots[0], bot_rng(row.seed, version))
        row = await self.store.game(row.id)
        acting_after = game.to_act(state)
        if acting_after == acting_before and row.status == "active" and len(movers) == 1:
            # a sub-step: the same seat goes on; show them privately where they are
            hint = self._choices_hint(game, state, acting_after[0] if acting_after else None, loc)
            reply = Reply(t(loc, "continue", moves=", ".join(played), hint=hint), ephemeral=True,
                          game_id=row.id, version=row.version)
            reply.image = await self.board_image(row, seats, state, public, loc)
            if private:
                reply.text += "\n" + "\n".join(private)
            reply.choices = self._choices(game, state, acting_after, row)
            return reply
        post = await self._turn_post(row, seats, state, [], loc)
        if private:
            post.followups.append(Reply("\n".join(private), ephemeral=True))
        return post

    def _result_json(self, result: Result, names: list[str]) -> dict:
        data = result.to_json()
        data["names"] = names
        return data

    def _choices(self, game: Game, state, acting: list[int], row: GameRow) -> list[Choice]:
        if len(acting) != 1:
            return []
        moves = game.legal_moves(state, acting[0])
        if not 0 < len(moves) <= BUTTON_LIMIT:
            return []
        return [Choice((m.label or m.notation)[:80], "move", m.notation, row.id, row.version) for m in moves]

    def _choices_hint(self, game: Game, state, seat: int | None, loc) -> str:
        if seat is None:
            return ""
        moves = game.legal_moves(state, seat)
        sample = ", ".join(m.notation for m in moves[:8])
        return sample + ("…" if len(moves) > 8 else "")

    async def _turn_post(self, row: GameRow, seats: list[SeatRow], state, head: list[str], loc) -> Reply:
        """The one public message of a completed turn: what happened since
        the channel last heard, the board, and a mention of who acts now."""
        game = self._game_of(row)
        names = self._names(seats)
        entries = await self.store.log(row.id, after_version=row.announced)
        events = [e for entry in entries for e in entry.events]
        lines = list(head) + [self._fill(e, names) for e in events[-12:]]
        if len(events) > 12:
            lines.insert(len(head), f"… ({len(events) - 12} earlier events in `/log`)")
        acting = game.to_act(state)
        result = game.result(state)
        mentions: list[int] = []
        if result is not None:
            lines.append(t(loc, "game_over", summary=self._summary(result, names)))
        else:
            status = game.status_text(state, loc)
            if status:
                lines.append(status)
            lines.append(t(loc, "your_turn", who=self._who(acting, seats)))
            mentions = self._mentions(acting, seats)
        reply = Reply("\n".join(lines), mentions=mentions, game_id=row.id, version=row.version)
        reply.image = await self.board_image(row, seats, state, events[-4:], loc)
        reply.choices = self._choices(game, state, acting, row) if result is None else []
        await self.notices.route(reply, row, seats, state)   # /notify choices, pinned status text
        reply.announces = True
        if not self.announce_after_post:
            await self.store.mark_announced(row.id, row.version)
        return reply

    @staticmethod
    def _final_result(row: GameRow, game: Game, state) -> Result | None:
        """The result of a finished game: the rules' own, or the stored one
        when the game ended by resignation."""
        if row.status == "finished" and row.result:
            r = row.result
            return Result(r["scores"], r["ranks"], r.get("summary", ""), r.get("summary_fr"))
        return game.result(state)

    @staticmethod
    def _summary(result: Result, names: list[str]) -> str:
        order = sorted(range(len(result.ranks)), key=lambda s: result.ranks[s])
        parts = [f"{result.ranks[s]}. {names[s] if s < len(names) else s} ({result.scores[s]:g})" for s in order]
        text = " · ".join(parts)
        if result.summary:
            text += f"\n{TableService._fill(result.summary, names)}"
        return text

    def _not_active_text(self, row: GameRow, seats, loc) -> str:
        if row.status == "lobby":
            return t(loc, "lobby_wait", seated=self._seated_list(seats))
        return t(loc, "not_active", status=row.status)

    # ================================================================ looking

    @answers
    async def status(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        row = await self.store.latest_game_in(place.channel_id)
        if row is None:
            raise Refused(t(loc, "no_game"))
        game = self._game_of(row)
        seats = await self.store.seats(row.id)
        if row.status == "lobby":
            return Reply(t(loc, "status_lobby", game=game.display_name(loc), seated=self._seated_list(seats)))
        if row.status == "abandoned":
            return Reply(t(loc, "status_abandoned", game=game.display_name(loc)))
        state = self._state(row)
        names = self._names(seats)
        result = self._final_result(row, game, state)
        if result is not None:
            return Reply(t(loc, "status_finished", game=game.display_name(loc), summary=self._summary(result, names)))
        lines = [f"**{game.display_name(loc)}**"]
        status = game.status_text(state, loc)
        if status:
            lines.append(status)
        scores = game.public_scores(state)
        if scores is not None:
            lines.append(" · ".join(f"{n}: {s:g}" for n, s in zip(names, scores)))
        since = self.clock.now() - (row.turn_started_at or row.updated_at)
        lines.append(t(loc, "turn_of", who=self._who(game.to_act(state), seats), since=duration(since, loc)))
        return Reply("\n".join(lines), game_id=row.id, version=row.version)

    @answers
    async def board(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        row = await self.store.latest_game_in(place.channel_id)
        if row is None or row.state is None:
            if row is not None and row.status == "lobby":
                raise Refused(t(loc, "lobby_wait", seated=self._seated_list(await self.store.seats(row.id))))
            raise Refused(t(loc, "no_game"))
        seats = await self.store.seats(row.id)
        state = self._state(row)
        last = await self.store.log(row.id, after_version=max(0, row.version - 1))
        events = [e for entry in last for e in entry.events]
        reply = await self.status(place, actor)
        reply.image = await self.board_image(row, seats, state, events, loc)
        reply.choices = []
        return reply

    @answers
    async def hand(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        row = await self._open_row(place, loc)
        seats = await self.store.seats(row.id)
        mine = [s.seat for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise Refused(t(loc, "spectator"))
        if row.status != "active":
            raise Refused(self._not_active_text(row, seats, loc))
        game = self._game_of(row)
        state = self._state(row)
        parts = []
        for seat in mine:
            text = game.private_text(state, seat, loc)
            parts.append(text if len(mine) == 1 else f"**{seats[seat].name} — seat {seat + 1}**\n{text}")
        return Reply("\n\n".join(parts), ephemeral=True)

    @answers
    async def log(self, place: Place, actor: Actor, page: int | None = None) -> Reply:
        loc = actor.locale
        row = await self.store.latest_game_in(place.channel_id)
        if row is None:
            raise Refused(t(loc, "no_game"))
        seats = await self.store.seats(row.id)
        names = self._names(seats)
        entries = await self.store.log(row.id)
        if not entries:
            return Reply(t(loc, "log_empty"), ephemeral=True)
        pages = (len(entries) + LOG_PAGE - 1) // LOG_PAGE
        page = pages if page is None else max(1, min(int(page), pages))
        chunk = entries[(page - 1) * LOG_PAGE: page * LOG_PAGE]
        lines = [t(loc, "log_page", game=self._game_of(row).display_name(loc), page=page, pages=pages)]
        for entry in chunk:
            who = names[entry.seat] if entry.seat is not None and entry.seat < len(names) else "table"
            stamp = time.strftime("%m-%d %H:%M", time.gmtime(entry.created_at))
            what = {"move": entry.shown, "undo": f"undo {entry.text}", "resign": "resigns"}[entry.kind]
            detail = "; ".join(self._fill(e, names) for e in entry.events)
            lines.append(f"`#{entry.version:>3}` {stamp} **{who}**: `{what}`" + (f" — {detail}" if detail else ""))
        return Reply("\n".join(lines)[:1900], ephemeral=True)

    async def legal(self, place: Place, actor: Actor, typed: str = "", limit: int = 25) -> list[Move]:
        """Legal moves for the caller filtered by what they typed (for
        autocomplete): prefix matches first, then substring matches."""
        row = await self.store.open_game_in(place.channel_id)
        if row is None or row.status != "active":
            return []
        seats = await self.store.seats(row.id)
        game = self._game_of(row)
        state = self._state(row)
        try:
            mine = self._actor_seats(game, state, seats, actor)
        except Refused:
            return []
        typed = (typed or "")[:MAX_INPUT].strip().lower()
        moves, named = [], set()
        for seat in mine:   # one person running several acting seats sees them all (a notation once)
            for m in game.legal_moves(state, seat):
                if m.notation not in named:
                    named.add(m.notation)
                    moves.append(m)
        starts = [m for m in moves if m.notation.lower().startswith(typed)]
        inside = [m for m in moves if typed and typed in m.display().lower() and m not in starts]
        return (starts + inside)[:limit]

    async def rules(self, key: str | None, actor: Actor, place: Place | None = None) -> Reply:
        loc = actor.locale
        if not key and place is not None:
            row = await self.store.latest_game_in(place.channel_id)
            key = row.key if row else None
        if not key:
            lines = [f"`{g.key}` — {g.name} ({g.min_players}–{g.max_players})" for g in registry.all_games()]
            return Reply("\n".join(lines) or "—", ephemeral=True)
        try:
            game = registry.get(str(key)[:40])
        except KeyError:
            return refusal(t(loc, "unknown_game", key=echo(str(key)), keys=", ".join(registry.keys())))
        first, *rest = message_chunks(game.rules_text(loc))
        return Reply(first, ephemeral=True, followups=[Reply(part, ephemeral=True) for part in rest])

    # ================================================================ undo / resign

    def _undoable(self, moves: list[Played], seats: list[SeatRow], actor: Actor, count: int, loc) -> list[Played]:
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

    @answers
    async def undo(self, place: Place, actor: Actor, confirm: bool = False, count: int = 1,
                   expected_version: int | None = None) -> Reply:
        loc = actor.locale
        row = await self._open_row(place, loc)
        async with self._lock(row.id):
            row = await self.store.game(row.id)
            seats = await self.store.seats(row.id)
            if not any(s.user_id == actor.user_id for s in seats):
                raise Refused(t(loc, "spectator"))
            if row.status != "active":
                raise Refused(self._not_active_text(row, seats, loc))
            if expected_version is not None and expected_version != row.version:
                raise Refused(t(loc, "undo_stale"))
            moves = effective_moves(await self.store.log(row.id))
            tail = self._undoable(moves, seats, actor, max(1, min(int(count), 50)), loc)
            listing = ", ".join(f"`{p.text}`" for p in reversed(tail))
            if not confirm:
                return Reply(t(loc, "undo_preview", moves=listing), ephemeral=True,
                             choices=[Choice(f"Undo {len(tail)}", "undo", str(len(tail)), row.id, row.version)])
            game = self._game_of(row)
            state = replay(game, len(seats), row.seed, row.options, moves[:len(moves) - len(tail)])
            text = t(loc, "undo_done", name=actor.name, moves=listing)
            try:
                version = await self.store.record(
                    row.id, row.version, state=game.dump(state), kind="undo", seat=tail[0].seat,
                    user_id=actor.user_id, text=str(len(tail)), barrier=False,
                    events=[text], now=self.clock.now())
            except VersionConflict:
                raise Refused(t(loc, "undo_stale"))
            self._remember(row.id, version, state)
            row = await self.store.game(row.id)
            return await self._turn_post(row, seats, state, [], loc)

    async def may_resign(self, place: Place, actor: Actor) -> Reply | None:
        """None when this person could resign here now; else the refusal
        (so that only players are asked to confirm)."""
        try:
            row = await self._open_row(place, actor.locale)
            seats = await self.store.seats(row.id)
            if not any(s.user_id == actor.user_id and not s.is_bot for s in seats):
                raise Refused(t(actor.locale, "spectator"))
            if row.status != "active":
                raise Refused(self._not_active_text(row, seats, actor.locale))
        except Refused as exc:
            return refusal(str(exc))
        return None

    @answers
    async def resign(self, place: Place, actor: Actor) -> Reply:
        loc = actor.locale
        row = await self._open_row(place, loc)
        async with self._lock(row.id):
            row = await self.store.game(row.id)
            seats = await self.store.seats(row.id)
            mine = self._playing_seats(row, seats, actor)
            game = self._game_of(row)
            state = self._state(row)
            names = self._names(seats)
            humans = {s.user_id for s in seats if not s.is_bot and s.user_id != actor.user_id}
            now = self.clock.now()
            if not humans:
                status, result, text = "abandoned", None, t(loc, "resigned_solo", name=actor.name)
            elif len(humans) == 1:
                # one person left: they win, everyone who resigned shares last place
                winner = next(iter(humans))
                ranks = [1 if s.user_id == winner else 2 for s in seats]
                scores = game.public_scores(state) or [0] * len(seats)
                result = Result(list(scores), ranks, "by resignation")
                status = "finished"
                text = t(loc, "resigned_end", name=actor.name, summary=self._summary(result, names))
            else:
                status, result, text = "active", None, t(loc, "resigned", name=actor.name)
            version = await self.store.record(
                row.id, row.version, state=row.state, kind="resign", seat=mine[0], user_id=actor.user_id,
                text="resign", barrier=True, events=[text], now=now, status=status,
                result=self._result_json(result, names) if result else None)
            self._remember(row.id, version, state)
            for seat in mine:
                await self.store.set_bot(row.id, seat, True)
            row = await self.store.game(row.id)
            seats = await self.store.seats(row.id)
            if status == "active":
                acting_bots = [s for s in game.to_act(state) if seats[s].is_bot]
                if acting_bots:
                    move = game.default_move(state, acting_bots[0], bot_rng(row.seed, row.version))
                    return await self._commit_turn(row, seats, state, move, None, loc)
                return await self._turn_post(row, seats, state, [], loc)
            if not self.announce_after_post:
                await self.store.mark_announced(row.id, row.version)
            reply = Reply(text, game_id=row.id, version=row.version, announces=True)
            if status == "finished":
                reply.image = await self.board_image(row, seats, state, [], loc)
            return reply

    # ================================================================ restart

    async def announced(self, game_id: int, version: int) -> None:
        """The front end posted the turn of ``version``: never announce it again."""
        await self.store.mark_announced(game_id, version)

    async def pending_announcements(self) -> list[tuple[GameRow, Reply]]:
        """Turn posts for moves saved but never announced (the process died
        between saving and posting): the caller posts each one once."""
        out = []
        for row in await self.store.unannounced():
            seats = await self.store.seats(row.id)
            if row.state is None:
                continue
            state = self._state(row)
            out.append((row, await self._turn_post(row, seats, state, [], None)))
        return out
