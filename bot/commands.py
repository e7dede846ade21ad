"""The command words shared by every front end.

Discord and the local console both end in :func:`run`, with the same
command names and option names, so that a script for the local table reads
exactly like what players type in Discord.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.commands_async import async_commands, run_async
from bot.i18n import t
from bot.service import Actor, Choice, Place, Reply, TableService, refusal
from rules.core import echo


@dataclass(frozen=True)
class Param:
    name: str
    description: str
    required: bool = False
    kind: type = str


# name -> (description, parameters in declared order)
COMMANDS: dict[str, tuple[str, tuple[Param, ...]]] = {
    "game new": ("Open a table for a game in this channel", (
        Param("game", "Which game (clans, carcassonne_hg, first_sparks, fire_and_stone, neanderthal)", True),
        Param("options", "Table options as key=value pairs, e.g. variant=coop"),
    )),
    "game join": ("Take a seat at the table in this channel", ()),
    "game leave": ("Leave the table before the game starts", ()),
    "game start": ("Start the game (creator or moderator)", (
        Param("order", "Seat order: join (default) or random"),
    )),
    "game status": ("Whose turn it is, for how long, and the scores", ()),
    "game cancel": ("Cancel this channel's game (creator or Manage Channels)", ()),
    "move": ("Make your move", (Param("move", "Your move; autocomplete lists the legal ones", True),)),
    "board": ("Show the board", ()),
    "hand": ("See your private information (only you see it)", ()),
    "log": ("The game's history", (Param("page", "Page number (default: the last)", kind=int),)),
    "undo": ("Take back your last move(s) while nobody else has acted", (
        Param("confirm", "yes to take back; without it you see what would be undone"),
        Param("count", "How many of your moves (default 1)", kind=int),
    )),
    "resign": ("Resign from this game", (Param("confirm", "yes to resign for good"),)),
    "rules": ("Short rules of a game", (Param("game", "Which game (default: this channel's)"),)),
}
COMMANDS["game new"] = (COMMANDS["game new"][0], COMMANDS["game new"][1] + (
    Param("thread", "yes: run the game in its own new thread"),))
COMMANDS["log"] = (COMMANDS["log"][0], COMMANDS["log"][1] + (
    Param("since", "yes: only what happened since your last move"),))
COMMANDS.update(async_commands(Param))   # async play: settings, notify, remind, replay, stats…

YES = {"yes", "y", "oui", "o", "true", "1", "confirm"}


def parse_options(text: str | None) -> dict[str, str]:
    """'players=3 variant=coop' or 'variant:coop, start=moon' -> dict."""
    out: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        sep = "=" if "=" in part else ":" if ":" in part else None
        if sep is None:
            raise ValueError(f"Options are key=value pairs (got '{echo(part, 30)}').")
        key, value = part.split(sep, 1)
        out[key.strip().lower()] = value.strip()
    return out


async def run(service: TableService, place: Place, actor: Actor, name: str, args: dict) -> Reply:
    """Carry out one command. ``args`` holds option values by name."""
    loc = actor.locale
    handled = await run_async(service, place, actor, name, args, YES)
    if handled is not None:
        return handled
    if name == "game new":
        try:
            options = parse_options(args.get("options"))
        except ValueError as exc:
            return refusal(str(exc))
        return await service.new_game(place, actor, str(args.get("game") or ""), options)
    if name == "game join":
        return await service.join(place, actor)
    if name == "game leave":
        return await service.leave(place, actor)
    if name == "game start":
        return await service.start(place, actor, str(args.get("order") or "join"))
    if name == "game status":
        return await service.status(place, actor)
    if name == "game cancel":
        return await service.cancel(place, actor)
    if name == "move":
        return await service.move(place, actor, str(args.get("move") or ""))
    if name == "board":
        return await service.board(place, actor)
    if name == "hand":
        return await service.hand(place, actor)
    if name == "log":
        return await service.log(place, actor, _int(args.get("page")))
    if name == "undo":
        confirm = str(args.get("confirm") or "").strip().lower() in YES
        return await service.undo(place, actor, confirm, _int(args.get("count")) or 1)
    if name == "resign":
        if str(args.get("confirm") or "").strip().lower() not in YES:
            refused = await service.may_resign(place, actor)
            if refused is not None:   # only a player is asked to confirm
                return refused
            text = ("Resigning is final: the table plays your seat from now on. Confirm with the button or "
                    "`/resign confirm:yes`." if not (loc or "").startswith("fr") else
                    "Abandonner est définitif : la table jouera votre place. Confirmez avec le bouton ou "
                    "`/resign confirm:yes`.")
            return Reply(text, ephemeral=True, choices=[Choice("Resign", "resign", "yes")])
        return await service.resign(place, actor)
    if name == "rules":
        return await service.rules(args.get("game"), actor, place)
    return refusal(t(loc, "unknown_command", name=echo(str(name))))


def _int(value) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        return None
