"""The Discord adapter: slash commands, autocomplete and buttons over the
table service. It only translates: Discord in, :class:`Reply` out.

Every command that may touch the database or render is deferred first
(Discord wants an answer within 3 s). Replies the table marks ephemeral
(errors, private information, the mover's note during a turn) are seen by
the caller only; every command that changed the game posts its public
events in the channel with the board, mentioning whoever acts next when
the turn passed (the caller keeps no private '✓' beside a public post). Buttons keep their state in their
``custom_id`` (``DynamicItem``), so they still work after a restart.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import signal
import sys

import aiohttp
import discord

from bot.discord.buttons import AcceptButton, CommandButton, ConfirmButton, MoveButton, ResignButton, UndoButton
from bot.discord.health import start_health_loop
from bot.discord.interactions import HearthBot, Work
from bot.discord.limits import RateLimiter
from bot.discord.notice_loop import start_notice_loop
from bot.discord.picker_items import ITEMS as PICKER_ITEMS
from bot.discord.replies import post, why_failed
from bot.discord.shards import ShardPlan
from bot.discord.status_edits import StatusEdits
from bot.discord.translate import HearthTranslator, translations_digest
from bot.discord.tree import answer, build_tree, step
from bot.table import TableService
from storage import open_store
from storage.leases import game_lease

log = logging.getLogger("hearth.discord")


COMMANDS_LEASE = "commands"      # the process syncing slash commands holds it (storage/leases.py)


def command_payload() -> list[dict]:
    """The exact JSON the bot registers with Discord. The throwaway client
    built for it would warn that voice needs PyNaCl (Hearth has no voice):
    that one warning is switched off, never the ``discord`` logger, whose
    warnings (rate limits, a blocked heartbeat) must reach the log."""
    discord.VoiceClient.warn_nacl = False
    client = discord.Client(intents=discord.Intents.default())
    tree = build_tree(client)
    return [cmd.to_dict(tree) for cmd in tree.get_commands()]


def payload_hash() -> str:
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


class HearthClient(HearthBot):
    """The bot: every shard of ``shards`` in this process (all of them by default)."""

    def __init__(self, service: TableService, dev_guild: int | None = None, sync_only: bool = False,
                 shards: ShardPlan | None = None) -> None:
        self.shard_plan = shards or ShardPlan()
        super().__init__(intents=discord.Intents.default(), **self.shard_plan.client_options())
        self.service = service
        self.status_edits = StatusEdits(clock=service.clock.now)   # pinned status edits, coalesced per channel
        service.announce_after_post = True    # a turn counts as announced once Discord took the post
        service.turns.ai_after_post = True    # a player's move posts at once; the AI seats answer in their own post
        self.limits = RateLimiter(service.clock)
        self.dev_guild = dev_guild
        self.sync_only = sync_only
        self.tree = build_tree(self)

    async def answer(self, interaction: discord.Interaction, name: str, work: Work) -> None:
        """Run a command or a button press: defer, rate-limit, run ``work()``, reply."""
        await answer(interaction, name, work)

    async def step(self, interaction: discord.Interaction, name: str, work: Work) -> None:
        """A tap in the move picker (see :func:`bot.discord.tree.step`)."""
        await step(interaction, name, work)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(MoveButton, UndoButton, ResignButton, AcceptButton, ConfirmButton, CommandButton,
                               *PICKER_ITEMS)
        await self.tree.set_translator(HearthTranslator())   # French names and descriptions
        if self.sync_only or self.shard_plan.syncs_commands:   # one process syncs: the one running shard 0
            await self.sync_commands(force=self.sync_only)
        if not self.sync_only:
            self.notice_loop = start_notice_loop(self)   # reminders and deadlines, every minute
            self.health_loop = start_health_loop(self)   # a health line in the log every few minutes

    async def sync_commands(self, force: bool = False) -> None:
        """Sync only when the command payload changed since the last sync
        (Discord rate-limits syncs; global ones take a while to spread)."""
        scope = f"guild:{self.dev_guild}" if self.dev_guild else "global"
        digest = payload_hash()
        if not force and await self.service.store.meta_get(f"commands:{scope}") == digest:
            log.info("slash commands unchanged; no sync")
            return
        leases = self.service.reminders.leases
        if not await leases.claim([COMMANDS_LEASE], self.service.clock.now()):
            log.info("another process is syncing the slash commands")
            return
        try:
            if self.dev_guild:
                guild = discord.Object(self.dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
            await self.service.store.meta_set(f"commands:{scope}", digest)
        finally:
            await leases.release([COMMANDS_LEASE])
        log.info("slash commands synced (%s)", scope)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))
        if self.sync_only:
            await self.close()
            return
        await self.announce_pending()

    async def close(self) -> None:
        for loop in (getattr(self, "notice_loop", None), getattr(self, "health_loop", None)):
            if loop is not None:
                loop.cancel()
        await self.status_edits.flush()   # the last states held back still reach their pins
        try:   # a clean stop hands this process's games to the others at once, not when the leases expire
            await self.service.reminders.leases.release_all()
        except Exception:  # noqa: BLE001 - the database may be gone already; the leases then expire
            log.exception("could not release this process's leases")
        await super().close()

    async def announce_pending(self, *, late_after: float | None = None) -> None:
        """Moves saved but not posted are posted now, once, under the game's
        lease. At start-up (``late_after`` None): those of the guilds this
        process serves, left by its own last stop. Every minute (``late_after``
        seconds): any game's left unposted that long — its process died
        between saving and posting, and may not come back."""
        now = self.service.clock.now()

        def wanted(row) -> bool:
            if late_after is None:
                return self.shard_plan.serves(row.guild_id)
            return now - row.updated_at >= late_after   # never a post some command is still sending

        if not any(wanted(row) for row in await self.service.store.unannounced()):
            return   # the usual case: nothing to build
        leases = self.service.reminders.leases
        for row, reply in await self.service.pending_announcements():
            if not wanted(row):
                continue
            if not await leases.claim([game_lease(row.id)], self.service.clock.now()):
                continue   # another process is on this game now
            try:
                await self.announce_one(row, reply)
            finally:
                await leases.release([game_lease(row.id)])

    async def announce_one(self, row, reply) -> None:
        current = await self.service.store.game(row.id)
        if current is None or current.announced >= row.version:
            return   # posted meanwhile (by the command, or by another process)
        channel = self.get_channel(row.channel_id)
        try:
            if channel is None:
                channel = await self.fetch_channel(row.channel_id)
            done = await post(channel, reply)
        except discord.HTTPException as exc:
            log.warning("could not announce game %s in channel %s: %s", row.id, row.channel_id, why_failed(exc))
            done = exc.status in (403, 404)   # the channel is gone or closed to us: do not retry forever
        if done:
            await self.service.announced(row.id, row.version)


GATEWAY_AUTH_FAILED = 4004   # Discord's gateway close code for a token it does not accept


def run_bot(settings, sync_only: bool = False, shards: ShardPlan | None = None) -> int:
    """Connect to Discord and serve the shards of ``shards`` until stopped
    (SIGINT/SIGTERM close cleanly). A refused token ends with one line and exit code 2."""
    token = settings.token
    for handler in logging.getLogger().handlers:
        handler.addFilter(TokenFilter(token))
    logging.getLogger("discord").addFilter(TokenFilter(token))

    async def main() -> None:
        store = await open_store(settings.db)
        service = TableService(store)
        client = HearthClient(service, settings.dev_guild, sync_only, shards)
        log.info("running %s", client.shard_plan.describe())
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

    # each failure to start ends in one plain line, never the token (nor what Discord answered, which may repeat it)
    refused = ("Discord refused DISCORD_TOKEN: the token is wrong or was reset. Copy the bot's token from the "
               "Developer Portal (Bot > Reset Token) into .env; see .env.example.")
    try:
        asyncio.run(main())
    except discord.LoginFailure:
        print(refused, file=sys.stderr)
        return 2
    except discord.ConnectionClosed as exc:
        if exc.code == GATEWAY_AUTH_FAILED:
            print(refused, file=sys.stderr)
            return 2
        print(f"Discord closed the gateway connection (close code {exc.code}); see "
              "https://discord.com/developers/docs/topics/opcodes-and-status-codes and try again.", file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print("Discord asks for privileged intents this bot does not use; check the bot's settings in the "
              "Developer Portal.", file=sys.stderr)
        return 1
    except discord.HTTPException as exc:
        print(f"Discord answered {exc.status} while the bot started; try again in a few minutes.", file=sys.stderr)
        return 1
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as exc:
        print(f"Could not reach Discord ({type(exc).__name__}); check the network and try again.", file=sys.stderr)
        return 1
    return 0
