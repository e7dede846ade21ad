"""The First Sparks for the AI seats: ``determinize`` redraws exactly what a seat
cannot see (the landscape tiles still to draw, the unseen technology cards in the
deck and the box, the Rng), and ``heuristic`` judges from what the seat sees."""

from __future__ import annotations

import pytest

from ai import decide
from rules.core import Rng
from rules.first_sparks import GAME
from rules.first_sparks.data import DATA, SHUFFLE, TILES
from tests.positions import playout_points

PLAYERS = [2, 3, 4, 5, 6]


def _points(players: int, seed: int, every: int = 6):
    """States met along a random playout, one every ``every`` moves, and the last."""
    return playout_points(GAME, players, seed, GAME.resolve_options({}), seed ^ 0x5A, every)


def _scramble(state, rng: Rng):
    """Another state that differs from ``state`` only in what no seat sees, written
    independently of ``determinize``: other landscape tiles still to draw, the unseen
    cards swapped between the deck and the box (their order too), and other dice."""
    new = GAME.load(GAME.dump(state))
    new.rng = Rng(rng.randbelow(1 << 63), state.rng.draws)
    if state.phase == "over":
        return new
    if state.phase == "build" and len(new.pile) > 1:
        laid = {t[0] for t in new.tiles} | {new.pile[0]}
        unseen = [t["id"] for t in TILES if t["players"] <= max(new.n, 3) and t["id"] not in laid]
        rng.shuffle(unseen)
        new.pile[1:] = unseen[:len(new.pile) - 1]
    start = len(DATA["removed_2p"]) if new.n == 2 else 0
    end = start + DATA["removed_from_deck"][str(new.n)]
    if SHUFFLE in new.deck:
        first = 1 if new.n == 6 and new.deck[0] == 15 else 0
        places = list(range(first, new.deck.index(SHUFFLE)))
    else:
        places = list(range(len(new.deck)))
    cards = [new.deck[i] for i in places] + new.box[start:end]
    rng.shuffle(cards)
    for i in places:
        new.deck[i] = cards.pop()
    new.box[start:end] = cards
    return new


def _finish(state, seed: int):
    chooser = Rng(seed)
    for _ in range(20000):
        acting = GAME.to_act(state)
        if not acting:
            break
        moves = GAME.legal_moves(state, acting[0])
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    return GAME.result(state)


@pytest.mark.parametrize("players", PLAYERS)
def test_what_a_seat_cannot_see_does_not_change_its_determinisation(players):
    changed = 0
    for i, state in enumerate(_points(players, 7 + players)):
        other = _scramble(state, Rng(i + 100 * players))
        changed += GAME.dump(other) != GAME.dump(state)
        for seat in range(players):
            assert GAME.view(other, seat) == GAME.view(state, seat), "the scramble touched something visible"
            for k in (1, 2):
                assert GAME.to_json(GAME.determinize(state, seat, Rng(k))) == \
                    GAME.to_json(GAME.determinize(other, seat, Rng(k)))
    assert changed >= 3


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_ai_chooses_the_same_move_whatever_it_cannot_see(players):
    points = _points(players, 3, every=1)
    chosen = [st for st in points[2:] if GAME.to_act(st) and st.phase in ("buy", "expand")
              and len(GAME.legal_moves(st, GAME.to_act(st)[0])) > 1][::9][:2]
    assert len(chosen) == 2
    for state in chosen:
        seat = GAME.to_act(state)[0]
        other = _scramble(state, Rng(5))
        assert GAME.dump(other) != GAME.dump(state)
        for level, iterations in (("easy", None), ("normal", 25)):
            assert decide(GAME, state, seat, players, level, seed=9, iterations=iterations).move == \
                decide(GAME, other, seat, players, level, seed=9, iterations=iterations).move


@pytest.mark.parametrize("players", PLAYERS)
def test_a_determinisation_keeps_what_the_seat_sees_and_plays_to_the_end(players):
    for i, state in enumerate(_points(players, 20 + players)):
        before = GAME.dump(state)
        for seat in range(players):
            d = GAME.determinize(state, seat, Rng(i * 10 + seat))
            assert GAME.view(d, seat) == GAME.view(state, seat)
            assert GAME.to_json(GAME.from_json(GAME.to_json(d))) == GAME.to_json(d)
            # the same cards and tiles, in the same places as far as the seat can tell
            assert sorted(d.deck + d.box) == sorted(state.deck + state.box)
            assert len(d.deck) == len(state.deck) and len(d.pile) == len(state.pile)
            assert d.pile[:1] == state.pile[:1] and len(set(d.pile)) == len(d.pile)
            if SHUFFLE in state.deck:
                cut = state.deck.index(SHUFFLE)
                assert d.deck[cut:] == state.deck[cut:], "the shuffle card and the cards put under it stay"
            assert d.rng.state != state.rng.state and d.rng.draws == state.rng.draws
            if i % 3 == 1 and seat == i % players:
                assert _finish(d, i) is not None
        assert GAME.dump(state) == before, "determinize must not change the real state"


def test_the_hidden_parts_are_really_redrawn():
    """At the start the tiles still to draw, the deck and the unseen boxed cards vary
    with the rng; the drawn tile, the cards put aside in view and #15 (6 players) never."""
    state = GAME.setup(3, 4, GAME.resolve_options({}))
    worlds = [GAME.determinize(state, 1, Rng(k)) for k in range(12)]
    assert {w.pile[0] for w in worlds} == {state.pile[0]}
    assert len({tuple(w.pile) for w in worlds}) > 1
    assert len({tuple(w.deck) for w in worlds}) == len(worlds)
    assert len({tuple(sorted(w.box)) for w in worlds}) > 1
    assert {w.deck[-1] for w in worlds} == {SHUFFLE}
    assert len({w.rng.state for w in worlds}) == len(worlds)
    six = GAME.setup(6, 4, GAME.resolve_options({}))
    assert {GAME.determinize(six, 0, Rng(k)).deck[0] for k in range(6)} == {15}
    two = GAME.setup(2, 4, GAME.resolve_options({}))
    listed = DATA["removed_2p"]
    assert all(GAME.determinize(two, 0, Rng(k)).box[:len(listed)] == listed for k in range(6))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_heuristic_reads_only_what_the_seat_sees(players):
    for i, state in enumerate(_points(players, 30 + players)):
        other = _scramble(state, Rng(i))
        for seat in range(players):
            value = GAME.heuristic(state, seat)
            assert 0.0 <= value <= 1.0
            assert value == GAME.heuristic(other, seat)


def test_the_heuristic_follows_clan_size_and_food():
    state = next(st for st in _points(2, 5, every=1) if st.phase == "buy" and st.round >= 2)
    low = GAME.heuristic(state, 0)
    bigger = GAME.load(GAME.dump(state))
    free = [r for r in range(1, 19) if r not in bigger.members[0]]
    bigger.members[0] = sorted(bigger.members[0] + free[:3])
    assert GAME.heuristic(bigger, 0) > low
    assert GAME.heuristic(bigger, 1) < GAME.heuristic(state, 1)
    richer = GAME.load(GAME.dump(state))
    richer.food[1] += 6
    assert GAME.heuristic(richer, 1) > GAME.heuristic(state, 1)
    assert GAME.heuristic(richer, 0) < low
