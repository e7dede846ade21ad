"""Async play through discord.py's own objects: every new slash command,
the hand-over button, DMs, the pinned status message edited in place, the
background notice task, threads and the French command tree. Interaction
replies go through the webhook adapter (``Wire``); channel messages, DMs,
pins and threads through the bot's HTTP client (``Rest``). Both are
captured, nothing reaches the network."""

from __future__ import annotations

import discord
import pytest
from discord.app_commands import TranslationContextLocation as Where

from bot.discord.buttons import AcceptButton, MoveButton, ResignButton, UndoButton
from bot.discord.client import payload_hash
from bot.discord.notice_loop import deliver_due
from bot.discord.translate import HearthTranslator, french
from bot.table import Actor, Place
from tests.bot.discord.harness import (
    Rest,
    discord_user,
    interaction_payload,
    invoke,
    make_client,
    press,
    run_payload,
    slash,
)

H = 3600.0
ANN = dict(user_id=1, name="Ann")
BOB = dict(user_id=2, name="Bob")
CID = dict(user_id=3, name="Cid")


@pytest.fixture
def rest(monkeypatch):
    return Rest(monkeypatch)


@pytest.fixture
def client(service):
    c = make_client(service)
    c.add_dynamic_items(MoveButton, UndoButton, ResignButton, AcceptButton)
    return c


def with_member(data: dict, option: str, uid: int, name: str, sub_index: int | None = None) -> dict:
    """Add a member option (type 6) and its resolved data to a slash payload."""
    opts = data["options"]
    opts.append({"name": option, "type": 6, "value": str(uid)})
    data["resolved"] = {"users": {str(uid): discord_user(uid, name)},
                        "members": {str(uid): {"roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False,
                                               "mute": False, "flags": 0, "nick": None,
                                               "permissions": "0"}}}
    return data


async def seat_two(client):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)


async def turn(client, who, *moves):
    for move in moves:
        await invoke(client, slash("move", {"move": move}), **who)


def last(wire, public: bool | None = None):
    msgs = [m for m in wire.messages() if m.method == "POST" and (public is None or m.ephemeral != public)]
    return msgs[-1]


# ------------------------------------------------------------ notifications, status, DMs


async def test_turn_post_pins_a_status_message_then_edits_it(client, wire, rest):
    await seat_two(client)
    pinned = rest.find("PUT", "/pins/")
    assert len(pinned) == 1, "the first turn post creates and pins the status message"
    created = rest.find("POST", "/channels/100/messages")
    assert created and created[-1][2]["content"].startswith("📌 **Pebbles** — Ann to play since <t:")
    message_id = pinned[0][1].rsplit("/", 1)[1]
    rest.calls.clear()
    await turn(client, ANN, "take 2", "end")
    edits = rest.find("PATCH", f"/channels/100/messages/{message_id}")
    assert len(edits) == 1 and "Bob to play" in edits[0][2]["content"] and "Ann: 2 points · Bob: 0 points" in edits[0][2]["content"]
    assert not rest.find("POST", "/channels/100/messages"), "edited in place, never re-posted"


async def test_notify_dm_sends_a_direct_message_instead_of_a_ping(client, wire, rest):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("notify", {"mode": "dm"}), **BOB)
    reply = wire.messages()[-1]
    assert reply.ephemeral and "**by direct message**" in reply.content
    rest.calls.clear()
    wire.sent.clear()
    await turn(client, ANN, "take 1", "end")
    post = last(wire, public=True)
    assert "<@2>" not in post.content and "Bob, your turn." in post.content
    assert post.payload["allowed_mentions"]["users"] == []
    assert rest.find("POST", "/users/@me/channels")[0][2] == {"recipient_id": 2}
    dm = [c for c in rest.find("POST", "/messages") if "Your turn in **Pebbles**" in c[2].get("content", "")]
    assert len(dm) == 1 and "<#100>" in dm[0][2]["content"]


async def test_closed_dms_fall_back_to_a_ping_in_the_channel(client, wire, rest, monkeypatch):
    """A player who chose DMs but does not accept them is pinged in the channel instead."""
    await seat_two(client)
    await invoke(client, slash("notify", {"mode": "dm"}), **BOB)
    answer = rest.answer

    class Closed:
        status, reason = 403, "Forbidden"

    def refusing(route, body):
        if route.method == "POST" and "Your turn in" in body.get("content", ""):
            raise discord.Forbidden(Closed(), {"code": 50007, "message": "Cannot send messages to this user"})
        return answer(route, body)

    monkeypatch.setattr(rest, "answer", refusing)
    rest.calls.clear()
    await turn(client, ANN, "take 1", "end")
    pings = [c for c in rest.find("POST", "/channels/100/messages") if "DMs are closed" in c[2].get("content", "")]
    assert len(pings) == 1 and pings[0][2]["content"].startswith("<@2>: your turn")
    assert [str(u) for u in pings[0][2]["allowed_mentions"]["users"]] == ["2"]


