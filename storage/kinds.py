"""The fixed words the database stores, as enums: a game's status, a log entry's kind, a
deadline's policy. Each is a ``StrEnum``, so a member is the very string the schema's
``CHECK`` constraints list (migration 1) and compares equal to it: ``row.status ==
"active"`` and ``row.status is GameStatus.ACTIVE`` agree, and nothing stored changes."""

from __future__ import annotations

from enum import StrEnum


class GameStatus(StrEnum):
    LOBBY = "lobby"            # created, seats being taken
    ACTIVE = "active"          # started, moves being played
    FINISHED = "finished"      # over, with a result
    ABANDONED = "abandoned"    # closed before its end (cancelled, or its last player resigned)


class LogKind(StrEnum):
    MOVE = "move"              # a move of the rules (the log is the game: these replay it)
    UNDO = "undo"              # takes back the entries it names
    RESIGN = "resign"          # a seat left; the table plays it from then on


class DeadlinePolicy(StrEnum):
    """What the table does when a turn's deadline passes (``/game settings policy``)."""
    SKIP = "skip"              # the seat passes where the rules let it, else the rules' default move
    AUTO = "auto"              # the AI moves for the seat, this turn
    TABLE = "table"            # the AI plays the seat from then on
