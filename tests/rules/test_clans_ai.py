"""Clans for the AI seats: ``determinize`` deals the other seats' secret colours
again (distinct, never the seat's own, weighted by what they founded) and
re-seeds the dice; ``heuristic`` judges from public facts and the seat's own colour."""

from __future__ import annotations

from collections import Counter

import pytest

from ai import decide
from rules.clans import GAME
from rules.clans.ai import belief, exposure
from rules.clans.data import N_COLOURS
from rules.clans.state import Village
from rules.core import Rng
from tests.positions import playout_points


def _points(players: int, seed: int, every: int = 9):
    """States met along a random playout, one every ``every`` moves, and the last."""
    return playout_points(GAME, players, seed, {}, seed ^ 0xC1, every)


def _scramble(state, seat: int, rng: Rng):
    """Another state that differs from ``state`` only in what ``seat`` cannot see,
    written independently of ``determinize``: the other seats' colours dealt anew
    from the four the seat does not hold (until the end reveals them), other dice."""
    new = GAME.from_json(GAME.to_json(state))
    while not state.end and new.clans == state.clans:     # another deal: there are at least four
        free = [c for c in range(N_COLOURS) if c != state.clans[seat]]
        rng.shuffle(free)
        for s in range(state.seats):
            if s != seat:
                new.clans[s] = free.pop()
    new.rng = Rng(rng.randbelow(1 << 63), state.rng.draws)
    return new


