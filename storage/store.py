"""The game store: SQLite through aiosqlite, knowing nothing of any game
but its JSON.

Every write that changes a game checks the ``version`` it was given (the one
the caller loaded): of two moves sent at the same instant exactly one
applies, the other gets :class:`VersionConflict` and is retried against the
new state by the table service. Nothing is ever lost or doubled.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator

import aiosqlite

from storage.migrations import MIGRATIONS

OPEN_STATUSES = ("lobby", "active")


class StoreError(Exception):
    pass


class VersionConflict(StoreError):
    """The game changed since it was loaded."""


class ChannelBusy(StoreError):
    """The channel already holds a game in the lobby or in play."""


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
    status: str
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
class LogRow:
    version: int
    kind: str
    seat: int | None
    user_id: int | None
    text: str
    barrier: bool
    events: list[str]
    created_at: float
    public_text: str | None = None     # what /log shows instead of ``text`` (a sealed decision)

    @property
    def shown(self) -> str:
        return self.text if self.public_text is None else self.public_text


_GAME_COLUMNS = ("id, guild_id, channel_id, game_key, status, options, seed, creator_id, state, version, "
                 "announced, result, created_at, updated_at, turn_started_at")


def _game(row) -> GameRow:
    return GameRow(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6], row[7], row[8], row[9],
                   row[10], json.loads(row[11]) if row[11] else None, row[12], row[13], row[14])


class Store:
    """One connection; writes are serialised by a lock and run as
    ``BEGIN IMMEDIATE`` transactions, so other processes on the same file
    are safe too (SQLite's own lock, with a busy timeout)."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> "Store":
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        await conn.execute("PRAGMA busy_timeout = 10000")
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        store = cls(conn, path)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self._conn.close()

    # ----------------------------------------------------------- plumbing

    async def schema_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cur:
            return (await cur.fetchone())[0]

    async def migrate(self) -> int:
        """Run every migration newer than the file; return the new version."""
        async with self._write_lock:
            current = await self.schema_version()
            for number, sql in enumerate(MIGRATIONS, start=1):
                if number <= current:
                    continue
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    await self._run_script(sql)
                    await self._conn.execute(f"PRAGMA user_version = {number}")
                    await self._conn.execute("COMMIT")
                except BaseException:
                    await self._conn.execute("ROLLBACK")
                    raise
            return await self.schema_version()

    async def _run_script(self, sql: str) -> None:
        # executescript would COMMIT first; run statement by statement inside our transaction
        for statement in _split_sql(sql):
            await self._conn.execute(statement)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write_lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            else:
                await self._conn.execute("COMMIT")

    # Reads run and finish in one call on the connection's thread: a cursor left open across an ``await``
    # holds a read snapshot, and a write started meanwhile on the same connection (BEGIN IMMEDIATE) could
    # then not wait for another process's commit: SQLite answers "database is locked" at once (found by
    # tests/reliability/test_concurrency.py).
    async def _one(self, sql: str, args: tuple = ()) -> Any:
        rows = await self._conn.execute_fetchall(sql, args)
        return rows[0] if rows else None

    async def _all(self, sql: str, args: tuple = ()) -> list:
        return list(await self._conn.execute_fetchall(sql, args))

    # ------------------------------------------------------------- reads

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN "
                              "('lobby', 'active')", (channel_id,))
        return _game(row) if row else None

    async def latest_game_in(self, channel_id: int) -> GameRow | None:
        """The open game of the channel, else the last one that ended there."""
        row = await self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? "
                              "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1", (channel_id,))
        return _game(row) if row else None

    async def games(self, guild_id: int | None = None, statuses: tuple[str, ...] = OPEN_STATUSES) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        if guild_id is None:
            rows = await self._all(f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id",
                                   statuses)
        else:
            rows = await self._all(f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ({marks}) "
                                   "ORDER BY id", (guild_id, *statuses))
        return [_game(r) for r in rows]

    async def games_of_user(self, user_id: int, statuses: tuple[str, ...] = OPEN_STATUSES) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self._all(f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND id IN "
                               "(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id", (*statuses, user_id))
        return [_game(r) for r in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT seat, user_id, display_name, is_bot FROM seats WHERE game_id = ? "
                               "ORDER BY seat", (game_id,))
        return [SeatRow(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def log(self, game_id: int, after_version: int = 0, limit: int | None = None) -> list[LogRow]:
        sql = ("SELECT version, kind, seat, user_id, text, barrier, events, created_at, public_text FROM moves "
               "WHERE game_id = ? AND version > ? ORDER BY version")
        args: tuple = (game_id, after_version)
        if limit is not None:
            sql += " LIMIT ?"
            args += (limit,)
        rows = await self._all(sql, args)
        return [LogRow(r[0], r[1], r[2], r[3], r[4], bool(r[5]), json.loads(r[6]), r[7], r[8]) for r in rows]

    async def unannounced(self) -> list[GameRow]:
        """Games with saved moves never posted (a crash between save and post)."""
        rows = await self._all(f"SELECT {_GAME_COLUMNS} FROM games WHERE announced < version AND "
                               "status IN ('active', 'finished', 'abandoned') ORDER BY id")
        return [_game(r) for r in rows]

    # ------------------------------------------------------------ writes

    async def create_game(self, *, guild_id: int | None, channel_id: int, key: str, options: dict,
                          seed: int, creator_id: int, creator_name: str, now: float) -> GameRow:
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, game_key, status, options, seed, creator_id, "
                    "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, key, json.dumps(options, sort_keys=True), seed, creator_id, now, now))
                game_id = cur.lastrowid
                await db.execute("INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)",
                                 (game_id, creator_id, creator_name))
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy("this channel already has a game") from exc
        return await self.game(game_id)

    async def _check_version(self, db, game_id: int, expected: int) -> None:
        async with db.execute("SELECT version FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        if row is None or row[0] != expected:
            raise VersionConflict(f"game {game_id} is at version {row and row[0]}, not {expected}")

    async def set_lobby_seats(self, game_id: int, expected_version: int, people: list[tuple[int, str]],
                              now: float) -> None:
        """Rewrite the lobby's list of people (join order) and bump the version."""
        async with self._tx() as db:
            await self._check_version(db, game_id, expected_version)
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany("INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
                                 [(game_id, i, uid, name) for i, (uid, name) in enumerate(people)])
            await db.execute("UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?", (now, game_id))

    async def start(self, game_id: int, expected_version: int, seats: list[SeatRow], state: str,
                    now: float, options: dict | None = None) -> int:
        """Seat the players and store the first state. ``options``: the table's
        options when the head count changed them (a solo mode), else unchanged."""
        async with self._tx() as db:
            await self._check_version(db, game_id, expected_version)
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, display_name, is_bot) VALUES (?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.name, int(s.is_bot)) for s in seats])
            await db.execute("UPDATE games SET status = 'active', state = ?, version = version + 1, "
                             "announced = version + 1, updated_at = ?, turn_started_at = ?, "
                             "options = COALESCE(?, options) WHERE id = ?",
                             (state, now, now, json.dumps(options, sort_keys=True) if options is not None else None,
                              game_id))
        return expected_version + 1

    async def record(self, game_id: int, expected_version: int, *, state: str, kind: str, seat: int | None,
                     user_id: int | None, text: str, barrier: bool, events: list[str], now: float,
                     status: str = "active", result: dict | None = None, turn_changed: bool = True,
                     public_text: str | None = None) -> int:
        """Save a new state and append its log entry, atomically, if the game
        is still at ``expected_version``. Returns the new version."""
        new_version = expected_version + 1
        async with self._tx() as db:
            await self._check_version(db, game_id, expected_version)
            await db.execute(
                "INSERT INTO moves (game_id, version, kind, seat, user_id, text, barrier, events, created_at, "
                "public_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, new_version, kind, seat, user_id, text, int(barrier), json.dumps(events), now,
                 public_text if public_text != text else None))
            await db.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, result = ?, updated_at = ?, "
                "turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END WHERE id = ?",
                (state, new_version, status, json.dumps(result) if result else None, now, int(turn_changed), now,
                 game_id))
        return new_version

    async def set_status(self, game_id: int, expected_version: int, status: str, now: float) -> int:
        async with self._tx() as db:
            await self._check_version(db, game_id, expected_version)
            await db.execute("UPDATE games SET status = ?, version = version + 1, announced = version + 1, "
                             "updated_at = ? WHERE id = ?", (status, now, game_id))
        return expected_version + 1

    async def set_bot(self, game_id: int, seat: int, is_bot: bool) -> None:
        async with self._tx() as db:
            await db.execute("UPDATE seats SET is_bot = ? WHERE game_id = ? AND seat = ?",
                             (int(is_bot), game_id, seat))

    async def mark_announced(self, game_id: int, version: int) -> None:
        """Remember that the channel has seen everything up to ``version``
        (never moves backwards)."""
        async with self._tx() as db:
            await db.execute("UPDATE games SET announced = MAX(announced, ?) WHERE id = ?", (version, game_id))

    async def meta_get(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def meta_set(self, key: str, value: str) -> None:
        async with self._tx() as db:
            await db.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                             "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    async def backup(self, target: str | Path) -> None:
        """A consistent online copy through SQLite's backup API."""
        target = str(target)
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        dest = await aiosqlite.connect(target)
        try:
            await self._conn.backup(dest)
        finally:
            await dest.close()


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements, keeping trigger bodies whole."""
    statements, buf = [], ""
    for line in script.splitlines():
        stripped = line.split("--", 1)[0]
        buf += stripped + "\n"
        if sqlite3.complete_statement(buf):
            if buf.strip():
                statements.append(buf.strip())
            buf = ""
    if buf.strip():
        statements.append(buf.strip())
    return statements
