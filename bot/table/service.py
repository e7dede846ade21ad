"""The table service: every command of the bot, free of Discord.

One method per command; each is answered by the room that owns it (lobby,
play, show, notices, reminders, seats, settings, lists, archive, stats),
all sharing one :class:`TableContext`. A command refuses by raising
:class:`Refused` in its room; here every command turns that into a private
refusal reply, so the front ends only ever get a :class:`Reply` (text,
image bytes, mentions, private parts, buttons) — the Discord adapter and
the local table show the same thing.
"""

from __future__ import annotations

from bot.table import stats
from bot.table.archive import Archive
from bot.table.away import Away
from bot.table.context import TableContext
from bot.table.hints import Hints
from bot.table.lists import Lists
from bot.table.lobby import Lobby
from bot.table.names import public_person, with_public_names
from bot.table.notices import Notices
from bot.table.picker import Picking
from bot.table.play import Play
from bot.table.reminders import Reminders
from bot.table.replay import Replay
from bot.table.seats import Seats
from bot.table.settings import GameSettings
from bot.table.show import Show
from bot.table.turns import Turns
from bot.table.values import Actor, Place, Reply, answers
from rules.core import Move
from storage.store import GameRow, Store


def table_command(method):
    """A command of the table: names entering through it made fit for public text, and a
    :class:`Refused` answered as a private refusal."""
    return answers(with_public_names(method))


