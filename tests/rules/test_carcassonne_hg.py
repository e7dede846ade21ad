"""Carcassonne: Hunters & Gatherers — the rulebook's worked examples, the
placement and figure rules, and invariants over random playouts."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.carcassonne_hg import GAME
from rules.carcassonne_hg.board import Board
from rules.carcassonne_hg.data import BY_NAME, DELTA, TILES, deck
from rules.carcassonne_hg.scoring import final_scoring
from rules.carcassonne_hg.state import HUTS, MEN, State
from rules.core import IllegalMove, Rng, random_playout

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


# ------------------------------------------------------------------ helpers


def blank(seats: int = 2) -> State:
    """A table with an empty map; examples lay their own tiles."""
    return State(seats=seats, rng=Rng(1), board=Board(), scores=[0] * seats, men=[MEN] * seats,
                 huts=[HUTS] * seats, land=deck("land"), bonus=deck("bonus"))


def put(state: State, name: str, x: int, y: int, rot: int = 0) -> int:
    """Lay a tile directly (set-up of an example). It must match any neighbour."""
    tile = TILES[BY_NAME[name]]
    b = state.board
    if any((x + dx, y + dy) in b.at for dx, dy in DELTA):
        assert b.fits(tile, rot, x, y), f"{name} does not fit at {x},{y} turned {rot}"
    return b.add(tile.id, x, y, rot)


def figure(state: State, seat: int, role: str, placement: int, zone: int) -> None:
    state.figures.append([seat, role, state.board.node(placement, zone)])
    if role == "hut":
        state.huts[seat] -= 1
    else:
        state.men[seat] -= 1


def hand(state: State, seat: int, name: str, bonus: bool = False) -> None:
    state.turn, state.hand, state.phase, state.in_bonus = seat, BY_NAME[name], "place", bonus


def move(state: State, data) -> object:
    for m in GAME.legal_moves(state, state.turn):
        if m.data == data:
            return m
    raise AssertionError(f"{data} is not legal: {[m.data for m in GAME.legal_moves(state, state.turn)]}")


def play_tile(state: State, x: int, y: int, rot: int, fig=None):
    """Place the tile in hand, then the figure step (None = no figure)."""
    state, events = GAME.apply(state, move(state, ("place", x, y, rot)))
    if state.phase == "figure" and state.current >= 0:
        data = ("figure", None, -1) if fig is None else ("figure", *fig)
        state, more = GAME.apply(state, move(state, data))
        events += more
    return state, [e.text for e in events]


# ------------------------------------------------------------------ data


def test_component_counts():
    assert len(deck("land")) == 78 and len(deck("bonus")) == 12
    assert TILES[0].deck == "start" and TILES[0].zones[1].nugget     # the volcano forest
    land_aurochs = sum(z.aurochs for t in TILES if t.deck != "bonus" for z in t.zones for _ in range(t.count))
    assert land_aurochs == 0, "2002: aurochs only on bonus tiles"
    assert not any(z.fish for t in TILES for z in t.zones if z.kind == "river")
    assert max(z.fish for t in TILES for z in t.zones) == 4
    specials = {n: BY_NAME[n] for n in ("shrine", "fire", "mushrooms", "aurochs")}
    assert all(TILES[i].deck == "bonus" for i in specials.values())


def test_data_file_marks_reconstruction():
    from pathlib import Path

    import rules.carcassonne_hg as pkg
    raw = json.loads((Path(pkg.__file__).with_name("data.json")).read_text())
    assert raw["reconstructed"]
    assert raw["start"]["reconstructed"] and all(t["reconstructed"] for t in raw["bonus"])


def test_start_tile_as_drawn_in_the_rulebook():
    state = GAME.setup(2, 1, {})
    tile, x, y, rot = state.board.placed[0]
    assert (tile, x, y) == (0, 0, 0)
    assert TILES[0].rot_edges[rot] == "FFRM"     # forest, forest, river, meadow clockwise from north


# ------------------------------------------------------------------ placing tiles


def test_tiles_must_match_every_neighbour():
    state = blank()
    put(state, "T37", 0, 0, 1)                     # forest on the east side
    b, t50 = state.board, TILES[BY_NAME["T50"]]    # straight river N-S, meadows E and W
    assert not b.fits(t50, 0, 1, 0)                # meadow against forest
    assert not b.fits(t50, 0, 5, 5)                # touches nothing
    assert not b.fits(t50, 0, 0, 0)                # occupied
    assert b.fits(TILES[BY_NAME["T37"]], 3, 1, 0)  # forest meets forest
    assert not b.fits(t50, 1, 1, 0)                # river against forest


def test_a_tile_that_fits_nowhere_is_removed_and_another_drawn():
    state = blank()
    put(state, "T14", 0, 0, 0)          # spring north, forests E S W
    put(state, "T14", 0, -1, 2)         # spring south, meadow/forest around
    # a lone tile whose every side is meadow cannot go anywhere: all open sides are forest
    for (x, y) in list(state.board.frontier):
        assert not state.board.fits(TILES[BY_NAME["T62"]], 0, x, y)
    state.land = [BY_NAME["T62"], BY_NAME["T37"]]
    state.rng = Rng(0)
    from rules.carcassonne_hg.game import draw
    while True:
        events = draw(state, bonus=False)
        if BY_NAME["T62"] in state.removed:
            break
        state.land = [BY_NAME["T62"]] + ([BY_NAME["T37"]] if state.hand != BY_NAME["T37"] else [])
    assert any("fits nowhere" in e.text for e in events)
    assert all(e.reveal for e in events)


def test_spots_are_numbered_north_to_south_and_notation_round_trips():
    state = GAME.setup(3, 11, {})
    moves = GAME.legal_moves(state, 0)
    assert moves and all(m.notation[-1] in "abcd" for m in moves)
    view = GAME.view(state, None)
    ys = [(y, x) for _k, x, y, _r in view["spots"]]
    assert ys == sorted(ys)
    for m in moves:
        assert GAME.parse(state, 0, m.notation) == m


def test_placement_parse_errors_are_friendly():
    state = GAME.setup(2, 11, {})
    count = len(GAME.view(state, None)["spots"])
    with pytest.raises(IllegalMove, match=f"no spot {count + 1}"):
        GAME.parse(state, 0, f"{count + 1}a")
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.parse(state, 1, "1a")
    # degrees are understood too
    first = GAME.legal_moves(state, 0)[0]
    k, letter = first.notation[:-1], first.notation[-1]
    assert GAME.parse(state, 0, f"{k} {'abcd'.index(letter) * 90}") == first


# ------------------------------------------------------------------ figures


def test_figures_only_in_unoccupied_features():
    """Rulebook: Blue may place a hunter but no gatherer, the forest being held."""
    state = blank()
    a = put(state, "T37", 0, 0, 2)          # forest south, meadow with a deer
    figure(state, RED, "gatherer", a, 0)
    hand(state, BLUE, "T35")                # forest on one side, meadow with a mammoth
    state, _ = GAME.apply(state, move(state, ("place", 0, 1, 3)))   # its forest faces north
    options = {m.notation for m in GAME.legal_moves(state, BLUE)}
    assert options == {"hunter e", "none"}
    with pytest.raises(IllegalMove, match="already holds a gatherer"):
        GAME.parse(state, BLUE, "gatherer n")


def test_hunter_cannot_join_a_meadow_with_a_hunter_far_away():
    state = blank()
    a = put(state, "T62", 0, 0)
    put(state, "T61", 1, 0)
    figure(state, RED, "hunter", a, 0)
    hand(state, BLUE, "T34")    # three separate meadows, forest W
    state, _ = GAME.apply(state, move(state, ("place", 2, 0, 1)))   # forest north, meadows E, S, W
    # the meadow touching the T61 side (west) is taken; the two others are free
    assert {m.notation for m in GAME.legal_moves(state, BLUE)} == {"gatherer n", "hunter e", "hunter s", "none"}
    hunters = [m for m in GAME.legal_moves(state, BLUE) if m.data[1] == "hunter"]
    for m in hunters:
        node = state.board.node(state.current, m.data[2])
        assert state.board.find(node) != state.board.find(state.board.node(a, 0))
    assert len(hunters) == 2


def test_no_figure_step_without_figures_and_supply_is_respected():
    state = blank()
    put(state, "T37", 0, 0, 2)
    state.men[RED], state.huts[RED] = 0, 0
    hand(state, RED, "T35")
    state, _ = GAME.apply(state, move(state, ("place", 0, 1, 3)))
    assert state.phase == "place" and state.turn == BLUE   # straight to the next turn


def test_huts_one_per_river_system_and_never_blocked_by_fishers():
    """Rulebook: huts and fishers do not hinder each other; a lake fed by a
    single river ends a system."""
    state = blank()
    a = put(state, "T13", 0, 0)            # lake fed by four rivers, 2 fish
    figure(state, RED, "fisher", a, 1)     # fisher on the north river
    hand(state, BLUE, "T50")               # straight river
    state, _ = GAME.apply(state, move(state, ("place", 0, -1, 0)))
    notations = {m.notation for m in GAME.legal_moves(state, BLUE)}
    assert "hut ns" in notations and "fisher ns" not in notations
    state, _ = GAME.apply(state, GAME.parse(state, BLUE, "hut ns"))
    # the same system (through the lake) is now closed to huts, also on the east side
    hand(state, RED, "T50")
    state, _ = GAME.apply(state, move(state, ("place", 1, 0, 1)))
    notations = {m.notation for m in GAME.legal_moves(state, RED)}
    assert not any(n.startswith("hut") for n in notations)
    assert "fisher ew" in notations


def test_separate_river_systems_each_take_a_hut():
    """Rulebook picture: the left system is Blue's, the right one Red's."""
    state = blank()
    a = put(state, "T17", 0, 0)            # two separate river curves on one tile
    figure(state, BLUE, "hut", a, 1)       # on the N-E curve
    hand(state, RED, "T50")
    state, _ = GAME.apply(state, move(state, ("place", 0, 1, 0)))   # continues the S-W curve
    assert "hut ns" in {m.notation for m in GAME.legal_moves(state, RED)}


# ------------------------------------------------------------------ rivers


def test_river_of_three_parts_between_lakes_of_1_and_2_fish_scores_6():
    state = blank()
    put(state, "T57", 0, 0, 2)             # lake with 2 fish, river leaving south
    b = put(state, "T50", 0, 1, 0)         # straight river
    figure(state, RED, "fisher", b, 1)
    hand(state, RED, "T59")                # river from the north into a lake with 1 fish
    state, texts = play_tile(state, 0, 2, 0)
    assert state.scores[RED] == 6
    assert any("river (3 parts, 3 fish)" in t for t in texts)
    assert state.men[RED] == MEN           # the fisher went home


def test_river_completed_by_another_player_scores_for_the_fisher():
    """Blue lays a tile to grow his forest; it closes Red's river: Red 3 (2 parts, 1 fish)."""
    state = blank()
    a = put(state, "T59", 0, 0, 2)         # lake with 1 fish, river leaving south
    figure(state, RED, "fisher", a, 1)
    put(state, "T62", -1, 0)
    c = put(state, "T37", -1, 1, 1)        # Blue's forest, open to the east
    figure(state, BLUE, "gatherer", c, 0)
    hand(state, BLUE, "T66")               # river ending at a spring, forest
    state, _ = play_tile(state, 0, 1, 2)
    assert state.scores == [3, 0]
    assert state.men == [MEN, MEN - 1]     # Blue's forest is still open


