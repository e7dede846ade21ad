"""``/replay``'s frames, made as they are asked for from the log re-simulated by
:mod:`bot.table.movelog`."""

from __future__ import annotations

from bot.table.i18n import event_text, sayer
from bot.table.movelog import Played, replayed
from render.animation import Caption, Frame, FrameSource
from render.kit import Table
from rules.core import Game


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
        steps = replayed(game, state, moves)
        told: list[str] = []     # the public events since the frame before (only the last few are kept)
        since = 1                # the first move since the frame before
        for i in range(total + 1):
            if want is None:
                return
            if i:
                state, events = next(steps)
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
