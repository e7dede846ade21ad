"""Fire & Stone: every worked example of the rulebook, the hut track, the
end, and invariants over random playouts (hidden information included)."""

from __future__ import annotations

import json

import pytest

from bot.table.i18n import hand_text
from bot.table.rulebook import pages_of
from rules.core import IllegalMove, Rng
from rules.fire_and_stone import GAME, scoring
from rules.fire_and_stone.data import (
    ADJ,
    BAG_SUPPLY,
    GAME_TILES,
    HUTS_EACH,
    INVENTIONS,
    PRINTED_FIRE,
    REGION,
    SEA,
    START,
    START_BAGS,
    TERR,
    TERR_IDS,
)

RED, BLUE = 0, 1
NEXT_TO_START = 66          # a food-icon territory of region I next to the start (71)
REGION_I_FIRES = sorted(t for t in PRINTED_FIRE if REGION[t] == "I")


def fresh(n=2, seed=1, **opts):
    state = GAME.setup(n, seed, GAME.resolve_options(opts))
    return state


def at(state, seat, territory, e=0):
    """Make ``seat`` the player to move explorer ``e`` from ``territory``."""
    state["p"][seat]["ex"][e] = territory
    state["turn"], state["ex"] = seat, e
    state["pending"] = [{"k": "move", "s": seat, "e": e}]


def put(state, t, kind, up=False):
    state["tile"][str(t)] = kind
    if up and t not in state["up"]:
        state["up"].append(t)
    if not up and t in state["up"]:
        state["up"].remove(t)


def clear(state, t):
    state["tile"].pop(str(t), None)
    if t in state["up"]:
        state["up"].remove(t)


def play(state, seat, text):
    move = GAME.parse(state, seat, text)
    return GAME.apply(state, move)


def notations(state, seat):
    return [m.notation for m in GAME.legal_moves(state, seat)]


def tile_with(food, bags):
    return GAME_TILES.index((food, bags))


# ------------------------------------------------------------ worked examples


def test_red_forest_stack_of_three_one_taken_two_left():
    state = fresh()
    at(state, RED, START)
    put(state, NEXT_TO_START, "forest")
    stack = list(state["stacks"]["I"][0])
    state, events = play(state, RED, str(NEXT_TO_START))
    assert any(e.reveal for e in events)
    # Discovery effect: one stack of 3 game tiles comes onto the forest.
    assert state["forest"][str(NEXT_TO_START)] == stack
    assert len(state["stacks"]["I"]) == 2
    # Only Red is told what the tiles are.
    shown = [e for e in events if e.private_to == RED]
    assert shown and all(e.private_to == RED for e in events if "holds" in e.text)
    assert notations(state, RED) == ["g1", "g2", "g3", "pass"]
    state, _ = play(state, RED, "g2")
    assert state["p"][RED]["game"] == [stack[1]]
    assert state["forest"][str(NEXT_TO_START)] == [stack[0], stack[2]]
    assert state["tile"][str(NEXT_TO_START)] == "forest"   # the forest tile stays
    assert GAME.to_act(state) == [BLUE]


def test_forest_action_later_and_empty_forest_gives_nothing():
    state = fresh()
    put(state, NEXT_TO_START, "forest", up=True)
    state["forest"][str(NEXT_TO_START)] = [5]
    at(state, BLUE, START)
    state, _ = play(state, BLUE, str(NEXT_TO_START))
    state, _ = play(state, BLUE, "g1")
    assert state["p"][BLUE]["game"] == [5] and state["forest"][str(NEXT_TO_START)] == []
    at(state, RED, START)
    food = state["p"][RED]["food"]
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert state["p"][RED]["food"] == food and state["p"][RED]["game"] == []   # not even food
    assert GAME.to_act(state) == [BLUE]


def test_blue_reveals_fire_scores_one_vp_and_cooks_one_tile_for_a_bag_and_three_food():
    state = fresh()
    at(state, BLUE, START)
    put(state, NEXT_TO_START, "fire")
    gid = tile_with(3, 1)
    state["p"][BLUE]["game"] = [tile_with(2, 0), gid]
    state, events = play(state, BLUE, str(NEXT_TO_START))
    assert any(e.reveal for e in events)
    assert state["p"][BLUE]["vp"] == 1                        # discovery effect
    assert notations(state, BLUE) == ["c1", "c2", "ok"]
    state, _ = play(state, BLUE, "c2")
    state, events = play(state, BLUE, "ok")
    blue = state["p"][BLUE]
    assert (blue["bags"], blue["food"]) == (3, 3)             # 1 bag and 3 food
    assert blue["game"] == [tile_with(2, 0)]
    assert state["discard"] == [gid]
    assert any(e.reveal and "3 food" in e.text for e in events)


def test_printed_fire_gives_no_vp_and_surplus_food_is_lost():
    state = fresh()
    fire = 52
    at(state, RED, next(t for t in ADJ[fire] if t not in PRINTED_FIRE))
    state["p"][RED]["game"] = [tile_with(4, 0), tile_with(3, 0)]
    state, _ = play(state, RED, str(fire))
    state, _ = play(state, RED, "c1")
    state, _ = play(state, RED, "c2")
    state, _ = play(state, RED, "ok")
    assert state["p"][RED]["vp"] == 0
    assert state["p"][RED]["food"] == 2                       # only 2 bags: 5 food lost


