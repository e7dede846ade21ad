"""Every text Carcassonne: Hunters & Gatherers emits (events, refusals, move labels, the final summary).

Message keys and English for the ``rules`` gettext catalogue (see :mod:`rules.wording`); the French
follows the French rulebook (tuile paysage, tuile bonus, tronçon de rivière, portion de forêt,
prairie, réseau fluvial, pépite d'or, chasseur, cueilleur, pêcheur, hutte). Zone codes (``nw``,
``nsw``, ``lake ns``) are notation: typed as they are in every language and taught by ``/rules``
(``text.py``); a sentence names the zone in words instead (``ZONE``: "the north-west meadow",
« la prairie nord-ouest »), so it reads in the reader's language.
"""

from __future__ import annotations

from rules.wording import phrase, phrase_n

P = "carcassonne_hg."

# ---- terms: the edges and contents of a tile (its description)
EDGE = {"F": phrase(f"{P}edge.forest", "forest"), "M": phrase(f"{P}edge.meadow", "meadow"),
        "R": phrase(f"{P}edge.river", "river")}
LAKE_FISH = phrase_n(f"{P}tile.lake", "lake with {n} fish", "lake with {n} fish")
SPRING = phrase(f"{P}tile.spring", "spring")
NUGGET = phrase(f"{P}tile.nugget", "gold nugget")
MUSHROOMS = phrase(f"{P}tile.mushrooms", "mushroom clearing")
FIRE = phrase(f"{P}tile.fire", "fire")
SHRINE = phrase(f"{P}tile.shrine", "shrine")
ANIMAL = {"deer": phrase_n(f"{P}tile.deer", "{n} deer", "{n} deer"),
          "mammoth": phrase_n(f"{P}tile.mammoth", "{n} mammoth", "{n} mammoths"),
          "aurochs": phrase_n(f"{P}tile.aurochs", "{n} aurochs", "{n} aurochs"),
          "tiger": phrase_n(f"{P}tile.tiger", "{n} sabre-toothed tiger", "{n} sabre-toothed tigers")}
TILE = phrase(f"{P}tile.plain", "{n}/{e}/{s}/{w} tile", "n, e, s, w: the kind of each edge, clockwise from north")
TILE_WITH = phrase(f"{P}tile.with", "{n}/{e}/{s}/{w} tile ({contents})",
                   "n, e, s, w: the kind of each edge, clockwise from north; contents: what is on the tile")

# ---- where a tile lies: squares east/west and north/south of the start tile (it never moves)
EAST = phrase_n(f"{P}where.east", "{n} square east", "{n} squares east")
WEST = phrase_n(f"{P}where.west", "{n} square west", "{n} squares west")
NORTH = phrase_n(f"{P}where.north", "{n} square north", "{n} squares north")
SOUTH = phrase_n(f"{P}where.south", "{n} square south", "{n} squares south")

# ---- zones in words (text.zone_words): the notation's code (`nw`, `ns`, `lake ns`) as a reader says it.
# Compass words are adjectives after the noun ("the north-west meadow", « la prairie nord-ouest »).
COMPASS = {"n": phrase(f"{P}compass.n", "north"), "e": phrase(f"{P}compass.e", "east"),
           "s": phrase(f"{P}compass.s", "south"), "w": phrase(f"{P}compass.w", "west"),
           "ne": phrase(f"{P}compass.ne", "north-east"), "se": phrase(f"{P}compass.se", "south-east"),
           "sw": phrase(f"{P}compass.sw", "south-west"), "nw": phrase(f"{P}compass.nw", "north-west"),
           "ns": phrase(f"{P}compass.ns", "north–south", "a river or forest crossing the tile from north to south"),
           "ew": phrase(f"{P}compass.ew", "east–west", "a river or forest crossing the tile from east to west")}
ZONE = {"meadow": phrase(f"{P}zone.meadow", "the {where} meadow", "where: a compass word, e.g. north-west"),
        "forest": phrase(f"{P}zone.forest", "the {where} forest",
                         "where: compass words, e.g. north-east, or north, south and west (the sides it reaches)"),
        "river": phrase(f"{P}zone.river", "the {where} river",
                        "where: compass words, e.g. north–south (the sides it reaches)")}
