"""The slash-command tree, made from the command declarations (:mod:`bot.commands.table`):
one Discord command per declaration, its options typed, bounded and offered as the declaration
says; and :func:`answer`, the one path every command and button takes: defer (Discord wants an
answer within 3 s), apply the per-user rate limit, run the table, send its reply."""

from __future__ import annotations

import inspect
import io
import logging
from typing import Any, Optional

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.commands import COMMANDS, GROUPS, Command, Complete, Kind, Opt, run
from bot.commands.declare import key
from bot.discord.interactions import actor_of, member_arg, note_locale, place_of, service_of
from bot.discord.limits import RateLimiter
from bot.discord.picker_items import picker_view
from bot.discord.replies import DEFAULT_UPLOAD_LIMIT, discord_text, post, send_reply, why_failed
from bot.table import Place, Reply, refusal
from bot.table.archive import MAX_IMPORT
from bot.table.i18n import t
from bot.table.rulebook import topic_choices
from rules import registry

log = logging.getLogger("hearth.discord")


async def answer(interaction: discord.Interaction, name: str, work) -> None:
    """Defer, apply the per-user rate limit of costly commands, run
    ``work()`` and send its reply. Nothing raised here reaches discord.py:
    an interaction that expired before we could defer is only logged (the
    command did not run, the person's client says it failed)."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as exc:
        log.warning("could not defer /%s (%s): not run", name, why_failed(exc))
        return
    actor = actor_of(interaction)
    try:
        await note_locale(interaction)   # the server's language, for reminders nobody asked for
    except Exception:  # noqa: BLE001 - a preference not noted must not cost the command
        log.exception("could not note the locale of guild %s", interaction.guild_id)
    limits: RateLimiter | None = getattr(interaction.client, "limits", None)
    wait = limits.take(actor.user_id, name) if limits is not None else 0.0
    if wait:
        reply = Reply(t(actor.locale, "rate_limited", seconds=RateLimiter.seconds(wait)), ephemeral=True, ok=False)
    else:
        try:
            reply = await work()
        except Exception:
            log.exception("command /%s failed", name)
            reply = Reply(t(actor.locale, "went_wrong"), ephemeral=True, ok=False)
    try:
        await send_reply(interaction, reply)
    except Exception:  # noqa: BLE001 - the last line of defence: log, never crash the bot
        log.exception("could not answer /%s", name)


async def step(interaction: discord.Interaction, name: str, work) -> None:
    """A tap in the picker: acknowledge at once (Discord wants it within 3 s), then edit the
    private picker in place with the next step; a public reply (the confirmed move's post) goes
    out as every command's does. ``name`` is the command the tap stands for, for the rate limit."""
    try:
        await interaction.response.defer()
    except discord.HTTPException as exc:
        log.warning("could not acknowledge a picker tap (%s)", why_failed(exc))
        return
    actor = actor_of(interaction)
    limits: RateLimiter | None = getattr(interaction.client, "limits", None)
    wait = limits.take(actor.user_id, name) if limits is not None and name == "move" else 0.0
    if wait:
        reply = Reply(t(actor.locale, "rate_limited", seconds=RateLimiter.seconds(wait)), ephemeral=True, ok=False)
    else:
        try:
            reply = await work()
        except Exception:
            log.exception("a picker step failed")
            reply = Reply(t(actor.locale, "went_wrong"), ephemeral=True, ok=False)
    try:
        if reply.ephemeral:
            await show_in_place(interaction, reply, actor.locale)
        else:
            await send_reply(interaction, reply)
    except Exception:  # noqa: BLE001 - the last line of defence
        log.exception("could not answer a picker tap")


async def show_in_place(interaction: discord.Interaction, reply: Reply, locale: str | None) -> None:
    view = picker_view(reply.picker, interaction.channel_id or 0, locale) if reply.picker else None
    files = [discord.File(io.BytesIO(reply.image), filename=reply.image_name)] if reply.image is not None else []
    await interaction.edit_original_response(content=discord_text(reply.text)[:2000], attachments=files, view=view)


# ---- the declarations as Discord commands


def _annotation(opt: Opt) -> Any:
    """The type discord.py reads from a callback's parameter, from the option's kind and bounds."""
    if opt.picks():
        base: Any = app_commands.Choice[str]
    elif opt.kind is Kind.INTEGER:
        base = app_commands.Range[int, opt.low, opt.high] if opt.low is not None or opt.high is not None else int
    elif opt.kind is Kind.FLAG:
        base = bool
    elif opt.kind is Kind.MEMBER:
        base = discord.Member
    elif opt.kind is Kind.FILE:
        base = discord.Attachment
    else:
        base = app_commands.Range[str, opt.low, opt.high] if opt.high is not None else str
    return base if opt.required else Optional[base]  # noqa: UP045 - discord.py reads typing.Optional


def _described(cmd: Command, opt: Opt) -> locale_str:
    return locale_str(opt.description[:100], key=key("cmd", cmd.name, opt.name))


def _callback(cmd: Command):
    """A coroutine with the signature discord.py reads the options from (one keyword parameter
    per option, typed as :func:`_annotation` says), which hands the values to :func:`invoke`."""

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await invoke(interaction, cmd, values)

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    for opt in cmd.options:
        parameters.append(inspect.Parameter(opt.name, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(opt),
                                            default=inspect.Parameter.empty if opt.required else None))
    vars(callback)["__signature__"] = inspect.Signature(parameters)   # what inspect.signature, hence discord.py, reads
    callback.__qualname__ = callback.__name__ = cmd.name.replace(" ", "_")
    if cmd.options:
        app_commands.describe(**{o.name: _described(cmd, o) for o in cmd.options})(callback)
    picks = {o.name: [app_commands.Choice(name=locale_str(p.label[:100], key=key("choice", o.name, p.value)),
                                          value=p.value) for p in o.picks()]
             for o in cmd.options if o.picks()}
    if picks:
        app_commands.choices(**picks)(callback)
    if cmd.guild_only and len(cmd.words) == 1:   # a group's commands follow the group
        app_commands.guild_only()(callback)
    return callback


def command_of(cmd: Command, parent: app_commands.Group | None) -> app_commands.Command:
    made: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=locale_str(cmd.words[-1]), callback=_callback(cmd), parent=parent,
        description=locale_str(cmd.description, key=key("cmd", cmd.name)))
    for opt in cmd.options:
        if opt.complete is Complete.MOVES:
            made.autocomplete(opt.name)(_complete_moves)
        elif opt.complete is Complete.TOPICS:
            made.autocomplete(opt.name)(_complete_topics)
    return made


