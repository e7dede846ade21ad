"""Every command of the bot, declared once.

Each entry says the command's name, what it does, its options (types, choices, bounds), who may
use it, whether its answer is private, its rate limit, and ``run``: the one table service method
that carries it out. The Discord tree (bot/discord/tree.py), the local table's parser and
``!help`` (bot/local/table.py), the rate limits, the ``commands`` catalogue and the README check
are all made from this table. Adding a command is one entry here and one service method.
"""

from __future__ import annotations

from bot.commands.declare import Args, Command, Complete, Kind, Opt, Pick, Rule, Who
from bot.table import Actor, Choice, Place, Reply, TableService, refusal
from bot.table.i18n import t
from rules import registry
from rules.core import echo

YES = {"yes", "y", "oui", "o", "true", "1", "confirm"}

GROUPS = {"game": "Tables in this channel: new, join, start, status…"}

RENDER = Rule(burst=4, per=10.0, bucket="render")
MOVE = Rule(burst=20, per=1.5, bucket="move")


def parse_options(text: str | None, locale: str | None = None) -> dict[str, str]:
    """'players=3 variant=coop' or 'variant:coop, start=moon' -> dict."""
    out: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        sep = "=" if "=" in part else ":" if ":" in part else None
        if sep is None:
            raise ValueError(t(locale, "options_pairs", typed=echo(part, 30)))
        key, value = part.split(sep, 1)
        out[key.strip().lower()] = value.strip()
    return out


def number(value) -> int | None:
    """An option typed as a whole number; None when empty or not one."""
    if value in (None, ""):
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def yes(value) -> bool:
    return value is True or str(value or "").strip().lower() in YES


def games_listed() -> str:
    return ", ".join(registry.keys())


# ---- the runners: each calls one service method


async def _game_new(service: TableService, place: Place, actor: Actor, args: Args) -> Reply:
    try:
        options = parse_options(args.get("options"), actor.locale)
    except ValueError as exc:
        return refusal(str(exc))
    typed = args.get("ai")
    ai = number(typed)
    if ai is None and str(typed or "").strip():
        ai = -1   # not a number: the table refuses it with its own message
    return await service.new_game(place, actor, str(args.get("game") or ""), options,
                                  seed=args.get("seed"), ai=ai or 0, level=args.get("level"))


async def _undo(service: TableService, place: Place, actor: Actor, args: Args) -> Reply:
    return await service.undo(place, actor, yes(args.get("confirm")), number(args.get("count")) or 1)


async def _resign(service: TableService, place: Place, actor: Actor, args: Args) -> Reply:
    if yes(args.get("confirm")):
        return await service.resign(place, actor)
    refused = await service.may_resign(place, actor)
    if refused is not None:   # only a player is asked to confirm
        return refused
    return Reply(t(actor.locale, "resign_confirm"), ephemeral=True,
                 choices=[Choice(t(actor.locale, "resign_button"), "resign", "yes")])


async def _handover(service: TableService, place: Place, actor: Actor, args: Args) -> Reply:
    member = args.get("member") or None
    if member is None and not yes(args.get("confirm")):
        # giving the seat to the table is final, as resigning is: ask first
        refused = await service.may_resign(place, actor)
        if refused is not None:
            return refused
        return Reply(t(actor.locale, "handover_confirm"), ephemeral=True,
                     choices=[Choice(t(actor.locale, "handover_button"), "handover", "yes")])
    return await service.handover(place, actor, member)


async def _log(service: TableService, place: Place, actor: Actor, args: Args) -> Reply:
    if yes(args.get("since")) or str(args.get("page") or "").strip().lower() in ("since", "depuis"):
        return await service.log_since(place, actor)
    return await service.log(place, actor, number(args.get("page")))


async def _settings(service: TableService, place: Place, actor: Actor, args: Args) -> Reply:
    return await service.game_settings(place, actor, reminder=args.get("reminder"), deadline=args.get("deadline"),
                                       policy=args.get("policy"), vacation=args.get("vacation"),
                                       hints=args.get("hints"), lang=args.get("lang"), autoplay=args.get("autoplay"))


LEVELS = (Pick("easy", "easy"), Pick("normal", "normal"), Pick("hard", "hard"))
YES_PICK = (Pick("yes", "yes"),)


def game_picks() -> tuple[Pick, ...]:
    """Every registered game (Discord offers 25 choices at most)."""
    return tuple(Pick(g.key, g.name) for g in registry.all_games())[:25]