LAKE = phrase(f"{P}zone.lake", "the lake")
LAKE_FED = phrase_n(f"{P}zone.lake_fed", "the lake of the {where} river", "the lake of the {where} rivers",
                    "a tile with two lakes: the lake the rivers on those sides run into; where: compass words")
ZONE_NTH = phrase(f"{P}zone.nth", "{zone} (no. {k})",
                  "two zones of one kind with the same name on a tile; zone: e.g. the north meadow; k: 1 or 2")

# ---- move labels: the figure and where it goes (the zone in words; the code typed is `hunter nw`)
L_PLACE = phrase(f"{P}label.place", "spot {spot} ({where}), turned {turn} ({degrees}°)",
                 "spot: the number on the board; where: squares from the start tile; turn: a, b, c or d")
L_FIGURE = {"hunter": phrase(f"{P}label.hunter_in", "hunter in {zone}", "zone: e.g. the north-west meadow"),
            "gatherer": phrase(f"{P}label.gatherer_in", "gatherer in {zone}", "zone: e.g. the north forest"),
            "fisher": phrase(f"{P}label.fisher_on", "fisher on {zone}", "zone: e.g. the north–south river"),
            "hut": phrase(f"{P}label.hut_on", "hut on {zone}", "zone: a river (the east river) or a lake (the lake)")}
L_NONE = phrase(f"{P}label.none", "no figure")
L_THEN = phrase(f"{P}label.then", "{first}, then {second}", "a placement and the figure step in one command")

# ---- the move picker (rules/picker.py): the questions and the options, tap by tap
ASK_SPOT = phrase(f"{P}pick.ask_spot", "Where does the tile go? (the spots are numbered on the board)")
SPOT = phrase(f"{P}pick.spot", "Spot {spot} ({where})",
              "spot: the number on the board; where: squares from the start tile")
ASK_TURN = phrase(f"{P}pick.ask_turn", "Spot {spot}: how is the tile turned? (a–d, as drawn under the map)",
                  "spot: the number on the board; a–d: the tile's four turns, drawn under the map")
TURN = phrase(f"{P}pick.turn", "Turned {turn} ({degrees}°)", "turn: a, b, c or d; degrees: clockwise")
ASK_FIGURE = phrase(f"{P}pick.ask_figure", "Put a figure on the tile just placed?")
FIGURE_OPTION = phrase(f"{P}pick.figure", "{figure} (`{code}`)",
                      "figure: e.g. hunter in the north-west meadow; code: what is typed, e.g. hunter nw (keep it)")
NEXT_TILE_LATER = phrase(f"{P}pick.next_tile_later", "The next tile is drawn once your move counts.")
BONUS_TILE_LATER = phrase(f"{P}pick.bonus_tile_later", "Your bonus tile is drawn once your move counts.")

# ---- events
DRAWS = phrase(f"{P}event.draws", "{who} draws the tile: {tile}.")
DRAWS_BONUS = phrase(f"{P}event.draws_bonus", "{who} draws the bonus tile: {tile}.")
FITS_NOWHERE = phrase(f"{P}event.fits_nowhere", "The drawn tile fits nowhere and is removed from the game: {tile}.")
PLACES = phrase(f"{P}event.places", "{who} places the tile {where} of the start tile (framed in gold).",
                "where: squares east/west and north/south of the start tile")
PLACES_BONUS = phrase(f"{P}event.places_bonus", "{who} places the bonus tile {where} of the start tile "
                                                "(framed in gold).")
PUTS_IN = {"hunter": phrase(f"{P}event.puts_hunter_in", "{who} puts a hunter in {zone}.",
                           "zone: e.g. the north-west meadow"),
           "gatherer": phrase(f"{P}event.puts_gatherer_in", "{who} puts a gatherer in {zone}.",
                              "zone: e.g. the north forest"),
           "fisher": phrase(f"{P}event.puts_fisher_on", "{who} puts a fisher on {zone}.",
                            "zone: e.g. the north–south river"),
           "hut": phrase(f"{P}event.puts_hut_on", "{who} builds a hut on {zone}.",
                         "zone: a river (the east river) or a lake (the lake)")}
# What a log stored before zones were named in words says (a log keeps each event's key and
# parameters, the zone as its code): kept so that such a log still reads as it did.
PUTS_OLD = {"hunter": phrase(f"{P}event.puts_hunter", "{who} puts a hunter in the meadow {zone}."),
            "gatherer": phrase(f"{P}event.puts_gatherer", "{who} puts a gatherer in the forest {zone}."),
            "fisher": phrase(f"{P}event.puts_fisher", "{who} puts a fisher on the river {zone}."),
            "hut": phrase(f"{P}event.puts_hut", "{who} builds a hut on the river {zone}.")}
