"""Carcassonne's texts as message keys (issue 15, point 3): the final breakdown per feature kind,
refusals with their numbers, labels that name the feature and the zone as /rules teaches it."""

from __future__ import annotations

import re

import pytest

from bot.table.rulebook import pages_of
from rules import registry
from rules.carcassonne_hg import phrases as ph
from rules.carcassonne_hg import text
from rules.carcassonne_hg.data import TILES
from rules.core import IllegalMove, Rng, random_playout

from .test_carcassonne_hg import BLUE, RED, blank, figure, forest_row, hand, play_tile

GAME = registry.get("carcassonne_hg")


def finished(players: int, seed: int):
    play = random_playout(GAME, players, seed=seed)
    assert play.finished
    return play.state


def scored_during_play(players: int, seed: int) -> list[list[int]]:
    """[forests, rivers] per seat, summed from the scoring events of a replayed game."""
    play = random_playout(GAME, players, seed=seed)
    state = GAME.setup(players, seed, {})
    out = [[0, 0] for _ in range(players)]
    for move in play.moves:
        state, events = GAME.apply(state, move)
        for event in events:
            if event.said.key not in (ph.SCORES.key, ph.SCORE_EACH.key):
                continue
            what = event.said.params["what"]["key"]
            column = {ph.FOREST_DONE.key: 0, ph.FOREST_DONE_MUSHROOMS.key: 0, ph.RIVER_DONE.key: 1}.get(what)
            if column is None:
                continue          # final scoring: huts and hunters
            for seat in map(int, re.findall(r"\{p(\d+)\}", event.text)):
                out[seat][column] += event.said.params["n"]
    return out


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 8), (5, 21)])
def test_each_players_breakdown_adds_up_to_the_score_and_matches_the_events(players, seed):
    state = finished(players, seed)
    lines = GAME.result(state).summary_said.params["players"]["lines"]
    during = scored_during_play(players, seed)
    for s, line in enumerate(lines):
        p = line["params"]
        assert line["key"] == ph.SCORE_LINE.key and p["who"] == f"{{p{s}}}"
        assert p["forests"] + p["rivers"] + p["huts"] + p["hunters"] == p["total"] == state.scores[s]
        assert [p["forests"], p["rivers"]] == during[s]
    assert any(p["params"]["huts"] or p["params"]["hunters"] for p in lines), "the final scoring counts"


def test_the_winner_line_counts_the_winners():
    state = finished(3, 8)
    result = GAME.result(state)
    wins = result.summary_said.params["wins"]
    assert wins["params"]["n"] == result.ranks.count(1) == len(wins["params"]["winners"]["list"])
    assert wins["params"]["best"] == {"key": "carcassonne_hg.points", "params": {"n": max(state.scores)}}


def test_a_game_stored_before_the_breakdown_still_sums_its_points():
    state = finished(2, 3)
    data = GAME.to_json(state)
    del data["during"]
    old = GAME.from_json(data)
    assert old.during is None and "during" not in GAME.to_json(old)
    lines = GAME.result(old).summary_said.params["players"]["lines"]
    for s, line in enumerate(lines):
        p = line["params"]
        assert line["key"] == ph.SCORE_LINE_OLD.key
        assert p["during"] + p["huts"] + p["hunters"] == p["total"] == state.scores[s]


def test_a_forest_scored_during_play_counts_for_forests_only():
    state = blank()
    a, *_ = forest_row(state, ["T37", "T38"])
    state.during = [[0, 0], [0, 0]]
    figure(state, RED, "gatherer", a, 0)
    hand(state, RED, "T37")
    state, texts = play_tile(state, 2, 0, 3)
    assert state.during == [[state.scores[RED], 0], [0, 0]] and state.scores[RED] > 0


def test_ties_say_each_and_name_both():
    state = blank()
    a, b, _c, _d = forest_row(state, ["T37", "T38", "T39", "T38"])
    figure(state, RED, "gatherer", a, 0)
    figure(state, BLUE, "gatherer", b, 1)
    hand(state, RED, "T37")
    state, texts = play_tile(state, 4, 0, 3)
    assert "{p0} and {p1} score 10 points each for a completed forest (5 parts)." in texts


