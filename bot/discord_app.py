"""The Discord adapter: slash commands, autocomplete and buttons over the
table service. It only translates: Discord in, :class:`Reply` out.

Every command that may touch the database or render is deferred first
(Discord wants an answer within 3 s). Replies the table marks ephemeral
(errors, private information, a turn still in progress) are seen by the
caller only; a completed turn is posted in the channel with the board and
a mention of whoever acts next. Buttons keep their state in their
``custom_id`` (``DynamicItem``), so they still work after a restart.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import re
import signal

import discord
from discord import app_commands

from bot.commands import COMMANDS, run
from bot.discord_async import (AcceptButton, add_async_commands, deliver_extras, game_new as game_new_async,
                               note_locale, start_notice_loop)
from bot.i18n import t
from bot.limits import RateLimiter
from bot.service import Actor, Choice, Place, Reply, TableService
from rules import registry

log = logging.getLogger("hearth.discord")

DISCORD_TEXT_LIMIT = 2000
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024   # bots' limit has changed over time: trust the interaction's value


# ------------------------------------------------------------- helpers


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    perms = interaction.permissions
    locale = str(interaction.locale.value if interaction.locale else "") or None
    return Actor(user.id, getattr(user, "display_name", None) or user.name,
                 manage=bool(perms and perms.manage_channels), locale=locale)


def place_of(interaction: discord.Interaction) -> Place:
    # a thread has its own id: a game in a thread lives apart from its parent channel
    return Place(channel_id=interaction.channel_id or 0, guild_id=interaction.guild_id)


def mention_text(reply: Reply) -> str:
    mentions = " ".join(f"<@{uid}>" for uid in reply.mentions)
    text = f"{mentions} {reply.text}" if mentions else reply.text
    if len(text) > DISCORD_TEXT_LIMIT:
        text = text[:DISCORD_TEXT_LIMIT - 1] + "…"
    return text


def view_for(reply: Reply, channel_id: int) -> discord.ui.View | None:
    if not reply.choices:
        return None
    view = discord.ui.View(timeout=None)
    for index, choice in enumerate(reply.choices[:5]):
        view.add_item(button_for(choice, index, channel_id))
    return view


def button_for(choice: Choice, index: int, channel_id: int) -> discord.ui.Item:
    if choice.command == "move":
        return MoveButton(channel_id, choice.version, index, choice.label)
    if choice.command == "undo":
        return UndoButton(channel_id, choice.version, int(choice.arg or 1), choice.label)
    if choice.command == "accept":
        return AcceptButton(channel_id, choice.game_id, choice.label)
    return ResignButton(channel_id, choice.label)


async def send_reply(interaction: discord.Interaction, reply: Reply) -> bool:
    """Send a table reply over an interaction that was deferred ephemerally.

    The first follow-up of an ephemeral deferral is ephemeral whatever we
    ask, so a public post first closes the private 'thinking' note and
    then goes out as a second, public follow-up.

    Discord errors never escape: the move is saved before we get here, so
    a failed post is logged, retried without the image when the image was
    the problem, and a public post whose interaction expired goes straight
    to the channel. Returns whether the main message went out."""
    limit = getattr(interaction, "filesize_limit", None) or DEFAULT_UPLOAD_LIMIT
    note = ""
    image = reply.image
    if image is not None and len(image) > limit:
        image, note = None, "\n(The board image is larger than this server's upload limit; see `/board` later.)"
    mentions = discord.AllowedMentions(everyone=False, roles=False,
                                       users=[discord.Object(uid) for uid in reply.mentions])
    view = view_for(reply, interaction.channel_id or 0)

    async def send(with_image: bool, extra: str) -> None:
        kwargs = {"content": _with_note(reply, note + extra), "allowed_mentions": mentions,
                  "files": [discord.File(io.BytesIO(image), filename=reply.image_name)] if with_image else []}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(ephemeral=reply.ephemeral, **kwargs)

    sent = False
    try:
        if not reply.ephemeral:
            try:
                await interaction.edit_original_response(content="✓")
            except discord.HTTPException as exc:   # the note is gone or expired: the post may still go out
                log.info("could not close the thinking note: %s", _why(exc))
        try:
            await send(image is not None, "")
        except discord.HTTPException as exc:
            if image is None or not _image_refused(exc):
                raise
            log.warning("board image refused (%s); posting without it", _why(exc))
            await send(False, f"\n(I could not attach the board image here: {_why(exc)}. See `/board`.)")
        sent = True
    except discord.HTTPException as exc:
        log.warning("could not answer /%s interaction in channel %s: %s", getattr(interaction.command, "name", "?"),
                    interaction.channel_id, _why(exc))
        if not reply.ephemeral and _expired(exc) and interaction.channel is not None:
            sent = await post(interaction.channel, reply)   # the channel still hears the turn
        elif not reply.ephemeral:
            try:   # tell the caller privately, where Discord still lets us
                await interaction.followup.send(
                    f"Done and saved, but I could not post it in this channel ({_why(exc)}). "
                    "It will be announced when I can; `/board` shows the game.", ephemeral=True)
            except discord.HTTPException:
                pass
    if sent and reply.announces and reply.game_id is not None and reply.version is not None:
        await _announced(interaction, reply)
    for extra in reply.followups:
        try:
            await interaction.followup.send(mention_text(extra), ephemeral=extra.ephemeral,
                                            allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("could not send a follow-up in channel %s: %s", interaction.channel_id, _why(exc))
    if sent and not reply.ephemeral:
        await deliver_extras(interaction.client, interaction.channel, reply)   # DMs, the pinned status
    return sent


def _with_note(reply: Reply, note: str) -> str:
    """The message text with a note kept inside Discord's 2000 characters."""
    text = mention_text(reply)
    if note:
        text = text[:DISCORD_TEXT_LIMIT - len(note) - 1] + ("…" if len(text) > DISCORD_TEXT_LIMIT - len(note) - 1
                                                            else "") + note
    return text


