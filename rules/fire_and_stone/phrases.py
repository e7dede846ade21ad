"""Every text Fire & Stone emits (events, refusals, move labels, the final summary), in English.

Each is a message key (the catalogue's ``msgctxt``) and its English (the ``msgid``); the bot renders
them in the reader's language from ``bot/locale/<lang>/LC_MESSAGES/rules.po`` (see
:mod:`rules.wording`). ``{who}`` is a seat (the bot puts the player's name in). French wording
follows the French rulebook (tuile Cueillette, tuile Gibier, sac, nourriture, hutte, PV…).
"""

from __future__ import annotations

from rules.wording import Said, phrase, phrase_n

from .data import ALL_INV, CAVES, GAME_TILES, KIND_EN, OBJECTIVES

P = "fire_and_stone."

# ---- terms: words passed as parameters
KIND = {kind: phrase(f"{P}kind.{kind}", english) for kind, english in KIND_EN.items()}
INVENTION = {i: phrase(f"{P}invention.{i}", card["en"]) for i, card in ALL_INV.items()}
INVENTION_TEXT = {i: phrase(f"{P}invention_text.{i}", card["text"]) for i, card in ALL_INV.items()}
CAVE = {i: phrase(f"{P}cave.{i}", card["en"]) for i, card in CAVES.items()}
CAVE_TEXT = {i: phrase(f"{P}cave_text.{i}", card["text"]) for i, card in CAVES.items()}
OBJECTIVE = {i: phrase(f"{P}objective.{i}", card["en"]) for i, card in OBJECTIVES.items()}

# what lies on a territory (move labels)
FACE_DOWN = phrase(f"{P}place.face_down", "face-down tile")
FOREST_WITH = phrase_n(f"{P}place.forest", "forest ({n} game tile)", "forest ({n} game tiles)")
VILLAGE_WITH = phrase_n(f"{P}place.village", "village ({n} hut)", "village ({n} huts)")
FOOD_ICON = phrase(f"{P}place.food_icon", "food icon")

# a game tile: what cooking it gives
TILE_FOOD = phrase(f"{P}game_tile.food", "{food} food")
TILE_BAGS_FOOD = phrase_n(f"{P}game_tile.bags_food", "{n} bag + {food} food", "{n} bags + {food} food")
NUMBERED = phrase(f"{P}numbered", "{i}) {what}", "i: a position in a list; what: the item")

# ---- move labels
L_MOVE = phrase(f"{P}label.move", "Move to {t} (region {region}): {what}")
L_MOVE_FROM = phrase(f"{P}label.move_from", "Explorer at {origin} to {t} (region {region}): {what}",
                     "the turn's first move, by either explorer: origin, the territory it stands on")
L_DRAFT = phrase(f"{P}label.card", "{name}: {text}", "an invention card: its name and effect")
L_FOREST_TAKE = phrase(f"{P}label.forest_take", "Take game tile {i} (see /hand)")
L_FOREST_DONE = phrase(f"{P}label.forest_done", "Take nothing more")
L_POT = phrase(f"{P}label.pot", "Put your game tile {i} in the pot")
L_COOK = phrase_n(f"{P}label.cook", "Cook the {n} tile in the pot", "Cook the {n} tiles in the pot")
L_COOK_NOTHING = phrase(f"{P}label.cook_nothing", "Cook nothing")
L_TRACK_HOLDS = phrase(f"{P}label.track_holds", "{kind} {level}/3")
L_TRACK_EMPTY = phrase(f"{P}label.track_empty", "empty")
L_TAKE = phrase(f"{P}label.take", "Take the {kind} onto track {i} ({holds})")
L_EMPTY_TAKE = phrase(f"{P}label.empty_take", "Empty track {i} ({old}) and take the {kind}")
L_LEAVE = phrase(f"{P}label.leave", "Leave it: {food} food")
L_VP_CARD = phrase(f"{P}label.vp_card", "VP card ({value}) covering {name}")
L_BUILD_EDEN = phrase(f"{P}label.build_eden", "Build a hut and gain {food} food")
L_BUILD = phrase(f"{P}label.build", "Build a hut for {food} food")
L_NO_BUILD = phrase(f"{P}label.no_build", "Do not build")
L_FIRE = phrase(f"{P}label.fire", "Explorer to the fire at {t}")
L_STAY = phrase(f"{P}label.stay", "Explorer stays in the village")
BUY_VP = phrase(f"{P}buy.vp", "1 VP")
BUY_BAG = phrase(f"{P}buy.bag", "1 bag")
L_BUY = phrase(f"{P}label.buy", "Pay {cost} food for {what}")
L_BUY_MARKER = phrase(f"{P}label.buy_marker", "Pay {cost} food for {what} (your marker goes on the cave)")
L_NO_BUY = phrase(f"{P}label.no_buy", "Do not buy")