def test_refusals_give_the_numbers():
    state = GAME.setup(3, 11, {})
    spots = len(GAME.view(state, None)["spots"])
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(state, state.turn, str(spots + 1))
    assert refused.value.said.params == {"k": spots + 1, "last": spots}
    assert f"1–{spots}" in str(refused.value)


def figure_step(seed: int):
    """A position of a random game where the seat to act has a figure step."""
    state, rng = GAME.setup(2, seed, {}), Rng(seed)
    while state.phase != "figure":
        moves = GAME.legal_moves(state, state.turn)
        state, _ = GAME.apply(state, moves[rng.randbelow(len(moves))])
    return state


def test_the_supply_refusals_give_the_counts():
    state = figure_step(4)
    seat = state.turn
    state.men[seat], state.recovered = 1, 1           # his one man came home this very turn (bonus tile)
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(state, seat, "hunter nowhere")
    assert refused.value.said.key == ph.R_CAME_HOME.key and refused.value.said.params["n"] == 1
    assert str(refused.value).startswith("1 of your men came home this turn: it can only")
    state.men[seat], state.recovered = 0, 0
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(state, seat, "fisher nowhere")
    assert str(refused.value) == "You have no man left in your supply: your 5 men are out on the map."


# zone names as the notation page of /rules describes them
SIDES = r"n?e?s?w?"
FORMS = {"forest": re.compile(rf"^(?=[nesw]){SIDES}\d?$"), "river": re.compile(rf"^(?=[nesw]){SIDES}\d?$"),
         "meadow": re.compile(r"^(n|e|s|w|ne|se|sw|nw)\d?$"), "lake": re.compile(rf"^lake( (?=[nesw]){SIDES})?\d?$")}


def test_every_zone_name_is_one_of_the_forms_rules_teaches():
    for tile in TILES:
        for rot in range(4):
            for zone, name in zip(tile.zones, text.zone_names(tile, rot), strict=True):
                assert FORMS[zone.kind].match(name), (tile.id, rot, zone.kind, name)
    for locale in ("en", "fr"):
        notation = {page.topic: page.text for page in pages_of(GAME, locale)}["notation"]
        for example in ("`nsw`", "`lake`", "`lake ns`", "`n1`", "`hunter nw`", "`none`"):
            assert example in notation, (locale, example)


def test_figure_labels_name_the_feature_and_the_zone_in_words():
    """`hunter nw` reads "hunter in the north-west meadow" (issue 27: the label says the zone in words;
    test_carcassonne_hg_zone_words.py checks the French)."""
    rng = Rng(5)
    state = GAME.setup(2, 5, {})
    seen = set()
    while GAME.to_act(state) and len(seen) < 5:
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        for move in moves:
            if state.phase != "figure":
                break
            role, _, zone = move.notation.partition(" ")
            seen.add(role)
            feature = {"hunter": "meadow", "gatherer": "forest", "fisher": "river", "none": None}.get(role)
            tile_id, _x, _y, rot = state.board.placed[state.current]
            words = dict(zip(text.zone_names(TILES[tile_id], rot), text.zone_words(TILES[tile_id], rot), strict=True))
            if role == "hut":
                assert move.label == f"hut on {words[zone].english()}"
                assert re.fullmatch(r"hut on the (lake|[a-z, –-]+ river)", move.label)
            elif feature:
                assert move.label == f"{role} {'on' if role == 'fisher' else 'in'} {words[zone].english()}"
                assert re.fullmatch(rf"{role} (in|on) the [a-z, –-]+ {feature}", move.label)
                assert f" {zone} " not in f" {move.label} "
            else:
                assert move.label == "no figure"
        state, _ = GAME.apply(state, moves[rng.randbelow(len(moves))])
    assert {"hunter", "none"} <= seen


def test_placement_labels_say_where_as_the_log_does():
    state = GAME.setup(2, 9, {})
    for move in GAME.legal_moves(state, state.turn):
        _, x, y, r = move.data
        after, events = GAME.apply(state, move)
        placed = events[0].said.params["where"]
        assert move.said.params["where"] == placed
        assert move.label.startswith(f"spot {move.notation[:-1]} (") and move.label.endswith(f"({90 * r}°)")
