"""The command words shared by every front end.

Discord and the local console both end in :func:`run`, with the same
command names and option names, so that a script for the local table reads
exactly like what players type in Discord.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.table import Actor, Choice, Place, Reply, TableService, refusal
from bot.table.i18n import t
from rules.core import echo


class Member:
    """Marks a parameter naming a server member: front ends pass
    ``(user id, display name, is a bot)``."""


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
        Param("options", "Table options as key=value pairs, e.g. mode=coop"),
        Param("thread", "yes: run the game in its own new thread"),
        Param("ai", "How many AI players take seats now (0-5)", kind=int),
        Param("level", "Their level: easy, normal (default) or hard"),
    )),
    "game addai": ("Seat an AI player at this table (before the start)", (
        Param("level", "easy, normal (default) or hard"),
    )),
    "game join": ("Take a seat at the table in this channel", ()),
    "game leave": ("Leave the table before the game starts", ()),
    "game start": ("Start the game (creator or moderator)", (
        Param("order", "Seat order: join or random (default: as the game's rulebook says)"),
    )),
    "game status": ("Whose turn it is, for how long, and the scores", ()),
    "game cancel": ("Cancel this channel's game (creator or Manage Channels)", ()),
    "move": ("Make your move", (Param("move", "Your move; autocomplete lists the legal ones", True),)),
    "hint": ("The AI's suggestion for your move, privately (solo tables, or where the table allows hints)", ()),
    "board": ("Show the board", (
        Param("view", "full: the whole board (default) · area: the part the last turn changed, with an overview"),
    )),
    "hand": ("See your private information (only you see it)", ()),
    "log": ("The game's history", (
        Param("page", "Page number (default: the last)", kind=int),
        Param("since", "yes: only what happened since your last move"),
    )),
    "undo": ("Take back your last move(s) while nobody else has acted", (
        Param("confirm", "yes to take back; without it you see what would be undone"),
        Param("count", "How many of your moves (default 1)", kind=int),
    )),
    "resign": ("Resign from this game", (Param("confirm", "yes to resign for good"),)),
    "rules": ("Short rules of a game", (
        Param("game", "Which game (default: this channel's)"),
        Param("topic", "One page: overview, turn, scoring or notation (default: all of them)"),
    )),
    # async play: settings, lists, export; notices, reminders, seats, replay, stats
    "game settings": ("Reminders, deadline, vacation, hints, language of the posts (creator or Manage Channels)", (
        Param("reminder", "Remind the waited-for player after this many hours (0: never; default 24)", kind=int),
        Param("deadline", "After this many hours the table acts (0: no deadline)", kind=int),
        Param("policy", "At the deadline: skip (pass), auto (the rules choose a move) or table (takes the seat)"),
        Param("vacation", "Vacation days each player may take in this game (default 7)", kind=int),
        Param("hints", "on: anyone may ask /hint; off: nobody (default: on only when one person plays)"),
        Param("lang", "Language of the table's public posts: en, fr, or server (default: the server's)"),
    )),
    "game list": ("This server's games: whose turn, for how long", (
        Param("page", "Page number, 25 games a page (default: the first)", kind=int),
    )),
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

# The French of every description above (and of the /game group's), by its English: Discord's
# translator and the local table read it.
FRENCH_DESCRIPTIONS = {
    "Tables in this channel: new, join, start, status…": "Les tables de ce salon : nouvelle, rejoindre, lancer…",
    "Open a table for a game in this channel": "Ouvrir une table de jeu dans ce salon",
    "Which game (clans, carcassonne_hg, first_sparks, fire_and_stone, neanderthal)":
        "Quel jeu (clans, carcassonne_hg, first_sparks, fire_and_stone, neanderthal)",
    "Table options as key=value pairs, e.g. mode=coop": "Options de la table en clé=valeur, par ex. mode=coop",
    "yes: run the game in its own new thread": "oui : jouer la partie dans un nouveau fil",
    "Take a seat at the table in this channel": "Prendre place à la table de ce salon",
    "The AI's suggestion for your move, privately (solo tables, or where the table allows hints)":
        "La suggestion de l'IA pour votre coup, en privé (tables solo)",
    "One page: overview, turn, scoring or notation (default: all of them)":
        "Une page : aperçu, tour, décompte ou notation (par défaut : toutes)",
    "How many AI players take seats now (0-5)": "Combien de joueurs IA s'assoient maintenant (0 à 5)",
    "Their level: easy, normal (default) or hard": "Leur niveau : facile, normal (par défaut) ou difficile",
    "Seat an AI player at this table (before the start)": "Installer un joueur IA à cette table (avant le début)",
    "easy, normal (default) or hard": "facile, normal (par défaut) ou difficile",
    "Leave the table before the game starts": "Quitter la table avant le début de la partie",
    "Start the game (creator or moderator)": "Lancer la partie (créateur ou modérateur)",
    "Seat order: join or random (default: as the game's rulebook says)":
        "Ordre des places : arrivée ou au hasard (par défaut : comme le dit la règle du jeu)",
    "Whose turn it is, for how long, and the scores": "À qui le tour, depuis quand, et les scores",
    "Cancel this channel's game (creator or Manage Channels)":
        "Annuler la partie de ce salon (créateur ou « Gérer les salons »)",
    "Make your move": "Jouer votre coup",
    "Your move; autocomplete lists the legal ones": "Votre coup ; l'autocomplétion liste les coups permis",
    "Show the board": "Afficher le plateau",
    "full: the whole board (default) · area: the part the last turn changed, with an overview":
        "full : le plateau entier (par défaut) · area : la zone du dernier tour, avec une vue d'ensemble",
    "See your private information (only you see it)": "Voir vos informations privées (vous seul les voyez)",
    "The game's history": "L'historique de la partie",
    "Page number (default: the last)": "Numéro de page (par défaut : la dernière)",
    "Page number, 25 games a page (default: the first)": "Numéro de page, 25 parties par page (par défaut : la première)",
    "yes: only what happened since your last move": "oui : seulement ce qui s'est passé depuis votre dernier coup",
    "Take back your last move(s) while nobody else has acted":
        "Reprendre votre ou vos derniers coups tant que personne n'a joué",
    "yes to take back; without it you see what would be undone": "oui pour reprendre ; sinon vous voyez ce qui serait repris",
    "How many of your moves (default 1)": "Combien de vos coups (par défaut 1)",
    "Resign from this game": "Abandonner cette partie",
    "yes to resign for good": "oui pour abandonner pour de bon",
    "Short rules of a game": "Règles courtes d'un jeu",
    "Which game (default: this channel's)": "Quel jeu (par défaut : celui de ce salon)",
    "Reminders, deadline, vacation, hints, language of the posts (creator or Manage Channels)":
        "Rappels, délai, congés, conseils, langue des messages (créateur ou « Gérer les salons »)",
    "Language of the table's public posts: en, fr, or server (default: the server's)":
        "Langue des messages publics de la table : en, fr ou server (par défaut : celle du serveur)",
    "Remind the waited-for player after this many hours (0: never; default 24)":
        "Rappeler le joueur attendu après tant d'heures (0 : jamais ; par défaut 24)",
    "After this many hours the table acts (0: no deadline)": "Après tant d'heures la table agit (0 : pas de délai)",
    "At the deadline: skip (pass), auto (the rules choose a move) or table (takes the seat)":
        "Au délai : skip (passer), auto (les règles choisissent un coup) ou table (reprend la place)",
    "Vacation days each player may take in this game (default 7)":
        "Jours de congé par joueur dans cette partie (par défaut 7)",
    "on: anyone may ask /hint; off: nobody (default: on only when one person plays)":
        "on : chacun peut demander /hint ; off : personne (par défaut : on seulement pour une personne seule)",
    "This server's games: whose turn, for how long": "Les parties du serveur : à qui le tour, depuis quand",
    "Every game on this server waiting on you": "Toutes les parties du serveur qui vous attendent",
    "The finished game's full log as a file (hearth local --load)":
        "L'historique complet de la partie terminée en fichier (hearth local --load)",
    "Where you hear about your turn: channel, dm, both or mute":
        "Où être prévenu de votre tour : salon, message privé, les deux ou silence",
    "channel (default), dm, both or mute": "channel (par défaut), dm, both ou mute",
    "Nudge the player the game is waiting for": "Relancer le joueur que la partie attend",
    "Pause your clock in this game for some days (or 'end')":
        "Mettre votre horloge en pause quelques jours (ou « end »)",
    "How many days, or end to come back early": "Combien de jours, ou end pour revenir plus tôt",
    "Hand your seat to another member (they accept), or to the table":
        "Céder votre place à un autre membre (qui accepte), ou à la table",
    "Who takes your seat (leave empty: the table plays it)": "Qui prend votre place (vide : la table la joue)",
    "Take the seat someone offered you in this channel's game": "Prendre la place qu'on vous propose dans ce salon",
    "The whole game as an animation, re-simulated from the log": "Toute la partie en animation, rejouée depuis l'historique",
    "Games, wins, average rank, rating and the server's leaderboard":
        "Parties, victoires, rang moyen, cote et classement du serveur",
    "Whose stats (default: yours)": "Les statistiques de qui (par défaut : les vôtres)",
    "Only this game": "Seulement ce jeu",
    "Replay an exported game here to look at it (/board, /replay, /log)":
        "Rejouer ici une partie exportée pour la regarder (/board, /replay, /log)",
    "A file made by /game export": "Un fichier créé par /game export",
}


def described(text: str, locale: str | None) -> str:
    """A command's or an option's description in the reader's language (English when there is none)."""
    return FRENCH_DESCRIPTIONS.get(text, text) if (locale or "").lower().startswith("fr") else text