def test_placing_a_fisher_on_the_closing_tile_scores_and_returns_it_at_once():
    state = blank()
    put(state, "T57", 0, 0, 2)
    hand(state, RED, "T59")
    state, _ = play_tile(state, 0, 1, 0, ("fisher", 1))
    assert state.scores[RED] == 2 + 3 and state.men[RED] == MEN
    assert not state.figures


def test_a_river_loop_is_complete():
    state = blank()
    put(state, "T15", 0, 0, 0)             # curve E-S
    put(state, "T16", 1, 0, 1)             # curve S-W
    c = put(state, "T18", 1, 1, 2)         # curve W-N
    figure(state, RED, "fisher", c, 1)
    hand(state, RED, "T19")
    state, _ = play_tile(state, 0, 1, 3)   # curve N-E closes the ring
    assert state.scores[RED] == 4          # four parts, no lake


# ------------------------------------------------------------------ forests


def forest_row(state: State, names: list[str], y: int = 0) -> list[int]:
    """A row of forest tiles joined east-west; ends are single-side forests."""
    out = []
    for i, name in enumerate(names):
        rot = {"T37": 1 if i == 0 else 3}.get(name, 0)
        out.append(put(state, name, i, y, rot))
    return out


def test_forest_of_two_parts_scores_4():
    state = blank()
    a = put(state, "T37", 0, 0, 2)
    figure(state, RED, "gatherer", a, 0)
    hand(state, RED, "T37")
    state, texts = play_tile(state, 0, 1, 0)
    assert state.scores[RED] == 4 and any("forest (2 parts)" in t for t in texts)
    assert state.turn == BLUE              # no nugget: no bonus tile


