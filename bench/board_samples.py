"""Board images to look at, as a player on a phone would: every game early, mid-game and at the
end, at its largest table, in English and French, each at full size and shown 400 px wide.

    python bench/board_samples.py out/boards [--seed 3] [--game clans …]

writes ``<game>-<stage>-<image>-<lang>.png`` and ``…-400.png`` (``image``: ``board`` is what
``/board`` shows, ``focus`` the turn post's image for games that have one). The positions come from
a seeded random playout, so a run with the same seed draws the same boards."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

import render  # noqa: E402
from bot.table.i18n import event_text, sayer  # noqa: E402
from render.kit import Table  # noqa: E402
from rules import registry  # noqa: E402
from rules.core import Rng  # noqa: E402

NAMES = ["Ana", "Bo", "Cyrille", "Dee", "Evangeline", "Fynn"]
PHONE = 400


def stages(key: str, seed: int):
    """(stage, state, public events of the move before, to act) early, mid-game and at the end."""
    game = registry.get(key)
    opts = game.resolve_options({})
    state = game.setup(game.seat_count(game.max_players, opts), seed, opts)
    chooser = Rng(seed)
    history = [(state, [])]
    while game.to_act(state) and len(history) < 5000:
        acting = game.to_act(state)
        seat = acting[chooser.randbelow(len(acting))]
        moves = game.legal_moves(state, seat)
        state, events = game.apply(state, moves[chooser.randbelow(len(moves))])
        history.append((state, [e for e in events if e.private_to is None]))
    for stage, (st, events) in zip(("early", "mid", "final"), (history[2], history[len(history) // 2], history[-1])):
        yield stage, game, st, events


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--game", action="append", choices=registry.keys(), help="only this game (repeatable)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for key in args.game or registry.keys():
        for stage, game, state, events in stages(key, args.seed):
            seats = game.seat_count(game.max_players, game.resolve_options({}))
            result = game.result(state)
            for lang in ("en", "fr"):
                table = Table(names=NAMES[:seats],
                              to_act=game.to_act(state), title=game.display_name(lang),
                              last_events=[event_text(lang, e) for e in events], finished=result is not None,
                              locale=lang, ranks=list(result.ranks) if result else None, say=sayer(lang))
                for image, img in render.images_for_checks(key, game.view(state, None), table):
                    path = args.out / f"{key}-{stage}-{image}-{lang}.png"
                    img.save(path)
                    img.resize((PHONE, round(img.height * PHONE / img.width)), Image.Resampling.LANCZOS) \
                        .save(path.with_name(path.stem + "-400.png"))
                    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
