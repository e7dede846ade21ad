"""The First Sparks' final message names the winner (the largest clan; a tie on size goes to the most food
left, a tie on both is shared) before each clan's members and food, like the other games."""

from __future__ import annotations

from bot.table.i18n import say
from rules import registry
from rules.core import random_playout


def finished(seed: int = 3):
    game = registry.get("first_sparks")
    play = random_playout(game, 3, seed=seed)
    assert play.finished
    state = play.state.copy()
    return game, state


def headline(game, state, locale: str) -> str:
    return say(locale, game.result(state).summary_said).splitlines()[0]


def test_the_largest_clan_is_named_the_winner():
    game, state = finished()
    state.members[:3] = [[1, 2, 3, 4, 5], [6, 7], [8]]
    state.food[:3] = [0, 9, 9]
    assert headline(game, state, "en") == "{p0} wins with the largest clan: 5 members."
    assert headline(game, state, "fr") == "{p0} gagne avec le plus grand clan : 5 membres."
    lines = say("en", game.result(state).summary_said).splitlines()
    assert lines[1:] == ["{p0}: 5 members, 0 food left", "{p1}: 2 members, 9 food left", "{p2}: 1 member, 9 food left"]


def test_a_tie_on_size_goes_to_the_most_food_and_a_double_tie_is_shared():
    game, state = finished()
    state.members[:3] = [[1, 2, 3], [4, 5, 6], [7]]
    state.food[:3] = [2, 4, 9]
    assert headline(game, state, "en") == ("{p1} wins: the largest clans have 3 members, and the tie goes to the "
                                           "most food left (4).")
    assert headline(game, state, "fr").startswith("{p1} gagne : les plus grands clans ont 3 membres")
    state.food[0] = 4
    assert game.result(state).ranks[:2] == [1, 1]
    assert headline(game, state, "en") == ("{p0} and {p1} win: the largest clans have 3 members, and the most food "
                                           "left (4) is tied too.")
    assert headline(game, state, "fr").startswith("{p0} et {p1} gagnent : ")
