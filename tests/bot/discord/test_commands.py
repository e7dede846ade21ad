"""The Discord adapter through discord.py's own objects: interactions built
from Discord-shaped payloads, run by the real command tree, with the HTTP
layer captured. We assert what Discord would receive."""

from __future__ import annotations

import pytest

from bot.discord.buttons import MoveButton, ResignButton, UndoButton
from tests.bot.discord.harness import (
    autocomplete,
    interaction_payload,
    invoke,
    make_client,
    press,
    run_payload,
    slash,
)


@pytest.fixture
def client(service):
    c = make_client(service)
    c.add_dynamic_items(MoveButton, UndoButton, ResignButton)
    return c


ANN = dict(user_id=1, name="Ann")
BOB = dict(user_id=2, name="Bob")
EVE = dict(user_id=5, name="Eve")


async def seat_two(client):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)


async def test_every_command_is_deferred_first(client, wire):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    first = wire.sent[0]
    assert "/callback" in first.path and first.payload["type"] == 5, "deferred (type 5) before any work"
    assert first.payload["data"]["flags"] & 64, "the 'thinking' note is private"


async def test_turn_post_is_public_with_board_and_mention(client, wire):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "take 2"}), **ANN)
    # issue 15: a sub-step's public event is posted at once (this test asserted a private sub-step before)
    public = [m for m in wire.messages() if not m.ephemeral and m.method == "POST"]
    assert len(public) == 1 and "Ann takes 2." in public[0].content and public[0].files == ["board.png"]
    assert not public[0].payload["allowed_mentions"]["users"], "Ann goes on: nobody is pinged"
    step = wire.messages()[-1]
    assert step.ephemeral and "continues" in step.content, "the mover alone reads where they are"
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    public = [m for m in wire.messages() if not m.ephemeral and m.method == "POST"]
    assert len(public) == 1, "one public message per command"
    post = public[0]
    assert post.content.startswith("<@2>") and "Ann ends." in post.content and "Ann takes 2." not in post.content
    assert post.files == ["board.png"]
    assert [str(u) for u in post.payload["allowed_mentions"]["users"]] == ["2"]
    assert post.payload["allowed_mentions"]["parse"] == []


async def test_errors_are_ephemeral_and_friendly(client, wire):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "take 1"}), **BOB)
    reply = wire.messages()[-1]
    assert reply.ephemeral and "not your turn" in reply.content.lower()
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "take 1"}), **EVE)
    assert wire.messages()[-1].ephemeral and "not playing" in wire.messages()[-1].content


async def test_hand_is_private(client, wire):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("hand"), **ANN)
    reply = wire.messages()[-1]
    assert reply.ephemeral and "secret number" in reply.content


async def test_autocomplete_offers_filtered_legal_moves(client, wire):
    await seat_two(client)
    wire.sent.clear()
    await autocomplete(client, slash("move", {"move": "ta"}, focused="move"), **ANN)
    answer = wire.callbacks()[-1].payload
    assert answer["type"] == 8
    values = [c["value"] for c in answer["data"]["choices"]]
    assert values == ["take 1", "take 2", "take 3"]
    wire.sent.clear()
    await autocomplete(client, slash("move", {"move": ""}, focused="move"), **BOB)
    assert wire.callbacks()[-1].payload["data"]["choices"] == [], "nothing to offer out of turn"


async def test_a_sub_step_offers_your_move_and_old_move_buttons_still_work(client, wire, service):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    step = wire.messages()[-1]
    buttons = [c for row in step.payload["components"] for c in row["components"]]
    assert [(b["label"], b["custom_id"]) for b in buttons] == [("Your move", "hearth:play:100")]
    # a move button of an older release's post, pressed on a new client (as after a restart),
    # still plays from its custom id alone
    row = await service.store.open_game_in(100)
    custom_id = f"hearth:mv:100:{row.version}:1"
    fresh = make_client(service)
    fresh.add_dynamic_items(MoveButton, UndoButton, ResignButton)
    wire.sent.clear()
    await press(fresh, custom_id, **ANN)
    post = [m for m in wire.messages() if not m.ephemeral][-1]
    assert "Ann shouts." in post.content
    # pressing it again: the game has moved on, the button is refused
    wire.sent.clear()
    await press(fresh, custom_id, **ANN)
    assert wire.messages()[-1].ephemeral and "earlier position" in wire.messages()[-1].content


async def test_upload_limit_respected(client, wire):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    wire.sent.clear()
    payload = interaction_payload(2, slash("game", sub="start"), **ANN, upload_limit=100)
    await run_payload(client, payload)
    post = [m for m in wire.messages() if not m.ephemeral][-1]
    assert post.files == [] and "upload limit" in post.content


async def test_french_locale_gets_french_replies(client, wire):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "take 1"}), **BOB, locale="fr")
    assert "Ce n'est pas votre tour" in wire.messages()[-1].content


async def test_moderator_may_cancel(client, wire):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("game", sub="cancel"), **EVE)
    assert wire.messages()[-1].ephemeral
    wire.sent.clear()
    await invoke(client, slash("game", sub="cancel"), user_id=7, name="Mod", manage=True)
    assert "cancelled" in wire.messages()[-1].content


async def test_command_payload_fits_discord_limits():
    from bot.discord.client import command_payload
    payload = command_payload()
    names = {c["name"] for c in payload}
    assert {"game", "move", "board", "hand", "log", "undo", "resign", "rules"} <= names
    def walk(cmds):
        for c in cmds:
            assert 1 <= len(c["name"]) <= 32 and c["name"] == c["name"].lower()
            assert 1 <= len(c["description"]) <= 100
            for ch in c.get("choices", []):
                assert len(ch["name"]) <= 100
            yield c
            yield from walk([o for o in c.get("options", []) if "description" in o])
    assert len(list(walk(payload))) > 15
    assert len(payload) <= 100
