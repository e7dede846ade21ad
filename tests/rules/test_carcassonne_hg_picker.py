"""The Carcassonne H&G move picker (rules/picker.py, CarcassonneHG.move_path / preview /
may_autoplay): the spot, numbered as the turn image numbers it, then the turn among those that fit
there, then the figure step's one tap; a preview that shows the tile (and figure) placed and what it
scores, but never the next tile, which only the face-down stack knows."""

from __future__ import annotations

from functools import cache

from bot.table.i18n import say
from rules.carcassonne_hg import GAME
from rules.carcassonne_hg import phrases as ph
from rules.core import Rng
from rules.picker import tree
from tests.positions import playout_points

DRAWING = {ph.DRAWS.key, ph.DRAWS_BONUS.key, ph.FITS_NOWHERE.key}


@cache
def positions() -> tuple:
    out = []
    for players in (2, 5):
        for seed in (1, 2):
            out += playout_points(GAME, players, seed, {}, chooser_seed=seed * 11 + players, every=4)
    return tuple(s for s in out if GAME.to_act(s))


def keys(events) -> list[str]:
    return [e.said.key for e in events if e.said is not None]


def test_a_placement_is_the_spot_then_the_turn_numbered_as_the_board():
    checked = 0
    for state in positions():
        if state.phase != "place":
            continue
        seat = state.turn
        legal = GAME.legal_moves(state, seat)
        root = tree(GAME, state, seat, legal)
        assert sorted(m.notation for m in root.moves()) == sorted(m.notation for m in legal)
        spots = GAME.view(state, seat)["spots"]           # what the turn image numbers
        assert root.ask.key == ph.ASK_SPOT.key
        assert [o.key for o in root.options] == [f"spot {k}" for k, _x, _y, _r in spots]
        for option, (k, x, y, rots) in zip(root.options, spots, strict=True):
            assert option.label.params["spot"] == str(k)
            if len(rots) == 1:                             # one turn fits: the spot is the move
                assert option.child is None and option.move.data == ("place", x, y, rots[0])
                continue
            assert option.child.ask.params == {"spot": str(k)}
            assert [o.key for o in option.child.options] == [f"turn {'abcd'[r]}" for r in rots]
            assert [o.move.data for o in option.child.options] == [("place", x, y, r) for r in rots]
        checked += 1
    assert checked > 30


def test_the_figure_step_is_one_tap_none_included():
    checked = 0
    for state in positions():
        if state.phase != "figure":
            continue
        legal = GAME.legal_moves(state, state.turn)
        root = tree(GAME, state, state.turn, legal)
        assert root.ask.key == ph.ASK_FIGURE.key
        assert [o.move.notation for o in root.options] == [m.notation for m in legal]
        assert root.options[-1].move.notation == "none" and len(root.options) >= 2
        assert all(o.child is None for o in root.options)
        checked += 1
    assert checked > 5


def test_labels_read_in_english_and_french():
    state = GAME.setup(2, 8, {})
    root = tree(GAME, state, state.turn)
    texts = {say(None, o.label) for o in root.options}
    assert "Spot 1 (1 square north)" in texts
    assert "Emplacement 1 (1 case au nord)" in {say("fr", o.label) for o in root.options}
    assert say("fr", root.ask) == "Où poser la tuile ? (les emplacements sont numérotés sur le plateau)"
    turned = next(o for o in root.options if o.child is not None)
    assert say(None, turned.child.options[1].label).startswith("Turned ")
    assert say("fr", turned.child.options[1].label).startswith("Orientation ")
    assert say("fr", ph.ASK_FIGURE()) == "Poser une figurine sur la tuile posée ?"


def ends_turn(state, move) -> bool:
    """Whether the move ends the turn and so draws the next player's tile."""
    _after, events = GAME.apply(state, move)
    return ph.DRAWS.key in keys(events)


