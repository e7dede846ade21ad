"""The First Sparks in the move picker (issue 26): each decision by its phase's own choices in
small steps, previews that show a move's own part and keep the deck and a Fire clan's food
hidden (Feu: « gardez vos réserves de nourriture cachées »), and forced moves the table may play."""

from __future__ import annotations

import re

import pytest

from bot.table.i18n import say
from rules.core import Rng
from rules.first_sparks import GAME
from rules.first_sparks import phrases as ph
from rules.first_sparks.board import spot_columns
from rules.first_sparks.queries import board_of, knows
from rules.picker import Node, tree
from rules.wording import Said
from tests.positions import playout_points
from tests.rules.test_first_sparks import FIRE, LAYOUT, at_round, play
from tests.rules.test_picker import preview_key

MENU = 25


def shape(node: Node, depth: int = 1) -> list[tuple[int, int]]:
    """(depth, options) of every question of a tree."""
    out = [(depth, len(node.options))]
    for option in node.options:
        if option.child is not None:
            out += shape(option.child, depth + 1)
    return out


def texts(node: Node):
    yield node.ask
    for option in node.options:
        yield option.label
        if option.child is not None:
            yield from texts(option.child)


def states(players: int, seed: int, options: dict, every: int = 3) -> list:
    return playout_points(GAME, players, seed, options, chooser_seed=seed * 11 + players, every=every)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", [{}, LAYOUT], ids=["build", "layout"])
def test_picker_reaches_exactly_the_legal_moves_in_small_steps(players, options, seeds):
    deepest = {}
    for seed in seeds[:2]:
        for state in states(players, seed, options):
            for seat in GAME.to_act(state):
                legal = GAME.legal_moves(state, seat)
                root = tree(GAME, state, seat, legal)
                assert sorted(m.notation for m in root.moves()) == sorted(m.notation for m in legal)
                levels = shape(root)
                depth = max(d for d, _ in levels)
                deepest[state.phase] = max(deepest.get(state.phase, 0), depth)
                if state.phase == "build":
                    spots = len(spot_columns(state.tiles)[0]) // 2
                    # one tap for a spot and its side when they fit a menu, else the spot, then the side
                    assert levels == ([(1, len(legal))] if len(legal) <= MENU
                                      else [(1, spots)] + [(2, 2)] * spots)
                elif state.phase in ("neutral", "first") and len(legal) > MENU:
                    # the free regions by hunting ground (three regions each), then the region
                    assert depth == 2 and levels[0][1] <= MENU and all(n <= 3 for d, n in levels if d == 2)
                else:
                    assert depth == 1 and len(legal) <= MENU
    assert deepest.get("buy") == 1 and deepest.get("expand") == 1


def test_first_members_are_asked_by_hunting_ground_when_the_regions_do_not_fit_a_menu():
    state = GAME.setup(6, 1, LAYOUT)
    seat = GAME.to_act(state)[0]
    assert state.phase == "first" and len(GAME.legal_moves(state, seat)) == 36
    root = tree(GAME, state, seat)
    board = board_of(state)
    assert len(root.options) == 12
    assert root.ask.english() == "Where does your first member go?"
    assert say("fr", root.ask) == "Où va votre premier membre ?"
    first = root.options[4]
    ground = board.food_of(13)
    assert first.label.english() == f"Regions 13–15 ({ground} ground)"
    assert [o.label.english() for o in first.child.options] == [f"Region {r} ({ground} ground)" for r in (13, 14, 15)]
    assert [o.move.notation for o in first.child.options] == ["13", "14", "15"]
    assert say("fr", first.child.options[1].label) == f"Région 14 (terrain de chasse : {say('fr', ph.GROUND[ground]())})"


def test_a_tile_is_laid_by_its_spot_then_which_way_round():
    state = GAME.setup(4, 1, {})
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_moves(state, seat)
    assert state.phase == "build" and len(legal) > MENU
    root = tree(GAME, state, seat, legal)
    assert root.ask.english() == "Where does the drawn tile go?"
    assert [o.label.english() for o in root.options[:2]] == ["Spot 1", "Spot 2"]
    side = root.options[2].child
    assert side.ask.english() == "Spot 3: which way round?"
    up, down = legal[4].words[1:], legal[5].words[1:]
    assert [o.label.english() for o in side.options] == [f"{up[0]} above, {up[1]} below",
                                                         f"{down[0]} above, {down[1]} below"]
    assert [o.move.notation for o in side.options] == ["3a", "3b"]


def test_a_new_member_is_named_by_its_region_ground_and_cost():
    for state in states(4, 1, LAYOUT, every=1):
        if state.phase == "expand" and not state.neutral_due:
            seat = GAME.to_act(state)[0]
            root = tree(GAME, state, seat)
            if len(root.options) > 2:
                break
    else:
        pytest.fail("no expansion with a choice of regions")
    assert root.ask.english() == "Where does a new member go?"
    for option in root.options:
        move = option.move
        if move.data[0] == "place":
            r, cost = move.data[1], move.data[2]
            assert option.label.english() == f"Region {r} ({board_of(state).food_of(r)} ground): {cost} food"
        else:
            assert option.label.english() == "stop expanding"