def _why(exc: discord.HTTPException) -> str:
    """A few words a player understands for a Discord error."""
    if exc.status == 429:
        return "Discord asked us to slow down"
    if exc.status == 413 or exc.code == 40005:
        return "the file is too large for this server"
    if exc.status == 403:
        return "I am missing a permission here (Attach Files or Send Messages)"
    if exc.status == 404 or exc.code in (10003, 10062, 10015):
        return "the channel or the interaction no longer exists"
    if exc.status == 401 or exc.code == 50027:
        return "the interaction expired"
    return f"Discord error {exc.status}"


def _image_refused(exc: discord.HTTPException) -> bool:
    """An error that posting without the image may avoid."""
    return exc.status in (403, 413) or exc.code in (50013, 40005)


def _expired(exc: discord.HTTPException) -> bool:
    """The interaction can no longer be answered (its token lived 15 minutes)."""
    return exc.status == 401 or exc.code in (10062, 10015, 50027)


async def _announced(interaction: discord.Interaction, reply: Reply) -> None:
    service = getattr(interaction.client, "service", None)
    hook = getattr(service, "announced", None)
    if hook is not None:
        try:
            await hook(reply.game_id, reply.version)
        except Exception:  # noqa: BLE001 - a bookkeeping failure must not hide the post
            log.exception("could not record the announcement of game %s", reply.game_id)