def test_the_preview_places_the_tile_and_holds_the_next_draw():
    """The stacks lie « faces cachées » (Mise en place) and a tile is seen when drawn (« Il montre la
    tuile piochée à ses adversaires », Pose d'une tuile), at the start of the next turn: until the
    move counts, nobody, the presser included, may see it."""
    checked = 0
    for state in positions():
        seat = state.turn
        for move in GAME.legal_moves(state, seat)[:4]:
            if not ends_turn(state, move):
                continue
            stored = GAME.to_json(state)
            after, events = GAME.apply(state, move)
            shown = GAME.preview(state, move, seat)
            assert GAME.to_json(state) == stored                     # the real game is untouched
            assert shown.partial and shown.note.key == ph.NEXT_TILE_LATER.key
            assert shown.state.hand == -1 and not GAME.view(shown.state, seat)["spots"]
            assert not DRAWING & set(keys(shown.events))
            # what happens before the draw is all there: the tile, the figure, the scoring
            cut = next(i for i, e in enumerate(events) if e.said is not None and e.said.key in DRAWING)
            assert keys(shown.events) == keys(events[:cut])
            view, real = GAME.view(shown.state, seat), GAME.view(after, seat)
            assert view["tiles"] == real["tiles"] and view["figures"] == real["figures"]
            assert view["scores"] == real["scores"] and view["land_left"] == real["land_left"] + 1
            assert shown.state.turn == after.turn                    # the next player's turn comes
            checked += 1
    assert checked > 30


def test_a_preview_shows_the_points_a_completed_feature_scores():
    found = 0
    for state in positions():
        for move in GAME.legal_moves(state, state.turn):
            after, events = GAME.apply(state, move)
            if ph.SCORES.key not in keys(events) and ph.SCORE_EACH.key not in keys(events):
                continue
            shown = GAME.preview(state, move, state.turn)
            assert shown.state.scores == after.scores and shown.state.scores != state.scores
            assert set(keys(shown.events)) & {ph.SCORES.key, ph.SCORE_EACH.key}
            found += 1
            break
    assert found >= 3


def nugget_moves():
    """(state, move) where the move completes a forest with a gold nugget: a bonus tile is drawn."""
    for seed in (1, 2, 3):
        state = GAME.setup(2, seed, {})
        chooser = Rng(seed)
        while GAME.to_act(state):
            moves = GAME.legal_moves(state, state.turn)
            for move in moves:
                if ph.NUGGET_BONUS.key in keys(GAME.apply(state, move)[1]):
                    yield state, move
                    break
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])


def test_a_gold_nugget_previews_without_the_bonus_tile():
    """« Le joueur qui a posé la dernière tuile de la forêt pioche une tuile bonus » and places it in
    the same turn: the preview stops before it is drawn, the same player still to play."""
    checked = 0
    for state, move in nugget_moves():
        seat = state.turn
        shown = GAME.preview(state, move, seat)
        assert ph.NUGGET_BONUS.key in keys(shown.events) and not DRAWING & set(keys(shown.events))
        assert shown.partial and shown.note.key == ph.BONUS_TILE_LATER.key
        assert shown.state.turn == seat and shown.state.in_bonus and shown.state.hand == -1
        assert len(shown.state.bonus) == len(state.bonus)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_the_last_tile_previews_the_final_scoring():
    """« La partie se termine à la fin du tour où la dernière tuile paysage a été placée […] On passe au
    décompte final »: nothing is drawn, so the preview is the game as it ends."""
    state = GAME.setup(2, 4, {})
    chooser = Rng(4)
    while state.land or state.phase != "place" or state.in_bonus:
        moves = GAME.legal_moves(state, state.turn)
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    move = next(m for m in GAME.legal_moves(state, state.turn) if GAME.apply(state, m)[0].phase == "over")
    after, events = GAME.apply(state, move)
    shown = GAME.preview(state, move, state.turn)
    assert not shown.partial and shown.state.phase == "over"
    assert shown.state.scores == after.scores and keys(shown.events) == keys(events)


def test_twin_states_give_the_same_preview():
    """States that differ only in the stacks' order and the dice (``determinize``) preview alike."""
    checked = 0
    for state in positions()[::3]:
        seat = state.turn
        a, b = GAME.determinize(state, seat, Rng(1)), GAME.determinize(state, seat, Rng(2))
        for move in GAME.legal_moves(state, seat)[:5]:
            one, two = GAME.preview(a, move, seat), GAME.preview(b, move, seat)
            assert GAME.view(one.state, seat) == GAME.view(two.state, seat)
            assert [e.said for e in one.events] == [e.said for e in two.events]
            checked += 1
    assert checked > 20


def test_a_forced_move_is_played_by_the_table():
    """Nothing is hidden but the stacks' order: the legal moves follow from the map and the tile shown
    to all, the same in every twin state, so a forced move tells nobody anything."""
    for state in positions()[::4]:
        seat = state.turn
        legal = [m.notation for m in GAME.legal_moves(state, seat)]
        twin = GAME.determinize(state, seat, Rng(5))
        assert [m.notation for m in GAME.legal_moves(twin, seat)] == legal
        assert all(GAME.may_autoplay(state, m) for m in GAME.legal_moves(state, seat))