def test_a_hunt_is_chosen_by_what_each_order_of_the_tools_takes():
    # Phase 2: tools of one food hunt in the order their clan chooses, the first emptying the space first
    state = at_round(3, order=[0, 1, 2])
    board = board_of(state)
    state.members[0] = [next(r for r in range(1, board.regions + 1) if board.food_of(r) == "berry")]
    state.cards[0] = [1, 7, 12, 17]                  # herbs and three baskets
    state.spaces["berry"] = 5
    state.phase, state.queue, state.starve = "hunt", [0], 0
    root = tree(GAME, state, 0)
    assert root.ask.english() == "In which order do your tools hunt?"
    assert sorted(o.label.english() for o in root.options) == ["takes 3 berries", "takes 4 berries"]
    assert sorted(o.move.notation for o in root.options) == ["hunt 12>7>17", "hunt 7>12>17"]


def test_every_question_and_label_reads_in_english_and_french(seeds):
    seen = set()
    for players, options in ((2, {}), (6, LAYOUT)):
        for state in states(players, seeds[0], options, every=2):
            for seat in GAME.to_act(state):
                for text in texts(tree(GAME, state, seat)):
                    if not isinstance(text, Said):
                        continue
                    seen.add(text.key)
                    english, french = text.english(), say("fr", text)
                    for words in (english, french):
                        assert words.strip() and not re.search(r"\{(?!p\d)", words), words
    asked = {k for k in seen if ".ask." in k}
    assert len(asked) >= 8, asked


# ------------------------------------------------------------------ previews


def twins(state, seat):
    return GAME.determinize(state, seat, Rng(1)), GAME.determinize(state, seat, Rng(2))


def test_preview_of_a_sale_shows_the_card_bought_but_not_the_card_drawn():
    state = at_round(3, food={0: 20, 1: 0, 2: 0}, order=[0, 1, 2])
    move = GAME.parse(state, 0, "offer 8")        # nobody else can pay: seat 0 buys it, a card is drawn
    shown = GAME.preview(state, move, 0)
    assert shown.partial and shown.note.key == ph.NOTE_CARD.key
    assert 8 in shown.state.cards[0] and 8 not in shown.state.market
    assert shown.state.food[0] == 20 - 3
    assert len(shown.state.market) == len(state.market) - 1 and shown.state.deck == state.deck
    assert [e.said.key for e in shown.events] == [ph.OFFERS.key, ph.BUYS.key]
    after, events = GAME.apply(state, move)
    assert any(e.said.key == ph.COMES.key for e in events)           # the real move does draw
    a, b = twins(state, 0)
    assert a.deck[0] != b.deck[0]                                    # the twins draw different cards
    assert preview_key(GAME, a, 0, move) == preview_key(GAME, b, 0, move)


def test_preview_of_laying_a_tile_keeps_the_next_tile_hidden():
    state = GAME.setup(3, 2, {})
    seat = GAME.to_act(state)[0]
    move = GAME.legal_moves(state, seat)[0]
    shown = GAME.preview(state, move, seat)
    assert shown.partial and shown.note.key == ph.NOTE_TILE.key and shown.state is state
    assert [e.said.key for e in shown.events] == [ph.LAYS.key]
    a, b = twins(state, seat)
    assert a.pile[1] != b.pile[1]
    assert preview_key(GAME, a, seat, move) == preview_key(GAME, b, seat, move)


def fire_twins(fed: int, starved: int):
    """Seat 2 knows Fire and proposes first; seat 0 then ends the buying (seat 1 cannot pay),
    so every clan hunts and feeds at once: seat 2 with ``fed`` food in one twin, ``starved``
    in the other."""
    out = []
    for food in (fed, starved):
        state = at_round(3, members={0: [1], 1: [4], 2: [7, 8, 9]}, cards={2: [3, FIRE]},
                         food={0: 9, 1: 0, 2: food}, order=[2, 0, 1])
        state.bonus = state.bonus_rank = None       # no unsold bonus card to replace when the buying ends
        out.append(play(state, "pass", 2))
    return out


def test_a_fire_clans_food_changes_no_preview_of_another_clan():
    rich, poor = fire_twins(20, 0)
    assert GAME.to_act(rich) == GAME.to_act(poor) == [0]
    legal = GAME.legal_moves(rich, 0)
    assert [m.notation for m in tree(GAME, rich, 0).moves()] == [m.notation for m in tree(GAME, poor, 0).moves()]
    for move in legal:
        assert preview_key(GAME, rich, 0, move) == preview_key(GAME, poor, 0, move), move.notation
    # passing ends the buying: the Fire clan's hunt and feeding come next, and stay unseen
    last = next(m for m in legal if m.notation == "pass")
    shown = GAME.preview(rich, last, 0)
    assert shown.partial and shown.note.key == ph.NOTE_SECRET.key
    _, poor_events = GAME.apply(poor, last)
    assert any(e.said.key == ph.CANNOT_FEED.key for e in poor_events)   # the real move would tell


