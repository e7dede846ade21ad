"""Permissions: for every command, who may use it — the creator, the
player to act, another seated player, a moderator (Manage Channels), a
spectator, a stranger (who plays elsewhere) — and what the others get: a
short private refusal and an unchanged database."""

from __future__ import annotations

import pytest

from bot.commands import COMMANDS, run
from bot.table import Actor, Place
from tests.reliability.conftest import HERE, clean_reply, dump

CREATOR = Actor(1, "Cre")            # opened the table, seat 0, has moved
TO_ACT = Actor(2, "Tac")             # seat 1, must act now
SEATED = Actor(3, "Sea")             # seat 2, waits
MOD = Actor(4, "Mod", manage=True)   # Manage Channels, not seated
SPECTATOR = Actor(5, "Spe")          # watches the channel
STRANGER = Actor(6, "Str")           # plays a game in another channel
ROLES = {"creator": CREATOR, "to_act": TO_ACT, "seated": SEATED, "mod": MOD, "spectator": SPECTATOR,
         "stranger": STRANGER}
ELSEWHERE = Place(channel_id=999, guild_id=10)

Y, N = True, False
# command -> (arguments, {role: may use it}) with a game in play and TO_ACT to move
ACTIVE: dict[str, tuple[dict, dict[str, bool]]] = {
    "game new": ({"game": "pebbles"}, dict(creator=N, to_act=N, seated=N, mod=N, spectator=N, stranger=N)),
    "game join": ({}, dict(creator=N, to_act=N, seated=N, mod=N, spectator=N, stranger=N)),
    "game leave": ({}, dict(creator=N, to_act=N, seated=N, mod=N, spectator=N, stranger=N)),
    "game start": ({}, dict(creator=N, to_act=N, seated=N, mod=N, spectator=N, stranger=N)),
    "game status": ({}, dict(creator=Y, to_act=Y, seated=Y, mod=Y, spectator=Y, stranger=Y)),
    "game cancel": ({}, dict(creator=Y, to_act=N, seated=N, mod=Y, spectator=N, stranger=N)),
    "move": ({"move": "take 1"}, dict(creator=N, to_act=Y, seated=N, mod=N, spectator=N, stranger=N)),
    "board": ({}, dict(creator=Y, to_act=Y, seated=Y, mod=Y, spectator=Y, stranger=Y)),
    "hand": ({}, dict(creator=Y, to_act=Y, seated=Y, mod=N, spectator=N, stranger=N)),
    "log": ({}, dict(creator=Y, to_act=Y, seated=Y, mod=Y, spectator=Y, stranger=Y)),
    "undo": ({}, dict(creator=Y, to_act=N, seated=N, mod=N, spectator=N, stranger=N)),
    "undo confirm": ({"confirm": "yes"}, dict(creator=Y, to_act=N, seated=N, mod=N, spectator=N, stranger=N)),
    "resign": ({}, dict(creator=Y, to_act=Y, seated=Y, mod=N, spectator=N, stranger=N)),
    "resign confirm": ({"confirm": "yes"}, dict(creator=Y, to_act=Y, seated=Y, mod=N, spectator=N, stranger=N)),
    "rules": ({}, dict(creator=Y, to_act=Y, seated=Y, mod=Y, spectator=Y, stranger=Y)),
}
# the same in the lobby (CREATOR and SEATED joined; nobody acts yet)
LOBBY: dict[str, tuple[dict, dict[str, bool]]] = {
    "game new": ({"game": "pebbles"}, dict(creator=N, seated=N, mod=N, spectator=N, stranger=N)),
    "game join": ({}, dict(creator=N, seated=N, mod=Y, spectator=Y, stranger=Y)),
    "game leave": ({}, dict(creator=Y, seated=Y, mod=N, spectator=N, stranger=N)),
    "game start": ({}, dict(creator=Y, seated=N, mod=Y, spectator=N, stranger=N)),
    "game cancel": ({}, dict(creator=Y, seated=N, mod=Y, spectator=N, stranger=N)),
    "move": ({"move": "take 1"}, dict(creator=N, seated=N, mod=N, spectator=N, stranger=N)),
    "hand": ({}, dict(creator=N, seated=N, mod=N, spectator=N, stranger=N)),
    "undo": ({}, dict(creator=N, seated=N, mod=N, spectator=N, stranger=N)),
    "resign": ({}, dict(creator=N, seated=N, mod=N, spectator=N, stranger=N)),
    "resign confirm": ({"confirm": "yes"}, dict(creator=N, seated=N, mod=N, spectator=N, stranger=N)),
}


