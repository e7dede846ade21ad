"""The Discord adapter under bad input and faults, through discord.py's own
objects (tests/bot/discord/harness.py) with chosen requests failing as a
real Discord server fails them: 429, 404 Unknown Channel, 403 Missing
Permissions on attachments, 10062 expired interaction, 401 expired token.
The move stays saved, the bot says what it could not post where it can,
and nothing escapes to discord.py's error handler."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.discord.client import HearthClient
from bot.discord.replies import post
from bot.table import Reply
from tests.bot.discord.harness import channel_of, invoke, slash
from tests.reliability import harness as h
from tests.reliability.conftest import HOSTILE, dump

ANN = dict(user_id=1, name="Ann")
BOB = dict(user_id=2, name="Bob")
EVE = dict(user_id=5, name="Eve")


@pytest.fixture
async def service(store, clock):
    from bot.table import TableService
    return TableService(store, clock)      # with board images: attachments are part of the edge


@pytest.fixture
def errors(caplog):
    """ERROR records of discord.py and of the bot: an unhandled failure."""
    caplog.set_level(logging.INFO)
    return lambda: [r for r in caplog.records if r.levelno >= logging.ERROR]


async def seat_two(client):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)


async def version(store) -> int:
    return (await store.latest_game_in(100)).version


async def announced(store) -> int:
    return (await store.latest_game_in(100)).announced


# ------------------------------------------------------------------ faults


async def test_missing_attach_permission_posts_without_the_image(client, wire, store, errors):
    await seat_two(client)
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    wire.fail(h.with_files, h.MISSING_PERMISSIONS)
    before = await version(store)
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    assert await version(store) == before + 1, "the move stays saved"
    post_ = wire.public_posts()[-1]
    assert post_.files == [] and "could not attach the board image" in post_.content
    assert "Ann ends." in post_.content and post_.content.startswith("<@2>")
    assert await announced(store) == await version(store), "the turn was posted: it counts as announced"
    assert not errors()


async def test_file_too_large_for_the_server_posts_without_the_image(client, wire, store, errors):
    await seat_two(client)
    wire.fail(h.with_files, h.TOO_LARGE)
    await invoke(client, slash("board"), **EVE)
    answer = wire.messages()[-1]
    assert answer.files == [] and "too large" in answer.content
    assert not errors()


async def test_deleted_channel_keeps_the_move_and_owes_the_post(client, wire, store, service, errors):
    await seat_two(client)
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    wire.fail(h.followup, h.UNKNOWN_CHANNEL)
    wire.fail(h.edit_original, h.UNKNOWN_CHANNEL)
    before = await version(store)
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    assert await version(store) == before + 1, "the move stays saved"
    assert await announced(store) < await version(store), "never posted: still owed to the channel"
    assert [r for r, _ in await service.pending_announcements()], "the next start announces it"
    assert not errors()


async def test_rate_limited_by_discord_is_not_a_crash(client, wire, store, errors):
    await seat_two(client)
    wire.fail(h.followup, h.RATE_LIMITED, times=1)
    before = await version(store)
    await invoke(client, slash("move", {"move": "take 2"}), **ANN)
    assert await version(store) == before + 1
    assert not errors()
    # the next command goes through normally
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    assert "Ann ends." in wire.public_posts()[-1].content


async def test_expired_interaction_before_defer_runs_nothing(client, wire, store, db_path, errors):
    await seat_two(client)
    before = dump(db_path)
    wire.fail(h.callback, h.UNKNOWN_INTERACTION, times=1)
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    assert dump(db_path) == before, "an interaction we could not acknowledge does not play a move"
    assert not errors()


async def test_expired_token_falls_back_to_the_channel(client, wire, store, errors):
    """The interaction token lives 15 minutes: a slow answer to a public
    turn goes to the channel itself."""
    await seat_two(client)
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    wire.fail(h.followup, h.INVALID_TOKEN)
    wire.fail(h.edit_original, h.INVALID_TOKEN)
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    assert wire.channel_posts, "posted straight to the channel"
    sent = wire.channel_posts[-1]
    assert "/channels/" in sent.path and "Ann ends." in sent.payload["content"]
    assert sent.payload["allowed_mentions"]["parse"] == []
    assert await announced(store) == await version(store)
    assert not errors()


async def test_private_followup_failure_is_contained(client, wire, store, errors):
    await seat_two(client)
    wire.fail(lambda s: h.followup(s) and s.ephemeral, h.RATE_LIMITED)
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    await invoke(client, slash("hand"), **ANN)
    assert not errors()


async def test_every_request_failing_never_escapes(client, wire, store, errors):
    await seat_two(client)
    for make in (h.RATE_LIMITED, h.UNKNOWN_CHANNEL, h.MISSING_PERMISSIONS, h.UNKNOWN_INTERACTION,
                 h.INVALID_TOKEN, lambda: h.http_error(500, 0, "Internal Server Error")):
        wire.rules.clear()
        wire.fail(h.anything, make)
        for data in (slash("move", {"move": "take 1"}), slash("board"), slash("game", sub="status"),
                     slash("hand"), slash("log")):
            await invoke(client, data, **ANN)
    assert not errors()


async def test_a_bug_in_the_service_gives_a_polite_answer(client, wire, service, monkeypatch, errors):
    await seat_two(client)

    async def broken(*a, **k):
        raise RuntimeError("boom")
    monkeypatch.setattr(service, "board", broken)
    await invoke(client, slash("board"), **ANN)
    assert "went wrong on our side" in wire.messages()[-1].content and wire.messages()[-1].ephemeral


async def test_announce_pending_after_restart_handles_a_deleted_channel(service, store, wire, monkeypatch):
    from tests.reliability.conftest import ANN as A
    from tests.reliability.conftest import BOB as B
    from tests.reliability.conftest import HERE, started
    service.announce_after_post = True
    await started(service, (A, B))
    await service.move(HERE, A, "take 1")
    await service.move(HERE, A, "end")            # saved, never posted (the process stopped)
    assert await store.unannounced()
    client = HearthClient(service)

    async def fetch_channel(channel_id):
        raise h.UNKNOWN_CHANNEL()
    monkeypatch.setattr(client, "fetch_channel", fetch_channel)
    await client.announce_pending()
    assert not await store.unannounced(), "a deleted channel is not retried at every start"


async def test_post_to_a_channel_without_attach_permission(service, wire, monkeypatch):
    client = h.client_for(service)
    channel = channel_of(client, 100)
    wire.fail(h.with_files, h.MISSING_PERMISSIONS)
    ok = await post(channel, Reply("Ann ends.", image=b"\x89PNG fake", mentions=[2]))
    assert ok and wire.channel_posts[-1].files == []
    assert "could not attach" in wire.channel_posts[-1].payload["content"]
    wire.rules.clear()
    wire.fail(h.anything, h.UNKNOWN_CHANNEL)
    assert await post(channel, Reply("x")) is False


# ------------------------------------------------------------------ bad input through Discord


def _payloads(client, value: str):
    """Every slash command of the tree with the hostile value in every text
    option and extreme numbers in integer options (choices included: a
    forged payload may send anything)."""
    for cmd in client.tree.walk_commands():
        if not isinstance(cmd, discord.app_commands.Command):
            continue
        options = {}
        for p in cmd.parameters:
            if p.type is discord.AppCommandOptionType.string:
                options[p.name] = value
            elif p.type is discord.AppCommandOptionType.integer:
                options[p.name] = -(2 ** 53) if len(value) % 2 else 2 ** 53
            elif p.required:
                break
        else:
            parts = cmd.qualified_name.split()
            yield cmd.qualified_name, (slash(parts[0], options, sub=parts[1]) if len(parts) == 2
                                       else slash(parts[0], options))


@pytest.mark.parametrize("who", [ANN, BOB, EVE], ids=["to_act", "seated", "stranger"])
async def test_every_slash_command_with_hostile_values(client, wire, store, db_path, errors, who):
    await seat_two(client)
    values = [v for v in HOSTILE if v.strip()][:: 2] + ["x" * 10_000, "@everyone"]
    for value in values:
        for name, data in _payloads(client, value):
            if name in ("game cancel", "resign", "handover") and who is not EVE:   # deliberate for a player
                continue
            game_rows = [x for x in dump(db_path).splitlines() if x.startswith('INSERT INTO "moves"')]
            wire.sent.clear()
            await invoke(client, data, **who)
            answers = [m for m in wire.messages() if m.method == "POST"] + \
                      [c for c in wire.callbacks() if c.payload.get("type") == 4]
            assert answers, f"/{name} {value[:20]!r}: no answer at all"
            for m in answers:
                text = m.content
                assert len(text) <= 2000
                assert "@everyone" not in text.replace("`@everyone`", "") or m.payload.get(
                    "allowed_mentions", {}).get("parse") == [], f"/{name} could ping everyone"
            if name != "move" or who is not ANN:
                now = [x for x in dump(db_path).splitlines() if x.startswith('INSERT INTO "moves"')]
                assert now == game_rows, f"/{name} {value[:20]!r} by {who['name']} changed the game"
    assert not errors(), [r.getMessage()[:200] for r in errors()][:5]


@pytest.mark.parametrize("custom_id", [
    "hearth:mv:100:0:0", "hearth:mv:100:99999999999999999999:0", "hearth:mv:999:3:99999999",
    "hearth:undo:100:3:99999999", "hearth:undo:100:0:0", "hearth:resign:100", "hearth:resign:5"])
@pytest.mark.parametrize("who", [ANN, EVE], ids=["player", "stranger"])
async def test_forged_buttons_are_answered_and_change_nothing(client, wire, db_path, errors, custom_id, who):
    from tests.bot.discord.harness import press
    await seat_two(client)
    before = dump(db_path)
    wire.sent.clear()
    await press(client, custom_id, **who)
    answers = [m for m in wire.messages() if m.method == "POST"]
    assert answers, "every press gets an answer"
    if not custom_id.startswith("hearth:resign") or who is EVE:   # the player's resign button resigns
        assert all(m.ephemeral for m in answers), [m.content for m in answers]
        assert dump(db_path) == before
    assert not errors()


async def test_a_board_post_does_not_count_as_the_missed_turn(client, wire, store, errors):
    """A turn post Discord refused stays owed even if someone shows the
    board afterwards: the board is not the turn's events."""
    await seat_two(client)
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    wire.fail(h.followup, h.RATE_LIMITED, times=2)
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    owed = await version(store)
    await invoke(client, slash("board"), **EVE)
    await invoke(client, slash("game", sub="status"), **EVE)
    assert await announced(store) < owed
    assert not errors()


