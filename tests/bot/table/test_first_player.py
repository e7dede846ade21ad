"""Who starts (issue 20, point 13): `/game start` without an order follows the
rulebook's rule (`Game.first_player`): seats drawn at random where the rulebook
leaves it to chance or to a person the table cannot know, the seating order
otherwise; the start post says who starts and why. An order given by the
starter wins (any order other than random means the join order)."""

from __future__ import annotations

import pytest

from rules import registry
from tests.bot.conftest import ANN, BOB, CID, HERE
from tests.pebbles import Pebbles


class DrawnPebbles(Pebbles):
    key = "pebbles_drawn"
    first_player = "random"
    first_player_rule = ("the first player is drawn at random.", "le premier joueur est tiré au sort.")


GAME = DrawnPebbles()   # registry.register loads GAME from this module


@pytest.fixture(autouse=True)
def drawn():
    registry.register("pebbles_drawn", "tests.bot.table.test_first_player")
    yield
    registry.unregister("pebbles_drawn")


async def _seat(service, key: str, seed: int) -> None:
    await service.new_game(HERE, ANN, key, seed=seed)
    await service.join(HERE, BOB)
    await service.join(HERE, CID)


async def _order(service) -> list[str]:
    row = await service.store.open_game_in(HERE.channel_id)
    return [s.name for s in await service.store.seats(row.id)]


async def test_a_rulebook_that_draws_the_first_player_shuffles_the_seats(service):
    orders = set()
    for seed in range(1, 9):
        await _seat(service, "pebbles_drawn", seed)
        reply = await service.start(HERE, ANN)
        assert reply.ok, reply.text
        seated = await _order(service)
        orders.add(tuple(seated))
        assert f"{seated[0]} starts: the first player is drawn at random." in reply.text
        await service.cancel(HERE, ANN)
    assert len(orders) > 1, "eight seeds all kept the join order: the seats were not drawn"


async def test_a_seated_rulebook_keeps_the_join_order_and_says_so(service):
    await _seat(service, "pebbles", 3)
    reply = await service.start(HERE, ANN)
    assert await _order(service) == ["Ann", "Bob", "Cid"]
    assert "Ann starts (seating order)." in reply.text


async def test_the_starter_may_choose_the_order(service):
    await _seat(service, "pebbles_drawn", 5)
    reply = await service.start(HERE, ANN, "join")
    assert await _order(service) == ["Ann", "Bob", "Cid"]
    assert "Ann starts (join order, as asked)." in reply.text


async def test_french_start_post_quotes_the_rule_in_french(service):
    await _seat(service, "pebbles_drawn", 2)
    reply = await service.start(HERE, ANN.__class__(ANN.user_id, ANN.name, locale="fr"))
    first = (await _order(service))[0]
    assert f"{first} commence : le premier joueur est tiré au sort." in reply.text


async def test_any_other_typed_order_is_refused(service):
    """Issue 27: an order the table does not know was taken as the join order (« join order, as
    asked » for `order:backwards`); it is refused, and the lobby waits."""
    await _seat(service, "pebbles_drawn", 4)
    reply = await service.start(HERE, ANN, "alphabetical")
    assert not reply.ok and "'alphabetical' is neither" in reply.text


async def test_french_writes_no_capital_after_the_colon(service):
    """Issue 15: 'ann commence : le premier joueur est tiré au hasard', not '… : Le premier joueur …'."""
    import dataclasses
    anne = dataclasses.replace(ANN, locale="fr")
    await service.new_game(HERE, anne, "fire_and_stone", seed=2)
    await service.join(HERE, dataclasses.replace(BOB, locale="fr"))
    reply = await service.start(HERE, anne)
    assert " commence : le premier joueur est tiré au hasard (règle : « Déterminez" in reply.text, reply.text
