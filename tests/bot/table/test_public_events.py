"""Issue 15, point 1: every public event reaches the channel, posted by the
command that caused it — even when the same seat acts next.

Each game, at its smallest and largest table, is played by random legal
moves through the table service (the calls a player's commands make), to
its end or for MAX_MOVES commands. Every public event of the log (``store.log(game_id)``
entries' ``events``, with the players' names put in) must then appear in
the text of a public (non-ephemeral) reply, in the log's order, and no
command may leave an event of its own for a later command to tell. Once
more in French (players and server): each event as a French reader reads it."""

from __future__ import annotations

import pytest

from bot.table import Actor, Place, Reply, TableService
from bot.table import people as seating
from bot.table.clock import ManualClock
from bot.table.i18n import entry_events
from rules import registry
from rules.core import Rng
from storage.store import Store
from tests.bot.conftest import ANN, BOB, started
from tests.bot.conftest import HERE as PEBBLES

HERE = Place(channel_id=1, guild_id=1)
NEEDS = {("neanderthal", 1): {"mode": "solo"}}   # one person alone runs all three species
MAX_MOVES = 400          # commands per game: every game but Fire & Stone ends well before (it runs ~2000)


def tables():
    for game in registry.all_games():
        if game.key == "pebbles":
            continue
        for players in sorted({game.min_players, game.max_players}):
            yield pytest.param(game.key, players, "en", id=f"{game.key}-{players}")
        yield pytest.param(game.key, max(2, game.min_players), "fr", id=f"{game.key}-{max(2, game.min_players)}-fr")


def public_texts(reply: Reply) -> list[str]:
    """The texts of a reply the channel sees: the reply and its follow-ups."""
    out = [] if reply.ephemeral else [reply.text]
    for extra in reply.followups:
        out += public_texts(extra)
    return out


async def play_out(tmp_path, key: str, players: int, seed: int,
                   locale: str = "en") -> tuple[list[list[str]], list, list[str]]:
    """(public texts per command, log entries, names) of one random game, players and server in ``locale``."""
    store = await Store.open(tmp_path / f"{key}-{players}-{seed}-{locale}.db")
    try:
        service = TableService(store, ManualClock(1_700_000_000.0), render_images=False)
        await service.note_guild_locale(HERE.guild_id, locale)
        people = [Actor(100 + i, f"P{i + 1}", locale=locale) for i in range(players)]
        game = registry.get(key)
        said: list[list[str]] = []
        reply = await service.new_game(HERE, people[0], key, game.resolve_options(NEEDS.get((key, players), {})),
                                       seed=seed)
        assert reply.ok, reply.text
        for p in people[1:]:
            assert (await service.join(HERE, p)).ok
        reply = await service.start(HERE, people[0])
        assert reply.ok, reply.text
        said.append(public_texts(reply))
        row = await store.open_game_in(HERE.channel_id)
        game_id = row.id
        seats = await store.seats(game_id)
        chooser = Rng(seed ^ 0xC4A7)
        for _ in range(MAX_MOVES):
            row = await store.open_game_in(HERE.channel_id)
            if row is None:
                break   # the game is over (its final post was the last command's)
            state = service.context.state_of(row)
            acting = game.to_act(state)
            seat = acting[chooser.randbelow(len(acting))]
            moves = game.legal_moves(state, seat)
            move = moves[chooser.randbelow(len(moves))]
            owner = next(p for p in people if p.user_id == seats[seat].user_id)
            reply = await service.move(HERE, owner, move.notation)
            assert reply.ok, f"legal move {move.notation!r} refused: {reply.text}"
            said.append(public_texts(reply))
        return said, await store.log(game_id), [s.name for s in seats]
    finally:
        await store.close()


@pytest.mark.parametrize("key,players,locale", list(tables()))
async def test_every_public_event_is_posted_by_its_command(tmp_path, key, players, locale, seeds):
    said, log, names = await play_out(tmp_path, key, players, seeds[0], locale)
    assert log and any(entry.events for entry in log), "the game produced public events"
    if locale != "en":   # the reader's words, not the stored English
        assert any(entry_events(locale, e) != list(e.events) for e in log if e.events), "nothing was translated"
    # the commands' posts in order; entry i of the log came from command i (start is command 0)
    channel = "\n".join(text for texts in said for text in texts)
    cursor = 0
    for entry in log:
        for event in entry_events(locale, entry):
            shown = seating.fill(event, names)
            found = channel.find(shown, cursor)
            assert found >= 0, f"v{entry.version} `{entry.text}`: {shown!r} never reached the channel in order"
            cursor = found + len(shown)
    # and each move's events were posted by that very move (not by a later command): a command is
    # a player's move and the moves the table played right after it (a player's only move)
    commands: list[list] = []
    for entry in log:
        if entry.kind != "move":
            continue
        if entry.user_id is not None or not commands:
            commands.append([entry])
        else:
            commands[-1].append(entry)
    assert len(commands) == len(said) - 1, "one player's move per command"
    for entries, texts in zip(commands, said[1:], strict=True):
        told = "\n".join(texts)
        for entry in entries:
            for event in entry_events(locale, entry):
                shown = seating.fill(event, names)
                assert shown in told, f"v{entry.version} `{entry.text}`: {shown!r} was not posted by its own command"


async def test_a_deadline_that_plays_several_steps_tells_every_one(service, store, clock):
    """The table plays an absent seat's whole turn at its deadline, step by
    step: the one deadline post tells every step's events (none is marked
    told by a step post nobody sent)."""
    await started(service)
    assert (await service.game_settings(PEBBLES, ANN, deadline=5, policy="skip")).ok
    await service.move(PEBBLES, ANN, "take 1")
    await service.move(PEBBLES, ANN, "end")
    clock.advance(6 * 3600)
    posts = [n for n in await service.due_notices() if n.announces]
    assert len(posts) == 1, [n.text for n in posts]
    post = posts[0]
    told = "\n".join(public_texts(post))
    row = await store.latest_game_in(PEBBLES.channel_id)
    bob_steps = [e for e in await store.log(row.id) if e.seat == 1]
    assert [e.text for e in bob_steps][-1] == "end" and len(bob_steps) >= 2, "Bob's turn took two steps"
    for entry in bob_steps:
        for event in entry.events:
            assert seating.fill(event, ["Ann", "Bob"]) in told, (event, told)
    assert post.mentions == [ANN.user_id] and BOB.user_id not in post.mentions