YES = {"yes", "y", "oui", "o", "true", "1", "confirm"}


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


async def run(service: TableService, place: Place, actor: Actor, name: str, args: dict) -> Reply:
    """Carry out one command. ``args`` holds option values by name."""
    loc = actor.locale
    handled = await _run_async_play(service, place, actor, name, args)
    if handled is not None:
        return handled
    if name == "game new":
        try:
            options = parse_options(args.get("options"), loc)
        except ValueError as exc:
            return refusal(str(exc))
        return await service.new_game(place, actor, str(args.get("game") or ""), options,
                                      ai=_int(args.get("ai")) or 0, level=args.get("level"))
    if name == "game addai":
        return await service.add_ai(place, actor, args.get("level"))
    if name == "game join":
        return await service.join(place, actor)
    if name == "game leave":
        return await service.leave(place, actor)
    if name == "game start":
        return await service.start(place, actor, str(args.get("order") or "") or None)
    if name == "game status":
        return await service.status(place, actor)
    if name == "game cancel":
        return await service.cancel(place, actor)
    if name == "move":
        return await service.move(place, actor, str(args.get("move") or ""))
    if name == "board":
        return await service.board(place, actor, args.get("view"))
    if name == "hint":
        return await service.hint(place, actor)
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
            return Reply(t(loc, "resign_confirm"), ephemeral=True,
                         choices=[Choice(t(loc, "resign_button"), "resign", "yes")])
        return await service.resign(place, actor)
    if name == "rules":
        return await service.rules(args.get("game"), actor, place, args.get("topic") or None)
    return refusal(t(loc, "unknown_command", name=echo(str(name))))


