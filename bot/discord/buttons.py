"""The bot's buttons. Each keeps its state in its ``custom_id``
(discord.py's ``DynamicItem``), so a button still works after a restart;
pressing one runs through the client's :meth:`answer` like a command."""

from __future__ import annotations

import re

import discord

from bot.commands import COMMANDS, run
from bot.discord.interactions import actor_of, bot_of, place_of, service_of
from bot.discord.picker_items import PickStep, PlayButton, picker_view
from bot.table import Choice, Reply


def view_for(reply: Reply, channel_id: int) -> discord.ui.View | None:
    if reply.picker is not None:
        return picker_view(reply.picker, channel_id, reply.locale)
    if not reply.choices:
        return None
    view = discord.ui.View(timeout=None)
    for index, choice in enumerate(reply.choices[:5]):
        view.add_item(button_for(choice, index, channel_id))
    return view


def button_for(choice: Choice, index: int, channel_id: int) -> discord.ui.Item:
    if choice.command == "play":
        return PlayButton(channel_id, choice.label)
    if choice.command == "pick":   # a step of the picker (/hint's move: its preview)
        return PickStep(channel_id, choice.version, choice.arg, 0, choice.label)
    if choice.command == "move":
        return MoveButton(channel_id, choice.version, index, choice.label)
    if choice.command == "undo":
        return UndoButton(channel_id, choice.version, int(choice.arg or 1), choice.label)
    if choice.command == "accept":
        return AcceptButton(channel_id, choice.game_id, choice.label)
    if choice.command == "resign":
        return ResignButton(channel_id, choice.label)
    if choice.command == "run":
        return CommandButton(channel_id, choice.arg, choice.label)
    return ConfirmButton(channel_id, choice.command, choice.label)


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
        service = service_of(interaction)
        await bot_of(interaction).answer(interaction, "move", lambda: service.press(place_of(interaction), actor_of(interaction),
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
        service = service_of(interaction)
        await bot_of(interaction).answer(interaction, "undo", lambda: service.undo(place_of(interaction), actor_of(interaction), True,
                                                                 self.count, expected_version=self.version))


class ResignButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hearth:resign:(?P<ch>\d+)"):
    def __init__(self, channel_id: int, label: str = "Resign") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.danger,
                                           custom_id=f"hearth:resign:{channel_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), item.label or "Resign")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        await bot_of(interaction).answer(interaction, "resign", lambda: service.resign(place_of(interaction), actor_of(interaction)))


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
        service = service_of(interaction)
        await bot_of(interaction).answer(interaction, "accept",
                                         lambda: service.accept(place_of(interaction), actor_of(interaction)))


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hearth:cf:(?P<ch>\d+):(?P<cmd>[a-z]+)"):
    """Runs a command that asks first (``/handover`` to the table…) with ``confirm:yes``."""

    def __init__(self, channel_id: int, command: str, label: str = "Confirm") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.danger,
                                           custom_id=f"hearth:cf:{channel_id}:{command}"))
        self.command = command

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["ch"]), match["cmd"], item.label or "Confirm")

    async def callback(self, interaction: discord.Interaction) -> None:
        declared = COMMANDS.get(self.command)
        if declared is None or not any(o.name == "confirm" for o in declared.options):
            return   # a forged id: nothing of ours asks for that confirmation
        await bot_of(interaction).answer(interaction, self.command, lambda: run(
            service_of(interaction), place_of(interaction), actor_of(interaction), self.command, {"confirm": "yes"}))


class CommandButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"hearth:run:(?P<ch>\d+):(?P<cmd>[a-z]+(?:\.[a-z]+)?)(?::(?P<opt>[a-z]+)=(?P<val>[a-z]+))?"):
    """Runs a command for the presser, with the same checks as typing it: the lobby's Join and Start,
    which need no option, and Add an AI, which carries one offered value (``game addai level:hard``)."""

    def __init__(self, channel_id: int, command: str, label: str = "Go") -> None:
        name, option, value = split_command(command)
        style = discord.ButtonStyle.success if name == "game start" else discord.ButtonStyle.primary
        suffix = f":{option}={value}" if option else ""
        super().__init__(discord.ui.Button(label=label[:80] or command, style=style,
                                           custom_id=f"hearth:run:{channel_id}:{name.replace(' ', '.')}{suffix}"))
        self.command, self.args = name, ({option: value} if option else {})

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        command = match["cmd"].replace(".", " ") + (f" {match['opt']}:{match['val']}" if match["opt"] else "")
        return cls(int(match["ch"]), command, item.label or "Go")

    async def callback(self, interaction: discord.Interaction) -> None:
        if not runs_from_a_button(self.command, self.args):
            return   # a forged id: no button of ours runs it
        await bot_of(interaction).answer(interaction, self.command, lambda: run(
            service_of(interaction), place_of(interaction), actor_of(interaction), self.command, dict(self.args)))


def split_command(text: str) -> tuple[str, str, str]:
    """"game addai level:hard" -> ("game addai", "level", "hard"); without an option, ("game join", "", "")."""
    words = text.split()
    if words and ":" in words[-1]:
        option, _, value = words[-1].partition(":")
        return " ".join(words[:-1]), option, value
    return text, "", ""


def runs_from_a_button(name: str, args: dict[str, str]) -> bool:
    """Whether a button may run command ``name`` with ``args``: every option it needs is given, and
    each given one is declared with a fixed list of values holding the one given."""
    declared = COMMANDS.get(name)
    if declared is None:
        return False
    options = {o.name: o for o in declared.options}
    if any(o.required and o.name not in args for o in declared.options):
        return False
    return all(k in options and v in {p.value for p in options[k].choices} for k, v in args.items())
