"""The First Sparks: the game's arc (issue 20). Tokens held by the clans, the
restock they limit, the market refilled from the deck, the first player, the
reconstructed card data checked against the rulebook's numbers, and the one
safeguard (a position the rules cannot leave) — each against the rulebook."""

from __future__ import annotations

import pytest

from rules.core import random_playout
from rules.first_sparks import GAME
from rules.first_sparks.data import ANIMAL_VALUES, ANIMALS, CARDS, SHUFFLE, TOKEN_COUNT, is_tool, kind, table_take
from rules.first_sparks.queries import market_size

from .test_first_sparks import FIRE, _sensible_playout, at_round

MAMMOTH = ANIMALS.index("mammoth")
BERRY = ANIMALS.index("berry")


def _held_value(state, seat: int) -> int:
    return sum(n * v for n, v in zip(state.held[seat], ANIMAL_VALUES, strict=True))


# ------------------------------------------------------------ first player


def test_first_player_is_left_to_chance_by_the_herbs_cards():
    """Mise en place 2: « Chaque joueur en prend une au hasard [...] Ensuite, le joueur avec la carte
    de départ ayant le plus grand numéro place un membre de son clan sur la place 1 du tour de jeu. »"""
    assert GAME.first_player == "random"
    assert "au hasard" in GAME.first_player_rule[1] and "herbs" in GAME.first_player_rule[0]
    firsts = set()
    for seed in range(1, 30):
        state = GAME.setup(4, seed, {})
        herbs = [cards[0] for cards in state.cards]
        assert herbs[state.order[0]] == 4          # the highest herbs card plays first
        assert GAME.first_seat(state) == state.order[0]     # the one the start post names
        assert GAME.to_act(state) != [state.order[0]]       # though its tile is laid for it (Mise en place 5)
        firsts.add(state.order[0])
    assert firsts == {0, 1, 2, 3}                   # and any seat may hold it


# ------------------------------------------------------------ tokens in hand


def test_spoilage_example_pays_with_the_berry():
    """« Christian a 1 mammouth, 1 baie et 2 céréales, soit au total 8 de nourriture. Il doit donc
    défausser 2 de nourriture et remettre la baie dans la réserve générale. »"""
    state = at_round(3, food={0: 8, 1: 0, 2: 0})
    state.held[0][MAMMOTH] = 1
    state.held[0][BERRY] = 1
    GAME.end_buying(state, [])
    assert state.food[0] == 6
    assert state.held[0][MAMMOTH] == 1 and state.held[0][BERRY] == 0


def test_paying_more_than_the_crops_breaks_a_token_for_change():
    state = at_round(3, food={0: 9, 1: 0, 2: 0})
    state.held[0][MAMMOTH] = 2                      # 8 in mammoths, 1 crop
    GAME.pay(state, 0, 3)                          # no token fits 3: a mammoth, 1 crop back
    assert state.food[0] == 6 and state.held[0][MAMMOTH] == 1 and _held_value(state, 0) <= state.food[0]


def test_hunted_tokens_stay_in_hand():
    from .test_first_sparks import _valley_board
    one, _ = _valley_board()
    state = at_round(3, tiles=("A", "B", "C"), members={0: [one]}, cards={0: [20]}, food={0: 0})
    state.spaces["mammoth"] = 4
    GAME.hunt(state, 0, [20], [])
    # 2 mammoths taken (8 food), 1 member fed with the smallest change: a mammoth broken into crops
    assert state.food[0] == 7 and state.held[0][MAMMOTH] == 1


def test_tokens_in_the_clans_hands_limit_the_restock():
    """« Constituez une réserve générale avec tous les jetons nourriture » and 12 mammoths in all:
    a mammoth in a clan's hands is neither in the reserve nor on the valley space."""
    state = at_round(4, tiles=("A", "C", "D", "E"), food={0: 24, 1: 4})
    state.spaces = {"berry": 0, "fish": 0, "bear": 0, "mammoth": 5}
    state.held[0][MAMMOTH] = 6                      # 5 + 6 = 11 of the 12 mammoths are out of the reserve
    state.held[1][MAMMOTH] = 0
    GAME.bureaucracy(state, [])
    assert state.spaces["mammoth"] == 6             # the restock of 2 finds only 1 in the reserve
    assert state.spaces["berry"] == 7               # the others as the 4-player example


