"""`/game start order:…`: an order the table does not know is refused in the reader's language,
and the lobby is left as it was; the known ones, in either language and any case, still start."""

from __future__ import annotations

import pytest

from bot.table import Actor
from tests.bot.conftest import ANN, BOB, HERE, snapshot

ANN_FR = Actor(1, "Ann", locale="fr")


@pytest.mark.parametrize("order", ["backwards", "reverse", "1", "joinx"])
async def test_an_unknown_seat_order_is_refused(service, store, order):
    """`/game start order:backwards` was accepted as « join order, as asked »."""
    await service.new_game(HERE, ANN, "pebbles", seed=1)
    await service.join(HERE, BOB)
    before = await snapshot(store)
    reply = await service.start(HERE, ANN, order)
    assert not reply.ok and reply.ephemeral, reply.text
    assert "join" in reply.text and "random" in reply.text and order in reply.text, reply.text
    assert await snapshot(store) == before, "still in the lobby"
    french = await service.start(HERE, ANN_FR, order)
    assert not french.ok and "arrivée" in french.text and "hasard" in french.text, french.text
    assert (await service.start(HERE, ANN, "join")).ok


@pytest.mark.parametrize("order", ["random", "Hasard", " arrivée ", "JOIN"])
async def test_the_known_orders_still_start(service, order):
    await service.new_game(HERE, ANN, "pebbles", seed=1)
    await service.join(HERE, BOB)
    assert (await service.start(HERE, ANN, order)).ok
