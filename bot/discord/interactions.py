"""Who and where an interaction comes from, in the table's terms
(:class:`Actor`, :class:`Place`), and the server language it tells us."""

from __future__ import annotations

import logging

import discord

from bot.table import Actor, Place, TableService

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


HearthInteraction = discord.Interaction   # an interaction of the Hearth client (its ``service`` below)


def service_of(interaction: discord.Interaction) -> TableService:
    """The table service of the client the interaction came to."""
    service: TableService = getattr(interaction.client, "service")  # noqa: B009 - HearthClient sets it
    return service
