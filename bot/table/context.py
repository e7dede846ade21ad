"""What every room of the table shares: :class:`TableContext`.

The table is split into rooms (lobby, play, show, notices, reminders, seats,
settings, lists, archive, replay, stats), each in its own module. They all
need the store and the clock, a game row's rules and parsed state (cached by
version), a lock per game, the board images, and the same few refusals — so
those live here, under public names, documented once. What is said about
seats and results lives beside it, as plain functions: ``people`` (names,
who acts, whom to ping), ``results`` (a result's summary and stored form),
``log_lines`` (a ``/log`` line), ``board_images`` (drawn and cached).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections import OrderedDict

from bot.table import people
from bot.table.board_images import BoardImages
from bot.table.clock import SystemClock
from bot.table.i18n import t, tn
from bot.table.movelog import resimulate, walk
from bot.table.values import MAX_INPUT, Actor, Place, Refused
from rules import registry
from rules.core import Game
from storage.async_tables import AsyncTables
from storage.store import SNAPSHOT_EVERY, GameRow, GameStatus, GameSummary, LogRow, SeatRow, Store

STATE_CACHE = 256        # parsed states kept, by (game, version)


LOG_WINDOW = 2 * SNAPSHOT_EVERY + 50     # log entries an undo reads first (the whole log only if they fall short)


class TableContext:
    """The store, the clock and the helpers every room of the table uses."""

    def __init__(self, store: Store, clock=None, *, render_images: bool = True) -> None:
        self.store = store
        self.clock = clock or SystemClock()
        self.tables = AsyncTables(store)      # async-play rows: settings, timers, seats offered, notices
        self.boards = BoardImages(render_images)   # the board images, drawn off the event loop and cached
        # False: a turn post counts as announced when it is built (the local table prints it at once).
        # True: only once the front end says the post went out, so a process killed or refused by
        # Discord before posting announces the move after a restart.
        self.announce_after_post = False
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[tuple[int, int], object] = OrderedDict()

    # ---- a game row: its rules, its state, its lock

    def lock(self, game_id: int) -> asyncio.Lock:
        """One lock per game: moves of one process on one game go one at a time."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    @staticmethod
    def game_of(row: GameRow | GameSummary) -> Game:
        return registry.get(row.key)

    def state_of(self, row: GameRow):
        """The parsed state of a row, cached by version so that a busy game
        is not decoded again for every command."""
        key = (row.id, row.version)
        state = self._states.get(key)
        if state is None:
            if row.state is None:
                raise ValueError(f"game {row.id} has no state yet: it is still in the lobby")
            state = self.game_of(row).load(row.state)
            self.remember(row.id, row.version, state)
        else:
            self._states.move_to_end(key)
        return state

    def remember(self, game_id: int, version: int, state) -> None:
        """Keep a state just computed for that version (saves parsing it again)."""
        self._states[(game_id, version)] = state
        if len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)

    def forget_caches(self) -> None:
        """Drop parsed states and images (tests and memory checks use it)."""
        self._states.clear()
        self.boards.forget()

    def cached(self) -> tuple[int, int]:
        """How many states and images are cached now."""
        return len(self._states), len(self.boards)

    async def open_row(self, place: Place, locale) -> GameRow:
        """The channel's game in the lobby or in play, or a clear refusal (that the last one is over,
        when there was one)."""
        row = await self.store.open_game_in(place.channel_id)
        if row is None:
            last = await self.store.latest_game_in(place.channel_id)
            raise Refused(t(locale, "no_game") if last is None else self.not_active_text(last, [], locale))
        return row

    async def public_locale(self, row: GameRow | None, fallback: str | None = None) -> str | None:
        """The language of a table's public posts: its ``lang`` setting, else its server's, else
        ``fallback`` (the caller's)."""
        if row is None:
            return fallback
        chosen = (await self.tables.settings(row.id)).lang
        return chosen or await self.tables.guild_locale(row.guild_id) or fallback

    async def game_row(self, game_id: int) -> GameRow:
        """A game's row as stored now (read again under its lock: another task may have saved).
        Games are never deleted, so a missing one is a bug, not a refusal."""
        row = await self.store.game(game_id)
        if row is None:
            raise LookupError(f"game {game_id} is gone")
        return row

    async def row_after(self, game_id: int, version: int, status: GameStatus) -> GameRow:
        """The game row as a save to ``version`` left it. Another process (or
        task) may have saved again before the re-read: a post, its buttons and
        its acknowledgement still name this save's version, never a later one."""
        row = await self.game_row(game_id)
        if row.version == version:
            return row
        return dataclasses.replace(row, version=version, status=status, announced=min(row.announced, version))

    async def rebuild(self, row: GameRow, seats: int, log: list[LogRow], undone: int, *, whole: bool):
        """The state once the last ``undone`` moves in effect are taken back,
        re-simulated in a worker thread — never on the event loop — from the
        newest stored snapshot on that path (the store keeps one every
        ``SNAPSHOT_EVERY`` versions). ``log`` is the whole log (``whole``) or
        its tail; None when the tail holds no usable snapshot (read the whole
        log then). Undo so costs the same at move 2,000 as at move 20."""
        snapshots = dict(await self.store.snapshots(row.id, row.version, limit=LOG_WINDOW // SNAPSHOT_EVERY + 1))
        start, rest = walk(log, undone, snapshots, whole=whole)
        if rest is None:
            return None
        return await asyncio.to_thread(resimulate, self.game_of(row), snapshots.get(start), seats, row.seed,
                                       row.options, rest)

    @staticmethod
    def summary_fields(game: Game, state) -> dict:
        """The summary columns a save keeps up to date (``to_act``, ``scores``),
        as keyword arguments of :meth:`storage.store.Store.record` and
        ``start``: ``/game list`` and ``/game mine`` read them, never the state."""
        return {"to_act": list(game.to_act(state)), "scores": game.public_scores(state)}

    # ---- refusals

    @staticmethod
    def check_length(text: str, locale) -> None:
        if len(text) > MAX_INPUT:
            raise Refused(tn(locale, "too_long", len(text), limit=MAX_INPUT))

    def not_active_text(self, row: GameRow, seats: list[SeatRow], locale) -> str:
        """Why a game takes no moves now (still in the lobby, or over)."""
        if row.status == GameStatus.LOBBY:
            return t(locale, "lobby_wait", seated=people.seated_list(seats, locale))
        return t(locale, "game_finished" if row.status == GameStatus.FINISHED else "game_abandoned")

    def playing_seats(self, row: GameRow, seats: list[SeatRow], actor: Actor) -> list[int]:
        """The seats this person plays themselves in a game in play, or a clear refusal."""
        mine = [s.seat for s in seats if s.user_id == actor.user_id and not s.is_bot]
        if not mine:
            raise Refused(t(actor.locale, "spectator"))
        if row.status != GameStatus.ACTIVE:
            raise Refused(self.not_active_text(row, seats, actor.locale))
        return mine

    def acting_seats(self, game: Game, state, seats: list[SeatRow], actor: Actor) -> list[int]:
        """Every seat this person may move now (several when one person runs
        seats that act together, as in a solo game), or a clear refusal."""
        mine = [s.seat for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise Refused(t(actor.locale, "spectator"))
        acting = game.to_act(state)
        out = [seat for seat in acting if seat in mine and not seats[seat].is_bot]
        if not out:
            raise Refused(t(actor.locale, "not_your_turn", who=people.who(acting, seats, actor.locale)))
        return out
