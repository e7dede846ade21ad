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

from bot.commands import FRENCH_DESCRIPTIONS

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

DESCRIPTIONS = FRENCH_DESCRIPTIONS   # the command words' French, shared with the local table

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
