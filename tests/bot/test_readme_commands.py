"""README's command tables name exactly the declared commands (bot/commands/table.py): a command
added to the table and not to the README, or a README row for a command that is gone, fails."""

from __future__ import annotations

import re
from pathlib import Path

from bot.commands import COMMANDS

README = Path(__file__).resolve().parents[2] / "README.md"


def rows() -> dict[str, str]:
    """Every `/command` (and `/game sub`) written in the first cell of a README table row -> its row."""
    out: dict[str, str] = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `/"):
            continue
        first = re.split(r"(?<!\\)\|", line)[1]
        for name in re.findall(r"`/([a-z]+(?: [a-z]+)?)", first):
            words = name.split()
            out.setdefault(name if words[0] == "game" else words[0], line)
    return out


def named_in_tables() -> set[str]:
    return set(rows())


def test_readme_tables_list_every_command_and_no_other():
    declared = set(COMMANDS)
    written = named_in_tables()
    assert declared - written == set(), f"declared but not in README's tables: {sorted(declared - written)}"
    assert written - declared == set(), f"in README's tables but not declared: {sorted(written - declared)}"


def test_readme_rows_name_the_declared_options():
    written = rows()
    for name, command in COMMANDS.items():
        row = written[name]
        for option in command.options:
            assert option.name in row or option.kind.value == "flag" or option.name in ("ai", "level", "since"), \
                f"README's row for /{name} does not name its option {option.name}"
