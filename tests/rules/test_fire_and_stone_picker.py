"""Fire & Stone in the move picker (issue 26): one question per decision (the explorer's
destination, by region first only past a menu), labels that say what each choice gives, previews
that show a move's own part and keep hidden what MISE EN PLACE hides (face-down discovery tiles,
a forest's game tiles before the explorer is there, the other tribes' game tiles and objective
cards, the invention deck), and forced moves played by the table."""

from __future__ import annotations

import re

import pytest

from bot.table.i18n import say
from rules.core import Rng
from rules.fire_and_stone import GAME, steps
from rules.fire_and_stone import phrases as ph
from rules.fire_and_stone.data import REGION, START
from rules.picker import Node, tree
from rules.wording import Said
from tests.positions import playout_points
from tests.rules.test_fire_and_stone import BLUE, NEXT_TO_START, RED, at, clear, fresh, put, tile_with
from tests.rules.test_picker import preview_key


def shape(node: Node, depth: int = 1) -> list[tuple[int, int]]:
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


def states(players: int, seed: int, variant: str = "off", every: int = 3) -> list:
    opts = GAME.resolve_options({"starting_inventions": variant})
    return playout_points(GAME, players, seed, opts, chooser_seed=seed * 13 + players, every=every)


def twins_differing(state, seat, differs) -> tuple:
    """Two determinized copies of ``state`` for ``seat`` that differ as ``differs(a, b)`` says."""
    first = GAME.determinize(state, seat, Rng(1))
    for i in range(2, 60):
        other = GAME.determinize(state, seat, Rng(i))
        if differs(first, other):
            return first, other
    raise AssertionError("no twin differs there")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["off", "on"])
def test_every_decision_is_one_question_with_every_legal_move(players, variant, seeds):
    kinds = set()
    for seed in seeds[:2]:
        for state in states(players, seed, variant):
            for seat in GAME.to_act(state):
                legal = GAME.legal_moves(state, seat)
                root = tree(GAME, state, seat, legal)
                assert sorted(m.notation for m in root.moves()) == sorted(m.notation for m in legal)
                origins = {m.notation.split(">")[0] for m in legal if ">" in m.notation}
                if len(origins) > 1:   # two explorers at a turn's start: which goes first, then where
                    assert shape(root)[0] == (1, len(origins)) and all(d == 2 for d, _ in shape(root)[1:])
                    assert root.ask.key == "fire_and_stone.ask.which_explorer"
                else:
                    assert shape(root) == [(1, len(legal))] and len(legal) <= steps.MENU
                    assert root.ask.key.startswith("fire_and_stone.ask.") or root.single() is not None
                kinds.add(state["pending"][0]["k"])
    assert {"move", "forest", "gather", "fire"} <= kinds


def test_an_explorer_with_more_places_than_a_menu_is_asked_the_region_first(monkeypatch):
    for state in states(3, 1, every=1):
        head = state["pending"][0] if state["pending"] else None
        if head and head["k"] == "move":
            places = GAME.reachable(state, head["s"], head["e"])
            if len({REGION[t] for t in places}) > 1 and len(places) > 4:
                break
    else:
        pytest.fail("no explorer reaching two regions")
    monkeypatch.setattr(steps, "MENU", 4)
    seat = head["s"]
    legal = GAME.legal_moves(state, seat)
    root = tree(GAME, state, seat, legal)
    assert sorted(m.notation for m in root.moves()) == sorted(m.notation for m in legal)
    regions = sorted({REGION[t] for t in places})
    assert [o.label.english() for o in root.options] == [f"Region {r}" for r in sorted(regions, key=lambda r: next(
        i for i, t in enumerate(places) if REGION[t] == r))]
    assert root.ask.english() == f"Where does explorer {head['e'] + 1} go?"
    for option in root.options:
        below = option.child.moves() if option.child is not None else [option.move]
        assert {REGION[m.data[1]] for m in below} == {option.key}


