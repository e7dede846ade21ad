"""Every text Clans emits (events, refusals, move labels, the final summary), in English.

Message keys and English for the ``rules`` gettext catalogue (see :mod:`rules.wording`); the French
follows the French rulebook (hutte, village, époque, jeton bonus, échelle des points de victoire).
"""

from __future__ import annotations

from rules.wording import phrase, phrase_n

from .data import COLOURS, TERRAINS

P = "clans."

COLOUR = [phrase(f"{P}colour.{c}", c) for c in COLOURS]
TERRAIN = {t: phrase(f"{P}terrain.{t}", t) for t in TERRAINS}
EVERY_TERRAIN = phrase(f"{P}terrain.all", "every terrain")

# ---- move labels
L_MOVE = phrase_n(f"{P}label.move", "{n} hut from {src} onto {dst}", "{n} huts from {src} onto {dst}")
L_VILLAGE = phrase(f"{P}label.village", "Found {t} first")

# ---- the move picker (rules/picker.py): the questions and the options, tap by tap
ASK_FROM = phrase(f"{P}pick.ask_from", "Move the huts of which territory?")
ASK_TO = phrase_n(f"{P}pick.ask_to", "Move the {n} hut of territory {t} onto:", "Move the {n} huts of territory {t} onto:",
                  "t: the territory's number on the map")
TERRITORY = phrase_n(f"{P}pick.territory", "Territory {t} ({n} hut)", "Territory {t} ({n} huts)",
                     "t: the territory's number on the map; n: the huts on it")
ASK_VILLAGE = phrase(f"{P}pick.ask_village", "Your move founds several villages: which comes first?")
VILLAGE_FIRST = phrase_n(f"{P}pick.village_first", "Territory {t} ({n} hut) first", "Territory {t} ({n} huts) first",
                         "the village founded first; t: the territory's number; n: the huts on it")
PREVIEW_END = phrase(f"{P}pick.preview_end", "This move ends the game: the clans are revealed once it counts.")

# ---- events
MOVES = phrase_n(f"{P}event.moves", "{who} moves {n} hut from {src} onto {dst}.",
                 "{who} moves {n} huts from {src} onto {dst}.")
FOUNDS = phrase(f"{P}event.founds", "{who} founds village {number} on {t} ({terrain}, epoch {epoch}).")
BATTLE = phrase(f"{P}event.battle", "Battle: the lone huts ({colours}) are removed.")
HOSTILE = phrase_n(f"{P}event.hostile", "Hostile terrain: destroyed, {n} hut removed, no points.",
                   "Hostile terrain: destroyed, {n} huts removed, no points.")
NOBODY = phrase(f"{P}event.nobody", "No hut is left: nobody scores.")
POINTS = phrase_n(f"{P}points", "{n} point", "{n} points")
SCORES = phrase_n(f"{P}event.scores", "{n} hut = {value} for {colours}.",
                  "{n} huts = {value} for {colours}.", "value: the points (the text above)")
SCORES_BONUS = phrase_n(f"{P}event.scores_bonus", "{n} hut + {bonus} bonus = {value} for {colours}.",
                        "{n} huts + {bonus} bonus = {value} for {colours}.", "value: the points (the text above)")
VILLAGE = phrase(f"{P}event.village", "{parts}", "parts: the sentences telling a village's founding")
EPOCH_TERMS = phrase(f"{P}epoch.terms", "{favourable} +{bonus}")
EPOCH_TERMS_HOSTILE = phrase(f"{P}epoch.terms_hostile", "{favourable} +{bonus}, {hostile} hostile")
EPOCH_BEGINS = phrase(f"{P}event.epoch", "Epoch {epoch} begins.")   # its terms: the status line right under it
STUCK = phrase(f"{P}event.stuck", "No move is possible any more: the game ends.")
REVEAL_ONE = phrase(f"{P}event.reveal_one", "{who} {colour} {track} + {chips} = {total}")
REVEAL = phrase(f"{P}event.reveal", "Clans revealed (victory points + bonus tokens): {scores}.")

# ---- refusals
NOT_A_MOVE = phrase(f"{P}refuse.not_a_move", "'{typed}' is not a move: a move takes every hut of a territory to a "
                                             "neighbour, typed from>to. Legal moves include: {sample}",
                    "typed: what the player typed; sample: a few legal notations")
SEVERAL = phrase(f"{P}refuse.several", "Your move founds several villages: choose which comes first ({choices}).")
NO_TERRITORY = phrase(f"{P}refuse.no_territory", "There is no territory {t}: they are numbered 1 to {last}.")
EMPTY_SOURCE = phrase(f"{P}refuse.empty_source", "Territory {t} is empty: there are no huts to move.")
EMPTY_TARGET = phrase(f"{P}refuse.empty_target", "Territory {t} is empty: huts only move onto occupied territories.")
NOT_NEIGHBOURS = phrase(f"{P}refuse.not_neighbours",
                        "Territories {src} and {dst} are not neighbours (a lake cuts, a river does not).")
TOO_BIG = phrase_n(f"{P}refuse.too_big", "The {size} hut on {src} cannot move onto {dst}: a group of {big} or more "
                                         "only moves onto a group at least as large.",
                  "The {size} huts on {src} cannot move onto {dst}: a group of {big} or more only moves onto a group "
                  "at least as large.", count="size")

# ---- the final summary (FIN DE LA PARTIE: the victory point scale plus 1 point per bonus token)
WINNER = phrase(f"{P}result.winner", "{who} ({colour})")
WINS = phrase_n(f"{P}result.wins", "{winners} wins with {best}.", "{winners} win with {best}.",
                "n: how many share the victory; best: their points (a text above)")
SCORE_LINE = phrase_n(f"{P}result.line", "{who} ({colour}): {total} point = {track} on the victory point scale + "
                                         "{chips} for bonus tokens",
                      "{who} ({colour}): {total} points = {track} on the victory point scale + {chips} for bonus tokens",
                      count="total")
SUMMARY = phrase(f"{P}result.summary", "{wins}\n{players}")

# ---- /hand and /game status
HAND_CLAN = phrase(f"{P}hand.clan", "Your secret clan is {colour}.")
HAND_CHIPS = phrase_n(f"{P}hand.chips", "You hold {n} bonus token (1 point at the end).",
                      "You hold {n} bonus tokens (1 point each at the end).")
STATUS_OVER = phrase(f"{P}status.over", "Game over.")
STATUS_EPOCH = phrase_n(f"{P}status.epoch",
                        "Epoch {epoch}: {terms}. Villages {founded}/{total}, {n} bonus token left in this epoch.",
                        "Epoch {epoch}: {terms}. Villages {founded}/{total}, {n} bonus tokens left in this epoch.",
                        "terms: what the epoch favours and forbids")
STATUS_SCORE = phrase(f"{P}status.colour_score", "{colour} {points}")
STATUS_SCORES = phrase(f"{P}status.scores", "Colour scores: {scores}.", "scores: each colour's points on the track")
