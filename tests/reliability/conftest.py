"""Shared pieces of the reliability tests: the fake game registered, a
store on a real file, a frozen clock, a byte-exact dump of the database,
and the hostile inputs every command must survive."""

from __future__ import annotations

import sqlite3

import pytest

from bot.discord.replies import discord_text
from bot.table import Actor, Place, TableService
from bot.table.clock import ManualClock
from rules import registry
from storage.store import Store
from tests.reliability.harness import FaultWire, client_for

ANN = Actor(1, "Ann")          # creator, seat 0, acts first
BOB = Actor(2, "Bob")          # seat 1
CID = Actor(3, "Cid")          # stranger (spectator: watches, not seated)
MOD = Actor(9, "Mod", manage=True)
HERE = Place(channel_id=100, guild_id=10)

BIDI = "\u202e\u2066\u200f\u061c"
HOSTILE = [
    "", " ", "\n\t",
    "take 9", "banana", "take -9", "take 99999999999999999999", "1>2",
    "x" * 10_000, "🦣" * 10_000, "take 9" + " " * 10_000,
    "'; DROP TABLE games; --", "\" OR 1=1 --", "take 1'); DELETE FROM moves; --",
    "\x00\x01\x07\x1b[31mred\x1b[0m", "\r\nline\rbreak", f"{BIDI}evil\u202c", "\ufeffzero\u200bwidth",
    "🦣🔥🪨", "👨‍👩‍👧‍👦", "@everyone", "@here", "<@123>", "<@&456>", "<#789>", "<a:x:1>",
    "{p0}", "{name}", "%s %n %x", "{0.__class__}", "`code` **bold** ||spoiler||", "../../etc/passwd",
    "ＴＡＫＥ　９",
]


def dump(path) -> str:
    """Every table of the database file, as SQL text: equal dumps are equal
    databases for our purposes (a separate connection sees what is committed)."""
    conn = sqlite3.connect(str(path))
    try:
        return "\n".join(conn.iterdump())
    finally:
        conn.close()


def clean_reply(text: str, limit: int = 2000) -> list[str]:
    """Problems with a reply text shown to a person (empty list: fine), as the front end shows it
    (the table's channel and time marks rendered as Discord renders them)."""
    text = discord_text(text)
    problems = []
    if not text.strip():
        problems.append("empty reply")
    if len(text) > limit:
        problems.append(f"{len(text)} characters")
    for ch in text:
        if (ord(ch) < 32 and ch != "\n") or ch in BIDI or ch in "\u202c\u202d\u2067\u2068\u2069\u200e":
            problems.append(f"control/bidi character U+{ord(ch):04X}")
            break
    for bad in ("@everyone", "@here", "<@123>", "<@&456>", "Traceback", "sqlite3"):
        if bad in text:
            problems.append(f"echoes {bad!r}")
    return problems


@pytest.fixture(autouse=True)
def pebbles():
    registry.register("pebbles", "tests.pebbles")
    yield
    registry.unregister("pebbles")


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "hearth.db"


@pytest.fixture
async def store(db_path):
    s = await Store.open(db_path)
    yield s
    await s.close()


@pytest.fixture
def clock():
    return ManualClock(1_700_000_000.0)


@pytest.fixture
def wire(monkeypatch):
    """The HTTP layer discord.py calls, captured, and able to fail as Discord's can (``harness.FaultWire``)."""
    return FaultWire(monkeypatch)


@pytest.fixture
def client(service, wire):
    """A bot client on ``service``, its HTTP layer the ``wire``."""
    return client_for(service)


@pytest.fixture
async def service(store, clock):
    return TableService(store, clock, render_images=False)


async def started(service, players=(ANN, BOB), key="pebbles", place=HERE, seed=1):
    await service.new_game(place, players[0], key, seed=seed)
    for p in players[1:]:
        await service.join(place, p)
    return await service.start(place, players[0])