def test_blue_mushroom_empties_the_apple_track():
    state = fresh()
    blue = state["p"][BLUE]
    blue["tracks"] = [["apple", 2], ["root", 1]]
    at(state, BLUE, START)
    put(state, NEXT_TO_START, "mushroom", up=True)
    state, _ = play(state, BLUE, str(NEXT_TO_START))
    assert sorted(notations(state, BLUE)) == ["leave", "x1", "x2"]
    state, _ = play(state, BLUE, "x1")
    assert state["p"][BLUE]["tracks"] == [["mushroom", 1], ["root", 1]]
    assert str(NEXT_TO_START) not in state["tile"]            # the tile is taken away


def test_gathering_tile_goes_on_a_track_or_is_left_for_two_food():
    state = fresh()
    state["p"][RED]["tracks"] = [["apple", 1], [None, 0]]
    at(state, RED, START)
    put(state, NEXT_TO_START, "apple")
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert sorted(notations(state, RED)) == ["leave", "t1", "t2"]
    state, _ = play(state, RED, "leave")
    assert state["p"][RED]["food"] == 2
    assert state["tile"][str(NEXT_TO_START)] == "apple" and NEXT_TO_START in state["up"]


def test_gathering_tile_placement_is_the_players_choice_of_track():
    """Rulebook, TUILE CUEILLETTE: « Si vous prenez la tuile, placez-la sur la case
    libre la plus basse de l'une de vos deux pistes de cueillette. […] Il ne peut y
    avoir qu'un seul type de tuiles Cueillette par piste (noix, racines,
    champignons, ou pommes). Si vos deux pistes abritent déjà des tuiles et que
    vous décidez de prendre une tuile d'un type qui ne s'y trouve pas, vous devez
    d'abord vider une piste, donc défausser toutes les tuiles qui s'y trouvent. »"""
    # The kind's own track or the empty one: the player chooses (buttons).
    state = fresh()
    state["p"][RED]["tracks"] = [["apple", 1], [None, 0]]
    at(state, RED, START)
    put(state, NEXT_TO_START, "apple", up=True)
    state, _ = play(state, RED, str(NEXT_TO_START))
    moves = {m.notation: m.label for m in GAME.legal_moves(state, RED)}
    assert sorted(moves) == ["leave", "t1", "t2"] and len(moves) <= 5
    assert "apple 1/3" in moves["t1"] and "empty" in moves["t2"]
    state, _ = play(state, RED, "t2")
    assert state["p"][RED]["tracks"] == [["apple", 1], ["apple", 1]]
    # A kind already on one track while the other holds another kind: only that
    # track; nothing is emptied (the emptying is only for a kind not there).
    state = fresh()
    state["p"][RED]["tracks"] = [["nut", 2], ["apple", 1]]
    at(state, RED, START)
    put(state, NEXT_TO_START, "apple", up=True)
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert sorted(notations(state, RED)) == ["leave", "t2"]
    # A new kind with one empty track: onto the empty track, no emptying.
    state = fresh()
    state["p"][RED]["tracks"] = [["nut", 2], [None, 0]]
    at(state, RED, START)
    put(state, NEXT_TO_START, "root", up=True)
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert sorted(notations(state, RED)) == ["leave", "t2"]
    # A new kind, both tracks full of other kinds: empty the one you choose.
    state = fresh()
    state["p"][RED]["tracks"] = [["nut", 2], ["apple", 1]]
    at(state, RED, START)
    put(state, NEXT_TO_START, "root", up=True)
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert sorted(notations(state, RED)) == ["leave", "x1", "x2"]
    state, _ = play(state, RED, "x2")
    assert state["p"][RED]["tracks"] == [["nut", 2], ["root", 1]]


def test_blue_hut_tile_on_third_space_opens_region_two_and_goes_back_to_a_fire():
    state = fresh()
    state["track"] = 2
    at(state, BLUE, START)
    put(state, NEXT_TO_START, "hut")
    region_two = next(t for t in TERR_IDS if REGION[t] == "II")
    assert not GAME.region_open(state, "II")
    state, events = play(state, BLUE, str(NEXT_TO_START))
    assert state["villages"][str(NEXT_TO_START)] == [0, 1]    # a free hut
    assert state["p"][BLUE]["huts"] == HUTS_EACH - 1
    assert state["track"] == 3 and GAME.region_open(state, "II") and region_two
    assert any("Region II is open" in e.text for e in events)
    # Back to a fire of region I, without cooking there.
    state["p"][BLUE]["game"] = [0]
    assert notations(state, BLUE) == [f"f{t}" for t in REGION_I_FIRES]
    state, _ = play(state, BLUE, f"f{REGION_I_FIRES[0]}")
    assert state["p"][BLUE]["ex"][0] == REGION_I_FIRES[0]
    assert GAME.to_act(state) == [RED] and state["p"][BLUE]["game"] == [0]


