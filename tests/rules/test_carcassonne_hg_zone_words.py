"""Carcassonne's zones in words (issue 27, "prairie nw"): the code a player types stays `hunter nw`,
but every sentence a person reads names the zone in the reader's language: "hunter in the
north-west meadow", « chasseur dans la prairie nord-ouest »; labels, the picker's options, the
events (what the channel and /log read) and the preview's lines alike."""

from __future__ import annotations

import re

import pytest

from bot.table.i18n import say
from rules import registry
from rules.carcassonne_hg import phrases as ph
from rules.carcassonne_hg import text
from rules.carcassonne_hg.data import BY_NAME, TILES
from rules.core import IllegalMove
from rules.picker import tree

GAME = registry.get("carcassonne_hg")

# seed 5, the first tile at spot 1 turned b: a figure may go in a forest reaching three sides, two
# meadows, a river and a lake
FIRST_TILE = "1b"
TYPED = ["gatherer nes", "hunter sw", "fisher w", "hunter nw", "hut lake", "none"]
FRENCH = {"gatherer nes": "cueilleur dans la forêt nord, est et sud", "hunter sw": "chasseur dans la prairie sud-ouest",
          "fisher w": "pêcheur sur la rivière ouest", "hunter nw": "chasseur dans la prairie nord-ouest",
          "hut lake": "hutte sur le lac", "none": "aucune figurine"}
FRENCH_EVENTS = {"gatherer nes": "{p0} place un cueilleur dans la forêt nord, est et sud.",
                 "hunter sw": "{p0} place un chasseur dans la prairie sud-ouest.",
                 "fisher w": "{p0} place un pêcheur sur la rivière ouest.",
                 "hunter nw": "{p0} place un chasseur dans la prairie nord-ouest.",
                 "hut lake": "{p0} place une hutte sur le lac."}
ENGLISH = {"gatherer nes": "gatherer in the north, east and south forest", "hunter sw": "hunter in the south-west meadow",
           "fisher w": "fisher on the west river", "hunter nw": "hunter in the north-west meadow",
           "hut lake": "hut on the lake", "none": "no figure"}
ENGLISH_EVENTS = {"gatherer nes": "{p0} puts a gatherer in the north, east and south forest.",
                  "hunter sw": "{p0} puts a hunter in the south-west meadow.",
                  "fisher w": "{p0} puts a fisher on the west river.",
                  "hunter nw": "{p0} puts a hunter in the north-west meadow.",
                  "hut lake": "{p0} builds a hut on the lake."}


def figure_step():
    state = GAME.setup(2, 5, {})
    state, _ = GAME.apply(state, GAME.parse(state, state.turn, FIRST_TILE))
    assert state.phase == "figure" and state.turn == 0
    return state


def codes_of(state) -> set[str]:
    """Every zone code of the tile just placed (`nes`, `sw`, `lake`…)."""
    tile_id, _x, _y, rot = state.board.placed[state.current]
    return set(text.zone_names(TILES[tile_id], rot))


def bare_codes(sentence: str, codes: set[str]) -> list[str]:
    """The zone codes a sentence shows as words of its own, outside `code` spans."""
    prose = re.sub(r"`[^`]*`", "", sentence)
    return [c for c in codes if re.search(rf"(?<![\w°]){re.escape(c)}(?![\w°])", prose)]


def test_the_position_offers_every_kind_of_zone():
    state = figure_step()
    assert [m.notation for m in GAME.legal_moves(state, 0)] == TYPED


def test_french_labels_options_events_and_preview_name_the_zone_in_french():
    state = figure_step()
    codes = codes_of(state)
    moves = GAME.legal_moves(state, 0)
    options = tree(GAME, state, 0).options
    assert [o.move.notation for o in options] == TYPED
    read = []
    for move, option in zip(moves, options, strict=True):
        label = say("fr", move.said)
        assert label == FRENCH[move.notation]
        shown = say("fr", option.label)
        if move.notation != "none":       # the picker's option ends with the code, for a typist
            assert shown == f"{FRENCH[move.notation]} (`{move.notation}`)"
        _after, events = GAME.apply(state, move)
        preview = GAME.preview(state, move, 0)
        lines = [say("fr", e.said) for e in events] + [say("fr", e.said) for e in preview.events]
        if move.notation != "none":
            assert lines.count(FRENCH_EVENTS[move.notation]) == 2      # played, and previewed
        read += [label, shown, *lines]
    for sentence in read:
        assert not bare_codes(sentence, codes), sentence
        assert "lake" not in re.sub(r"`[^`]*`", "", sentence), sentence