def test_game_tiles_are_named_by_what_cooking_them_gives():
    state = fresh()
    put(state, NEXT_TO_START, "forest", up=True)
    state["forest"][str(NEXT_TO_START)] = [tile_with(2, 0), tile_with(3, 1)]
    at(state, RED, START)
    state, _ = GAME.apply(state, GAME.parse(state, RED, str(NEXT_TO_START)))
    root = tree(GAME, state, RED)
    assert root.ask.english() == f"Forest {NEXT_TO_START}: which game tile do you take?"
    assert [o.label.english() for o in root.options] == ["Game tile 1: 2 food", "Game tile 2: 1 bag + 3 food",
                                                         "Take nothing more"]
    assert say("fr", root.options[1].label).startswith("Tuile Gibier 2 : ")
    state["p"][BLUE]["game"] = [tile_with(3, 1), tile_with(2, 0)]
    at(state, BLUE, START)
    put(state, NEXT_TO_START, "fire", up=True)
    state, _ = GAME.apply(state, GAME.parse(state, BLUE, str(NEXT_TO_START)))
    root = tree(GAME, state, BLUE)
    assert [o.label.english() for o in root.options] == ["Your game tile 1 (1 bag + 3 food) into the pot",
                                                         "Your game tile 2 (2 food) into the pot", "Cook nothing"]


def test_building_is_asked_as_a_village_or_as_the_cave_it_is():
    state = fresh()
    clear(state, NEXT_TO_START)
    state["villages"][str(NEXT_TO_START)] = [0, 1]
    state["p"][RED]["food"] = 1
    at(state, RED, START)
    village, _ = GAME.apply(state, GAME.parse(state, RED, str(NEXT_TO_START)))
    root = tree(GAME, village, RED)
    assert root.ask.english() == f"Build a hut in the village at {NEXT_TO_START}?"
    assert [o.label.english() for o in root.options] == ["Build a hut for 1 food", "Do not build"]
    state = fresh()
    state["cave"] = 1                                          # Garden of Eden
    put(state, NEXT_TO_START, "cave", up=True)
    state["cave_up"] = True
    state["villages"][str(NEXT_TO_START)] = [1, 1]
    at(state, BLUE, START)
    cave, _ = GAME.apply(state, GAME.parse(state, BLUE, str(NEXT_TO_START)))
    root = tree(GAME, cave, BLUE)
    assert root.ask.english() == f"Cave: build a hut at {NEXT_TO_START}?"
    assert say("fr", root.ask) == f"Grotte : construire une hutte en {NEXT_TO_START} ?"


def test_every_question_and_label_reads_in_english_and_french(seeds):
    seen = set()
    for players, variant in ((2, "on"), (4, "off")):
        for state in states(players, seeds[0], variant, every=1):
            for seat in GAME.to_act(state):
                for text in texts(tree(GAME, state, seat)):
                    assert isinstance(text, Said)
                    seen.add(text.key)
                    for words in (text.english(), say("fr", text)):
                        assert words.strip() and not re.search(r"\{(?!p\d)", words), words
    assert len({k for k in seen if ".ask." in k}) >= 6


# ------------------------------------------------------------------ previews


def test_preview_of_a_move_onto_a_face_down_tile_shows_the_explorer_there_and_not_the_tile():
    state = fresh()
    put(state, NEXT_TO_START, "cave")
    at(state, RED, START)
    move = GAME.parse(state, RED, str(NEXT_TO_START))
    shown = GAME.preview(state, move, RED)
    assert shown.partial and shown.note == ph.NOTE_TURN(t=NEXT_TO_START)
    view = GAME.view(shown.state, RED)
    assert view["tiles"][str(NEXT_TO_START)] == "?" and view["explorers"][RED][0] == NEXT_TO_START
    assert view["cave"] is None
    assert [e.said.key for e in shown.events] == [ph.MOVES.key]
    a, b = twins_differing(state, RED, lambda a, b: a["tile"][str(NEXT_TO_START)] != b["tile"][str(NEXT_TO_START)])
    assert preview_key(GAME, a, RED, move) == preview_key(GAME, b, RED, move)


