"""Table replies sent to Discord: as the answer to an interaction
(:func:`send_reply`) or straight to a channel (:func:`post`), then the
direct messages of players who chose them and the game's pinned status
message, edited in place. Discord errors are logged, never raised: the
game is already saved when we get here."""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.discord.buttons import view_for
from bot.discord.interactions import HearthBot
from bot.discord.picker_items import PlayButton
from bot.table import Reply, marks
from bot.table.i18n import t

log = logging.getLogger("hearth.discord")

DISCORD_TEXT_LIMIT = 2000
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024   # bots' limit has changed over time: trust the interaction's value


def discord_text(text: str) -> str:
    """The table's marks as Discord shows them: a channel link, a relative timestamp."""
    return marks.render(text, lambda cid: f"<#{cid}>", lambda seconds: f"<t:{seconds}:R>")


def mention_text(reply: Reply) -> str:
    mentions = " ".join(f"<@{uid}>" for uid in reply.mentions)
    text = discord_text(f"{mentions} {reply.text}" if mentions else reply.text)
    if len(text) > DISCORD_TEXT_LIMIT:
        text = text[:DISCORD_TEXT_LIMIT - 1] + "…"
    return text


async def send_reply(interaction: discord.Interaction, reply: Reply) -> bool:
    """Send a table reply over an interaction that was deferred ephemerally.

    The first follow-up of an ephemeral deferral is ephemeral whatever we
    ask, so a public post first closes the private 'thinking' note, then
    goes out as a second, public follow-up, and the closed note is deleted:
    the caller keeps no private '✓' beside the public post. Errors and
    private replies are the note itself, edited, and stay.

    Discord errors never escape: the move is saved before we get here, so
    a failed post is logged, retried without the image when the image was
    the problem, and a public post whose interaction expired goes straight
    to the channel. Returns whether the main message went out."""
    limit = getattr(interaction, "filesize_limit", None) or DEFAULT_UPLOAD_LIMIT
    note = ""
    image = reply.image
    mine = str(getattr(getattr(interaction, "locale", None), "value", "") or "") or None   # the caller's language
    loc = reply.locale or mine                                                           # the post's
    if image is not None and len(image) > limit:
        image, note = None, "\n" + t(loc, "image_too_large")
    mentions = discord.AllowedMentions(everyone=False, roles=False,
                                       users=[discord.Object(uid) for uid in reply.mentions])
    view = view_for(reply, interaction.channel_id or 0)

    async def send(with_image: bool, extra: str) -> None:
        files = [discord.File(io.BytesIO(image), filename=reply.image_name)] if with_image and image is not None else []
        sent = await interaction.followup.send(_with_note(reply, note + extra), ephemeral=reply.ephemeral, wait=True,
                                               allowed_mentions=mentions, files=files,
                                               view=view if view is not None else discord.utils.MISSING)
        if view is not None and not reply.ephemeral:
            await retire_buttons(interaction.client, interaction.channel, reply, sent)

    sent = False
    try:
        if not reply.ephemeral:
            try:
                await interaction.edit_original_response(content="✓")
            except discord.HTTPException as exc:   # the note is gone or expired: the post may still go out
                log.info("could not close the thinking note: %s", why_failed(exc))
        try:
            await send(image is not None, "")
        except discord.HTTPException as exc:
            if image is None or not _image_refused(exc):
                raise
            log.warning("board image refused (%s); posting without it", why_failed(exc))
            await send(False, "\n" + t(loc, "image_refused", why=why_failed(exc, loc)))
        sent = True
        if not reply.ephemeral:
            await _drop_thinking_note(interaction)
    except discord.HTTPException as exc:
        log.warning("could not answer /%s interaction in channel %s: %s", getattr(interaction.command, "name", "?"),
                    interaction.channel_id, why_failed(exc))
        if not reply.ephemeral and _expired(exc) and interaction.channel is not None:
            sent = await post(interaction.channel, reply)   # the channel still hears the turn
        elif not reply.ephemeral:
            try:   # tell the caller privately, where Discord still lets us
                await interaction.followup.send(t(mine, "post_failed", why=why_failed(exc, mine)), ephemeral=True)
            except discord.HTTPException:
                pass
    if sent and reply.announces and reply.game_id is not None and reply.version is not None:
        await _announced(interaction, reply)
    for extra in reply.followups:
        extra_view = view_for(extra, interaction.channel_id or 0)   # a sub-step's buttons ride on the mover's note
        try:
            await interaction.followup.send(mention_text(extra), ephemeral=extra.ephemeral,
                                            allowed_mentions=discord.AllowedMentions.none(),
                                            view=extra_view if extra_view is not None else discord.utils.MISSING)
        except discord.HTTPException as exc:
            log.warning("could not send a follow-up in channel %s: %s", interaction.channel_id, why_failed(exc))
    if sent and not reply.ephemeral:
        await deliver_extras(interaction.client, interaction.channel, reply)   # DMs, the pinned status
    if reply.then is not None:   # the AI seats answer in their own post, after this one (whether it went out or not)
        answer_later(interaction.client, interaction.channel, reply)
    return sent


