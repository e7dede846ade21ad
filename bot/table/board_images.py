"""The board images a table posts: drawn in a worker thread, never on the event loop, and
cached by version (a busy channel asks for the same board many times)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

import render
from bot.table import people
from bot.table.i18n import language, sayer
from bot.table.results import final_result
from render.kit import Table
from rules import registry
from storage.store import GameRow, GameStatus, SeatRow

IMAGE_CACHE = 64         # encoded boards kept, by (game, version)


class BoardImages:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled          # False: no images at all (tests and benches that only read texts)
        self._cache: OrderedDict[tuple[int, int, bool, str], bytes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._cache)

    def forget(self) -> None:
        self._cache.clear()

    async def png(self, row: GameRow, seats: list[SeatRow], state, events: list[str] | None = None,
                  locale: str | None = None, *, area: bool = False) -> bytes | None:
        """The public board of that version as PNG bytes. ``area``: the part the last turn
        changed with a small overview of the whole (what the turn post shows, for games whose
        whole board is too big for a phone; the whole board for the others). A finished game's
        image marks the winner from the result's ranks."""
        if not self.enabled:
            return None
        area = bool(area) and render.has_focus(row.key)
        key = (row.id, row.version, area, language(locale))   # boards speak the reader's language
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        game = registry.get(row.key)
        names = people.names(seats, locale)
        finished = row.status != GameStatus.ACTIVE
        result = final_result(row, game, state) if finished else None
        table = Table(names=names, to_act=[] if finished else game.to_act(state), title=game.display_name(locale),
                      last_events=[people.fill(e, names) for e in (events or [])],
                      finished=finished, locale=locale, ranks=list(result.ranks) if result else None,
                      say=sayer(locale))
        png = await asyncio.to_thread(render.board_png, row.key, game.view(state, None), table, area)
        self._cache[key] = png
        if len(self._cache) > IMAGE_CACHE:
            self._cache.popitem(last=False)
        return png
