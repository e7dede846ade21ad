"""French for the slash-command tree: discord.py's ``app_commands.Translator``
gives Discord the French names and descriptions, which French-speaking
players then see in their client. Strings are looked up by their English
text (every name and description is a ``locale_str``)."""

from __future__ import annotations

import hashlib
import json

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

# names by where they appear: a command, a group, a parameter
COMMAND_NAMES = {
    "new": "nouvelle", "join": "rejoindre", "leave": "quitter", "start": "lancer", "status": "état",
    "cancel": "annuler", "move": "jouer", "board": "plateau", "hand": "main", "log": "historique",
    "undo": "reprendre", "resign": "abandonner", "rules": "règles", "settings": "réglages", "list": "liste",
    "mine": "miennes", "export": "exporter", "notify": "avis", "remind": "relancer", "vacation": "congés",
    "handover": "céder", "accept": "accepter", "addai": "ajouter-ia", "hint": "conseil", "replay": "rejeu", "stats": "stats", "import": "importer",
}
GROUP_NAMES = {"game": "partie"}
PARAMETER_NAMES = {
    "game": "jeu", "options": "options", "thread": "fil", "order": "ordre", "move": "coup", "page": "page",
    "since": "depuis", "confirm": "confirmer", "count": "nombre", "reminder": "rappel", "deadline": "délai",
    "policy": "règle", "vacation": "congés", "hints": "conseils", "lang": "langue", "mode": "mode", "days": "jours", "member": "membre",
    "player": "joueur", "file": "fichier", "ai": "ia", "level": "niveau", "topic": "sujet", "view": "vue",
}
CHOICE_NAMES = {"easy": "facile", "normal": "normal", "hard": "difficile","join order": "ordre d'arrivée", "random": "au hasard", "yes": "oui", "channel": "dans le salon",
                "dm": "en message privé", "both": "les deux", "mute": "silence",
                "skip (pass)": "passer le tour", "auto (the rules choose a move)": "coup choisi par les règles",
                "table (takes the seat)": "la table reprend la place",
                "full board": "plateau entier", "area of the last turn": "zone du dernier tour",
                "the server's language": "langue du serveur"}

DESCRIPTIONS = {
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

FRENCH = (discord.Locale.french,)


class HearthTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context) -> str | None:
        if locale not in FRENCH:
            return None
        return french(string.message, context.location)


def french(text: str, where: Where) -> str | None:
    if where is Where.command_name:
        return COMMAND_NAMES.get(text)
    if where is Where.group_name:
        return GROUP_NAMES.get(text)
    if where is Where.parameter_name:
        return PARAMETER_NAMES.get(text)
    if where is Where.choice_name:
        return CHOICE_NAMES.get(text)
    if where in (Where.command_description, Where.group_description, Where.parameter_description):
        found = DESCRIPTIONS.get(text)
        return found[:100] if found else None
    return None


def translations_digest() -> str:
    """Part of the command payload's hash: a new translation means a new sync."""
    blob = json.dumps([COMMAND_NAMES, GROUP_NAMES, PARAMETER_NAMES, CHOICE_NAMES, DESCRIPTIONS], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]
