"""The First Sparks: every worked example of the rulebook, the buying
phase's answers, the 2-player and 6-player changes, the end, secrecy of
Fire food and of the deck, and invariants over playouts."""

from __future__ import annotations

import json

import pytest

from rules.core import IllegalMove, Rng, random_playout
from rules.first_sparks import GAME
from rules.first_sparks.board import build, connected, layout
from rules.first_sparks.data import CARDS, DATA, SHUFFLE, TOKEN_COUNT, kind, table_take
from rules.first_sparks.queries import (
    MAX_MEMBERS,
    board_of,
    knows,
    order_by_size,
    restock_amounts,
    tool_limit,
    tools_of,
)
from rules.first_sparks.state import State

FIRE, PLOUGH, WORKS, PALAVER, INTELLIGENCE = 9, 18, 21, 24, 28
LAYOUT = {"map": "layout"}


# ------------------------------------------------------------------ helpers


def at_round(n: int, tiles=None, members=None, cards=None, food=None, order=None, seed: int = 1) -> State:
    """A state at the start of phase 1 with the given pieces (the rest as set up)."""
    state = GAME.setup(n, seed, LAYOUT)
    if tiles:
        state.tiles = [list(p) for p in layout(tiles)]
    for clan, regs in (members or {}).items():
        state.members[clan] = sorted(regs)
        state.placed[clan] = len(regs)
    for seat, cs in (cards or {}).items():
        state.cards[seat] = sorted(cs)
    for seat, f in (food or {}).items():
        state.ledger[0] += f - state.food[seat]
        state.food[seat] = f
    state.order = list(order) if order else list(range(n))
    state.phase, state.queue = "buy", []
    GAME.start_round(state, [])
    return state


def play(state: State, text: str, seat: int | None = None) -> State:
    seat = GAME.to_act(state)[0] if seat is None else seat
    new, _ = GAME.apply(state, GAME.parse(state, seat, text))
    return new


def regions_of(board, food: str) -> list[int]:
    return [r for r in range(1, board.regions + 1) if board.food_of(r) == food]


def at_expansion(state: State, seat: int) -> State:
    state.phase, state.queue, state.placed_now, state.neutral_due = "expand", [seat], 0, 0
    return state


# ------------------------------------------------------------ card examples


def test_basket_table_example():
    """Basket: 1 berry with 3 or fewer on the bush, 2 with 4 to 6, 3 with 7 or more."""
    assert kind(22) == "basket"
    assert [table_take(22, k) for k in range(1, 11)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]


def test_christian_loses_two_of_eight_food_to_spoilage():
    state = at_round(3, food={0: 8, 1: 8, 2: 9}, cards={1: [2, FIRE]})
    GAME.end_buying(state, [])
    assert state.food == [6, 8, 6]  # seat 1 knows Fire and keeps everything


def test_spoilage_happens_after_everyone_passed():
    state = at_round(3, food={0: 8, 1: 1, 2: 1})
    _, events = GAME.apply(state, GAME.parse(state, 0, "pass"))
    assert any("{p0} loses 2 spoiled food" in e.text for e in events)


def _valley_board():
    board = build(("A", "B", "C"))
    valleys = regions_of(board, "mammoth")
    grounds = sorted({board.ground_of(r) for r in valleys})
    assert len(grounds) == 2
    one = next(r for r in valleys if board.ground_of(r) == grounds[0])
    other = next(r for r in valleys if board.ground_of(r) == grounds[1])
    return one, other


@pytest.mark.parametrize("valleys,on_space,expected", [(1, 4, 2), (1, 3, 1), (2, 3, 2), (2, 2, 1)])
def test_mammoth_spear_example(valleys, on_space, expected):
    """The spear takes 2 mammoths from 4 on the valley space; next to two
    different valleys it counts one virtual mammoth, so 3 are enough."""
    one, other = _valley_board()
    members = [one, other][:valleys]
    state = at_round(3, tiles=("A", "B", "C"), members={0: members}, cards={0: [20]}, food={0: 0})
    state.spaces["mammoth"] = on_space
    GAME.hunt(state, 0, [20], [])
    assert state.spaces["mammoth"] == on_space - expected
    assert state.food[0] == 4 * expected - len(members)


