"""Command words of async play (issue 8), merged into
:data:`bot.commands.COMMANDS` so that Discord and the local table share
them, and carried out by :func:`run_async`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.commands import Param
    from bot.service import Actor, Place, Reply, TableService


class Member:
    """Marks a parameter naming a server member: front ends pass
    ``(user id, display name, is a bot)``."""


def async_commands(Param) -> dict[str, tuple[str, tuple["Param", ...]]]:
    return {
        "game settings": ("Reminders, deadline and its policy, vacation allowance (creator or Manage Channels)", (
            Param("reminder", "Remind the waited-for player after this many hours (0: never; default 24)", kind=int),
            Param("deadline", "After this many hours the table acts (0: no deadline)", kind=int),
            Param("policy", "At the deadline: skip (pass), auto (the rules choose a move) or table (takes the seat)"),
            Param("vacation", "Vacation days each player may take in this game (default 7)", kind=int),
        )),
        "game list": ("This server's games: whose turn, for how long", ()),
        "game mine": ("Every game on this server waiting on you", ()),
        "game export": ("The finished game's full log as a file (hearth local --load)", ()),
        "game import": ("Replay an exported game here to look at it (/board, /replay, /log)", (
            Param("file", "A file made by /game export", True),
        )),
        "notify": ("Where you hear about your turn: channel, dm, both or mute", (
            Param("mode", "channel (default), dm, both or mute"),
        )),
        "remind": ("Nudge the player the game is waiting for", ()),
        "vacation": ("Pause your clock in this game for some days (or 'end')", (
            Param("days", "How many days, or end to come back early", True),
        )),
        "handover": ("Hand your seat to another member (they accept), or to the table", (
            Param("member", "Who takes your seat (leave empty: the table plays it)", kind=Member),
        )),
        "accept": ("Take the seat someone offered you in this channel's game", ()),
        "replay": ("The whole game as an animation, re-simulated from the log", ()),
        "stats": ("Games, wins, average rank, rating and the server's leaderboard", (
            Param("player", "Whose stats (default: yours)", kind=Member),
            Param("game", "Only this game"),
        )),
    }


async def run_async(service: "TableService", place: "Place", actor: "Actor", name: str, args: dict,
                    yes: set[str]) -> "Reply | None":
    """Carry out an async-play command; None if ``name`` is not one."""
    play = service.asyncplay
    if name == "game settings":
        return await play.game_settings(place, actor, reminder=args.get("reminder"), deadline=args.get("deadline"),
                                        policy=args.get("policy"), vacation=args.get("vacation"))
    if name == "game list":
        return await play.game_list(place, actor)
    if name == "game mine":
        return await play.mine(place, actor)
    if name == "game export":
        return await play.export(place, actor)
    if name == "game import":
        return await play.import_game(place, actor, args.get("file"))
    if name == "notify":
        return await play.notify(actor, args.get("mode"))
    if name == "remind":
        return await play.remind(place, actor)
    if name == "vacation":
        return await play.vacation(place, actor, args.get("days"))
    if name == "handover":
        return await play.handover(place, actor, args.get("member") or None)
    if name == "accept":
        return await play.accept(place, actor)
    if name == "replay":
        return await play.replay(place, actor, args.get("limit"))
    if name == "stats":
        return await play.stats(place, actor, args.get("player") or None, args.get("game") or None)
    if name == "log" and (str(args.get("since") or "").strip().lower() in yes
                          or str(args.get("page") or "").strip().lower() in ("since", "depuis")):
        return await play.log_since(place, actor)
    return None
