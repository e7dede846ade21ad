"""Words the Neanderthal boards draw that the rules do not say themselves (see ``render/words.py``).

Card names, elders, portal slots, sexualities, colours, phases and event names come from the rules'
own phrases (``rules/neanderthal/phrases.py``); the French follows the French rulebook (biome, banquise,
lacune, cueillette, Anciens, fosse commune, PV).
"""

from __future__ import annotations

from rules.wording import phrase, phrase_n

R = "render.neanderthal."

# ---- a biome card
RAID = phrase(f"{R}raid", "raid", "the type of a biome card with a club symbol (the others: big game, small game, flint)")
PREDATOR = phrase(f"{R}predator", "predator", "a biome card whose animal attacks successful big-game hunters")
NEED = phrase(f"{R}need", "need {dice}× {faces}", "dice: how many successes a hunt needs; faces: the die faces "
                                                  "that succeed, '1' or '1–2'")
BABIES = phrase_n(f"{R}babies", "+{n} baby", "+{n} babies", "what a successful hunt brings")
NO_BABY = phrase(f"{R}no_baby", "no baby", "a hunt that brings no baby")
TOOL = phrase(f"{R}tool", "tool", "before the disc colours a hunter needs in its vocabulary to hunt this card")
TROPHY = phrase(f"{R}trophy", "trophy ×{mult}", "a card that may be taken as a trophy on a roll of mult equal "
                                               "dice (G5); a trophy scores by its owner's sexuality card (J), "
                                               "so no VP are printed here")
ANIMAL = phrase(f"{R}animal", "animal ×{mult}: {babies}", "a domesticable animal; babies: what it gives each round "
                                                          "(or empty; the discs it frees are drawn after)")
INVENTION = phrase(f"{R}invention", "invention ×{mult}: 3=1 ({kind})", "kind: the hunts where a 3 counts as a 1")
WEAPON = phrase(f"{R}weapon", "weapon", "an invention that arms war parties")
GATHER = phrase(f"{R}gather", "gather", "a gathering biome (the basket symbol)")
GAP = phrase(f"{R}gap", "gap", "an empty place in a row of biome cards")
ICE = phrase(f"{R}ice", "ice", "a place covered by an ice card (banquise)")
NEW = phrase(f"{R}new", "new", "a card that just came into the row")
NORTH = phrase(f"{R}north", "Northern Europe", "the row of northern biome cards")
SOUTH = phrase(f"{R}south", "Southern Europe", "the row of southern biome cards")

# ---- the round's event card, the phase
AUCTION = phrase(f"{R}auction", "Round {round} · up for auction: {card}", "card: the daughter card of the round")
SHE_BRINGS = phrase(f"{R}she_brings", "She brings: {items}", "items: her portals and her ability")
PORTAL = phrase(f"{R}portal", "{slot} portal ({colour})", "slot: Venus, Shaman or Bison; colour: the disc's")
ABILITY_VP = phrase(f"{R}ability.vp", "+{vp} VP", "a daughter worth extra victory points")
ABILITY = {
    "husbands": phrase(f"{R}ability.husbands", "free husbands", "a daughter's ability: promoting husbands is free"),
    "caring": phrase(f"{R}ability.caring", "caring", "a daughter's ability (the Caring Woman)"),
    "totem": phrase(f"{R}ability.totem", "totem", "a daughter's ability: hunt first"),
    "gatherer": phrase(f"{R}ability.gatherer", "gatherer", "a daughter's ability: a baby per gathering biome"),
}
EVENTS = phrase(f"{R}events", "Events: {events} · bids in {colours}", "colours: the disc colours a bid may use")
SET_UP = phrase(f"{R}set_up", "Set-up", "before the first round")
NOW = phrase(f"{R}now", "Now: {phase}")
DECKS = phrase_n(f"{R}decks", "{n} event card left · decks: North {north}, South {south}",
                 "{n} event cards left · decks: North {north}, South {south}", "north, south: biome cards left")
TURN_ORDER = phrase(f"{R}turn_order", "Turn order:")
PROPOSAL = phrase(f"{R}proposal", "Proposal: {proposal} ({yes} / {no})",
                  "yes, no: the answers a player types, as they are")
EVERYTHING = phrase(f"{R}everything", "/board: every card and tribe in full",
                    "under the turn image: the command that shows the whole board")

# ---- a tribe
SPECIES = {
    "green": phrase(f"{R}species.green", "Archaic", "the green species (archaic humans)"),
    "yellow": phrase(f"{R}species.yellow", "Neanderthal", "the yellow species"),
    "red": phrase(f"{R}species.red", "Cro-Magnon", "the red species"),
}
TRIBAL = phrase(f"{R}tribal", "tribal", "a tribe converted to tribal culture")
VOCAL = phrase(f"{R}vocal", "vocal", "a tribe still on the vocal side of its brain board")
VP = phrase(f"{R}vp", "{vp} VP", "victory points")
VP_COLUMN = phrase(f"{R}vp_column", "VP", "the total column of the final score table")
# the final score table's columns: VP by source (J), grouped so that five columns fit a phone
SOURCE_COLUMNS = {
    "cubes": phrase(f"{R}vp_cubes", "cubes",
                    "a column of the final score table: VP of the player's cubes (unassigned hunters, "
                    "the alpha, elders, husbands)"),
    "daughters": phrase(f"{R}vp_daughters", "daughters",
                        "a column of the final score table: VP of daughter cards and their bonuses"),
    "words": phrase(f"{R}vp_words", "words", "a column of the final score table: VP of vocabulary discs"),
    "cards": phrase(f"{R}vp_cards", "cards",
                    "a column of the final score table: VP of trophies, inventions and domestic animals"),
}
HAND = phrase(f"{R}hand", "hand {n}/{limit}", "hand cards held and the hand limit")
GRAVE = phrase(f"{R}grave", "grave {n}", "cubes in the common grave")
ALPHA = {
    "pool": phrase(f"{R}alpha.pool", "alpha: unassigned", "where the tribe's alpha is"),
    "grave": phrase(f"{R}alpha.grave", "alpha: in the grave", "where the tribe's alpha is"),
    "party": phrase(f"{R}alpha.party", "alpha: hunting", "where the tribe's alpha is"),
    "husband": phrase(f"{R}alpha.husband", "alpha: a husband", "where the tribe's alpha is"),
}
WORDS = phrase(f"{R}words", "Words", "the tribe's vocabulary discs")
HUNTERS = phrase(f"{R}hunters", "Hunters", "the tribe's unassigned hunters")
SEX_CARD = phrase(f"{R}sex_card", "Sexuality card: {sides}", "sides: its two sides")
MPI = phrase(f"{R}mpi", "MPI", "the discs on the sexuality card (paternal investment, B3)")
TRIBAL_SIDE = phrase(f"{R}tribal_side", "Tribal side", "the brain board turned to its tribal side")
PORTALS = phrase(f"{R}portals", "Portals", "the portals opened on the brain board")
ELDERS = phrase(f"{R}elders", "Elders")
NO_ELDER = phrase(f"{R}no_elder", "none", "under 'Elders': the tribe has none")