def test_a_fire_clan_sees_its_own_food_in_its_previews():
    state = at_round(3, members={0: [1], 1: [4], 2: [7, 8, 9]}, cards={2: [3, FIRE]},
                     food={0: 0, 1: 0, 2: 1}, order=[0, 1, 2])
    state.bonus = state.bonus_rank = None
    state = play(state, "pass", 0)
    assert GAME.to_act(state) == [2]       # seat 1 cannot pay: it passes at once
    shown = GAME.preview(state, GAME.parse(state, 2, "pass"), 2)
    said = [e.said.key for e in shown.events]
    assert ph.CANNOT_FEED.key in said                   # its own starving is no secret to it
    assert GAME.view(shown.state, 2)["food"][2] == shown.state.food[2]


def test_twin_states_give_the_same_preview_of_every_move(seeds):
    """Twins redraw the deck and the tiles still to lay, and give every other clan that knows
    Fire another amount of food: no preview may tell them apart."""
    checked = secret = 0
    for players, state in ((n, s) for n in (2, 3, 5) for s in states(n, seeds[0], LAYOUT if n == 5 else {}, every=2)):
        for seat in GAME.to_act(state):
            a, b = GAME.determinize(state, seat, Rng(3)), GAME.determinize(state, seat, Rng(4))
            for other in range(players):
                if other != seat and knows(b, other, "fire"):
                    b.food = list(b.food)
                    b.food[other] = (b.food[other] + 7) % 13
                    secret += 1
            moves_a, moves_b = GAME.legal_moves(a, seat), GAME.legal_moves(b, seat)
            assert [m.notation for m in moves_a] == [m.notation for m in moves_b]
            for move, twin in zip(moves_a, moves_b):
                assert preview_key(GAME, a, seat, move) == preview_key(GAME, b, seat, twin), move.notation
                checked += 1
    assert checked > 100 and secret > 0


# ------------------------------------------------------------------ forced moves


def test_a_forced_move_is_played_by_the_table_unless_it_tells_a_fire_clans_food():
    # no Fire: food is public. 2 players: the first offer of a round may be removed instead of
    # bought; nobody wants it and its offerer cannot pay, so removing it is all that is left
    plain = at_round(2, food={0: 0, 1: 0}, order=[0, 1])
    plain = play(plain, "offer 8", 0)
    assert [m.notation for m in GAME.legal_moves(plain, 0)] == ["discard"]
    assert GAME.may_autoplay(plain, GAME.legal_moves(plain, 0)[0])
    # a Fire clan with no food for any card: « passes » would say so
    poor = at_round(3, cards={2: [3, FIRE]}, food={0: 20, 1: 0, 2: 0}, order=[0, 1, 2])
    poor = play(play(poor, "offer 8", 0), "decline", 2)
    assert [m.notation for m in GAME.legal_moves(poor, 2)] == ["pass"]
    assert not GAME.may_autoplay(poor, GAME.legal_moves(poor, 2)[0])
    # the same Fire clan when the only card on offer is Fire, which it knows: forced whatever its food
    public = GAME.from_json(GAME.to_json(poor))
    public.market = [15, 99]
    assert [m.notation for m in GAME.legal_moves(public, 2)] == ["pass"]
    assert GAME.may_autoplay(public, GAME.legal_moves(public, 2)[0])


def test_forced_decisions_along_playouts_are_asked_only_of_fire_clans(seeds):
    asked = played = 0
    for players in (2, 4, 6):
        for state in states(players, seeds[0], LAYOUT, every=1):
            for seat in GAME.to_act(state):
                moves = GAME.legal_moves(state, seat)
                if len(moves) != 1:
                    continue
                if GAME.may_autoplay(state, moves[0]):
                    played += 1
                else:
                    asked += 1
                    assert knows(state, seat, "fire")
    assert played > 0 and asked > 0


# ------------------------------------------------------------------ the places the picker names, on the turn image


def test_the_turn_image_shows_every_place_the_picker_names_readably(seeds):
    """Issue 26, point 5: every region and tile spot a decision names is numbered on the turn
    image, its digits 7 px tall once the image is shown 400 px wide."""
    from render import draw, kit

    checked = 0
    for players, options in ((2, {}), (6, LAYOUT)):
        for state in states(players, seeds[0], options, every=2):
            for seat in GAME.to_act(state):
                legal = GAME.legal_moves(state, seat)
                if state.phase == "build":
                    named = {str(m.words[0]) for m in legal}
                else:
                    named = {str(m.data[1] if m.data[0] != "first" else m.data[2]) for m in legal
                             if m.data[0] in ("first", "place", "neutral", "starve")}
                if not named:
                    continue
                table = kit.Table(names=["Ana", "Bo", "Cy", "Dee", "Eve", "Flo"][:players], to_act=[seat])
                img = draw("first_sparks", GAME.view(state, None), table)
                numbers = {m.text for m in kit.marks(img) if m.main and m.text in named
                           and kit.shown_height(m.size, img.width) >= kit.PHONE_MIN_PX - 0.05}
                assert numbers == named, (state.phase, named - numbers)
                checked += 1
    assert checked > 15
