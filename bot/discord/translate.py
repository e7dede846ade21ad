"""The slash-command tree in other languages: discord.py's ``app_commands.Translator`` gives
Discord each command's, option's and choice's name and description in French (players see them
in their client's language). The texts come from the ``commands`` catalogue
(``bot/locale/<lang>/LC_MESSAGES/commands.po``), written from the declarations: descriptions and
choices carry their catalogue key (``locale_str(…, key=…)``); names are looked up by the name."""

from __future__ import annotations

import hashlib

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.commands.catalogue import texts
from bot.commands.declare import COMMANDS_DOMAIN, key, said
from bot.table.i18n import LOCALE_DIR, languages

# Discord's locales for each language we have a catalogue for
LOCALES = {discord.Locale.french: "fr"}


class HearthTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context) -> str | None:
        lang = LOCALES.get(locale)
        if lang is None or lang not in languages():
            return None
        return translated(lang, string.message, context.location, string.extras.get("key"))


def translated(lang: str, text: str, where: Where, context: str | None = None) -> str | None:
    """A name or description of the tree in ``lang``; None where the catalogue has none."""
    if where in (Where.command_name, Where.group_name):
        context = key("name", text)
    elif where is Where.parameter_name:
        context = key("option", text)
    if context is None:
        return None
    found = said(lang, context, text)
    return found[:100] if found else None


def french(text: str, where: Where) -> str | None:
    """The French of an English name or text of the tree, found by its words (tests and tools;
    the tree itself asks by key)."""
    if where in (Where.command_name, Where.group_name, Where.parameter_name):
        return translated("fr", text, where)
    prefix = {Where.choice_name: "choice."}.get(where, "")
    for context, english in texts().items():
        if english == text and context.startswith(prefix or ("cmd.", "group.")):
            return translated("fr", text, where, context)
    return None


def translations_digest() -> str:
    """Part of the command payload's hash: a new translation means a new sync."""
    digest = hashlib.sha256()
    for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{COMMANDS_DOMAIN}.po")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
