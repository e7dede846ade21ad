"""Issue 15: French typography in the table's own replies — a space before ':' in /log entries, decimal
commas in /stats, the games' French names in the /rules list."""

from __future__ import annotations

import dataclasses
import re

from tests.bot.conftest import ANN, BOB, HERE, started

ANNE = dataclasses.replace(ANN, locale="fr")


async def test_log_entries_put_a_space_before_the_colon_in_french(service):
    await started(service)
    await service.move(HERE, ANN, "take 2")
    french = (await service.log(HERE, ANNE)).text
    assert re.search(r"^`# +\d+` \d\d-\d\d \d\d:\d\d \*\*Ann\*\* : `take 2` — Ann takes 2\.", french, re.M), french
    english = (await service.log(HERE, ANN)).text
    assert re.search(r"^`# +\d+` \d\d-\d\d \d\d:\d\d \*\*Ann\*\*: `take 2` — Ann takes 2\.", english, re.M), english


async def test_stats_write_decimals_as_the_language_does(service):
    await started(service)
    await service.resign(HERE, BOB)
    french = (await service.stats(HERE, ANNE)).text
    assert re.search(r"rang moyen 1,00, cote -?\d+,\d\.", french), french
    assert re.search(r"— cote -?\d+,\d · 1 partie · 1 victoire · rang moyen 1,00", french), french
    english = (await service.stats(HERE, ANN)).text
    assert re.search(r"average rank 1\.00, rating -?\d+\.\d\.", english), english


async def test_the_rules_list_names_the_games_in_french(service):
    french = (await service.rules(None, ANNE)).text
    assert "`carcassonne_hg` — Carcassonne : Chasseurs et Cueilleurs (2–5)" in french, french
    assert "Hunters" not in french


def test_french_catalogues_write_one_apostrophe():
    """Both catalogues write the straight apostrophe (as 150 of their texts do): no 'n’est' beside 'n'est'."""
    from babel.messages.pofile import read_po

    from bot.table.i18n import LOCALE_DIR
    for domain in ("hearth", "rules"):
        with open(LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po", "rb") as po:
            catalogue = read_po(po, locale="fr")
        curly = [m.context for m in catalogue if m.id and "’" in "".join(
            m.string if isinstance(m.string, tuple) else (m.string,))]
        assert not curly, f"{domain}: {curly}"