def test_christian_hunts_fish_but_no_berries_and_gets_his_herbs():
    board = build(("A", "B", "C"))
    lake = regions_of(board, "fish")[0]
    bush = regions_of(board, "berry")[0]
    state = at_round(3, tiles=("A", "B", "C"), members={0: [lake, bush]}, cards={0: [3, 19]}, food={0: 0})
    state.spaces.update(fish=3, berry=9)
    events = []
    GAME.hunt(state, 0, [19], events)
    assert state.spaces == {**state.spaces, "fish": 1, "berry": 9}
    assert state.food[0] == 2 * 3 + 1 - 2  # two fish and one crop, minus two members fed
    assert "1 crop, 2 fish" in events[0].text


def test_plough_adds_one_crop_per_field_but_not_to_herbs():
    state = at_round(3, members={0: []}, cards={0: [1, 8, 13, PLOUGH]}, food={0: 0})
    GAME.hunt(state, 0, [], [])
    assert state.food[0] == 1 + (2 + 1) + (3 + 1)


def test_two_tools_of_one_type_in_the_chosen_order():
    board = build(("A", "B", "C"))
    bush = regions_of(board, "berry")[0]
    state = at_round(3, tiles=("A", "B", "C"), members={0: [bush]}, cards={0: [7, 22]}, food={0: 0})
    state.spaces["berry"] = 6
    moves = {m.notation: m for m in GAME.legal_moves(_to_hunt(state, 0), 0)}
    # #7 first takes 2 (6 on the bush), then #22 takes 2 of 4: 4; the other way 2 then 1: 3
    assert set(moves) == {"hunt 7>22", "hunt 22>7"}
    after, _ = GAME.apply(state, moves["hunt 7>22"])
    assert after.spaces["berry"] == 2 and after.food[0] == 8 - 1


def _to_hunt(state: State, seat: int) -> State:
    state.phase, state.queue, state.done = "hunt", [seat], list(range(state.n))
    return state


# ------------------------------------------------------------- expansion


def _mountain_path(board):
    """(x, y, z): x–y touch without a mountain, y–z across one, z not next to x."""
    for x in range(1, board.regions + 1):
        for y, m in board.adjacent(x):
            if m:
                continue
            for z, m2 in board.adjacent(y):
                if m2 and z != x and z not in [r for r, _ in board.adjacent(x)]:
                    return x, y, z
    raise LookupError


def test_expansion_example_a_two_empty_regions_cost_three():
    board = build(("A", "B", "C"))
    x, y, _ = _mountain_path(board)
    w = next(r for r, m in board.adjacent(y) if not m and r != x)
    state = at_expansion(at_round(3, tiles=("A", "B", "C"), members={0: [x]}, food={0: 10}), 0)
    state = play(state, str(y))
    state = play(state, str(w))
    assert state.food[0] == 10 - 3
    assert state.members[0] == sorted([x, y, w])


def test_expansion_example_b_occupied_then_across_mountains_cost_six():
    board = build(("A", "B", "C"))
    x, y, z = _mountain_path(board)
    state = at_expansion(at_round(3, tiles=("A", "B", "C"), members={1: [x], 2: [y]}, food={1: 10}), 1)
    labels = {m.notation: m.label for m in GAME.legal_moves(state, 1)}
    assert labels[str(y)].endswith("(costs 3)")  # 1 + 2 for being the second clan there
    state = play(state, str(y))
    state = play(state, str(z))  # 2 + 1 for the mountain
    assert state.food[1] == 10 - 6


def test_palaver_costs_one_less_in_occupied_regions_and_third_clan_pays_three():
    board = build(("A", "B", "C"))
    x, y, _ = _mountain_path(board)
    state = at_expansion(at_round(3, tiles=("A", "B", "C"), members={0: [x], 1: [y], 2: [y]},
                                  cards={0: [1, PALAVER]}, food={0: 10}), 0)
    labels = {m.notation: m.label for m in GAME.legal_moves(state, 0)}
    assert labels[str(y)].endswith("(costs 3)")  # 1 + (3 - 1)
    state.cards[0] = [1]
    labels = {m.notation: m.label for m in GAME.legal_moves(state, 0)}
    assert labels[str(y)].endswith("(costs 4)")  # 1 + 3 for being the third clan


