"""Fire & Stone's final message names the winner ("X wins with N VP", a shared victory on a tie: the
rulebook breaks none) before each tribe's score in the rulebook's terms, like the other games."""

from __future__ import annotations

import copy

from bot.table.i18n import say
from rules import registry
from rules.core import random_playout
from rules.fire_and_stone import scoring


def finished(seed: int = 7):
    game = registry.get("fire_and_stone")
    play = random_playout(game, 3, seed=seed)
    assert play.finished
    return game, play.state


def test_the_summary_names_the_winner_then_every_tribe():
    game, state = finished()
    result = game.result(state)
    best = max(result.scores)
    [winner] = [s for s, r in enumerate(result.ranks) if r == 1]
    english = say("en", result.summary_said).splitlines()
    assert english[0] == f"{{p{winner}}} wins with {best} VP.", english
    assert [line.split(":")[0] for line in english[1:]] == ["{p0}", "{p1}", "{p2}"]
    assert all(" on the VP track + " in line and " for the objective “" in line for line in english[1:])
    french = say("fr", result.summary_said).splitlines()
    assert french[0] == f"{{p{winner}}} gagne avec {best} PV.", french
    assert all(" sur la piste des PV + " in line and " des cartes PV + " in line for line in french[1:])


def test_a_tie_shares_the_victory():
    game, state = finished()
    tied = copy.deepcopy(state)
    totals = [scoring.total(tied, s) for s in range(3)]
    top = max(totals)
    for s in (0, 1):                     # raise seats 0 and 1 to the same total on the VP track
        tied["p"][s]["vp"] += top + 5 - totals[s]
    result = game.result(tied)
    assert result.ranks[0] == result.ranks[1] == 1
    assert say("en", result.summary_said).splitlines()[0] == f"{{p0}} and {{p1}} win with {top + 5} VP."
    assert say("fr", result.summary_said).splitlines()[0] == f"{{p0}} et {{p1}} gagnent avec {top + 5} PV."
