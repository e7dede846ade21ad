"""Issue 19's "done when": a bot of two processes on one PostgreSQL plays
games from two shards and survives the loss of either process without
losing or doubling a move or a reminder.

Two real OS processes (``shard_worker.py``), each a real ``HearthClient``
for one shard of two (``HEARTH_SHARDS=2``, ``HEARTH_SHARD_IDS=0`` / ``1``),
share one real PostgreSQL server; their HTTP layer is captured and every
request printed, so the test sees what each would have sent to Discord.
Slash commands arrive as Discord-shaped payloads, each at the process
running its guild's shard. The table's clock is driven by the test (lease
expiry and late announcements are reached by moving it, never by sleeping),
and the processes are killed with SIGKILL at chosen points:

1. both play pebbles games in guilds of both shards (two people, and one
   person against an AI seat), with bursts of concurrent moves on one game;
2. reminders fall due; shard 1's process dies while posting them (holding
   its leases); shard 0's keeps answering commands, and once the leases
   expire sends the reminders the dead one never posted;
3. a replacement runs shard 1; shard 0's process dies right after saving a
   move, before posting it; the shard-1 process posts it once it is late
   and keeps answering; a replacement for shard 0 plays on.

Then, from the database and the captured requests: every acknowledged move
stored exactly once, nothing stored that was not acknowledged but the one
move saved at the kill (and announced once), each AI turn played once, each
due reminder sent exactly once, the slash commands synced once, every log
replaying to its game's state.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections import Counter
from pathlib import Path

import pytest

from bot.discord.notice_loop import ANNOUNCE_LATE
from bot.ops.verify import verify_all
from bot.table.reminders import LEASE_SECONDS
from storage import open_store
from tests.bot.discord.harness import interaction_payload, slash
from tests.pg_server import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
T0 = 1_700_000_000.0
H = 3600.0
WAIT = 60.0                         # seconds any one answer may take on a busy machine (never reached when right)

GUILD = {0: 10, 1: (1 << 22) * 3 + 5}          # (id >> 22) % 2 picks the shard
ANN, BOB, CID, DAN = (1, "Ann"), (2, "Bob"), (3, "Cid"), (4, "Dan")
# channel -> (shard, people; one person alone plays against an AI seat)
TABLES = {100: (0, [ANN, BOB]), 101: (0, [CID, DAN]), 102: (0, [ANN]),
          200: (1, [ANN, BOB]), 201: (1, [CID, DAN]), 202: (1, [CID])}
LATE_TABLE = 103                     # started on shard 0 while shard 1's process is down
SHARD_OF = {**{channel: shard for channel, (shard, _) in TABLES.items()}, LATE_TABLE: 0}


@pytest.fixture(scope="module")
def postgres():
    with PostgresServer() as server:
        yield server


class Bot:
    """One bot process: its orders, its answers, what it sent to Discord."""

    def __init__(self, name: str, shard: int, proc: asyncio.subprocess.Process, log: Path) -> None:
        self.name, self.shard, self.proc, self.log = name, shard, proc, log
        self.sent: list[dict] = []
        self.tokens: dict[str, list[dict]] = {}      # interaction token -> what was sent answering it
        self.waiting: dict[int, asyncio.Future] = {}
        self.frozen: asyncio.Future = asyncio.get_running_loop().create_future()
        self.ready: asyncio.Future = asyncio.get_running_loop().create_future()
        self.orders = 0
        self.reader = asyncio.create_task(self.read())

    @classmethod
    async def start(cls, name: str, shard: int, target: str, now: float, tmp: Path) -> Bot:
        env = {**os.environ, "HEARTH_SHARDS": "2", "HEARTH_SHARD_IDS": str(shard), "PYTHONPATH": str(ROOT)}
        log = tmp / f"{name}.log"
        with open(log, "wb") as err:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.reliability.shard_worker", target, repr(now), cwd=ROOT, env=env,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=err, limit=1 << 22)
        bot = cls(name, shard, proc, log)
        await bot.wait(bot.ready, "start")
        return bot

    async def read(self) -> None:
        while line := await self.proc.stdout.readline():
            record = json.loads(line)
            if "reply" in record:
                self.waiting.pop(record["reply"]).set_result(record)
            elif "sent" in record:
                self.sent.append(record["sent"])
                if record["sent"].get("token"):
                    self.tokens.setdefault(record["sent"]["token"], []).append(record["sent"])
            elif "at" in record:
                self.frozen.set_result(record)
            elif "ready" in record:
                self.ready.set_result(record)

    async def wait(self, future: asyncio.Future, what: str):
        done, _ = await asyncio.wait([future, self.reader], timeout=WAIT, return_when=asyncio.FIRST_COMPLETED)
        if future not in done:
            raise AssertionError(f"{self.name}: no answer to {what}; its log ends:\n{self.log.read_text()[-3000:]}")
        return future.result()

    def order(self, op: str, **fields) -> asyncio.Future:
        self.orders += 1
        future = asyncio.get_running_loop().create_future()
        self.waiting[self.orders] = future
        self.proc.stdin.write((json.dumps({"id": self.orders, "op": op, **fields}) + "\n").encode())
        return future

    async def do(self, op: str, **fields) -> dict:
        answer = await self.wait(self.order(op, **fields), op)
        assert "error" not in answer, answer
        return answer

    async def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        assert await asyncio.wait_for(self.proc.wait(), WAIT) == -signal.SIGKILL
        await self.reader
        for future in self.waiting.values():
            future.cancel()

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.proc.stdin.close()
            await asyncio.wait_for(self.proc.wait(), WAIT)
        await self.reader


class Driver:
    """Sends each interaction to the process running its guild's shard and
    keeps what each person asked for, to compare with what was stored."""

    def __init__(self) -> None:
        self.bots: dict[int, Bot] = {}
        self.tokens = iter(f"tok{n}" for n in range(1, 1_000_000))
        self.moves: list[tuple[str, Bot, int, int, str]] = []   # (token, process, channel, user, text)
        self.now = T0

    def send(self, channel: int, who: tuple[int, str], data: dict) -> tuple[str, asyncio.Future]:
        shard = SHARD_OF[channel]
        payload = interaction_payload(2, data, user_id=who[0], name=who[1], channel_id=channel,
                                      guild_id=GUILD[shard])
        payload["token"] = token = next(self.tokens)
        bot = self.bots[shard]
        if data["name"] == "move":
            self.moves.append((token, bot, channel, who[0], data["options"][0]["value"]))
        return token, bot.order("interact", payload=payload)

    async def command(self, channel: int, who: tuple[int, str], data: dict) -> bool:
        """One interaction, answered; whether it was a public post (a change the channel saw)."""
        token, future = self.send(channel, who, data)
        bot = self.bots[SHARD_OF[channel]]
        answer = await bot.wait(future, f"{data['name']} in {channel}")
        assert "error" not in answer, answer
        return acknowledged(bot, token)

    async def burst(self, channel: int, who: tuple[int, str], moves: list[str]) -> int:
        """Concurrent /move commands on one game; how many were acknowledged."""
        sent = [self.send(channel, who, slash("move", {"move": m})) for m in moves]
        bot = self.bots[SHARD_OF[channel]]
        for _, future in sent:
            assert "error" not in await bot.wait(future, f"move in {channel}")
        return sum(acknowledged(bot, token) for token, _ in sent)

    async def set_clock(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.gather(*(bot.do("clock", now=self.now) for bot in self.bots.values()
                               if bot.proc.returncode is None))

    async def new_table(self, channel: int, people) -> None:
        ai = {"ai": 1} if len(people) == 1 else {}
        assert await self.command(channel, people[0], slash("game", {"game": "pebbles", **ai}, sub="new"))
        for person in people[1:]:
            assert await self.command(channel, person, slash("game", sub="join"))
        assert await self.command(channel, people[0], slash("game", {"order": "join"}, sub="start"))

    async def turn(self, channel: int, who, first: list[str]) -> None:
        """A whole turn: a burst of rival first steps (exactly one applies), then two 'end's at once."""
        assert await self.burst(channel, who, first) == 1, "of moves sent at once, exactly one applies"
        assert await self.burst(channel, who, ["end", "end"]) == 1


def acknowledged(bot: Bot, token: str) -> bool:
    """The interaction was answered with a public post: the change is the channel's."""
    return any(s["method"] == "POST" and "/callback" not in s["path"] and not s["flags"] & 64
               for s in bot.tokens.get(token, []))


