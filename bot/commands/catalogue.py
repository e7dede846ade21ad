"""Write the template of the commands' texts, ``bot/locale/commands.pot``, from the declarations
(:mod:`bot.commands.table`): ``python -m bot.commands.catalogue``. Then merge it into every
language as for the other catalogues: ``pybabel update -i bot/locale/commands.pot -d bot/locale
-D commands -w 100`` (see ``bot/locale/README.md``). Each entry's ``msgctxt`` says what it is:
``cmd.<command>`` a description, ``cmd.<command>.<option>`` an option's, ``choice.<option>.<value>``
a choice's label, ``name.<word>`` and ``option.<name>`` the names Discord shows (lower case,
no spaces), ``who.<who>`` who may use a command, ``group.<group>`` a group's description."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot.commands.declare import COMMANDS_DOMAIN, text_keys
from bot.commands.table import COMMANDS, GROUPS
from bot.table.i18n import LOCALE_DIR


def texts() -> dict[str, str]:
    return text_keys(list(COMMANDS.values()), GROUPS)


def template() -> Catalog:
    cat = Catalog(project="Hearth", version="0.1", copyright_holder="Hearth contributors", fuzzy=False)
    for context, english in sorted(texts().items()):
        comment = "a name Discord shows: lower case, no spaces, 32 characters at most" \
            if context.startswith(("name.", "option.")) else "100 characters at most"
        cat.add(english, context=context, auto_comments=[comment])
    return cat


def main(argv: list[str] | None = None) -> int:
    out = Path(argv[0]) if argv else LOCALE_DIR / f"{COMMANDS_DOMAIN}.pot"
    with out.open("wb") as fh:
        write_po(fh, template(), width=100, omit_header=False, sort_output=True)
    print(f"{len(texts())} command texts -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