class TableService:
    def __init__(self, store: Store, clock=None, *, render_images: bool = True) -> None:
        self.context = ctx = TableContext(store, clock, render_images=render_images)
        self.notices = Notices(ctx)
        self.turns = Turns(ctx, self.notices)
        self.reminders = Reminders(ctx, self.notices, self.turns)
        self.away = Away(ctx, self.notices, self.turns, self.reminders)
        self.lobby = Lobby(ctx, self.turns, self.notices)
        self.play = Play(ctx, self.turns)
        self.picking = Picking(ctx, self.play)
        self.show = Show(ctx)
        self.seats = Seats(ctx, self.turns, self.reminders)
        self.settings = GameSettings(ctx, self.reminders)
        self.lists = Lists(ctx)
        self.archive = Archive(ctx)
        self.replaying = Replay(ctx)
        self.hints = Hints(ctx)
        self._guild_locales: dict[int, str | None] = {}

    @property
    def store(self) -> Store:
        return self.context.store

    @property
    def clock(self):
        return self.context.clock

    @property
    def tables(self):
        """The async-play rows (settings, timers, offers, notice choices)."""
        return self.context.tables

    @property
    def announce_after_post(self) -> bool:
        return self.context.announce_after_post

    @announce_after_post.setter
    def announce_after_post(self, value: bool) -> None:
        self.context.announce_after_post = value

    # ---- lobby

    @table_command
    async def new_game(self, place: Place, actor: Actor, key: str, options: dict[str, str] | None = None,
                       seed: int | None = None, ai: int = 0, level: str | None = None) -> Reply:
        return await self.lobby.new_game(place, actor, key, options, seed, ai, level)

    @table_command
    async def add_ai(self, place: Place, actor: Actor, level: str | None = None) -> Reply:
        return await self.lobby.add_ai(place, actor, level)

    @table_command
    async def join(self, place: Place, actor: Actor) -> Reply:
        return await self.lobby.join(place, actor)

    @table_command
    async def leave(self, place: Place, actor: Actor) -> Reply:
        return await self.lobby.leave(place, actor)

    @table_command
    async def start(self, place: Place, actor: Actor, order: str | None = None) -> Reply:
        return await self.lobby.start(place, actor, order)

    @table_command
    async def cancel(self, place: Place, actor: Actor) -> Reply:
        return await self.lobby.cancel(place, actor)

    # ---- play

    @table_command
    async def move(self, place: Place, actor: Actor, text: str, expected_version: int | None = None) -> Reply:
        return await self.play.move(place, actor, text, expected_version)

    @table_command
    async def press(self, place: Place, actor: Actor, version: int, index: int) -> Reply:
        return await self.play.press(place, actor, version, index)

    @table_command
    async def pick(self, place: Place, actor: Actor, version: int | None = None, path: tuple[int, ...] = (),
                   page: int = 0) -> Reply:
        return await self.picking.pick(place, actor, version, path, page)

    @table_command
    async def confirm_pick(self, place: Place, actor: Actor, version: int, path: tuple[int, ...]) -> Reply:
        return await self.picking.confirm(place, actor, version, path)

    async def legal(self, place: Place, actor: Actor, typed: str = "", limit: int = 25) -> list[Move]:
        return await self.play.legal(place, actor, typed, limit)

    @table_command
    async def undo(self, place: Place, actor: Actor, confirm: bool = False, count: int = 1,
                   expected_version: int | None = None) -> Reply:
        return await self.play.undo(place, actor, confirm, count, expected_version)

    async def may_resign(self, place: Place, actor: Actor) -> Reply | None:
        return await self.play.may_resign(place, actor)

    @table_command
    async def resign(self, place: Place, actor: Actor) -> Reply:
        return await self.play.resign(place, actor)

    @table_command
    async def hint(self, place: Place, actor: Actor) -> Reply:
        return await self.hints.hint(place, actor)

    # ---- looking

    @table_command
    async def status(self, place: Place, actor: Actor) -> Reply:
        return await self.show.status(place, actor)

    @table_command
    async def board(self, place: Place, actor: Actor, view: str | None = None) -> Reply:
        return await self.show.board(place, actor, view)

    @table_command
    async def hand(self, place: Place, actor: Actor) -> Reply:
        return await self.show.hand(place, actor)

    @table_command
    async def log(self, place: Place, actor: Actor, page: int | None = None) -> Reply:
        return await self.show.log(place, actor, page)

    @table_command
    async def rules(self, key: str | None, actor: Actor, place: Place | None = None,
                    topic: str | None = None) -> Reply:
        return await self.show.rules(key, actor, place, topic)

    # ---- async play: notices, reminders, settings, seats, lists, archive, stats

    @table_command
    async def notify(self, actor: Actor, mode: str | None) -> Reply:
        return await self.notices.set_mode(actor, mode)

    @table_command
    async def game_settings(self, place: Place, actor: Actor, **values) -> Reply:
        return await self.settings.settings(place, actor, **values)

    @table_command
    async def remind(self, place: Place, actor: Actor) -> Reply:
        return await self.away.remind(place, actor)

    @table_command
    async def vacation(self, place: Place, actor: Actor, days: str | None) -> Reply:
        return await self.away.vacation(place, actor, days)

    @table_command
    async def game_list(self, place: Place, actor: Actor, page: int = 1) -> Reply:
        return await self.lists.game_list(place, actor, page)

    @table_command
    async def mine(self, place: Place, actor: Actor) -> Reply:
        return await self.lists.mine(place, actor)

    @table_command
    async def log_since(self, place: Place, actor: Actor) -> Reply:
        return await self.lists.since(place, actor)

    @table_command
    async def handover(self, place: Place, actor: Actor, member) -> Reply:
        return await self.seats.handover(place, actor, public_person(member))

    @table_command
    async def accept(self, place: Place, actor: Actor) -> Reply:
        return await self.seats.accept(place, actor)

    @table_command
    async def stats(self, place: Place, actor: Actor, player=None, key: str | None = None) -> Reply:
        return await stats.stats(self.store, place, actor, public_person(player), key)

    @table_command
    async def export(self, place: Place, actor: Actor) -> Reply:
        return await self.archive.export(place, actor)

    @table_command
    async def import_game(self, place: Place, actor: Actor, blob) -> Reply:
        return await self.archive.import_game(place, actor, blob)

    @table_command
    async def replay(self, place: Place, actor: Actor, limit: int | None = None) -> Reply:
        return await self.replaying.replay(place, actor, limit)

    # ---- what the front ends call besides commands

    async def due_notices(self) -> list[Reply]:
        """Reminders and deadline actions due by the clock (each sent once)."""
        return await self.reminders.due_notices()

    async def announced(self, game_id: int, version: int) -> None:
        """The front end posted the turn of ``version``: never announce it again."""
        await self.store.mark_announced(game_id, version)

    async def pending_announcements(self) -> list[tuple[GameRow, Reply]]:
        """Turn posts for moves saved but never announced (the process died
        between saving and posting): the caller posts each one once."""
        out = []
        for row in await self.store.unannounced():
            seats = await self.store.seats(row.id)
            if row.state is None:
                continue
            state = self.context.state_of(row)
            out.append((row, await self.turns.post(row, seats, state, [], None)))
        return out

    async def note_guild_locale(self, guild_id: int | None, locale: str | None) -> None:
        """Remember a server's language for texts nobody asked for (reminders)."""
        if guild_id is None or not locale or self._guild_locales.get(guild_id) == locale:
            return
        self._guild_locales[guild_id] = locale
        if await self.tables.guild_locale(guild_id) != locale:
            await self.tables.set_guild_locale(guild_id, locale)

    async def status_for(self, reply: Reply) -> str | None:
        """The pinned status after a public reply that changed the game
        without a turn post (a resignation that ended it): turn posts carry
        it already, notices and refusals need none."""
        if reply.status is not None or reply.ephemeral or reply.game_id is None or reply.version is None \
                or not reply.announces:   # /board, /game status: nothing changed
            return reply.status
        row = await self.store.game(reply.game_id)
        if row is None or row.state is None:
            return None
        seats = await self.store.seats(row.id)
        return self.notices.status_text(row, seats, self.context.state_of(row))

    async def locale_of(self, game_id: int | None) -> str | None:
        """The language of notices about a game nobody asked for (its server's)."""
        row = await self.store.game(game_id) if game_id is not None else None
        return await self.notices.locale_for(row) if row is not None else None

    async def status_message(self, game_id: int) -> int | None:
        """The id of the game's pinned status message, if one was posted."""
        return (await self.tables.settings(game_id)).status_message

    async def set_status_message(self, game_id: int, message_id: int | None) -> None:
        await self.tables.set_status_message(game_id, message_id)