def declarations() -> list[Command]:
    """The table, in the order help lists it."""
    return [
        Command("game new", "Open a table for a game in this channel", _game_new, (
            Opt("game", f"Which game ({games_listed()})", required=True, choices_of=game_picks),
            Opt("options", "Table options as key=value pairs, e.g. mode=coop"),
            Opt("thread", "yes: run the game in its own new thread", Kind.FLAG),
            Opt("ai", "How many AI players take seats now (0-5)", Kind.INTEGER, low=0, high=5),
            Opt("level", "Their level: easy, normal (default) or hard", choices=LEVELS),
        ), opens_thread=True, example="/game new game:fire_and_stone options:starting_inventions=on"),
        Command("game addai", "Seat an AI player at this table (before the start)",
                lambda s, p, a, x: s.add_ai(p, a, x.get("level")),
                (Opt("level", "easy, normal (default) or hard", choices=LEVELS),), who=Who.SEATED),
        Command("game join", "Take a seat at the table in this channel", lambda s, p, a, x: s.join(p, a)),
        Command("game leave", "Leave the table before the game starts", lambda s, p, a, x: s.leave(p, a),
                who=Who.SEATED),
        Command("game start", "Start the game (creator or moderator)",
                lambda s, p, a, x: s.start(p, a, str(x.get("order") or "") or None),
                (Opt("order", "Seat order: join or random (default: as the game's rulebook says)",
                     choices=(Pick("join", "join order"), Pick("random", "random"))),), who=Who.CREATOR),
        Command("game status", "Whose turn it is, for how long, and the scores", lambda s, p, a, x: s.status(p, a)),
        Command("game cancel", "Cancel this channel's game (creator or Manage Channels)",
                lambda s, p, a, x: s.cancel(p, a), who=Who.MANAGER),
        Command("move", "Make your move", lambda s, p, a, x: s.move(p, a, str(x.get("move") or "")),
                (Opt("move", "Your move; autocomplete lists the legal ones", required=True, low=1, high=200,
                     complete=Complete.MOVES),), who=Who.TO_ACT, limit=MOVE, example="/move 17>18"),
        Command("play", "Choose your move by taps, and see it before it counts", lambda s, p, a, x: s.pick(p, a),
                who=Who.TO_ACT, private=True),
        Command("hint", "The AI's suggestion for your move, privately (solo tables, or where the table allows hints)",
                lambda s, p, a, x: s.hint(p, a), who=Who.TO_ACT, private=True, limit=Rule(burst=3, per=20.0, bucket="hint")),
        Command("board", "Show the board", lambda s, p, a, x: s.board(p, a, x.get("view")), (
            Opt("view", "full: the whole board (default) · area: the part the last turn changed, with an overview",
                choices=(Pick("full", "full board"), Pick("area", "area of the last turn"))),
        ), limit=RENDER),
        Command("hand", "See your private information (only you see it)", lambda s, p, a, x: s.hand(p, a),
                who=Who.SEATED, private=True),
        Command("log", "The game's history", _log, (
            Opt("page", "Page number (default: the last)", Kind.INTEGER, low=1, high=10000),
            Opt("since", "yes: only what happened since your last move", choices=YES_PICK),
        ), limit=RENDER),
        Command("undo", "Take back your last move(s) while nobody else has acted", _undo, (
            Opt("confirm", "yes to take back; without it you see what would be undone", choices=YES_PICK),
            Opt("count", "How many of your moves (default 1)", Kind.INTEGER, low=1, high=50),
        ), who=Who.MOVER, limit=MOVE),
        Command("resign", "Resign from this game", _resign,
                (Opt("confirm", "yes to resign for good", choices=YES_PICK),), who=Who.SEATED),
        Command("rules", "Short rules of a game",
                lambda s, p, a, x: s.rules(x.get("game"), a, p, x.get("topic") or None), (
                    Opt("game", "Which game (default: this channel's)", choices_of=game_picks),
                    Opt("topic", "One page: overview, turn, scoring or notation (default: all of them)",
                        low=1, high=60, complete=Complete.TOPICS),
                ), private=True, guild_only=False),
        # async play: settings, lists, export; notices, reminders, seats, replay, stats
        Command("game settings", "Reminders, deadline, vacation, hints, language, forced moves (creator or Manage Channels)",
                _settings, (
                    Opt("reminder", "Remind the waited-for player after this many hours (0: never; default 24)",
                        Kind.INTEGER, low=0, high=720),
                    Opt("deadline", "After this many hours the table acts (0: no deadline)", Kind.INTEGER, low=0, high=2160),
                    Opt("policy", "At the deadline: skip (pass), auto (the rules choose a move) or table (takes the seat)",
                        choices=(Pick("skip", "skip (pass)"), Pick("auto", "auto (the rules choose a move)"),
                                 Pick("table", "table (takes the seat)"))),
                    Opt("vacation", "Vacation days each player may take in this game (default 7)", Kind.INTEGER,
                        low=0, high=60),
                    Opt("hints", "on: anyone may ask /hint; off: nobody (default: on only when one person plays)",
                        choices=(Pick("on", "on"), Pick("off", "off"))),
                    Opt("lang", "Language of the table's public posts: en, fr, or server (default: the server's)",
                        choices=(Pick("en", "English"), Pick("fr", "Français"), Pick("server", "the server's language"))),
                    Opt("autoplay", "on (default): a player's only legal move is played by the table; off: always asked",
                        choices=(Pick("on", "on"), Pick("off", "off"))),
                ), who=Who.MANAGER, example="/game settings reminder:12 deadline:72 policy:auto"),
        Command("game list", "This server's games: whose turn, for how long",
                lambda s, p, a, x: s.game_list(p, a, number(x.get("page")) or 1),
                (Opt("page", "Page number, 25 games a page (default: the first)", Kind.INTEGER, low=1, high=10000),),
                private=True),
        Command("game mine", "Every game on this server waiting on you", lambda s, p, a, x: s.mine(p, a), private=True),
        Command("game export", "The finished game's full log as a file (hearth local --load)",
                lambda s, p, a, x: s.export(p, a), limit=RENDER),
        Command("game import", "Replay an exported game here to look at it (/board, /replay, /log)",
                lambda s, p, a, x: s.import_game(p, a, x.get("file")),
                (Opt("file", "A file made by /game export", Kind.FILE, required=True),)),
        Command("notify", "Where you hear about your turn: channel, dm, both or mute",
                lambda s, p, a, x: s.notify(a, x.get("mode")),
                (Opt("mode", "channel (default), dm, both or mute",
                     choices=tuple(Pick(m, m) for m in ("channel", "dm", "both", "mute"))),),
                private=True, guild_only=False),
        Command("remind", "Nudge the player the game is waiting for", lambda s, p, a, x: s.remind(p, a),
                who=Who.SEATED),
        Command("vacation", "Pause your clock in this game for some days (or 'end')",
                lambda s, p, a, x: s.vacation(p, a, x.get("days")),
                (Opt("days", "How many days, or end to come back early", required=True, low=1, high=10),),
                who=Who.SEATED),
        Command("handover", "Hand your seat to another member (they accept), or to the table", _handover, (
            Opt("member", "Who takes your seat (leave empty: the table plays it)", Kind.MEMBER),
            Opt("confirm", "yes: give your seat to the table without being asked", choices=YES_PICK),
        ), who=Who.SEATED),
        Command("accept", "Take the seat someone offered you in this channel's game", lambda s, p, a, x: s.accept(p, a),
                who=Who.OFFERED),
        Command("replay", "The whole game as an animation, re-simulated from the log",
                lambda s, p, a, x: s.replay(p, a, x.get("limit")), limit=Rule(burst=2, per=60.0, bucket="replay")),
        Command("stats", "Games, wins, average rank, rating and the server's leaderboard",
                lambda s, p, a, x: s.stats(p, a, x.get("player") or None, x.get("game") or None), (
                    Opt("player", "Whose stats (default: yours)", Kind.MEMBER),
                    Opt("game", "Only this game", choices_of=game_picks),
                ), limit=RENDER),
    ]


COMMANDS: dict[str, Command] = {c.name: c for c in declarations()}


def limits() -> dict[str, Rule]:
    """Command name -> its rate limit (buttons count as the command they stand for)."""
    return {c.name: c.limit for c in COMMANDS.values() if c.limit is not None}


async def run(service: TableService, place: Place, actor: Actor, name: str, args: Args) -> Reply:
    """Carry out one command. ``args`` holds option values by name (and what a front end adds:
    ``limit``, the upload limit, for /replay; ``seed`` for a local table's new game)."""
    command = COMMANDS.get(name)
    if command is None:
        return refusal(t(actor.locale, "unknown_command", name=echo(str(name))))
    return await command.run(service, place, actor, args)
