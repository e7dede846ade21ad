"""The words the Carcassonne: Hunters & Gatherers board draws that the rules do not say themselves
(see ``render/words.py``). Men, huts, the tiles left and the figure step are the rules' own
(``rules.carcassonne_hg.phrases``); zone names and `none` are notation, typed as they are."""

from __future__ import annotations

from rules.wording import phrase, phrase_n

P = "render.carcassonne_hg."

# one letter on a figure or an animal (each key below says which letter means what)
HUNTER_LETTER = phrase(f"{P}letter.hunter", "H", "one capital letter (two at most) on a hunter figure: differs from "
                                                 "the gatherer's, the fisher's and the animals' letters")
GATHERER_LETTER = phrase(f"{P}letter.gatherer", "G", "one capital letter (two at most) on a gatherer figure")
FISHER_LETTER = phrase(f"{P}letter.fisher", "F", "one capital letter (two at most) on a fisher figure")
DEER_LETTER = phrase(f"{P}letter.deer", "D", "one capital letter on a deer (the animals' letters differ)")
MAMMOTH_LETTER = phrase(f"{P}letter.mammoth", "M", "one capital letter on a mammoth")
AUROCHS_LETTER = phrase(f"{P}letter.aurochs", "A", "one capital letter on an aurochs")
TIGER_LETTER = phrase(f"{P}letter.tiger", "T", "one capital letter on a sabre-toothed tiger")
KEY_FIGURES = phrase(f"{P}key.figures", "{hunter} hunter · {gatherer} gatherer · {fisher} fisher · house: hut "
                                        "(shape and colour: the player)",
                     "hunter, gatherer, fisher: the letters on the figures (as translated above)")
KEY_ANIMALS = phrase(f"{P}key.animals", "{deer} deer · {mammoth} mammoth · {aurochs} aurochs · {tiger} tiger · "
                                        "yellow diamond: gold nugget",
                     "deer, mammoth, aurochs, tiger: the letters on the animals (as translated above)")

# the panel beside the map: the tile in hand, or the end scoring
HAND = phrase(f"{P}hand", "Tile in hand")
HAND_BONUS = phrase(f"{P}hand_bonus", "Bonus tile in hand")
HAND_HOW = phrase(f"{P}hand_how", "Tile in hand: type spot + turn, e.g. {example}",
                  "example: a spot number and a turn letter, such as 7b")
HAND_BONUS_HOW = phrase(f"{P}hand_bonus_how", "Bonus tile in hand: type spot + turn, e.g. {example}",
                        "example: a spot number and a turn letter, such as 7b")
TURN_SAME = phrase(f"{P}turn.same", "{turn} (same)", "turn: a letter a–d; this turn looks the same as another")
TURN_NO_FIT = phrase(f"{P}turn.no_fit", "{turn} (no fit)", "turn: a letter a–d; the tile fits nowhere turned so")
END_HEAD = phrase(f"{P}end.head", "Game over. End scoring (huts, hunters):")
END_LINE = phrase(f"{P}end.line", "{who}: huts +{huts}, hunters +{hunters}",
                  "a player's points from the end scoring: huts (fish), hunters (their meadows' game)")
REMOVED = phrase_n(f"{P}removed", "removed (fit nowhere): {n}", "removed (fit nowhere): {n}",
                   "n: land tiles taken out of the game because they fitted nowhere")
FRAMED = phrase(f"{P}framed", "The framed part of the whole map (/board shows it all).",
                "beside the small map of the whole game; /board is a command")

# the final score table's columns (the last is render.kit.total)
COLUMN_PLAY = phrase(f"{P}column.play", "play", "final score table: points scored during the game")
COLUMN_HUTS = phrase(f"{P}column.huts", "huts", "final score table: end scoring of huts")
COLUMN_HUNTERS = phrase(f"{P}column.hunters", "hunters", "final score table: end scoring of hunters in meadows")

# beside each name while the game runs (the final table has its own columns)
POINTS = phrase_n(f"{P}points", "{n} point", "{n} points", "a player's score so far")