# ------------------------------------------------------------ the background task


async def test_notice_task_posts_reminders_and_deadline_actions(client, wire, rest, clock):
    await seat_two(client)
    await invoke(client, slash("game", {"reminder": 10, "deadline": 30, "policy": "auto"}, sub="settings"), **ANN)
    assert "deadline 30 h" in wire.messages()[-1].content
    await turn(client, ANN, "take 1", "end")
    rest.calls.clear()
    clock.advance(9 * H)
    assert await deliver_due(client) == 0 and not rest.calls
    clock.advance(2 * H)
    assert await deliver_due(client) == 1
    [reminder] = [c for c in rest.find("POST", "/channels/100/messages")]
    assert reminder[2]["content"].startswith("<@2> ⏰ Reminder: Bob")
    assert [str(u) for u in reminder[2]["allowed_mentions"]["users"]] == ["2"]
    assert await deliver_due(client) == 0, "sent once"
    rest.calls.clear()
    clock.advance(30 * H)
    assert await deliver_due(client) == 1
    posts = rest.find("POST", "/channels/100/messages")
    assert len(posts) == 1 and "⌛ Deadline: Bob did not move within 30 h" in posts[0][2]["content"]
    assert rest.find("PATCH", "/channels/100/messages/"), "the pinned status follows the table's move"


# ------------------------------------------------------------ every new command


async def test_settings_refused_to_others_and_shown(client, wire, service, store):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("game", {"deadline": 5}, sub="settings"), **BOB)
    assert wire.messages()[-1].ephemeral and "Only the creator" in wire.messages()[-1].content
    await invoke(client, slash("game", {"deadline": 5}, sub="settings"), user_id=7, name="Mod", manage=True)
    assert "deadline 5 h" in wire.messages()[-1].content
    await invoke(client, slash("game", sub="settings"), **CID)
    assert wire.messages()[-1].ephemeral and "deadline 5 h" in wire.messages()[-1].content


async def test_list_mine_remind_vacation_log_since(client, wire, clock):
    await seat_two(client)
    await turn(client, ANN, "take 1", "end")
    clock.advance(5 * H)
    wire.sent.clear()
    await invoke(client, slash("game", sub="list"), **CID)
    assert "Bob to play, for 5 h 0 min" in wire.messages()[-1].content
    await invoke(client, slash("game", sub="mine"), **BOB)
    assert wire.messages()[-1].ephemeral and "<#100>" in wire.messages()[-1].content
    await invoke(client, slash("remind"), **ANN)
    nudge = last(wire, public=True)
    assert nudge.content.startswith("<@2> Nudge from Ann")
    assert [str(u) for u in nudge.payload["allowed_mentions"]["users"]] == ["2"]
    await invoke(client, slash("remind"), **ANN)
    assert wire.messages()[-1].ephemeral and "nudge again" in wire.messages()[-1].content
    await invoke(client, slash("vacation", {"days": "2"}), **BOB)
    assert "Bob is on vacation" in last(wire, public=True).content
    await invoke(client, slash("log", {"since": "yes"}), **BOB)
    assert wire.messages()[-1].ephemeral and "Since your last move" in wire.messages()[-1].content


async def test_handover_button_only_for_the_named_member(client, wire, service):
    await seat_two(client)
    wire.sent.clear()
    await invoke(client, with_member(slash("handover"), "member", 3, "Cid"), **BOB)
    offer = last(wire, public=True)
    assert offer.content.startswith("<@3> Bob offers their seat")
    [button] = [c for row in offer.payload["components"] for c in row["components"]]
    assert button["custom_id"].startswith("hearth:take:100:") and button["label"] == "Take the seat"
    fresh = make_client(service)   # as after a restart
    fresh.add_dynamic_items(MoveButton, UndoButton, ResignButton, AcceptButton)
    wire.sent.clear()
    await press(fresh, button["custom_id"], **ANN)
    assert wire.messages()[-1].ephemeral and "no seat offered to you" in wire.messages()[-1].content
    await press(fresh, button["custom_id"], **CID)
    assert "Cid takes over Bob's seat" in last(wire, public=True).content
    await invoke(client, slash("accept"), **CID)
    assert wire.messages()[-1].ephemeral