def test_red_pays_two_food_for_a_third_hut_then_goes_to_a_fire():
    state = fresh()
    clear(state, NEXT_TO_START)
    state["villages"][str(NEXT_TO_START)] = [1, 1]
    state["p"][RED]["food"] = 2
    at(state, RED, START)
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert notations(state, RED) == ["build", "pass"]
    state, events = play(state, RED, "build")
    assert state["p"][RED]["food"] == 0
    assert state["villages"][str(NEXT_TO_START)] == [2, 1]
    assert any("for 2 food" in e.text for e in events)
    assert notations(state, RED) == [f"f{t}" for t in REGION_I_FIRES]


def test_village_build_needs_enough_food():
    state = fresh()
    clear(state, NEXT_TO_START)
    state["villages"][str(NEXT_TO_START)] = [1, 1]
    state["p"][RED]["food"] = 1
    at(state, RED, START)
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert GAME.to_act(state) == [BLUE]                       # nothing to do there
    assert state["villages"][str(NEXT_TO_START)] == [1, 1]


def test_red_vp_card_covers_crops():
    state = fresh()
    red = state["p"][RED]
    red["inv"] = ["crops"]
    red["tracks"] = [["apple", 2], [None, 0]]
    state["vp_deck"] = [1, 1, 2, 3]                           # top card: 3 VP
    at(state, RED, START)
    put(state, NEXT_TO_START, "apple", up=True)
    state, _ = play(state, RED, str(NEXT_TO_START))
    state, _ = play(state, RED, "t1")
    assert state["p"][RED]["food"] == 1                       # Crops still works for this tile
    moves = {m.notation: m.label for m in GAME.legal_moves(state, RED)}
    assert "v1" in moves and "Crops" in moves["v1"]
    state, _ = play(state, RED, "v1")
    red = state["p"][RED]
    assert red["cover"] == {"crops": 3} and red["tracks"][0] == [None, 0]
    assert not GAME.has(red, "take_plus")                     # the effect is lost
    assert scoring.breakdown(state, RED)["cards"] == 3


def test_red_apple_on_top_gives_clay_pots_and_two_food():
    state = fresh()
    state["inv_row"] = ["pots", "boats", "sled"]
    state["inv_deck"] = ["tools"] + [i for i in state["inv_deck"] if i not in ("pots", "boats", "sled", "tools")]
    state["p"][RED]["tracks"] = [["apple", 2], ["nut", 1]]
    at(state, RED, START)
    put(state, NEXT_TO_START, "apple", up=True)
    state, _ = play(state, RED, str(NEXT_TO_START))
    state, _ = play(state, RED, "t1")
    assert notations(state, RED) == ["i1", "i2", "i3"]        # no invention yet: no VP card
    state, events = play(state, RED, "i1")
    assert any(e.reveal and "Stone tools" in e.text for e in events)   # the refill is a reveal
    red = state["p"][RED]
    assert red["inv"] == ["pots"] and red["food"] == 2         # instant effect
    assert red["tracks"] == [[None, 0], ["nut", 1]]            # apples discarded
    assert state["inv_row"] == ["boats", "sled", "tools"]      # row refilled


def test_cave_garden_of_eden_builds_a_third_hut_gaining_two_food():
    state = fresh()
    state["cave"] = 1                                          # Garden of Eden
    put(state, NEXT_TO_START, "cave")
    state["villages"][str(NEXT_TO_START)] = [1, 1]
    at(state, BLUE, START)
    state, events = play(state, BLUE, str(NEXT_TO_START))
    assert state["cave_up"] and any(e.reveal and "Garden of Eden" in e.text for e in events)
    assert notations(state, BLUE) == ["build", "pass"]
    state, _ = play(state, BLUE, "build")
    assert state["p"][BLUE]["food"] == 2
    assert state["villages"][str(NEXT_TO_START)] == [1, 2]
    assert notations(state, BLUE)[0].startswith("f")          # back to a fire
    # Without room for the food, no hut.
    state = fresh()
    state["cave"] = 1
    put(state, NEXT_TO_START, "cave", up=True)
    state["cave_up"] = True
    state["villages"][str(NEXT_TO_START)] = [1, 1]
    state["p"][BLUE]["food"] = 1
    at(state, BLUE, START)
    state, _ = play(state, BLUE, str(NEXT_TO_START))
    assert GAME.to_act(state) == [RED]


def test_final_scoring_territories_one_and_two_with_the_lake_objective():
    state = fresh()
    one, two = 10, 11                                          # both next to a lake
    assert TERR[one]["lake"] and TERR[two]["lake"]
    state["villages"] = {str(one): [2, 1], str(two): [2, 2]}
    state["p"][RED]["obj"] = "lake"
    state["p"][RED]["huts"] = HUTS_EACH - 4
    b = scoring.breakdown(state, RED)
    assert b["huts"] == 4 and b["majorities"] == 1 and b["objective"] == 1
    # Territory 1: 2 + 1 + 1 = 4; territory 2: 2 huts only.
    assert b["total"] == 4 + 2


