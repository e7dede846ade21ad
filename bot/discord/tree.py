"""The slash-command tree: every command of :data:`bot.commands.COMMANDS`
as a Discord command, and :func:`answer`, the one path every command and
button takes: defer (Discord wants an answer within 3 s), apply the per-user
rate limit of costly commands, run the table, send its reply."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.commands import COMMANDS, run
from bot.discord.interactions import actor_of, member_arg, note_locale, place_of
from bot.discord.limits import COSTLY, RateLimiter, Rule
from bot.discord.replies import DEFAULT_UPLOAD_LIMIT, post, send_reply, why_failed
from bot.table import Place, Reply, TableService, refusal
from bot.table.archive import MAX_IMPORT
from bot.table.i18n import t
from bot.table.rulebook import topic_choices
from rules import registry

log = logging.getLogger("hearth.discord")

LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in ("easy", "normal", "hard")]
COSTLY.setdefault("replay", ("replay", Rule(burst=2, per=120.0)))   # an animation is heavy to draw
COSTLY.setdefault("game export", ("render", Rule(burst=4, per=10.0)))


async def do(interaction: discord.Interaction, name: str, **args) -> None:
    """Defer, run the command through the shared command words, answer."""
    service: TableService = interaction.client.service  # type: ignore[attr-defined]
    await answer(interaction, name, lambda: run(service, place_of(interaction), actor_of(interaction), name, args))


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


def command_text(name: str) -> str:
    return COMMANDS[name][0]


def param_text(name: str, param: str) -> str:
    return next(p.description for p in COMMANDS[name][1] if p.name == param)[:100]


def build_tree(client: discord.Client) -> app_commands.CommandTree:
    tree = app_commands.CommandTree(client)
    GAME_CHOICES = [app_commands.Choice(name=g.name[:100], value=g.key) for g in registry.all_games()][:25]
    game = app_commands.Group(name="game", description="Tables in this channel: new, join, start, status…",
                              guild_only=True)

    @game.command(name="new", description=command_text("game new"))
    @app_commands.describe(game=param_text("game new", "game"), options=param_text("game new", "options"),
                           thread=param_text("game new", "thread"), ai=param_text("game new", "ai"),
                           level=param_text("game new", "level"))
    @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES)
    async def game_new(interaction: discord.Interaction, game: app_commands.Choice[str], options: str | None = None,
                       thread: bool | None = None, ai: app_commands.Range[int, 0, 5] | None = None,
                       level: app_commands.Choice[str] | None = None):
        await game_new_in(interaction, game.value, options, bool(thread), ai or 0, level.value if level else None)

    @game.command(name="addai", description=command_text("game addai"))
    @app_commands.describe(level=param_text("game addai", "level"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def game_addai(interaction: discord.Interaction, level: app_commands.Choice[str] | None = None):
        await do(interaction, "game addai", level=level.value if level else None)

    @game.command(name="join", description=command_text("game join"))
    async def game_join(interaction: discord.Interaction):
        await do(interaction, "game join")

    @game.command(name="leave", description=command_text("game leave"))
    async def game_leave(interaction: discord.Interaction):
        await do(interaction, "game leave")

    @game.command(name="start", description=command_text("game start"))
    @app_commands.describe(order=param_text("game start", "order"))
    @app_commands.choices(order=[app_commands.Choice(name="join order", value="join"),
                                 app_commands.Choice(name="random", value="random")])
    async def game_start(interaction: discord.Interaction, order: app_commands.Choice[str] | None = None):
        await do(interaction, "game start", order=order.value if order else None)

    @game.command(name="status", description=command_text("game status"))
    async def game_status(interaction: discord.Interaction):
        await do(interaction, "game status")

    @game.command(name="cancel", description=command_text("game cancel"))
    async def game_cancel(interaction: discord.Interaction):
        await do(interaction, "game cancel")

    add_async_commands(tree, game)   # settings, list, mine, export; notify, remind, replay, stats…
    tree.add_command(game)

    @tree.command(name="move", description=command_text("move"))
    @app_commands.describe(move=param_text("move", "move"))
    @app_commands.guild_only()
    async def move(interaction: discord.Interaction, move: app_commands.Range[str, 1, 200]):
        await do(interaction, "move", move=move)

    @move.autocomplete("move")
    async def move_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        service: TableService = interaction.client.service  # type: ignore[attr-defined]
        moves = await service.legal(place_of(interaction), actor_of(interaction), current, limit=25)
        return [app_commands.Choice(name=m.display()[:100], value=m.notation[:100]) for m in moves]

    @tree.command(name="hint", description=command_text("hint"))
    @app_commands.guild_only()
    async def hint(interaction: discord.Interaction):
        await do(interaction, "hint")

    @tree.command(name="board", description=command_text("board"))
    @app_commands.describe(view=param_text("board", "view"))
    @app_commands.choices(view=[app_commands.Choice(name="full board", value="full"),
                                app_commands.Choice(name="area of the last turn", value="area")])
    @app_commands.guild_only()
    async def board(interaction: discord.Interaction, view: app_commands.Choice[str] | None = None):
        await do(interaction, "board", view=view.value if view else None)

    @tree.command(name="hand", description=command_text("hand"))
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction):
        await do(interaction, "hand")

    @tree.command(name="log", description=command_text("log"))
    @app_commands.describe(page=param_text("log", "page"), since=param_text("log", "since"))
    @app_commands.choices(since=[app_commands.Choice(name="yes", value="yes")])
    @app_commands.guild_only()
    async def log_cmd(interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None,
                      since: app_commands.Choice[str] | None = None):
        await do(interaction, "log", page=page, since=since.value if since else None)

    @tree.command(name="undo", description=command_text("undo"))
    @app_commands.describe(confirm=param_text("undo", "confirm"), count=param_text("undo", "count"))
    @app_commands.choices(confirm=[app_commands.Choice(name="yes", value="yes")])
    @app_commands.guild_only()
    async def undo(interaction: discord.Interaction, confirm: app_commands.Choice[str] | None = None,
                   count: app_commands.Range[int, 1, 50] | None = None):
        await do(interaction, "undo", confirm=confirm.value if confirm else None, count=count)

    @tree.command(name="resign", description=command_text("resign"))
    @app_commands.describe(confirm=param_text("resign", "confirm"))
    @app_commands.choices(confirm=[app_commands.Choice(name="yes", value="yes")])
    @app_commands.guild_only()
    async def resign(interaction: discord.Interaction, confirm: app_commands.Choice[str] | None = None):
        await do(interaction, "resign", confirm=confirm.value if confirm else None)

    @tree.command(name="rules", description=command_text("rules"))
    @app_commands.describe(game=param_text("rules", "game"), topic=param_text("rules", "topic"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                    topic: app_commands.Range[str, 1, 60] | None = None):
        await do(interaction, "rules", game=game.value if game else None, topic=topic)

    @rules.autocomplete("topic")
    async def rules_topic_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        key = getattr(interaction.namespace, "game", None)
        if not key:   # the channel's game, when no game was chosen
            row = await interaction.client.service.store.latest_game_in(interaction.channel_id or 0)
            key = row.key if row else None
        if not key or key not in registry.keys():
            return []
        locale = actor_of(interaction).locale
        return [app_commands.Choice(name=name, value=value)
                for name, value in topic_choices(registry.get(key), locale, current)]

    @tree.error
    async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """A value Discord let through that the command refuses (a choice
        that is not offered, a number out of range, a forged payload): a
        short private answer instead of 'the application did not respond'."""
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

    return tree


async def game_new_in(interaction: discord.Interaction, key: str, options: str | None, thread: bool,
                      ai: int = 0, level: str | None = None) -> None:
    """``/game new``, in a new thread when asked (the game lives in the thread)."""
    service = interaction.client.service  # type: ignore[attr-defined]
    if not thread:
        await do(interaction, "game new", game=key, options=options, ai=ai, level=level)
        return

    async def work() -> Reply:
        actor = actor_of(interaction)
        args = {"game": key, "options": options, "ai": ai, "level": level}
        channel = interaction.channel
        try:
            name = registry.get(key).name if key in registry.keys() else key
            made = await channel.create_thread(name=f"{name} — {actor.name}"[:100],
                                               type=discord.ChannelType.public_thread, auto_archive_duration=10080)
        except Exception as exc:  # noqa: BLE001 - no permission, not a text channel…
            log.info("could not create a thread: %s", exc)
            reply = await run(service, place_of(interaction), actor, "game new", args)
            if reply.ok:
                reply.text = t(actor.locale, "thread_failed") + "\n" + reply.text
            return reply
        reply = await run(service, Place(made.id, interaction.guild_id), actor, "game new", args)
        if not reply.ok:
            try:
                await made.delete()
            except discord.HTTPException:
                pass
            return reply
        await post(made, reply)
        return Reply(t(actor.locale, "thread_opened", where=made.mention))

    await answer(interaction, "game new", work)


def add_async_commands(tree: app_commands.CommandTree, game: app_commands.Group) -> None:
    """Async play: game settings, list, mine, export, import; notify, remind, vacation, handover,
    accept, replay, stats."""
    GAME_CHOICES = [app_commands.Choice(name=g.name[:100], value=g.key) for g in registry.all_games()][:25]

    @game.command(name="settings", description=command_text("game settings"))
    @app_commands.describe(reminder=param_text("game settings", "reminder"), deadline=param_text("game settings", "deadline"),
                           policy=param_text("game settings", "policy"), vacation=param_text("game settings", "vacation"),
                           hints=param_text("game settings", "hints"), lang=param_text("game settings", "lang"))
    @app_commands.choices(policy=[app_commands.Choice(name="skip (pass)", value="skip"),
                                  app_commands.Choice(name="auto (the rules choose a move)", value="auto"),
                                  app_commands.Choice(name="table (takes the seat)", value="table")],
                          hints=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")],
                          lang=[app_commands.Choice(name="English", value="en"), app_commands.Choice(name="Français", value="fr"),
                                app_commands.Choice(name="the server's language", value="server")])
    async def game_settings(interaction: discord.Interaction,
                            reminder: app_commands.Range[int, 0, 720] | None = None,
                            deadline: app_commands.Range[int, 0, 2160] | None = None,
                            policy: app_commands.Choice[str] | None = None,
                            vacation: app_commands.Range[int, 0, 60] | None = None,
                            hints: app_commands.Choice[str] | None = None,
                            lang: app_commands.Choice[str] | None = None):
        await do(interaction, "game settings", reminder=reminder, deadline=deadline,
                  policy=policy.value if policy else None, vacation=vacation, hints=hints.value if hints else None,
                  lang=lang.value if lang else None)

    @game.command(name="list", description=command_text("game list"))
    @app_commands.describe(page=param_text("game list", "page"))
    async def game_list(interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None):
        await do(interaction, "game list", page=page)

    @game.command(name="mine", description=command_text("game mine"))
    async def game_mine(interaction: discord.Interaction):
        await do(interaction, "game mine")

    @game.command(name="export", description=command_text("game export"))
    async def game_export(interaction: discord.Interaction):
        await do(interaction, "game export")

    @game.command(name="import", description=command_text("game import"))
    @app_commands.describe(file=param_text("game import", "file"))
    async def game_import(interaction: discord.Interaction, file: discord.Attachment):
        service = interaction.client.service  # type: ignore[attr-defined]

        async def work() -> Reply:
            actor = actor_of(interaction)
            if file.size > MAX_IMPORT:   # refused without downloading it
                return refusal(t(actor.locale, "import_bad", why=t(actor.locale, "import_too_big", mb=MAX_IMPORT // 1024 // 1024)))
            blob = await file.read()
            return await run(service, place_of(interaction), actor_of(interaction), "game import",
                                 {"file": blob})

        await answer(interaction, "game import", work)

    @tree.command(name="notify", description=command_text("notify"))
    @app_commands.describe(mode=param_text("notify", "mode"))
    @app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in ("channel", "dm", "both", "mute")])
    async def notify(interaction: discord.Interaction, mode: app_commands.Choice[str] | None = None):
        await do(interaction, "notify", mode=mode.value if mode else None)

    @tree.command(name="remind", description=command_text("remind"))
    @app_commands.guild_only()
    async def remind(interaction: discord.Interaction):
        await do(interaction, "remind")

    @tree.command(name="vacation", description=command_text("vacation"))
    @app_commands.describe(days=param_text("vacation", "days"))
    @app_commands.guild_only()
    async def vacation(interaction: discord.Interaction, days: app_commands.Range[str, 1, 10]):
        await do(interaction, "vacation", days=days)

    @tree.command(name="handover", description=command_text("handover"))
    @app_commands.describe(member=param_text("handover", "member"))
    @app_commands.guild_only()
    async def handover(interaction: discord.Interaction, member: discord.Member | None = None):
        await do(interaction, "handover", member=member_arg(member))

    @tree.command(name="accept", description=command_text("accept"))
    @app_commands.guild_only()
    async def accept(interaction: discord.Interaction):
        await do(interaction, "accept")

    @tree.command(name="replay", description=command_text("replay"))
    @app_commands.guild_only()
    async def replay(interaction: discord.Interaction):
        limit = getattr(interaction, "filesize_limit", None) or DEFAULT_UPLOAD_LIMIT
        await do(interaction, "replay", limit=limit)

    @tree.command(name="stats", description=command_text("stats"))
    @app_commands.describe(player=param_text("stats", "player"), game=param_text("stats", "game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(interaction: discord.Interaction, player: discord.Member | None = None,
                    game: app_commands.Choice[str] | None = None):
        await do(interaction, "stats", player=member_arg(player), game=game.value if game else None)
