"""Is every word on a board said through the table's translator?

``pseudo_say`` is a translator into a made-up language: each phrase's own words come out with
their vowels accented (``"Game over"`` → ``"Gámé óvér"``), its fields filled as usual. A board
drawn with it shows plain ASCII vowels only in text that bypassed ``Table.say`` — English
written into a renderer or a view — or in the players' names. :func:`untranslated` lists those
words from an image's recorded labels."""

from __future__ import annotations

import re
import string

from render import kit
from rules.wording import PHRASES, Said, english_join, render

ACCENTED = str.maketrans("aeiouAEIOU", "áéíóúÁÉÍÓÚ")
_FIELD = re.compile(r"(\{[^{}]*\})")
_WORD = re.compile(r"[^\W\d_]{2,}")      # two letters or more: single letters are codes (zones, seats)


def pseudo(template: str) -> str:
    """The template's words accented, its {fields} left for ``format``."""
    return "".join(part if _FIELD.fullmatch(part) else part.translate(ACCENTED) for part in _FIELD.split(template))


def pseudo_join(items: list[str], style: str = "standard") -> str:
    """A list joined as English joins it, its own words ("and", "or") in the made-up language too."""
    if style == "comma" or len(items) < 2:
        return english_join(items, style)
    return ", ".join(items[:-1]) + (" ór " if style == "or" else " ánd ") + items[-1]


def pseudo_say(text: Said | dict) -> str:
    data = text.to_json() if isinstance(text, Said) else text
    if data.get("key") not in PHRASES:
        raise KeyError(f"no phrase {data.get('key')!r}")
    return render(data, lambda p, n: pseudo(p.english(n)), pseudo_join)


def untranslated(img, names: list[str], allowed: set[str] = frozenset()) -> list[str]:
    """The words drawn on ``img`` with a plain vowel (not said through the translator),
    besides the players' names and the ``allowed`` words (notation a player types)."""
    found = []
    for mark in kit.marks(img):
        if mark.kind not in ("label", "piece-label") or not mark.text:
            continue
        line = mark.text
        for name in sorted(names, key=len, reverse=True):
            line = line.replace(name, " ")
        for word in _WORD.findall(line):
            if word not in allowed and any(c in "aeiouAEIOU" for c in word) and word.strip(string.digits):
                found.append(f"{word!r} in {mark.text!r}")
    return found