def answer_later(client, channel, reply: Reply) -> None:
    """Play what the table answers a player's move with (the AI seats' turns, ``reply.then``) in a
    task of its own, and post each answer in the game's channel as a notice is posted; the task is
    kept on the client until it ends (an unreferenced task may be collected mid-way)."""
    if client is None or channel is None or reply.then is None:
        return
    then = reply.then

    async def later() -> None:
        try:
            for notice in await then():
                if await post(channel, notice) and notice.announces and notice.game_id is not None \
                        and notice.version is not None:
                    await client.service.announced(notice.game_id, notice.version)
        except Exception:  # noqa: BLE001 - a failed answer is taken over by the scheduler's stalled-turn path
            log.exception("the table's answer to a move in channel %s failed", getattr(channel, "id", "?"))

    tasks: set = client.__dict__.setdefault("later_tasks", set())
    task = asyncio.get_running_loop().create_task(later())
    tasks.add(task)
    task.add_done_callback(tasks.discard)


async def _drop_thinking_note(interaction: discord.Interaction) -> None:
    """Delete the closed private note once the public post is out (it only
    said '✓'); if Discord refuses, the note stays and nothing else changes."""
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as exc:
        log.info("could not delete the thinking note: %s", why_failed(exc))


def _with_note(reply: Reply, note: str) -> str:
    """The message text with a note kept inside Discord's 2000 characters."""
    text = mention_text(reply)
    if note:
        text = text[:DISCORD_TEXT_LIMIT - len(note) - 1] + ("…" if len(text) > DISCORD_TEXT_LIMIT - len(note) - 1
                                                            else "") + note
    return text


def why_failed(exc: discord.HTTPException, locale: str | None = "en") -> str:
    """A few words a player understands for a Discord error (English for the logs)."""
    if exc.status == 429:
        return t(locale, "discord_slow")
    if exc.status == 413 or exc.code == 40005:
        return t(locale, "discord_too_large")
    if exc.status == 403:
        return t(locale, "discord_permission")
    if exc.status == 404 or exc.code in (10003, 10062, 10015):
        return t(locale, "discord_gone")
    if exc.status == 401 or exc.code == 50027:
        return t(locale, "discord_expired")
    return t(locale, "discord_error", status=exc.status)


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


async def post(channel, reply: Reply) -> bool:
    """A table message sent straight to a channel (not as an interaction
    reply). Discord errors are logged, never raised: a refused image is
    dropped with a note, a deleted channel or a rate limit gives False."""
    limit = getattr(getattr(channel, "guild", None), "filesize_limit", DEFAULT_UPLOAD_LIMIT)
    image = reply.image if reply.image and len(reply.image) <= limit else None
    note = "" if image is not None or not reply.image else "\n" + t(reply.locale, "image_too_large")
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in reply.mentions])
    try:
        try:
            files = [discord.File(io.BytesIO(image), filename=reply.image_name)] if image is not None else []
            view = view_for(reply, channel.id)
            message = await channel.send(_with_note(reply, note), files=files, view=view, allowed_mentions=mentions)
            if view is not None:
                await retire_buttons(channel._state._get_client(), channel, reply, message)  # noqa: SLF001 - as below
        except discord.HTTPException as exc:
            if image is None or not _image_refused(exc):
                raise
            log.warning("board image refused in channel %s (%s); posting without it", channel.id, why_failed(exc))
            await channel.send(_with_note(reply, "\n" + t(reply.locale, "image_refused",
                                                          why=why_failed(exc, reply.locale))),
                               view=view_for(reply, channel.id), allowed_mentions=mentions)
    except discord.HTTPException as exc:
        log.warning("could not post in channel %s: %s", getattr(channel, "id", "?"), why_failed(exc))
        return False
    for extra in reply.followups:   # a long post goes on in further messages; nothing private goes here
        if extra.ephemeral:
            continue
        try:
            await channel.send(mention_text(extra), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("could not post the rest in channel %s: %s", getattr(channel, "id", "?"), why_failed(exc))
    await deliver_extras(None, channel, reply)   # DMs, the pinned status
    return True


async def deliver_extras(client: discord.Client | None, channel, reply: Reply) -> None:
    """Direct messages for players who chose them, then the pinned status
    message of the game edited in place (created and pinned the first time)."""
    if client is None and channel is not None:
        client = channel._state._get_client()  # noqa: SLF001 - discord.py gives no public way from a channel to its client
    if not isinstance(client, HearthBot):
        raise TypeError("deliver_extras needs the Hearth client, or a channel of it")
    closed: list[int] = []
    for user_id, text in reply.direct:
        try:
            user = client.get_user(user_id) or await client.fetch_user(user_id)
            dm_view = _play_view(reply, channel)
            await user.send(discord_text(text)[:2000], allowed_mentions=discord.AllowedMentions.none(),
                            view=dm_view if dm_view is not None else discord.utils.MISSING)
        except discord.Forbidden as exc:   # DMs closed: they chose DMs, so they were not pinged either
            log.info("could not DM user %s: %s", user_id, exc)
            closed.append(user_id)
        except Exception as exc:  # noqa: BLE001 - the channel post went out; a DM is a courtesy
            log.info("could not DM user %s: %s", user_id, exc)
    if closed and channel is not None:
        await _ping_instead(client, channel, reply, closed)
    status = await client.service.status_for(reply)
    if status and reply.game_id is not None and channel is not None:
        await update_status(client, channel, reply.game_id, status)


def _play_view(reply: Reply, channel) -> discord.ui.View | None:
    """The "Your move" button for a turn DM: it opens the picker of the game's channel."""
    play = [c for c in reply.choices if c.command == "play"]
    if not play or channel is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(channel.id, play[0].label))
    return view