def test_scoring_sums_track_cards_huts_majorities_objective():
    state = fresh(3)
    state["villages"] = {"10": [1, 0, 0], "12": [1, 1, 0], "13": [0, 3, 1]}
    state["p"][0].update(vp=5, cover={"crops": 3, "boats": 4}, obj="regions")
    assert scoring.majorities(state, 0) == [10]
    assert scoring.total(state, 0) == 5 + 7 + 2 + 1 + 2
    assert GAME.public_scores(state)[0] == 5 + 7 + 2 + 1


# ------------------------------------------------------------ set-up, moves, track, end


@pytest.mark.parametrize("n,expected", [(2, [[None, 0], [None, 0]]), (4, None)])
def test_starting_gathering_tiles_by_player_count(n, expected):
    state = fresh(n)
    for p in state["p"]:
        if expected is not None:
            assert p["tracks"] == expected
        else:
            assert p["tracks"][0][1] == 1 and p["tracks"][1][1] == 1
        assert (p["food"], p["bags"], p["huts"], p["ex"]) == (0, 2, HUTS_EACH, [START, None])


def test_three_players_take_only_the_sun_or_the_moon_tile():
    sun = fresh(3, start_tile="sun")
    moon = fresh(3, start_tile="moon")
    for s in range(3):
        assert sun["p"][s]["tracks"][1] == [None, 0] and sun["p"][s]["tracks"][0][1] == 1
        assert moon["p"][s]["tracks"][0][0] != sun["p"][s]["tracks"][0][0]


def test_setup_counts():
    state = fresh(4)
    tiles = list(state["tile"].values())
    assert len(tiles) == 63 and tiles.count("hut") == 12 and tiles.count("cave") == 1
    assert not state["up"] and len(state["inv_row"]) == 3 and len(state["inv_deck"]) == 14
    assert state["vp_deck"][-1] == 4 and sorted(state["vp_deck"]) == [1] * 4 + [2] * 4 + [3] * 4 + [4] * 2
    assert sum(len(s) for s in state["stacks"].values()) == 8
    assert len({p["obj"] for p in state["p"]}) == 4
    assert not any(int(k) in PRINTED_FIRE for k in state["tile"])


def test_moves_up_to_two_never_back_home_and_locked_regions():
    state = fresh()
    at(state, RED, 12)                                         # region I, next to 13 and 26 of region II
    assert GAME.destinations(state, RED, 0) == [3, 4, 11, 25]  # 1 or 2 steps, not 12 itself
    with pytest.raises(IllegalMove, match="Region II is closed"):
        GAME.parse(state, RED, "13")
    with pytest.raises(IllegalMove, match="out of reach"):
        GAME.parse(state, RED, "71")
    state["track"] = 3
    assert {13, 14, 26, 27} <= set(GAME.destinations(state, RED, 0))


def test_sled_moves_three_and_boats_use_sea_routes():
    state = fresh()
    state["track"] = 3
    at(state, RED, 60)
    assert 54 not in GAME.destinations(state, RED, 0)
    state["p"][RED]["inv"] = ["boats"]
    assert 54 in GAME.destinations(state, RED, 0)
    state["p"][RED]["cover"] = {"boats": 2}                    # covered: no more boats
    assert 54 not in GAME.destinations(state, RED, 0)
    near = set(GAME.destinations(state, RED, 0))
    state["p"][RED]["inv"].append("sled")
    assert set(GAME.destinations(state, RED, 0)) > near


def test_plain_food_icon_and_secret_cache():
    state = fresh()
    clear(state, NEXT_TO_START)
    at(state, RED, START)
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert state["p"][RED]["food"] == 1
    put(state, 67, "cache")
    at(state, BLUE, 60)
    state, _ = play(state, BLUE, "67")
    assert (state["p"][BLUE]["bags"], state["p"][BLUE]["food"]) == (3, 1)
    assert "67" not in state["tile"]


def test_fifth_hut_tile_gives_second_explorers_usable_at_once():
    state = fresh(3)
    state["track"] = 4
    at(state, RED, START)
    put(state, NEXT_TO_START, "hut")
    state, events = play(state, RED, str(NEXT_TO_START))
    state, _ = play(state, RED, f"f{REGION_I_FIRES[0]}")      # Red's explorer back to a fire
    for seat in (RED, BLUE, 2):                                # then clockwise, from Red
        assert GAME.to_act(state) == [seat]
        assert state["pending"][0]["why"] == "second"
        state, _ = play(state, seat, f"f{REGION_I_FIRES[1]}")
        assert state["p"][seat]["ex"][1] == REGION_I_FIRES[1]
    # Red plays the second explorer at once.
    assert GAME.to_act(state) == [RED] and state["pending"][0] == {"k": "move", "s": RED, "e": 1}


def _finish_turn(state, seat):
    """Play defaults until another seat acts (or the game ends)."""
    while GAME.to_act(state) == [seat]:
        state, _ = GAME.apply(state, GAME.default_move(state, seat, Rng(1)))
    return state


