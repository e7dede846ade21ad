"""Phase 2 (E): the hunting moves the fast builder lists are those the rules allow, card by card.
A card takes a seat's hunters when it is huntable and the seat either has a party there already
or has the discs the card needs beside those its other cards take (G); hunters of other species
go only with the seat's own (chaperoned); a free alpha may go anywhere a party may."""

from __future__ import annotations

import pytest

from rules.core import Rng
from rules.neanderthal import GAME
from rules.neanderthal.choices import assign_moves, can_enter
from rules.neanderthal.model import biome_keys, huntable, n_seats

CASES = [(3, "solo", 7), (2, "standard", 8), (3, "standard", 9), (2, "coop", 10), (3, "coop", 11)]


def assignment_states():
    """The phase-2 states of a few random playouts, each also with the acting seat short of discs
    (none, or one of each colour left), so that cards it cannot enter come up often."""
    for seats, mode, seed in CASES:
        opts = GAME.resolve_options({"mode": mode})
        state = GAME.setup(seats, seed, opts)
        chooser = Rng(seed ^ 0x4A55)
        while True:
            acting = GAME.to_act(state)
            if not acting:
                break
            seat = acting[chooser.randbelow(len(acting))]
            if state["phase"] == "assign":
                yield state, seat
                for left in (0, 1):
                    poor = GAME.clone(state)
                    poor["pl"][seat]["vocab"] = {c: min(n, left) for c, n in poor["pl"][seat]["vocab"].items()}
                    yield poor, seat
            moves = GAME.legal_moves(state, seat)
            state = GAME.apply(state, moves[chooser.randbelow(len(moves))])[0]


def plain_hunting_moves(st, seat) -> list[str]:
    p = st["pl"][seat]
    pool, own = sum(p["pool"]), p["pool"][seat]
    out = []
    for key in biome_keys(st):
        if not huntable(st, key):
            continue
        party = st["parties"].get(key, {}).get(str(seat))
        if party is None and not can_enter(st, seat, key):
            continue
        if own or (party is not None and (party["c"][seat] > 0 or party["a"])):
            out += [f"{key}x{k}" for k in range(1, pool + 1)]
        if p["alpha"] == "pool":
            out.append(f"{key}a")
    return out


@pytest.fixture(scope="module")
def assigning():
    return list(assignment_states())


def test_hunting_moves_are_the_cards_the_rules_allow(assigning):
    barred = 0
    for st, seat in assigning:
        want = plain_hunting_moves(st, seat)
        got = [m.notation for m in assign_moves(st, seat) if m.data[0] == "hunt"]
        assert got == want, (st["round"], seat)
        barred += any(huntable(st, k) and st["parties"].get(k, {}).get(str(seat)) is None
                      and not can_enter(st, seat, k) for k in biome_keys(st))
    assert barred > 10, "cards barred by their prerequisites come up"


def test_the_states_reach_every_seat_count(assigning):
    assert {n_seats(st) for st, _ in assigning} == {2, 3}
