"""One bot process of tests/reliability/test_two_processes.py: a real
``HearthClient`` (discord.py's ``AutoShardedClient``) running the shards
that ``HEARTH_SHARDS`` / ``HEARTH_SHARD_IDS`` give it, on the database it is
given, with the table's clock at NOW and the HTTP layer captured (nothing
reaches the network). Run as

    python -m tests.reliability.shard_worker TARGET NOW

It starts as the bot does (``setup_hook``: the slash-command sync under its
lease; then ``on_ready``'s announcements of what its guilds left unposted),
prints ``{"ready": …}`` and then reads one JSON order a line on stdin, each
run as its own task, so that orders overlap as Discord events do:

    {"id": 1, "op": "interact", "payload": {...}}   an INTERACTION_CREATE payload, as the gateway gives it
    {"id": 2, "op": "deliver"}                      one pass of the notice loop (reminders, deadlines)
    {"id": 3, "op": "announce_late"}                the notice loop's posts of moves other processes left
    {"id": 4, "op": "clock", "now": 1.7e9}          the table's clock moves to NOW
    {"id": 5, "op": "freeze", "point": "after_save", "nth": 1}

Every order is answered with ``{"reply": id, ...}``. Every request the
process makes to Discord is printed, flushed, as ``{"sent": {...}}`` before
Discord would have it, so the test knows what went out even from a process
it killed. A ``freeze`` point, once reached the ``nth`` time, prints
``{"at": point}`` and stops the whole process there (the event loop blocked)
until the test kills it with SIGKILL: ``after_save`` (a move saved, not yet
posted), ``reminder_post`` (a reminder about to be posted).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord.notice_loop import ANNOUNCE_LATE, deliver_due
from bot.discord.shards import shard_plan
from bot.table import TableService, ai_seats
from bot.table.clock import ManualClock
from rules import registry
from storage import open_store
from tests.bot.discord.harness import make_client, message_payload, run_payload

FROZEN_FOR = 3600.0          # far longer than the test waits: it kills the process first


def say(**record) -> None:
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


class Freezer:
    """Stops the process dead at a chosen point (the test then kills it)."""

    def __init__(self) -> None:
        self.point: str | None = None
        self.left = 0

    def arm(self, point: str, nth: int) -> None:
        self.point, self.left = point, nth

    def reached(self, point: str, **details) -> None:
        if point != self.point:
            return
        self.left -= 1
        if self.left == 0:
            say(at=point, **details)
            time.sleep(FROZEN_FOR)   # blocks the event loop: nothing else of this process runs


def _body(payload, multipart, json_body=None, form=None) -> dict:
    body = payload or json_body or {}
    for part in (multipart or []) + (form or []):
        if part.get("name") == "payload_json":
            body = json.loads(part["value"])
    return body


def capture_http(freezer: Freezer) -> None:
    """Interaction answers (webhook adapter) and REST calls (the bot's HTTP
    client) are printed and answered as Discord would."""

    async def webhook_request(adapter, route, session=None, *, payload=None, multipart=None, files=None, **kw):
        body = _body(payload, multipart)
        data = body.get("data", body)
        say(sent={"via": "interaction", "method": route.method, "path": route.path, "token": route.webhook_token,
                  "content": data.get("content") or "", "flags": data.get("flags") or 0})
        if "/callback" in route.path:
            return {"interaction": {"id": "1", "type": 2, "response_message_loading": True,
                                    "response_message_ephemeral": True}}
        if route.method in ("POST", "PATCH"):
            return message_payload(body)
        return None

    async def rest_request(http, route, *, files=None, form=None, **kw):
        body = _body(None, None, kw.get("json"), form)
        path = route.url.split("/api/v10", 1)[-1]
        content = (body.get("content") or "") if isinstance(body, dict) else ""
        if route.method == "POST" and path.endswith("/messages") and "⏰" in content:
            freezer.reached("reminder_post", path=path)
        say(sent={"via": "rest", "method": route.method, "path": path, "content": content})
        if route.method == "PUT" and path.endswith("/commands"):
            return []
        if route.method == "GET" and path.startswith("/channels/"):
            cid = path.split("/")[2]
            return {"id": cid, "type": 0, "guild_id": "10", "name": "games", "position": 0,
                    "permission_overwrites": [], "nsfw": False, "parent_id": None}
        if route.method in ("POST", "PATCH") and "/messages" in path:
            message = message_payload(body)
            message["channel_id"] = path.split("/")[2]
            if route.method == "PATCH":
                message["id"] = path.rsplit("/", 1)[1]
            return message
        return None

    AsyncWebhookAdapter.request = webhook_request
    HTTPClient.request = rest_request


async def main(target: str, now: float) -> None:
    registry.register("pebbles", "tests.pebbles")
    ai_seats.ITERATION_CAP = 12            # as the test suite plays the table's seats
    freezer = Freezer()
    capture_http(freezer)
    store = await open_store(target)
    clock = ManualClock(now)
    service = TableService(store, clock, render_images=False)
    record = store.record

    async def record_then_maybe_freeze(game_id, expected_version, **kwargs):
        version = await record(game_id, expected_version, **kwargs)
        freezer.reached("after_save", game=game_id, version=version)
        return version

    store.record = record_then_maybe_freeze
    client = make_client(service, shards=shard_plan())   # HEARTH_SHARDS, HEARTH_SHARD_IDS
    # this test counts one post per command, the AI seat's turn played in the same command (as a
    # table's deadline plays it); the AI's own post after a move is tested in tests/bot/table/test_ai_after_post.py
    service.turns.ai_after_post = False
    await client.setup_hook()              # syncs the commands if this process runs shard 0
    for loop in (client.notice_loop, client.health_loop):
        loop.cancel()                      # the test runs the notice loop's passes itself
    await client.announce_pending()        # what on_ready does
    say(ready=client.shard_plan.describe())

    async def run(order: dict) -> None:
        op = order["op"]
        answer: dict = {}
        if op == "interact":
            guild = int(order["payload"]["guild_id"])
            if not client.shard_plan.serves(guild):
                answer["error"] = f"guild {guild} is not on this process's shards"
            else:
                await run_payload(client, order["payload"])
        elif op == "deliver":
            answer["posted"] = await deliver_due(client)
        elif op == "announce_late":
            await client.announce_pending(late_after=ANNOUNCE_LATE)
        elif op == "clock":
            clock.advance(order["now"] - clock.now())
        elif op == "freeze":
            freezer.arm(order["point"], order.get("nth", 1))
        else:
            answer["error"] = f"unknown order {op!r}"
        say(reply=order["id"], **answer)

    loop = asyncio.get_running_loop()
    tasks = set()
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        task = asyncio.create_task(run(json.loads(line)))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.gather(*tasks)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2])))
