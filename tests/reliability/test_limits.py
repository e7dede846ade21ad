"""Per-user rate limits on costly commands (board renders, replays, move
spam): a token bucket on the table's clock, a friendly 'try again in N s',
nothing stored for a limited call, other people unaffected."""

from __future__ import annotations

import logging

import pytest

from bot.discord.limits import COSTLY, RateLimiter, Rule
from bot.table.clock import ManualClock
from tests.bot.discord.harness import invoke, slash
from tests.reliability.conftest import dump

ANN = dict(user_id=1, name="Ann")
BOB = dict(user_id=2, name="Bob")
EVE = dict(user_id=5, name="Eve")


def test_bucket_allows_a_burst_then_refills_with_time():
    clock = ManualClock(0)
    limits = RateLimiter(clock, {"board": ("render", Rule(burst=3, per=10.0))})
    assert [limits.take(1, "board") for _ in range(3)] == [0, 0, 0]
    wait = limits.take(1, "board")
    assert wait == pytest.approx(10.0) and RateLimiter.seconds(wait) == 10
    assert limits.take(2, "board") == 0, "another person has their own bucket"
    clock.advance(4)
    assert RateLimiter.seconds(limits.take(1, "board")) == 6, "a refused call costs nothing"
    clock.advance(6)
    assert limits.take(1, "board") == 0
    assert limits.take(1, "board") > 0
    clock.advance(1000)
    assert [limits.take(1, "board") for _ in range(4)][:3] == [0, 0, 0], "the bucket never holds more than the burst"
    assert limits.take(1, "rules") == 0, "cheap commands are not limited"


def test_commands_sharing_a_kind_share_a_bucket():
    clock = ManualClock(0)
    limits = RateLimiter(clock)
    kind, rule = COSTLY["board"]
    for _ in range(rule.burst):
        assert limits.take(7, "board") == 0
    assert limits.take(7, "log") > 0, "board and log draw on the same render bucket"
    assert limits.take(7, "move") == 0, "moves have their own"


def test_memory_stays_bounded():
    clock = ManualClock(0)
    limits = RateLimiter(clock)
    for uid in range(20_000):
        limits.take(uid, "board")
    assert limits.tracked() <= 10_000


async def test_board_spam_gets_a_friendly_wait(client, wire, clock, caplog):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    answers = []
    for _ in range(8):
        wire.sent.clear()
        await invoke(client, slash("board"), **EVE)
        answers.append(wire.messages()[-1].content)
    burst = COSTLY["board"][1].burst
    assert all("try again" not in a for a in answers[:burst])
    limited = answers[burst:]
    assert limited and all(a.startswith("Easy there: try again in ") and a.endswith(" s.") for a in limited)
    assert all(m.ephemeral for m in wire.messages())
    wire.sent.clear()
    await invoke(client, slash("board"), **BOB)
    assert "try again" not in wire.messages()[-1].content, "another person is not limited"
    clock.advance(COSTLY["board"][1].per)
    wire.sent.clear()
    await invoke(client, slash("board"), **EVE)
    assert "try again" not in wire.messages()[-1].content, "time gives the call back"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_move_spam_is_limited_and_stores_nothing(client, wire, clock, db_path):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)
    burst = COSTLY["move"][1].burst
    for _ in range(burst):
        await invoke(client, slash("move", {"move": "zzz"}), **BOB)    # refused moves count too
    before = dump(db_path)
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "zzz"}), **BOB)
    assert "try again in" in wire.messages()[-1].content
    assert dump(db_path) == before
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "take 1"}), **ANN)
    assert "try again" not in wire.messages()[-1].content


async def test_french_wait(client, wire, clock):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    for _ in range(COSTLY["board"][1].burst):
        await invoke(client, slash("board"), **EVE, locale="fr")
    wire.sent.clear()
    await invoke(client, slash("board"), **EVE, locale="fr")
    assert wire.messages()[-1].content.startswith("Doucement : réessayez dans")
