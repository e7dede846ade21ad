"""The search's options that lean on the game's heuristic: rollouts cut short and judged by
the heuristic, greedy rollout moves, and priors from a one-move look-ahead (``ai.search``)."""

from __future__ import annotations

import dataclasses

import pytest

from ai.search import Budget, greedy_move, reward_of, rewards, search
from rules.core import Rng
from tests.pebbles import GAME as PEBBLES
from tests.pebbles import Pebbles


class Judged(Pebbles):
    """Pebbles whose heuristic is a made-up function of the position, so a test can tell
    a heuristic's value from any other: seat 0 likes an odd pile, seat 1 an even one (and a
    pile it dislikes the less, the bigger it is)."""

    def heuristic(self, state, seat):
        odd = state.pile % 2
        return (0.2 + 0.1 * state.pile / 12) if odd == seat else 0.7


JUDGED = Judged()


def _start(pile: int = 9):
    state = JUDGED.setup(2, 1, {})
    state.pile = pile
    return state


def test_a_rollout_cut_at_depth_zero_is_the_heuristic_of_the_leaf():
    """Rollout depth 0, no priors: each root move is tried once (3 takes and a roll) and its
    mean is exactly the heuristic of the position after it, for the seat that moved."""
    state = _start()
    outcomes = search(JUDGED, state, 0, 2, Rng(3), Budget(iterations=3, rollout_depth=0,
                                                            root_moves=("take 1", "take 2", "take 3")))
    assert {o.notation for o in outcomes} == {"take 1", "take 2", "take 3"}
    for o in outcomes:
        after, _ = JUDGED.apply(state, JUDGED.parse(state, 0, o.notation))
        assert o.visits == 1
        assert o.mean == pytest.approx(JUDGED.heuristic(after, 0))


def test_reward_of_is_the_seat_s_reward():
    state = _start()
    assert reward_of(JUDGED, state, 1, 2) == rewards(JUDGED, state, 2)[1]
    over = _start(0)
    over.taken = [5, 3]
    assert JUDGED.result(over) is not None
    assert [reward_of(JUDGED, over, s, 2) for s in (0, 1)] == rewards(JUDGED, over, 2) == [1.0, 0.0]


def test_a_greedy_move_is_the_best_one_move_ahead():
    """From a pile of 9, seat 0 (odd piles please it) takes 2: 7 is the only odd pile it can leave."""
    state = _start()
    moves = [m for m in JUDGED.legal_moves(state, 0) if m.notation != "roll"]
    after = greedy_move(JUDGED, state, 0, moves, 2, Rng(1), sample=0)
    assert after.pile == 7
    # of a sample of one move, the one drawn: any of them, never a failure
    assert greedy_move(JUDGED, state, 0, moves, 2, Rng(1), sample=1).pile in (6, 7, 8)


def test_priors_lead_the_search_to_the_move_the_heuristic_prefers():
    """With priors worth many visits and little exploration, the search spends most of its
    iterations on the move the heuristic rates best; without, it tries every move."""
    state = _start()
    roots = ("take 1", "take 2", "take 3")
    with_priors = search(JUDGED, state, 0, 2, Rng(5), Budget(40, 0, root_moves=roots, prior_visits=20,
                                                            exploration=0.05))
    assert with_priors[0].notation == "take 2" and with_priors[0].visits > 30
    plain = search(JUDGED, state, 0, 2, Rng(5), Budget(40, 0, root_moves=roots))
    assert len(plain) == 3 and all(o.visits >= 1 for o in plain)


@pytest.mark.parametrize("budget", [
    Budget(150, 6, greedy=1.0),
    Budget(150, 3, prior_visits=3, greedy=0.5, greedy_sample=2, exploration=0.3),
])
def test_the_search_with_heuristic_options_is_repeatable_and_still_finds_the_win(budget):
    """Pebbles with 3 left and seat 0 behind by 2: only taking all 3 (then shouting) wins."""
    state = PEBBLES.setup(2, 1, {})
    state.pile, state.taken = 3, [4, 6]
    first = search(PEBBLES, state, 0, 2, Rng(1), budget)
    again = search(PEBBLES, state, 0, 2, Rng(1), budget)
    assert first == again
    assert first[0].notation == "take 3", first[:3]


def test_a_level_s_own_judge_replaces_the_game_s_heuristic_everywhere_the_search_reads_one():
    """``Budget.judge`` (a level's ``AiTuning.judge``): the same search, reading a judge that likes
    even piles for seat 0, leaves an even pile where the game's heuristic left an odd one, in the
    rollout's greedy moves, the priors and the leaves alike."""
    state = _start()

    def evens(st, seat):
        return 0.7 if st.pile % 2 == 0 else 0.2

    moves = [m for m in JUDGED.legal_moves(state, 0) if m.notation != "roll"]
    assert greedy_move(JUDGED, state, 0, moves, 2, Rng(1)).pile == 7
    assert greedy_move(JUDGED, state, 0, moves, 2, Rng(1), judge=evens).pile in (6, 8)
    assert reward_of(JUDGED, state, 0, 2, evens) == rewards(JUDGED, state, 2, evens)[0] == 0.2
    roots = ("take 1", "take 2", "take 3")
    budget = Budget(40, 2, root_moves=roots, prior_visits=20, exploration=0.05, greedy=1.0)
    assert search(JUDGED, state, 0, 2, Rng(5), budget)[0].notation == "take 2"
    assert search(JUDGED, state, 0, 2, Rng(5), dataclasses.replace(budget, judge=evens))[0].notation in ("take 1", "take 3")