async def test_replay_and_export_attach_files(client, wire):
    await seat_two(client)
    await turn(client, ANN, "take 2", "end")
    wire.sent.clear()
    await invoke(client, slash("replay"), **CID)
    post = last(wire, public=True)
    assert post.files == ["replay-pebbles-1.gif"] and "Replay of **Pebbles**: 3 frames" in post.content
    await invoke(client, slash("game", sub="export"), **ANN)
    assert wire.messages()[-1].ephemeral and wire.messages()[-1].files == [], "not while the game is on"
    await invoke(client, slash("resign", {"confirm": "yes"}), **BOB)
    await invoke(client, slash("game", sub="export"), **ANN)
    reply = wire.messages()[-1]
    assert reply.files == ["hearth-pebbles-1.json"] and "hearth local --load" in reply.content


async def test_replay_respects_the_interaction_upload_limit(client, wire):
    await seat_two(client)
    await turn(client, ANN, "take 2", "end")
    wire.sent.clear()
    payload = interaction_payload(2, slash("replay"), **ANN, upload_limit=3000)
    await run_payload(client, payload)
    post = last(wire, public=True)
    assert "scaled to fit the upload limit" in post.content or "skipped" in post.content


async def test_stats_with_a_member_option(client, wire):
    await seat_two(client)
    await invoke(client, slash("resign", {"confirm": "yes"}), **BOB)
    wire.sent.clear()
    await invoke(client, with_member(slash("stats"), "player", 2, "Bob"), **CID)
    reply = wire.messages()[-1]
    assert reply.ephemeral and reply.content.startswith("**Bob**: 1 game, 0 wins, average rank 2.00")
    assert "1. Ann" in reply.content


async def test_game_new_in_its_own_thread(client, wire, rest, service):
    wire.sent.clear()
    await invoke(client, slash("game", {"game": "pebbles", "thread": True}, sub="new"), **ANN)
    [thread_call] = rest.find("POST", "/channels/100/threads")
    assert thread_call[2]["type"] == 11 and thread_call[2]["name"].startswith("Pebbles")
    opened = [c for c in rest.find("POST", "/messages") if "opened a table of **Pebbles**" in c[2].get("content", "")]
    assert len(opened) == 1 and opened[0][1] != "/channels/100/messages", "announced inside the thread"
    assert "own thread: <#" in last(wire, public=True).content
    thread_id = int(opened[0][1].split("/")[2])
    assert (await service.store.open_game_in(thread_id)) is not None
    assert (await service.store.open_game_in(100)) is None, "the channel itself stays free"


async def test_bad_input_is_friendly_and_private(client, wire, store):
    from tests.bot.conftest import snapshot
    await seat_two(client)
    before = await snapshot(store)
    wire.sent.clear()
    for data in (slash("vacation", {"days": "lots"}), slash("game", {"policy": "x"}, sub="settings"),
                 slash("remind"), slash("accept")):
        await invoke(client, data, **ANN)
        reply = wire.messages()[-1]
        assert reply.ephemeral and "went wrong" not in reply.content, data
    assert await snapshot(store) == before


# ------------------------------------------------------------ languages


async def test_french_command_tree_and_replies(client, wire):
    tree = client.tree
    translator = HearthTranslator()
    await tree.set_translator(translator)
    payloads = [await cmd.get_translated_payload(tree, translator) for cmd in tree.get_commands()]
    by_name = {p["name"]: p for p in payloads}
    assert by_name["game"]["name_localizations"]["fr"] == "partie"
    settings = next(o for o in by_name["game"]["options"] if o["name"] == "settings")
    assert settings["name_localizations"]["fr"] == "réglages"
    assert settings["description_localizations"]["fr"].startswith("Rappels, délai")
    deadline = next(o for o in settings["options"] if o["name"] == "deadline")
    assert deadline["name_localizations"]["fr"] == "délai"
    assert by_name["move"]["name_localizations"]["fr"] == "jouer"

    def walk(items):
        for item in items:
            yield item
            yield from walk([o for o in item.get("options", []) if "description" in o])
    for item in walk(payloads):
        assert "fr" in item.get("description_localizations", {}), f"no French description for {item['name']}"
        fr = item.get("name_localizations", {}).get("fr")
        assert fr and fr == fr.lower() and len(fr) <= 32 and " " not in fr, item["name"]
    assert french("Show the board", Where.command_description) == "Afficher le plateau"

    await seat_two(client)
    wire.sent.clear()
    await invoke(client, slash("remind"), **ANN, locale="fr")
    assert "Personne" in wire.messages()[-1].content or "votre tour" in wire.messages()[-1].content
    await invoke(client, slash("notify", {"mode": "mute"}), **BOB, locale="fr")
    assert wire.messages()[-1].content == "Vos avis de tour : **aucun**."


