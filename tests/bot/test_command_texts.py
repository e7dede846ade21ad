"""The commands catalogue (issue 28, point 4: one translation path): every text of the command
declarations has its French, names follow Discord's rules, and the template is up to date."""

from __future__ import annotations

from babel.messages.pofile import read_po

from bot.commands import catalogue
from bot.table.i18n import LOCALE_DIR

TEST_GAMES = {"pebbles", "quiet_pebbles", "blind_pebbles"}   # registered by the tests, not shipped


def texts() -> dict[str, str]:
    """The declarations' texts, as the shipped bot has them (without the tests' own games)."""
    return {k: v for k, v in catalogue.texts().items()
            if not (k.startswith("choice.game.") and k.split(".")[2] in TEST_GAMES)}


def french() -> dict[str, str]:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "commands.po").open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    return {m.context: m.string for m in catalog if m.context and m.string and not m.fuzzy}


def test_every_declared_text_has_its_french():
    have = french()
    missing = sorted(key for key in texts() if key not in have)
    assert not missing, f"no French for {missing} (python -m bot.commands.catalogue, then pybabel update)"


def test_names_follow_discords_rules_in_every_language():
    for key, english in texts().items():
        if key.startswith(("name.", "option.")):
            for name in (english, french()[key]):
                assert name == name.lower() and " " not in name and 1 <= len(name) <= 32, (key, name)


def test_descriptions_fit_discord():
    for key, english in texts().items():
        if key.startswith(("cmd.", "group.", "choice.")):
            assert len(english) <= 100 or key.count(".") == 1, (key, len(english))
            assert len(french()[key]) <= 100, (key, french()[key])


def test_the_template_is_up_to_date():
    with (LOCALE_DIR / "commands.pot").open("rb") as handle:
        template = read_po(handle)
    assert {m.context for m in template if m.context} == set(texts()), \
        "bot/locale/commands.pot is stale: python -m bot.commands.catalogue"
