"""bench/move_oracle.py: moves judged by playouts to the end, from the seat's view, with shared
random numbers; its two questions (levels that disagree, what the root leaves out) print one
JSON line a position and a summary."""

from __future__ import annotations

import json

from ai.search import rewards
from bench.flat_mc import positions
from bench.move_oracle import judge, main, playout
from rules import registry
from rules.core import Rng

GAME = registry.get("first_sparks")


def _position():
    state, seat = positions(GAME, 2, 3, 2)[1]
    return state, seat, [m.notation for m in GAME.legal_moves(state, seat)]


def test_a_playout_ends_the_game():
    state, _seat, _moves = _position()
    end = playout(GAME, state, 2, Rng(4))
    assert GAME.result(end) is not None
    assert all(0.0 <= r <= 1.0 for r in rewards(GAME, end, 2))


def test_a_move_s_value_does_not_depend_on_the_moves_judged_beside_it():
    """Shared random numbers: each move of one playout starts from the same determinisation and
    draws the same numbers, so judging a move alone or beside others gives the same value."""
    state, seat, moves = _position()
    assert len(moves) >= 2
    alone = judge(GAME, state, seat, 2, [moves[0]], 6, seed=5)
    together = judge(GAME, state, seat, 2, [moves[-1], moves[0]], 6, seed=5)
    assert alone[moves[0]] == together[moves[0]]
    assert set(together) == {moves[-1], moves[0]} and all(0.0 <= v <= 1.0 for v in together.values())
    assert judge(GAME, state, seat, 2, [moves[-1], moves[0]], 6, seed=5) == together, "repeatable for a seed"


def test_levels_mode_prints_each_position_and_a_summary(capsys):
    main(["first_sparks", "--levels", "easy,normal", "--positions", "3", "--playouts", "2", "--seed", "3"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    *records, last = lines
    assert len(records) == 3 and all({"easy", "normal", "cpu_s"} <= set(r) for r in records)
    assert last["summary"]["positions"] == 3
    assert last["summary"]["differ"] == sum("value" in r for r in records)


def test_width_mode_values_the_best_of_the_root_with_other_playouts_than_picked_it(capsys):
    main(["first_sparks", "--width", "6", "--positions", "4", "--playouts", "2", "--seed", "3"])
    *records, last = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records and all(r["moves"] >= 6 and 0 <= r["rank"] <= 6 for r in records)
    assert all({"normal", "best_of_4", "best_of_6", "look_ahead_first"} == set(r["value"]) for r in records)
    assert last["summary"]["positions"] == len(records)
