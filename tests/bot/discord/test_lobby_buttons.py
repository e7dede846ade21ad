"""A table fills and starts by taps: the lobby's posts carry Join, Add an AI (one a level) and Start buttons, each
running its command for the presser with the same checks as typing it (discord.py's own objects, the
HTTP layer captured)."""

from __future__ import annotations

import dataclasses

from bot.discord.buttons import CommandButton
from tests.bot.conftest import ANN as ANN_ACTOR
from tests.bot.conftest import HERE
from tests.bot.discord.harness import invoke, make_client, press, slash

ANN = dict(user_id=1, name="Ann")
BOB = dict(user_id=2, name="Bob")
CID = dict(user_id=3, name="Cid")


def fresh(service):
    """A client as after a restart: only the buttons' custom ids carry what a press needs."""
    client = make_client(service)
    client.add_dynamic_items(CommandButton)
    return client


def buttons(message) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for row in message.payload.get("components", []) for c in row["components"]}


def last_public(wire):
    return [m for m in wire.messages() if m.method == "POST" and not m.ephemeral][-1]


async def test_a_table_fills_and_starts_by_taps_with_the_typed_checks(service, wire):
    client = fresh(service)
    await invoke(client, slash("game", {"game": "fire_and_stone"}, sub="new"), **ANN)
    opened = buttons(last_public(wire))
    assert list(opened) == ["Join", "Add an easy AI", "Add a normal AI", "Add a hard AI"], \
        "no Start while one seat of the two needed is taken"
    assert opened["Join"] == "hearth:run:100:game.join"
    assert opened["Add a hard AI"] == "hearth:run:100:game.addai:level=hard"

    await press(fresh(service), opened["Join"], **BOB)
    joined = last_public(wire)
    assert "Bob joined. Seated: Ann, Bob." in joined.content
    seated = buttons(joined)
    assert list(seated) == ["Join", "Add an easy AI", "Add a normal AI", "Add a hard AI", "Start"]

    wire.sent.clear()
    await press(fresh(service), seated["Start"], **BOB)          # only the creator (or a moderator) starts
    [refused] = wire.messages()
    assert refused.ephemeral and "Only Ann (who opened the table) or a moderator can start it." in refused.content
    assert (await service.store.open_game_in(100)).status == "lobby"

    wire.sent.clear()
    await press(fresh(service), seated["Add a hard AI"], **CID)  # a spectator seats no AI
    assert wire.messages()[-1].ephemeral and "seated player" in wire.messages()[-1].content
    await press(fresh(service), seated["Add a hard AI"], **ANN)  # the level is in the button
    assert "Hearth AI · hard joined. Seated: Ann, Bob, Hearth AI · hard." in last_public(wire).content

    await press(fresh(service), seated["Start"], **ANN)
    assert "**Fire & Stone** begins!" in last_public(wire).content
    row = await service.store.open_game_in(100)
    assert row.status == "active" and len(await service.store.seats(row.id)) == 3

    wire.sent.clear()
    await press(fresh(service), opened["Join"], **CID)           # an old lobby button after the start
    [late] = wire.messages()
    assert late.ephemeral and "The game has already started" in late.content


async def test_a_full_table_offers_only_start_and_a_forged_button_runs_nothing(service, wire):
    client = fresh(service)
    await invoke(client, slash("game", {"game": "fire_and_stone", "ai": 3}, sub="new"), **ANN)
    assert list(buttons(last_public(wire))) == ["Start"], "four of four seats taken"
    wire.sent.clear()
    await press(client, "hearth:run:100:move", **ANN)             # /move needs an option: no button runs it
    await press(client, "hearth:run:100:nothing", **ANN)
    await press(client, "hearth:run:100:game.addai:level=ultra", **ANN)   # a level no button offers
    await press(client, "hearth:run:100:game.addai:order=join", **ANN)    # an option the command lacks
    await press(client, "hearth:run:100:game.new:game=clans", **ANN)     # an option with no fixed values
    assert wire.messages() == [] and wire.callbacks() == []
    assert (await service.store.open_game_in(100)).status == "lobby"


async def test_the_lobby_buttons_read_french_at_a_french_table(service):
    await service.note_guild_locale(HERE.guild_id, "fr")
    opened = await service.new_game(HERE, dataclasses.replace(ANN_ACTOR, locale="fr"), "neanderthal", seed=2)
    assert [(c.label, c.arg) for c in opened.choices] == [
        ("Rejoindre", "game join"), ("Ajouter une IA facile", "game addai level:easy"),
        ("Ajouter une IA normale", "game addai level:normal"), ("Ajouter une IA difficile", "game addai level:hard"),
        ("Lancer la partie", "game start")], \
        "Neanderthal has a solo mode: one seat is enough to start"
