"""Async play (issue 8) as one entry point for the front ends: every
command here turns a :class:`Refused` into a friendly private refusal, like
the rest of the table service. The work itself lives in small modules:
notify, scheduler, settings, glance, seats, stats, export, animation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot import stats as stats_module
from bot.export import Exports
from bot.glance import Glance
from bot.notify import Notices
from bot.scheduler import Scheduler
from bot.seats import Seats
from bot.settings import GameSettings
from storage.async_tables import AsyncTables

if TYPE_CHECKING:
    from bot.service import Actor, Place, Reply, TableService


class AsyncPlay:
    def __init__(self, service: "TableService") -> None:
        self.service = service
        self.tables = AsyncTables(service.store)
        self.notices = Notices(service, self.tables)
        self.scheduler = Scheduler(service, self.tables, self.notices)
        self.settings = GameSettings(service, self.tables)
        self.glance = Glance(service)
        self.seats = Seats(service, self.tables)
        self.exports = Exports(service)
        self._guild_locales: dict[int, str | None] = {}

    async def _run(self, coro) -> "Reply":
        return await self.service._run(coro)

    async def note_guild_locale(self, guild_id: int | None, locale: str | None) -> None:
        """Remember a server's language for texts nobody asked for (reminders)."""
        if guild_id is None or not locale or self._guild_locales.get(guild_id) == locale:
            return
        self._guild_locales[guild_id] = locale
        if await self.tables.guild_locale(guild_id) != locale:
            await self.tables.set_guild_locale(guild_id, locale)

    async def notify(self, actor: "Actor", mode: str | None) -> "Reply":
        return await self._run(self.notices.set_mode(actor, mode))

    async def game_settings(self, place: "Place", actor: "Actor", **values) -> "Reply":
        return await self._run(self.settings.settings(place, actor, **values))

    async def remind(self, place: "Place", actor: "Actor") -> "Reply":
        return await self._run(self.scheduler.remind(place, actor))

    async def vacation(self, place: "Place", actor: "Actor", days: str | None) -> "Reply":
        return await self._run(self.scheduler.vacation(place, actor, days))

    async def game_list(self, place: "Place", actor: "Actor") -> "Reply":
        return await self._run(self.glance.game_list(place, actor))

    async def mine(self, place: "Place", actor: "Actor") -> "Reply":
        return await self._run(self.glance.mine(place, actor))

    async def log_since(self, place: "Place", actor: "Actor") -> "Reply":
        return await self._run(self.glance.since(place, actor))

    async def handover(self, place: "Place", actor: "Actor", member) -> "Reply":
        return await self._run(self.seats.handover(place, actor, member))

    async def accept(self, place: "Place", actor: "Actor") -> "Reply":
        return await self._run(self.seats.accept(place, actor))

    async def stats(self, place: "Place", actor: "Actor", player=None, key: str | None = None) -> "Reply":
        return await self._run(stats_module.stats(self.service, place, actor, player, key))

    async def export(self, place: "Place", actor: "Actor") -> "Reply":
        return await self._run(self.exports.export(place, actor))

    async def import_game(self, place: "Place", actor: "Actor", blob) -> "Reply":
        return await self._run(self.exports.import_game(place, actor, blob))

    async def replay(self, place: "Place", actor: "Actor", limit: int | None = None) -> "Reply":
        return await self._run(self.exports.replay(place, actor, limit))

    async def status_for(self, reply: "Reply") -> str | None:
        """The pinned status after a public reply that changed the game
        without a turn post (a resignation that ended it): turn posts carry
        it already, notices and refusals need none."""
        if reply.status is not None or reply.ephemeral or reply.game_id is None or reply.version is None \
                or not getattr(reply, "announces", False):   # /board, /game status: nothing changed
            return reply.status
        row = await self.service.store.game(reply.game_id)
        if row is None or row.state is None:
            return None
        seats = await self.service.store.seats(row.id)
        return self.notices.status_text(row, seats, self.service._state(row))

    async def locale_of(self, game_id: int | None) -> str | None:
        """The language of notices about a game nobody asked for (its server's)."""
        row = await self.service.store.game(game_id) if game_id is not None else None
        return await self.notices.locale_for(row) if row is not None else None

    async def status_message(self, game_id: int) -> int | None:
        return (await self.tables.settings(game_id)).status_message

    async def set_status_message(self, game_id: int, message_id: int | None) -> None:
        await self.tables.set_status_message(game_id, message_id)