# ------------------------------------------------------------ the market


def test_an_empty_market_is_refilled_from_the_deck_at_the_start_of_phase_one():
    """« Piochez des cartes pour remplir le marché à chaque fois que nécessaire. »"""
    state = at_round(3)
    state.market, state.deck = [], [30, 31, 32, 33, 34, 35, 36, 37, 38, 39]
    GAME.start_round(state, [])
    assert state.market == [30, 31, 32, 33, 34, 35, 36, 37] and state.bonus == 30
    state.market, state.deck, state.stage = [], [30, 31, 32, 33, 34, 35, 36, 37, 38, 39], 2
    GAME.start_round(state, [])
    assert len(state.market) == market_size(state) == 6
    two = at_round(2)
    two.market, two.deck, two.stage = [], [30, 31, 32, 33, 34], 2
    GAME.start_round(two, [])
    assert two.market == [30, 31, 32, 33]


# ------------------------------------------------------------ card data


def test_card_data_agrees_with_every_number_of_the_rulebook():
    """Basket: « un baie s'il y en a 3 ou moins [...] de 4 à 6, il en reçoit 2 [...] 7 ou plus, 3 »;
    spear: « 2 mammouths [...] au minimum 4 mammouths »; field « ici 3 céréales »; knowledge numbers
    « Cartes #9 et #15 », « #18 », « #21 », « #24 et #26 », « #28 »; 28 tools and 7 knowledge cards."""
    assert [table_take(22, k) for k in (1, 3, 4, 6, 7, 12)] == [1, 1, 2, 2, 3, 3]
    assert table_take(20, 4) == 2 and table_take(20, 3) < 2
    assert any(CARDS[c]["kind"] == "field" and CARDS[c]["crops"] == 3 for c in CARDS)
    assert {c: kind(c) for c in (9, 15, 18, 21, 24, 26, 28)} == {
        9: "fire", 15: "fire", 18: "plough", 21: "works", 24: "palaver", 26: "palaver", 28: "intelligence"}
    numbered = [c for c in CARDS if c >= 7]
    assert len([c for c in numbered if is_tool(c)]) == 28 and len(numbered) == 35


def test_every_tool_takes_a_token_when_its_space_holds_one():
    """The printed basket takes 1 berry « s'il y en a 3 ou moins »: a hunting tool is never useless
    while tokens lie on its space (only the amount grows with the supply)."""
    for c, card in CARDS.items():
        if "table" in card:
            assert table_take(c, 1) >= 1, c
            takes = [table_take(c, k) for k in range(1, 20)]
            assert takes == sorted(takes)


def test_one_or_two_rounds_of_surplus_buy_a_card():
    """« S'il dépense toute sa nourriture [...] il devra attendre au moins un tour complet pour être de
    nouveau capable d'acquérir une nouvelle carte » — a round or two of surplus buys again, so prices
    stay within what spoilage (a third each round) lets a growing clan keep."""
    prices = [CARDS[c]["price"] for c in CARDS if c >= 7]
    assert min(prices) == 3 and max(prices) <= 12
    assert prices == sorted(prices)                 # better cards cost more


# ------------------------------------------------------------ the safeguard


def _stalled(fire: bool = False, food0: int = 0):
    """Three one-member clans living on their herbs (1 crop feeds 1 member), no card left anywhere."""
    state = at_round(3, members={0: [1], 1: [7], 2: [13]}, food={0: food0, 1: 0, 2: 0},
                     cards={0: [1, FIRE] if fire else [1], 1: [2], 2: [3]})
    state.box += [c for c in state.market + state.deck if c not in (FIRE,)]
    state.market, state.deck, state.bonus, state.bonus_rank = [], [], None, None
    return state


