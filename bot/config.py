"""Settings, read from the environment (and a ``.env`` file if present).
Every setting is listed with its default in ``.env.example``."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    token: str | None
    db: str
    dev_guild: int | None
    locale: str
    log_level: str
    images: str

    def __repr__(self) -> str:  # never print the token, even by accident
        return (f"Settings(token={'set' if self.token else 'unset'}, db={self.db!r}, dev_guild={self.dev_guild}, "
                f"locale={self.locale!r}, log_level={self.log_level!r}, images={self.images!r})")

    __str__ = __repr__


def load_settings() -> Settings:
    try:
        from dotenv import load_dotenv
        load_dotenv()
    except ImportError:  # python-dotenv is a dependency; tolerate its absence in odd installs
        pass
    guild = os.environ.get("HEARTH_DEV_GUILD", "").strip()
    return Settings(
        token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
        db=os.environ.get("HEARTH_DB", "hearth.sqlite3"),
        dev_guild=int(guild) if guild.isdigit() else None,
        locale=os.environ.get("HEARTH_LOCALE", "en"),
        log_level=os.environ.get("HEARTH_LOG_LEVEL", "INFO").upper(),
        images=os.environ.get("HEARTH_IMAGES", "hearth-images"),
    )
