"""Settings: read once, from the environment (and a ``.env`` file if present), and checked.

:func:`load_settings` is the one place that reads them. A value it cannot use is never
ignored: :class:`BadSetting` says what is wrong, one line a setting, and the ``hearth``
command stops with exit code 2 before anything starts. An empty value means the default.
``SETTINGS`` lists every one with the default ``.env.example`` shows (a test keeps the two
equal), and which field of :class:`Settings` holds it."""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"   # the gettext catalogues (bot/locale/README.md)
SOURCE_LANGUAGE = "en"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MAX_SHARDS = 10_000      # far beyond any bot Hearth will be; a typo's guard


@functools.cache
def languages() -> tuple[str, ...]:
    """Every language the bot speaks: the source and each one with a catalogue (read once)."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/hearth.po"))
    return (SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE))


@dataclass(frozen=True)
class Setting:
    env: str        # the environment variable
    default: str    # its default, as .env.example writes it
    field: str      # the Settings field that holds it


SETTINGS = (
    Setting("DISCORD_TOKEN", "", "token"),
    Setting("HEARTH_DB", "hearth.sqlite3", "db"),
    Setting("HEARTH_SHARDS", "", "shards"),
    Setting("HEARTH_SHARD_IDS", "", "shard_ids"),
    Setting("HEARTH_DEV_GUILD", "", "dev_guild"),
    Setting("HEARTH_LOCALE", "en", "locale"),
    Setting("HEARTH_LOG_LEVEL", "INFO", "log_level"),
    Setting("HEARTH_IMAGES", "hearth-images", "images"),
)


class BadSetting(ValueError):
    """Settings this process cannot run with: ``problems`` holds one line for each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Settings:
    token: str | None                      # None: no token (the local table)
    db: str
    dev_guild: int | None
    locale: str                            # the language of replies when the reader's is unknown
    log_level: str
    images: str
    shards: int | None = None              # None: as many shards as Discord recommends
    shard_ids: tuple[int, ...] | None = None   # None: every shard

    def __repr__(self) -> str:  # never print the token, even by accident
        return (f"Settings(token={'set' if self.token else 'unset'}, db={self.db!r}, dev_guild={self.dev_guild}, "
                f"locale={self.locale!r}, log_level={self.log_level!r}, images={self.images!r}, "
                f"shards={self.shards}, shard_ids={self.shard_ids})")

    __str__ = __repr__


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings of ``environ`` (default: this process's environment, after loading ``.env``);
    :class:`BadSetting` when any is unusable."""
    if environ is None:
        try:
            from dotenv import load_dotenv
            load_dotenv()
        except ImportError:  # python-dotenv is a dependency; tolerate its absence in odd installs
            pass
        environ = os.environ
    given = {s.env: environ.get(s.env, "").strip() for s in SETTINGS}
    value = {s.env: given[s.env] or s.default for s in SETTINGS}
    problems: list[str] = []

    guild = given["HEARTH_DEV_GUILD"]
    if guild and not guild.isdigit():
        problems.append(f"HEARTH_DEV_GUILD must be a server id (digits only), or empty (got {guild[:30]!r})")
    locale = value["HEARTH_LOCALE"]
    if locale not in languages():
        problems.append(f"HEARTH_LOCALE must be one of {', '.join(languages())} (got {locale[:20]!r})")
    level = value["HEARTH_LOG_LEVEL"].upper()
    if level not in LOG_LEVELS:
        problems.append(f"HEARTH_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)} (got {level[:20]!r})")
    shards, shard_ids = _shards(given["HEARTH_SHARDS"], given["HEARTH_SHARD_IDS"], problems)
    if problems:
        raise BadSetting(problems)
    return Settings(token=given["DISCORD_TOKEN"] or None, db=value["HEARTH_DB"],
                    dev_guild=int(guild) if guild else None, locale=locale, log_level=level,
                    images=value["HEARTH_IMAGES"], shards=shards, shard_ids=shard_ids)


def _shards(total: str, wanted: str, problems: list[str]) -> tuple[int | None, tuple[int, ...] | None]:
    """``HEARTH_SHARDS`` (how many in all) and ``HEARTH_SHARD_IDS`` (those this process runs)."""
    if not total:
        if wanted:
            problems.append("HEARTH_SHARD_IDS needs HEARTH_SHARDS (the total number of shards) too; "
                            "see .env.example")
        return None, None
    if not total.isdigit() or not 1 <= int(total) <= MAX_SHARDS:
        problems.append(f"HEARTH_SHARDS must be a whole number from 1 to {MAX_SHARDS} (got {total[:20]!r})")
        return None, None
    count = int(total)
    if not wanted:
        return count, None
    ids: list[int] = []
    for part in wanted.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) >= count:
            problems.append(f"HEARTH_SHARD_IDS must list shard numbers from 0 to {count - 1}, "
                            f"separated by commas (got {part[:20]!r})")
            return None, None
        if int(part) in ids:
            problems.append(f"HEARTH_SHARD_IDS lists shard {part} twice")
            return None, None
        ids.append(int(part))
    return count, tuple(sorted(ids))