def test_at_most_five_new_members_a_round_and_fifteen_in_all():
    state = at_expansion(at_round(6, members={0: [1], 1: [30]}, food={0: 99, 1: 9}, seed=3), 0)
    board = board_of(state)
    state.queue = [0, 1]
    for _ in range(5):
        assert GAME.to_act(state) == [0]
        state = play(state, GAME.legal_moves(state, 0)[0].notation)
    assert state.size(0) == 6 and state.food[0] <= 99 - 15  # 1+2+3+4+5, plus any mountain
    assert GAME.to_act(state) == [1]  # the sixth is refused: the turn passed on
    group = _grow_group(board, 14)
    state = at_expansion(at_round(6, members={0: group}, food={0: 99}, seed=3), 0)
    state = play(state, GAME.legal_moves(state, 0)[0].notation)
    assert state.size(0) == MAX_MEMBERS
    assert state.ending


def _grow_group(board, size: int) -> list[int]:
    group = [1]
    while len(group) < size:
        group.append(next(n for r in group for n, _ in board.adjacent(r) if n not in group))
    return sorted(group)


def test_unreachable_or_unaffordable_regions_are_refused_politely():
    board = build(("A", "B", "C"))
    x, y, _ = _mountain_path(board)
    far = next(r for r in range(1, board.regions + 1) if r != x and r not in [n for n, _ in board.adjacent(x)])
    state = at_expansion(at_round(3, tiles=("A", "B", "C"), members={0: [x]}, food={0: 1}), 0)
    with pytest.raises(IllegalMove, match="not next to your clan"):
        GAME.parse(state, 0, str(far))
    state.food[0] = 0
    state = at_expansion(state, 0)
    with pytest.raises(IllegalMove):
        GAME.parse(state, 0, str(y))


# ------------------------------------------------------------- turn order


def test_turn_order_after_placement_example():
    """Christian (herbs 3), Angelika (2), Steffi (1); only Angelika places a
    second member: Angelika, Christian, Steffi."""
    christian, angelika, steffi = 0, 1, 2
    state = GAME.setup(3, 5, LAYOUT)
    state.cards = [[3], [2], [1]]
    state.order = [christian, angelika, steffi]
    state.queue = [steffi, angelika, christian]
    for seat in (steffi, angelika, christian):
        state = play(state, GAME.legal_moves(state, seat)[0].notation, seat)
    assert state.phase == "second" and state.queue == [christian, angelika, steffi]
    state = play(state, "none", christian)
    second = next(m for m in GAME.legal_moves(state, angelika) if m.data[0] == "place")
    state = play(state, second.notation, angelika)
    state = play(state, "none", steffi)
    assert state.order == [angelika, christian, steffi]
    assert state.phase == "buy" and state.round == 1


def test_turn_order_phase_four_example():
    """Angelika 6 members, Steffi and Christian 7; Steffi has #18, Christian only #15."""
    angelika, steffi, christian = 0, 1, 2
    board = build(("A", "B", "C"))
    state = at_round(3, tiles=("A", "B", "C"), members={angelika: _grow_group(board, 6),
                                                         steffi: _grow_group(board, 7),
                                                         christian: _grow_group(board, 7)},
                     cards={angelika: [3, 14], steffi: [1, 18], christian: [2, 15]})
    assert order_by_size(state) == [steffi, christian, angelika]


def test_intelligence_steps_back_one_place_at_once_and_in_phase_four():
    state = at_round(3, cards={0: [1], 1: [2], 2: [3]}, order=[0, 1, 2], food={0: 30, 1: 20, 2: 20})
    state.market = [INTELLIGENCE, 30, 31, 32, 33, 34, 35, 36]
    state = play(state, f"offer {INTELLIGENCE}", 0)
    state = play(state, "decline", 1)
    state = play(state, "decline", 2)
    assert INTELLIGENCE in state.cards[0]
    assert state.order == [1, 0, 2]  # at once, one place back
    assert GAME.to_act(state) == [1]
    # phase 4: all clans the same size; by cards 0 (#28) would lead, Intelligence puts it second
    assert order_by_size(state) == [2, 0, 1]


# ------------------------------------------------------------- restocking


