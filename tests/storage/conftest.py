"""Storage tests run on both backends: an SQLite file in the test's folder,
and a fresh database on a real PostgreSQL server that this test session
starts once (tests/pg_server.py) and stops at its end."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from storage import open_store
from storage.store import Store
from tests.pg_server import PostgresServer

BACKENDS = ["sqlite", "postgresql"]


@dataclass
class Backend:
    """One database; every :meth:`open` is another store on it, as a second
    process would have (its own connection, or its own pool)."""
    kind: str
    target: str          # the setting: a file path or a postgresql:// URL

    async def open(self, **kwargs) -> Store:
        return await open_store(self.target, **kwargs)


@pytest.fixture(scope="session")
def postgres_server():
    with PostgresServer() as server:
        yield server


@pytest.fixture(params=BACKENDS)
async def backend(request, tmp_path) -> Backend:
    if request.param == "sqlite":
        return Backend("sqlite", str(tmp_path / "h.db"))
    server = request.getfixturevalue("postgres_server")
    return Backend("postgresql", await server.create_database())


@pytest.fixture
async def store(backend):
    s = await backend.open()
    yield s
    await s.close()
