"""``hearth arena``: the figures it prints, its progress lines, and a game that does not end."""

from __future__ import annotations

import json
from types import SimpleNamespace

from bot.ops import arena as arena_mod


def test_arena_counts_every_game_and_reports_progress_per_game():
    heard = []
    report = arena_mod.arena("clans", ["random", "ai:easy"], games=2, seed=3,
                             progress=lambda *a: heard.append(a))
    assert [h[0] for h in heard] == [0, 1], "one progress call per game, in order"
    assert [h[2] for h in heard] == [3, 4], "game i plays seed S+i"
    assert heard[0][3] == ["random", "ai:easy"] and heard[1][3] == ["ai:easy", "random"], "seats rotate"
    assert report["games"] == 2 and report["unfinished_seeds"] == []
    for spec in ("random", "ai:easy"):
        figures = report["seats"][spec]
        assert figures["games"] == 2
        assert 1 <= figures["mean_rank"] <= 2
    assert report["seats"]["ai:easy"]["decisions"] > 0


def test_a_game_that_does_not_end_is_left_out_and_named_not_a_crash():
    heard = []
    report = arena_mod.arena("clans", ["random", "random"], games=2, seed=5, max_moves=3,
                             progress=lambda *a: heard.append(a))
    assert report["unfinished_seeds"] == [5, 6]
    assert report["games"] == 0
    assert all(h[4] is None for h in heard)
    assert report["seats"]["random"]["games"] == 0


def test_main_prints_a_progress_line_per_game_on_stderr_and_json_on_stdout(capsys):
    args = SimpleNamespace(game="clans", seats="random,random", games=2, seed=1, options="",
                           iterations=None, json=True, quiet=False)
    assert arena_mod.main(args) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 2
    lines = [ln for ln in err.splitlines() if ln.startswith("game ")]
    assert len(lines) == 2 and lines[0].startswith("game 1/2 (seed 1): random ")


def test_main_quiet_prints_no_progress(capsys):
    args = SimpleNamespace(game="clans", seats="random,random", games=1, seed=1, options="",
                           iterations=None, json=False, quiet=True)
    assert arena_mod.main(args) == 0
    out, err = capsys.readouterr()
    assert "clans: 1 game, seed 1" in out and err == ""


def test_wilson_interval_matches_the_textbook_values():
    low, high = arena_mod.wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.49, 0.943)      # Wilson (1927); Newcombe (1998), table I
    assert arena_mod.wilson(0, 0) == (0.0, 1.0)


def test_a_duel_counts_wins_draws_and_losses_of_the_first_spec_with_its_interval(monkeypatch):
    monkeypatch.setattr(arena_mod, "PLAYERS", {})
    arena_mod.register_player("first", lambda game, state, seat, seats, seed: game.legal_moves(state, seat)[0])
    report = arena_mod.arena("clans", ["ai:easy", "first"], games=4, seed=2)
    duel = report["duel"]
    assert duel["first"] == "ai:easy" and duel["second"] == "first"
    assert duel["wins"] + duel["draws"] + duel["losses"] == report["games"] == 4
    assert duel["wins"] + duel["draws"] == report["seats"]["ai:easy"]["wins"]
    low, high = duel["wilson95"]
    assert low <= duel["score"] <= high


def test_the_flat_monte_carlo_yardsticks_play_legal_moves_on_normals_budget():
    from bench.flat_mc import EQUAL_TIME, flat_budget, flat_move, flat_same_move
    from rules import registry
    game = registry.get("neanderthal")
    assert flat_budget(game)[:2] == (600, 4)          # normal's 300 iterations times its scale 2, rollouts of 4
    assert EQUAL_TIME.get("neanderthal", 1.0) >= 1.0, "random rollouts cost less than normal's greedy ones"
    state = game.setup(2, 5, game.resolve_options({}))
    seat = game.to_act(state)[0]
    for player in (flat_move, flat_same_move):
        move = player(game, state, seat, 2, 9)
        assert move in game.legal_moves(state, seat)
        assert player(game, state, seat, 2, 9) == move, "deterministic for a seed"


def test_the_calibration_positions_are_choices_of_the_seat_to_act():
    from bench.flat_mc import positions
    from rules import registry
    game = registry.get("clans")
    found = positions(game, 2, 3, 4)
    assert len(found) == 4
    for state, seat in found:
        assert game.result(state) is None and seat in game.to_act(state)
        assert len(game.legal_moves(state, seat)) > 1