def test_english_reads_naturally():
    state = figure_step()
    for move in GAME.legal_moves(state, 0):
        assert move.label == ENGLISH[move.notation]
        _after, events = GAME.apply(state, move)
        if move.notation != "none":
            assert events[0].text == ENGLISH_EVENTS[move.notation]
    (step,) = GAME.move_path(state, GAME.parse(state, 0, "hunter nw"))
    assert say("en", step.label) == "hunter in the north-west meadow (`hunter nw`)"


@pytest.mark.parametrize("typed", TYPED)
def test_the_typed_notation_still_parses(typed):
    state = figure_step()
    assert GAME.parse(state, 0, typed).notation == typed
    start = GAME.setup(2, 5, {})
    whole = GAME.parse(start, start.turn, f"{FIRST_TILE} {typed}")
    assert whole.notation == f"{FIRST_TILE} {typed}"


def test_a_refusal_names_the_taken_zone_in_words():
    state = figure_step()
    tile_id, _x, _y, rot = state.board.placed[state.current]
    meadow = text.zone_names(TILES[tile_id], rot).index("nw")
    state.figures.append([1, "hunter", state.board.node(state.current, meadow)])   # the north-west meadow held
    state.options = []            # the figure step's choices, worked out again
    assert "hunter nw" not in [m.notation for m in GAME.legal_moves(state, 0)]
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(state, 0, "hunter nw")
    french = say("fr", refused.value.said)
    assert french.startswith("Impossible de placer un chasseur dans la prairie nord-ouest : cette prairie")
    assert str(refused.value).startswith("You cannot put a hunter in the north-west meadow: that meadow")
    assert french.endswith("Possible : `gatherer nes`, `hunter sw`, `fisher w`, `hut lake` ou `none`."), french


def test_a_tile_with_two_lakes_names_each_by_its_rivers():
    tile = TILES[BY_NAME["plain-T83"]]
    names = text.zone_names(tile, 0)
    lakes = {name: said for name, said in zip(names, text.zone_words(tile, 0), strict=True) if name.startswith("lake")}
    assert {n: say("fr", s) for n, s in lakes.items()} == {"lake ne": "le lac des rivières nord et est",
                                                           "lake sw": "le lac des rivières sud et ouest"}
    assert {n: s.english() for n, s in lakes.items()} == {"lake ne": "the lake of the north and east rivers",
                                                          "lake sw": "the lake of the south and west rivers"}


def test_two_zones_of_one_kind_with_one_name_are_told_apart():
    assert say("fr", text.zone_said("meadow", "n2")) == "la prairie nord (n° 2)"
    assert text.zone_said("meadow", "n1").english() == "the north meadow (no. 1)"
    assert say("fr", text.zone_said("river", "ns1")) == "la rivière nord-sud (n° 1)"


def test_every_zone_of_every_tile_reads_without_its_code_in_french():
    for tile in TILES:
        for rot in range(4):
            names = text.zone_names(tile, rot)
            for said in text.zone_words(tile, rot):
                assert not bare_codes(say("fr", said), set(names) | {"lake"}), (tile.name, rot, said)


def test_a_log_stored_before_still_reads_as_it_did():
    """A stored event keeps its key and parameters (the zone as its code): the old sentences stay declared."""
    old = {"key": "carcassonne_hg.event.puts_hunter", "params": {"who": "{p0}", "zone": "nw"}}
    assert say("en", old) == "{p0} puts a hunter in the meadow nw."
    assert say("fr", old) == "{p0} place un chasseur dans la prairie nw."
    assert ph.PUTS_OLD["hunter"].key == old["key"]
