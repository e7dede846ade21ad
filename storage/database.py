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
from dataclasses import dataclass
from typing import Any, Protocol

Row = Sequence[Any]

# the columns of the view game_saves (migration 9), in the order of :class:`Save`'s fields
SAVE_COLUMNS = ("game_id", "expected_version", "state", "status", "result", "now", "turn_changed", "to_act",
                "scores", "kind", "seat", "user_id", "text", "barrier", "events", "public_text", "snapshot")


@dataclass(frozen=True)
class Save:
    """One move to save: the new state and its log entry, applied only if the
    game is still at ``expected_version`` (JSON fields already encoded)."""
    game_id: int
    expected_version: int
    state: str
    status: str
    result: str | None
    now: float
    turn_changed: int
    to_act: str | None
    scores: str | None
    kind: str
    seat: int | None
    user_id: int | None
    text: str
    barrier: int
    events: str
    public_text: str | None
    snapshot: int           # 1: also keep this state in game_snapshots (undo re-simulates from the nearest)

    def row(self) -> tuple:
        return (self.game_id, self.expected_version, self.state, self.status, self.result, self.now,
                self.turn_changed, self.to_act, self.scores, self.kind, self.seat, self.user_id, self.text,
                self.barrier, self.events, self.public_text, self.snapshot)


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


class SaveCounts(Protocol):
    """How a backend's saves went (``storage.batching.SaveQueue``): the load test reports saves per batch."""
    @property
    def saved(self) -> int: ...
    @property
    def batches(self) -> int: ...


class Database(Protocol):
    kind: str            # "sqlite" or "postgresql"

    @property
    def saves(self) -> SaveCounts: ...

    async def save(self, save: Save) -> None:
        """Apply one :class:`Save` atomically, or raise
        :class:`storage.errors.VersionConflict` when the game is no longer at
        its expected version. Saves of many tasks are written together (a
        batch per transaction); each still applies or fails on its own."""

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