def build_tree(client: discord.Client) -> app_commands.CommandTree:
    tree = app_commands.CommandTree(client)
    groups = {name: app_commands.Group(name=locale_str(name), guild_only=True,
                                       description=locale_str(text, key=key("group", name)))
              for name, text in GROUPS.items()}
    for cmd in COMMANDS.values():
        parent = groups.get(cmd.words[0]) if len(cmd.words) > 1 else None
        made = command_of(cmd, parent)
        if parent is not None:
            parent.add_command(made)
        else:
            tree.add_command(made)
    for group in groups.values():
        tree.add_command(group)
    tree.error(on_tree_error)
    return tree


async def invoke(interaction: discord.Interaction, cmd: Command, values: dict[str, Any]) -> None:
    """Run a declared command with the values Discord gave: choices by their value, members as
    (id, name, is a bot), a file read within the import limit, /replay told the upload limit."""
    args: dict[str, Any] = {}
    attachment: discord.Attachment | None = None
    for opt in cmd.options:
        value = values.get(opt.name)
        if isinstance(value, app_commands.Choice):
            value = value.value
        elif opt.kind is Kind.MEMBER:
            value = member_arg(value)
        elif opt.kind is Kind.FILE:
            attachment, value = value, None
        args[opt.name] = value
    if cmd.name == "replay":
        args["limit"] = getattr(interaction, "filesize_limit", None) or DEFAULT_UPLOAD_LIMIT
    service = service_of(interaction)

    async def work() -> Reply:
        actor = actor_of(interaction)
        if attachment is not None:
            if attachment.size > MAX_IMPORT:   # refused without downloading it
                return refusal(t(actor.locale, "import_bad",
                                 why=t(actor.locale, "import_too_big", mb=MAX_IMPORT // 1024 // 1024)))
            args["file"] = await attachment.read()
        if cmd.opens_thread and args.pop("thread", None):
            return await in_new_thread(interaction, cmd, args)
        return await run(service, place_of(interaction), actor, cmd.name, args)

    await answer(interaction, cmd.name, work)


async def in_new_thread(interaction: discord.Interaction, cmd: Command, args: dict[str, Any]) -> Reply:
    """``/game new … thread:True``: the game lives in a new public thread (in the channel when
    the thread cannot be made)."""
    service = service_of(interaction)
    actor = actor_of(interaction)
    channel = interaction.channel
    key_ = str(args.get("game") or "")
    try:
        name = registry.get(key_).display_name(actor.locale) if key_ in registry.keys() else key_
        if not isinstance(channel, discord.TextChannel):   # a thread, a forum, a DM: played where it was asked
            raise TypeError(f"no public thread can be made in a {type(channel).__name__}")
        made = await channel.create_thread(name=f"{name} — {actor.name}"[:100],
                                           type=discord.ChannelType.public_thread, auto_archive_duration=10080)
    except Exception as exc:  # noqa: BLE001 - no permission, not a text channel…
        log.info("could not create a thread: %s", exc)
        reply = await run(service, place_of(interaction), actor, cmd.name, args)
        if reply.ok:
            reply.text = t(actor.locale, "thread_failed") + "\n" + reply.text
        return reply
    reply = await run(service, Place(made.id, interaction.guild_id), actor, cmd.name, args)
    if not reply.ok:
        try:
            await made.delete()
        except discord.HTTPException:
            pass
        return reply
    await post(made, reply)
    return Reply(t(actor.locale, "thread_opened", where=made.mention))


async def _complete_moves(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    moves = await service_of(interaction).legal(place_of(interaction), actor_of(interaction), current, limit=25)
    return [app_commands.Choice(name=m.display()[:100], value=m.notation[:100]) for m in moves]


async def _complete_topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    game_key = getattr(interaction.namespace, "game", None)
    if not game_key:   # the channel's game, when no game was chosen
        row = await service_of(interaction).store.latest_game_in(interaction.channel_id or 0)
        game_key = row.key if row else None
    if not game_key or game_key not in registry.keys():
        return []
    locale = actor_of(interaction).locale
    return [app_commands.Choice(name=name, value=value)
            for name, value in topic_choices(registry.get(game_key), locale, current)]


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """A value Discord let through that the command refuses (a choice that is not offered, a
    number out of range, a forged payload): a short private answer instead of 'the application
    did not respond'."""
    name = interaction.command.qualified_name if interaction.command else "?"
    if isinstance(error, (app_commands.TransformerError, app_commands.CommandSignatureMismatch)):
        log.info("refused a malformed /%s: %s", name, type(error).__name__)
        text = t(actor_of(interaction).locale, "not_a_choice")
    else:
        log.error("command /%s failed", name, exc_info=error)
        text = t(actor_of(interaction).locale, "went_wrong")
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not answer a failed /%s: %s", name, why_failed(exc))