def test_restock_example_four_players():
    amounts = restock_amounts(4, {"berry": 3, "fish": 2, "bear": 2, "mammoth": 1})
    assert amounts == {"berry": 7, "fish": 4, "bear": 3, "mammoth": 2}


def test_restock_example_three_players_setup():
    amounts = restock_amounts(3, {"berry": 2, "fish": 1, "bear": 1, "mammoth": 2})
    assert amounts == {"berry": 5, "fish": 3, "bear": 2, "mammoth": 3}


def test_the_rulebook_boards_exist():
    """Three basic tiles can give the 3-player example board, and four tiles
    of the 4-player pile the 4-player example board."""
    assert build(("A", "B", "C")).ground_counts() == {"berry": 2, "fish": 1, "bear": 1, "mammoth": 2}
    assert build(("A", "C", "D", "E")).ground_counts() == {"berry": 3, "fish": 2, "bear": 2, "mammoth": 1}


def test_bureaucracy_restocks_by_table_and_grounds_and_removes_the_highest_card():
    state = at_round(4, tiles=("A", "C", "D", "E"))
    state.spaces = {"berry": 0, "fish": 0, "bear": 0, "mammoth": 0}
    highest = max(state.market)
    top = state.deck[0]
    GAME.bureaucracy(state, [])
    assert state.spaces == {"berry": 7, "fish": 4, "bear": 3, "mammoth": 2}
    assert highest == state.deck[-1] and highest not in state.market
    assert top in state.market and len(state.market) == 8


def test_restock_stops_when_the_supply_runs_out():
    state = at_round(4, tiles=("A", "C", "D", "E"))
    state.spaces = {"berry": 16, "fish": 0, "bear": 0, "mammoth": 11}
    GAME.bureaucracy(state, [])
    assert state.spaces["berry"] == TOKEN_COUNT["berry"] and state.spaces["mammoth"] == TOKEN_COUNT["mammoth"]


# ------------------------------------------------------------ the market


def test_set_up_market_deck_and_removed_cards():
    for n, removed in [(3, 6), (4, 3), (5, 0), (6, 0)]:
        state = GAME.setup(n, 11, {})
        assert state.market == list(range(7, 15))
        assert state.deck[-1] == SHUFFLE
        assert len(state.box) == removed
        assert len(state.deck) == 35 - 8 - removed + 1
    assert GAME.setup(6, 11, {}).deck[0] == 15
    two = GAME.setup(2, 11, {})
    assert two.market == [7, 8, 9, 12, 13, 14]
    assert set(two.box) >= {10, 11, 15, 20, 24, 26, 33, 39} and len(two.box) == 10
    assert GAME.view(two, None)["current"] == 3


def test_setup_food_herbs_order_and_spaces():
    state = GAME.setup(4, 2, LAYOUT)
    assert state.food == [7] * 4
    herbs = [c[0] for c in state.cards]
    assert sorted(herbs) == [1, 2, 3, 4]
    assert [herbs[s] for s in state.order] == [4, 3, 2, 1]
    assert state.spaces == {"berry": 4, "fish": 2, "bear": 3, "mammoth": 2}
    assert len(state.tiles) == 4 and "F" not in state.tiles
    assert len(GAME.setup(2, 2, LAYOUT).tiles) == 3 and len(GAME.setup(6, 2, LAYOUT).tiles) == 6


def test_bonus_grain_on_the_lowest_card_helps_pay_for_it():
    state = at_round(3, food={0: 2})
    assert state.bonus == 7 and CARDS[7]["price"] == 3
    state = play(state, "offer 7", 0)
    state = play(state, "decline")
    state = play(state, "decline")
    assert 7 in state.cards[0] and state.food[0] == 0


def test_farthest_player_who_wants_the_card_buys_it():
    state = at_round(4, food={0: 20, 1: 20, 2: 20, 3: 20})
    state = play(state, "offer 9", 0)
    assert GAME.to_act(state) == [1]
    assert [m.notation for m in GAME.legal_moves(state, 1)] == ["buy", "decline"]
    state = play(state, "buy", 1)
    state = play(state, "decline", 2)
    state = play(state, "buy", 3)
    assert 9 in state.cards[3] and 9 not in state.cards[1]
    assert state.food[3] == 20 - CARDS[9]["price"]
    # the proposer offers again; seat 3 is done for the round and is not asked
    assert GAME.to_act(state) == [0]
    state = play(state, "offer 8", 0)
    assert GAME.to_act(state) == [1]
    state = play(state, "decline", 1)
    state = play(state, "decline", 2)
    assert 8 in state.cards[0]
    assert GAME.to_act(state) == [1]


