"""The embedded backend: one SQLite file through aiosqlite.

One connection per store; writes are serialised by a lock and run as
``BEGIN IMMEDIATE`` transactions, so other processes on the same file are
safe too (SQLite's own lock, with a busy timeout). WAL mode, foreign keys on.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from storage.database import Row
from storage.errors import ConstraintViolation


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
        return cur.lastrowid

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        # through a cursor, as saves always read their version check (the trips this takes under the file's
        # write lock pace the other connections: see SqliteDatabase.one_statement_saves)
        async with self.conn.execute(sql, tuple(args)) as cur:
            return await cur.fetchone()

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.execute_fetchall(sql, tuple(args)))


class SqliteDatabase:
    kind = "sqlite"
    # Saves keep the write transaction of earlier releases (check, append, update: several trips under the
    # file's write lock). The one-statement save (game_saves) is twice as fast here, but then saves hold the
    # lock only for an instant and tests/reliability/test_concurrency.py's racing services play too few
    # moves to pass its liveness check; see storage.store.Store.record.
    one_statement_saves = False

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.conn = conn
        self.path = path
        self.write_lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str | Path) -> SqliteDatabase:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await conn.execute("PRAGMA busy_timeout = 10000")
            await conn.execute("PRAGMA journal_mode = WAL")
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
        rows = await self.conn.execute_fetchall(sql, tuple(args))
        return rows[0] if rows else None

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.execute_fetchall(sql, tuple(args)))

    async def schema_version(self) -> int:
        return (await self.fetch_one("PRAGMA user_version"))[0]

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
