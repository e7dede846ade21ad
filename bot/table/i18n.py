"""Reply texts in the reader's language, from gettext catalogues.

``t(locale, key, **fields)`` renders a text of :mod:`bot.table.texts`; ``tn(locale, key, n, **fields)``
one with a count, in the plural form the language's rule picks for ``n``. A Discord locale
(``fr``, ``en-GB``, ``pt-BR``…) selects ``bot/locale/<lang>/LC_MESSAGES/hearth.po`` (``pt_BR``, else
``pt``); English is the source language (the texts' own words), also the fallback for a language we
have no catalogue for and for an entry a catalogue leaves untranslated or fuzzy.

The ``.po`` files are read with Babel when first needed and compiled in memory into a standard
:class:`gettext.GNUTranslations` (same lookup, plural rule from the catalogue's ``Plural-Forms``), so
a fresh checkout or ``pip install`` runs with no compile step and no ``.mo`` file to go stale.
"""

from __future__ import annotations

import functools
import gettext
import io
import string
from collections.abc import Callable
from typing import Literal

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from bot.config import LOCALE_DIR, SOURCE_LANGUAGE, languages
from bot.table.texts import MESSAGES
from rules import registry
from rules.wording import PHRASES, Phrase, Said, elided, english_join, render

DOMAIN = "hearth"
RULES_DOMAIN = "rules"     # the rules' own texts (rules/<game>/phrases.py): bot/locale/<lang>/LC_MESSAGES/rules.po
_default = [SOURCE_LANGUAGE]   # HEARTH_LOCALE, once the settings are read (set_default_locale)


# the list styles of rules.wording.listing that Babel joins in the reader's language ("comma" is joined above)
_LIST_STYLES: dict[str, Literal["standard", "or"]] = {"standard": "standard", "or": "or"}


def set_default_locale(locale: str) -> None:
    """The language of replies when the reader's is unknown (``Settings.locale``, from ``HEARTH_LOCALE``)."""
    _default[0] = locale


def default_locale() -> str:
    return _default[0]


def language(locale: str | None) -> str:
    """The catalogue for a locale: 'pt-BR' -> 'pt_BR' if we have it, else 'pt', else English."""
    base, _, region = (locale or default_locale()).strip().replace("-", "_").partition("_")
    for candidate in (f"{base.lower()}_{region.upper()}", base.lower()):
        if candidate in languages():
            return candidate
    return SOURCE_LANGUAGE


def is_french(locale: str | None) -> bool:
    return language(locale) == "fr"


@functools.cache
def catalogue(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The compiled catalogue of one language (English: the texts themselves)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == SOURCE_LANGUAGE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        parsed = read_po(po, locale=lang, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, parsed, use_fuzzy=False)   # a fuzzy entry waits for review: English meanwhile
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def t(locale: str | None, key: str, /, **fields) -> str:
    """The text ``key`` in the reader's language, its ``{fields}`` filled."""
    message = MESSAGES[key]
    if message.is_plural:
        raise TypeError(f"text {key!r} has a count: use tn(locale, {key!r}, n, …)")
    lang = language(locale)
    text = catalogue(lang).pgettext(key, message.one)
    return (elided(text, fields) if lang == "fr" else text).format(**fields)


def tn(locale: str | None, key: str, n: float, /, **fields) -> str:
    """The text ``key`` for the count ``n``; ``{n}`` shows the count, written for the language."""
    message = MESSAGES[key]
    if message.other is None:
        raise TypeError(f"text {key!r} has no count: use t(locale, {key!r}, …)")
    lang = language(locale)
    text = catalogue(lang).npgettext(key, message.one, message.other, plural_count(n, lang))
    fields.setdefault("n", number(n, lang))
    return (elided(text, fields) if lang == "fr" else text).format(**fields)


def plural_count(n: float, lang: str) -> int:
    """The whole number that picks ``n``'s plural form. gettext rules take integers; for 1.5
    (e.g. days of vacation) take an integer of the same CLDR category: '1.5 days' but '1,5 jour'."""
    if float(n).is_integer():
        return abs(int(n))
    try:
        rules = Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        return 2
    wanted = rules.plural_form(abs(n))
    return next((k for k in range(1000) if rules.plural_form(k) == wanted), 2)


def number(n: float, lang: str) -> str:
    """A count as the language writes it: 2, 1.5 in English; 2, 1,5 in French."""
    if float(n).is_integer():
        return str(int(n))
    text = f"{n:g}"
    if "." in text and lang != SOURCE_LANGUAGE:
        try:
            return text.replace(".", Locale.parse(lang).number_symbols["latn"]["decimal"])
        except (ValueError, UnknownLocaleError, KeyError):
            return text
    return text


def decimal(value: float, places: int, locale: str | None) -> str:
    """A number with ``places`` decimals as the language writes it: 2.50, -1.8 / 2,50, -1,8."""
    lang = language(locale)
    try:
        return format_decimal(value, "0." + "0" * places if places else "0", locale=lang)
    except (ValueError, UnknownLocaleError):
        return f"{value:.{places}f}"


def ordinal(locale: str | None, n: int) -> str:
    """'1st', '2nd', '3rd', '11th' / '1er', '2e': the ordinal_* text of ``n``'s CLDR ordinal category."""
    lang = language(locale)
    try:
        category = Locale.parse(lang).ordinal_form(n)
    except (ValueError, UnknownLocaleError):
        category = "other"
    key = f"ordinal_{category}" if f"ordinal_{category}" in MESSAGES else "ordinal_other"
    return t(locale, key, n=n)


def duration(seconds: float, locale: str | None = None) -> str:
    """'3 d 4 h', '5 h 12 min', '40 min', 'a few moments' — short units, in the reader's language."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return t(locale, "duration_days", days=days, hours=hours)
    if hours:
        return t(locale, "duration_hours", hours=hours, minutes=minutes)
    if minutes:
        return t(locale, "duration_minutes", minutes=minutes)
    return t(locale, "duration_moments")


def scores_line(locale: str | None, names: list[str], scores, unit: str = "points") -> str:
    """'Ann: 12 points · Bob: 9 points' — each player's public score with its unit (``Game.score_unit``:
    points, or clan members), as the language writes it."""
    key = "score_members" if unit == "members" else "score_points"
    return " · ".join(tn(locale, key, score, name=name) for name, score in zip(names, scores))


def fields_of(text: str) -> set[str]:
    """The ``{field}`` names a text uses (for the catalogue checks)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


