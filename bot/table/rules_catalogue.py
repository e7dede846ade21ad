"""Write the template of the rules' texts, ``bot/locale/rules.pot``, from the declared phrases.

The rules declare their texts in ``rules/phrases.py`` and ``rules/<game>/phrases.py`` (some from
their component data, such as card names, which a source scanner cannot see), so the template is
built from the declarations themselves: ``python -m bot.table.rules_catalogue``. Then merge it into
every language as for the bot's own texts: ``pybabel update -i bot/locale/rules.pot -d bot/locale
-D rules -w 100`` (see ``bot/locale/README.md``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

import render
from bot.table.i18n import LOCALE_DIR, RULES_DOMAIN
from rules import registry
from rules.wording import PHRASES


def template() -> Catalog:
    """Every rules phrase as a catalogue entry: msgctxt = key, msgid = English (plural for phrase_n)."""
    registry.all_games()
    render.declare_words()        # the boards' own words (render/words.py and each game's)
    cat = Catalog(project="Hearth", version="0.1", copyright_holder="Hearth contributors", fuzzy=False)
    for key in sorted(PHRASES):
        p = PHRASES[key]
        cat.add((p.one, p.other) if p.other is not None else p.one, context=key,
                auto_comments=[p.note] if p.note else [])
    return cat


def main(argv: list[str] | None = None) -> int:
    out = Path(argv[0]) if argv else LOCALE_DIR / f"{RULES_DOMAIN}.pot"
    with out.open("wb") as fh:
        write_po(fh, template(), width=100, omit_header=False, sort_output=True)
    print(f"{len(PHRASES)} rules texts -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