PUTS_HUT_LAKE_OLD = phrase(f"{P}event.puts_hut_lake", "{who} builds a hut on the lake.")
PUTS_HUT_LAKE_AT_OLD = phrase(f"{P}event.puts_hut_lake_at", "{who} builds a hut on the lake {zone}.",
                              "a tile with two lakes: zone `ns` is the lake the rivers from n and s run into")
SCORES = phrase_n(f"{P}event.scores", "{who} scores {n} point for {what}.", "{who} scores {n} points for {what}.",
                  "n: points; what: the feature scored")
SCORE_EACH = phrase_n(f"{P}event.score_each", "{who} score {n} point each for {what}.", "{who} score {n} points each for {what}.",
                      "who: the tied players; n: points each; what: the feature scored")
PARTS_FOREST = phrase_n(f"{P}count.forest_parts", "{n} part", "{n} parts", "portions de forêt")
PARTS_RIVER = phrase_n(f"{P}count.river_parts", "{n} part", "{n} parts", "tronçons de rivière")
FISH = phrase_n(f"{P}count.fish", "{n} fish", "{n} fish")
CLEARINGS = phrase_n(f"{P}count.clearings", "{n} mushroom clearing", "{n} mushroom clearings")
FOREST_DONE = phrase(f"{P}feature.forest", "a completed forest ({parts})")
FOREST_DONE_MUSHROOMS = phrase(f"{P}feature.forest_mushrooms", "a completed forest ({parts}, {clearings})")
RIVER_DONE = phrase(f"{P}feature.river", "a completed river ({parts}, {fish})")
HUT_SYSTEM = phrase(f"{P}feature.huts", "huts on a river system with {fish}")
MEADOW = phrase(f"{P}feature.meadow", "a meadow: {game}", "game: the animals counted, one after the other")
DEER_EATEN = phrase_n(f"{P}count.deer_eaten", "{deer} ({n} eaten by tigers)", "{deer} ({n} eaten by tigers)",
                      "deer: the deer left; n: the deer the sabre-toothed tigers ate")
TIGERS_FLED = phrase(f"{P}meadow.fire", "tigers fled the fire")
SHRINE_ALONE = phrase(f"{P}meadow.shrine", "shrine hunter scores alone")
NUGGET_BONUS = phrase(f"{P}event.nugget", "The forest had a gold nugget: {who} draws a bonus tile.")
NUGGET_NONE = phrase(f"{P}event.nugget_none", "The forest had a gold nugget, but the bonus tiles are all used.")
LAST_TILE = phrase(f"{P}event.last_tile", "The last land tile is placed: final scoring.")
GO_HOME = phrase_n(f"{P}event.go_home", "{n} gatherer or fisher in an unfinished feature goes home without points.",
                   "{n} gatherers and fishers in unfinished features go home without points.")

# ---- refusals
R_NO_FIGURE_THERE = phrase(f"{P}refuse.no_figure_there", "No figure can go on the tile there (occupied features "
                                                         "or empty supply); play `{first}` alone.")
R_NOT_FIT = phrase(f"{P}refuse.not_fit", "The tile does not fit there.")
R_TYPE_SPOT = phrase(f"{P}refuse.type_spot", "'{typed}' is not a placement: to place the tile, type a spot number "
                                             "and a turn, like {examples} (spots are numbered on the board).",
                     "typed: what the player typed; examples: a few legal placements, typed as they are")
R_NO_SPOT = phrase(f"{P}refuse.no_spot", "There is no spot {k}: the legal spots are 1–{last}, numbered on the board.")
R_SAY_TURN = phrase(f"{P}refuse.say_turn", "Say how to turn the tile at spot {k}: {options}.")
R_NO_TURN = phrase(f"{P}refuse.no_turn", "The tile does not fit at spot {k} turned {turn}; it fits as {options}.")
R_FIGURE_NOT_THERE = phrase(f"{P}refuse.figure_not_there", "That figure cannot go there.")
R_CHOOSE = phrase(f"{P}refuse.choose", "Choose a figure for the tile just placed: {choices}.")
R_NO_HUT = phrase(f"{P}refuse.no_hut", "You have no hut left: both are on the map, and huts never come back.")
R_NO_MAN = phrase_n(f"{P}refuse.no_man", "You have no man left in your supply: your {n} man is out on the map.",
                    "You have no man left in your supply: your {n} men are out on the map.")