def test_preview_of_a_move_into_a_forest_does_not_show_its_game_tiles():
    state = fresh()
    put(state, NEXT_TO_START, "forest", up=True)
    state["forest"][str(NEXT_TO_START)] = [tile_with(2, 0), tile_with(3, 1)]
    at(state, RED, START)
    move = GAME.parse(state, RED, str(NEXT_TO_START))
    shown = GAME.preview(state, move, RED)
    assert shown.partial and shown.note == ph.NOTE_FOREST(t=NEXT_TO_START)
    assert "forest" not in GAME.view(shown.state, RED)["me"]
    assert "forest" in GAME.view(GAME.apply(state, move)[0], RED)["me"]      # the move itself shows them
    a, b = twins_differing(state, RED, lambda a, b: a["forest"][str(NEXT_TO_START)] != b["forest"][str(NEXT_TO_START)])
    assert preview_key(GAME, a, RED, move) == preview_key(GAME, b, RED, move)


def test_preview_of_taking_an_invention_hides_the_card_that_replaces_it():
    state = fresh()
    at(state, RED, START)
    state["pending"] = [{"k": "card", "s": RED}]
    row = list(state["inv_row"])
    move = GAME.parse(state, RED, "i2")
    shown = GAME.preview(state, move, RED)
    assert shown.partial and shown.note == ph.NOTE_INVENTION()
    view = GAME.view(shown.state, RED)
    assert view["inv_row"] == [row[0], row[2]] and view["inv_deck"] == len(state["inv_deck"])
    assert row[1] in view["tribes"][RED]["inv"]
    a, b = twins_differing(state, RED, lambda a, b: a["inv_deck"][0] != b["inv_deck"][0])
    assert preview_key(GAME, a, RED, move) == preview_key(GAME, b, RED, move)


def test_preview_of_the_last_move_keeps_the_objective_cards_hidden():
    state = fresh()
    clear(state, NEXT_TO_START)
    at(state, RED, START)
    state["end"] = [1, 0]            # RED's last turn, then BLUE has none left
    move = GAME.parse(state, RED, str(NEXT_TO_START))
    after, _ = GAME.apply(state, move)
    assert after["over"] and "objectives" in GAME.view(after, RED)          # the move itself turns them
    shown = GAME.preview(state, move, RED)
    assert shown.partial and shown.note == ph.NOTE_OVER()
    assert "objectives" not in GAME.view(shown.state, RED) and "final" not in GAME.view(shown.state, RED)
    assert ph.OVER.key in [e.said.key for e in shown.events]
    a, b = twins_differing(state, RED, lambda a, b: a["p"][BLUE]["obj"] != b["p"][BLUE]["obj"])
    assert preview_key(GAME, a, RED, move) == preview_key(GAME, b, RED, move)


def test_preview_of_cooking_shows_it_all_to_the_cook():
    state = fresh()
    put(state, NEXT_TO_START, "fire", up=True)
    state["p"][BLUE]["game"] = [tile_with(3, 1)]
    at(state, BLUE, START)
    state, _ = GAME.apply(state, GAME.parse(state, BLUE, str(NEXT_TO_START)))
    state, _ = GAME.apply(state, GAME.parse(state, BLUE, "c1"))
    move = GAME.parse(state, BLUE, "ok")
    shown = GAME.preview(state, move, BLUE)
    assert not shown.partial and shown.note is None
    assert shown.state["p"][BLUE]["food"] == 3 and ph.COOKS.key in [e.said.key for e in shown.events]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twin_states_give_the_same_preview_of_every_move(players, seeds):
    """Twins redraw every face-down tile, unseen forest and stack, the other tribes' game tiles
    and objectives, the invention deck and the cave card: no preview may tell them apart."""
    checked = partial = 0
    for state in states(players, seeds[0], every=4):
        for seat in GAME.to_act(state):
            a, b = GAME.determinize(state, seat, Rng(3)), GAME.determinize(state, seat, Rng(4))
            moves_a, moves_b = GAME.legal_moves(a, seat), GAME.legal_moves(b, seat)
            assert [m.notation for m in moves_a] == [m.notation for m in moves_b]
            for move, other in zip(moves_a, moves_b):
                assert preview_key(GAME, a, seat, move) == preview_key(GAME, b, seat, other), move.notation
                checked += 1
                partial += GAME.preview(a, move, seat).partial
    assert checked > 100 and partial > 0


