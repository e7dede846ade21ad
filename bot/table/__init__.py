"""The table: every command of the bot, free of Discord (see ``service.py``).

Rooms, one module each, sharing :class:`bot.table.context.TableContext` (the store, the clock,
cached states, a lock per game, the board images, the common refusals):
``lobby`` (new, join, leave, start, cancel), ``play`` (moves, undo, resign), ``picker`` (a move by
taps, previewed), ``turns`` (a move saved and its post built), ``show`` (status, board, hand, log,
rules), ``notices`` (where players hear of their turn; the pinned status), ``reminders`` (the
scheduler: reminders, deadlines, nudges), ``away`` (/vacation, /remind), ``seats`` (hand-over),
``settings``, ``lists`` (/game list, /game mine, /log since), ``archive`` (export, import),
``replay`` (/replay), ``stats``, ``hints``.
Beside them, plain functions and small helpers: ``people`` (names, who acts, whom to ping),
``results``, ``log_lines``, ``board_images``, ``movelog`` (the log is the game: one walker, one
re-simulator), ``ai_seats`` and ``ai_pool`` (the AI's searches in worker processes). ``values``
holds what crosses to the front ends; ``i18n``/``texts`` the reply texts; ``marks`` channel and
time marks; ``clock`` is the one clock."""

from bot.table.service import TableService
from bot.table.values import (
    Actor,
    Choice,
    Picker,
    Place,
    Refused,
    Reply,
    message_chunks,
    refusal,
)

__all__ = ["TableService", "Actor", "Choice", "Picker", "Place", "Refused", "Reply", "message_chunks", "refusal"]