def _int(value) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        return None


async def _run_async_play(service: TableService, place: Place, actor: Actor, name: str, args: dict) -> Reply | None:
    """Carry out an async-play command; None if ``name`` is not one."""
    if name == "game settings":
        return await service.game_settings(place, actor, reminder=args.get("reminder"), deadline=args.get("deadline"),
                                           policy=args.get("policy"), vacation=args.get("vacation"),
                                           hints=args.get("hints"), lang=args.get("lang"))
    if name == "game list":
        return await service.game_list(place, actor, _int(args.get("page")) or 1)
    if name == "game mine":
        return await service.mine(place, actor)
    if name == "game export":
        return await service.export(place, actor)
    if name == "game import":
        return await service.import_game(place, actor, args.get("file"))
    if name == "notify":
        return await service.notify(actor, args.get("mode"))
    if name == "remind":
        return await service.remind(place, actor)
    if name == "vacation":
        return await service.vacation(place, actor, args.get("days"))
    if name == "handover":
        return await service.handover(place, actor, args.get("member") or None)
    if name == "accept":
        return await service.accept(place, actor)
    if name == "replay":
        return await service.replay(place, actor, args.get("limit"))
    if name == "stats":
        return await service.stats(place, actor, args.get("player") or None, args.get("game") or None)
    if name == "log" and (str(args.get("since") or "").strip().lower() in YES
                          or str(args.get("page") or "").strip().lower() in ("since", "depuis")):
        return await service.log_since(place, actor)
    return None
