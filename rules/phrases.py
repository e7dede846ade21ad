"""Texts of the rules contract itself (rules/core.py): refusals every game shares.

Declared with :func:`rules.wording.phrase`; translations in ``bot/locale/<lang>/LC_MESSAGES/rules.po``.
"""

from __future__ import annotations

from rules.wording import phrase, phrase_n

NOT_YOUR_TURN = phrase("core.not_your_turn", "It is not your turn.")
TYPE_A_MOVE = phrase("core.type_a_move", "Type a move (autocomplete lists the legal ones).")
NOT_LEGAL = phrase("core.not_legal", "'{typed}' is not a legal move now. Legal moves include: {sample}",
                   "typed: what the player typed; sample: a few legal notations")
NOT_LEGAL_NOW = phrase("core.not_legal_now", "That move is not legal now.")
NO_LEGAL_MOVE = phrase("core.no_legal_move", "No legal move.")
NO_PRIVATE = phrase("core.no_private", "You hold no private information in this game.")
PLAYER_RANGE = phrase_n("core.player_range", "This game is for {low} to {high} player, not {given}.",
                        "This game is for {low} to {high} players, not {given}.", count="high")
NO_SUCH_OPTION = phrase("core.no_such_option", "This game has no option '{typed}' (its options: {names}).",
                        "typed: what the player typed; names: the option keys, typed as they are")
NO_OPTIONS = phrase("core.no_options", "This game has no options (you typed '{typed}').")
BAD_OPTION_VALUE = phrase("core.bad_option_value", "Option {option} is one of {choices}.",
                          "option, choices: keys and values typed as they are (not translated)")
BY_RESIGNATION = phrase("core.by_resignation", "The game ended by resignation.")
PICK_MOVE = phrase("core.pick_move", "Your move:")
PREVIEW_HIDDEN = phrase("core.preview_hidden", "This move draws or reveals something: you will see what once it counts.")
FORCED = phrase("core.forced", "{who} has only one move, which the table plays: {move}.",
                "who: a player's name; move: the move in words")
