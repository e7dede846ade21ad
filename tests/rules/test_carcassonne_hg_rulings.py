"""Carcassonne: Hunters & Gatherers — rulings of issue 20 (the French rulebook decides)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.carcassonne_hg import GAME
from rules.carcassonne_hg.state import MEN
from rules.core import IllegalMove

from .test_carcassonne_hg import BLUE, RED, blank, figure, forest_row, hand, play_tile

MAN_ROLES = {"hunter", "gatherer", "fisher"}


def _nugget_forest_completed_by_red(men_before: int, huts: int = 0):
    """Red's gatherer sits in a four-tile forest with a gold nugget; Red closes it with a
    fifth tile and so draws a bonus tile. Red holds ``men_before`` men in supply before
    placing that gatherer (the others are out on the map) and ``huts`` huts."""
    state = blank()
    a, *_ = forest_row(state, ["T37", "T38", "T39", "T38"])
    state.men[RED], state.huts[RED] = men_before, huts
    figure(state, RED, "gatherer", a, 0)
    hand(state, RED, "T37")
    state, texts = play_tile(state, 4, 0, 3)
    assert any("gold nugget" in t for t in texts)
    assert state.turn == RED and state.in_bonus and state.phase == "place"
    return state


def _man_options_on_bonus_tile(state) -> set[str]:
    """Every figure notation offered for a man, over every spot of the bonus tile."""
    offered = set()
    for spot in GAME.legal_moves(state, RED):
        after, _ = GAME.apply(state, spot)
        if after.phase == "figure" and after.turn == RED:
            offered |= {m.notation for m in GAME.legal_moves(after, RED) if m.notation.split()[0] in MAN_ROLES}
    return offered


def test_a_man_who_came_home_this_turn_is_not_placed_again_on_the_bonus_tile():
    """Rulebook, "Retour des hommes dans la réserve des joueurs": « Cela ne se produit cependant
    qu'à la fin du tour du joueur, et donc après qu'il a pu éventuellement placer un homme ou une
    hutte. Un joueur ne peut donc pas replacer au même tour un homme qu'il vient de récupérer. »
    And the bonus tile is the same turn ("Forêt achevée et tuiles bonus"): the player « "rejoue"
    ensuite, posant cette tuile … et peut de nouveau placer sur cette tuile un homme ou une hutte »;
    after a second nugget forest « son tour s'arrête là »."""
    state = _nugget_forest_completed_by_red(men_before=1)
    assert state.scores[RED] == 10 and state.men[RED] == 1          # scored; his only man came home…
    assert _man_options_on_bonus_tile(state) == set()              # …but not to be placed this turn
    spot = GAME.legal_moves(state, RED)[0]
    after, _ = GAME.apply(state, spot)
    if after.phase == "figure":
        with pytest.raises(IllegalMove, match="came home this turn"):
            GAME.parse(after, RED, "gatherer n")
        after, _ = GAME.apply(after, GAME.parse(after, RED, "none"))
    assert after.turn == BLUE and after.recovered == 0 and after.men[RED] == 1   # the turn is over


def test_men_already_in_supply_may_still_go_on_the_bonus_tile():
    """The same rule keeps the others free: « peut de nouveau placer sur cette tuile un homme ».
    With one more man in supply, a man may go on the bonus tile (only the recovered one waits)."""
    state = _nugget_forest_completed_by_red(men_before=2)
    assert state.men[RED] == 2 and state.recovered == 1
    assert _man_options_on_bonus_tile(state)


def test_the_wait_is_stored_with_the_game():
    """A game saved during the bonus tile keeps the rule; other positions keep their stored form."""
    state = _nugget_forest_completed_by_red(men_before=1)
    loaded = GAME.load(GAME.dump(state))
    assert loaded.recovered == 1 and _man_options_on_bonus_tile(loaded) == set()
    assert "recovered" not in GAME.to_json(GAME.setup(2, 1, {}))
    assert GAME.setup(2, 1, {}).men == [MEN, MEN]


def test_the_youngest_picks_the_first_player_so_the_table_draws_one():
    """Rulebook, "Mise en place": « Le joueur le plus jeune décide qui sera le premier joueur. »
    The table does not know who is youngest: the first player is left to chance."""
    assert GAME.first_player == "random"
    english, french = GAME.first_player_rule
    assert english and french and english != french
    quote = "Le joueur le plus jeune décide qui sera le premier joueur"
    assert f"« {quote} »" in french   # issue 27: English quotes it in English, as our translation
    assert '"The youngest player decides who will be the first player", our translation' in english
    rulebook = Path("/work/shared/rulebooks/carcassonne_hunters_gatherers.fr.txt")
    if rulebook.exists():                      # the quote is the rulebook's own words
        assert quote in rulebook.read_text(encoding="utf-8")
