"""Who and where an interaction comes from, in the table's terms
(:class:`Actor`, :class:`Place`), and the server language it tells us."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord.limits import RateLimiter
from bot.table import Actor, Place, Reply, TableService

log = logging.getLogger("hearth.discord")


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    perms = interaction.permissions
    locale = str(interaction.locale.value if interaction.locale else "") or None
    return Actor(user.id, getattr(user, "display_name", None) or user.name,
                 manage=bool(perms and perms.manage_channels), locale=locale)


def place_of(interaction: discord.Interaction) -> Place:
    # a thread has its own id: a game in a thread lives apart from its parent channel
    return Place(channel_id=interaction.channel_id or 0, guild_id=interaction.guild_id)


def member_arg(member: discord.abc.User | None) -> tuple[int, str, bool] | None:
    if member is None:
        return None
    return member.id, getattr(member, "display_name", None) or member.name, bool(member.bot)


async def note_locale(interaction: discord.Interaction) -> None:
    service = getattr(interaction.client, "service", None)
    locale = getattr(interaction, "guild_locale", None)
    if service is None or locale is None or interaction.guild_id is None:
        return
    try:
        await service.note_guild_locale(interaction.guild_id, str(locale.value))
    except Exception:  # noqa: BLE001
        log.exception("could not remember the server's language")


Work = Callable[[], Awaitable[Reply]]    # what a command, a button or a picker tap runs on the table


class HearthBot(discord.AutoShardedClient):
    """What a handler may ask of the client an interaction came to (:class:`bot.discord.client.HearthClient`
    is the one): its table service, its per-user rate limits, and the two paths every command, button
    and picker tap takes. The paths live in :mod:`bot.discord.tree`, which the buttons may not import
    (the tree imports them): they reach them through the client."""

    service: TableService
    limits: RateLimiter

    # declared here for the handlers' types; HearthClient (bot/discord/client.py) implements both
    async def answer(self, interaction: discord.Interaction, name: str, work: Work) -> None:
        raise NotImplementedError("HearthClient.answer: defer, rate-limit, run, reply")

    async def step(self, interaction: discord.Interaction, name: str, work: Work) -> None:
        raise NotImplementedError("HearthClient.step: a picker tap, answered in place")


def bot_of(interaction: discord.Interaction) -> HearthBot:
    """The client an interaction came to, checked to be Hearth's. discord.py types a handler's
    interaction with the generic ``Client`` (a button's ``callback`` may not narrow it to
    ``Interaction[HearthBot]``: that would break the override), so the check is made here, once."""
    client = interaction.client
    if not isinstance(client, HearthBot):
        raise TypeError(f"an interaction of a {type(client).__name__} reached Hearth's handlers")
    return client


def service_of(interaction: discord.Interaction) -> TableService:
    """The table service of the client the interaction came to."""
    return bot_of(interaction).service
