"""The table: every command of the bot, free of Discord (see ``service.py``).

Rooms, one module each, sharing :class:`bot.table.context.TableContext`:
``lobby`` (new, join, leave, start, cancel), ``play`` (moves, undo, resign), ``picker`` (a move by taps, previewed),
``turns`` (a move saved and its post built), ``show`` (status, board, hand,
log, rules), ``notices`` (where players hear of their turn; the pinned
status), ``reminders`` (reminders, deadlines, vacations, nudges), ``seats``
(hand-over), ``settings``, ``lists`` (/game list, /game mine, /log since),
``archive`` (export, import), ``replay`` (/replay), ``away`` (/vacation, /remind), ``movelog`` (the log is the game: one walker, one re-simulator), ``stats``. ``values`` holds what
crosses to the front ends; ``i18n``/``texts`` the reply texts; ``replay``
re-simulates a log; ``clock`` is the one clock.
"""

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
