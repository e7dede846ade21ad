"""Reply texts in English and French. ``t(locale, key, **fields)`` picks the
caller's language (French for any ``fr*`` locale), English otherwise."""

from __future__ import annotations

import os

from bot.table.texts import MESSAGES


def default_locale() -> str:
    return os.environ.get("HEARTH_LOCALE", "en")


def is_french(locale: str | None) -> bool:
    return (locale or default_locale()).lower().startswith("fr")


def t(locale: str | None, message: str, /, **fields) -> str:
    en, fr = MESSAGES[message]
    return (fr if is_french(locale) else en).format(**fields)


def duration(seconds: float, locale: str | None = None) -> str:
    """'3 d 4 h', '5 h 12 min', '40 min', 'moments' — short and language-neutral."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min"
    return "quelques instants" if is_french(locale) else "moments"