R_CAME_HOME = phrase_n(f"{P}refuse.came_home",
                       "{n} of your men came home this turn: it can only be placed again next turn, and you have "
                       "no other in your supply.",
                       "{n} of your men came home this turn: they can only be placed again next turn, and you "
                       "have no other in your supply.")
R_TAKEN = {"hunter": phrase(f"{P}refuse.taken_hunter_in", "You cannot put a hunter in {zone}: that meadow "
                                                          "already holds a hunter. Legal: {choices}.",
                            "zone: e.g. the north-west meadow; choices: the codes a player may type"),
           "gatherer": phrase(f"{P}refuse.taken_gatherer_in", "You cannot put a gatherer in {zone}: that forest "
                                                              "already holds a gatherer. Legal: {choices}.",
                              "zone: e.g. the north forest; choices: the codes a player may type"),
           "fisher": phrase(f"{P}refuse.taken_fisher_on", "You cannot put a fisher on {zone}: that river already "
                                                          "holds a fisher. Legal: {choices}.",
                            "zone: e.g. the north–south river; choices: the codes a player may type"),
           "hut": phrase(f"{P}refuse.taken_hut_on", "You cannot build a hut on {zone}: that river system already "
                                                    "has a hut. Legal: {choices}.",
                         "zone: a river or a lake; choices: the codes a player may type")}
A_ROLE = {"hunter": phrase(f"{P}role.a_hunter", "a hunter"), "gatherer": phrase(f"{P}role.a_gatherer", "a gatherer"),
          "fisher": phrase(f"{P}role.a_fisher", "a fisher"), "hut": phrase(f"{P}role.a_hut", "a hut")}
R_NO_PLACE = phrase(f"{P}refuse.no_place", "There is no place for {role} called '{typed}' on this tile. "
                                           "Legal: {choices}.", "role: a hunter, a gatherer, a fisher or a hut")

# ---- the final summary (« Décompte final »: forests and rivers scored during play, then huts and hunters)
POINTS = phrase_n(f"{P}points", "{n} point", "{n} points")
WINS = phrase_n(f"{P}result.wins", "{winners} wins with {best}.", "{winners} win with {best}.",
                "n: how many share the victory; best: their points (a text above)")
SCORE_LINE = phrase_n(f"{P}result.line", "{who}: {total} point = {forests} for forests + {rivers} for rivers + "
                                         "{huts} for huts + {hunters} for hunters",
                      "{who}: {total} points = {forests} for forests + {rivers} for rivers + {huts} for huts + "
                      "{hunters} for hunters", count="total")
SCORE_LINE_OLD = phrase_n(f"{P}result.line_old", "{who}: {total} point = {during} for forests and rivers + "
                                                 "{huts} for huts + {hunters} for hunters",
                          "{who}: {total} points = {during} for forests and rivers + {huts} for huts + "
                          "{hunters} for hunters",
                          "a game stored before forests and rivers were counted apart", count="total")
SUMMARY = phrase(f"{P}result.summary", "{wins}\n{players}")

# ---- /game status and /hand
STATUS_LEFT = phrase(f"{P}status.left", "Land tiles left: {land} · bonus tiles: {bonus}")
STATUS_OVER = phrase(f"{P}status.over", "Game over.")
STATUS_PLACE = phrase(f"{P}status.place", "Now: place the drawn tile: {tile}.")
STATUS_PLACE_BONUS = phrase(f"{P}status.place_bonus", "Now: place the drawn bonus tile: {tile}.")
STATUS_FIGURE = phrase(f"{P}status.figure", "Now: place a figure on the tile just placed, or `none`.")
HAND_NOTHING_HIDDEN = phrase(f"{P}hand.nothing_hidden",
                             "Nothing is hidden in this game: the drawn tile is shown to everyone.")
HAND_SUPPLY = phrase(f"{P}hand.supply", "Your supply: {men}, {huts}.")
MEN = phrase_n(f"{P}hand.men", "{n} man", "{n} men")
HUTS = phrase_n(f"{P}hand.huts", "{n} hut", "{n} huts")