async def test_refused_public_post_is_explained_privately(client, wire, store, errors):
    await seat_two(client)
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    wire.fail(lambda s: h.followup(s) and not s.ephemeral, h.MISSING_PERMISSIONS)
    before = await version(store)
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    assert await version(store) == before + 1
    note = wire.messages()[-1]
    assert note.ephemeral and "saved" in note.content and "permission" in note.content
    assert await announced(store) < await version(store), "still owed to the channel"
    assert not errors()


def test_verify_reports_a_game_that_does_not_reproduce(tmp_path):
    """`hearth verify` names a game whose stored state is not its log's."""
    import sqlite3
    import subprocess
    import sys

    from tests.reliability.test_crash import ROOT, _env, _run_and_kill
    db = tmp_path / "hearth.db"
    _run_and_kill(db, 3, lines_wanted=6, pause=0)
    conn = sqlite3.connect(str(db))
    gid, state = conn.execute("SELECT id, state FROM games WHERE state IS NOT NULL LIMIT 1").fetchone()
    conn.execute("UPDATE games SET state = ? WHERE id = ?", (state.replace('"turn":0', '"turn":1')
                                                              if '"turn":0' in state else
                                                              state.replace('"turn":1', '"turn":0'), gid))
    conn.commit()
    conn.close()
    done = subprocess.run([sys.executable, "-m", "bot.cli", "verify", "--db", str(db)], cwd=ROOT, env=_env(),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and f"game {gid} " in done.stdout and " 1 do not reproduce" in done.stdout
