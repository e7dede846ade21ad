"""`/rules game:<key> topic:<page>`: a game's rules as pages, each sent within Discord's limits.

A game offers its pages as phrases (``Game.rules_pages() -> list[(topic, title, text)]``, their
French in the rules catalogue), with topic ids the same in every language, ideally the four every
game shares (``TOPICS``: overview and goal, turn phases, scoring, move notation); an empty title
takes the shared topic's title in the reader's language. A game that offers none is split by the ``**Heading**`` lines that start the
paragraphs of its ``rules_text``: the first section is the overview, the others are reached by
number or by heading.

To serve it, the table's ``rules`` command sends ``page_messages(game, locale, topic)`` (first as
the reply, the rest as follow-ups) in place of the whole ``rules_text``, and the `/rules` command
offers ``topic_choices`` as the autocomplete of a ``topic`` option.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from bot.table.i18n import say, t
from bot.table.values import Refused, message_chunks
from rules.core import echo
from rules.wording import Said

TOPICS = ("overview", "turn", "scoring", "notation")
MESSAGE_LIMIT = 2000          # Discord: characters in one message
CHOICE_LIMIT = 25             # Discord: autocomplete choices
CHOICE_NAME_LIMIT = 100       # Discord: characters in a choice's name (and its value)
HEADING = re.compile(r"^\*\*(?P<title>[^*\n]+)\*\*")


@dataclass(frozen=True)
class RulesPage:
    topic: str    # the id typed or chosen (`overview`, `scoring`, `2`…), the same in every language
    title: str    # in the reader's language
    text: str


def pages_of(game, locale: str | None) -> list[RulesPage]:
    """The game's pages in the reader's language (never empty)."""
    pages = [RulesPage(topic, _words(locale, title) or shared_title(topic, locale), _words(locale, text))
             for topic, title, text in game.rules_pages()]
    return pages or split_by_headings(game.rules_text(), locale)


def _words(locale: str | None, text: Said | str) -> str:
    return say(locale, text) if isinstance(text, Said) else str(text)


def shared_title(topic: str, locale: str | None) -> str:
    return t(locale, f"rules_topic_{topic}") if topic in TOPICS else topic


def split_by_headings(text: str, locale: str | None) -> list[RulesPage]:
    """Today's one-piece rules text as pages: a new page at each line that starts with **Heading**."""
    sections: list[list[str]] = []
    for line in text.strip().split("\n"):
        if not sections or (HEADING.match(line) and sections[-1]):
            sections.append([])
        sections[-1].append(line)
    pages = []
    for number, lines in enumerate(sections, start=1):
        body = "\n".join(lines).strip()
        heading = HEADING.match(body)
        if number == 1:
            pages.append(RulesPage("overview", t(locale, "rules_topic_overview"), body))
        else:
            pages.append(RulesPage(str(number), heading.group("title").strip(" :") if heading else str(number), body))
    return pages


def find_page(pages: list[RulesPage], topic: str | None) -> int | None:
    """The index of the page a typed topic names: its id, its number, or the start of its title."""
    wanted = fold(topic or "")
    if not wanted:
        return 0
    for index, page in enumerate(pages):
        if wanted in (fold(page.topic), str(index + 1)):
            return index
    for index, page in enumerate(pages):
        if fold(page.title).startswith(wanted):
            return index
    return None


def page_messages(game, locale: str | None, topic: str | None = None) -> list[str]:
    """One page as Discord messages (usually one): its title, its text, then the other pages."""
    pages = pages_of(game, locale)
    index = find_page(pages, topic)
    if index is None:
        raise Refused(t(locale, "rules_no_topic", game=game.display_name(locale), topic=echo(topic or "", 40),
                        topics=listing(pages)))
    page = pages[index]
    head = t(locale, "rules_page", game=game.display_name(locale), title=page.title, page=index + 1,
             pages=len(pages))
    others = [p for p in pages if p is not page]
    foot = t(locale, "rules_more", topics=listing(others)) if others else ""
    text = "\n\n".join(part for part in (head, page.text, foot) if part)
    return message_chunks(text, MESSAGE_LIMIT - 10)


def topic_choices(game, locale: str | None, typed: str = "") -> list[tuple[str, str]]:
    """(name, value) pairs for the autocomplete of `topic`: the pages whose number, id or title
    holds what the player typed, within Discord's limits."""
    wanted = fold(typed)
    out = []
    for number, page in enumerate(pages_of(game, locale), start=1):
        name = clip(f"{number}. {page.title}", CHOICE_NAME_LIMIT)
        if not wanted or wanted in fold(name) or wanted in fold(page.topic):
            out.append((name, page.topic[:CHOICE_NAME_LIMIT]))
    return out[:CHOICE_LIMIT]


def listing(pages: list[RulesPage]) -> str:
    return " · ".join(f"`{page.topic}` {page.title}" for page in pages)


def fold(text: str) -> str:
    """Lower case without accents, for matching what a player types ('Decompte' finds 'Décompte')."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"