def test_forest_of_five_parts_scores_10_and_its_nugget_gives_the_placer_a_bonus_tile():
    """Rulebook 'En bref': Red's gatherer scores; Blue closed it, Blue draws the bonus tile."""
    state = blank()
    a, *_ = forest_row(state, ["T37", "T38", "T39", "T38"])
    figure(state, RED, "gatherer", a, 0)
    hand(state, BLUE, "T37")
    bonus_before = len(state.bonus)
    state, texts = play_tile(state, 4, 0, 3)
    assert state.scores == [10, 0]
    assert state.turn == BLUE and state.in_bonus and state.phase == "place"
    assert len(state.bonus) + len(state.removed) == bonus_before - 1
    assert any("gold nugget" in t for t in texts)


def test_two_tied_gatherers_both_score_10():
    state = blank()
    a, b, _c, _d = forest_row(state, ["T37", "T38", "T39", "T38"])
    figure(state, RED, "gatherer", a, 0)
    figure(state, BLUE, "gatherer", b, 1)
    hand(state, RED, "T37")
    state, texts = play_tile(state, 4, 0, 3)
    assert state.scores == [10, 10]
    assert any("score 10 points each" in t for t in texts)
    assert state.men == [MEN, MEN]


def test_merged_forest_majority_scores_12_alone():
    """A tile joins forests held by Red (2 gatherers) and Blue (1): Red alone scores 12."""
    state = blank()
    a = put(state, "T37", 0, 0, 1)
    b = put(state, "T38", 1, 0)
    d = put(state, "T38", 3, 0)
    put(state, "T39", 4, 0)
    put(state, "T37", 5, 0, 3)
    figure(state, RED, "gatherer", a, 0)
    figure(state, RED, "gatherer", b, 1)
    figure(state, BLUE, "gatherer", d, 1)
    hand(state, BLUE, "T39")
    state, _ = play_tile(state, 2, 0, 0)
    assert state.scores == [12, 0]
    assert state.men == [MEN, MEN]


