"""What operators see: discord.py's own warnings reach the log, a busy
channel's pinned status is edited at most once per window (the last state
wins), and a health line without secrets."""

from __future__ import annotations

import asyncio
import logging
import re

import pytest

from bot.discord.buttons import AcceptButton, MoveButton, ResignButton, UndoButton
from bot.discord.client import command_payload
from bot.discord.health import Health
from bot.discord.replies import discord_text
from bot.discord.status_edits import StatusEdits
from tests.bot.discord.harness import Rest, make_client
from tests.bot.discord.test_async_play import ANN, BOB, seat_two, turn


@pytest.fixture
def rest(monkeypatch):
    return Rest(monkeypatch)


@pytest.fixture
def client(service):
    c = make_client(service)
    c.add_dynamic_items(MoveButton, UndoButton, ResignButton, AcceptButton)
    return c


def test_discord_warnings_reach_the_log_after_the_command_payload_was_built(caplog):
    logging.getLogger("discord").setLevel(logging.NOTSET)
    caplog.set_level(logging.WARNING)
    assert command_payload(), "the payload is built"
    assert logging.getLogger("discord").getEffectiveLevel() <= logging.WARNING
    logging.getLogger("discord.gateway").warning("Shard ID %s heartbeat blocked for more than %s seconds.", 0, 10)
    logging.getLogger("discord.http").warning("We are being rate limited. Retrying in %.2f seconds.", 1.5)
    logged = [r.getMessage() for r in caplog.records if r.name.startswith("discord")]
    assert "Shard ID 0 heartbeat blocked for more than 10 seconds." in logged
    assert "We are being rate limited. Retrying in 1.50 seconds." in logged


def status_edits(rest) -> list[str]:
    # the status edits (an edit that only removes an older post's buttons has no content)
    return [c[2]["content"] for c in rest.find("PATCH", "/channels/100/messages/") if "content" in c[2]]


async def test_a_busy_channel_edits_its_pinned_status_once_per_window_and_the_last_state_wins(client, wire, rest,
                                                                                             service):
    client.status_edits.window = 60         # seconds of the table's clock, which this test never moves
    await seat_two(client)
    rest.calls.clear()
    players = [ANN, BOB]
    for n in range(6):
        await turn(client, players[n % 2], "take 1", "end")
    assert len(status_edits(rest)) == 1, "the first edit goes at once, the other five wait"
    assert client.status_edits.queued == 1, "only the latest state is kept"
    await client.status_edits.flush()       # as on shutdown: the held-back state is written now
    edits = status_edits(rest)
    assert len(edits) == 2
    row = await service.store.open_game_in(100)
    seats = await service.store.seats(row.id)
    assert edits[-1] == discord_text(service.notices.status_text(row, seats, service.context.state_of(row))), \
        "the pin shows the state after the last move"
    assert "Ann: 3 points · Bob: 3 points" in edits[-1]


async def test_a_quiet_channel_edits_at_once(client, wire, rest, clock):
    client.status_edits.window = 0.05
    await seat_two(client)
    rest.calls.clear()
    players = [ANN, BOB]
    for n in range(4):
        clock.advance(1)                     # each move a second apart: past the window
        await turn(client, players[n % 2], "take 1", "end")
    assert len(status_edits(rest)) == 4 and client.status_edits.queued == 0


async def test_the_health_line_counts_games_and_moves_and_keeps_secrets(client, wire, rest, service, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.secret-token")
    await seat_two(client)
    health = Health(client)
    first = await health.line()
    await turn(client, ANN, "take 1", "end")
    second = await health.line()
    for line in (first, second):
        assert re.fullmatch(r"health: 1 games in play, (—|\d+\.\d) moves/min, queue \d+ status edits / \d+ tasks, "
                            r"memory \d+ MB, all shards \(as many as Discord recommends\), latency .+", line), line
        assert "secret" not in line and "hearth.db" not in line and "sqlite" not in line
    assert " — moves/min" not in second and float(second.split(" moves/min")[0].rsplit(" ", 1)[1]) > 0


async def test_held_back_edits_go_out_when_the_window_ends():
    written: list[tuple[int, str]] = []
    edits = StatusEdits(window=0.05)      # the real clock

    def write(channel: int, text: str):
        async def go() -> None:
            written.append((channel, text))
        return go

    for n in range(5):
        await edits.submit(1, write(1, f"state {n}"))
    await edits.submit(2, write(2, "other channel"))
    assert written == [(1, "state 0"), (2, "other channel")], "one channel's window never holds another's"
    await asyncio.sleep(0.2)
    assert written[-1] == (1, "state 4") and len(written) == 3 and edits.queued == 0
