"""The move log is the game: rebuild any state from (seed, options, seats,
moves). Used by undo, ``hearth verify``, replays and exports."""

from __future__ import annotations

from dataclasses import dataclass

from bot.table.i18n import event_text, sayer
from render.animation import Caption, Frame, FrameSource
from render.kit import Table
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


def replay_frames(game: Game, seats: int, seed: int, options: dict, moves: list[Played], names: list[str],
                  loc) -> FrameSource:
    """The frames of ``/replay``, made as they are asked for: frame 0 is the
    set-up, frame i the public view after the i-th move. Each carries a
    caption: who played, 'i/n' (a range when moves in between are not
    shown), and the public events of those moves in the reader's language
    (the same the log keeps: re-simulating gives the same events). Nothing of
    the game is held between frames but the current state and the events
    since the frame before."""
    title = game.display_name(loc)
    total = len(moves)

    def frames(wanted: list[int]):
        todo = iter(wanted)
        want = next(todo, None)
        state = game.setup(seats, seed, options)
        told: list[str] = []     # the public events since the frame before (only the last few are kept)
        since = 1                # the first move since the frame before
        for i in range(total + 1):
            if want is None:
                return
            if i:
                played = moves[i - 1]
                state, events = game.apply(state, game.parse(state, played.seat, played.text))
                if i + 8 > want:   # a band shows a few lines: no need to translate the events of skipped moves
                    told += [event_text(loc, e) for e in events if e.private_to is None]
                    del told[:-8]
            if i == want:
                step = f"{i}/{total}" if since >= i else f"{since}–{i}/{total}"
                caption = Caption(f"{title} · {step}", moves[i - 1].seat if i else None, told)
                yield Frame(game.view(state, None),
                            Table(names=names, to_act=game.to_act(state), title=f"{title} · {i}/{total}", locale=loc,
                                  say=sayer(loc)),
                            caption)
                want = next(todo, None)
                told, since = [], i + 1

    return frames