def test_a_player_who_passed_cannot_buy_later():
    state = at_round(3, food={0: 20, 1: 20, 2: 20}, order=[0, 1, 2])
    state = play(state, "pass", 0)
    state = play(state, "offer 9", 1)
    assert GAME.to_act(state) == [2]
    state = play(state, "decline", 2)
    assert 9 in state.cards[1]


def test_knowledge_is_unique_and_costs_no_tool_slot():
    state = at_round(3, cards={0: [1, 9, 7, 8]}, food={0: 30, 1: 0, 2: 0})
    state.market = [12, 13, 14, 15, 16, 17, 19, 22]
    offers = [m.notation for m in GAME.legal_moves(state, 0)]
    assert "offer 15" not in offers  # already knows Fire
    state.cards[0] = [1, 7, 8]
    state = play(state, "offer 15", 0)
    assert state.drop is None and knows(state, 0, "fire")


def test_fourth_tool_must_be_given_up_works_allows_four():
    state = at_round(3, cards={0: [1, 11, 13]}, food={0: 30, 1: 0, 2: 0})
    state = play(state, "offer 10", 0)
    assert GAME.to_act(state) == [0] and state.drop == 0
    assert [m.notation for m in GAME.legal_moves(state, 0)] == ["drop 1", "drop 10", "drop 11", "drop 13"]
    state = play(state, "drop 1", 0)
    assert tools_of(state, 0) == [10, 11, 13] and 1 in state.box
    state = at_round(3, cards={0: [1, 11, 13, WORKS]}, food={0: 30, 1: 0, 2: 0})
    state = play(state, "offer 10", 0)
    assert state.drop is None and tool_limit(state, 0) == 4 and len(tools_of(state, 0)) == 4


def test_card_drawn_below_the_bonus_card_leaves_the_game():
    state = at_round(3, food={0: 30, 1: 0, 2: 0})
    state.market = [20, 21, 22, 23, 24, 25, 26, 27]
    state.bonus = state.bonus_rank = 20
    state.deck = [12, 30, SHUFFLE]
    state = play(state, "offer 22", 0)
    assert 12 in state.box and 12 not in state.market and len(state.market) == 7


def test_shuffle_card_is_drawn_as_the_highest_and_the_deck_is_shuffled():
    state = at_round(3, food={0: 30, 1: 30, 2: 30})
    state.deck = [SHUFFLE, 30, 31, 32, 33, 34, 35]
    state = play(state, "offer 8", 0)
    state = play(state, "decline")
    state = play(state, "decline")
    assert state.market[-1] == SHUFFLE
    assert sorted(state.deck) == [30, 31, 32, 33, 34, 35]


def test_unsold_bonus_card_is_discarded_at_the_end_of_phase_one():
    state = at_round(3, food={0: 0, 1: 0, 2: 0})
    top = state.deck[0]
    GAME.end_buying(state, [])
    assert 7 in state.box and 7 not in state.market and top in state.market
    assert state.market == sorted(state.market)


def test_shuffle_in_market_starts_stage_two():
    state = at_round(3)
    state.market = [12, 13, 14, 16, 17, 19, 22, SHUFFLE]
    GAME.bureaucracy(state, [])
    assert state.stage == 2 and state.market == [13, 14, 16, 17, 19, 22]
    assert {12, SHUFFLE} <= set(state.box)
    GAME.start_round(state, [])
    assert [m.notation for m in GAME.legal_moves(state, state.order[0])
            if m.notation.startswith("offer")] == [f"offer {c}" for c in [13, 14, 16, 17, 19, 22]
                                                    if CARDS[c]["price"] - (c == 13) <= state.food[state.order[0]]]
    before = list(state.market)
    GAME.bureaucracy(state, [])
    assert state.market == before  # no more removal of the highest card


# ------------------------------------------------------------- landscape


