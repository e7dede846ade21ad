"""The game store: one interface over two backends (SQLite, the embedded
default; PostgreSQL, for several processes), knowing nothing of any game but
its JSON.

Every write that changes a game checks the ``version`` it was given (the one
the caller loaded): of two moves sent at the same instant exactly one
applies, the other gets :class:`VersionConflict` and is retried against the
new state by the table service. Nothing is ever lost or doubled, whatever the
backend and however many processes share the database. A move is saved
through the view ``game_saves`` (migration 9), whose trigger checks the
version, saves the game, appends the log entry and, every
``SNAPSHOT_EVERY`` versions, keeps the state in ``game_snapshots``. The
saves of concurrent tasks are written together, a batch per transaction
(:mod:`storage.batching`): on SQLite the versions read under the file's
write lock say which apply; on PostgreSQL one ``INSERT … SELECT FROM
unnest(…) RETURNING`` writes a batch, the game row's lock making a racing
save wait, then find the version gone. Other writes open with
``UPDATE games … WHERE id = ? AND version = ?``.

Other modules that keep their own rows in the same database (e.g.
:mod:`storage.async_tables`) use the public :meth:`Store.transaction`,
:meth:`Store.fetch_one` and :meth:`Store.fetch_all`.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from storage.batching import RowReader
from storage.database import Database, Row, Save, Transaction
from storage.errors import ChannelBusy, ConstraintViolation, NotSupported, StoreError, VersionConflict
from storage.kinds import DeadlinePolicy, GameStatus, LogKind
from storage.migrations import MIGRATIONS, POSTGRES_MIGRATIONS
from storage.sqlite import SqliteDatabase
from storage.sqlite import split_sql as _split_sql  # noqa: F401  (tests/reliability/test_migrations imports it)

__all__ = ["OPEN_STATUSES", "DeadlinePolicy", "GameStatus", "LogKind", "Store", "StoreError", "VersionConflict", "ChannelBusy", "ConstraintViolation",
           "NotSupported", "SeatRow", "GameRow", "LogRow", "GameSummary"]

OPEN_STATUSES = (GameStatus.LOBBY, GameStatus.ACTIVE)
SNAPSHOT_EVERY = 50      # every 50th version's state is kept in game_snapshots: undo re-simulates ≤ 49 moves


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    is_bot: bool


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    key: str
    status: GameStatus
    options: dict[str, str]
    seed: int
    creator_id: int
    state: str | None
    version: int
    announced: int
    result: dict | None
    created_at: float
    updated_at: float
    turn_started_at: float | None


@dataclass(frozen=True)
class GameSummary:
    """What ``/game list`` and ``/game mine`` show of a game, read without its
    state: kept up to date by every save that passes ``to_act``/``scores``."""
    id: int
    guild_id: int | None
    channel_id: int
    key: str
    status: GameStatus
    version: int
    to_act: list[int] | None          # seats to act now (None: not recorded)
    turn_started_at: float | None     # since when they wait
    scores: list | None               # each seat's score as the rules count it (None: not recorded)
    updated_at: float
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True)
class LogRow:
    version: int
    kind: LogKind
    seat: int | None
    user_id: int | None
    text: str
    barrier: bool
    events: list[str]
    created_at: float
    public_text: str | None = None     # what /log shows instead of ``text`` (a sealed decision)
    # per event, the message key and parameters the bot translates (rules.wording), or None for an
    # event stored as English only (older logs, unconverted games); ``events`` is always the English
    messages: tuple = ()

    @property
    def shown(self) -> str:
        return self.text if self.public_text is None else self.public_text


_GAME_COLUMNS = ("id, guild_id, channel_id, game_key, status, options, seed, creator_id, state, version, "
                 "announced, result, created_at, updated_at, turn_started_at")
_SUMMARY_COLUMNS = "id, guild_id, channel_id, game_key, status, version, to_act, turn_started_at, scores, updated_at"


def _game(row: Row) -> GameRow:
    return GameRow(row[0], row[1], row[2], row[3], GameStatus(row[4]), json.loads(row[5]), row[6], row[7], row[8], row[9],
                   row[10], json.loads(row[11]) if row[11] else None, row[12], row[13], row[14])


def _json_or_none(value: Any) -> str | None:
    return None if value is None else json.dumps(value)


INT64_MAX = 2**63 - 1   # SQLite's and PostgreSQL's biggest integer: a typed page number may be any size


def bounded(number: int) -> int:
    """A count, offset or id from a caller, clamped to what the database can hold (0 … 2^63 − 1)."""
    return max(0, min(int(number), INT64_MAX))


def _marks(values: Sequence) -> str:
    return ",".join("?" * len(values))


_STATUSES = tuple(GameStatus)


def _status_in(statuses: Sequence[GameStatus]) -> str:
    """``status IN ('lobby', 'active')`` written out (each checked against the
    four statuses): a partial index on those statuses serves only a query that
    names the same values, which a ``?`` would hide from the planner."""
    for status in statuses:
        if status not in _STATUSES:
            raise ValueError(f"unknown game status {status!r}")
    ordered = [s for s in _STATUSES if s in statuses]
    return "status IN (" + ", ".join(f"'{s}'" for s in ordered) + ")"


class Store:
    """The games, seats and move log of one database, through a
    :class:`storage.database.Database` backend."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # game rows asked for at once are read by one query (PostgreSQL: two in flight, on pooled connections)
        self.rows = RowReader(self._read_games, readers=1 if db.kind == "sqlite" else 2)

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """A store on an SQLite file (created with its folder if missing), migrated."""
        store = cls(await SqliteDatabase.connect(path))
        try:
            await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    @classmethod
    async def connect_postgres(cls, url: str, *, pool_size: int = 10) -> Store:
        """A store on a PostgreSQL database (``postgresql://…``), migrated.
        Needs asyncpg; :func:`storage.open_store` checks that first."""
        from storage.postgres import PostgresDatabase

        store = cls(await PostgresDatabase.connect(url, max_size=pool_size))
        try:
            await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    @property
    def kind(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.db.kind

    async def close(self) -> None:
        await self.db.close()

    # ----------------------------------------------------------- plumbing

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """``async with store.transaction() as tx:`` — statements (``?``
        placeholders, SQL both backends understand) that all apply or none."""
        return self.db.transaction()

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        """The first row a query gives, or None (rows index by column position)."""
        return await self.db.fetch_one(sql, args)

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return await self.db.fetch_all(sql, args)

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    async def migrate(self) -> int:
        """Run every migration newer than the database; return the new version."""
        return await self.db.migrate(POSTGRES_MIGRATIONS if self.kind == "postgresql" else MIGRATIONS)

    # The SQLite connection and its lock under their old names, for tests written before the public API
    # above (they inspect PRAGMAs and the raw file); nothing in storage/ or bot/ uses them.
    @property
    def _conn(self):
        return self.db.conn

    @property
    def _write_lock(self):
        return self.db.write_lock

    async def _one(self, sql: str, args: tuple = ()) -> Any:
        return await self.fetch_one(sql, args)

    # ------------------------------------------------------------- reads

    async def game(self, game_id: int) -> GameRow | None:
        row = await self.rows.read(game_id)
        return _game(row) if row else None

    async def _read_games(self, ids: list[int]) -> dict[int, Row]:
        if self.kind == "postgresql":      # one statement text whatever the batch size: prepared once a connection
            rows = await self.fetch_all(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ANY(?::bigint[])", (ids,))
        else:
            rows = await self.fetch_all(f"SELECT {_GAME_COLUMNS} FROM games WHERE id IN ({_marks(ids)})", ids)
        return {r[0]: r for r in rows}

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        # the unique partial index one_open_game_per_channel answers this
        row = await self.fetch_one(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN "
                                   "('lobby', 'active')", (channel_id,))
        return _game(row) if row else None

    async def latest_game_in(self, channel_id: int) -> GameRow | None:
        """The open game of the channel, else the last one that ended there."""
        return await self.open_game_in(channel_id) or await self._last_game_in(channel_id)

    async def _last_game_in(self, channel_id: int) -> GameRow | None:
        row = await self.fetch_one(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? "
                                   "ORDER BY id DESC LIMIT 1", (channel_id,))   # index games_by_channel
        return _game(row) if row else None

    async def games(self, guild_id: int | None = None, statuses: tuple[GameStatus, ...] = OPEN_STATUSES) -> list[GameRow]:
        if guild_id is None:
            rows = await self.fetch_all(f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({_marks(statuses)}) "
                                        "ORDER BY id", statuses)
        else:
            rows = await self.fetch_all(f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN "
                                        f"({_marks(statuses)}) ORDER BY id", (guild_id, *statuses))
        return [_game(r) for r in rows]

    async def games_of_user(self, user_id: int, statuses: tuple[GameStatus, ...] = OPEN_STATUSES) -> list[GameRow]:
        rows = await self.fetch_all(f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({_marks(statuses)}) AND id IN "
                                    "(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id", (*statuses, user_id))
        return [_game(r) for r in rows]

    async def game_ids(self, statuses: tuple[GameStatus, ...] = OPEN_STATUSES, *, after_id: int = 0,
                       limit: int = 500) -> list[int]:
        """One page of game ids in id order, those after ``after_id`` (pass the
        last id of a page to get the next; an empty list ends)."""
        rows = await self.fetch_all(f"SELECT id FROM games WHERE status IN ({_marks(statuses)}) AND id > ? "
                                    "ORDER BY id LIMIT ?", (*statuses, bounded(after_id), bounded(limit)))
        return [r[0] for r in rows]

    async def each_game(self, statuses: tuple[GameStatus, ...] = OPEN_STATUSES, *,
                        page_size: int = 200) -> AsyncIterator[GameRow]:
        """Every game of those statuses in id order, read one at a time from
        pages of ids — for backup and verify, never every row at once."""
        after = 0
        while ids := await self.game_ids(statuses, after_id=after, limit=page_size):
            for game_id in ids:
                row = await self.game(game_id)
                if row is not None and row.status in statuses:
                    yield row
            after = ids[-1]

    async def summaries(self, guild_id: int | None = None, statuses: tuple[GameStatus, ...] = OPEN_STATUSES, *,
                        after_id: int = 0, limit: int = 25, offset: int = 0) -> list[GameSummary]:
        """One page of game summaries (of a server, or of all), in id order
        after ``after_id``, skipping ``offset`` (a page number's worth; the
        index open_games_by_guild walks a server's open games in order)."""
        where, args = f"{_status_in(statuses)} AND id > ?", [bounded(after_id)]
        if guild_id is not None:
            where, args = "guild_id = ? AND " + where, [guild_id, *args]
        rows = await self.fetch_all(f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE {where} ORDER BY id "
                                    "LIMIT ? OFFSET ?", (*args, bounded(limit), bounded(offset)))
        return await self._summaries(rows)

    async def count_games(self, guild_id: int | None = None, statuses: tuple[GameStatus, ...] = OPEN_STATUSES) -> int:
        """How many games of those statuses (a server's, or all) — from an index."""
        if guild_id is None:
            row = await self.fetch_one(f"SELECT COUNT(*) FROM games WHERE {_status_in(statuses)}")
        else:
            row = await self.fetch_one(f"SELECT COUNT(*) FROM games WHERE guild_id = ? AND {_status_in(statuses)}",
                                       (guild_id,))
        return int(row[0]) if row else 0   # COUNT(*) always gives its row

    async def summaries_of_user(self, user_id: int, statuses: tuple[GameStatus, ...] = OPEN_STATUSES, *,
                                after_id: int = 0, limit: int = 25, guild_id: int | None = None) -> list[GameSummary]:
        """One page of summaries of the games where ``user_id`` holds a seat
        (of one server when ``guild_id`` is given)."""
        where, args = f"{_status_in(statuses)} AND id > ?", [bounded(after_id)]
        if guild_id is not None:
            where, args = where + " AND guild_id = ?", [*args, guild_id]
        rows = await self.fetch_all(f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE {where} AND id IN "
                                    "(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id LIMIT ?",
                                    (*args, user_id, bounded(limit)))
        return await self._summaries(rows)

    async def _summaries(self, rows: list[Row]) -> list[GameSummary]:
        if not rows:
            return []
        ids = [r[0] for r in rows]
        seats: dict[int, list[SeatRow]] = {i: [] for i in ids}
        for s in await self.fetch_all("SELECT game_id, seat, user_id, display_name, is_bot FROM seats WHERE "
                                      f"game_id IN ({_marks(ids)}) ORDER BY game_id, seat", ids):
            seats[s[0]].append(SeatRow(s[1], s[2], s[3], bool(s[4])))
        return [GameSummary(r[0], r[1], r[2], r[3], GameStatus(r[4]), r[5], json.loads(r[6]) if r[6] else None, r[7],
                            json.loads(r[8]) if r[8] else None, r[9], tuple(seats[r[0]])) for r in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self.fetch_all("SELECT seat, user_id, display_name, is_bot FROM seats WHERE game_id = ? "
                                    "ORDER BY seat", (game_id,))
        return [SeatRow(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def log(self, game_id: int, after_version: int = 0, limit: int | None = None) -> list[LogRow]:
        sql = ("SELECT version, kind, seat, user_id, text, barrier, events, created_at, public_text FROM moves "
               "WHERE game_id = ? AND version > ? ORDER BY version")
        args: tuple = (game_id, after_version)
        if limit is not None:
            sql += " LIMIT ?"
            args += (bounded(limit),)
        rows = await self.fetch_all(sql, args)
        return [_log_row(r) for r in rows]

    async def snapshots(self, game_id: int, at_most: int, *, limit: int = 3) -> list[tuple[int, str]]:
        """The newest stored states of a game at versions ≤ ``at_most``, newest
        first, as (version, state JSON): undo re-simulates from one of them."""
        rows = await self.fetch_all("SELECT version, state FROM game_snapshots WHERE game_id = ? AND version <= ? "
                                    "ORDER BY version DESC LIMIT ?", (game_id, at_most, limit))
        return [(r[0], r[1]) for r in rows]

    async def unannounced(self) -> list[GameRow]:
        """Games with saved moves never posted (a crash between save and post)."""
        rows = await self.fetch_all(f"SELECT {_GAME_COLUMNS} FROM games WHERE announced < version AND "
                                    "status IN ('active', 'finished', 'abandoned') ORDER BY id")
        return [_game(r) for r in rows]

    # ------------------------------------------------------------ writes

    async def create_game(self, *, guild_id: int | None, channel_id: int, key: str, options: dict,
                          seed: int, creator_id: int, creator_name: str, now: float) -> GameRow:
        try:
            async with self.transaction() as tx:
                game_id = await tx.insert(
                    "INSERT INTO games (guild_id, channel_id, game_key, status, options, seed, creator_id, "
                    "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, key, json.dumps(options, sort_keys=True), seed, creator_id, now, now))
                await tx.execute("INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)",
                                 (game_id, creator_id, creator_name))
        except ConstraintViolation as exc:
            raise ChannelBusy("this channel already has a game") from exc
        row = await self.game(game_id)
        if row is None:   # only if something deleted it between our commit and this read
            raise StoreError(f"game {game_id} vanished as it was created")
        return row

    @staticmethod
    async def _claim_version(tx: Transaction, game_id: int, expected: int, assignments: str,
                             args: Sequence[Any]) -> None:
        """The version check: ``UPDATE games SET <assignments> WHERE id = ? AND
        version = ?`` must change exactly one row, else nothing is written."""
        changed = await tx.execute(f"UPDATE games SET {assignments} WHERE id = ? AND version = ?",
                                   (*args, game_id, expected))
        if changed != 1:
            row = await tx.fetch_one("SELECT version FROM games WHERE id = ?", (game_id,))
            raise VersionConflict(f"game {game_id} is at version {row and row[0]}, not {expected}")

    async def set_lobby_seats(self, game_id: int, expected_version: int, people: list[tuple[int, str]],
                              now: float) -> None:
        """Rewrite the lobby's list of people (join order) and bump the version."""
        # seats first, the version last: a reader sharing the SQLite connection never sees the new
        # version without its seats; a conflict rolls the seats back with everything else
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await tx.execute_many("INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
                                  [(game_id, i, uid, name) for i, (uid, name) in enumerate(people)])
            await self._claim_version(tx, game_id, expected_version, "version = version + 1, updated_at = ?", (now,))

    async def start(self, game_id: int, expected_version: int, seats: list[SeatRow], state: str,
                    now: float, *, to_act: list[int] | None = None, scores: list | None = None,
                    options: dict | None = None) -> int:
        """Seat the players and store the first state. ``options``: the table's options when
        the head count changed them (a solo mode); None keeps them as they were."""
        async with self.transaction() as tx:   # seats first, the version last (see set_lobby_seats)
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await tx.execute_many(
                "INSERT INTO seats (game_id, seat, user_id, display_name, is_bot) VALUES (?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.name, int(s.is_bot)) for s in seats])
            await self._claim_version(
                tx, game_id, expected_version,
                "status = 'active', state = ?, version = version + 1, announced = version + 1, updated_at = ?, "
                "turn_started_at = ?, to_act = ?, scores = ?, options = COALESCE(?, options)",
                (state, now, now, _json_or_none(to_act), _json_or_none(scores),
                 json.dumps(options, sort_keys=True) if options is not None else None))
        return expected_version + 1

    async def record(self, game_id: int, expected_version: int, *, state: str, kind: LogKind, seat: int | None,
                     user_id: int | None, text: str, barrier: bool, events: list[str | dict], now: float,
                     status: GameStatus = GameStatus.ACTIVE, result: dict | None = None, turn_changed: bool = True,
                     public_text: str | None = None, to_act: list[int] | None = None,
                     scores: list | None = None) -> int:
        """Save a new state and append its log entry, atomically, if the game
        is still at ``expected_version``. Returns the new version.

        ``to_act`` (seats to act now) and ``scores`` (by seat) fill the summary
        columns the lists read; left out, they are stored as unknown."""
        version = expected_version + 1
        await self.db.save(Save(
            game_id, expected_version, state, status, json.dumps(result) if result else None, now, int(turn_changed),
            _json_or_none(to_act), _json_or_none(scores), kind, seat, user_id, text, int(barrier), json.dumps(events),
            public_text if public_text != text else None, int(version % SNAPSHOT_EVERY == 0)))
        return version

    async def set_status(self, game_id: int, expected_version: int, status: GameStatus, now: float) -> int:
        async with self.transaction() as tx:
            await self._claim_version(tx, game_id, expected_version,
                                      "status = ?, version = version + 1, announced = version + 1, updated_at = ?",
                                      (status, now))
        return expected_version + 1

    async def set_bot(self, game_id: int, seat: int, is_bot: bool) -> None:
        async with self.transaction() as tx:
            await tx.execute("UPDATE seats SET is_bot = ? WHERE game_id = ? AND seat = ?",
                             (int(is_bot), game_id, seat))

    async def mark_announced(self, game_id: int, version: int) -> None:
        """Remember that the channel has seen everything up to ``version``
        (never moves backwards)."""
        async with self.transaction() as tx:
            await tx.execute("UPDATE games SET announced = ? WHERE id = ? AND announced < ?",
                             (version, game_id, version))

    async def meta_get(self, key: str) -> str | None:
        row = await self.fetch_one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def meta_set(self, key: str, value: str) -> None:
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                             "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    async def backup(self, target: str | Path) -> None:
        """A consistent online copy of an SQLite store (SQLite's backup API).
        A PostgreSQL store is backed up by the server's own tool, pg_dump."""
        if not isinstance(self.db, SqliteDatabase):
            raise NotSupported("a PostgreSQL database is backed up with pg_dump, e.g. "
                               "pg_dump --format=custom --file=hearth.dump \"$HEARTH_DB\"")
        await self.db.backup(target)


def _log_row(r) -> LogRow:
    """A stored move. Its events are English strings, or (since the rules emit message keys)
    ``{"text": English, "key": …, "params": …}``: both read as English in ``events``."""
    stored = json.loads(r[6])
    events = [e["text"] if isinstance(e, dict) else e for e in stored]
    messages = tuple(e if isinstance(e, dict) else None for e in stored)
    return LogRow(r[0], LogKind(r[1]), r[2], r[3], r[4], bool(r[5]), events, r[7], r[8], messages)
