"""The Discord side of async play: its slash commands, the hand-over
button, direct messages for players who chose them, the pinned status
message edited in place, and the background task that posts reminders and
deadline actions every minute.

Everything here only translates between Discord and the table service;
Discord errors are logged, never raised (the game is already saved)."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import tasks

from bot.i18n import t
from bot.limits import COSTLY, Rule
from bot.service import Place, Reply

log = logging.getLogger("hearth.discord")

NOTICE_MINUTES = 1.0
COSTLY.setdefault("replay", ("replay", Rule(burst=2, per=120.0)))   # an animation is heavy to draw
COSTLY.setdefault("game export", ("render", Rule(burst=4, per=10.0)))


def _app():
    from bot import discord_app   # late: discord_app imports this module
    return discord_app


def member_arg(member: discord.abc.User | None) -> tuple[int, str, bool] | None:
    if member is None:
        return None
    return member.id, getattr(member, "display_name", None) or member.name, bool(member.bot)


# ------------------------------------------------------------ the button


class AcceptButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hearth:take:(?P<ch>\d+):(?P<g>\d+)"):
    """Takes the seat offered to the presser (only they can: the service checks)."""

    def __init__(self, channel_id: int, game_id: int, label: str = "Take the seat") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.success,
                                           custom_id=f"hearth:take:{channel_id}:{game_id}"))
        self.channel_id, self.game_id = channel_id, game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), int(match["g"]), item.label or "Take the seat")

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app()
        service = interaction.client.service  # type: ignore[attr-defined]
        await app._answer(interaction, "accept",
                          lambda: service.asyncplay.accept(app.place_of(interaction), app.actor_of(interaction)))


# ------------------------------------------------------------ after a post: DMs and the pinned status


async def deliver_extras(client: discord.Client | None, channel, reply: Reply) -> None:
    """Direct messages for players who chose them, then the pinned status
    message of the game edited in place (created and pinned the first time)."""
    if client is None and channel is not None:
        client = channel._state._get_client()
    closed: list[int] = []
    for user_id, text in reply.direct:
        try:
            user = client.get_user(user_id) or await client.fetch_user(user_id)
            await user.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as exc:   # DMs closed: they chose DMs, so they were not pinged either
            log.info("could not DM user %s: %s", user_id, exc)
            closed.append(user_id)
        except Exception as exc:  # noqa: BLE001 - the channel post went out; a DM is a courtesy
            log.info("could not DM user %s: %s", user_id, exc)
    if closed and channel is not None:
        await _ping_instead(client, channel, reply, closed)
    status = await client.service.asyncplay.status_for(reply)
    if status and reply.game_id is not None and channel is not None:
        await update_status(client, channel, reply.game_id, status)


async def _ping_instead(client, channel, reply: Reply, users: list[int]) -> None:
    """A player who asked for DMs but does not accept them is pinged in the
    channel, so a turn never waits unseen."""
    loc = await client.service.asyncplay.locale_of(reply.game_id)
    who = " ".join(f"<@{u}>" for u in users)
    try:
        await channel.send(t(loc, "dm_closed", who=who), allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(u) for u in users], roles=False, everyone=False))
    except discord.HTTPException as exc:
        log.info("could not ping %s in channel %s: %s", users, getattr(channel, "id", None), exc)


async def update_status(client, channel, game_id: int, text: str) -> None:
    service = client.service
    message_id = await service.asyncplay.status_message(game_id)
    none = discord.AllowedMentions.none()
    try:
        if message_id:
            try:
                await channel.get_partial_message(message_id).edit(content=text, allowed_mentions=none)
                return
            except discord.NotFound:
                pass   # unpinned and deleted by someone: make a new one
        message = await channel.send(text, allowed_mentions=none)
        await service.asyncplay.set_status_message(game_id, message.id)
        try:
            await message.pin(reason="Hearth: the game's status, edited in place")
        except discord.HTTPException as exc:
            log.info("could not pin the status of game %s: %s", game_id, exc)
    except Exception as exc:  # noqa: BLE001
        log.warning("could not update the status message of game %s: %s", game_id, exc)


# ------------------------------------------------------------ reminders every minute


async def deliver_due(client) -> int:
    """Post every notice due now (reminders, deadline actions); returns how many went out."""
    app = _app()
    sent = 0
    for reply in await client.service.due_notices():
        if reply.channel_id is None:
            continue
        try:
            channel = client.get_channel(reply.channel_id) or await client.fetch_channel(reply.channel_id)
        except discord.HTTPException as exc:
            log.warning("channel %s of a reminder is gone: %s", reply.channel_id, exc)
            continue
        if await app.post(channel, reply):
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


# ------------------------------------------------------------ server language


async def note_locale(interaction: discord.Interaction) -> None:
    service = getattr(interaction.client, "service", None)
    locale = getattr(interaction, "guild_locale", None)
    if service is None or locale is None or interaction.guild_id is None:
        return
    try:
        await service.asyncplay.note_guild_locale(interaction.guild_id, str(locale.value))
    except Exception:  # noqa: BLE001
        log.exception("could not remember the server's language")


# ------------------------------------------------------------ /game new in a thread


async def game_new(interaction: discord.Interaction, key: str, options: str | None, thread: bool) -> None:
    app = _app()
    service = interaction.client.service  # type: ignore[attr-defined]
    if not thread:
        await app._do(interaction, "game new", game=key, options=options)
        return

    async def work() -> Reply:
        actor = app.actor_of(interaction)
        args = {"game": key, "options": options}
        channel = interaction.channel
        try:
            from rules import registry
            name = registry.get(key).name if key in registry.keys() else key
            made = await channel.create_thread(name=f"{name} — {actor.name}"[:100],
                                               type=discord.ChannelType.public_thread, auto_archive_duration=10080)
        except Exception as exc:  # noqa: BLE001 - no permission, not a text channel…
            log.info("could not create a thread: %s", exc)
            reply = await app.run(service, app.place_of(interaction), actor, "game new", args)
            if reply.ok:
                reply.text = t(actor.locale, "thread_failed") + "\n" + reply.text
            return reply
        reply = await app.run(service, Place(made.id, interaction.guild_id), actor, "game new", args)
        if not reply.ok:
            try:
                await made.delete()
            except discord.HTTPException:
                pass
            return reply
        await app.post(made, reply)
        return Reply(t(actor.locale, "thread_opened", where=made.mention))

    await app._answer(interaction, "game new", work)


# ------------------------------------------------------------ the commands


def add_async_commands(tree: app_commands.CommandTree, game: app_commands.Group) -> None:
    app = _app()
    _do, _describe, _param = app._do, app._describe, app._param
    from rules import registry
    GAME_CHOICES = [app_commands.Choice(name=g.name[:100], value=g.key) for g in registry.all_games()][:25]

    @game.command(name="settings", description=_describe("game settings"))
    @app_commands.describe(reminder=_param("game settings", "reminder"), deadline=_param("game settings", "deadline"),
                           policy=_param("game settings", "policy"), vacation=_param("game settings", "vacation"))
    @app_commands.choices(policy=[app_commands.Choice(name="skip (pass)", value="skip"),
                                  app_commands.Choice(name="auto (the rules choose a move)", value="auto"),
                                  app_commands.Choice(name="table (takes the seat)", value="table")])
    async def game_settings(interaction: discord.Interaction,
                            reminder: app_commands.Range[int, 0, 720] | None = None,
                            deadline: app_commands.Range[int, 0, 2160] | None = None,
                            policy: app_commands.Choice[str] | None = None,
                            vacation: app_commands.Range[int, 0, 60] | None = None):
        await _do(interaction, "game settings", reminder=reminder, deadline=deadline,
                  policy=policy.value if policy else None, vacation=vacation)

    @game.command(name="list", description=_describe("game list"))
    async def game_list(interaction: discord.Interaction):
        await _do(interaction, "game list")

    @game.command(name="mine", description=_describe("game mine"))
    async def game_mine(interaction: discord.Interaction):
        await _do(interaction, "game mine")

    @game.command(name="export", description=_describe("game export"))
    async def game_export(interaction: discord.Interaction):
        await _do(interaction, "game export")

    @game.command(name="import", description=_describe("game import"))
    @app_commands.describe(file=_param("game import", "file"))
    async def game_import(interaction: discord.Interaction, file: discord.Attachment):
        service = interaction.client.service  # type: ignore[attr-defined]

        async def work() -> Reply:
            from bot.export import MAX_IMPORT
            from bot.service import refusal
            actor = app.actor_of(interaction)
            if file.size > MAX_IMPORT:   # refused without downloading it
                return refusal(t(actor.locale, "import_bad", why=f"larger than {MAX_IMPORT // 1024 // 1024} MB"))
            blob = await file.read()
            return await app.run(service, app.place_of(interaction), app.actor_of(interaction), "game import",
                                 {"file": blob})

        await app._answer(interaction, "game import", work)

    @tree.command(name="notify", description=_describe("notify"))
    @app_commands.describe(mode=_param("notify", "mode"))
    @app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in ("channel", "dm", "both", "mute")])
    async def notify(interaction: discord.Interaction, mode: app_commands.Choice[str] | None = None):
        await _do(interaction, "notify", mode=mode.value if mode else None)

    @tree.command(name="remind", description=_describe("remind"))
    @app_commands.guild_only()
    async def remind(interaction: discord.Interaction):
        await _do(interaction, "remind")

    @tree.command(name="vacation", description=_describe("vacation"))
    @app_commands.describe(days=_param("vacation", "days"))
    @app_commands.guild_only()
    async def vacation(interaction: discord.Interaction, days: app_commands.Range[str, 1, 10]):
        await _do(interaction, "vacation", days=days)

    @tree.command(name="handover", description=_describe("handover"))
    @app_commands.describe(member=_param("handover", "member"))
    @app_commands.guild_only()
    async def handover(interaction: discord.Interaction, member: discord.Member | None = None):
        await _do(interaction, "handover", member=member_arg(member))

    @tree.command(name="accept", description=_describe("accept"))
    @app_commands.guild_only()
    async def accept(interaction: discord.Interaction):
        await _do(interaction, "accept")

    @tree.command(name="replay", description=_describe("replay"))
    @app_commands.guild_only()
    async def replay(interaction: discord.Interaction):
        limit = getattr(interaction, "filesize_limit", None) or app.DEFAULT_UPLOAD_LIMIT
        await _do(interaction, "replay", limit=limit)

    @tree.command(name="stats", description=_describe("stats"))
    @app_commands.describe(player=_param("stats", "player"), game=_param("stats", "game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(interaction: discord.Interaction, player: discord.Member | None = None,
                    game: app_commands.Choice[str] | None = None):
        await _do(interaction, "stats", player=member_arg(player), game=game.value if game else None)
