"""The First Sparks: a game in which the clans keep repeating the same round ends.

Found by ``hearth arena first_sparks --seats ai:normal,ai:easy --games 1 --seed 16`` (easy AI on
seat 0): after a few dozen rounds the market and deck are empty, seat 1 hunts exactly what its
7 members eat, and seat 0 (6 members, 27 food, Fire) could expand every round but always stops.
Every round ends in the same position; no clan reaches 13 (« Fin du jeu »), and since seat 0 had
a choice the choice-free stalemate safeguard never fires: it ran past 50,000 moves. The
repetition safeguard ends it once three rounds in a row ended as the round before them did.
"""

from __future__ import annotations

import copy

from rules.first_sparks.game import REPEATS, FirstSparks
from rules.first_sparks.phrases import REPEATED

GAME = FirstSparks()

# the arena game's state at move 3800 (round 3731), seat 0 about to end its expansion
LOOP = {
    "n": 2, "rng": [17026080507310378609, 29], "phase": "expand", "pile": [], "round": 3731, "order": [1, 0],
    "food": [27, 0], "cards": [[23, 25, 38], [2, 12]],
    "members": [[1, 2, 3, 4, 5, 6], [7, 8, 9, 13, 16, 17, 18], [1, 2, 3, 4, 5, 6, 8]],
    "market": [], "deck": [],
    "box": [10, 11, 15, 20, 24, 26, 33, 39, 41, 35, 7, 14, 9, 22, 17, 1, 19, 8, 18, 21, 16, 28, 27, 99, 29, 13,
            30, 36, 34, 32, 31, 37, 40],
    "stage": 2, "bonus": None, "bonus_rank": None, "spaces": {"bear": 1, "berry": 15, "fish": 20, "mammoth": 12},
    "queue": [0, 1], "done": [1, 0], "offer": None, "drop": None, "discard_used": False, "starve": 0,
    "placed_now": 0, "neutral_due": 0, "ending": False, "last": {"regions": [6, 1, 2, 3], "seat": 0},
    "ledger": [82055, 82028], "placed": [6, 8, 7], "starved": [0, 1, 0], "held": [[0, 0, 0, 0], [0, 0, 0, 0]],
    "chose": False, "calm": None, "tiles": [["C", 0, 0, 1], ["A", 1, 1, 0], ["B", 1, -1, 1]],
}


def _stop_every_round(state, rounds: int):
    """Seat 0 stops expanding each round (it could pay for a member); everything else is forced."""
    events = []
    for _ in range(rounds):
        if not GAME.to_act(state):
            break
        seat = GAME.to_act(state)[0]
        moves = {m.notation: m for m in GAME.legal_moves(state, seat)}
        assert "done" in moves and len(moves) > 1            # a real choice: the stalemate rule cannot fire
        state, events = GAME.apply(state, moves["done"])
    return state, events


def test_the_same_round_end_three_times_ends_the_game():
    state = GAME.from_json(copy.deepcopy(LOOP))
    state, events = _stop_every_round(state, 20)
    assert state.phase == "over"
    assert state.round == LOOP["round"] + REPEATS           # the first round end only starts the count
    assert events[-1].said.key == REPEATED.key
    # « Fin du jeu »: the largest clan wins (seat 1, 7 members against 6)
    assert GAME.result(state).ranks == [2, 1]


def test_a_change_starts_the_count_again():
    state = GAME.from_json(copy.deepcopy(LOOP))
    state, _ = _stop_every_round(state, REPEATS)            # three round ends alike
    assert state.phase != "over" and state.echo[2] == REPEATS - 1
    seat = GAME.to_act(state)[0]
    grow = next(m for m in GAME.legal_moves(state, seat) if m.data[0] == "place")
    state, _ = GAME.apply(state, grow)                      # seat 0 expands: a new position
    state, _ = GAME.apply(state, next(m for m in GAME.legal_moves(state, seat) if m.notation == "done"))
    assert state.phase != "over" and state.echo[2] == 0


def test_the_stored_form_has_no_echo_until_a_round_ends():
    state = GAME.setup(3, 5, {})
    assert "echo" not in state.to_json()
    assert GAME.from_json(state.to_json()).echo is None