# ---- refusals
# the decision a seat is at (the rulebook's steps and tile actions), named in a refusal
STEP = {k: phrase(f"{P}step.{k}", english) for k, english in {
    "draft": "choosing a starting invention", "move": "moving an explorer",
    "forest": "forest: taking a game tile", "cook": "fire: choosing the game tiles to cook",
    "gather": "gathering tile: taking or leaving it", "card": "taking an invention or VP card",
    "build": "village: building a hut", "fire": "sending an explorer to a fire",
    "buy": "cave: buying"}.items()}
NOT_LEGAL = phrase(f"{P}refuse.not_legal", "'{typed}' is not a legal move now ({step}). Legal moves include: {sample}",
                   "typed: what the player typed; step: what the player is deciding; sample: a few legal notations")
NO_TERRITORY = phrase(f"{P}refuse.no_territory", "There is no territory {t} (1–{last}).")
REGION_CLOSED = phrase(f"{P}refuse.region_closed",
                       "Region {region} is closed until hut tile {need} is on the hut track (now {track}).")
OUT_OF_REACH = phrase(f"{P}refuse.out_of_reach", "Territory {t} is out of reach of this explorer this move.")

# ---- events
MOVES = phrase(f"{P}event.moves", "{who} moves an explorer from {origin} to {t}.")
REVEALS = phrase(f"{P}event.reveals", "{who} reveals a tile at {t}: {kind}.")
FIRE_VP = phrase(f"{P}event.fire_vp", "{who} scores 1 VP for the fire.")
CACHE = phrase(f"{P}event.cache", "{who} finds 1 bag and 1 food.")
CAVE_IS = phrase(f"{P}event.cave_is", "The cave card is {name}. {text}")
MARKER_USED = phrase(f"{P}event.marker_used", "{who}'s marker is already on the cave card: no cave action.")
CAVE_FOOD = phrase(f"{P}event.cave_food", "{who} gains {food} food in the cave.")
CAVE_FOOD_NONE = phrase(f"{P}event.cave_food_none", "{who} gains no food in the cave: every bag is full.")
GATHERS = phrase(f"{P}event.gathers", "{who} gathers {food} food.")
# GAGNER DE LA NOURRITURE: food only fits in a free bag, the rest is lost
GATHERS_NONE = phrase(f"{P}event.gathers_none", "{who} gathers nothing: every bag is full.")
FOREST_HOLDS = phrase(f"{P}event.forest_holds", "Forest {t} holds: {tiles}.")
HUT_TILE = phrase(f"{P}event.hut_tile", "Hut tile {n} goes on the hut track.")
REGION_OPEN = phrase(f"{P}event.region_open", "Region {region} is open.")
SECOND_EXPLORER = phrase(f"{P}event.second_explorer", "Every tribe gets its second explorer.")
END_LAST_HUT = phrase(f"{P}event.end_last_hut", "{who} builds their last hut: the end is near. {who} plays "
                                                 "once more, the others twice.")
END_TRACK = phrase(f"{P}event.end_track", "{who} places the 11th hut tile: the end is near. {who} plays "
                                          "once more, the others twice.")
FOREST_TAKES = phrase(f"{P}event.forest_takes", "{who} takes a game tile in the forest at {t}.")
YOU_TOOK = phrase(f"{P}event.you_took", "You took {tile}.")
COOKS = phrase_n(f"{P}event.cooks", "{who} cooks game ({tiles}): +{n} bag, +{food} food.",
                 "{who} cooks game ({tiles}): +{n} bags, +{food} food.", "tiles: what each game tile cooked gives")
EMPTIES = phrase(f"{P}event.empties", "{who} empties the {kind} track.")
TAKES = phrase(f"{P}event.takes", "{who} takes the {kind} ({level}/3).")
LEAVES = phrase(f"{P}event.leaves", "{who} leaves the tile and gains {food} food.")
LEAVES_NONE = phrase(f"{P}event.leaves_none", "{who} leaves the tile but gains no food: every bag is full.")
GAINS_INVENTION = phrase(f"{P}event.gains_invention", "{who} gains the invention {name}.")
NEW_INVENTION = phrase(f"{P}event.new_invention", "New invention in the row: {name}.")
TAKES_VP = phrase(f"{P}event.takes_vp", "{who} takes the VP card worth {value} VP, covering {name}.")
BUILDS_EDEN = phrase(f"{P}event.builds_eden", "{who} builds a hut at {t} and gains {food} food.")
BUILDS = phrase(f"{P}event.builds", "{who} builds a hut at {t} for {food} food.")
SECOND_TO_FIRE = phrase(f"{P}event.second_to_fire", "{who} puts their second explorer at the fire {t}.")
TO_FIRE = phrase(f"{P}event.to_fire", "{who} puts an explorer at the fire {t}.")
PAYS = phrase(f"{P}event.pays", "{who} pays {cost} food in the cave for {what}.")
MARKER = phrase(f"{P}event.marker", "{who} puts their marker on the cave card.")
OVER = phrase(f"{P}event.over", "The game is over.")

