"""The move log is the game: rebuild any state from (seed, options, seats,
moves). Used by undo, ``hearth verify``, replays and exports."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Game, Rng
from storage.store import LogRow


@dataclass(frozen=True)
class Played:
    """One move still in effect (undos removed)."""

    version: int
    seat: int | None
    user_id: int | None
    text: str
    barrier: bool
    kind: str = "move"


def effective_moves(log: list[LogRow]) -> list[Played]:
    """The moves that still count: each ``undo n`` entry removes the n
    moves before it. Resignations stay in the list as barriers."""
    out: list[Played] = []
    for row in log:
        if row.kind == "undo":
            del out[len(out) - int(row.text):]
        else:
            out.append(Played(row.version, row.seat, row.user_id, row.text, row.barrier, row.kind))
    return out


def bot_rng(seed: int, version: int) -> Rng:
    """The dice the table uses to choose a move for a bot seat: fixed by the
    game's seed and the version, so a replay makes the same choice."""
    return Rng((seed * 0x100000001B3) ^ (version * 0x9E3779B1) ^ 0xB07)


def replay(game: Game, seats: int, seed: int, options: dict, moves: list[Played]):
    """Re-simulate from set-up; raises if any logged move is no longer legal."""
    state = game.setup(seats, seed, options)
    for played in moves:
        if played.kind != "move":
            continue
        move = game.parse(state, played.seat, played.text)
        state, _ = game.apply(state, move)
    return state