def test_players_lay_the_drawn_tiles_in_turn_order():
    state = GAME.setup(4, 6, {})
    assert state.phase == "build" and len(state.tiles) == 1 and len(state.pile) == 3
    builders = []
    while state.phase == "build":
        seat = GAME.to_act(state)[0]
        builders.append(seat)
        board = board_of(state)
        move = GAME.legal_moves(state, seat)[-1]
        state = play(state, move.notation, seat)
        new = build(tuple(tuple(p) for p in state.tiles))
        # the new tile touches the others: the first one at least, later ones two of them
        touching = {new.hex_tiles[new.region_hex[n - 1]] for h in (-2, -1)
                    for r in range(3 * (len(new.cells) + h) + 1, 3 * (len(new.cells) + h) + 4)
                    for n, _ in new.adjacent(r)} - {len(state.tiles) - 1}
        assert len(touching) >= (1 if len(state.tiles) == 2 else 2)
        assert new.regions == board.regions + 6
    assert builders == state.order[1:4]
    assert state.phase == "first" and len(state.tiles) == 4 and state.pile == []


def test_two_players_first_lays_two_tiles_second_the_third():
    state = GAME.setup(2, 6, {})
    first, second = state.order
    assert GAME.to_act(state) == [first]
    state = play(state, "1a", first)
    assert GAME.to_act(state) == [second]
    state = play(state, "1b", second)
    assert state.phase == "neutral" and len(state.tiles) == 3 and GAME.to_act(state) == [second]


def test_spot_variants_put_the_grounds_where_the_label_says():
    state = GAME.setup(3, 6, {})
    tile = state.pile[0]
    up, down = [t for t in DATA["tiles"] if t["id"] == tile][0]["grounds"]
    moves = {m.notation: m for m in GAME.legal_moves(state, GAME.to_act(state)[0])}
    words = {"bush": "berry", "lake": "fish", "forest": "bear", "valley": "mammoth"}
    assert moves["2a"].label == f"spot 2: {words[up]} above, {words[down]} below"
    for variant, (above, below) in (("2a", (up, down)), ("2b", (down, up))):
        after, _ = GAME.apply(state, moves[variant])
        board = board_of(after)
        (x1, y1), (x2, y2) = board.hex_centres[2:4]
        top, bottom = (2, 3) if y1 < y2 else (3, 2)
        assert (board.hex_grounds[top], board.hex_grounds[bottom]) == (above, below)


def test_the_layout_option_skips_the_building():
    state = GAME.setup(5, 6, LAYOUT)
    assert state.phase == "first" and len(state.tiles) == 5


# ------------------------------------------------------------- 2 players


def test_two_player_discard_example_takes_two_berries():
    """Christian is first and offers basket #22; Hedwig declines; Christian
    discards it and removes 2 of the 5 berries."""
    christian, hedwig = 0, 1
    state = at_round(2, food={christian: 20, hedwig: 20}, order=[christian, hedwig])
    state.market = [12, 13, 22, 23, 25, 27]
    state.spaces["berry"] = 5
    state = play(state, "offer 22", christian)
    state = play(state, "decline", hedwig)
    assert [m.notation for m in GAME.legal_moves(state, christian)] == ["take", "discard"]
    state = play(state, "discard", christian)
    assert state.spaces["berry"] == 3 and 22 in state.box and 22 not in state.cards[christian]
    assert state.food[christian] == 20
    # the second offer must be bought if Hedwig declines again
    state = play(state, "offer 12", christian)
    state = play(state, "decline", hedwig)
    assert 12 in state.cards[christian]


def test_neutral_clan_is_placed_first_and_grows_free_to_the_first_players_size():
    state = GAME.setup(2, 4, LAYOUT)
    second = state.order[1]
    assert state.phase == "neutral" and GAME.to_act(state) == [second]
    state = play(state, GAME.legal_moves(state, second)[0].notation)
    assert state.size(2) == 1 and state.phase == "first"
    board = board_of(state)
    first = state.order[0]
    group = _grow_group(board, 5)
    state = at_round(2, members={first: group, second: [36], 2: [group[0]]}, order=[first, second],
                     food={first: 0, second: 5}, seed=4)
    state.phase, state.queue = "expand", [second, first]
    GAME.start_expansion(state, [])
    assert state.neutral_due == 4 and GAME.to_act(state) == [second]
    moves = GAME.legal_moves(state, second)
    assert moves and all(m.notation.startswith("n") for m in moves)
    for _ in range(4):
        state = play(state, GAME.legal_moves(state, second)[0].notation, second)
    assert state.size(2) == 5 and state.food[second] == 5
    assert all(not m.notation.startswith("n") for m in GAME.legal_moves(state, second))