# ---- the final summary (FIN DE PARTIE: VP track, VP cards, 1 per hut, 1 per majority, objective card;
# "Le joueur qui marque le plus de PV l'emporte": no tie-break, a tie shares the victory)
WINS = phrase_n(f"{P}result.wins", "{winners} wins with {best} VP.", "{winners} win with {best} VP.",
                "n: how many share the victory; best: their points")
SCORE_LINE = phrase(f"{P}result.line", "{who}: {total} VP = {track} on the VP track + {cards} from VP cards + "
                                       "{huts} for huts + {majorities} for majorities + {objective} for the "
                                       "objective “{card}”")


def game_tile(gid: int) -> Said:
    """What a game tile gives when cooked, as words."""
    food, bags = GAME_TILES[gid]
    if bags:
        return TILE_BAGS_FOOD(n=bags, food=food)
    return TILE_FOOD(food=food)
SUMMARY_WINS = phrase(f"{P}result.summary_wins", "{wins}\n{players}", "wins: who won; players: a line per tribe")
SUMMARY = phrase(f"{P}result.summary", "Final scores:\n{players}", "a result stored before the winner was named")

# ---- /hand and /game status
HAND_OBJECTIVE = phrase(f"{P}hand.objective", "Objective: {card}")
HAND_GAME = phrase(f"{P}hand.game_tiles", "Game tiles: {tiles}", "tiles: a list of '1) 1 bag + 2 food'")
HAND_NO_GAME = phrase(f"{P}hand.no_game_tiles", "No game tiles.")
HAND_FOREST = phrase(f"{P}hand.forest", "Forest {t}: {tiles}")
HAND_POT = phrase(f"{P}hand.pot", "In the pot: {tiles}")
STATUS = phrase(f"{P}status.track", "Hut track {track}/11 · open regions: {regions}")
STATUS_ENDING = phrase(f"{P}status.track_ending",
                       "Hut track {track}/11 · open regions: {regions} · end triggered: final turns")

# ---- the move picker (steps.py): each decision's question, labels the listing has not, what a preview leaves out
ASK_MOVE = phrase(f"{P}ask.move", "Where does explorer {e} go?", "e: 1 or 2, which explorer")
ASK_WHICH_EXPLORER = phrase(f"{P}ask.which_explorer", "Which explorer moves first?")
L_EXPLORER_AT = phrase(f"{P}label.explorer_at", "The explorer on {t}", "t: a territory number")
L_IN_REGION = phrase(f"{P}label.in_region", "Region {region}", "region: I, II or III")
ASK_DRAFT = phrase(f"{P}ask.draft", "Which starting invention do you take?")
ASK_FOREST = phrase(f"{P}ask.forest", "Forest {t}: which game tile do you take?")
L_PICK_GAME = phrase(f"{P}label.pick_game", "Game tile {i}: {what}", "what: what cooking it gives (game_tile.*)")
ASK_COOK = phrase(f"{P}ask.cook", "Fire: which game tile goes in the pot?")
L_PICK_POT = phrase(f"{P}label.pick_pot", "Your game tile {i} ({what}) into the pot",
                    "what: what cooking it gives (game_tile.*)")
ASK_GATHER = phrase(f"{P}ask.gather", "Gathering tile ({kind}): take it or leave it?")
ASK_CARD = phrase(f"{P}ask.card", "Track full: take an invention, or cover one of yours with a VP card?")
ASK_BUILD = phrase(f"{P}ask.build", "Build a hut in the village at {t}?")
ASK_BUILD_EDEN = phrase(f"{P}ask.build_eden", "Cave: build a hut at {t}?")
ASK_FIRE = phrase(f"{P}ask.fire", "Which fire does your explorer go back to?")
ASK_SECOND_FIRE = phrase(f"{P}ask.second_fire", "At which fire does your second explorer start?")
ASK_BUY = phrase(f"{P}ask.buy", "Cave: do you buy?")
NOTE_TURN = phrase(f"{P}note.turn", "The tile at {t} is turned over once the move counts: you will see then what it "
                                    "is and what it gives.")
NOTE_FOREST = phrase(f"{P}note.forest", "You will look at the game tiles of the forest at {t} once the move counts.")
NOTE_INVENTION = phrase(f"{P}note.invention", "A new invention card is turned up once the move counts.")
NOTE_OVER = phrase(f"{P}note.over", "This ends the game: the objective cards are turned and counted once the move "
                                    "counts.")
