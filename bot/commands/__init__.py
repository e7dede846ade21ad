"""The command words shared by every front end: one declaration per command
(:mod:`bot.commands.table`), what a declaration is made of (:mod:`bot.commands.declare`), and
:func:`run`, where Discord and the local table both end, with the same names and options, so
that a script for the local table reads exactly like what players type in Discord."""

from bot.commands.declare import Command, Complete, Kind, Opt, Pick, Rule, Who
from bot.commands.table import COMMANDS, GROUPS, YES, limits, number, parse_options, run, yes

__all__ = ["COMMANDS", "GROUPS", "YES", "Command", "Complete", "Kind", "Opt", "Pick", "Rule", "Who", "limits",
           "number", "parse_options", "run", "yes"]
