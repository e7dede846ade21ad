"""The AI players: deterministic for a seed and a budget, legal, and blind to
what their seat may not see (the search starts from ``Game.determinize``)."""

from __future__ import annotations

import dataclasses

import pytest

from ai import decide
from ai.players import BUDGETS
from ai.search import Budget, rewards, search
from rules import registry
from rules.core import AiTuning, Rng, random_playout
from tests.pebbles import GAME as PEBBLES

KEYS = [key for key in registry.keys() if registry.get(key).has_ai]   # games that can hide from an AI


def _midgame(key: str, players: int, seed: int, moves: int = 12):
    game = registry.get(key)
    opts = game.resolve_options({})
    state = game.setup(game.seat_count(players, opts), seed, opts)
    chooser = Rng(seed)
    for _ in range(moves):
        acting = game.to_act(state)
        if not acting:
            break
        legal = game.legal_moves(state, acting[0])
        state, _ = game.apply(state, legal[chooser.randbelow(len(legal))])
    return game, state


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_decision_is_legal_and_repeatable(key, level):
    game, state = _midgame(key, 2, 5)
    seat = game.to_act(state)[0]
    before = game.dump(state)
    first = decide(game, state, seat, 2, level, seed=11, iterations=40)
    again = decide(game, state, seat, 2, level, seed=11, iterations=40)
    assert first.move == again.move and first.reason == again.reason
    assert first.move.notation in {m.notation for m in game.legal_moves(state, seat)}
    assert game.dump(state) == before, "deciding must not change the real state"
    assert first.reason and 0.0 <= first.score <= 1.0


def test_hidden_information_does_not_change_the_choice():
    """Pebbles: two states that differ only in what seat 0 cannot see (seat 1's
    secret number and the dice's future) give the same determinisation for the
    same rng, and the same AI choice for the same seed."""
    a = PEBBLES.setup(2, 1, {})
    b = PEBBLES.load(PEBBLES.dump(a))
    b.secret[1] = a.secret[1] + 1
    b.rng = Rng(987654321, a.rng.draws)
    assert PEBBLES.dump(a) != PEBBLES.dump(b)
    da, db = (PEBBLES.determinize(s, 0, Rng(3)) for s in (a, b))
    assert da.rng.state == db.rng.state and da.pile == db.pile and da.taken == db.taken
    for level in ("easy", "normal", "hard"):
        assert decide(PEBBLES, a, 0, 2, level, seed=4, iterations=60).move == \
            decide(PEBBLES, b, 0, 2, level, seed=4, iterations=60).move


def test_the_search_prefers_a_winning_move():
    """Pebbles with 3 left and seat 0 behind by 2: only taking all 3 (then shouting)
    wins — after any smaller take, seat 1 takes the rest and stays ahead."""
    state = PEBBLES.setup(2, 1, {})
    state.pile, state.taken = 3, [4, 6]
    outcomes = search(PEBBLES, state, 0, 2, Rng(1), Budget(iterations=200, rollout_depth=20))
    assert outcomes[0].notation == "take 3", outcomes[:3]


def test_rewards_follow_the_ranks():
    out = random_playout(PEBBLES, 3, 2)
    ranks = PEBBLES.result(out.state).ranks
    got = rewards(PEBBLES, out.state, 3)
    for s in range(3):
        for o in range(3):
            if ranks[s] < ranks[o]:
                assert got[s] > got[o]


def test_a_wide_root_is_narrowed_to_the_best_moves_by_look_ahead():
    """Clans' tuning: of 100+ opening moves only the best dozen by a one-move look-ahead are
    searched, and the search's root holds no other move of the seat."""
    from ai.players import ranked_by_look_ahead
    game, state = _midgame("clans", 2, seed=4, moves=0)
    seat = game.to_act(state)[0]
    moves = game.legal_moves(state, seat)
    width = game.ai_tuning("normal").root_width
    assert len(moves) > width
    best = [m.notation for m in ranked_by_look_ahead(game, state, seat, 2, moves, Rng(9))[:width]]
    outcomes = search(game, state, seat, 2, Rng(9), Budget(40, 4, root_moves=tuple(best)))
    assert outcomes and {o.notation for o in outcomes} <= set(best)
    choice = decide(game, state, seat, 2, "normal", seed=9, iterations=40)
    assert choice.move.notation in {m.notation for m in ranked_by_look_ahead(game, state, seat, 2, moves, Rng(9))[:width]}


def test_hard_has_its_own_settings_where_normal_s_played_no_better_when_run_longer():
    """Hard plays greedy rollouts where normal's are random (Clans) or shorter (Carcassonne, The First
    Sparks), or each rollout move the best of twice as many (Fire & Stone) (issue 29); Neanderthal's hard
    searches as normal does, as long, but judges positions with its own part-values (``ai.WARY``)."""
    def tuning_for(key, level):
        return registry.get(key).ai_tuning(level)
    assert tuning_for("carcassonne_hg", "hard").rollout_depth > tuning_for("carcassonne_hg", "normal").rollout_depth
    assert tuning_for("fire_and_stone", "hard").greedy == 1.0
    assert tuning_for("fire_and_stone", "hard").greedy_sample > tuning_for("fire_and_stone", "normal").greedy_sample
    # The First Sparks: both greedy (normal drew with a flat player on random rollouts), hard's rollouts longer
    assert tuning_for("first_sparks", "hard").greedy == tuning_for("first_sparks", "normal").greedy == 1.0
    assert tuning_for("first_sparks", "hard").rollout_depth > tuning_for("first_sparks", "normal").rollout_depth
    assert tuning_for("clans", "hard").greedy == 1.0 and tuning_for("clans", "normal").greedy == 0
    assert tuning_for("clans", "hard").root_width == tuning_for("clans", "normal").root_width == 12
    ne_hard, ne_normal = tuning_for("neanderthal", "hard"), tuning_for("neanderthal", "normal")
    assert ne_normal.judge is None and ne_hard.judge is not None
    assert dataclasses.replace(ne_hard, judge=None, iterations_scale=1.0) == dataclasses.replace(ne_normal, iterations_scale=1.0)
    assert BUDGETS["hard"].iterations * ne_hard.iterations_scale == BUDGETS["normal"].iterations * ne_normal.iterations_scale
    game, state = _midgame("fire_and_stone", 2, seed=3, moves=30)
    seat = game.to_act(state)[0]
    first = decide(game, state, seat, 2, "hard", seed=5, iterations=30)
    assert first == decide(game, state, seat, 2, "hard", seed=5, iterations=30), "repeatable for a seed"
    assert first.how in ("search", "only")


def test_a_game_s_tuning_is_read_from_its_own_package_and_levels_fall_back_on_normal():
    """Issue 28 point 7: the settings live with each game (rules/<key>/ai_tuning.py); a level the
    game does not name searches as ``normal``, and a game without the module gets the defaults."""
    from rules.clans import ai_tuning as clans_tuning
    from rules.fire_and_stone import ai_tuning as fire_tuning
    assert registry.get("clans").ai_tuning("normal") is clans_tuning.TUNING["normal"]
    assert registry.get("fire_and_stone").ai_tuning("normal") is fire_tuning.TUNING["normal"]
    assert registry.get("fire_and_stone").ai_tuning("expert") is fire_tuning.TUNING["normal"]
    assert registry.get("fire_and_stone").ai_tuning("hard") is fire_tuning.TUNING["hard"]
    assert PEBBLES.ai_tuning("hard") == AiTuning()
