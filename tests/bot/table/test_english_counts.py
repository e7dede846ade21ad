"""Issue 15: counts, articles and ordinals read right in English. Every text of both catalogues (the
table's own and the rules') is rendered with sample counts in every field; none may still say
"hit(s)", "a 8", "a elder", "1 points" or "3th". A text that counts picks its form by ``n``
(``plural``/``phrase_n``); a sentence never guesses an article for a word it is given."""

from __future__ import annotations

import re
import string

import pytest

import render
from bot.table.texts import MESSAGES
from rules import registry
from rules.wording import PHRASES

SAMPLES = (0, 1, 2, 5, 8, 11, 18)
CHOOSE_ONE = re.compile(r"\((?:s|es|ies)\)")
# "a" before a vowel sound, or before a number read with one (8, 11, 18, 80…)
BAD_ARTICLE = re.compile(r"(?<![\w'])[Aa] (?:[aeiouAEIOU]|8|11 |11\b|18\b)")
ORDINAL_SUFFIX = re.compile(r"\d(?:st|nd|rd|th)\b")


def fields(text: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def every_text():
    """(key, singular, plural or None) of both catalogues (the boards' words too)."""
    registry.all_games()
    render.declare_words()
    for p in PHRASES.values():
        yield f"rules:{p.key}", p.one, p.other
    for m in MESSAGES.values():
        yield f"hearth:{m.key}", m.one, m.other


def rendered(one: str, other: str | None, n: int) -> str:
    text = other if other is not None and n != 1 else one
    return text.format(**{name.split(".")[0].split("[")[0]: n for name in fields(text)})


def plural_nouns() -> set[str]:
    """Nouns the catalogues count: the word after ``{n}`` where the English plural differs."""
    nouns = {"points", "members", "huts", "hunters", "players", "cards", "discs", "tiles", "tokens", "days",
             "games", "babies", "elders", "hits", "men", "characters", "entries", "frames"}
    verbs = set()
    for _, one, other in every_text():
        if other is not None and other != one:
            nouns |= set(re.findall(r"\{n\} ([a-z]+)", other)) - set(re.findall(r"\{n\} ([a-z]+)", one))
        verbs |= set(re.findall(r"\{(?:who|name|card|winners|seat|s|to)\} ([a-z]+)", one + (other or "")))
    return nouns - verbs        # "moves", "wins": verbs after a name as often as nouns after a count


TEXTS = list(every_text())


@pytest.mark.parametrize("n", SAMPLES)
def test_no_form_is_left_for_the_reader_to_choose(n):
    bad = [(key, text) for key, one, other in TEXTS
           if CHOOSE_ONE.search(text := rendered(one, other, n))]
    assert not bad, f"texts that should count with phrase_n/plural (n={n}): {bad}"


@pytest.mark.parametrize("n", SAMPLES)
def test_no_article_guessed_before_a_vowel_or_a_number(n):
    bad = [(key, text) for key, one, other in TEXTS
           if BAD_ARTICLE.search(text := rendered(one, other, n))]
    assert not bad, f"'a' before a vowel sound (n={n}): {bad}"


def test_one_of_a_thing_is_singular():
    nouns = plural_nouns()
    one_plural = re.compile(r"(?<![\d.,/])\b1 (" + "|".join(sorted(nouns)) + r")\b")
    bad = [(key, text) for key, one, other in TEXTS
           if one_plural.search(text := rendered(one, other, 1))]
    assert not bad, f"a count written beside a plural noun: use phrase_n on that count: {bad}"


def test_ordinals_come_from_the_ordinal_texts():
    bad = []
    for key, one, other in TEXTS:
        if key.startswith("hearth:ordinal_"):
            continue
        for n in SAMPLES:
            text = rendered(one, other, n)
            if re.search(r"\{\w+\}(?:st|nd|rd|th)\b", one + (other or "")) or (
                    ORDINAL_SUFFIX.search(text) and not ORDINAL_SUFFIX.search(one + (other or ""))):
                bad.append((key, text))
                break
    assert not bad, f"an ordinal built from a number field (use bot.table.i18n.ordinal): {bad}"


def test_the_checks_catch_what_they_should():
    """The patterns above, on the defects found in the catalogues before (so the test can fail)."""
    assert CHOOSE_ONE.search(rendered("{who} rolls {rolls}, {n} hit(s).", None, 1))
    assert BAD_ARTICLE.search(rendered("{who} takes a {value} VP card.", None, 8))
    assert BAD_ARTICLE.search("Promote a elder") and not BAD_ARTICLE.search("Promote a hunter to Chief")
    assert not BAD_ARTICLE.search("Take a VP card") and not BAD_ARTICLE.search("a 1 VP card")
    assert re.search(r"\b1 points\b", rendered("{who} wins with {best} points.", None, 1))
