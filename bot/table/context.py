"""What every part of the table shares: :class:`TableContext`.

The table is split into rooms (lobby, play, looking, notices, reminders,
seats, settings, lists, archive, stats), each in its own module. They all
need the same few things — the store and the clock, a game row's rules and
parsed state, the names of its seats, a lock per game, the board image — so
those live here, under public names, documented once. A room receives the
context and calls it; no room reaches into another's private names.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections import OrderedDict

import render
from bot.table.ai_seats import shown_name
from bot.table.clock import SystemClock
from bot.table.i18n import entry_events, language, number, sayer, summary_text, t, tn
from bot.table.movelog import resimulate, walk
from bot.table.names import public_name
from bot.table.values import MAX_INPUT, Actor, Place, Refused
from render.kit import Table
from rules import registry
from rules.core import Game, Result
from rules.wording import Said, fill_seats
from storage.async_tables import AsyncTables
from storage.store import SNAPSHOT_EVERY, GameRow, GameStatus, GameSummary, LogKind, LogRow, SeatRow, Store

STATE_CACHE = 256        # parsed states kept, by (game, version)
IMAGE_CACHE = 64         # encoded boards kept, by (game, version)


LOG_WINDOW = 2 * SNAPSHOT_EVERY + 50     # log entries an undo reads first (the whole log only if they fall short)


class TableContext:
    """The store, the clock and the helpers every room of the table uses."""

    def __init__(self, store: Store, clock=None, *, render_images: bool = True) -> None:
        self.store = store
        self.clock = clock or SystemClock()
        self.tables = AsyncTables(store)      # async-play rows: settings, timers, seats offered, notices
        self.render_images = render_images
        # False: a turn post counts as announced when it is built (the local table prints it at once).
        # True: only once the front end says the post went out, so a process killed or refused by
        # Discord before posting announces the move after a restart.
        self.announce_after_post = False
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[tuple[int, int], object] = OrderedDict()
        self._images: OrderedDict[tuple[int, int, bool, str], bytes] = OrderedDict()

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
        self._images.clear()

    def cached(self) -> tuple[int, int]:
        """How many states and images are cached now."""
        return len(self._states), len(self._images)

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

    # ---- people

    @staticmethod
    def names(seats: list[SeatRow], locale: str | None = None) -> list[str]:
        """The seats' names for text in ``locale``'s language (an AI seat's level in that language;
        ``None``: as stored); names stored before they were cleaned on entry made fit for public text too."""
        return [public_name(shown_name(s.user_id, s.name, locale) if locale else s.name) for s in seats]

    def log_line(self, loc: str | None, entry: LogRow, names: list[str]) -> str:
        """One entry of ``/log`` and ``/since``: number, time, who, what was typed, what happened."""
        if entry.seat is not None and entry.seat < len(names):
            who = names[entry.seat]
        else:
            who = t(loc, "log_table")
        stamp = time.strftime("%m-%d %H:%M", time.gmtime(entry.created_at))
        if entry.kind == LogKind.UNDO:
            what = t(loc, "log_undo", move=entry.text)
        elif entry.kind == LogKind.RESIGN:
            what = t(loc, "log_resigns")
        else:
            what = entry.shown
        detail = " ".join(self.fill(e, names) for e in entry_events(loc, entry, labels=True))   # sentences: no ".;"
        line = t(loc, "log_entry", number=f"{entry.version:>3}", stamp=stamp, who=who, what=what)
        return t(loc, "log_entry_events", entry=line, events=detail) if detail else line

    @staticmethod
    def fill(text: str, names: list[str]) -> str:
        """Rules write seats as ``{p0}``, ``{p1}``…: put the players' names in (French elision made)."""
        return fill_seats(text, names)

    @classmethod
    def seated_list(cls, seats: list[SeatRow], locale: str | None = None) -> str:
        return ", ".join(cls.names(seats, locale)) or "—"

    @classmethod
    def who(cls, acting: list[int], seats: list[SeatRow], locale: str | None = None) -> str:
        """The names of the acting seats, each person once."""
        everyone = cls.names(seats, locale)
        names: list[str] = []
        for seat in acting:
            if seat < len(seats) and everyone[seat] not in names:
                names.append(everyone[seat])
        return ", ".join(names) or "—"

    @staticmethod
    def mentions(acting: list[int], seats: list[SeatRow]) -> list[int]:
        """User ids to ping for the acting seats (never a seat the table plays)."""
        out: list[int] = []
        for seat in acting:
            if seat < len(seats) and not seats[seat].is_bot and seats[seat].user_id not in out:
                out.append(seats[seat].user_id)
        return out

    @staticmethod
    def check_length(text: str, locale) -> None:
        if len(text) > MAX_INPUT:
            raise Refused(tn(locale, "too_long", len(text), limit=MAX_INPUT))

    def not_active_text(self, row: GameRow, seats: list[SeatRow], locale) -> str:
        """Why a game takes no moves now (still in the lobby, or over)."""
        if row.status == GameStatus.LOBBY:
            return t(locale, "lobby_wait", seated=self.seated_list(seats, locale))
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
            raise Refused(t(actor.locale, "not_your_turn", who=self.who(acting, seats, actor.locale)))
        return out

    # ---- results

    @staticmethod
    def final_result(row: GameRow, game: Game, state) -> Result | None:
        """The result of a finished game: the rules' own, or the stored one
        when the game ended by resignation."""
        if row.status == GameStatus.FINISHED and row.result:
            r = row.result
            said = r.get("summary_said")
            return Result(r["scores"], r["ranks"], r.get("summary", ""),
                          Said(said["key"], said.get("params") or {}) if said else None)
        return game.result(state)

    @classmethod
    def summary(cls, result: Result, names: list[str], locale: str | None = None) -> str:
        """'1. Ann (42) · 2. Bob (38)' and the rules' own summary line (in ``locale``'s language)."""
        order = sorted(range(len(result.ranks)), key=lambda s: result.ranks[s])
        lang = language(locale)
        parts = [f"{result.ranks[s]}. {names[s] if s < len(names) else s} ({number(result.scores[s], lang)})" for s in order]
        text = " · ".join(parts)
        own = summary_text(locale, result)
        if own:
            text += f"\n{cls.fill(own, names)}"
        return text

    @staticmethod
    def result_json(result: Result, names: list[str]) -> dict:
        """A result as stored with the game (with the names it was played under)."""
        data = result.to_json()
        data["names"] = names
        return data

    # ---- the board

    async def board_image(self, row: GameRow, seats: list[SeatRow], state, events: list[str] | None = None,
                          locale: str | None = None, *, area: bool = False) -> bytes | None:
        """The public board of that version as PNG bytes, drawn in a worker
        thread (never on the event loop) and cached by version. ``area``:
        the part the last turn changed with a small overview of the whole
        (what the turn post shows, for games whose whole board is too big
        for a phone; the whole board for the others). A finished game's
        image marks the winner from the result's ranks."""
        if not self.render_images:
            return None
        area = bool(area) and render.has_focus(row.key)
        key = (row.id, row.version, area, language(locale))   # boards speak the reader's language
        if key in self._images:
            return self._images[key]
        game = self.game_of(row)
        names = self.names(seats, locale)
        finished = row.status != GameStatus.ACTIVE
        result = self.final_result(row, game, state) if finished else None
        table = Table(names=names, to_act=[] if finished else game.to_act(state), title=game.display_name(locale),
                      last_events=[self.fill(e, names) for e in (events or [])],
                      finished=finished, locale=locale, ranks=list(result.ranks) if result else None,
                      say=sayer(locale))
        png = await asyncio.to_thread(render.board_png, row.key, game.view(state, None), table, area)
        self._images[key] = png
        if len(self._images) > IMAGE_CACHE:
            self._images.popitem(last=False)
        return png
