"""Drive the real discord.py command tree with Discord-shaped payloads and
capture what would go over the wire (no network).

Interaction responses and follow-ups go through
``AsyncWebhookAdapter.request`` (:class:`Wire`); channel messages, DMs, pins and
threads through the bot's ``HTTPClient.request`` (:class:`Rest`). Each records the
call's route, JSON payload (or the ``payload_json`` of a multipart body).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field

import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord.client import HearthClient

APP_ID = 4242
_ids = itertools.count(900_000)


@dataclass
class Sent:
    method: str
    path: str
    payload: dict
    files: list[str] = field(default_factory=list)

    @property
    def content(self) -> str:
        data = self.payload.get("data", self.payload)
        return data.get("content") or ""

    @property
    def flags(self) -> int:
        data = self.payload.get("data", self.payload)
        return data.get("flags") or 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & 64)


class Wire:
    """Replaces the webhook adapter's request for the duration of a test."""

    def __init__(self, monkeypatch) -> None:
        self.sent: list[Sent] = []
        self.fail_with: Exception | None = None
        wire = self

        async def request(adapter, route, session=None, *, payload=None, multipart=None, files=None, **kw):
            body = payload or {}
            if multipart:
                for part in multipart:
                    if part.get("name") == "payload_json":
                        body = json.loads(part["value"])
            sent = Sent(route.method, route.path, body, [f.filename for f in (files or [])])
            wire.sent.append(sent)
            if wire.fail_with is not None:
                raise wire.fail_with
            if "/callback" in route.path:
                return {"interaction": {"id": "1", "type": 2, "response_message_loading": body.get("type") == 5,
                                        "response_message_ephemeral": bool(body.get("data", {}).get("flags", 0) & 64)}}
            if route.method == "POST" and "/webhooks/" in route.path:
                return message_payload(body)
            if route.method == "PATCH":
                return message_payload(body)
            return None

        monkeypatch.setattr(AsyncWebhookAdapter, "request", request)

    def messages(self) -> list[Sent]:
        """Follow-ups and edits: the messages people would see."""
        return [s for s in self.sent if s.method in ("POST", "PATCH") and "/callback" not in s.path]

    def callbacks(self) -> list[Sent]:
        return [s for s in self.sent if "/callback" in s.path]


def message_payload(body: dict) -> dict:
    data = body.get("data", body)
    return {"id": str(next(_ids)), "channel_id": "100", "type": 0, "content": data.get("content", ""),
            "author": {"id": str(APP_ID), "username": "hearth", "discriminator": "0", "avatar": None, "bot": True},
            "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
            "mention_everyone": False, "tts": False, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "flags": data.get("flags", 0), "components": []}


def make_client(service, shards=None) -> HearthClient:
    """A client that believes it is logged in (``shards``: a :class:`bot.discord.shards.ShardPlan`)."""
    client = HearthClient(service, shards=shards)
    state = client._connection
    state.application_id = APP_ID
    state.user = discord.ClientUser(state=state, data={"id": str(APP_ID), "username": "hearth", "discriminator": "0",
                                                       "avatar": None, "bot": True})
    return client


def _member(user_id: int, name: str, manage: bool) -> dict:
    perms = discord.Permissions.none()
    perms.manage_channels = manage
    perms.send_messages = True
    return {"user": {"id": str(user_id), "username": name.lower(), "global_name": name, "discriminator": "0",
                     "avatar": None},
            "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0,
            "permissions": str(perms.value), "nick": None}


def interaction_payload(kind: int, data: dict, *, user_id: int, name: str, channel_id: int = 100,
                        guild_id: int = 10, manage: bool = False, locale: str = "en-US",
                        upload_limit: int = 10 * 1024 * 1024) -> dict:
    return {
        "id": str(next(_ids)), "application_id": str(APP_ID), "type": kind, "token": "interaction-token",
        "version": 1, "channel_id": str(channel_id), "guild_id": str(guild_id),
        "channel": {"id": str(channel_id), "type": 0, "guild_id": str(guild_id), "name": "games", "position": 0,
                    "permission_overwrites": [], "nsfw": False, "parent_id": None},
        "data": data, "member": _member(user_id, name, manage), "locale": locale, "guild_locale": "en-US",
        "app_permissions": str(discord.Permissions.all().value), "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild_id)}, "attachment_size_limit": upload_limit,
    }


