"""The background task that posts reminders, deadline actions and stalled
AI turns every minute (the table decides what is due and leases each game
to one process; this only delivers it), and the moves another process saved
but died before posting. A notice goes out over Discord's
REST API, so any process may post it, whichever shard holds the guild."""

from __future__ import annotations

import logging

import discord
from discord.ext import tasks

from bot.discord.replies import post
from bot.table import Reply

log = logging.getLogger("hearth.discord")

NOTICE_MINUTES = 1.0
ANNOUNCE_LATE = 120.0      # a move saved this long ago and never posted was left by a process that died


async def deliver_due(client) -> int:
    """Post every notice due now (reminders, deadline actions); returns how many went out."""

    async def send(reply: Reply) -> bool:
        if reply.channel_id is None or reply.ephemeral:
            return False
        try:
            channel = client.get_channel(reply.channel_id) or await client.fetch_channel(reply.channel_id)
        except discord.HTTPException as exc:
            log.warning("channel %s of a reminder is gone: %s", reply.channel_id, exc)
            return False
        if not await post(channel, reply):
            return False
        if reply.announces and reply.version is not None and reply.game_id is not None:
            await client.service.announced(reply.game_id, reply.version)
        return True

    return await client.service.reminders.deliver(send)


def start_notice_loop(client) -> tasks.Loop:
    @tasks.loop(minutes=NOTICE_MINUTES)
    async def notices() -> None:
        try:
            await deliver_due(client)
        except Exception:  # noqa: BLE001 - keep the loop alive
            log.exception("due notices failed")
        try:
            await client.announce_pending(late_after=ANNOUNCE_LATE)
        except Exception:  # noqa: BLE001
            log.exception("late announcements failed")

    @notices.before_loop
    async def wait_ready() -> None:
        await client.wait_until_ready()

    notices.start()
    return notices
