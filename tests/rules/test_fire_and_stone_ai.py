"""Fire & Stone for the AI seats: ``determinize`` redraws exactly what a seat
cannot see (face-down discovery tiles, the cave card, game tiles in stacks,
forests and other tribes, other objectives, the invention deck, the Rng), and
``heuristic`` judges from what the seat sees."""

from __future__ import annotations

from collections import Counter

import pytest

from ai import decide
from rules.core import Rng
from rules.fire_and_stone import GAME
from rules.fire_and_stone.data import CAVES, FOOD_ICON, GAME_TILES, OBJECTIVES, REGIONS
from tests.positions import playout_points


def _points(players: int, seed: int, variant: str = "off", every: int = 90):
    """States met along a random playout, one every ``every`` moves, and the last."""
    return playout_points(GAME, players, seed, GAME.resolve_options({"starting_inventions": variant}), seed ^ 0xA1, every)


def _scramble(state, seat: int, rng: Rng):
    """Another state that differs from ``state`` only in what ``seat`` cannot see,
    written independently of ``determinize``: face-down tiles swapped within their
    region, another cave card, other objectives, the unseen game tiles dealt anew,
    another pot in another tribe's hands, the invention deck and the dice."""
    new = GAME.from_json(GAME.to_json(state))
    if state["over"]:
        new["rng"] = [rng.randbelow(1 << 63), state["rng"][1]]
        return new
    for region in REGIONS:
        spots = [t for t in FOOD_ICON[region] if str(t) in new["tile"] and t not in new["up"]]
        kinds = [new["tile"][str(t)] for t in spots]
        rng.shuffle(kinds)
        for t, kind in zip(spots, kinds):
            new["tile"][str(t)] = kind
    if not new["cave_up"]:
        new["cave"] = rng.choice([c for c in CAVES if new["opts"]["cave"] == "any" or CAVES[c]["beginner"]])
    others = [s for s in range(new["n"]) if s != seat]
    free = [o for o in OBJECTIVES if o != new["p"][seat]["obj"]]
    rng.shuffle(free)
    for s, obj in zip(others, free):
        new["p"][s]["obj"] = obj
    head = new["pending"][0] if new["pending"] else None
    seen = str(head["t"]) if head and head["k"] == "forest" and head["s"] == seat else None
    places = [new["p"][s]["game"] for s in others]
    places += [tiles for key, tiles in new["forest"].items() if key != seen]
    places += [stack for region in REGIONS for stack in new["stacks"][region]]
    pool = [g for place in places for g in place]
    rng.shuffle(pool)
    for place in places:
        place[:] = [pool.pop() for _ in place]
    for h in new["pending"]:
        if h["k"] == "cook" and h["s"] != seat and h["pot"]:
            size = len(new["p"][h["s"]]["game"])
            h["pot"] = list(range(size - 1, size - 1 - len(h["pot"]), -1))
    rng.shuffle(new["inv_deck"])
    new["rng"] = [rng.randbelow(1 << 63), state["rng"][1]]
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


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["off", "on"])
def test_what_a_seat_cannot_see_does_not_change_its_determinisation(players, variant):
    changed = 0
    for state in _points(players, 7 + players, variant):
        for seat in range(players):
            other = _scramble(state, seat, Rng(seat + 100 * players))
            assert GAME.view(other, seat) == GAME.view(state, seat), "the scramble touched something visible"
            changed += GAME.dump(other) != GAME.dump(state)
            for k in (1, 2):
                assert GAME.to_json(GAME.determinize(state, seat, Rng(k))) == \
                    GAME.to_json(GAME.determinize(other, seat, Rng(k)))
    assert changed > players * 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_ai_chooses_the_same_move_whatever_it_cannot_see(players):
    points = _points(players, 3, every=7)
    chosen = [st for st in points[len(points) // 3:] if GAME.to_act(st)
              and len(GAME.legal_moves(st, GAME.to_act(st)[0])) > 1][::40][:2]
    assert len(chosen) == 2
    for state in chosen:
        seat = GAME.to_act(state)[0]
        other = _scramble(state, seat, Rng(5))
        assert GAME.dump(other) != GAME.dump(state)
        for level, iterations in (("easy", None), ("normal", 25)):
            assert decide(GAME, state, seat, players, level, seed=9, iterations=iterations).move == \
                decide(GAME, other, seat, players, level, seed=9, iterations=iterations).move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinisation_keeps_what_the_seat_sees_and_plays_to_the_end(players):
    for i, state in enumerate(_points(players, 20 + players, "on")):
        before = GAME.dump(state)
        for seat in range(players):
            d = GAME.determinize(state, seat, Rng(i * 10 + seat))
            assert GAME.view(d, seat) == GAME.view(state, seat)
            assert GAME.from_json(GAME.to_json(d)) == d
            # Same components: each region's discovery tiles, all 24 game tiles, distinct objectives.
            for region in REGIONS:
                assert Counter(d["tile"][str(t)] for t in FOOD_ICON[region] if str(t) in d["tile"]) == \
                    Counter(state["tile"][str(t)] for t in FOOD_ICON[region] if str(t) in state["tile"])
            tiles = [g for p in d["p"] for g in p["game"]] + d["discard"]
            tiles += [g for v in d["forest"].values() for g in v]
            tiles += [g for r in REGIONS for st in d["stacks"][r] for g in st]
            assert sorted(tiles) == list(range(len(GAME_TILES)))
            assert len({p["obj"] for p in d["p"]}) == players
            assert d["rng"] != state["rng"] and d["rng"][1] == state["rng"][1]
            if i % 4 == 1 and seat == i % players:
                assert _finish(d, i) is not None
        assert GAME.dump(state) == before, "determinize must not change the real state"


def test_the_hidden_parts_are_really_redrawn():
    """At the start every hidden part varies with the rng, the seat's own objective never."""
    state = GAME.setup(3, 4, GAME.resolve_options({}))
    worlds = [GAME.determinize(state, 1, Rng(k)) for k in range(12)]
    assert {w["p"][1]["obj"] for w in worlds} == {state["p"][1]["obj"]}
    assert len({w["p"][0]["obj"] for w in worlds}) > 1
    assert len({w["cave"] for w in worlds}) > 1
    assert len({tuple(sorted(w["tile"].items())) for w in worlds}) == len(worlds)
    assert len({str(w["stacks"]) for w in worlds}) == len(worlds)
    assert len({tuple(w["inv_deck"]) for w in worlds}) == len(worlds)
    assert len({tuple(w["rng"]) for w in worlds}) == len(worlds)


def test_the_forest_a_seat_is_choosing_in_stays_as_it_sees_it():
    for state in _points(2, 11, every=1):
        head = state["pending"][0] if state["pending"] else None
        if head and head["k"] == "forest":
            seat, key = head["s"], str(head["t"])
            seen = [GAME.determinize(state, seat, Rng(k))["forest"][key] for k in range(6)]
            assert all(tiles == state["forest"][key] for tiles in seen)
            return
    raise AssertionError("no forest choice in that playout")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_heuristic_reads_only_what_the_seat_sees(players):
    for i, state in enumerate(_points(players, 30 + players)):
        for seat in range(players):
            value = GAME.heuristic(state, seat)
            assert 0.0 <= value <= 1.0
            assert value == GAME.heuristic(_scramble(state, seat, Rng(i)), seat)


def test_the_heuristic_follows_the_score():
    state = _points(2, 5)[3]
    low = GAME.heuristic(state, 0)
    richer = GAME.from_json(GAME.to_json(state))
    richer["p"][0]["vp"] += 3
    assert GAME.heuristic(richer, 0) > low
    assert GAME.heuristic(richer, 1) < GAME.heuristic(state, 1)


def test_a_tribe_ahead_prefers_the_end_to_keeping_its_resources():
    """FIN DE LA PARTIE: the last hut built (or the 11th hut tile) ends the game. The AI once
    judged a leader's unspent food and game tiles at 0.4 of their worth after that (true: few
    turns are left) on one slope of the lead, so a tribe far ahead never built its last hut and
    an all-AI game ran on without end; a lead is surer with fewer turns left, and outweighs it."""
    state = next(s for s in _points(2, 7, every=40) if not s["over"] and s["end"] is None and s["track"] < 6)
    ahead = GAME.from_json(GAME.to_json(state))
    ahead["p"][0]["vp"] += 8
    ahead["p"][0]["game"] = list(range(8))              # rich in uncooked game as well
    ahead["p"][0]["food"] = ahead["p"][0]["bags"] = 6
    ended = GAME.from_json(GAME.to_json(ahead))
    ended["end"], ended["trigger"] = [2, 2], 0
    assert GAME.heuristic(ended, 0) > GAME.heuristic(ahead, 0)
    assert GAME.heuristic(ended, 1) < GAME.heuristic(ahead, 1)


def _first_meal(seed: int):
    """The first fire met in a random playout where a tribe may cook game tiles, before anything
    went into the pot; its bags are made to hold that game's food."""
    state = GAME.setup(2, seed, GAME.resolve_options({}))
    chooser = Rng(seed)
    while GAME.to_act(state):
        head = state["pending"][0]
        if head["k"] == "cook" and not head["pot"] and state["p"][head["s"]]["game"]:
            p = state["p"][head["s"]]
            p["bags"] = max(p["bags"], p["food"] + sum(GAME_TILES[g][0] for g in p["game"]))
            return state
        moves = GAME.legal_moves(state, GAME.to_act(state)[0])
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    raise AssertionError("no meal in this playout")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_fire_with_game_to_cook_is_worth_its_meal(seed):
    """FEU: game tiles put in the pot are cooked into bags and food. Cooking takes one move per tile
    put in the pot and one more, so a short search never saw its worth: the search judged cooking
    nothing (``ok``) as good as cooking and went hungry with its game uncooked (normal against
    easy, seed 5: 3 tiles cooked in 17 stops at a fire, lost 7-43). The heuristic now counts the
    meal a fire offers until it is eaten."""
    state = _first_meal(seed)
    seat = state["pending"][0]["s"]
    after_nothing, _ = GAME.apply(state, GAME.parse(state, seat, "ok"))
    assert GAME.heuristic(state, seat) > GAME.heuristic(after_nothing, seat)
    assert decide(GAME, state, seat, 2, "normal", seed=seed).move.notation != "ok"
