"""The First Sparks: rounds that go round in circles (issues 20 and 27).

« Fin du jeu »: « Dès qu'un joueur place le treizième membre de son clan sur le plateau, les joueurs
finissent la phase 3 [...] Le jeu se termine ensuite » is the only end the rulebook gives, and phase 3
never forces a clan to expand (« Un joueur ne peut place au maximum que 5 nouveaux membres par tour »).
Found by ``hearth arena first_sparks --seats ai:normal,ai:easy --games 1 --seed 16``: the market and
deck empty, seat 1 hunting exactly what its 7 members eat, seat 0 (6 members, 27 food, Fire) able to
expand every round but always stopping; and by the all-easy five-seat arena, whose rounds came back
every 2 or 6 rounds. Ruling: the game never ends by itself while a player could change something; once
a round ends as one of the last CYCLE_WINDOW rounds did, the channel is told and every player may
propose (once, in phase 1) to end it as it stands; it ends when all the others agree."""

from __future__ import annotations

import copy

from rules.first_sparks.game import CYCLE_WINDOW, FirstSparks
from rules.first_sparks.phrases import AGREED_END, CYCLE, CYCLE_OVER, PROPOSES_END, REFUSES_END

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


def _loop():
    return GAME.from_json(copy.deepcopy(LOOP))


def _keep_stopping(state, moves_most: int = 60):
    """Every seat stops expanding and buys nothing, until the channel is told the rounds cycle."""
    said = []
    for _ in range(moves_most):
        if state.stall is not None and state.phase == "buy":
            break
        seat = GAME.to_act(state)[0]
        moves = {m.notation: m for m in GAME.legal_moves(state, seat)}
        state, events = GAME.apply(state, moves.get("done") or moves.get("pass") or moves["decline"])
        said += events
    return state, said


def test_a_cycle_does_not_end_the_game_but_says_so_and_offers_an_end():
    state, said = _keep_stopping(_loop())
    assert state.phase == "buy" and state.stall is not None, "the cycle watch saw the round come back"
    cycle = [e for e in said if e.said and e.said.key == CYCLE.key]
    assert len(cycle) == 1 and cycle[0].private_to is None            # said once, in the channel
    assert state.round <= LOOP["round"] + 3
    seat = GAME.to_act(state)[0]
    assert "end" in [m.notation for m in GAME.legal_moves(state, seat)]
    assert GAME.result(state) is None                                  # nothing ended by itself


def test_every_other_player_agreeing_ends_the_game_as_it_stands():
    state, _ = _keep_stopping(_loop())
    seat = GAME.to_act(state)[0]
    state, events = GAME.apply(state, GAME.parse(state, seat, "end"))
    assert events[-1].said.key == PROPOSES_END.key
    other = 1 - seat
    assert GAME.to_act(state) == [other]
    assert [m.notation for m in GAME.legal_moves(state, other)] == ["agree", "refuse"]
    assert GAME.view(state, None)["vote"] == {"by": seat, "ask": [other]}
    state, events = GAME.apply(state, GAME.parse(state, other, "agree"))
    assert state.phase == "over" and events[-1].said.key == AGREED_END.key
    # « Fin du jeu »: the largest clan wins (seat 1, 7 members against 6)
    assert GAME.result(state).ranks == [2, 1]
    assert GAME.to_json(GAME.from_json(GAME.to_json(state))) == GAME.to_json(state)


def test_a_refusal_plays_on_and_each_player_proposes_once():
    state, _ = _keep_stopping(_loop())
    seat = GAME.to_act(state)[0]
    state, _ = GAME.apply(state, GAME.parse(state, seat, "end"))
    state, events = GAME.apply(state, GAME.parse(state, 1 - seat, "refuse"))
    assert any(e.said.key == REFUSES_END.key for e in events) and state.vote is None
    assert state.phase != "over" and GAME.result(state) is None
    # the proposer's phase 1 turn resumed; with nothing to buy and no second proposal, it passed
    assert seat in state.done and state.stall["proposed"] == [seat]
    assert 1 - seat not in state.stall["proposed"]                     # the other may still propose


def test_a_change_lifts_the_offer():
    state, _ = _keep_stopping(_loop())
    while state.phase != "expand" or GAME.to_act(state) != [0]:
        seat = GAME.to_act(state)[0]
        moves = {m.notation: m for m in GAME.legal_moves(state, seat)}
        state, _ = GAME.apply(state, moves.get("pass") or moves.get("done") or moves["decline"])
    grow = next(m for m in GAME.legal_moves(state, 0) if m.data[0] == "place")
    state, _ = GAME.apply(state, grow)                                 # seat 0 expands: a new position
    seat = GAME.to_act(state)[0]
    state, events = GAME.apply(state, next(m for m in GAME.legal_moves(state, seat) if m.notation == "done"))
    # the round ends in a position not seen lately: the offer is lifted, and said so
    assert state.stall is None and any(e.said and e.said.key == CYCLE_OVER.key for e in events)
    assert state.round == LOOP["round"] + 3 and state.phase != "over"
    assert "end" not in [m.notation for m in GAME.legal_moves(state, GAME.to_act(state)[0])]


def test_cycles_longer_than_one_round_are_seen():
    """The five-seat arena's rounds came back every 2 or 6 rounds: any round end seen in the window counts."""
    state = GAME.setup(3, 5, {})
    events = []
    state.seen = [GAME.round_end_digest(state)] + ["x" * 24] * (CYCLE_WINDOW - 2)   # 11 round ends ago
    GAME.watch_cycles(state, events)
    assert state.stall is not None and events[0].said.key == CYCLE.key
    assert len(state.seen) == CYCLE_WINDOW


def test_the_stored_form_has_no_cycle_fields_until_a_round_ends():
    state = GAME.setup(3, 5, {})
    stored = state.to_json()
    assert not {"echo", "seen", "stall", "vote"} & set(stored)
    assert GAME.from_json(stored).seen is None


def test_an_absent_player_asked_agrees():
    """At a deadline the table plays the absent seat's default move: it does not hold the table up."""
    state, _ = _keep_stopping(_loop())
    seat = GAME.to_act(state)[0]
    assert GAME.default_move(state, seat).notation == "pass"          # never proposes for a player
    state, _ = GAME.apply(state, GAME.parse(state, seat, "end"))
    assert GAME.default_move(state, 1 - seat).notation == "agree"
