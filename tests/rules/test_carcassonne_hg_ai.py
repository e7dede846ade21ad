"""Carcassonne H&G for the AI seats: ``determinize`` hides exactly what no seat can see
(the order of the land and bonus stacks, that is the dice that draw from them), and
``heuristic`` judges from the public table."""

from __future__ import annotations

from collections import Counter

import pytest

from ai import decide
from rules.carcassonne_hg import GAME
from rules.carcassonne_hg.ai import estimate
from rules.carcassonne_hg.scoring import final_scoring
from rules.core import Rng
from tests.positions import playout_points


def _points(players: int, seed: int, every: int = 25):
    """States met along a random playout, one every ``every`` moves, and the last."""
    return playout_points(GAME, players, seed, {}, seed ^ 0xA1, every)


def _scramble(state, rng: Rng):
    """Another state that differs from ``state`` only in what no seat can see, written
    independently of ``determinize``: both stacks in another order, other dice."""
    data = GAME.to_json(state)
    land, bonus = list(data["land"]), list(data["bonus"])
    rng.shuffle(land)
    rng.shuffle(bonus)
    data = dict(data, land=land, bonus=bonus, rng=[rng.randbelow(1 << 63), data["rng"][1]])
    return GAME.from_json(data)


def _finish(state, seed: int):
    chooser = Rng(seed)
    for _ in range(20000):
        acting = GAME.to_act(state)
        if not acting:
            break
        moves = GAME.legal_moves(state, acting[0])
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    return GAME.result(state)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_what_a_seat_cannot_see_does_not_change_its_determinisation(players):
    changed = 0
    for i, state in enumerate(_points(players, 7 + players)):
        for seat in range(players):
            other = _scramble(state, Rng(seat + 100 * i))
            assert GAME.view(other, seat) == GAME.view(state, seat), "the scramble touched something visible"
            changed += GAME.dump(other) != GAME.dump(state)
            for k in (1, 2):
                assert GAME.to_json(GAME.determinize(state, seat, Rng(k))) == \
                    GAME.to_json(GAME.determinize(other, seat, Rng(k)))
    assert changed > players * 3


@pytest.mark.parametrize("players", [2, 4])
def test_the_ai_chooses_the_same_move_whatever_it_cannot_see(players):
    points = _points(players, 3, every=5)
    chosen = [st for st in points[len(points) // 3:] if GAME.to_act(st)
              and len(GAME.legal_moves(st, GAME.to_act(st)[0])) > 1][::6][:2]
    assert len(chosen) == 2
    for state in chosen:
        seat = GAME.to_act(state)[0]
        other = _scramble(state, Rng(5))
        assert GAME.dump(other) != GAME.dump(state)
        for level, iterations in (("easy", None), ("normal", 20)):
            assert decide(GAME, state, seat, players, level, seed=9, iterations=iterations).move == \
                decide(GAME, other, seat, players, level, seed=9, iterations=iterations).move


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_determinisation_keeps_what_the_seat_sees_and_plays_to_the_end(players):
    for i, state in enumerate(_points(players, 20 + players, every=40)):
        before = GAME.dump(state)
        for seat in range(players):
            d = GAME.determinize(state, seat, Rng(i * 10 + seat))
            assert GAME.view(d, seat) == GAME.view(state, seat)
            assert GAME.to_json(GAME.from_json(GAME.to_json(d))) == GAME.to_json(d)
            assert Counter(d.land) == Counter(state.land) and Counter(d.bonus) == Counter(state.bonus)
            assert d.rng.state != state.rng.state and d.rng.draws == state.rng.draws
            assert GAME.legal_moves(d, GAME.to_act(d)[0] if GAME.to_act(d) else seat) == \
                GAME.legal_moves(state, GAME.to_act(state)[0] if GAME.to_act(state) else seat)
            if seat == i % players:
                assert _finish(d, i) is not None
        assert GAME.dump(state) == before, "determinize must not change the real state"


def test_the_future_draws_are_really_redrawn():
    """From one position, worlds drawn with different rngs draw different next tiles."""
    state = GAME.setup(3, 4, {})
    nexts = set()
    for k in range(12):
        world = GAME.determinize(state, 1, Rng(k))
        while GAME.to_act(world) and world.turn == state.turn:      # play out the turn of the seat to act
            world, _ = GAME.apply(world, GAME.legal_moves(world, world.turn)[0])
        nexts.add(world.hand)
    assert len(nexts) > 3


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_heuristic_reads_only_what_the_seat_sees(players):
    for i, state in enumerate(_points(players, 30 + players, every=30)):
        for seat in range(players):
            value = GAME.heuristic(state, seat)
            assert 0.0 <= value <= 1.0
            assert value == GAME.heuristic(_scramble(state, Rng(i)), seat)


def test_the_heuristic_follows_the_score():
    state = _points(2, 5)[3]
    low = GAME.heuristic(state, 0)
    richer = GAME.from_json(dict(GAME.to_json(state), scores=[state.scores[0] + 5, state.scores[1]]))
    assert GAME.heuristic(richer, 0) > low
    assert GAME.heuristic(richer, 1) < GAME.heuristic(state, 1)


@pytest.mark.parametrize("players", [2, 4])
def test_the_estimate_counts_meadows_and_huts_as_the_final_scoring_would(players):
    """Hunters and huts score at the end whatever happens, so a seat's estimate is at
    least what the final scoring would give it if the game stopped now; a finished
    game's estimate is its score."""
    points = _points(players, 40 + players, every=10)
    assert estimate(points[-1]) == [float(s) for s in points[-1].scores]
    held = 0
    for state in points[1:-1]:
        stopped = GAME.clone(state)
        final_scoring(stopped)
        seen = estimate(state)
        held += stopped.scores != state.scores
        for s in range(players):
            assert seen[s] >= stopped.scores[s] - 1e-9
    assert held > 2