async def retire_buttons(client, channel, reply: Reply, message) -> None:
    """A turn post's buttons are for the position it shows: once a newer post of the same game
    carries buttons, the older post's are removed (remembered per channel in this process; an
    older post's "Your move" left after a restart still opens the picker on the game as it is)."""
    if client is None or channel is None or message is None or reply.game_id is None or not reply.announces:
        return
    posts: dict[int, tuple[int, int]] = client.__dict__.setdefault("button_posts", {})
    previous = posts.get(channel.id)
    posts[channel.id] = (reply.game_id, message.id)
    if previous is None or previous[1] == message.id:
        return
    try:
        await channel.get_partial_message(previous[1]).edit(view=None)
    except Exception as exc:  # noqa: BLE001 - a stale button left in place is harmless: it opens a fresh picker
        log.info("could not retire the buttons of message %s: %s", previous[1], exc)


async def _ping_instead(client, channel, reply: Reply, users: list[int]) -> None:
    """A player who asked for DMs but does not accept them is pinged in the
    channel, so a turn never waits unseen."""
    loc = await client.service.locale_of(reply.game_id)
    who = " ".join(f"<@{u}>" for u in users)
    try:
        await channel.send(t(loc, "dm_closed", who=who), allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(u) for u in users], roles=False, everyone=False))
    except discord.HTTPException as exc:
        log.info("could not ping %s in channel %s: %s", users, getattr(channel, "id", None), exc)


async def update_status(client, channel, game_id: int, text: str) -> None:
    """The game's pinned status shows ``text``: an edit in place goes through
    the client's :class:`~bot.discord.status_edits.StatusEdits` (a busy channel's
    edits coalesced, the last state written); the first post is made at once."""
    edits = getattr(client, "status_edits", None)
    if edits is not None and await client.service.status_message(game_id):
        await edits.submit((channel.id, game_id), lambda: write_status(client, channel, game_id, text))
        return
    await write_status(client, channel, game_id, text)


async def write_status(client, channel, game_id: int, text: str) -> None:
    """Edit the pinned status message, or post and pin it if there is none (or it was deleted)."""
    service = client.service
    message_id = await service.status_message(game_id)
    none = discord.AllowedMentions.none()
    text = discord_text(text)
    try:
        if message_id:
            try:
                await channel.get_partial_message(message_id).edit(content=text, allowed_mentions=none)
                return
            except discord.NotFound:
                pass   # unpinned and deleted by someone: make a new one
        message = await channel.send(text, allowed_mentions=none)
        await service.set_status_message(game_id, message.id)
        try:
            await message.pin(reason="Hearth: the game's status, edited in place")
        except discord.HTTPException as exc:
            log.info("could not pin the status of game %s: %s", game_id, exc)
    except Exception as exc:  # noqa: BLE001
        log.warning("could not update the status message of game %s: %s", game_id, exc)
