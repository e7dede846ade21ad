"""Random command sequences from random users on the table service (two
channels, restarts, a moving clock), with the invariants checked after
every step:

* a refused command leaves the database byte-for-byte unchanged;
* every reply is short and clean; refusals and private texts are private;
* no public reply shows a seat's secret;
* per game: log versions contiguous, the stored state is the replay of
  the log (``hearth verify``), announced never ahead of the version, at
  most one open game per channel.

Examples: 4 per ``--seeds`` (3 by default); ``--seeds 50`` for a long run."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import bot.table.lobby as service_module
from bot.commands import run
from bot.ops.verify import verify_all
from bot.table import Actor, Place, TableService
from bot.table.clock import ManualClock
from rules import registry
from storage.store import Store
from tests.reliability.conftest import HOSTILE, clean_reply, dump

USERS = [Actor(1, "Ann"), Actor(2, "Bob"), Actor(3, "Cid"), Actor(4, "Dee", locale="fr"),
         Actor(9, "Mod", manage=True)]
PLACES = [Place(100, 10), Place(101, 10)]
CORE = ["game new", "game join", "game leave", "game start", "game status", "game cancel", "move", "board",
        "hand", "log", "undo", "resign", "rules"]
VALUES = ["", "pebbles", "take 1", "take 2", "take 3", "roll", "end", "shout", "yes", "random", "1", "2",
          "clans", "x" * 300, *HOSTILE[11:20]]


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        registry.register("pebbles", "tests.pebbles")
        # game seeds come from os.urandom: made repeatable so that Hypothesis can replay and shrink
        seeds = iter(range(1, 1_000_000))
        self._urandom = service_module.os.urandom
        service_module.os.urandom = lambda n: next(seeds).to_bytes(n, "big")
        self.loop = asyncio.new_event_loop()
        self.dir = tempfile.TemporaryDirectory()
        self.path = Path(self.dir.name) / "hearth.db"
        self.clock = ManualClock(1_700_000_000.0)
        self.store = self.loop.run_until_complete(Store.open(self.path))
        self.service = TableService(self.store, self.clock, render_images=False)
        self.last = None

    def teardown(self) -> None:
        self.loop.run_until_complete(self.store.close())
        self.loop.close()
        self.dir.cleanup()
        registry.unregister("pebbles")
        service_module.os.urandom = self._urandom

    def _do(self, coro):
        return self.loop.run_until_complete(coro)

    def _check_reply(self, reply, what: str, before: str) -> None:
        for part in [reply, *reply.followups]:
            assert not clean_reply(part.text, 2000), (what, part.text[:200])
        if not reply.ok:
            assert reply.ephemeral, f"{what}: a refusal is private"
            assert dump(self.path) == before, f"{what}: refused, yet the database changed"
        for extra in reply.followups:
            if "secret" in extra.text.lower():
                assert extra.ephemeral, f"{what}: a secret in a public follow-up"
        if not reply.ephemeral:
            for secret in self._secrets():
                assert str(secret) not in reply.text, f"{what}: public reply shows the secret {secret}"

    def _secrets(self) -> list[int]:
        conn = sqlite3.connect(str(self.path))
        try:
            out = []
            for (state,) in conn.execute("SELECT state FROM games WHERE game_key = 'pebbles' AND state IS NOT NULL"):
                out += registry.get("pebbles").load(state).secret
            return out
        finally:
            conn.close()

    @rule(user=st.sampled_from(USERS), name=st.sampled_from(CORE), value=st.sampled_from(VALUES),
          place=st.sampled_from(PLACES))
    def command(self, user, name, value, place):
        args = {"game": value or "pebbles", "options": value if "=" in value or len(value) > 100 else "", "order": value,
                "move": value, "page": value, "confirm": value, "count": value}
        if name == "game new":
            args["game"] = "pebbles" if value not in ("clans", *HOSTILE) else value
        before = dump(self.path)
        reply = self._do(run(self.service, place, user, name, args))
        self._check_reply(reply, f"/{name} {value[:20]!r} by {user.name}", before)
        self.last = reply

    @rule(users=st.lists(st.sampled_from(USERS), min_size=1, max_size=4, unique=True), place=st.sampled_from(PLACES),
          start=st.booleans())
    def open_table(self, users, place, start):
        """A table opened, joined and (maybe) started: the usual way in."""
        for name, user in [("game new", users[0]), *[("game join", u) for u in users[1:]],
                           *([("game start", users[0])] if start else [])]:
            before = dump(self.path)
            reply = self._do(run(self.service, place, user, name, {"game": "pebbles"}))
            self._check_reply(reply, f"/{name} by {user.name}", before)
            self.last = reply

    @rule(place=st.sampled_from(PLACES), picks=st.lists(st.integers(0, 10), min_size=1, max_size=8))
    def legal_moves(self, place, picks):
        """Whoever must act plays one of their legal moves, a few times over."""
        for pick in picks:
            for user in USERS:
                moves = self._do(self.service.legal(place, user))
                if moves:
                    before = dump(self.path)
                    reply = self._do(self.service.move(place, user, moves[pick % len(moves)].notation))
                    self._check_reply(reply, f"legal move by {user.name}", before)
                    assert reply.ok, reply.text
                    self.last = reply
                    break

    @precondition(lambda self: self.last is not None and self.last.choices)
    @rule(user=st.sampled_from(USERS), index=st.integers(-1, 6), stale=st.booleans())
    def press(self, user, index, stale):
        version = self.last.choices[0].version - (1 if stale else 0)
        for place in PLACES:
            before = dump(self.path)
            reply = self._do(self.service.press(place, user, version, index))
            self._check_reply(reply, f"button {index} by {user.name}", before)

    @rule(hours=st.sampled_from([0.01, 1, 30, 24 * 9]))
    def wait(self, hours):
        self.clock.advance(hours * 3600)

    @rule()
    def restart(self):
        """The process stops and starts again on the same file."""
        self._do(self.store.close())
        self.store = self._do(Store.open(self.path))
        self.service = TableService(self.store, self.clock, render_images=False)
        for _row, reply in self._do(self.service.pending_announcements()):
            assert not reply.ephemeral
        assert not self._do(self.store.unannounced())

    @invariant()
    def database_consistent(self):
        conn = sqlite3.connect(str(self.path))
        try:
            open_channels = [c for (c,) in conn.execute(
                "SELECT channel_id FROM games WHERE status IN ('lobby', 'active')")]
            assert len(open_channels) == len(set(open_channels)), "two open games in one channel"
            for gid, version, announced, status in conn.execute(
                    "SELECT id, version, announced, status FROM games"):
                assert announced <= version
                versions = [v for (v,) in conn.execute("SELECT version FROM moves WHERE game_id = ? "
                                                       "ORDER BY version", (gid,))]
                if versions:
                    assert versions == list(range(versions[0], versions[-1] + 1)), "a hole in the log"
                    assert versions[-1] == version or status == "abandoned", "log behind the game"
        finally:
            conn.close()
        bad = [r for r in self._do(verify_all(self.store)) if not r.ok]
        assert not bad, bad


def test_random_command_sequences(seeds):
    run_state_machine_as_test(TableMachine, settings=settings(
        max_examples=4 * len(seeds), stateful_step_count=40, deadline=None, database=None,
        suppress_health_check=list(HealthCheck)))
