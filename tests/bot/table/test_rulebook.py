"""`/rules` pages: every game's rules as pages within Discord's limits, nothing lost, reached by
id, number or title in the reader's language, and a game's own pages preferred to the split."""

from __future__ import annotations

import pytest

from bot.table.rulebook import (
    CHOICE_LIMIT,
    CHOICE_NAME_LIMIT,
    MESSAGE_LIMIT,
    find_page,
    page_messages,
    pages_of,
    topic_choices,
)
from bot.table.values import Refused
from rules import registry

GAMES = [game.key for game in registry.all_games()]


class Paged:
    """A game that offers its own pages."""

    key = "paged"

    def __init__(self, pages):
        self.pages = pages

    def display_name(self, locale):
        return "Paged"

    def rules_pages(self):
        return self.pages

    def rules_text(self):
        raise AssertionError("a game's own pages are used, not its rules_text")


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("key", GAMES)
def test_every_page_of_every_game_fits_and_nothing_is_lost(key, locale):
    game = registry.get(key)
    pages = pages_of(game, locale)
    assert pages[0].topic == "overview" and len({p.topic for p in pages}) == len(pages)
    if locale == "en":   # the one English text and the pages say the same
        assert " ".join(" ".join(p.text for p in pages).split()) == " ".join(game.rules_text().split())
    else:                # every page translated: none reads as the English one
        english = pages_of(game, "en")
        assert all(p.text != e.text for p, e in zip(pages, english, strict=True))
    for page in pages:
        messages = page_messages(game, locale, page.topic)
        assert all(0 < len(m) <= MESSAGE_LIMIT for m in messages)
        assert " ".join(page.text.split()) in " ".join(" ".join(messages).split())


class Plain:
    """A game with only a one-piece rules text (split at its **Heading** lines)."""

    key = "plain"

    def display_name(self, locale):
        return "Plain"

    def rules_pages(self):
        return []

    def rules_text(self):
        return "**Plain**: a game.\n\n**Move**: move.\n**Village**: found one.\n**Ages**: five."


def test_pages_are_reached_by_id_number_or_title_in_the_readers_language():
    pages = pages_of(Plain(), "fr")
    assert [p.title for p in pages][:3] == ["Aperçu et but", "Move", "Village"]
    assert find_page(pages, None) == 0 and find_page(pages, "overview") == 0
    assert find_page(pages, "3") == 2 and find_page(pages, "village") == 2
    assert find_page(pages, "mov") == 1 and find_page(pages, "Ages") == 3
    assert find_page(pages, "nothing like it") is None
    first = page_messages(Plain(), "en")[0]
    assert first.startswith("**Plain** — Overview and goal (page 1/4)")
    assert "Other pages: `2` Move · `3` Village · `4` Ages" in first
    clans = pages_of(registry.get("clans"), "fr")
    assert find_page(clans, "decompte") == 2 and find_page(clans, "notation") == 3


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("key", GAMES)
def test_every_game_teaches_its_goal_turn_scoring_and_notation(key, locale):
    """Issue 15: /rules teaches the game, not only the notation: the four shared pages in every game."""
    pages = pages_of(registry.get(key), locale)
    assert [p.topic for p in pages][:4] == ["overview", "turn", "scoring", "notation"]
    assert all(len(p.text) > 300 for p in pages[:3]), "each page says something a newcomer can play from"


def test_an_unknown_topic_is_refused_with_the_pages_and_the_typed_text_neutralised():
    with pytest.raises(Refused) as refused:
        page_messages(registry.get("clans"), "en", "@everyone **x**")
    text = str(refused.value)
    assert "has no page 'everyone x'" in text and "`overview` Overview and goal" in text
    assert "@" not in text.split("Pages:")[0]


def test_a_games_own_pages_come_first_and_shared_topics_take_shared_titles():
    game = Paged([("overview", "", "Goal: win."), ("scoring", "", "Points."), ("notation", "Typing moves", "`17`")])
    assert [(p.topic, p.title) for p in pages_of(game, "fr")] == [
        ("overview", "Aperçu et but"), ("scoring", "Décompte"), ("notation", "Typing moves")]
    assert page_messages(game, "en", "scoring")[0].startswith("**Paged** — Scoring (page 2/3)\n\nPoints.")
    assert page_messages(game, "en", "typing")[0].startswith("**Paged** — Typing moves (page 3/3)")


def test_a_long_page_is_sent_as_several_messages_within_the_limit():
    long = "\n".join(f"Rule {i}: " + "word " * 60 for i in range(40))
    game = Paged([("overview", "", long)])
    messages = page_messages(game, "en")
    assert len(messages) > 1 and all(len(m) <= MESSAGE_LIMIT for m in messages)
    assert all(f"Rule {i}:" in "\n".join(messages) for i in range(40))


def test_topic_choices_keep_to_discords_limits_and_filter_by_what_is_typed():
    game = Paged([(f"p{i}", "A very long title " * 10 + str(i), "text") for i in range(40)])
    choices = topic_choices(game, "en")
    assert len(choices) == CHOICE_LIMIT
    assert all(len(name) <= CHOICE_NAME_LIMIT and len(value) <= CHOICE_NAME_LIMIT for name, value in choices)
    assert topic_choices(registry.get("clans"), "fr", "décompte") == [("3. Décompte", "scoring")]
    assert topic_choices(registry.get("clans"), "en", "overview") == [("1. Overview and goal", "overview")]


async def test_rules_command_serves_one_page_by_topic(service):
    """`/rules game:clans topic:2` answers that page (title, text, the other pages),
    privately; an unknown topic is a private refusal naming the pages."""
    from bot.table import Actor
    ann = Actor(1, "Ann")
    page = await service.rules("clans", ann, None, "2")
    assert page.ok and page.ephemeral and "(page 2/" in page.text
    whole = await service.rules("clans", ann)
    assert len(page.text) < len("\n".join([whole.text] + [f.text for f in whole.followups]))
    wrong = await service.rules("clans", ann, None, "zzz")
    assert not wrong.ok and wrong.ephemeral and "Pages:" in wrong.text