def test_eleventh_hut_tile_ends_the_game_after_one_and_two_more_turns():
    state = fresh(3)
    state["track"] = 10
    at(state, BLUE, START)
    put(state, NEXT_TO_START, "hut")
    state, events = play(state, BLUE, str(NEXT_TO_START))
    assert state["end"] is not None and any("once more" in e.text for e in events)
    state = _finish_turn(state, BLUE)
    turns = []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        turns.append(seat)
        state = _finish_turn(state, seat)
    assert turns == [2, RED, BLUE, 2, RED]
    assert GAME.result(state) is not None


def test_building_the_last_hut_also_triggers_the_end():
    state = fresh()
    clear(state, NEXT_TO_START)
    state["villages"][str(NEXT_TO_START)] = [0, 1]
    state["p"][RED].update(huts=1, food=1)
    at(state, RED, START)
    state, _ = play(state, RED, str(NEXT_TO_START))
    state, events = play(state, RED, "build")
    assert state["end"] == [2, 2] and state["trigger"] == RED


def test_starting_inventions_variant_drafts_from_the_last_player():
    state = fresh(3, starting_inventions="on")
    assert GAME.to_act(state) == [2]
    offered = list(state["draft"])
    state, _ = play(state, 2, "s1")
    assert state["p"][2]["inv"] == [offered[0]]
    assert GAME.to_act(state) == [BLUE] and len(notations(state, BLUE)) == 2
    state, _ = play(state, BLUE, "s2")
    state, _ = play(state, RED, "s1")
    assert GAME.to_act(state) == [RED] and state["pending"][0]["k"] == "move"
    assert len({p["inv"][0] for p in state["p"]}) == 3


# ------------------------------------------------------------ playouts and hidden information


def scramble(state, seed):
    """The same public position with every secret redrawn."""
    s = GAME.clone(state)
    rng = Rng(seed)
    objs = [p["obj"] for p in s["p"]]
    rng.shuffle(objs)
    for p, o in zip(s["p"], objs):
        p["obj"] = o
    for region in ("I", "II", "III"):
        hidden = [k for k in s["tile"] if int(k) not in s["up"] and REGION[int(k)] == region]
        kinds = [s["tile"][k] for k in hidden]
        rng.shuffle(kinds)
        for k, kind in zip(hidden, kinds):
            s["tile"][k] = kind
    pools = [st for region in s["stacks"].values() for st in region] + list(s["forest"].values()) \
        + [p["game"] for p in s["p"]]
    ids = [g for pool in pools for g in pool]
    rng.shuffle(ids)
    for pool in pools:
        for i in range(len(pool)):
            pool[i] = ids.pop()
    if not s["cave_up"]:
        s["cave"] = rng.randint(1, 24)
    rng.shuffle(s["inv_deck"])
    return s


def check_invariants(state, history):
    n = state["n"]
    for s, p in enumerate(state["p"]):
        assert 0 <= p["food"] <= p["bags"], "food never exceeds bags"
        assert p["huts"] + scoring.huts_on_board(state, s) == HUTS_EACH, "huts conserved"
        for t in p["ex"]:
            if t is not None:
                assert GAME.region_open(state, REGION[t]), "explorer in a locked region"
        banked = p["vp"] + sum(p["cover"].values())
        assert banked >= history.setdefault(("vp", s), 0), "VP never go down"
        history[("vp", s)] = banked
        assert len(set(p["inv"])) == len(p["inv"])
        assert p["marker"] == "card" or (p["marker"] == "cave" and state["cave_up"]), "marker on a hidden cave"
    # Bag tokens are conserved; the START_BAGS printed on each tribe board are not tokens (issue 20, item 10).
    assert state["bag_supply"] + sum(p["bags"] - START_BAGS for p in state["p"]) == BAG_SUPPLY
    game = [g for r in state["stacks"].values() for st in r for g in st] + \
        [g for f in state["forest"].values() for g in f] + [g for p in state["p"] for g in p["game"]] + state["discard"]
    assert sorted(game) == list(range(len(GAME_TILES))), "game tiles conserved"
    assert 0 <= state["track"] <= 12
    assert all(str(t) in state["tile"] for t in state["up"]), "face-up tiles are on the board"
    for k, huts in state["villages"].items():
        assert len(huts) == n and int(k) not in PRINTED_FIRE


