"""Issue 27, section 3: commands that surprised a new player."""

from __future__ import annotations

import pytest

from bot.table import Actor, Place
from tests.bot.conftest import ANN, BOB, CID, HERE, snapshot

ANN_FR = Actor(1, "Ann", locale="fr")


@pytest.mark.parametrize("order", ["backwards", "reverse", "1", "joinx"])
async def test_an_unknown_seat_order_is_refused(service, store, order):
    """`/game start order:backwards` was accepted as « join order, as asked »."""
    await service.new_game(HERE, ANN, "pebbles", seed=1)
    await service.join(HERE, BOB)
    before = await snapshot(store)
    reply = await service.start(HERE, ANN, order)
    assert not reply.ok and reply.ephemeral, reply.text
    assert "join" in reply.text and "random" in reply.text and order in reply.text, reply.text
    assert await snapshot(store) == before, "still in the lobby"
    french = await service.start(HERE, ANN_FR, order)
    assert not french.ok and "arrivée" in french.text and "hasard" in french.text, french.text
    assert (await service.start(HERE, ANN, "join")).ok


@pytest.mark.parametrize("order", ["random", "Hasard", " arrivée ", "JOIN"])
async def test_the_known_orders_still_start(service, order):
    await service.new_game(HERE, ANN, "pebbles", seed=1)
    await service.join(HERE, BOB)
    assert (await service.start(HERE, ANN, order)).ok


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
    import asyncio

    from bot.table.archive import REPLAY_QUEUE
    from tests.bot.table.test_replay_builds import WAIT, Gate

    service.archive.replays.folder = tmp_path / "replays"
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
    from bot.table.archive import replay_note
    from bot.table.i18n import tn
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

    from bot.table.archive import REPLAY_QUEUE
    from render.animation import MAX_FRAMES

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    line = next(row for row in readme.splitlines() if row.startswith("| `/replay`"))
    assert re.search(r"at most (\d+) frames", line)[1] == str(MAX_FRAMES), line
    assert f"at most {REPLAY_QUEUE} different replays" in line


async def test_a_replay_is_drawn_in_a_daemon_thread(tmp_path):
    """Ctrl-C at the local table while a replay was drawn waited for the drawing to end (the
    loop's executor threads are joined when the process ends): it is drawn in a daemon thread."""
    import threading

    from bot.table.archive import Replays
    from render.animation import Animation

    seen = []

    def build():
        seen.append(threading.current_thread().daemon)
        return Animation(b"GIF89a", 1)

    anim = await Replays(folder=tmp_path / "replays").get("replay-1-1-x", build)
    assert anim.frames == 1 and seen == [True]