# ------------------------------------------------------------- feeding


def test_starving_members_leave_one_connected_group():
    board = build(("A", "B", "C"))
    x, y, _ = _mountain_path(board)
    line = [x, y]
    while len(line) < 4:
        line.append(next(n for n, _ in board.adjacent(line[-1]) if n not in line
                         and all(n not in [a for a, _ in board.adjacent(r)] for r in line[:-1])))
    state = at_round(3, tiles=("A", "B", "C"), members={0: line}, cards={0: []}, food={0: 2})
    state = _to_hunt(state, 0)
    GAME.hunt(state, 0, [], [])
    assert state.starve == 2 and state.food[0] == 0
    choices = sorted(m.data[1] for m in GAME.legal_moves(state, 0))
    assert choices == sorted([line[0], line[-1]])  # only the ends keep the rest together
    state = play(state, f"starve {line[0]}", 0)
    state = play(state, f"starve {line[1]}", 0)
    assert state.members[0] == sorted(line[2:]) and state.starved[0] == 2


# ------------------------------------------------------------- the end


def test_thirteenth_member_ends_the_game_after_phase_three():
    board = build(("A", "B", "C"))
    group = _grow_group(board, 12)
    state = at_round(3, tiles=("A", "B", "C"), members={0: group, 1: [18]}, food={0: 50, 1: 3, 2: 3})
    state = at_expansion(state, 0)
    state.queue = [0, 1]
    state = play(state, GAME.legal_moves(state, 0)[0].notation, 0)
    assert state.ending and state.phase == "expand"
    state = play(state, "done", 0)
    while GAME.to_act(state):
        state = play(state, "done")
    result = GAME.result(state)
    assert result.scores[0] == 13 and result.ranks[0] == 1


def test_ties_are_broken_by_food_left():
    state = at_round(3, members={0: [1, 2], 1: [4, 5], 2: [7]}, food={0: 3, 1: 5, 2: 9})
    state.phase = "over"
    assert GAME.result(state).ranks == [2, 1, 3]


# ------------------------------------------------------------- secrecy


def _policy(state: State, seat: int, moves, rng: Rng):
    """A sensible player, so that playouts reach the 13th member."""
    from rules.first_sparks.data import TOOL_FOOD
    from rules.first_sparks.queries import grounds_touched

    def useful(c):
        f = TOOL_FOOD.get(kind(c))
        return kind(c) in ("field", "fire", "plough", "works") or bool(f and grounds_touched(state, seat, f))

    if state.phase == "expand":
        neutral = [m for m in moves if m.data[0] == "neutral"]
        # keep 10 food for the next card; once no card can ever come (market and deck empty), food
        # only grows the clan: hoarding it would hold the game forever, which no rule forbids
        reserve = 10 if state.market or state.deck else 0
        places = [m for m in moves if m.data[0] == "place" and state.food[seat] - m.data[2] >= reserve]
        pick = neutral or places
        return rng.choice(pick) if pick else moves[-1]
    if state.phase == "buy":
        offers = [m for m in moves if m.data[0] == "offer" and useful(m.data[1])]
        if offers:
            return rng.choice(offers)
        if state.offer and not state.offer.get("decide") and state.drop is None:
            wants = useful(state.offer["card"]) and rng.random() < 0.5
            return moves[0] if wants else moves[-1]
    return rng.choice(moves)


def _sensible_playout(n: int, seed: int, check):
    state = GAME.setup(n, seed, {})
    rng = Rng(seed * 7 + n)
    for _ in range(5000):
        acting = GAME.to_act(state)
        if not acting:
            return state
        seat = acting[0]
        state, _ = GAME.apply(state, _policy(state, seat, GAME.legal_moves(state, seat), rng))
        check(state)
    raise AssertionError("playout did not end")


