"""``/replay`` is built off the event loop and kept per game version
(issue 16, point 5): while a replay is being drawn the table answers other
commands; asking again for the same version draws nothing; a new move
makes a new replay; two people asking at once share one build."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace

import pytest

import render
from bot.table import Place
from bot.table.replay import REPLAY_MAX
from render import animation
from tests.bot.conftest import ANN, BOB, CID, HERE

THERE = Place(channel_id=200, guild_id=10)
WAIT = 60.0   # a generous bound on waiting for another thread: never a speed goal


@pytest.fixture
def cache(service, tmp_path):
    service.replaying.replays.folder = tmp_path / "replays"
    return service.replaying.replays.folder


async def play_a_while(service, place=HERE, key="carcassonne_hg", moves=6):
    await service.new_game(place, ANN, key, seed=3)
    await service.join(place, BOB)
    await service.start(place, ANN, "join")
    for _ in range(moves):
        row = await service.store.open_game_in(place.channel_id)
        state = service.context.state_of(row)
        seat = service.context.game_of(row).to_act(state)[0]
        who = (ANN, BOB)[seat]
        move = (await service.legal(place, who, "", limit=1))[0].notation
        assert (await service.move(place, who, move)).ok


class Gate:
    """Holds the replay's worker at its first frame until released, and
    counts the frames the replay draws."""

    def __init__(self, monkeypatch, hold: bool) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.drawn = 0
        if not hold:
            self.release.set()
        real = render.draw

        def draw(key, view, table, focus=False):
            self.drawn += 1
            self.entered.set()
            self.release.wait(WAIT)
            return real(key, view, table, focus)

        # the animation's own view of the renderer: boards of posts are not held
        monkeypatch.setattr(animation, "render", SimpleNamespace(draw=draw))


async def test_the_table_answers_other_commands_while_a_replay_is_drawn(service, cache, monkeypatch):
    await play_a_while(service)
    await service.new_game(THERE, CID, "pebbles", seed=1)
    await service.join(THERE, BOB)
    await service.start(THERE, CID, "join")
    gate = Gate(monkeypatch, hold=True)
    replay = asyncio.create_task(service.replay(HERE, CID))
    assert await asyncio.to_thread(gate.entered.wait, WAIT), "the replay's worker started drawing"
    # the replay is stuck in its worker thread; the loop is free for everyone else
    status = await asyncio.wait_for(service.status(THERE, ANN), WAIT)
    move = await asyncio.wait_for(service.move(THERE, CID, "take 2"), WAIT)
    board = await asyncio.wait_for(service.board(HERE, ANN), WAIT)
    assert status.ok and move.ok and board.ok and board.image
    assert not replay.done(), "the other commands were answered before the replay was finished"
    gate.release.set()
    reply = await asyncio.wait_for(replay, WAIT)
    assert reply.ok and reply.image[:6] == b"GIF89a" and len(reply.image) <= REPLAY_MAX


async def test_a_replay_is_kept_per_version_and_shared_by_people_asking_at_once(service, cache, monkeypatch):
    await play_a_while(service, moves=4)
    gate = Gate(monkeypatch, hold=False)
    first, second = await asyncio.gather(service.replay(HERE, CID), service.replay(HERE, ANN))
    assert first.ok and second.ok and first.image == second.image
    built = gate.drawn
    assert built == 4, "set-up and the first three moves drawn once (the fourth is the live board)"
    again = await service.replay(HERE, BOB)
    assert again.image == first.image and gate.drawn == built, "the same version is not drawn again"
    assert len(list(cache.glob("replay-*.gif"))) == 1
    await play_a_while_more(service)
    newer = await service.replay(HERE, BOB)
    assert newer.ok and gate.drawn > built and newer.image != first.image
    assert len(list(cache.glob("replay-*.gif"))) == 2


async def play_a_while_more(service):
    row = await service.store.open_game_in(HERE.channel_id)
    seat = service.context.game_of(row).to_act(service.context.state_of(row))[0]
    who = (ANN, BOB)[seat]
    move = (await service.legal(HERE, who, "", limit=1))[0].notation
    assert (await service.move(HERE, who, move)).ok


async def test_a_replay_never_passes_two_megabytes_whatever_the_upload_limit(service, cache):
    await play_a_while(service, moves=2)
    reply = await service.replay(HERE, CID, limit=100 * 1024 * 1024)
    assert reply.ok and len(reply.image) <= REPLAY_MAX