def run_playout(n, seed, options):
    state = GAME.setup(n, seed, GAME.resolve_options(options))
    chooser = Rng(seed * 7919 + n)
    history: dict = {}
    turns_after_end: dict[int, int] = {}
    trigger_seen = False
    prev_turn = state["turn"]
    for step in range(20000):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = acting[0]
        moves = GAME.legal_moves(state, seat)
        move = moves[chooser.randbelow(len(moves))]
        if step % 11 == 0:
            # The public picture and the public events do not depend on any secret.
            other = scramble(state, seed + step)
            assert json.dumps(GAME.view(other, None), sort_keys=True) == \
                json.dumps(GAME.view(state, None), sort_keys=True)
            assert GAME.status_text(other) == GAME.status_text(state)
            new, events = GAME.apply(state, move)
            new2, events2 = GAME.apply(other, move)
            if not any(e.reveal for e in events + events2):
                assert [e.text for e in events if e.private_to is None] == \
                    [e.text for e in events2 if e.private_to is None]
            state = new
        else:
            state, events = GAME.apply(state, move)
        check_invariants(state, history)
        if trigger_seen and state["turn"] != prev_turn and not state["over"]:
            turns_after_end[state["turn"]] = turns_after_end.get(state["turn"], 0) + 1
        if state["end"] is not None and not trigger_seen:
            trigger_seen = True
        prev_turn = state["turn"]
    assert state["over"] and GAME.result(state) is not None
    trigger = state["trigger"]
    for s in range(n):
        assert turns_after_end.get(s, 0) == (1 if s == trigger else 2), (turns_after_end, trigger)
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("variant", ["off", "on"])
def test_random_playouts_keep_invariants_and_secrets(n, variant, seeds):
    for seed in seeds:
        state = run_playout(n, seed, {"starting_inventions": variant, "start_tile": "moon" if seed % 2 else "sun"})
        result = GAME.result(state)
        assert result.scores == [scoring.total(state, s) for s in range(n)]
        assert min(result.ranks) == 1


def test_private_text_shows_objective_and_game_tiles_only_to_the_seat():
    state = fresh()
    state["p"][RED]["game"] = [tile_with(3, 1)]
    text = GAME.private_text(state, RED)
    assert "Objective" in text and "1 bag + 3 food" in text
    french = hand_text("fr", GAME, state, RED)
    assert "Objectif" in french and "1 sac + 3 nourriture" in french
    assert "obj" not in json.dumps(GAME.view(state, None))
    assert GAME.view(state, RED)["me"]["game"] == [tile_with(3, 1)]


def test_labels_fit_buttons_along_a_playout():
    state = fresh(4, starting_inventions="on")
    chooser = Rng(3)
    for _ in range(300):
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        assert all(len(m.label) <= 80 and len(m.notation) <= 8 for m in moves)
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])


def test_rules_texts_fit_discord():
    assert all(0 < len(text) <= 1800 for locale in ("en", "fr") for text in (p.text for p in pages_of(GAME, locale)))
    assert len(INVENTIONS) == 17
    assert all(b not in ADJ[a] for a in SEA for b in SEA[a])   # sea routes cross water
    assert all(ADJ[t] for t in TERR_IDS)


# ------------------------------------------------------------ invention and cave effects (reconstructed cards)


def test_food_and_gathering_inventions():
    state = fresh()
    state["p"][RED].update(inv=["pots", "baskets", "ladder"], bags=8)
    at(state, RED, START)
    put(state, NEXT_TO_START, "nut", up=True)
    state, _ = play(state, RED, str(NEXT_TO_START))
    state, _ = play(state, RED, "leave")
    assert state["p"][RED]["food"] == 3                        # Clay pots: 3 instead of 2
    clear(state, 67)
    at(state, RED, 60)
    state, _ = play(state, RED, "67")
    assert state["p"][RED]["food"] == 5                        # Baskets: a plain icon gives 2
    put(state, 59, "apple", up=True)
    at(state, RED, 60)
    state, _ = play(state, RED, "59")
    state, _ = play(state, RED, "t1")
    assert state["p"][RED]["tracks"][0] == ["apple", 2]        # Ladder: an apple fills 2 spaces


def test_smokehouse_spears_and_camp():
    state = fresh()
    state["p"][RED].update(inv=["smoke", "spears", "camp"], bags=10, game=[tile_with(2, 0)])
    at(state, RED, START)
    assert START in GAME.destinations(state, RED, 0)           # Camp: may stay
    state, _ = play(state, RED, str(START))
    state, _ = play(state, RED, "c1")
    state, _ = play(state, RED, "ok")
    assert state["p"][RED]["food"] == 3                        # Smokehouse: +1 per tile
    put(state, NEXT_TO_START, "forest")
    at(state, RED, START)
    state, _ = play(state, RED, str(NEXT_TO_START))
    state, _ = play(state, RED, "g1")
    assert notations(state, RED) == ["g1", "g2", "pass"]       # Spears: a second pick
    state, _ = play(state, RED, "g1")
    assert len(state["p"][RED]["game"]) == 2 and len(state["forest"][str(NEXT_TO_START)]) == 1


def test_hut_inventions_discount_stay_and_any_fire():
    state = fresh()
    state["track"] = 3
    clear(state, NEXT_TO_START)
    state["villages"][str(NEXT_TO_START)] = [1, 1]
    state["p"][RED].update(inv=["tools", "hearth", "torches"], food=1)
    at(state, RED, START)
    state, _ = play(state, RED, str(NEXT_TO_START))
    state, _ = play(state, RED, "build")
    assert state["p"][RED]["food"] == 0                        # Stone tools: 2 - 1
    moves = notations(state, RED)
    assert "stay" in moves and "f28" in moves                  # Hearth; Torches reach region II
    state, _ = play(state, RED, "stay")
    assert state["p"][RED]["ex"][0] == NEXT_TO_START