def test_mushroom_clearing_adds_2():
    state = blank()
    a = put(state, "T37", 0, 0, 2)         # forest south
    figure(state, RED, "gatherer", a, 0)
    put(state, "T37", 1, 1, 3)             # forest west, waiting east of the gap
    hand(state, RED, "mushrooms", bonus=True)   # forest E+S; turned 3 quarter turns: N+E
    state, _ = play_tile(state, 0, 1, 3)
    assert state.scores[RED] == 2 * 3 + 2


def test_bonus_tile_completing_a_nugget_forest_gives_no_second_bonus():
    state = blank()
    forest_row(state, ["T37", "T38"])      # forest A, open to the east
    put(state, "T37", 5, 0, 1)
    put(state, "T38", 6, 0)                # forest B, open to the east of (6,0)
    state.bonus = [BY_NAME["plain-T90"], BY_NAME["plain-T82"]]
    state.rng = Rng(3)
    hand(state, RED, "T37")
    state, _ = play_tile(state, 2, 0, 3)   # closes A: bonus tile
    assert state.in_bonus and state.turn == RED
    if state.hand != BY_NAME["plain-T90"]:
        state.bonus, state.hand = [state.hand], BY_NAME["plain-T90"]
    state, texts = play_tile(state, 7, 0, 1)   # the bonus tile's forest closes B (nugget)
    assert state.turn == BLUE and not state.in_bonus
    assert len(state.bonus) == 1
    assert not any("draws a bonus" in t for t in texts)


