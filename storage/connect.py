"""From a database setting (``HEARTH_DB``, ``--db``) to an open, migrated store.

A file path (the default, ``hearth.sqlite3``) opens SQLite; a
``postgresql://…`` or ``postgres://…`` URL opens PostgreSQL through
asyncpg. A setting that cannot be used is refused with
:class:`UnusableSetting`, whose message is one line a person can act on
(the CLI prints it and exits with code 2) — never a folder named
``postgresql:`` holding a surprise SQLite file.
"""

from __future__ import annotations

import asyncio
import importlib.util
import re
import sqlite3
from pathlib import Path
from urllib.parse import urlsplit

from storage.errors import UnusableSetting
from storage.store import Store

POSTGRES_SCHEMES = ("postgresql", "postgres")
# a scheme is two letters or more, so a Windows drive ("C:\\games\\hearth.db") stays a path
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]+):")
_HELP = "give a file path (SQLite) or a postgresql://user:password@host:port/database URL"


def kind_of(setting: str | Path) -> str:
    """``"sqlite"`` or ``"postgresql"``, or :class:`UnusableSetting` for anything else."""
    if isinstance(setting, Path):
        return "sqlite"
    text = setting.strip()
    if not text:
        raise UnusableSetting(f"the database setting is empty: {_HELP}")
    match = _SCHEME.match(text)
    if match is None:
        return "sqlite"
    scheme = match.group(1).lower()
    if scheme in POSTGRES_SCHEMES:
        if not text[match.end():].startswith("//"):
            raise UnusableSetting(f"'{scheme}:' must be followed by //host/database: {_HELP}")
        return "postgresql"
    raise UnusableSetting(f"unknown database scheme '{scheme}:': {_HELP}")


def redacted(url: str) -> str:
    """The URL without its password, to name it in a message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()


async def open_store(setting: str | Path, *, pool_size: int = 10, timeout: float = 10.0) -> Store:
    """The store a setting names, migrated and ready; :class:`UnusableSetting`
    (one line) when it cannot be used."""
    if kind_of(setting) == "postgresql":
        return await _open_postgres(str(setting).strip(), pool_size, timeout)
    return await _open_sqlite(setting if isinstance(setting, Path) else setting.strip())


async def _open_sqlite(setting: str | Path) -> Store:
    path = Path(setting)
    if str(setting) != ":memory:":
        folder = path.parent
        if not folder.is_dir():
            raise UnusableSetting(f"the folder {str(folder)!r} of the database file does not exist: "
                                  "create it first, or give another path")
        if path.is_dir():
            raise UnusableSetting(f"{str(path)!r} is a folder, not a database file: give a file path")
    try:
        return await Store.open(setting)
    except sqlite3.DatabaseError as exc:      # not a database, unreadable, read-only folder…
        raise UnusableSetting(f"cannot use {str(setting)!r} as an SQLite database: {exc}") from exc


async def _open_postgres(url: str, pool_size: int, timeout: float) -> Store:
    if importlib.util.find_spec("asyncpg") is None:
        raise UnusableSetting("a PostgreSQL database needs the asyncpg package: pip install 'hearth[postgres]'")
    import asyncpg

    try:
        return await asyncio.wait_for(Store.connect_postgres(url, pool_size=pool_size), timeout)
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UnusableSetting(f"cannot use the PostgreSQL database {redacted(url)}: {reason}") from exc