def test_cave_rule_and_buy_action():
    state = fresh()
    state["track"] = 3
    cave_t = 27
    put(state, cave_t, "cave")
    state["cave"] = 24                                         # Great hall: 2 VP, then pay 2 food for 1 VP
    state["p"][BLUE].update(food=2)
    at(state, BLUE, 26)
    state, events = play(state, BLUE, str(cave_t))
    assert state["p"][BLUE]["vp"] == 2 and notations(state, BLUE) == ["buy", "pass"]
    state, _ = play(state, BLUE, "buy")
    assert state["p"][BLUE]["vp"] == 3 and state["p"][BLUE]["food"] == 0
    state = fresh()
    state.update(cave=9, cave_up=True)                         # Rich lands: +1 food on plain icons
    clear(state, NEXT_TO_START)
    at(state, RED, START)
    state, _ = play(state, RED, str(NEXT_TO_START))
    assert state["p"][RED]["food"] == 2


def test_each_tribe_has_a_marker_for_some_cave_cards():
    """Rulebook, MATÉRIEL DE CHAQUE JOUEUR: « 4 marqueurs (1 par joueur, pour
    certaines cartes Grotte) »; MISE EN PLACE 9: « Consultez votre carte puis
    placez-la face cachée sur votre carte de couleur […]. Placez ensuite votre
    marqueur sur cette même carte. » The cave cards using it are reconstructed
    (data.json): a marked purchase is once per tribe, the marker then goes onto
    the cave card."""
    state = fresh(3)
    assert [p["marker"] for p in state["p"]] == ["card"] * 3
    assert [t["marker"] for t in GAME.view(state, None)["tribes"]] == ["card"] * 3
    state["track"] = 3
    cave_t = 27
    put(state, cave_t, "cave")
    state["cave"] = 6                                          # Shaman: once per tribe, 2 food for 1 VP
    state["p"][BLUE].update(food=4, bags=6)
    at(state, BLUE, 26)
    state, _ = play(state, BLUE, str(cave_t))
    moves = {m.notation: m.label for m in GAME.legal_moves(state, BLUE)}
    assert sorted(moves) == ["buy", "pass"] and "marker" in moves["buy"]
    # Passing keeps the marker on the colour card.
    state, _ = play(state, BLUE, "pass")
    assert state["p"][BLUE]["marker"] == "card"
    at(state, BLUE, 26)
    state, _ = play(state, BLUE, str(cave_t))
    state, events = play(state, BLUE, "buy")
    assert state["p"][BLUE]["vp"] == 1 and state["p"][BLUE]["food"] == 2
    assert state["p"][BLUE]["marker"] == "cave" and any("marker" in e.text for e in events)
    assert GAME.view(state, None)["tribes"][BLUE]["marker"] == "cave"
    # Blue's marker is on the card: no second purchase, even with food.
    at(state, BLUE, 26)
    state, events = play(state, BLUE, str(cave_t))
    assert GAME.to_act(state) != [BLUE] and state["p"][BLUE]["vp"] == 1
    assert any("already on the cave card" in e.text for e in events)
    # Red's marker is still on its colour card: Red may buy.
    state["p"][RED].update(food=2)
    at(state, RED, 26)
    state, _ = play(state, RED, str(cave_t))
    assert notations(state, RED) == ["buy", "pass"]
    # A cave action without a marker (Great hall has one, Spring has not) stays repeatable.
    state = fresh()
    state.update(track=3, cave=2, cave_up=True)
    put(state, cave_t, "cave", up=True)
    state["p"][RED]["bags"] = 6
    for _ in range(2):
        at(state, RED, 26)
        state, _ = play(state, RED, str(cave_t))
    assert state["p"][RED]["food"] == 4 and state["p"][RED]["marker"] == "card"


@pytest.mark.parametrize("space", [1, 2, 4, 6, 7, 8, 10, 12])
def test_hut_track_spaces_without_a_threshold_have_no_effect(space):
    """Rulebook, TUILE HUTTE: « placez la tuile Hutte sur la piste des huttes. Elle
    doit occuper la case libre avec la valeur la plus faible. Certaines cases ont
    des effets spéciaux (voir p.6). » — LA PISTE DES HUTTES: « Lorsque les seuils
    indiqués ci-dessous sont atteints, des effets spéciaux se déclenchent : 3e hutte
    […] région II. 5e hutte […] second explorateur. 9e hutte […] région III.
    11e hutte : la fin du jeu est déclenchée. » No other space has an effect."""
    from rules.fire_and_stone.data import HUT_EFFECTS
    assert HUT_EFFECTS == {3: "open_II", 5: "second_explorer", 9: "open_III", 11: "end"}
    state = fresh(3)
    state["track"] = space - 1
    before = [GAME.region_open(state, r) for r in ("I", "II", "III")]
    at(state, RED, START)
    put(state, NEXT_TO_START, "hut")
    state, events = play(state, RED, str(NEXT_TO_START))
    assert state["track"] == space
    assert state["villages"][str(NEXT_TO_START)] == [1, 0, 0]       # the free hut
    assert [GAME.region_open(state, r) for r in ("I", "II", "III")] == before
    assert state["end"] is None
    assert not any(h.get("why") == "second" for h in state["pending"])
    assert not any("open" in e.text or "second explorer" in e.text for e in events)
    # Only the explorer's own way back to a fire of its region is asked for.
    assert GAME.to_act(state) == [RED] and state["pending"][0]["why"] == "return"
    state, _ = play(state, RED, f"f{REGION_I_FIRES[0]}")
    assert GAME.to_act(state) == [BLUE] and state["p"][RED]["ex"] == [REGION_I_FIRES[0], None]


