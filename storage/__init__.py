"""The game store: one interface (:class:`storage.store.Store`), two backends
(SQLite, the embedded default; PostgreSQL through asyncpg). Open one from a
setting with :func:`open_store`."""

from storage.connect import open_store
from storage.errors import UnusableSetting
from storage.kinds import DeadlinePolicy, GameStatus, LogKind
from storage.store import Store

__all__ = ["DeadlinePolicy", "GameStatus", "LogKind", "Store", "UnusableSetting", "open_store"]
