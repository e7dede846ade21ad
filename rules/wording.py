"""Texts the rules emit, as message keys with parameters: the bot translates them.

A game declares its sentences once, in ``rules/<game>/phrases.py``::

    TAKES = phrase("fire_and_stone.takes", "{who} takes the {kind} ({level}/3).")
    HUTS = phrase_n("fire_and_stone.huts", "{n} hut", "{n} huts")
    WINS = phrase_n("clans.wins", "{who} wins with {best} point.", "{who} wins with {best} points.", count="best")
    APPLE = phrase("fire_and_stone.kind.apple", "apple")        # a term: a word passed as a parameter

and says them with parameters: ``TAKES(who=seat(s), kind=APPLE(), level=2)`` is a :class:`Said`
(key + JSON-able parameters). Its English (``said.english()``) is what the log stores and what a
reader without a catalogue sees; the bot renders the same key in the reader's language through the
gettext catalogue ``bot/locale/<lang>/LC_MESSAGES/rules.po`` (``msgctxt`` = the key, ``msgid`` = the
English, plural forms for ``phrase_n``, whose count is the parameter ``n``, or the one ``count=`` names).
A sentence with two counts nests one as a phrase of its own (``{n} point``/``{n} points``). A parameter is a number,
a plain string (a seat ``{p0}``, a notation, a number written out), another :class:`Said` (a term or a
nested sentence, translated too) or a list of those (:func:`listing`). Nothing here knows Discord.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

PHRASES: dict[str, Phrase] = {}
_PLAIN = (int, str, float)      # parameters stored as they are


@dataclass(frozen=True)
class Phrase:
    """One sentence or term: ``key`` (stable, unique), its English, and the English plural if it counts."""

    key: str
    one: str
    other: str | None = None
    note: str = ""            # a word for translators (what the fields hold)
    count: str = "n"          # the parameter whose number picks the plural form

    def __hash__(self) -> int:
        return hash(self.key)   # keys are unique (``_declare``): equal phrases have equal keys

    @property
    def is_plural(self) -> bool:
        return self.other is not None

    def __call__(self, **params) -> Said:
        if self.other is not None and self.count not in params:
            raise TypeError(f"phrase {self.key!r} counts: give {self.count}=")
        for k, v in params.items():      # numbers and strings as they are (the hot path of a search)
            if type(v) not in _PLAIN:
                params[k] = _param(v)
        return Said(self.key, params)

    def english(self, n: int | float | None = None) -> str:
        return self.other if self.other is not None and n != 1 else self.one


def _declare(p: Phrase) -> Phrase:
    old = PHRASES.get(p.key)
    if old is not None and old != p:
        raise ValueError(f"phrase key {p.key!r} declared twice with different texts")
    PHRASES[p.key] = p
    return p


def phrase(key: str, english: str, note: str = "") -> Phrase:
    return _declare(Phrase(key, english, None, note))


def phrase_n(key: str, one: str, other: str, note: str = "", count: str = "n") -> Phrase:
    """A text with a count: ``one`` and ``other`` English forms, chosen by the parameter ``count``."""
    return _declare(Phrase(key, one, other, note, count))


class Said:
    """A phrase said with its parameters; stored as ``{"key": …, "params": {…}}``. Treat as immutable."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, params: dict) -> None:
        self.key = key
        self.params = params

    def english(self) -> str:
        p = PHRASES[self.key]
        params = self.params
        if not params:
            return p.one
        fields = {k: v if type(v) in _PLAIN else _value(v, english_lookup, english_join, None)
                  for k, v in params.items()}
        return p.english(params.get(p.count)).format(**fields)

    def to_json(self) -> dict:
        return {"key": self.key, "params": self.params} if self.params else {"key": self.key}

    def __eq__(self, other) -> bool:
        return isinstance(other, Said) and self.key == other.key and self.params == other.params

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.params!r})"


def listing(items, style: str = "standard") -> dict:
    """A list parameter: its items (words or sentences) joined as the reader's language joins them
    ('a, b and c'; ``style="or"``: 'a, b or c'; ``"comma"``: 'a, b, c' in every language)."""
    data: dict[str, Any] = {"list": [_param(i) for i in items]}
    if style != "standard":
        data["style"] = style
    return data


def sentences(items) -> dict:
    """A parameter of several sentences, one after the other."""
    return {"sentences": [_param(i) for i in items]}


def seat(s: int) -> str:
    """A seat as the rules write it; the bot puts the player's name in."""
    return f"{{p{s}}}"


# French elides "de" and "que" before a vowel: "le tour d'Ana", "plus qu'Yves". The catalogue's own
# words are written elided already; a name put into a text is not known until then. H is left
# alone (an aspirated h keeps "de": "de Hugo" is as right as "d'Hugo" is for a mute one).
_ELIDES = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
_VOWELS = frozenset("AEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜaeiouyàâäéèêëîïôöûü")


def elided(text: str, values: dict[str, Any]) -> str:
    """``text`` with "de {field}" written "d'{field}" (and "que" "qu'") wherever that field's
    value is a word starting with a vowel; the fields stay for the caller to fill."""
    if "{" not in text:
        return text

    def one(match: re.Match) -> str:
        value = values.get(match[2])
        if isinstance(value, str) and value[:1] in _VOWELS:
            return f"{match[1][:-1]}'{{{match[2]}}}"
        return match[0]
    return _ELIDES.sub(one, text)


def fill_seats(text: str, names: list[str]) -> str:
    """A rules text with its seats (``{p0}``…) named, French elision made before a vowel."""
    if "{p" not in text:
        return text
    text = elided(text, {f"p{i}": name for i, name in enumerate(names)})
    for i, name in enumerate(names):
        text = text.replace(f"{{p{i}}}", name)
    return text


def _param(value: Any):
    if isinstance(value, Said):
        return value.to_json()
    if isinstance(value, bool) or value is None:
        raise TypeError(f"not a phrase parameter: {value!r}")
    if isinstance(value, (int, float, str, dict)):
        return value
    raise TypeError(f"not a phrase parameter: {value!r}")


def english_lookup(phrase_: Phrase, n) -> str:
    return phrase_.english(n)


def english_join(items: list[str], style: str = "standard") -> str:
    if style == "comma" or len(items) < 2:
        return ", ".join(items)
    return ", ".join(items[:-1]) + (" or " if style == "or" else " and ") + items[-1]


def render(said: dict, lookup, join=english_join, number=None) -> str:
    """Render stored ``said`` JSON: ``lookup(phrase, n)`` gives the text of a phrase for the count ``n``
    (None without one), ``join`` a list, ``number`` writes a count (default: as is)."""
    p = PHRASES[said["key"]]
    params = said.get("params") or {}
    n = params.get(p.count)
    fields = {k: _value(v, lookup, join, number) for k, v in params.items()}
    if number is not None and isinstance(n, (int, float)):
        fields[p.count] = number(n)
    return lookup(p, n).format(**fields)


def _value(v, lookup, join, number):
    if isinstance(v, dict) and "key" in v:
        return render(v, lookup, join, number)
    if isinstance(v, dict) and "list" in v:
        return join([str(_value(i, lookup, join, number)) for i in v["list"]], v.get("style", "standard"))
    if isinstance(v, dict) and "sentences" in v:
        return " ".join(str(_value(i, lookup, join, number)) for i in v["sentences"])
    if isinstance(v, dict) and "lines" in v:
        return "\n".join(str(_value(i, lookup, join, number)) for i in v["lines"])
    return v


def lines(items) -> dict:
    """A list parameter shown one item a line (a result's per-player breakdown)."""
    return {"lines": [_param(i) for i in items]}
