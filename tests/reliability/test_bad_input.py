"""Bad input: every command with empty, wrong, huge, hostile or
out-of-turn input, from a player, a spectator or a stranger, gets a short
clean reply and leaves the database byte-for-byte unchanged when refused."""

from __future__ import annotations

import pytest

from bot.commands import COMMANDS, run
from bot.table import Place
from tests.reliability.conftest import (
    ANN,
    BOB,
    CID,
    HERE,
    HOSTILE,
    clean_reply,
    dump,
    started,
)

# commands that only look: whatever the input, the database stays as it was
READ_ONLY = {"board", "hand", "log", "rules", "game status", "move"}
# commands that change the table on purpose when the right person calls them with no input
_DELIBERATE = {("game cancel", ANN), ("game leave", ANN), ("game leave", BOB)}


def _args(name: str, value: str) -> dict:
    """The hostile value in every parameter of the command (or none)."""
    return {p.name: value for p in COMMANDS[name].options}


async def _check_all(service, db_path, phase: str):
    found = []
    for name in COMMANDS:
        for actor in (ANN, BOB, CID):
            if (name, actor) in _DELIBERATE:
                continue
            for value in HOSTILE:
                before = dump(db_path)
                reply = await run(service, HERE, actor, name, _args(name, value))
                for problem in clean_reply(reply.text):
                    found.append(f"[{phase}] /{name} {value[:20]!r} by {actor.name}: {problem}: {reply.text[:80]!r}")
                if not reply.ok:
                    if not reply.ephemeral:
                        found.append(f"[{phase}] /{name} by {actor.name}: refusal shown to everyone")
                    if dump(db_path) != before:
                        found.append(f"[{phase}] /{name} {value[:20]!r} by {actor.name}: refused but DB changed")
                elif name == "move":
                    found.append(f"[{phase}] /move {value[:20]!r} by {actor.name} was accepted")
                if reply.ok and name in READ_ONLY and dump(db_path) != before:
                    return found, f"/{name} {value[:30]!r} by {actor.name}"
                # other accepted commands may store a preference (e.g. a reminder setting): that is their job
    return found, None


async def test_every_command_with_hostile_input_in_play(service, db_path):
    await started(service)
    found, changed = await _check_all(service, db_path, "active")
    assert not found, "\n".join(found[:20])
    assert changed is None, f"hostile input changed the table: {changed}"


async def test_every_command_with_hostile_input_in_lobby(service, db_path):
    await service.new_game(HERE, ANN, "pebbles", seed=1)
    await service.join(HERE, BOB)
    found = []
    for name in COMMANDS:
        if name in ("game start",):   # a start with a garbage order is refused: tested below
            continue
        for actor in (ANN, BOB, CID):
            if (name, actor) in _DELIBERATE or name == "game join":
                continue
            for value in HOSTILE:
                before = dump(db_path)
                reply = await run(service, HERE, actor, name, _args(name, value))
                found += [f"/{name} {value[:20]!r} by {actor.name}: {p}" for p in clean_reply(reply.text)]
                if dump(db_path) != before and (not reply.ok or name in READ_ONLY):
                    found.append(f"/{name} {value[:20]!r} by {actor.name} changed the lobby")
    assert not found, "\n".join(found[:20])
    for value in HOSTILE:
        before = dump(db_path)
        reply = await run(service, HERE, BOB, "game start", {"order": value})
        assert not reply.ok and dump(db_path) == before, "only the creator starts, whatever the order says"
    before = dump(db_path)
    reply = await run(service, HERE, ANN, "game start", {"order": "'; DROP TABLE games; --"})
    assert not reply.ok and dump(db_path) == before, "an unknown order is refused (issue 27), the lobby unchanged"
    found = clean_reply(reply.text)
    assert not found, found
    assert (await run(service, HERE, ANN, "game start", {"order": "join"})).ok


async def test_empty_channel_every_command(service, db_path):
    before = dump(db_path)
    elsewhere = Place(channel_id=555, guild_id=10)
    for name in COMMANDS:
        if name == "game new":
            continue
        for value in HOSTILE[:12]:
            reply = await run(service, elsewhere, CID, name, _args(name, value))
            assert not clean_reply(reply.text), (name, value[:20], reply.text[:100])
    assert dump(db_path) == before


async def test_new_game_with_hostile_game_and_options(service, db_path):
    before = dump(db_path)
    for value in HOSTILE:
        reply = await run(service, HERE, ANN, "game new", {"game": value, "options": value})
        assert not reply.ok and reply.ephemeral, value[:30]
        assert not clean_reply(reply.text), (value[:30], reply.text[:200])
        reply = await run(service, HERE, ANN, "game new", {"game": "pebbles", "options": f"x={value}"})
        assert not reply.ok, value[:30]
        assert not clean_reply(reply.text), (value[:30], reply.text[:200])
    assert dump(db_path) == before


async def test_unknown_command_name_is_refused_cleanly(service, db_path):
    await started(service)
    before = dump(db_path)
    for value in HOSTILE:
        reply = await run(service, HERE, ANN, value, {})
        assert not reply.ok and not clean_reply(reply.text), (value[:30], reply.text[:100])
    assert dump(db_path) == before


async def test_out_of_turn_and_stale_presses(service, db_path):
    reply = await started(service)
    before = dump(db_path)
    for actor in (BOB, CID):
        for notation in ("take 1", "take 2", "roll"):
            r = await service.move(HERE, actor, notation)
            assert not r.ok and r.ephemeral
    for version in (-1, 0, 10**12, reply.version + 1):
        for index in (-1, 0, 4, 10**9):
            r = await service.press(HERE, ANN, version, index)
            assert not r.ok, (version, index)
    r = await service.press(HERE, ANN, reply.version, 10**9)
    assert not r.ok
    assert dump(db_path) == before


@pytest.mark.parametrize("page", ["-5", "0", "99999999999999999999999", "1e9", "NaN", "🦣"])
async def test_log_page_is_clamped(service, page):
    await started(service)
    await service.move(HERE, ANN, "take 1")
    reply = await run(service, HERE, CID, "log", {"page": page})
    assert reply.ok and not clean_reply(reply.text)


@pytest.mark.parametrize("count", ["-3", "0", "10000000000000000000000", "x"])
async def test_undo_count_is_clamped(service, db_path, count):
    await started(service)
    await service.move(HERE, ANN, "take 1")
    before = dump(db_path)
    reply = await run(service, HERE, ANN, "undo", {"count": count})
    assert not clean_reply(reply.text) and dump(db_path) == before


async def test_button_pressed_on_a_lobby_table(service, db_path):
    """Found by the stateful test: a move button whose version matches a
    table still in the lobby crashed on the missing state."""
    lobby = await service.new_game(HERE, ANN, "pebbles", seed=1)
    before = dump(db_path)
    reply = await service.press(HERE, ANN, lobby.version, 0)
    assert not reply.ok and "not started" in reply.text
    assert dump(db_path) == before
