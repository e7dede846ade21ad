"""The Discord harness of tests/bot with fault injection: chosen requests
fail with the Discord error a real server would send, on the webhook layer
(interaction responses and follow-ups) and on the bot's HTTP client
(messages sent straight to a channel)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord.buttons import MoveButton, ResignButton, UndoButton
from tests.bot.discord.harness import Sent, Wire, make_client, message_payload


@dataclass
class _Response:
    status: int
    reason: str = "error"


def http_error(status: int, code: int, message: str = "error") -> discord.HTTPException:
    """The exception discord.py raises for a Discord error answer."""
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    if status >= 500:
        kind = discord.DiscordServerError
    return kind(_Response(status), {"code": code, "message": message})


RATE_LIMITED = lambda: http_error(429, 0, "You are being rate limited.")          # noqa: E731
UNKNOWN_CHANNEL = lambda: http_error(404, 10003, "Unknown Channel")                # noqa: E731
MISSING_PERMISSIONS = lambda: http_error(403, 50013, "Missing Permissions")       # noqa: E731
UNKNOWN_INTERACTION = lambda: http_error(404, 10062, "Unknown interaction")       # noqa: E731
INVALID_TOKEN = lambda: http_error(401, 50027, "Invalid Webhook Token")           # noqa: E731
TOO_LARGE = lambda: http_error(413, 40005, "Request entity too large")            # noqa: E731


class FaultWire(Wire):
    """``fail(when, error)``: the next requests matching ``when(sent)`` raise
    ``error()`` (``times`` of them; None: all)."""

    def __init__(self, monkeypatch) -> None:
        super().__init__(monkeypatch)
        inner = AsyncWebhookAdapter.request
        self.rules: list[list] = []
        self.failed: list[tuple[Sent, Exception]] = []
        self.channel_posts: list[Sent] = []
        wire = self

        def _check(sent: Sent) -> None:
            for rule in wire.rules:
                when, error, left = rule
                if left != 0 and when(sent):
                    rule[2] = left - 1 if left is not None else None
                    exc = error()
                    wire.failed.append((sent, exc))
                    raise exc

        async def request(adapter, route, session=None, *, payload=None, multipart=None, files=None, **kw):
            body = payload or {}
            if multipart:
                for part in multipart:
                    if part.get("name") == "payload_json":
                        body = json.loads(part["value"])
            _check(Sent(route.method, route.path, body, [f.filename for f in (files or [])]))
            return await inner(adapter, route, session, payload=payload, multipart=multipart, files=files, **kw)

        async def http_request(client, route, *, files=None, form=None, **kw):
            body = kw.get("json") or {}
            for part in form or []:
                if part.get("name") == "payload_json":
                    body = json.loads(part["value"])
            sent = Sent(route.method, route.path, body, [f.filename for f in (files or [])])
            _check(sent)
            wire.channel_posts.append(sent)
            return message_payload(body)

        monkeypatch.setattr(AsyncWebhookAdapter, "request", request)
        monkeypatch.setattr(HTTPClient, "request", http_request)

    def fail(self, when, error, times: int | None = None) -> None:
        self.rules.append([when, error, times])

    def public_posts(self) -> list[Sent]:
        return [m for m in self.messages() if m.method == "POST" and not m.ephemeral]


def callback(sent: Sent) -> bool:
    return "/callback" in sent.path


def with_files(sent: Sent) -> bool:
    return bool(sent.files)


def followup(sent: Sent) -> bool:
    return sent.method == "POST" and "/webhooks/" in sent.path and "/callback" not in sent.path


def edit_original(sent: Sent) -> bool:
    return sent.method == "PATCH"


def anything(sent: Sent) -> bool:
    return True


def client_for(service):
    client = make_client(service)
    client.add_dynamic_items(MoveButton, UndoButton, ResignButton)
    return client