def _check_secrets(state: State) -> None:
    public = GAME.view(state, None)
    if state.phase == "over":   # the end reveals everything (ties are broken by food)
        assert public["food"] == state.food
        return
    for s in range(state.n):
        if knows(state, s, "fire"):
            assert public["food"][s] is None
            assert GAME.view(state, s)["food"][s] == state.food[s]
            assert str(state.food[s]) in GAME.private_text(state, s)
        else:
            assert public["food"][s] == state.food[s]
    assert "deck" not in public or isinstance(public["deck"], int)
    # changing the secrets changes nothing public
    other = state.copy()
    other.deck = list(reversed(other.deck))
    other.pile = other.pile[:1] + list(reversed(other.pile[1:]))   # tiles not drawn yet
    for s in range(state.n):
        if knows(state, s, "fire"):
            other.food[s] += 5
    assert json.dumps(GAME.view(other, None), sort_keys=True) == json.dumps(public, sort_keys=True)
    assert GAME.status_text(other) == GAME.status_text(state)


# ------------------------------------------------------------- invariants


ALL_CARDS = set(range(7, 42)) | {SHUFFLE}


def _check_invariants(state: State) -> None:
    assert sum(state.food) == state.ledger[0] - state.ledger[1]
    assert all(f >= 0 for f in state.food)
    for clan, regs in enumerate(state.members):
        assert len(regs) == len(set(regs)) == state.placed[clan] - state.starved[clan]
        assert len(regs) <= MAX_MEMBERS
    board = board_of(state)
    if state.phase not in ("build", "neutral", "first", "second"):
        for regs in state.members:
            assert connected(set(regs), board)
    for s in range(state.n):
        if state.drop != s:
            assert len(tools_of(state, s)) <= tool_limit(state, s)
        know = [kind(c) for c in state.cards[s] if kind(c) in ("fire", "plough", "works", "palaver", "intelligence")]
        assert len(know) == len(set(know))
    assert state.market == sorted(state.market)
    everything = state.market + state.deck + state.box + [c for cs in state.cards for c in cs]
    assert sorted(everything) == sorted(ALL_CARDS | set(range(1, state.n + 1)))
    for food, count in TOKEN_COUNT.items():
        assert 0 <= state.spaces[food] <= count
    assert sorted(state.order) == list(range(state.n))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sensible_playouts_reach_the_end_with_invariants_and_secrets(players, seeds):
    for seed in seeds:
        def check(state):
            _check_invariants(state)
            _check_secrets(state)
        final = _sensible_playout(players, seed, check)
        assert GAME.result(final) is not None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_keep_the_invariants(players, seeds):
    for seed in seeds:
        out = random_playout(GAME, players, seed, check=[_check_invariants, _check_secrets])
        assert out.finished


def test_some_sensible_playout_ends_by_the_thirteenth_member():
    ends = []
    for players in (3, 4, 5, 6):
        final = _sensible_playout(players, 2, _check_invariants)
        ends.append(max(final.size(s) for s in range(players)))
    assert max(ends) >= 13


def test_offer_errors_say_why():
    state = at_round(3, food={0: 3, 1: 3, 2: 3})
    with pytest.raises(IllegalMove, match="future market"):
        GAME.parse(state, 0, "offer 12")
    with pytest.raises(IllegalMove, match="cannot pay"):
        GAME.parse(state, 0, "offer 10")
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.parse(state, 1, "pass")
    assert GAME.parse(state, 0, "Offer #7").data == ("offer", 7)


def test_a_poor_fire_clan_is_still_asked_so_its_food_stays_secret():
    state = at_round(3, cards={2: [3, FIRE]}, food={0: 20, 1: 0, 2: 0}, order=[0, 1, 2])
    state = play(state, "offer 8", 0)
    assert GAME.to_act(state) == [2]          # seat 1 (no Fire, no food) is skipped
    assert [m.notation for m in GAME.legal_moves(state, 2)] == ["decline"]
    state = play(state, "decline", 2)
    assert 8 in state.cards[0]
    # the Fire clan is not passed over silently when it cannot pay for any card
    assert GAME.to_act(state) == [2] and [m.notation for m in GAME.legal_moves(state, 2)] == ["pass"]