def reminders(bots: list[Bot]) -> Counter:
    """Reminders posted, by channel, over every process that ever ran."""
    return Counter(int(s["path"].split("/")[2]) for bot in bots for s in bot.sent
                   if s["method"] == "POST" and s["path"].endswith("/messages") and "⏰" in s["content"])


async def test_two_processes_on_one_postgres_survive_the_loss_of_either(postgres, tmp_path):
    target = await postgres.create_database()
    store = await open_store(target)          # migrated once here; the processes find it done
    drive = Driver()
    everyone: list[Bot] = []
    try:
        # ---- 1. both shards play
        zero, one = await asyncio.gather(Bot.start("shard0", 0, target, T0, tmp_path),
                                         Bot.start("shard1", 1, target, T0, tmp_path))
        everyone += [zero, one]
        drive.bots = {0: zero, 1: one}

        async def opening(channel: int) -> None:
            people = TABLES[channel][1]
            await drive.new_table(channel, people)
            if len(people) == 2:
                await drive.turn(channel, people[0], ["take 1", "take 2", "take 3", "roll"])
                await drive.turn(channel, people[1], ["take 2", "take 1"])
            else:   # the AI seat plays its turn after each 'end', in the same command (the pile lasts: 1 a turn)
                await drive.turn(channel, people[0], ["take 1", "take 1", "take 1"])
                await drive.turn(channel, people[0], ["take 1", "take 1"])

        await asyncio.gather(*(opening(c) for c in TABLES))

        # ---- 2. reminders due; shard 1's process dies posting them, holding its leases
        await drive.set_clock(25 * H)       # the table's default reminder: 24 h
        await one.do("freeze", point="reminder_post", nth=3)
        one.order("deliver")
        await one.wait(one.frozen, "the third reminder")
        assert sum(reminders([one]).values()) == 2
        assert (await zero.do("deliver"))["posted"] == 0, "shard 1's process leases every due game"
        await drive.new_table(LATE_TABLE, [ANN, BOB])     # shard 0 keeps answering meanwhile
        await one.kill()
        await drive.turn(LATE_TABLE, ANN, ["take 3", "take 2"])
        await drive.set_clock(LEASE_SECONDS / 2)
        assert (await zero.do("deliver"))["posted"] == 0, "a lease not yet expired is left alone"
        await drive.set_clock(LEASE_SECONDS / 2)
        assert (await zero.do("deliver"))["posted"] == len(TABLES) - 2, "taken over once the leases expired"
        assert reminders(everyone) == Counter(list(TABLES)), "each due reminder sent exactly once"

        # ---- 3. a new shard-1 process; shard 0's dies between saving a move and posting it
        one = await Bot.start("shard1-again", 1, target, drive.now, tmp_path)
        everyone.append(one)
        drive.bots[1] = one
        await zero.do("freeze", point="after_save")
        lost = [drive.send(100, ANN, slash("move", {"move": m})) for m in ("take 2", "take 3")]
        saved = await zero.wait(zero.frozen, "a move saved")
        await asyncio.gather(drive.turn(200, ANN, ["take 1", "roll"]), drive.turn(201, CID, ["take 3"]))
        await zero.kill()
        assert not any(acknowledged(zero, token) for token, _ in lost), "nobody was told of the frozen moves"
        await drive.turn(202, CID, ["take 1"])          # shard 1 keeps answering
        await drive.set_clock(ANNOUNCE_LATE)
        await one.do("announce_late")
        late = [s for s in one.sent if s["path"] == "/channels/100/messages" and "Ann takes" in s["content"]]
        assert len(late) == 1, "the move the dead process saved is posted by the survivor, once"

        zero = await Bot.start("shard0-again", 0, target, drive.now, tmp_path)
        everyone.append(zero)
        drive.bots[0] = zero
        assert not [s for s in zero.sent if s["path"] == "/channels/100/messages" and "takes" in s["content"]], \
            "already posted: not again at start-up"
        assert await drive.burst(100, ANN, ["end", "end"]) == 1, "the replacement plays on where it stopped"
        await drive.turn(102, ANN, ["take 1", "take 1"])

        # ---- what the database and the wire say
        for bot in everyone:
            if bot.proc.returncode is None:
                await bot.stop()
        syncs = [bot.name for bot in everyone for s in bot.sent if s["method"] == "PUT" and s["path"].endswith("/commands")]
        assert syncs == ["shard0"], "the slash commands synced once, by the process running shard 0"

        acked = Counter((channel, user, text) for token, bot, channel, user, text in drive.moves
                        if acknowledged(bot, token))
        stored: Counter = Counter()
        games = {row.channel_id: row for row in await store.games(None, ("active", "finished"))}
        assert set(games) == set(TABLES) | {LATE_TABLE}
        for channel, row in games.items():
            log = await store.log(row.id)
            versions = [e.version for e in log]      # the log starts at the deal (the lobby's versions log nothing)
            assert versions == list(range(versions[0], row.version + 1)), "one entry a version, none doubled"
            stored.update((channel, e.user_id, e.text) for e in log if e.kind == "move" and e.user_id is not None)
            if channel in (102, 202):        # against the AI: one AI turn after each of the person's turns
                ends = [e for e in log if e.kind == "move" and e.text in ("end", "shout")]
                assert [e.user_id is None for e in ends] == [False, True] * (len(ends) // 2)
        frozen_move = (100, ANN[0], saved_text(await store.log(games[100].id), saved["version"]))
        assert stored == acked + Counter([frozen_move]), \
            "every acknowledged move stored once; the only other one is the move saved as the process died"
        assert all(report.ok for report in await verify_all(store))
    finally:
        for bot in everyone:
            if bot.proc.returncode is None:
                bot.proc.kill()
                await bot.proc.wait()
        await store.close()


def saved_text(log, version: int) -> str:
    return next(e.text for e in log if e.version == version)
