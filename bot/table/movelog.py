"""The move log is the game: every state is (seed, options, seats, moves) played again.

One walker (:func:`walk`) reads a log — or its tail — backwards, dropping what each ``undo n``
entry took back, and finds where to start from (the set-up or a stored snapshot); one
re-simulator (:func:`resimulate`, and :func:`replayed` for who needs each step) plays the moves
from there. Undo (:meth:`bot.table.context.TableContext.rebuild`), ``/log since``, ``/replay``,
export and import (:mod:`bot.table.archive`) and ``hearth verify`` all go through here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from rules.core import Event, Game, Rng
from storage.store import LogKind, LogRow


@dataclass(frozen=True)
class Played:
    """One move still in effect (undos removed)."""

    version: int
    seat: int | None
    user_id: int | None
    text: str
    barrier: bool
    kind: str = "move"


def _played(entry: LogRow) -> Played:
    return Played(entry.version, entry.seat, entry.user_id, entry.text, entry.barrier, entry.kind)


def walk(entries: Sequence[LogRow], undone: int = 0, snapshots: Mapping[int, str] | Iterable[int] = (), *,
         whole: bool = True) -> tuple[int, list[Played] | None]:
    """The walker. ``entries`` is the whole log (``whole``) or a tail of it (every entry after some
    version, in order). Read backwards: an undo entry takes back moves before it, never after,
    so a tail holds exactly the whole log's moves that fall in it. With the last ``undone``
    moves in effect taken back as well, returns (where to start, the moves to play from there):
    the newest version in ``snapshots`` on that path (a snapshot lies on it when no undo after
    it reaches back to it or before), else 0, the set-up — usable only when ``entries`` is the
    whole log; (0, None) when a tail falls short."""
    marks = snapshots if isinstance(snapshots, Mapping) else set(snapshots)
    pending, kept = undone, list[Played]()
    for entry in reversed(entries):
        if pending == 0 and entry.version in marks:   # every entry after this version is accounted for
            kept.reverse()
            return entry.version, kept
        if entry.kind == LogKind.UNDO:
            pending += int(entry.text)
        elif pending:
            pending -= 1
        else:
            kept.append(_played(entry))
    kept.reverse()
    before = entries[0].version - 1 if entries else None
    if pending == 0 and before is not None and before in marks:
        return before, kept
    return (0, kept) if whole else (0, None)


def effective_moves(entries: Sequence[LogRow]) -> list[Played]:
    """The moves still in effect (resignations stay in the list as barriers): of a whole log, or
    of a tail (then the tail's own moves, as :func:`walk` says)."""
    return walk(entries)[1] or []


def bot_rng(seed: int, version: int) -> Rng:
    """The dice the table uses to choose a move for a bot seat: fixed by the game's seed and the
    version, so a replay makes the same choice."""
    return Rng((seed * 0x100000001B3) ^ (version * 0x9E3779B1) ^ 0xB07)


def replayed(game: Game, start, moves: Sequence[Played]) -> Iterator[tuple[object, list[Event]]]:
    """The re-simulator, step by step: from ``start`` (a state), each move in effect played as
    logged, yielding the state after it and its events. Raises if a logged move is no longer
    legal (the log would not be the game)."""
    state = start
    for played in moves:
        if played.kind != LogKind.MOVE or played.seat is None:
            continue
        state, events = game.apply(state, game.parse(state, played.seat, played.text))
        yield state, events


def resimulate(game: Game, start: str | None, seats: int, seed: int, options: dict, moves: Sequence[Played]):
    """The state after ``moves`` played from ``start`` (a stored state's JSON; None: the set-up).
    Pure CPU: callers run it in a worker thread."""
    state = game.setup(seats, seed, options) if start is None else game.load(start)
    for after, _events in replayed(game, state, moves):
        state = after
    return state


def replay(game: Game, seats: int, seed: int, options: dict, moves: Sequence[Played]):
    """The state after the whole log's moves in effect, from the set-up."""
    return resimulate(game, None, seats, seed, options, moves)


def states_by_entry(game: Game, seats: int, seed: int, options: dict, entries: Sequence[Mapping]) -> Iterator:
    """The state each log entry (as exported: kind, seat, text) leaves, in order: a move's after
    it, an undo's the one it goes back to. What an import stores entry by entry."""
    history = [game.setup(seats, seed, options)]
    for entry in entries:
        if entry["kind"] == LogKind.MOVE:
            state = history[-1]
            history.append(game.apply(state, game.parse(state, entry["seat"], entry["text"]))[0])
        elif entry["kind"] == LogKind.UNDO:
            del history[len(history) - int(entry["text"]):]
        yield history[-1]