def test_no_bonus_tile_when_the_stack_is_empty():
    state = blank()
    forest_row(state, ["T37", "T38"])
    state.bonus = []
    hand(state, RED, "T37")
    state, texts = play_tile(state, 2, 0, 3)
    assert state.turn == BLUE and any("bonus tiles are all used" in t for t in texts)


def test_figure_returned_by_the_landscape_tile_can_go_on_the_bonus_tile():
    state = blank()
    forest_row(state, ["T37", "T38"])
    state.men[RED] = 1
    hand(state, RED, "T37")
    state, _ = play_tile(state, 2, 0, 3, ("gatherer", 0))
    assert state.scores[RED] == 6 and state.men[RED] == 1 and state.in_bonus


# ------------------------------------------------------------------ final scoring


def test_final_scoring_of_the_four_meadows():
    """Rulebook: meadow 1 Green 2; meadow 2 Yellow and Red 2 each (the tiger eats
    the deer); meadow 3 Red alone 8; meadow 4 Blue 0 (two tigers, one deer)."""
    state = blank(4)
    m1 = put(state, "T62", 0, 0)                       # 1 deer
    figure(state, GREEN, "hunter", m1, 0)
    m2a = put(state, "T61", 10, 0)                     # mammoth
    m2b = put(state, "T37", 11, 0, 1)                  # deer, its forest facing east
    put(state, "T65", 10, 1, 2)                        # tiger, meadow facing north
    figure(state, YELLOW, "hunter", m2a, 0)
    figure(state, RED, "hunter", m2b, 1)
    m3a = put(state, "T35", 19, 0, 2)                  # mammoth
    m3b = put(state, "plain-T90", 20, 0)               # mammoth + aurochs (a bonus tile)
    put(state, "T38", 21, 0, 3)                        # deer, in the meadow facing west
    put(state, "T41", 20, -1)                          # deer
    put(state, "T31", 19, 1, 2)                        # tiger
    figure(state, RED, "hunter", m3a, 0)
    figure(state, RED, "hunter", m3b, 0)
    figure(state, BLUE, "hunter", m3b, 0)
    m4 = put(state, "T44", 30, 0)                      # deer
    put(state, "T31", 30, 1, 2)                        # tiger
    put(state, "T18", 29, 1, 2)                        # tiger
    figure(state, BLUE, "hunter", m4, 2)
    final_scoring(state)
    assert state.scores == [2 + 8, 0, 2, 2]


def test_meadow_animal_counts_for_the_example():
    """The four meadows above really hold the rulebook's animals."""
    from rules.carcassonne_hg.scoring import feature_value
    state = blank(4)
    put(state, "T61", 10, 0)
    b = put(state, "T37", 11, 0, 1)
    put(state, "T65", 10, 1, 2)
    v = feature_value(state.board, state.board.find(state.board.node(b, 1)))
    assert (v["deer"], v["mammoth"], v["tiger"]) == (1, 1, 1)
    state = blank(4)
    put(state, "T35", 19, 0, 2)
    b = put(state, "plain-T90", 20, 0)
    put(state, "T38", 21, 0, 3)
    put(state, "T41", 20, -1)
    put(state, "T31", 19, 1, 2)
    v = feature_value(state.board, state.board.find(state.board.node(b, 0)))
    assert (v["deer"], v["mammoth"], v["aurochs"], v["tiger"]) == (2, 2, 1, 1)


def test_huts_score_the_fish_of_their_river_system():
    """Rulebook: Blue's hut scores 5 (5 fish) at the end, open system or not."""
    state = blank()
    a = put(state, "T13", 0, 0)            # 2 fish, rivers N E S W
    put(state, "T09", 1, 0, 2)             # 2 fish, rivers S W N (turned): joins through the west river
    put(state, "T59", 0, 1, 0)             # 1 fish, a lake fed by one river: the system stops there
    figure(state, BLUE, "hut", a, 8)
    final_scoring(state)
    assert state.scores == [0, 5]


def test_hut_majority_and_ties():
    state = blank(3)
    a = put(state, "T13", 0, 0)
    b = put(state, "T50", 0, -1)
    c = put(state, "T50", 0, 1)
    figure(state, RED, "hut", a, 8)
    figure(state, RED, "hut", b, 1)
    figure(state, BLUE, "hut", c, 1)
    final_scoring(state)
    assert state.scores == [2, 0, 0]


