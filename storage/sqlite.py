"""The embedded backend: one SQLite file through aiosqlite.

One connection per store; writes are serialised by a lock and run as
``BEGIN IMMEDIATE`` transactions, so other processes on the same file are
safe too (SQLite's own lock, with a busy timeout). WAL mode with
``synchronous = NORMAL`` (a commit is durable once the WAL is checkpointed;
a power cut may lose the last commits, never corrupt the file), foreign keys on.

Moves are saved in batches (:mod:`storage.batching`): the saves queued while
the previous batch was written go in one ``BEGIN IMMEDIATE`` transaction of
four trips to the connection's thread — begin, read the games' versions,
one multi-row ``INSERT INTO game_saves``, commit — however many they are.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from storage.batching import SaveQueue
from storage.database import SAVE_COLUMNS, Row, Save
from storage.errors import ConstraintViolation, VersionConflict

_SAVE_ROW = "(" + ", ".join("?" * len(SAVE_COLUMNS)) + ")"
_SAVE_CONFLICT = "hearth: version conflict"     # what the game_saves trigger raises (migration 9)


def _translated(exc: BaseException) -> BaseException:
    """A refused write as the store's errors (the game_saves trigger's conflict included)."""
    if isinstance(exc, sqlite3.IntegrityError):
        if _SAVE_CONFLICT in str(exc):
            return VersionConflict(str(exc))
        return ConstraintViolation(str(exc))
    return exc


class SqliteTransaction:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            cur = await self.conn.execute(sql, tuple(args))
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc
        return cur.rowcount      # a finished DML cursor holds nothing: no trip to close it

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(sql, [tuple(r) for r in rows])
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc

    async def insert(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            cur = await self.conn.execute(sql, tuple(args))
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc
        if cur.lastrowid is None:   # never after an INSERT that succeeded
            raise ConstraintViolation(f"no row inserted by {sql[:60]!r}")
        return cur.lastrowid

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        rows = list(await self.conn.execute_fetchall(sql, tuple(args)))
        return rows[0] if rows else None

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.execute_fetchall(sql, tuple(args)))


async def _enable_wal(conn, tries: int = 100) -> None:
    """Switch the file to WAL. Several processes opening a new file at once race for the switch,
    and SQLite answers the loser "database is locked" at once, without its busy timeout: try again."""
    for attempt in range(tries):
        try:
            await conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == tries - 1:
                raise
            await asyncio.sleep(0.01 * (1 + attempt % 10))


class SqliteDatabase:
    kind = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.conn = conn
        self.path = path
        self.write_lock = asyncio.Lock()
        self.saves = SaveQueue(self._write_batch)

    async def save(self, save: Save) -> None:
        await self.saves.save(save)

    async def _write_batch(self, saves: list[Save]) -> list[BaseException | None]:
        """Write a batch (at most one save per game) in one transaction: the
        versions read under the write lock say which saves apply, and only
        those are inserted, so one conflict never undoes the others."""
        async with self.write_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                ids = [s.game_id for s in saves]
                found = {r[0]: r[1] for r in await self.conn.execute_fetchall(
                    f"SELECT id, version FROM games WHERE id IN ({','.join('?' * len(ids))})", ids)}
                applying = [s for s in saves if found.get(s.game_id) == s.expected_version]
                if applying:
                    await self.conn.execute(
                        f"INSERT INTO game_saves ({', '.join(SAVE_COLUMNS)}) VALUES "
                        + ", ".join([_SAVE_ROW] * len(applying)), [v for s in applying for v in s.row()])
            except BaseException as exc:
                await self.conn.execute("ROLLBACK")
                if len(saves) > 1 and isinstance(exc, sqlite3.Error):
                    applying = None     # one save broke a rule: each is tried alone, to tell whose it was
                else:
                    raise _translated(exc) from exc
            else:
                await self.conn.execute("COMMIT")
        if applying is None:
            return [await self._alone(s) for s in saves]
        return [None if found.get(s.game_id) == s.expected_version else
                VersionConflict(f"game {s.game_id} is at version {found.get(s.game_id)}, not {s.expected_version}")
                for s in saves]

    async def _alone(self, save: Save) -> BaseException | None:
        try:
            outcome = await self._write_batch([save])
        except BaseException as exc:    # handed to the save's caller
            return exc
        return outcome[0]

    @classmethod
    async def connect(cls, path: str | Path) -> SqliteDatabase:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await conn.execute("PRAGMA busy_timeout = 10000")
            await _enable_wal(conn)
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await conn.close()       # its thread would keep the process from exiting
            raise
        return cls(conn, path)

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        async with self.write_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTransaction(self.conn)
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            else:
                await self.conn.execute("COMMIT")

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> None:
        async with self.write_lock:     # never inside another task's open transaction on this connection
            try:
                # autocommit: a write statement takes the write lock before it reads, like BEGIN IMMEDIATE
                await self.conn.execute_fetchall(sql, tuple(args))
            except sqlite3.IntegrityError as exc:
                raise ConstraintViolation(str(exc)) from exc

    # Reads run and finish in one call on the connection's thread: a cursor left open across an ``await``
    # holds a read snapshot, and a write started meanwhile on the same connection (BEGIN IMMEDIATE) could
    # then not wait for another process's commit: SQLite answers "database is locked" at once (found by
    # tests/reliability/test_concurrency.py).
    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        rows = list(await self.conn.execute_fetchall(sql, tuple(args)))
        return rows[0] if rows else None

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.execute_fetchall(sql, tuple(args)))

    async def schema_version(self) -> int:
        row = await self.fetch_one("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self, migrations: Sequence[str]) -> int:
        async with self.write_lock:
            for number, sql in enumerate(migrations, start=1):
                if number <= await self.schema_version():
                    continue
                await self.conn.execute("BEGIN IMMEDIATE")
                try:
                    # read again under the write lock: another process may have run it meanwhile
                    if number <= await self.schema_version():
                        await self.conn.execute("COMMIT")
                        continue
                    # executescript would COMMIT first; run statement by statement inside our transaction
                    for statement in split_sql(sql):
                        await self.conn.execute(statement)
                    await self.conn.execute(f"PRAGMA user_version = {number}")
                    await self.conn.execute("COMMIT")
                except BaseException:
                    await self.conn.execute("ROLLBACK")
                    raise
        return await self.schema_version()

    async def backup(self, target: str | Path) -> None:
        """A consistent online copy through SQLite's backup API."""
        target = str(target)
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        dest = await aiosqlite.connect(target)
        try:
            await self.conn.backup(dest)
        finally:
            await dest.close()


def split_sql(script: str) -> list[str]:
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