async def test_server_language_is_used_for_reminders(client, wire, rest, clock):
    await seat_two(client)
    await turn(client, ANN, "take 1", "end")
    payload = interaction_payload(2, slash("game", {"reminder": 1}, sub="settings"), **ANN)
    payload["guild_locale"] = "fr"   # a French server (the caller's own locale stays English)
    await run_payload(client, payload)
    # the change is announced in the channel, so in the server's language too
    assert "rappel toutes les 1 h" in wire.messages()[-1].content
    rest.calls.clear()
    clock.advance(2 * H)
    await deliver_due(client)
    [post] = rest.find("POST", "/channels/100/messages")
    assert "⏰ Rappel : Bob, c'est votre tour" in post[2]["content"]


def test_payload_hash_covers_translations(monkeypatch, tmp_path):
    import shutil

    from bot.discord import translate
    before = payload_hash()
    copy = tmp_path / "locale"
    shutil.copytree(translate.LOCALE_DIR, copy)
    po = copy / "fr" / "LC_MESSAGES" / "commands.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "plateau"', 'msgstr "tablier"'), encoding="utf-8")
    monkeypatch.setattr(translate, "LOCALE_DIR", copy)
    assert payload_hash() != before, "a new translation means a new sync"


async def test_the_client_runs_a_notice_task_every_minute(client):
    from bot.discord.notice_loop import NOTICE_MINUTES, start_notice_loop
    loop = start_notice_loop(client)
    try:
        assert loop.is_running() and NOTICE_MINUTES == 1.0 and loop.minutes == 1.0
    finally:
        loop.cancel()


async def test_game_import_reads_the_attachment(client, wire, service, monkeypatch):
    await seat_two(client)
    await invoke(client, slash("resign", {"confirm": "yes"}), **BOB)
    await invoke(client, slash("game", sub="export"), **ANN)
    blob = (await service.export(Place(100, 10), Actor(1, "Ann"))).image

    async def get_from_cdn(http, url):
        assert url.endswith("/game.json")
        return blob
    monkeypatch.setattr(discord.http.HTTPClient, "get_from_cdn", get_from_cdn)
    data = slash("game", sub="import")
    data["options"][0]["options"] = [{"name": "file", "type": 11, "value": "55"}]
    data["resolved"] = {"attachments": {"55": {"id": "55", "filename": "game.json", "size": len(blob),
                                               "url": "https://cdn.discordapp.com/a/game.json",
                                               "proxy_url": "https://media.discordapp.net/a/game.json"}}}
    wire.sent.clear()
    await invoke(client, data, channel_id=300, **CID)
    post = last(wire, public=True)
    assert "Cid imported a finished game of **Pebbles**" in post.content
    assert (await service.store.latest_game_in(300)).state == (await service.store.latest_game_in(100)).state


async def test_looking_at_the_board_does_not_touch_the_pinned_status(client, wire, rest):
    await seat_two(client)
    rest.calls.clear()
    await invoke(client, slash("board"), **CID)
    await invoke(client, slash("game", sub="status"), **CID)
    assert not rest.find("PATCH", "/messages/") and not rest.find("POST", "/messages")
    await invoke(client, slash("resign", {"confirm": "yes"}), **BOB)
    [edit] = rest.find("PATCH", "/messages/")
    assert "1. Ann" in edit[2]["content"], "a resignation that ends the game updates the pin"


async def test_a_table_chooses_the_language_of_its_posts(client, wire, rest):
    """``/game settings lang:fr`` on an English server: the channel's posts of that game are French,
    each caller's private replies stay in their own language."""
    await seat_two(client)
    await invoke(client, slash("game", {"lang": "fr"}, sub="settings"), **ANN)
    said = last(wire, public=True).content
    assert said.startswith("Ann a modifié les réglages.") and "langue des messages publics : fr" in said
    await turn(client, ANN, "take 1", "end")
    post = last(wire, public=True).content
    assert "Bob, à vous de jouer." in post and "your turn" not in post
    await invoke(client, slash("game", sub="settings"), **BOB)
    mine = last(wire, public=False)
    assert mine.ephemeral and "language of the public posts: fr" in mine.content
    await invoke(client, slash("game", {"lang": "server"}, sub="settings"), **ANN)
    assert "language of the public posts: the server's" in last(wire, public=True).content
    await turn(client, BOB, "take 1", "end")
    assert "Ann, your turn." in last(wire, public=True).content


def test_the_lang_option_is_offered_and_translated(client):
    command = client.tree.get_command("game").get_command("settings")
    lang = next(p for p in command.parameters if p.name == "lang")
    assert [c.value for c in lang.choices] == ["en", "fr", "server"]
    assert french("lang", Where.parameter_name) == "langue"
    assert french(lang.description, Where.parameter_description).startswith("Langue des messages publics")
    assert french("the server's language", Where.choice_name) == "langue du serveur"
