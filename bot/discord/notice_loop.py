"""The background task that posts reminders and deadline actions every
minute (the table decides what is due; this only delivers it)."""

from __future__ import annotations

import logging

import discord
from discord.ext import tasks

from bot.discord.replies import post

log = logging.getLogger("hearth.discord")

NOTICE_MINUTES = 1.0


async def deliver_due(client) -> int:
    """Post every notice due now (reminders, deadline actions); returns how many went out."""
    sent = 0
    for reply in await client.service.due_notices():
        if reply.channel_id is None:
            continue
        try:
            channel = client.get_channel(reply.channel_id) or await client.fetch_channel(reply.channel_id)
        except discord.HTTPException as exc:
            log.warning("channel %s of a reminder is gone: %s", reply.channel_id, exc)
            continue
        if await post(channel, reply):
            sent += 1
            if getattr(reply, "announces", False) and reply.version is not None and reply.game_id is not None:
                await client.service.announced(reply.game_id, reply.version)
    return sent


def start_notice_loop(client) -> tasks.Loop:
    @tasks.loop(minutes=NOTICE_MINUTES)
    async def notices() -> None:
        try:
            await deliver_due(client)
        except Exception:  # noqa: BLE001 - keep the loop alive
            log.exception("due notices failed")

    @notices.before_loop
    async def wait_ready() -> None:
        await client.wait_until_ready()

    notices.start()
    return notices
