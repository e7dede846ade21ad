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
from bot.table import Actor, Place
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


# ------------------------------------------------------------ /replay: a bounded queue, one build per version

async def pebbles_table(service, place, moves: int = 2):
    await service.new_game(place, ANN, "pebbles", seed=place.channel_id)
    await service.join(place, BOB)
    await service.start(place, ANN, "join")
    for _ in range(moves):
        await service.move(place, ANN, "take 1")


async def test_replays_past_the_queue_are_told_busy_and_the_same_version_is_built_once(service, tmp_path,
                                                                                     monkeypatch):
    """`/replay` built one GIF at a time with an unbounded queue (answers took up to 155 s under
    load). Past REPLAY_QUEUE builds waiting, the table says it is busy at once; everyone asking
    for a version being built (or built) gets that one build."""
    from bot.table.replay import REPLAY_QUEUE

    service.replaying.replays.folder = tmp_path / "replays"
    places = [Place(channel_id=300 + i, guild_id=10) for i in range(REPLAY_QUEUE + 1)]
    for place in places:
        await pebbles_table(service, place)
    gate = Gate(monkeypatch, hold=True)
    queued = [asyncio.create_task(service.replay(place, CID)) for place in places[:REPLAY_QUEUE]]
    assert await asyncio.to_thread(gate.entered.wait, WAIT)
    await asyncio.sleep(0.05)
    french = Actor(4, "Dee", locale="fr")
    same = asyncio.create_task(service.replay(places[0], BOB))   # a version already being built: it waits
    busy = await asyncio.wait_for(service.replay(places[-1], CID), WAIT)
    assert not busy.ok and busy.ephemeral and "try again" in busy.text, busy.text
    busy_fr = await asyncio.wait_for(service.replay(places[-1], french), WAIT)
    assert not busy_fr.ok and "réessayez" in busy_fr.text, busy_fr.text
    gate.release.set()
    done = await asyncio.wait_for(asyncio.gather(*queued, same), WAIT)
    assert all(r.ok for r in done), [r.text for r in done]
    assert done[0].image == done[-1].image, "one build for the same version"
    drawn = gate.drawn
    again = await service.replay(places[0], ANN)
    assert again.image == done[0].image and gate.drawn == drawn, "served from the cache"
    last = await asyncio.wait_for(service.replay(places[-1], CID), WAIT)
    assert last.ok, "free again once the queue drained"


@pytest.mark.parametrize("loc", ["en", "fr"])
def test_the_replay_post_reads_as_a_sentence(loc):
    """« 64 framesfor 715 moves », and « pour tenir dans la limite d'envoi » said twice."""
    from bot.table.i18n import tn
    from bot.table.replay import replay_note
    from render.animation import Animation

    anim = Animation(b"", 64, dropped=True, scaled=True, sampled=True)
    text = tn(loc, "replay_done", 64, game="Clans", note=replay_note(loc, anim, 715))
    assert ("64 frames for 715 moves" if loc == "en" else "64 images pour 715 coups") in text, text
    assert text.count("upload limit" if loc == "en" else "limite d'envoi") == 1, text
    plain = tn(loc, "replay_done", 5, game="Clans", note=replay_note(loc, Animation(b"", 5), 4))
    assert plain.endswith("5 frames." if loc == "en" else "5 images."), plain


def test_the_readme_gives_the_replay_limits_the_code_has():
    """README said at most 80 frames while a Carcassonne replay had 101."""
    import re
    from pathlib import Path

    from bot.table.replay import REPLAY_QUEUE
    from render.animation import MAX_FRAMES

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    line = next(row for row in readme.splitlines() if row.startswith("| `/replay`"))
    assert re.search(r"at most (\d+) frames", line)[1] == str(MAX_FRAMES), line
    assert f"at most {REPLAY_QUEUE} different replays" in line


async def test_a_replay_is_drawn_in_a_daemon_thread(tmp_path):
    """Ctrl-C at the local table while a replay was drawn waited for the drawing to end (the
    loop's executor threads are joined when the process ends): it is drawn in a daemon thread."""
    import threading

    from bot.table.replay import Replays
    from render.animation import Animation

    seen = []

    def build():
        seen.append(threading.current_thread().daemon)
        return Animation(b"GIF89a", 1)

    anim = await Replays(folder=tmp_path / "replays").get("replay-1-1-x", build)
    assert anim.frames == 1 and seen == [True]