def test_forest_objective_counts_revealed_forests_even_when_emptied():
    """Rulebook, FORÊT: « Si vous épuisez les tuiles Gibier de ce territoire,
    laissez tout de même la tuile Forêt en place, car elle peut être utile pour
    l'un des objectifs. Les joueurs qui terminent leur déplacement dans une Forêt
    qui n'a plus de gibier ne reçoivent rien du tout. » A forest tile stays on the
    board for the objectives whether or not game is left on it; a tile still face
    down is not known to be a forest (the rulebook never turns the remaining tiles
    over), so it does not count."""
    state = fresh()
    village = 67                                               # next to 66 (and 60, 59)
    for t in ADJ[village]:
        clear(state, t)
    clear(state, village)
    state["villages"] = {str(village): [2, 1]}
    state["p"][RED]["obj"] = "forest"
    assert scoring.objective_points(state, RED) == 0
    # The forest at 66 is revealed and Red takes its only game tile.
    put(state, NEXT_TO_START, "forest")
    state["stacks"]["I"][0] = state["stacks"]["I"][0][:1]
    at(state, RED, START)
    state, _ = play(state, RED, str(NEXT_TO_START))
    state, _ = play(state, RED, "g1")
    assert state["forest"][str(NEXT_TO_START)] == [] and state["tile"][str(NEXT_TO_START)] == "forest"
    assert scoring.objective_points(state, RED) == 1           # emptied, still a forest
    # Blue ends there: nothing at all, and the forest stays.
    at(state, BLUE, START)
    food = state["p"][BLUE]["food"]
    state, _ = play(state, BLUE, str(NEXT_TO_START))
    assert state["p"][BLUE]["food"] == food and state["tile"][str(NEXT_TO_START)] == "forest"
    assert scoring.objective_points(state, RED) == 1
    # A forest still face down next to the village is not counted.
    state = fresh()
    for t in ADJ[village] + (village,):
        clear(state, t)
    state["villages"] = {str(village): [2, 1]}
    state["p"][RED]["obj"] = "forest"
    put(state, NEXT_TO_START, "forest")
    assert scoring.objective_points(state, RED) == 0


# ------------------------------------------------------------ rulebook differences (issue 20)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_all_24_bag_tokens_start_in_the_supply(n):
    """MATÉRIEL COMMUN: « 24 jetons Sac »; LE PLATEAU TRIBU: « Vous pouvez stocker
    1 nourriture par sac (donc 2 au début de la partie). Lorsque vous gagnez des jetons
    Sac, vous augmentez la capacité de votre réserve. » Set-up (7. « Placez […] les jetons
    Sac […] à proximité du plateau ») gives no token to anyone: the 2 starting bags are
    printed on the tribe board, and all 24 tokens can still be won."""
    state = fresh(n)
    assert state["bag_supply"] == 24
    assert all(p["bags"] == 2 for p in state["p"])
    red = state["p"][RED]
    assert GAME.gain_bags(state, red, 30) == 24                # every token, and no more
    assert red["bags"] == 26 and state["bag_supply"] == 0


def test_games_stored_before_the_bag_ruling_get_their_tokens_back():
    """Schema 1 took the 2 printed bags of each tribe out of the 24 tokens; a game
    stored then loads with those 2 × players tokens back in the supply."""
    state = fresh(3)
    old = json.loads(GAME.dump(state))
    old["schema"] = 1
    old["state"]["bag_supply"] = 24 - 2 * 3 - 1                # one token already won
    loaded = GAME.load(json.dumps(old))
    assert loaded["bag_supply"] == 23
    assert json.loads(GAME.dump(loaded))["schema"] == GAME.schema_version == 2


RULEBOOK_FIRST_PLAYER = "Déterminez au hasard qui sera le premier joueur"


def test_first_player_is_drawn_at_random_by_the_table():
    """MISE EN PLACE 11: « Déterminez au hasard qui sera le premier joueur. » The table
    shuffles the seats at /game start (first_player = "random"); the rules then start
    with seat 0 and go clockwise (DÉROULEMENT: « En commençant par le premier joueur
    puis dans le sens horaire »)."""
    assert GAME.first_player == "random"
    english, french = GAME.first_player_rule
    assert RULEBOOK_FIRST_PLAYER in french   # issue 27: English quotes it in English, as our translation
    assert '"Randomly determine who will be the first player", our translation' in english
    assert "random" in english and "hasard" in french
    for n in (2, 3, 4):
        state = fresh(n)
        assert GAME.to_act(state) == [0] and state["pending"][0] == {"k": "move", "s": 0, "e": 0}