def test_fire_scares_the_tigers_away():
    state = blank()
    a = put(state, "T62", 0, 0)            # deer
    put(state, "fire", 1, 0)               # fire and a tiger
    put(state, "T65", 2, 0, 1)             # tiger
    figure(state, RED, "hunter", a, 0)
    final_scoring(state)
    assert state.scores[RED] == 2          # the deer survives both tigers


def test_shrine_hunter_scores_the_meadow_alone():
    state = blank()
    a = put(state, "T62", 0, 0)            # deer
    b = put(state, "T61", 0, 1)            # mammoth
    s = put(state, "shrine", 1, 0, 0)      # meadow N and W, tiger
    figure(state, BLUE, "hunter", a, 0)
    figure(state, BLUE, "hunter", b, 0)
    figure(state, RED, "hunter", s, 0)
    final_scoring(state)
    # deer eaten by the shrine's tiger; the mammoth scores 2, for Red alone
    assert state.scores == [2, 0]


def test_unfinished_forests_and_rivers_score_nothing_at_the_end():
    state = blank()
    a = put(state, "T37", 0, 0, 2)
    b = put(state, "T50", 5, 5)
    figure(state, RED, "gatherer", a, 0)
    figure(state, BLUE, "fisher", b, 1)
    final_scoring(state)
    assert state.scores == [0, 0] and state.men == [MEN, MEN] and not state.figures


def test_game_ends_when_the_last_land_tile_is_placed_even_with_bonus_tiles_left():
    state = blank()
    put(state, "T37", 0, 0, 2)
    state.land = []
    hand(state, RED, "T37")
    state, texts = play_tile(state, 0, 1, 0)
    assert state.phase == "over" and GAME.to_act(state) == [] and state.bonus
    assert GAME.result(state).scores == state.scores


def test_last_land_tile_still_gets_its_bonus_tile():
    state = blank()
    forest_row(state, ["T37", "T38"])
    state.land = []
    hand(state, RED, "T37")
    state, _ = play_tile(state, 2, 0, 3)
    assert state.phase == "place" and state.in_bonus
    spot = GAME.legal_moves(state, RED)[0]
    state, _ = GAME.apply(state, spot)
    if state.phase == "figure":
        state, _ = GAME.apply(state, GAME.parse(state, RED, "none"))
    assert state.phase == "over"


# ------------------------------------------------------------------ playouts


def check_invariants(game_state_list):
    def check(state: State) -> None:
        b = state.board
        # every tile exactly once: placed, in a stack, removed or in hand
        seen = Counter(t for t, *_ in b.placed[1:]) + Counter(state.land) + Counter(state.bonus) \
            + Counter(state.removed) + Counter([state.hand] if state.hand >= 0 else [])
        assert seen == Counter(deck("land")) + Counter(deck("bonus"))
        # every edge matches its neighbour
        for tile_id, x, y, rot in b.placed:
            for side, (dx, dy) in enumerate(DELTA):
                other = b.at.get((x + dx, y + dy))
                if other is not None:
                    ot, _, _, orot = b.placed[other]
                    assert TILES[tile_id].rot_edges[rot][side] == TILES[ot].rot_edges[orot][(side + 2) % 4]
        # figures conserved
        for s in range(state.seats):
            assert state.men[s] + sum(1 for f in state.figures if f[0] == s and f[1] != "hut") == MEN
            assert state.huts[s] + sum(1 for f in state.figures if f[0] == s and f[1] == "hut") == HUTS
        # scores never decrease
        previous = game_state_list[-1] if game_state_list else [0] * state.seats
        assert all(a >= b_ for a, b_ in zip(state.scores, previous))
        game_state_list.append(list(state.scores))
        # no feature holds more than one figure of a role unless merged (placement was legal)
        if state.phase == "over":
            assert not any(f[1] in ("fisher", "gatherer") for f in state.figures)
    return check


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_the_invariants(players, seeds):
    for seed in seeds:
        history: list = []
        out = random_playout(GAME, players, seed, check=[check_invariants(history)])
        assert out.finished
        state = out.state
        assert not state.land and state.phase == "over"
        assert len(state.board.placed) - 1 + len(state.removed) >= 78