@pytest.mark.parametrize("fire", [False, True])
def test_a_position_no_choice_can_leave_ends_the_game_with_a_public_reason(fire):
    """The rulebook ends the game only when « un joueur place le treizième membre de son clan »; when
    a round comes back to the same position and nobody had a choice (a Fire clan is still asked, to
    keep its food secret, but has only one answer), no 13th member can ever come: the game ends."""
    state = _stalled(fire)
    events = []
    for _ in range(60):                             # the harvest spaces fill up first, then nothing moves
        acting = GAME.to_act(state)
        if not acting:
            break
        moves = GAME.legal_moves(state, acting[0])
        assert len(moves) == 1                      # nobody ever has a choice
        state, ev = GAME.apply(state, moves[0])
        events += ev
    assert state.phase == "over" and not state.ending
    assert events[-1].said is not None and events[-1].said.key == "first_sparks.event.stalemate" \
        and events[-1].private_to is None
    assert GAME.result(state) is not None


def test_drifting_cards_and_unhunted_spaces_do_not_hold_off_the_safeguard():
    """Clans too poor for any card left (prices 3 and up, food 0) and with nothing to hunt: the market
    keeps turning and the harvest spaces keep filling, yet nothing any clan can use changes."""
    state = at_round(3, members={0: [1], 1: [7], 2: [13]}, food={0: 0, 1: 0, 2: 0},
                     cards={0: [1], 1: [2], 2: [3]})
    assert state.market and state.deck
    start = state.round
    while GAME.to_act(state):
        moves = GAME.legal_moves(state, GAME.to_act(state)[0])
        assert len(moves) == 1
        state, _ = GAME.apply(state, moves[0])
    assert state.phase == "over" and state.round <= start + 2 and state.deck


def test_a_card_within_reach_keeps_the_market_in_the_position():
    state = _stalled(food0=2)                              # 2 food: #7 costs 3, 2 with the bonus grain
    state.market, state.deck = [7], [8, 10, 12, 14, 16]
    GAME.start_round(state, [])
    cheap = state.copy()
    cheap.chose = False
    GAME.stalemate(cheap)
    moved = cheap.copy()
    moved.deck = moved.deck[1:] + moved.deck[:1]
    assert GAME.stalemate(moved) is False                 # the deck order is part of the position
    poor = cheap.copy()
    poor.food = [0, 0, 0]
    GAME.stalemate(poor)
    shuffled = poor.copy()
    shuffled.deck = shuffled.deck[1:] + shuffled.deck[:1]
    assert GAME.stalemate(shuffled) is True               # nobody can pay: the deck does not matter


def test_a_repeating_position_with_a_choice_goes_on():
    """A clan that could still grow (it holds food and free regions) decides: no safeguard."""
    state = _stalled(food0=2)                       # 2 food: spoilage takes 0, herbs feed the member
    for _ in range(6):
        moves = GAME.legal_moves(state, GAME.to_act(state)[0])
        done = [m for m in moves if m.notation in ("done", "pass")]
        state, _ = GAME.apply(state, done[0])
    assert state.phase != "over" and state.round >= 3


# ------------------------------------------------------------ invariants and the arc


def _tokens_are_conserved(state) -> None:
    for i, food in enumerate(ANIMALS):
        assert state.spaces[food] + sum(h[i] for h in state.held) <= TOKEN_COUNT[food]
    for s in range(state.n):
        assert min(state.held[s]) >= 0 and _held_value(state, s) <= state.food[s]
    assert SHUFFLE not in state.market or state.stage == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_end_and_conserve_tokens(players, seeds):
    for seed in seeds:
        out = random_playout(GAME, players, seed, check=[_tokens_are_conserved])
        assert out.finished


def test_ordinary_play_ends_by_the_thirteenth_member():
    """« Dès qu'un joueur place le treizième membre de son clan [...] Le jeu se termine »: a player who
    buys useful tools and keeps food for the next card reaches 13 members in most games."""
    ends = [_sensible_playout(players, seed, _tokens_are_conserved).ending
            for players in (3, 4, 5, 6) for seed in range(1, 6)]
    assert sum(ends) >= 0.8 * len(ends)
