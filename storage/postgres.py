"""The server backend: PostgreSQL through an asyncpg connection pool, for a
bot that runs as several processes (discord.py shards) on one database.

Each transaction runs on its own pooled connection at READ COMMITTED; the
store's version check is a single ``UPDATE … WHERE version = ?`` whose row
lock makes of two racing saves exactly one apply, in this process or
another. Migrations take an advisory lock, so processes starting together
run each one once.
"""

from __future__ import annotations

import functools
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from storage.batching import SaveQueue
from storage.database import SAVE_COLUMNS, Row, Save
from storage.errors import ConstraintViolation, VersionConflict

try:  # optional: only a PostgreSQL setting needs it (pip install "hearth[postgres]")
    import asyncpg
except ImportError:  # pragma: no cover - the factory refuses the setting with one clear line
    asyncpg = None

MIGRATION_LOCK = 0x4E4152_7448     # any constant; the same in every Hearth process
SAVE_WRITERS = 2                    # batches in flight at once (each on its own pooled connection)
_SAVE_TYPES = ("bigint", "integer", "text", "text", "text", "double precision", "integer", "text", "text", "text",
               "integer", "bigint", "text", "integer", "text", "text", "integer")
# a batch of saves in one statement: one array a column; the trigger returns the rows it applied (migration 9)
_SAVE_BATCH = (f"INSERT INTO game_saves ({', '.join(SAVE_COLUMNS)}) SELECT * FROM unnest("
               + ", ".join(f"${i}::{t}[]" for i, t in enumerate(_SAVE_TYPES, start=1))
               + ") RETURNING game_id")
_PLACEHOLDER = re.compile(r"'(?:[^']|'')*'|\?")


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (string literals left alone)."""
    count = 0

    def number(match: re.Match) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)


def _changed(status: str) -> int:
    """Rows changed, from a command tag such as ``UPDATE 1`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def _keep_session(conn) -> None:
    """Given back to the pool, a connection needs no reset query (asyncpg's default costs one more trip per
    query): the store never LISTENs, SETs or takes session locks, and asyncpg itself still ends any
    transaction left open."""


class PostgresTransaction:
    def __init__(self, conn) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            return _changed(await self.conn.execute(numbered(sql), *args))
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from exc

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(numbered(sql), [tuple(r) for r in rows])
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from exc

    async def insert(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            return await self.conn.fetchval(numbered(sql) + " RETURNING id", *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from exc

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        return await self.conn.fetchrow(numbered(sql), *args)

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return await self.conn.fetch(numbered(sql), *args)


class PostgresDatabase:
    kind = "postgresql"

    def __init__(self, pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.saves = SaveQueue(self._write_batch, writers=SAVE_WRITERS)

    async def save(self, save: Save) -> None:
        await self.saves.save(save)

    async def _write_batch(self, saves: list[Save]) -> list[BaseException | None]:
        """One statement, one round trip, one commit for the whole batch (games in id
        order, so two processes' batches lock rows in the same order)."""
        columns = [list(c) for c in zip(*(s.row() for s in saves), strict=True)]
        try:
            applied = {r[0] for r in await self.pool.fetch(_SAVE_BATCH, *columns)}
        except asyncpg.IntegrityConstraintViolationError as exc:
            if len(saves) == 1:
                raise ConstraintViolation(str(exc)) from exc
            return [await self._alone(s) for s in saves]   # one save broke a rule: tell whose it was
        return [None if s.game_id in applied else
                VersionConflict(f"game {s.game_id} is no longer at version {s.expected_version}") for s in saves]

    async def _alone(self, save: Save) -> BaseException | None:
        try:
            return (await self._write_batch([save]))[0]
        except BaseException as exc:    # handed to the save's caller
            return exc

    @classmethod
    async def connect(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresDatabase:
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, reset=_keep_session)
        return cls(pool, url)

    async def close(self) -> None:
        await self.pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        async with self.pool.acquire() as conn, conn.transaction():
            yield PostgresTransaction(conn)

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> None:
        try:
            await self.pool.execute(numbered(sql), *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from exc

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        return await self.pool.fetchrow(numbered(sql), *args)

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return await self.pool.fetch(numbered(sql), *args)

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            return await self._version(conn)

    @staticmethod
    async def _version(conn) -> int:
        if await conn.fetchval("SELECT to_regclass('hearth_schema')") is None:
            return 0
        return await conn.fetchval("SELECT version FROM hearth_schema") or 0

    async def migrate(self, migrations: Sequence[str]) -> int:
        async with self.pool.acquire() as conn:
            for number, sql in enumerate(migrations, start=1):
                async with conn.transaction():
                    # one process at a time; the others find the work done when they get the lock
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await conn.execute("CREATE TABLE IF NOT EXISTS hearth_schema (version INTEGER NOT NULL)")
                    if number <= await self._version(conn):
                        continue
                    await conn.execute(sql)      # no arguments: the simple protocol runs a whole script
                    await conn.execute("DELETE FROM hearth_schema")
                    await conn.execute("INSERT INTO hearth_schema (version) VALUES ($1)", number)
            return await self._version(conn)
