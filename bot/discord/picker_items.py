"""The move picker's components on Discord: the "Your move" button of a turn post, and the private picker it
opens — buttons for a few options, a select menu (25 a page) for more, Back, and on the last
step the preview with Confirm. Every component keeps its state in its ``custom_id`` (game
version and the path of choices: discord.py's ``DynamicItem``), so a picker works across a
restart, and a step from an older position opens a fresh picker instead of playing it.

A tap edits the private picker in place; only Confirm plays (and counts as a move against the
rate limit)."""

from __future__ import annotations

import re

import discord

from bot.discord.interactions import actor_of, bot_of, place_of, service_of
from bot.table import Picker, Place
from bot.table.i18n import t

BUTTONS_AT_MOST = 5      # a step with more options is a select menu
MENU_SIZE = 25           # Discord's options in one select menu
MENUS_AT_MOST = 4        # menus in one message (Discord's five rows, the last one for Back and More…)
PAGE_SIZE = MENU_SIZE * MENUS_AT_MOST
LABEL = 80               # characters of a button's label
OPTION = 100             # characters of a menu option's label


def encode(path: tuple[int, ...]) -> str:
    return ".".join(str(i) for i in path)


def decode(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".") if part.isdigit())[:12] if text else ()


def picker_view(picker: Picker, channel_id: int, locale: str | None) -> discord.ui.View:
    """The components of one picker step."""
    view = discord.ui.View(timeout=None)
    here = encode(picker.path)
    ch, v = channel_id, picker.version
    if picker.confirm:
        view.add_item(PickConfirm(ch, v, here, t(locale, "picker_confirm")))
    elif len(picker.options) <= BUTTONS_AT_MOST:
        for index, label in enumerate(picker.options):
            view.add_item(PickStep(ch, v, encode((*picker.path, index)), 0, label, style=discord.ButtonStyle.primary))
    else:
        # up to four menus of 25 in one message (a row each), so a choice of up to 100 needs no page
        pages = (len(picker.options) + PAGE_SIZE - 1) // PAGE_SIZE
        page = min(max(0, picker.page), pages - 1)
        for first in range(page * PAGE_SIZE, min(len(picker.options), (page + 1) * PAGE_SIZE), MENU_SIZE):
            shown = picker.options[first:first + MENU_SIZE]
            view.add_item(PickMenu(ch, v, here, first, shown,
                                   t(locale, "picker_menu", first=first + 1, last=first + len(shown))))
        if pages > 1:
            nxt = (page + 1) % pages
            view.add_item(PickStep(ch, v, here, nxt, t(locale, "picker_more"), style=discord.ButtonStyle.secondary,
                                   row=4))
    if picker.path:
        view.add_item(PickStep(ch, v, encode(picker.path[:-1]), 0, t(locale, "picker_back"),
                               style=discord.ButtonStyle.secondary, row=4 if not picker.confirm else None))
    return view


class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hearth:play:(?P<ch>\d+)"):
    """"Your move" on a turn post: opens a private picker for the presser (anyone else is told
    kindly that it is not theirs to press). It always opens on the game as it is now."""

    def __init__(self, channel_id: int, label: str = "Your move") -> None:
        super().__init__(discord.ui.Button(label=label[:LABEL] or "Your move", style=discord.ButtonStyle.success,
                                           emoji="🎯", custom_id=f"hearth:play:{channel_id}"))

        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), item.label or "Your move")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        # the game's channel, from the button: a turn DM carries the button too
        place = Place(self.channel_id, interaction.guild_id)
        await bot_of(interaction).answer(interaction, "play",
                                         lambda: service.pick(place, actor_of(interaction)))


class PickStep(discord.ui.DynamicItem[discord.ui.Button],
               template=r"hearth:pk:(?P<ch>\d+):(?P<v>\d+):(?P<p>[\d.]*):(?P<pg>\d+)"):
    """An option, Back or More… of the picker: the step at that path (and page)."""

    def __init__(self, channel_id: int, version: int, path: str, page: int, label: str = "·",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=(label or "·")[:LABEL], style=style, row=row,
                                           custom_id=f"hearth:pk:{channel_id}:{version}:{path}:{page}"))
        self.version, self.path, self.page = version, decode(path), page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), int(match["v"]), match["p"], int(match["pg"]), item.label or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        await bot_of(interaction).step(interaction, "play",
                                       lambda: service.pick(place_of(interaction), actor_of(interaction),
                                                            self.version, self.path, self.page))


class PickMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"hearth:pm:(?P<ch>\d+):(?P<v>\d+):(?P<p>[\d.]*)(?::(?P<f>\d+))?"):
    """A select menu of up to 25 options (its custom id ends with its first option's index: the
    menus of one step differ by it); a chosen value is the option's index in the whole list."""

    def __init__(self, channel_id: int, version: int, path: str, first: int = 0, labels: list[str] | None = None,
                 placeholder: str = "") -> None:
        options = [discord.SelectOption(label=(label or "·")[:OPTION], value=str(first + i))
                   for i, label in enumerate(labels or ["·"])]
        super().__init__(discord.ui.Select(custom_id=f"hearth:pm:{channel_id}:{version}:{path}:{first}", options=options,
                                           placeholder=placeholder[:150] or None, min_values=1, max_values=1))
        self.version, self.path = version, decode(path)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), int(match["v"]), match["p"], int(match["f"] or 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        data = interaction.data   # a select menu's: the values chosen
        values = data.get("values") if isinstance(data, dict) else None
        chosen = int(values[0]) if isinstance(values, list) and values and str(values[0]).isdigit() else -1
        service = service_of(interaction)
        await bot_of(interaction).step(interaction, "play",
                                       lambda: service.pick(place_of(interaction), actor_of(interaction),
                                                            self.version, (*self.path, chosen)))


class PickConfirm(discord.ui.DynamicItem[discord.ui.Button], template=r"hearth:pc:(?P<ch>\d+):(?P<v>\d+):(?P<p>[\d.]*)"):
    """Confirm: play the previewed move, as ``/move`` would, if the game is still where it was."""

    def __init__(self, channel_id: int, version: int, path: str, label: str = "Confirm") -> None:
        super().__init__(discord.ui.Button(label=label[:LABEL] or "Confirm", style=discord.ButtonStyle.success,
                                           custom_id=f"hearth:pc:{channel_id}:{version}:{path}"))
        self.version, self.path = version, decode(path)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), int(match["v"]), match["p"], item.label or "Confirm")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        await bot_of(interaction).step(interaction, "move",
                                       lambda: service.confirm_pick(place_of(interaction), actor_of(interaction),
                                                                    self.version, self.path))


ITEMS = (PlayButton, PickStep, PickMenu, PickConfirm)
