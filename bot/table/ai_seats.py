"""AI players at the table: who they are, and how the table asks one for a move.

An AI seat is a seat whose user id is one of :data:`AI_USERS` (one id per
level, so that ``/stats`` rates each level on its own); the table plays it
like any seat it plays (``is_bot``). A human seat handed to the table (deadline
policy, ``/resign``, hand-over) is played at level ``normal``.

The search is CPU work: it runs in a worker process (:mod:`bot.table.ai_pool`),
never in the bot's interpreter. It searches a fixed iteration budget (the level's),
seeded by the game and the version, so the same position gets the same move on any
machine, however busy; the wall clock (:data:`RUNAWAY_SECONDS`) only stops a search
that runs away. The log keeps the move played, so replays never ask the AI again.
"""

from __future__ import annotations

import logging
import re

from ai import LEVELS, Decision
from bot.table.ai_pool import POOL, PoolFailed
from bot.table.i18n import t
from bot.table.movelog import bot_rng
from rules.core import Game, Move
from storage.store import GameRow, SeatRow

AI_USERS: dict[str, int] = {"easy": -101, "normal": -102, "hard": -103}
TABLE_LEVEL = "normal"            # the level that plays a seat handed to the table
# A decision's wall-clock cap, a guard against a runaway only: far above what each level's budget takes
# (hard's p95 is about 6 CPU s), so that on a loaded machine the fixed budget still decides the move.
RUNAWAY_SECONDS = {"easy": 20.0, "normal": 30.0, "hard": 60.0}
MAX_AI_SEATS = 5
# At most this many search iterations per decision (None: each level's own budget). The test
# suite lowers it, so that the many games where the table plays an absent seat stay fast.
ITERATION_CAP: int | None = None


def ai_level(user_id: int) -> str | None:
    """The level of an AI user id, or None for a person."""
    return next((level for level, uid in AI_USERS.items() if uid == user_id), None)


def ai_name(level: str, number: int | None = None, locale: str | None = "en") -> str:
    """'Hearth AI · normal', numbered ('… normal 2') when a table has several of one level; in
    ``locale``'s language ('IA Hearth · normale'). A seat stores the English name; readers see
    :func:`shown_name`."""
    words = t(locale, f"ai_level_{level}") if f"ai_level_{level}" in AI_LEVEL_KEYS else level
    return t(locale, "ai_name_n", level=words, n=number) if number else t(locale, "ai_name", level=words)


log = logging.getLogger("hearth.ai")
AI_LEVEL_KEYS = frozenset(f"ai_level_{level}" for level in AI_USERS)
_NUMBER = re.compile(r" (\d+)$")


def shown_name(user_id: int, name: str, locale: str | None) -> str:
    """A seat's name for a reader: an AI seat's in the reader's language, its number kept (whatever
    language its stored name was written in); anybody else's as stored."""
    level = ai_level(user_id)
    if level is None:
        return name
    numbered = _NUMBER.search(name)
    return ai_name(level, int(numbered[1]) if numbered else None, locale)


def parse_level(text: str | None) -> str | None:
    """A level typed by a player, or None if it is not one (default: normal)."""
    word = str(text or "").strip().lower() or TABLE_LEVEL
    aliases = {"facile": "easy", "normal": "normal", "normale": "normal", "difficile": "hard", "dur": "hard"}
    word = aliases.get(word, word)
    return word if word in LEVELS else None


def unproven_note(game: Game, level: str, locale: str | None) -> str:
    """A line for the reply that seats an AI of ``level``, where games have not shown that level
    stronger than the one below it in this game (``Game.ai_level_unproven``); else nothing."""
    at = LEVELS.index(level)
    if at == 0 or not game.ai_level_unproven(level):
        return ""
    return "\n" + t(locale, "ai_level_unproven", game=game.display_name(locale), level=t(locale, f"ai_level_{level}"),
                    below=t(locale, f"ai_level_{LEVELS[at - 1]}"))


def level_of(seat: SeatRow) -> str:
    """How strongly the table plays this seat."""
    return ai_level(seat.user_id) or TABLE_LEVEL


async def ai_move(game: Game, row: GameRow, seats: list[SeatRow], state, seat: int, *,
                  version: int | None = None) -> Move:
    """The move the table plays for ``seat`` now: the AI's (searched in a worker process),
    or, for a game that cannot yet hide from an AI what it may not see (or if the AI's
    workers fail), the rules' default."""
    rng = bot_rng(row.seed, row.version if version is None else version)
    if game.has_ai:
        try:
            decision = await ai_decision(game, row, seats, state, seat, level_of(seats[seat]), version=version)
            return decision.move
        except PoolFailed:
            log.exception("game %s: the AI could not decide; the table plays the rules' default move", row.id)
    return game.default_move(state, seat, rng)


def ai_seed(row: GameRow, version: int | None = None) -> int:
    """The search's seed: the game's and the version's, so the same position asks the same question."""
    return bot_rng(row.seed, row.version if version is None else version).randbelow(1 << 62)


async def ai_decision(game: Game, row: GameRow, seats: list[SeatRow], state, seat: int, level: str, *,
                      version: int | None = None) -> Decision:
    """``level``'s decision for ``seat``, searched in a worker process; raises
    :class:`bot.table.ai_pool.PoolFailed` when no worker could give it."""
    return await POOL.decide(game, state, seat, len(seats), level, ai_seed(row, version),
                             iterations=ITERATION_CAP, seconds=RUNAWAY_SECONDS.get(level, 30.0))
