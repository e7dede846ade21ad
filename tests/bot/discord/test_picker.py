"""The move picker through discord.py's own objects, with the HTTP layer captured (issue 26):
a game played from the start post to the final score by pressing components only — the
turn post's "Your move", the picker's buttons and select menus, then Confirm on the preview —
by a client made fresh for every press, as after a restart; and what Discord receives: private
steps edited in place, custom ids and labels within Discord's limits, a preview image, a kind
refusal for anyone but the player to act."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord.picker_items import ITEMS
from rules.core import Rng
from tests.bot.discord.harness import invoke, make_client, press, slash

ANN = dict(user_id=1, name="Ann")
BOB = dict(user_id=2, name="Bob")
EVE = dict(user_id=5, name="Eve")
PEOPLE = {1: ANN, 2: BOB}


def fresh(service):
    """A client that has never seen the components it is pressed on (a restart)."""
    client = make_client(service)
    client.add_dynamic_items(*ITEMS)
    return client


def components(sent) -> list[dict]:
    return [c for row in sent.payload.get("data", sent.payload).get("components") or [] for c in row["components"]]


def check_limits(items: list[dict]) -> None:
    for item in items:
        assert len(item["custom_id"]) <= 100
        if item["type"] == 2:
            assert 1 <= len(item["label"]) <= 80
        else:
            assert 1 <= len(item["options"]) <= 25
            assert all(1 <= len(o["label"]) <= 100 for o in item["options"])


CHOOSER = Rng(11)


async def take_turn(service, wire, who: dict) -> int:
    """Press "Your move", then a random option of every step (of a menu or of the buttons), then
    Confirm. Returns the presses it took."""
    wire.sent.clear()
    await press(fresh(service), "hearth:play:100", **who)
    presses = 1
    for _ in range(30):
        shown = wire.messages()[-1]
        assert shown.ephemeral or shown.method == "PATCH", "picker steps are private"
        items = components(shown)
        check_limits(items)
        confirm = [i for i in items if i["custom_id"].startswith("hearth:pc:")]
        wire.sent.clear()
        presses += 1
        if confirm:
            assert "preview.png" in shown.files or not service.context.boards.enabled
            client = fresh(service)
            await press(client, confirm[0]["custom_id"], **who)
            # the AI seats answer in their own post, in a task of the client's: wait for it
            await asyncio.gather(*getattr(client, "later_tasks", set()))
            return presses
        menus = [i for i in items if i["type"] == 3]
        if menus:
            menu = menus[CHOOSER.randbelow(len(menus))]
            value = menu["options"][CHOOSER.randbelow(len(menu["options"]))]["value"]
            await press(fresh(service), menu["custom_id"], values=[value], **who)
        else:
            options = [i for i in items if i["custom_id"].startswith("hearth:pk:") and i["label"] != "Back"]
            assert len(options) >= 2, "never a question with one answer"
            await press(fresh(service), options[CHOOSER.randbelow(len(options))]["custom_id"], **who)
    pytest.fail("no Confirm after 30 presses")


async def test_a_whole_game_by_components_only(service, wire):
    client = fresh(service)
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    wire.sent.clear()
    await invoke(client, slash("game", sub="start"), **ANN)
    start = [m for m in wire.messages() if not m.ephemeral][-1]
    assert [(c["label"], c["custom_id"]) for c in components(start)] == [("Your move", "hearth:play:100")]
    decisions = 0
    while (row := await service.store.open_game_in(100)) is not None:
        state = service.context.state_of(row)
        seat = service.context.game_of(row).to_act(state)[0]
        seats = await service.store.seats(row.id)
        presses = await take_turn(service, wire, PEOPLE[seats[seat].user_id])
        assert presses <= 8
        after = await service.store.game(row.id)
        assert after.version > row.version, "Confirm played the move"
        decisions += 1
        assert decisions < 200
    assert decisions >= 4


async def test_someone_else_pressing_your_move_is_refused_kindly(service, wire):
    client = fresh(service)
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)
    for who, words in ((BOB, "not your turn"), (EVE, "not playing")):
        wire.sent.clear()
        await press(fresh(service), "hearth:play:100", **who)
        answer = wire.messages()[-1]
        assert answer.ephemeral and words in answer.content and not components(answer)


async def test_a_select_menu_pages_a_long_choice(service, wire):
    """Clans opens with 270 moves: the picker never shows more than 25 options at once."""
    client = fresh(service)
    await invoke(client, slash("game", {"game": "clans"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", {"order": "join"}, sub="start"), **ANN)
    row = await service.store.open_game_in(100)
    state = service.context.state_of(row)
    seats = await service.store.seats(row.id)
    who = PEOPLE[seats[service.context.game_of(row).to_act(state)[0]].user_id]
    presses = await take_turn(service, wire, who)
    assert presses <= 8
    assert (await service.store.game(row.id)).version > row.version


async def test_an_older_posts_buttons_are_removed_when_the_game_moves_on(service, wire, monkeypatch):
    from tests.bot.discord.harness import Rest
    rest = Rest(monkeypatch)
    client = fresh(service)
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    wire.sent.clear()
    await invoke(client, slash("game", sub="start"), **ANN)
    start = [m for m in wire.messages() if not m.ephemeral and components(m)][-1]
    rest.calls.clear()
    for move in ("take 1", "end"):
        await invoke(client, slash("move", {"move": move}), **ANN)
    retired = [c for c in rest.calls if c[0] == "PATCH" and "content" not in c[2]]
    assert retired and all(c[2].get("components") == [] for c in retired)
    assert any(c[1].startswith("/channels/100/messages/") for c in retired)
    assert start.payload.get("data", start.payload)["components"], "the start post had its button"


async def test_a_turn_dm_carries_your_move(service, wire, monkeypatch):
    from tests.bot.discord.harness import Rest
    rest = Rest(monkeypatch)
    client = fresh(service)
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("notify", {"mode": "dm"}), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)
    rest.calls.clear()
    for move in ("take 1", "end"):
        await invoke(client, slash("move", {"move": move}), **ANN)
    dms = [c for c in rest.calls if c[0] == "POST" and "Your turn in **Pebbles**" in c[2].get("content", "")]
    assert dms, "Bob's turn DM has the button"
    button = dms[-1][2]["components"][0]["components"][0]
    assert button["custom_id"] == "hearth:play:100"
    # pressed from the DM (another channel), it opens the picker of the game's channel
    wire.sent.clear()
    await press(fresh(service), button["custom_id"], channel_id=555, **BOB)
    picker = wire.messages()[-1]
    assert picker.ephemeral and components(picker)


def test_a_long_choice_is_up_to_four_menus_then_pages():
    from bot.discord.picker_items import picker_view
    from bot.table import Picker

    def shown(n: int, page: int = 0):
        view = picker_view(Picker(1, 7, (2,), "?", [f"option {i}" for i in range(n)], page), 100, "en")
        return view.to_components()

    rows = shown(60)
    menus = [c for row in rows for c in row["components"] if c["type"] == 3]
    assert [len(m["options"]) for m in menus] == [25, 25, 10]
    assert len({m["custom_id"] for m in menus}) == 3, "custom ids are unique in a message"
    assert [o["value"] for o in menus[2]["options"]][0] == "50"
    buttons = [c for row in rows for c in row["components"] if c["type"] == 2]
    assert [b["label"] for b in buttons] == ["Back"], "no page to turn below 100 options"
    rows = shown(130, page=1)
    assert len(rows) <= 5
    menus = [c for row in rows for c in row["components"] if c["type"] == 3]
    assert [m["options"][0]["value"] for m in menus] == ["100", "125"]
    assert [c["label"] for row in rows for c in row["components"] if c["type"] == 2] == ["More…", "Back"]


@pytest.mark.parametrize("key", ["clans", "carcassonne_hg", "first_sparks", "fire_and_stone", "neanderthal"])
async def test_every_game_to_its_end_against_an_ai_by_components_only(store, clock, wire, key):
    """One person against an AI seat (level easy), every decision by presses on a fresh client."""
    from bot.table import TableService
    service = TableService(store, clock, render_images=False)
    client = fresh(service)
    await invoke(client, slash("game", {"game": key, "ai": 1, "level": "easy"}, sub="new"), **ANN)
    row = await service.store.open_game_in(100)
    if row.status == "lobby":
        await invoke(client, slash("game", sub="start"), **ANN)
    await asyncio.gather(*getattr(client, "later_tasks", set()))   # an AI that opens plays after the start's post
    decisions = 0
    while (row := await service.store.open_game_in(100)) is not None:
        clock.advance(20)   # a person's pace (the move rate limit)
        before = row.version
        await take_turn(service, wire, ANN)
        assert (await service.store.game(row.id)).version > before, "Confirm played the move"
        decisions += 1
        assert decisions < 2000
    assert (await service.store.latest_game_in(100)).status == "finished"


async def test_a_move_posts_before_the_ai_answers_it(service, wire, monkeypatch):
    """Issue 29, point 4: the player's move goes out as the command's answer; the AI seat's turn
    follows in a post of its own in the channel, played after it."""
    from tests.bot.discord.harness import Rest
    rest = Rest(monkeypatch)
    client = fresh(service)
    await invoke(client, slash("game", {"game": "pebbles", "ai": 1, "level": "easy"}, sub="new"), **ANN)
    row = await service.store.open_game_in(100)
    if row.status == "lobby":
        await invoke(client, slash("game", sub="start"), **ANN)
    wire.sent.clear()
    rest.calls.clear()
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    mine = [m for m in wire.messages() if not m.ephemeral and "Ann ends." in m.content]
    assert mine and "takes" not in mine[-1].content.split("Ann ends.")[1], "the AI's turn is not in Ann's post"
    await asyncio.gather(*getattr(client, "later_tasks", set()))
    theirs = [c for c in rest.calls if c[0] == "POST" and c[1] == "/channels/100/messages"
              and "Hearth AI" in c[2].get("content", "")]
    assert theirs, "the AI seat's turn came in a post of its own"
