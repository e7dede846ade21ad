"""``hearth arena`` with the flat Monte Carlo yardsticks seated as ``flat`` and ``flat-same``
(bench/flat_mc.py).

    python -m bench.ladder GAME --seats ai:normal,flat --games 40 --seed 1 [--json] [--quiet]

Same arguments and figures as ``hearth arena`` (seats rotating, so the start alternates in
two-player games; the ``duel`` line gives wins-draws-losses and the 95 % Wilson interval).
A benchmark, not a test: run it niced, in the background, with a bounded ``--games``.
"""

from __future__ import annotations

import argparse
import sys

from bench.flat_mc import SAME_SPEC, SPEC, flat_move, flat_same_move
from bot.ops import arena


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ladder", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seats", required=True, help="seat specs: random, ai:easy|normal|hard, flat, flat-same")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="")
    parser.add_argument("--iterations", type=int, help="search iterations per decision (default: each level's)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    arena.register_player(SPEC, flat_move)
    arena.register_player(SAME_SPEC, flat_same_move)
    return arena.main(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
