"""A finished game's result as players read it and as it is stored with the game."""

from __future__ import annotations

from bot.table import people
from bot.table.i18n import language, number, summary_text
from rules.core import Game, Result
from rules.wording import Said
from storage.store import GameRow, GameStatus


def final_result(row: GameRow, game: Game, state) -> Result | None:
    """The result of a finished game: the rules' own, or the stored one
    when the game ended by resignation."""
    if row.status == GameStatus.FINISHED and row.result:
        r = row.result
        said = r.get("summary_said")
        return Result(r["scores"], r["ranks"], r.get("summary", ""),
                      Said(said["key"], said.get("params") or {}) if said else None)
    return game.result(state)


def summary(result: Result, names: list[str], locale: str | None = None) -> str:
    """'1. Ann (42) · 2. Bob (38)' and the rules' own summary line (in ``locale``'s language)."""
    order = sorted(range(len(result.ranks)), key=lambda s: result.ranks[s])
    lang = language(locale)
    parts = [f"{result.ranks[s]}. {names[s] if s < len(names) else s} ({number(result.scores[s], lang)})" for s in order]
    text = " · ".join(parts)
    own = summary_text(locale, result)
    if own:
        text += f"\n{people.fill(own, names)}"
    return text


def result_json(result: Result, names: list[str]) -> dict:
    """A result as stored with the game (with the names it was played under)."""
    data = result.to_json()
    data["names"] = names
    return data