# ------------------------------------------------------------- buttons


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hearth:mv:(?P<ch>\d+):(?P<v>\d+):(?P<i>\d+)"):
    """Plays the i-th legal move of the presser, if the game is still at
    version v (an old button after the game moved on is refused)."""

    def __init__(self, channel_id: int, version: int, index: int, label: str = "move") -> None:
        super().__init__(discord.ui.Button(label=label[:80] or "move", style=discord.ButtonStyle.primary,
                                           custom_id=f"hearth:mv:{channel_id}:{version}:{index}"))
        self.channel_id, self.version, self.index = channel_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), int(match["v"]), int(match["i"]), item.label or "move")

    async def callback(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.service  # type: ignore[attr-defined]
        await _answer(interaction, "move", lambda: service.press(place_of(interaction), actor_of(interaction),
                                                                 self.version, self.index))


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hearth:undo:(?P<ch>\d+):(?P<v>\d+):(?P<n>\d+)"):
    def __init__(self, channel_id: int, version: int, count: int, label: str = "Undo") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.danger,
                                           custom_id=f"hearth:undo:{channel_id}:{version}:{count}"))
        self.version, self.count = version, count

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), int(match["v"]), int(match["n"]), item.label or "Undo")

    async def callback(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.service  # type: ignore[attr-defined]
        await _answer(interaction, "undo", lambda: service.undo(place_of(interaction), actor_of(interaction), True,
                                                                self.count, expected_version=self.version))


class ResignButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hearth:resign:(?P<ch>\d+)"):
    def __init__(self, channel_id: int, label: str = "Resign") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.danger,
                                           custom_id=f"hearth:resign:{channel_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), item.label or "Resign")

    async def callback(self, interaction: discord.Interaction) -> None:
        service: TableService = interaction.client.service  # type: ignore[attr-defined]
        await _answer(interaction, "resign", lambda: service.resign(place_of(interaction), actor_of(interaction)))


# ------------------------------------------------------------- commands


async def _do(interaction: discord.Interaction, name: str, **args) -> None:
    """Defer, run the command through the shared command words, answer."""
    service: TableService = interaction.client.service  # type: ignore[attr-defined]
    await _answer(interaction, name, lambda: run(service, place_of(interaction), actor_of(interaction), name, args))


async def _answer(interaction: discord.Interaction, name: str, work) -> None:
    """Defer, apply the per-user rate limit of costly commands, run
    ``work()`` and send its reply. Nothing raised here reaches discord.py:
    an interaction that expired before we could defer is only logged (the
    command did not run, the person's client says it failed)."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as exc:
        log.warning("could not defer /%s (%s): not run", name, _why(exc))
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
            reply = Reply("Something went wrong on our side; your game is safe. Please try again.",
                          ephemeral=True, ok=False)
    try:
        await send_reply(interaction, reply)
    except Exception:  # noqa: BLE001 - the last line of defence: log, never crash the bot
        log.exception("could not answer /%s", name)


def _describe(name: str) -> str:
    return COMMANDS[name][0]


def _param(name: str, param: str) -> str:
    return next(p.description for p in COMMANDS[name][1] if p.name == param)[:100]


def build_tree(client: discord.Client) -> app_commands.CommandTree:
    tree = app_commands.CommandTree(client)
    GAME_CHOICES = [app_commands.Choice(name=g.name[:100], value=g.key) for g in registry.all_games()][:25]
    game = app_commands.Group(name="game", description="Tables in this channel: new, join, start, status…",
                              guild_only=True)

    @game.command(name="new", description=_describe("game new"))
    @app_commands.describe(game=_param("game new", "game"), options=_param("game new", "options"),
                           thread=_param("game new", "thread"))
    @app_commands.choices(game=GAME_CHOICES)
    async def game_new(interaction: discord.Interaction, game: app_commands.Choice[str], options: str | None = None,
                       thread: bool | None = None):
        await game_new_async(interaction, game.value, options, bool(thread))

    @game.command(name="join", description=_describe("game join"))
    async def game_join(interaction: discord.Interaction):
        await _do(interaction, "game join")

    @game.command(name="leave", description=_describe("game leave"))
    async def game_leave(interaction: discord.Interaction):
        await _do(interaction, "game leave")

    @game.command(name="start", description=_describe("game start"))
    @app_commands.describe(order=_param("game start", "order"))
    @app_commands.choices(order=[app_commands.Choice(name="join order", value="join"),
                                 app_commands.Choice(name="random", value="random")])
    async def game_start(interaction: discord.Interaction, order: app_commands.Choice[str] | None = None):
        await _do(interaction, "game start", order=order.value if order else "join")

    @game.command(name="status", description=_describe("game status"))
    async def game_status(interaction: discord.Interaction):
        await _do(interaction, "game status")

    @game.command(name="cancel", description=_describe("game cancel"))
    async def game_cancel(interaction: discord.Interaction):
        await _do(interaction, "game cancel")

    add_async_commands(tree, game)   # settings, list, mine, export; notify, remind, replay, stats…
    tree.add_command(game)

    @tree.command(name="move", description=_describe("move"))
    @app_commands.describe(move=_param("move", "move"))
    @app_commands.guild_only()
    async def move(interaction: discord.Interaction, move: app_commands.Range[str, 1, 200]):
        await _do(interaction, "move", move=move)

    @move.autocomplete("move")
    async def move_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        service: TableService = interaction.client.service  # type: ignore[attr-defined]
        moves = await service.legal(place_of(interaction), actor_of(interaction), current, limit=25)
        return [app_commands.Choice(name=m.display()[:100], value=m.notation[:100]) for m in moves]

    @tree.command(name="board", description=_describe("board"))
    @app_commands.guild_only()
    async def board(interaction: discord.Interaction):
        await _do(interaction, "board")

    @tree.command(name="hand", description=_describe("hand"))
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction):
        await _do(interaction, "hand")

    @tree.command(name="log", description=_describe("log"))
    @app_commands.describe(page=_param("log", "page"), since=_param("log", "since"))
    @app_commands.choices(since=[app_commands.Choice(name="yes", value="yes")])
    @app_commands.guild_only()
    async def log_cmd(interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None,
                      since: app_commands.Choice[str] | None = None):
        await _do(interaction, "log", page=page, since=since.value if since else None)

    @tree.command(name="undo", description=_describe("undo"))
    @app_commands.describe(confirm=_param("undo", "confirm"), count=_param("undo", "count"))
    @app_commands.choices(confirm=[app_commands.Choice(name="yes", value="yes")])
    @app_commands.guild_only()
    async def undo(interaction: discord.Interaction, confirm: app_commands.Choice[str] | None = None,
                   count: app_commands.Range[int, 1, 50] | None = None):
        await _do(interaction, "undo", confirm=confirm.value if confirm else None, count=count)

    @tree.command(name="resign", description=_describe("resign"))
    @app_commands.describe(confirm=_param("resign", "confirm"))
    @app_commands.choices(confirm=[app_commands.Choice(name="yes", value="yes")])
    @app_commands.guild_only()
    async def resign(interaction: discord.Interaction, confirm: app_commands.Choice[str] | None = None):
        await _do(interaction, "resign", confirm=confirm.value if confirm else None)

    @tree.command(name="rules", description=_describe("rules"))
    @app_commands.describe(game=_param("rules", "game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None):
        await _do(interaction, "rules", game=game.value if game else None)

    @tree.error
    async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """A value Discord let through that the command refuses (a choice
        that is not offered, a number out of range, a forged payload): a
        short private answer instead of 'the application did not respond'."""
        name = interaction.command.qualified_name if interaction.command else "?"
        if isinstance(error, (app_commands.TransformerError, app_commands.CommandSignatureMismatch)):
            log.info("refused a malformed /%s: %s", name, type(error).__name__)
            text = ("Ce choix n'est pas proposé ; choisissez dans la liste." if (actor_of(interaction).locale or "")
                    .startswith("fr") else "That value is not one of the choices offered; pick one from the list.")
        else:
            log.error("command /%s failed", name, exc_info=error)
            text = "Something went wrong on our side; your game is safe. Please try again."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not answer a failed /%s: %s", name, _why(exc))

    return tree


def command_payload() -> list[dict]:
    """The exact JSON the bot registers with Discord."""
    logging.getLogger("discord").setLevel(logging.ERROR)   # no voice/intents chatter in JSON output
    client = discord.Client(intents=discord.Intents.default())
    tree = build_tree(client)
    return [cmd.to_dict(tree) for cmd in tree.get_commands()]


def payload_hash() -> str:
    from bot.translate import translations_digest
    return hashlib.sha256((json.dumps(command_payload(), sort_keys=True) + translations_digest()).encode()).hexdigest()


# ------------------------------------------------------------- the client


class TokenFilter(logging.Filter):
    """Belt and braces: scrub the token from any log record."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.token:
            return True
        if self.token in record.getMessage():
            record.msg = record.getMessage().replace(self.token, "[token]")
            record.args = ()
        if record.exc_info and not record.exc_text:
            # the traceback is formatted once and cached in exc_text: format it here, scrubbed
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text and self.token in record.exc_text:
            record.exc_text = record.exc_text.replace(self.token, "[token]")
        if record.stack_info and self.token in record.stack_info:
            record.stack_info = record.stack_info.replace(self.token, "[token]")
        return True


class HearthClient(discord.Client):
    def __init__(self, service: TableService, dev_guild: int | None = None, sync_only: bool = False) -> None:
        super().__init__(intents=discord.Intents.default())
        self.service = service
        service.announce_after_post = True    # a turn counts as announced once Discord took the post
        self.limits = RateLimiter(service.clock)
        self.dev_guild = dev_guild
        self.sync_only = sync_only
        self.tree = build_tree(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(MoveButton, UndoButton, ResignButton, AcceptButton)
        from bot.translate import HearthTranslator
        await self.tree.set_translator(HearthTranslator())   # French names and descriptions
        await self.sync_commands(force=self.sync_only)
        if not self.sync_only:
            self.notice_loop = start_notice_loop(self)   # reminders and deadlines, every minute

    async def sync_commands(self, force: bool = False) -> None:
        """Sync only when the command payload changed since the last sync
        (Discord rate-limits syncs; global ones take a while to spread)."""
        scope = f"guild:{self.dev_guild}" if self.dev_guild else "global"
        digest = payload_hash()
        if not force and await self.service.store.meta_get(f"commands:{scope}") == digest:
            log.info("slash commands unchanged; no sync")
            return
        if self.dev_guild:
            guild = discord.Object(self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        await self.service.store.meta_set(f"commands:{scope}", digest)
        log.info("slash commands synced (%s)", scope)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))
        if self.sync_only:
            await self.close()
            return
        await self.announce_pending()

    async def announce_pending(self) -> None:
        """Moves saved but not posted before the last stop are posted now, once."""
        for row, reply in await self.service.pending_announcements():
            channel = self.get_channel(row.channel_id)
            try:
                if channel is None:
                    channel = await self.fetch_channel(row.channel_id)
                done = await post(channel, reply)
            except discord.HTTPException as exc:
                log.warning("could not announce game %s in channel %s: %s", row.id, row.channel_id, _why(exc))
                done = exc.status in (403, 404)   # the channel is gone or closed to us: do not retry forever
            if done:
                await self.service.announced(row.id, row.version)


async def post(channel, reply: Reply) -> bool:
    """A table message sent straight to a channel (not as an interaction
    reply). Discord errors are logged, never raised: a refused image is
    dropped with a note, a deleted channel or a rate limit gives False."""
    limit = getattr(getattr(channel, "guild", None), "filesize_limit", DEFAULT_UPLOAD_LIMIT)
    image = reply.image if reply.image and len(reply.image) <= limit else None
    note = "" if image is not None or not reply.image else \
        "\n(The board image is larger than this server's upload limit; see `/board` later.)"
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in reply.mentions])
    try:
        try:
            files = [discord.File(io.BytesIO(image), filename=reply.image_name)] if image is not None else []
            await channel.send(_with_note(reply, note), files=files, view=view_for(reply, channel.id),
                               allowed_mentions=mentions)
        except discord.HTTPException as exc:
            if image is None or not _image_refused(exc):
                raise
            log.warning("board image refused in channel %s (%s); posting without it", channel.id, _why(exc))
            await channel.send(_with_note(reply, f"\n(I could not attach the board image here: {_why(exc)}. "
                                                 "See `/board`.)"),
                               view=view_for(reply, channel.id), allowed_mentions=mentions)
    except discord.HTTPException as exc:
        log.warning("could not post in channel %s: %s", getattr(channel, "id", "?"), _why(exc))
        return False
    await deliver_extras(None, channel, reply)   # DMs, the pinned status
    return True


def run_bot(settings, sync_only: bool = False) -> int:
    """Connect to Discord and serve until stopped (SIGINT/SIGTERM close cleanly)."""
    token = settings.token
    for handler in logging.getLogger().handlers:
        handler.addFilter(TokenFilter(token))
    logging.getLogger("discord").addFilter(TokenFilter(token))

    async def main() -> None:
        from storage.store import Store
        store = await Store.open(settings.db)
        service = TableService(store)
        client = HearthClient(service, settings.dev_guild, sync_only)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(client.close()))
            except NotImplementedError:  # Windows
                pass
        try:
            async with client:
                await client.start(token)
        finally:
            await store.close()
            log.info("stopped cleanly")

    asyncio.run(main())
    return 0