def slash(name: str, options: dict | None = None, sub: str | None = None, focused: str | None = None) -> dict:
    opts = []
    for key, value in (options or {}).items():
        kind = 4 if isinstance(value, int) else 3
        opt = {"name": key, "type": kind, "value": value}
        if focused == key:
            opt["focused"] = True
        opts.append(opt)
    if sub:
        opts = [{"name": sub, "type": 1, "options": opts}]
    return {"id": "1", "name": name, "type": 1, "options": opts}


async def run_payload(client: HearthClient, payload: dict) -> discord.Interaction:
    """An INTERACTION_CREATE payload run the way discord.py's gateway runs it."""
    interaction = discord.Interaction(data=payload, state=client._connection)
    await client.tree._call(interaction)
    return interaction


async def invoke(client: HearthClient, data: dict, **who) -> discord.Interaction:
    return await run_payload(client, interaction_payload(2, data, **who))


async def autocomplete(client: HearthClient, data: dict, **who) -> discord.Interaction:
    return await run_payload(client, interaction_payload(4, data, **who))


def channel_of(client: HearthClient, channel_id: int) -> discord.PartialMessageable:
    """A channel object bound to the client's connection, as a gateway event would give."""
    return discord.PartialMessageable(state=client._connection, id=channel_id)


async def press(client: HearthClient, custom_id: str, values: list[str] | None = None, **who) -> discord.Interaction:
    """A button pressed, or (``values``) a select menu's options chosen."""
    data: dict = {"custom_id": custom_id, "component_type": 2}
    if values is not None:
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
    payload = interaction_payload(3, data, **who)
    payload["message"] = message_payload({"content": "board"})
    interaction = discord.Interaction(data=payload, state=client._connection)
    # the same path discord.py takes for a component press
    item = None
    for cls in client._connection._view_store._dynamic_items.values():
        if cls.__discord_ui_compiled_template__.fullmatch(custom_id):
            item = cls
    assert item is not None, f"no dynamic item matches {custom_id}"
    match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
    component = discord.ui.Select(custom_id=custom_id) if values is not None \
        else discord.ui.Button(custom_id=custom_id, label="x")
    instance = await item.from_custom_id(interaction, component, match)
    await instance.callback(interaction)
    return interaction


class Rest:
    """Replaces ``HTTPClient.request``: records REST calls, answers like Discord."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[tuple[str, str, dict]] = []
        rest = self

        async def request(http, route, *, files=None, form=None, **kwargs):
            body = kwargs.get("json") or {}
            if form:
                for part in form:
                    if part.get("name") == "payload_json":
                        body = json.loads(part["value"])
            rest.calls.append((route.method, _path(route), body))
            return rest.answer(route, body)

        monkeypatch.setattr(discord.http.HTTPClient, "request", request)

    def answer(self, route, body):
        path = _path(route)
        if route.method == "POST" and path == "/users/@me/channels":
            return {"id": str(next(_ids)), "type": 1, "recipients": [discord_user(int(body["recipient_id"]), "someone")]}
        if route.method == "GET" and path.startswith("/users/"):
            uid = int(path.rsplit("/", 1)[1])
            return discord_user(uid, f"user{uid}")
        if route.method == "GET" and path.startswith("/channels/"):
            cid = int(path.split("/")[2])
            return {"id": str(cid), "type": 0, "guild_id": "10", "name": "games", "position": 0,
                    "permission_overwrites": [], "nsfw": False, "parent_id": None}
        if route.method == "POST" and path.endswith("/threads"):
            return {"id": str(next(_ids)), "type": 11, "guild_id": "10", "parent_id": path.split("/")[2],
                    "owner_id": str(APP_ID), "name": body.get("name", "t"), "last_message_id": None,
                    "rate_limit_per_user": 0, "message_count": 0, "member_count": 1,
                    "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                        "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False}}
        if route.method in ("POST", "PATCH") and "/messages" in path:
            channel = path.split("/")[2]
            mid = path.rsplit("/", 1)[1] if route.method == "PATCH" else str(next(_ids))
            return {**message_payload(body), "id": mid, "channel_id": channel, "flags": 0}
        return None

    def find(self, method: str, fragment: str) -> list[tuple[str, str, dict]]:
        return [c for c in self.calls if c[0] == method and fragment in c[1]]


def _path(route) -> str:
    return route.url.split("/api/v10", 1)[-1]


def discord_user(uid: int, name: str, bot: bool = False) -> dict:
    return {"id": str(uid), "username": name, "global_name": name, "discriminator": "0", "avatar": None, "bot": bot}