def test_public_view_hides_the_stack_order(seeds):
    """The only secret is the RNG (which tile comes next): the public view is the
    same whatever the RNG holds, and never shows it."""
    for seed in seeds:
        out = random_playout(GAME, 3, seed, max_moves=40)
        state = out.state
        other = state.copy()
        other.rng = Rng(state.rng.state ^ 0xDEADBEEF, state.rng.draws)
        assert GAME.view(state, None) == GAME.view(other, None)
        assert GAME.status_text(state) == GAME.status_text(other)
        text = json.dumps(GAME.view(state, None))
        assert str(state.rng.state) not in text and "rng" not in text


def test_draws_are_reveals():
    state = GAME.setup(2, 5, {})
    while state.phase != "over":
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        m = moves[0] if moves[0].data[0] == "place" else moves[-1]
        before = state.rng.draws
        state, events = GAME.apply(state, m)
        if state.rng.draws != before and state.phase != "over":
            assert any(e.reveal for e in events)
        if state.phase == "over":
            break


def test_clone_matches_json_round_trip():
    out = random_playout(GAME, 4, 9, max_moves=60)
    state = out.state
    assert GAME.dump(state.copy()) == GAME.dump(state)
    assert GAME.dump(GAME.load(GAME.dump(state))) == GAME.dump(state)


def test_whole_turn_in_one_command_equals_the_two_steps():
    state = blank()
    a = put(state, "T57", 0, 0, 2)
    hand(state, RED, "T50")
    spot = next(m for m in GAME.legal_moves(state, RED) if m.data == ("place", 0, 1, 0))
    combined = GAME.parse(state, RED, f"{spot.notation} fisher ns")
    one, _ = GAME.apply(state, combined)
    two, _ = GAME.apply(state, spot)
    two, _ = GAME.apply(two, GAME.parse(two, RED, "fisher ns"))
    assert GAME.dump(one) == GAME.dump(two)
    assert GAME.parse(state, RED, combined.notation) == combined      # replays parse it again
    with pytest.raises(IllegalMove, match="no place for a gatherer"):
        GAME.parse(state, RED, f"{spot.notation} gatherer zz")
    assert a == 0


def test_whole_turn_with_none_when_no_figure_step_arises():
    state = blank()
    put(state, "T37", 0, 0, 2)
    state.men[RED], state.huts[RED] = 0, 0
    hand(state, RED, "T35")
    spot = next(m for m in GAME.legal_moves(state, RED) if m.data == ("place", 0, 1, 3))
    assert GAME.parse(state, RED, f"{spot.notation} none") == spot
    with pytest.raises(IllegalMove, match="No figure can go"):
        GAME.parse(state, RED, f"{spot.notation} hunter e")


def test_feature_graph_matches_a_recount_from_scratch(seeds):
    """The incremental union-find agrees with a plain flood fill over the ports."""
    from rules.carcassonne_hg.data import facing_port
    for seed in seeds:
        state = random_playout(GAME, 2, seed, max_moves=90).state
        b = state.board
        links: dict[int, set[int]] = {n: set() for n in range(len(b.parent))}
        open_ports: dict[int, int] = {n: 0 for n in range(len(b.parent))}
        for index, (tile_id, x, y, rot) in enumerate(b.placed):
            tile = TILES[tile_id]
            for port, z in enumerate(tile.port_zone[rot]):
                dx, dy = DELTA[port // 3]
                other = b.at.get((x + dx, y + dy))
                node = b.node(index, z)
                if other is None:
                    if port % 3 == 1 and tile.zones[z].kind in ("forest", "river"):
                        open_ports[node] += 1
                    continue
                ot, _ox, _oy, orot = b.placed[other]
                links[node].add(b.node(other, TILES[ot].port_zone[orot][facing_port(port)]))
        seen: set[int] = set()
        group_roots: list[int] = []
        for start in links:
            if start in seen:
                continue
            group, todo = {start}, [start]
            while todo:
                for nxt in links[todo.pop()]:
                    if nxt not in group:
                        group.add(nxt)
                        todo.append(nxt)
            seen |= group
            roots = {b.find(n) for n in group}
            assert len(roots) == 1
            root = roots.pop()
            group_roots.append(root)
            assert b.open[root] == sum(open_ports[n] for n in group)
        assert len(group_roots) == len(set(group_roots))      # nothing merged that is not joined