# ------------------------------------------------------------------ forced moves


def test_forced_moves_are_played_by_the_table(seeds):
    forced = 0
    for state in states(3, seeds[0], every=1):
        for seat in GAME.to_act(state):
            moves = GAME.legal_moves(state, seat)
            if len(moves) == 1:
                forced += 1
                assert moves[0].notation == "ok" and GAME.may_autoplay(state, moves[0])
    assert forced > 0


# ------------------------------------------------------------------ the places the picker names, on the turn image


def test_the_turn_image_shows_every_territory_the_picker_names(seeds):
    """Issue 26, point 5: the destinations of the explorer to move (or the fires it may go back
    to) are worked out from the public view alone, and the turn image's window holds each of
    them whole, so its number is drawn (at least 13 px on a 720 px image: 7 px on a phone)."""
    from render.fire_and_stone import FOCUS_W, _sizes, focus_geo

    checked = 0
    for players in (2, 4):
        for state in states(players, seeds[0], every=1):
            head = state["pending"][0] if state["pending"] and not state["over"] else None
            if head is None or head["k"] not in ("move", "fire"):
                continue
            seat = head["s"]
            named = sorted(m.data[1] for m in GAME.legal_moves(state, seat) if m.data[0] in ("move", "fire"))
            view = GAME.view(state, None)
            assert sorted(steps.places_named(GAME, view)) == named
            geo = focus_geo(view)
            if head.get("pick") and not all(geo.inside(t) for t in named):
                # two explorers too far apart for one readable window: both explorers and the first
                # one's destinations (the other's are its own question's, once the player picks it)
                named = sorted(GAME.reachable(state, seat, head["e"])) + [view["explorers"][seat][head["e"]]]
            assert all(geo.inside(t) for t in named), (head, named)
            assert geo.w == FOCUS_W and _sizes(geo, main=True)["num"] * 400 / FOCUS_W >= 7
            checked += 1
    assert checked > 100


def test_the_turn_image_numbers_every_territory_the_picker_names_readably(seeds):
    """The same, read from the drawn image: each territory named is a number on the turn image,
    its digits 7 px tall once the image is shown 400 px wide."""
    from render import draw, kit
    from render.fire_and_stone import focus_geo

    checked = 0
    for state in states(3, seeds[0], every=9):
        head = state["pending"][0] if state["pending"] and not state["over"] else None
        if head is None or head["k"] not in ("move", "fire"):
            continue
        named = {str(m.data[1]) for m in GAME.legal_moves(state, head["s"]) if m.data[0] in ("move", "fire")}
        if head.get("pick") and not all(focus_geo(GAME.view(state, None)).inside(int(t)) for t in named):
            # two explorers too far apart for one window: the first one's destinations (see above)
            named = {str(t) for t in GAME.reachable(state, head["s"], head["e"])}
        table = kit.Table(names=["Ana", "Bo", "Cy"], to_act=[head["s"]])
        img = draw("fire_and_stone", GAME.view(state, None), table, focus=True)
        numbers = {m.text for m in kit.marks(img) if m.main and m.text in named
                   and m.size * kit.PHONE_WIDTH / img.width >= kit.PHONE_MIN_PX}
        assert numbers == named, (head, named - numbers)
        checked += 1
    assert checked > 10