def _finish(state, seed: int):
    chooser = Rng(seed)
    while GAME.to_act(state):
        moves = GAME.legal_moves(state, GAME.to_act(state)[0])
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    return GAME.result(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_what_a_seat_cannot_see_does_not_change_its_determinisation(players):
    changed = 0
    for state in _points(players, 7 + players):
        for seat in range(players):
            other = _scramble(state, seat, Rng(seat + 100 * players + len(state.villages)))
            assert GAME.view(other, seat) == GAME.view(state, seat), "the scramble touched something visible"
            changed += other.clans != state.clans
            for k in (1, 2):
                assert GAME.to_json(GAME.determinize(state, seat, Rng(k))) == \
                    GAME.to_json(GAME.determinize(other, seat, Rng(k)))
    assert changed >= players * 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_ai_chooses_the_same_move_whatever_it_cannot_see(players):
    points = _points(players, 3, every=1)
    chosen = [st for st in points[5:] if GAME.to_act(st) and len(GAME.legal_moves(st, GAME.to_act(st)[0])) > 1]
    chosen = [chosen[0], chosen[len(chosen) // 2]]
    for state in chosen:
        seat = GAME.to_act(state)[0]
        other = _scramble(state, seat, Rng(5))
        assert other.clans != state.clans
        for level, iterations in (("easy", None), ("normal", 25)):
            assert decide(GAME, state, seat, players, level, seed=9, iterations=iterations).move == \
                decide(GAME, other, seat, players, level, seed=9, iterations=iterations).move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinisation_keeps_what_the_seat_sees_and_plays_to_the_end(players):
    for i, state in enumerate(_points(players, 20 + players)):
        before = GAME.dump(state)
        for seat in range(players):
            d = GAME.determinize(state, seat, Rng(i * 10 + seat))
            assert GAME.view(d, seat) == GAME.view(state, seat)
            assert GAME.to_json(GAME.from_json(GAME.to_json(d))) == GAME.to_json(d)
            assert d.clans[seat] == state.clans[seat]
            assert len(set(d.clans)) == players and all(0 <= c < N_COLOURS for c in d.clans)
            if state.end:
                assert d.clans == state.clans, "the colours are revealed at the end"
            assert d.rng.state != state.rng.state and d.rng.draws == state.rng.draws
            if i % 2 == 1 and seat == i % players:
                assert _finish(d, i) is not None
        assert GAME.dump(state) == before, "determinize must not change the real state"


def test_the_other_colours_are_really_redrawn():
    """At the start every colour but the seat's own is as likely for an opponent."""
    state = GAME.setup(3, 4, {})
    worlds = [GAME.determinize(state, 1, Rng(k)) for k in range(400)]
    assert {w.clans[1] for w in worlds} == {state.clans[1]}
    seen = Counter(w.clans[0] for w in worlds)
    assert set(seen) == set(range(N_COLOURS)) - {state.clans[1]}
    assert min(seen.values()) > 60
    assert len({w.rng.state for w in worlds}) == len(worlds)


def _founded_by(state, seat: int, colours: list[int], lost: list[int], value: int = 6):
    new = GAME.from_json(GAME.to_json(state))
    new.villages.append(Village(0, seat, 0, value, value, colours, lost, False))
    return new


def test_founding_villages_gives_away_a_colour():
    """Villages seat 1 founded that score one colour and kill another's lone hut
    make the first likelier and the second unlikelier, in the deal and in the belief."""
    state = GAME.setup(2, 8, {})
    mine = state.clans[0]
    hint, killed = [c for c in range(N_COLOURS) if c != mine][:2]
    told = _founded_by(_founded_by(state, 1, [hint], [killed]), 1, [hint, mine], [killed])
    others, deals = belief(told, 0)
    odds = {deal[0]: p for deal, p in deals}
    assert others == [1] and abs(sum(odds.values()) - 1) < 1e-9 and mine not in odds
    assert odds[hint] > 0.5 > 0.1 > odds[killed]
    seen = Counter(GAME.determinize(told, 0, Rng(k)).clans[1] for k in range(300))
    assert seen[hint] > 150 and seen[killed] < 30 and seen[mine] == 0
    # Villages someone else founded say nothing about seat 1.
    odds = {deal[0]: p for deal, p in belief(_founded_by(state, 0, [hint], [killed]), 0)[1]}
    assert max(odds.values()) - min(odds.values()) < 1e-9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_heuristic_reads_only_what_the_seat_sees(players):
    for i, state in enumerate(_points(players, 30 + players)):
        for seat in range(players):
            value = GAME.heuristic(state, seat)
            assert 0.0 <= value <= 1.0
            assert value == GAME.heuristic(_scramble(state, seat, Rng(i)), seat)


def test_the_heuristic_follows_the_seat_s_colour_and_its_guess():
    state = _points(2, 5)[2]
    mine, low = state.clans[0], GAME.heuristic(state, 0)
    richer = GAME.from_json(GAME.to_json(state))
    richer.scores[mine] += 6
    assert GAME.heuristic(richer, 0) > low
    assert GAME.heuristic(richer, 1) < GAME.heuristic(state, 1)
    # Points for the colour seat 0 believes seat 1 holds hurt more than points for another colour.
    hint, other = [c for c in range(N_COLOURS) if c != mine][:2]
    told = _founded_by(_founded_by(state, 1, [hint], [other]), 1, [hint], [other])
    for_hint, for_other = (GAME.from_json(GAME.to_json(told)) for _ in range(2))
    for_hint.scores[hint] += 8
    for_other.scores[other] += 8
    assert GAME.heuristic(for_hint, 0) < GAME.heuristic(for_other, 0) < GAME.heuristic(told, 0)


def test_the_heuristic_at_the_end_is_the_final_lead():
    state = _points(2, 6)[-1]
    assert state.end
    finals = GAME.final_scores(state)
    h = [GAME.heuristic(state, s) for s in range(2)]
    assert (h[0] > 0.5) == (finals[0] > finals[1]) and abs(h[0] + h[1] - 1) < 1e-9


def test_a_seat_that_gives_its_colour_away_pays_for_it():
    """Conseils tactiques: the others read a colour off the villages its player founds. The
    heuristic charges a seat for how sure they can be of its colour (``exposure``), so the AI
    scores its colour without always showing it."""
    state = _points(2, 5)[2]
    state.villages = [v for v in state.villages if v.founder != 0]
    mine, other = state.clans[0], (state.clans[0] + 1) % N_COLOURS
    assert exposure(state, 0) == 0.0
    shown = _founded_by(_founded_by(state, 0, [mine], []), 0, [mine], [])
    hidden = _founded_by(_founded_by(state, 0, [other], []), 0, [other], [])
    assert 0.3 < exposure(shown, 0) < 1.0 and exposure(hidden, 0) == 0.0
    # Same scores, same tokens, same belief about seat 1: only what seat 0 gave away differs.
    assert shown.scores == hidden.scores and shown.chips(0) == hidden.chips(0)
    assert GAME.heuristic(shown, 0) < GAME.heuristic(hidden, 0)
