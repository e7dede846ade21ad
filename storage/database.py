"""What the store needs of a database: the small interface both backends
(:mod:`storage.sqlite`, :mod:`storage.postgres`) offer.

SQL is written once, with ``?`` placeholders and the subset of SQL both
engines share; the PostgreSQL backend numbers the placeholders (``$1``…)
itself. Where the dialects truly differ (the schema's types, triggers) a
migration has one text per backend under the same number.

Rows come back as sequences indexed by column position (``row[0]``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

Row = Sequence[Any]


class Transaction(Protocol):
    """Statements run inside one transaction: all apply, or none (an exception
    leaving the ``async with`` block rolls everything back)."""

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; return how many rows it changed."""

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of arguments."""

    async def insert(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one ``INSERT`` into a table with an ``id`` key; return the new id."""

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...


class Database(Protocol):
    kind: str            # "sqlite" or "postgresql"
    one_statement_saves: bool   # Store.record saves through the view game_saves (else: a transaction)

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """A write transaction. On SQLite writers are serialised (one at a time,
        ``BEGIN IMMEDIATE``); on PostgreSQL each runs on its own pooled connection."""

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> None:
        """One statement on its own, atomic by itself, in one trip to the database
        (the cheapest write: no BEGIN and COMMIT around it)."""

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def schema_version(self) -> int: ...

    async def migrate(self, migrations: Sequence[str]) -> int:
        """Run every numbered migration newer than the database (migration n is
        ``migrations[n - 1]``), each in its own transaction; return the version."""

    async def close(self) -> None: ...