# ---- the rules' own texts (events, refusals, move labels, results): message keys with parameters


def say(locale: str | None, said: Said | dict) -> str:
    """A rules text (a :class:`rules.wording.Said` or its stored JSON) in the reader's language:
    each phrase through the ``rules`` catalogue, words passed as parameters translated too, counts
    in the language's plural form. Seats stay ``{p0}``… for the caller to fill with names."""
    registry.all_games()            # every game's phrases declared
    lang = language(locale)
    book = catalogue(lang, RULES_DOMAIN)

    def lookup(p: Phrase, n) -> str:
        if p.other is not None:
            return book.npgettext(p.key, p.one, p.other, plural_count(n if n is not None else 2, lang))
        return book.pgettext(p.key, p.one)

    def join(items: list[str], style: str = "standard") -> str:
        if style == "comma" or lang == SOURCE_LANGUAGE:     # English exactly as the log stores it
            return english_join(items, style)
        try:
            return format_list(items, style=_LIST_STYLES[style], locale=lang) if items else ""
        except (KeyError, ValueError, UnknownLocaleError):
            return ", ".join(items)

    data = said.to_json() if isinstance(said, Said) else said
    if data.get("key") not in PHRASES:          # a key this code no longer has: the stored English
        return str(data.get("text", data.get("key", "")))
    return render(data, lookup, join, lambda n: number(n, lang))


@functools.lru_cache(maxsize=64)
def sayer(locale: str | None) -> Callable[[Said | dict], str]:
    """``say`` for one reader's language: what a board (``render.kit.Table.say``) translates with
    (the same one each time, so that the board kit can remember what it said)."""
    return functools.partial(say, locale)


def logged(locale: str | None, english: str, message: dict | None) -> str:
    """A logged event in the reader's language (English as stored when it has no message key)."""
    return say(locale, message) if message and "key" in message else english


def entry_events(locale: str | None, entry, labels: bool = False) -> list[str]:
    """The public events of a log entry (:class:`storage.store.LogRow`), in the reader's language.
    ``labels``: with the label kept for a move that caused no public event (``/log`` shows it; the
    channel never heard it as an event)."""
    messages = tuple(getattr(entry, "messages", ()) or ())
    out = []
    for i, text in enumerate(entry.events):
        message = messages[i] if i < len(messages) else None
        if labels or not (message and message.get(LABEL)):
            out.append(logged(locale, text, message))
    return out


LABEL = "label"   # marks the stored label of a move without public events (bot.table.turns.logged_label)


def event_text(locale: str | None, event) -> str:
    """A :class:`rules.core.Event` in the reader's language."""
    return say(locale, event.said) if event.said is not None else event.text


def refusal_text(locale: str | None, exc) -> str:
    """A :class:`rules.core.IllegalMove` in the reader's language."""
    said = getattr(exc, "said", None)
    return say(locale, said) if said is not None else str(exc)


def label_text(locale: str | None, move) -> str:
    """A move's label (autocomplete, buttons) in the reader's language."""
    said = move.said
    return say(locale, said) if said is not None else move.label


def summary_text(locale: str | None, result) -> str:
    """A result's own summary line in the reader's language."""
    said = getattr(result, "summary_said", None)
    return say(locale, said) if said is not None else result.summary


def hand_text(locale: str | None, game, state, seat: int) -> str:
    """What ``/hand`` tells ``seat``, in the reader's language (seats still ``{p0}``…)."""
    said = game.private_said(state, seat)
    if said is None:                    # a game that words /hand itself
        return game.private_text(state, seat, locale)
    return "\n".join(say(locale, s) for s in said)


def status_line(locale: str | None, game, state) -> str:
    """A game's public status line(s) in the reader's language (seats still ``{p0}``…)."""
    said = game.status_said(state)
    if said is None:
        return game.status_text(state, locale)
    return "\n".join(say(locale, s) for s in said)
