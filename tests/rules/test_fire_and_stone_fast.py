"""Fire & Stone's fast path: the structural clone with copy-on-write parts and
the cached destinations must never change a state a search still holds."""

from __future__ import annotations

import pytest

from rules.core import Move, Rng
from rules.fire_and_stone import GAME
from rules.fire_and_stone.data import ADJ, REGION, SEA


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["off", "on"])
def test_apply_leaves_every_earlier_state_untouched(players, variant, seeds):
    """A search keeps earlier states and branches from them: after a whole
    playout, every state met on the way still dumps as it did when met."""
    opts = GAME.resolve_options({"starting_inventions": variant})
    for seed in seeds[:2]:
        state = GAME.setup(players, seed, opts)
        chooser = Rng(seed ^ 0xC0)
        kept = []
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            kept.append((state, GAME.dump(state)))
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
            assert GAME.dump(GAME.clone(state)) == GAME.dump(state)
        assert GAME.result(state) is not None
        for old, text in kept:
            assert GAME.dump(old) == text


def _plain_destinations(state, seat, e):
    """The rulebook's move (1. Se déplacer: « jusqu'à 2 territoires de distance »,
    adjacent, never back to the start, regions II and III closed until the 3rd and
    9th hut tile), worked out from scratch without any cache."""
    p = state["p"][seat]
    origin = p["ex"][e]
    steps = 3 if GAME.has(p, "move3") else 2
    seen, frontier = {origin}, {origin}
    for _ in range(steps):
        frontier = {u for t in frontier for u in ADJ[t] + (SEA[t] if GAME.has(p, "boats") else ())
                    if u not in seen and GAME.region_open(state, REGION[u])}
        seen |= frontier
    out = seen - {origin}
    if GAME.has(p, "stay"):
        out.add(origin)
    return sorted(out)


@pytest.mark.parametrize("players", [2, 4])
def test_cached_destinations_match_a_fresh_search(players, seeds):
    opts = GAME.resolve_options({"starting_inventions": "on"})
    for seed in seeds[:2]:
        state = GAME.setup(players, seed, opts)
        chooser = Rng(seed ^ 0xD5)
        checked = 0
        while GAME.to_act(state):
            head = state["pending"][0]
            if head["k"] == "move":
                s, e = head["s"], head["e"]
                assert GAME.destinations(state, s, e) == _plain_destinations(state, s, e)
                checked += 1
            moves = GAME.legal_moves(state, head["s"])
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
        assert checked > 100


def test_forced_second_explorers_of_other_tribes_leave_the_earlier_state_untouched(monkeypatch):
    """``apply`` copies only the acting tribe's board; when a region has a single
    fire, the 5th hut tile places every tribe's second explorer there at once, and
    the other tribes' boards must then be replaced, not changed in place."""
    from rules.fire_and_stone.data import PRINTED_FIRE, START
    only_fire = min(t for t in PRINTED_FIRE if REGION[t] == "I")
    monkeypatch.setattr(GAME, "fires_in", lambda state, region: [only_fire])
    state = GAME.setup(3, 1, GAME.resolve_options({}))
    hut = next(t for t in ADJ[START] if str(t) in state["tile"])
    state["tile"][str(hut)] = "hut"
    state["track"] = 4
    before = GAME.dump(state)
    after, _ = GAME.apply(state, GAME.parse(state, 0, str(hut)))
    assert [p["ex"][1] for p in after["p"]] == [only_fire] * 3
    assert GAME.dump(state) == before


def test_listed_moves_are_plain_moves_with_late_labels(seeds):
    """``legal_moves`` lists Listed moves (made without Move.__init__, worded only when
    read): each equals the plain Move of the same seat, notation and data, hashes like
    it, parses back to itself, and its label, read only after the game went on, says
    what it said when the move was listed."""
    opts = GAME.resolve_options({"starting_inventions": "on"})
    for seed in seeds[:2]:
        state = GAME.setup(3, seed, opts)
        chooser = Rng(seed ^ 0x1A)
        listed = []
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            for move in moves:
                plain = Move(move.seat, move.notation, data=move.data)
                assert move == plain and plain == move and hash(move) == hash(plain)
                assert GAME.parse(state, seat, move.notation) == move
            listed.append(moves)
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
        kinds = set()
        for moves in listed:
            again = [GAME.label(old.source[1], old.source[2], old.data) for old in moves]
            assert [m.said for m in moves] == again
            assert all(m.label == m.said.english() and m.label for m in moves)
            kinds.update(m.data[0] for m in moves)
        assert {"move", "take", "leave", "pass", "build", "fire", "draft"} <= kinds


def test_clone_is_independent_in_every_part(seeds):
    """``clone`` (the AI's starting copy) shares nothing a caller could change in place."""
    state = GAME.setup(4, seeds[0], GAME.resolve_options({"starting_inventions": "on"}))
    chooser = Rng(7)
    for _ in range(400):
        moves = GAME.legal_moves(state, GAME.to_act(state)[0])
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    before = GAME.dump(state)
    copy = GAME.clone(state)

    def scramble(value):
        if isinstance(value, dict):
            for key in list(value):
                value[key] = scramble(value[key])
            value["scrambled"] = True
        elif isinstance(value, list):
            for i, item in enumerate(value):
                value[i] = scramble(item)
            value.append("scrambled")
        return value

    scramble(copy)
    assert GAME.dump(state) == before
