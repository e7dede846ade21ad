"""Neanderthal answers some questions by a shortcut (the random-playout speed of issue 17):
each must agree, over random playouts, with the plain answer it stands for."""

from __future__ import annotations

import pytest

from rules.core import Rng
from rules.neanderthal import GAME
from rules.neanderthal import engine as E
from rules.neanderthal import queries as Q
from rules.neanderthal.choices import (
    action_moves,
    assign_moves,
    bid_moves,
    has_action,
    has_assignment,
    portal_sources,
)
from rules.neanderthal.data import DAUGHTERS
from rules.neanderthal.model import ability_seats, biome_keys, has_ability, huntable, n_seats

CASES = [(3, "solo", 1), (2, "standard", 2), (3, "standard", 3), (2, "coop", 4), (3, "coop", 5), (3, "standard", 6)]


def states():
    """Every state of a few random playouts (all modes and seat counts)."""
    for seats, mode, seed in CASES:
        opts = GAME.resolve_options({"mode": mode})
        state = GAME.setup(seats, seed, opts)
        chooser = Rng(seed ^ 0x5407)
        while True:
            yield state
            acting = GAME.to_act(state)
            if not acting:
                break
            seat = acting[chooser.randbelow(len(acting))]
            moves = GAME.legal_moves(state, seat)
            state = GAME.apply(state, moves[chooser.randbelow(len(moves))])[0]


@pytest.fixture(scope="module")
def walked():
    return list(states())


def test_has_action_is_whether_an_action_comes_before_pass(walked):
    seen = set()
    for st in walked:
        for seat in range(n_seats(st)):
            plain = action_moves(st, seat)[0].data != ("pass",)
            assert has_action(st, seat) == plain, (st["round"], st["phase"], seat)
            seen.add(plain)
            if portal_sources(st, seat) and not st["pl"][seat]["tribal"]:   # a portal, no disc to open it
                poor = GAME.clone(st)
                p = poor["pl"][seat]
                p["vocab"] = {c: 0 for c in p["vocab"]}
                p["elders"] = [None if e is None else {**e, "imm": None} for e in p["elders"]]
                p["daughters"] = [{**d, "discs": [], "hus": d["hus"] and {**d["hus"], "imm": None}}
                                  for d in p["daughters"]]
                assert action_moves(poor, seat)[0].data == ("pass",)
                assert not has_action(poor, seat)
    assert seen == {True, False}


def test_has_assignment_is_whether_a_choice_comes_before_done(walked):
    seen = set()
    for st in walked:
        if st["phase"] != "assign":
            continue
        for seat in range(n_seats(st)):
            plain = any(m.data != ("done",) for m in assign_moves(st, seat))
            assert has_assignment(st, seat) == plain
            seen.add(plain)
    assert seen == {True, False}


def test_the_bids_offered_are_the_bids_that_take_the_lead(walked):
    leads = 0
    for st in walked:
        if st["phase"] != "bid":
            continue
        seat = Q.bid_turn(st)
        offered = [m.data[1] for m in bid_moves(st, seat) if m.data[1] is not None]
        assert offered == [n for n in range(1, Q.bid_capacity(st, seat) + 1) if Q.bid_beats(st, seat, n)]
        leads += st["auc"]["lead"] is not None
    assert leads > 20


def test_the_seats_with_an_ability_are_those_has_ability_names(walked):
    abilities = {info["ability"] for info in DAUGHTERS.values()}
    held = 0
    for st in walked:
        for ability in abilities:
            seats = ability_seats(st, ability)
            assert seats == {s for s in range(n_seats(st)) if has_ability(st, s, ability)}
            held += len(seats)
    assert held > 5


def test_a_single_way_to_pay_is_found_without_listing_the_ways(walked):
    seen = set()
    for st in walked:
        if not st["event"]:
            continue
        for seat in range(n_seats(st)):
            for n in range(Q.bid_capacity(st, seat) + 2):
                ways = Q.payments(st, seat, n)
                plain = ways[0] if len(ways) == 1 else None
                assert Q.single_payment(st, seat, n) == plain, (st["event"], seat, n, ways)
                seen.add(plain is None)
    assert seen == {True, False}


def test_dependants_are_counted_as_they_are_named(walked):
    for st in walked:
        for seat in range(n_seats(st)):
            assert Q.dependant_count(st, seat) == len(Q.dependants(st, seat))


def test_a_card_is_contested_when_two_sides_would_fight_there(walked):
    seen = set()
    for st in walked:
        for key in st["parties"]:
            plain = len(Q.fighters_at(st, key)) > 1
            assert E.contested(st, key) == plain
            seen.add(plain)
    assert seen == {True, False}


def test_europe_is_frozen_when_no_slot_can_be_hunted(walked):
    for st in walked:
        assert E.europe_frozen(st) == (not any(huntable(st, k) for k in biome_keys(st)))
    st = GAME.clone(walked[0])
    st["rows"] = {r: [None if i % 2 else [row[i][0], True] for i in range(len(row))] for r, row in st["rows"].items()}
    assert E.europe_frozen(st)
    st["rows"]["S"][3] = [st["rows"]["S"][2][0], False]
    assert not E.europe_frozen(st)


def test_dice_are_what_the_state_rng_rolls():
    for seed in range(20):
        fast, plain = Rng(seed), Rng(seed)
        assert E.dice(fast, 7) == [plain.roll() for _ in range(7)]
        assert (fast.state, fast.draws) == (plain.state, plain.draws)