async def _active(service):
    await service.new_game(ELSEWHERE, STRANGER, "pebbles", seed=2)
    await service.new_game(HERE, CREATOR, "pebbles", seed=1)
    await service.join(HERE, TO_ACT)
    await service.join(HERE, SEATED)
    assert (await service.start(HERE, CREATOR)).ok
    assert (await service.move(HERE, CREATOR, "take 1")).ok
    assert (await service.move(HERE, CREATOR, "end")).ok


async def _lobby(service):
    await service.new_game(ELSEWHERE, STRANGER, "pebbles", seed=2)
    await service.new_game(HERE, CREATOR, "pebbles", seed=1)
    await service.join(HERE, SEATED)


async def _cell(service, db_path, command, args, role, allowed):
    name = command.split(" confirm")[0]
    before = dump(db_path)
    reply = await run(service, HERE, ROLES[role], name, args)
    assert not clean_reply(reply.text), reply.text
    if allowed:
        assert reply.ok, f"{role} may use /{command}: {reply.text}"
    else:
        assert not reply.ok, f"{role} may not use /{command}, got: {reply.text[:200]}"
        assert reply.ephemeral, "a refusal is shown to the caller only"
        assert len(reply.text) < 400, "a refusal is short"
        assert dump(db_path) == before, "a refusal changes nothing"


@pytest.mark.parametrize("command", list(ACTIVE))
async def test_matrix_in_play(service, db_path, command):
    args, who = ACTIVE[command]
    for role, allowed in who.items():
        await _fresh(service, db_path)
        await _active(service)
        await _cell(service, db_path, command, args, role, allowed)


async def _fresh(service, db_path):
    """Empty every table (the store stays open on the same file). Deleting the games
    cascades to their seats, moves and async-play rows; the log's append-only trigger
    allows a move to go with its game."""
    store = service.store
    tables = [r[0] for r in await store.fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")]
    async with store.transaction() as tx:
        await tx.execute("DELETE FROM games")
        for table in tables:
            if table not in ("meta", "games", "moves"):
                await tx.execute(f"DELETE FROM {table}")
    service.context.forget_caches()


@pytest.mark.parametrize("command", list(LOBBY))
async def test_matrix_in_the_lobby(service, db_path, command):
    args, who = LOBBY[command]
    for role, allowed in who.items():
        await _fresh(service, db_path)
        await _lobby(service)
        await _cell(service, db_path, command, args, role, allowed)


def test_every_core_command_is_in_the_matrix():
    core = {"game new", "game join", "game leave", "game start", "game status", "game cancel", "move", "board",
            "hand", "log", "undo", "resign", "rules"}
    assert core <= set(COMMANDS)
    assert core <= {c.split(" confirm")[0] for c in ACTIVE}


@pytest.mark.parametrize("name", sorted(COMMANDS))
async def test_no_outsider_changes_a_game(service, db_path, name):
    """Every command, core or added later, with empty options: a spectator,
    a stranger or a moderator never changes the game's rows (a moderator may
    only cancel), and whatever they get back is clean."""
    await _active(service)
    for actor in (SPECTATOR, STRANGER, MOD):
        before = _game_rows(dump(db_path))
        reply = await run(service, HERE, actor, name, {})
        assert not clean_reply(reply.text), (name, actor.name, reply.text[:200])
        if not (name == "game cancel" and actor is MOD):
            assert _game_rows(dump(db_path)) == before, f"/{name} by {actor.name} changed the game"


def _game_rows(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if line.startswith(('INSERT INTO "games"', 'INSERT INTO "seats"', 'INSERT INTO "moves"'))]
