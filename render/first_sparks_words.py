"""Words The First Sparks board draws that the rules do not say themselves (see ``render/words.py``).

Card names, foods, phases and the round come from the rules' own phrases
(``rules/first_sparks/phrases.py``); the French follows the French rulebook (marché actuel / futur,
pioche, espaces de récolte : champ, buisson, lac, forêt, vallée).
"""

from __future__ import annotations

from rules.wording import phrase, phrase_n

R = "render.first_sparks."

# ---- the headline: who must decide what
LAST_ROUND = phrase(f"{R}last_round", "last round", "drawn in capitals after the phase")
LAYS = phrase(f"{R}lays", "{who} lays tile {tile} ({grounds}) on a numbered spot: '{letter}' puts {top} above",
              "letter: the letter a player types after the spot's number, as it is")
GIVES_UP = phrase(f"{R}gives_up", "{who} must give up a tool")
BUY_OR_REMOVE = phrase(f"{R}buy_or_remove", "{who}: buy or remove #{card}", "card: a card's number")
OFFERED = phrase(f"{R}offered", "{by} offers #{card}: {who} to buy or decline", "card: a card's number")
OFFERED_WANTED = phrase(f"{R}offered_wanted", "{by} offers #{card}: {who} to buy or decline ({yes} wants it)",
                        "card: a card's number; yes: the player who said they would buy it")
OFFERS = phrase(f"{R}offers", "{who} offers a card or passes")
NEUTRAL_DUE = phrase_n(f"{R}neutral_due", "{who} grows the neutral clan ({n} more)",
                       "{who} grows the neutral clan ({n} more)", "n: members it still gets")
DECIDES = phrase(f"{R}decides", "{who} to decide")

# ---- the market
MARKET = phrase(f"{R}market", "Market · deck {deck}", "deck: cards left in the deck")
STAGE_TWO = phrase(f"{R}stage_two", "stage 2: every card may be offered", "after the market's title, once the "
                   "shuffle card left the market")
NO_CARD_LEFT = phrase(f"{R}no_card_left", "no cards left", "after the market's title: the market ran out")
MARKET_KEY = phrase(f"{R}market_key", "# · price · tokens on space+ : take",
                    "how to read a card: its number, its price, and its table (when the harvest space holds at "
                    "least this many tokens : the clan takes this many)")
NOW = phrase(f"{R}now", "now", "the current market (the top row: the cards that may be offered)")
LATER = phrase(f"{R}later", "later", "the future market (the bottom row)")
KNOWLEDGE = {
    "fire": phrase(f"{R}help.fire", "no spoilage, food hidden", "what the Fire card does"),
    "plough": phrase(f"{R}help.plough", "+1 crop per field", "what the Plough card does"),
    "works": phrase(f"{R}help.works", "4 tools", "what the Works card does: a clan may keep four tools"),
    "palaver": phrase(f"{R}help.palaver", "-1 food into occupied regions", "what the Palaver card does"),
    "intelligence": phrase(f"{R}help.intelligence", "one place back in turn order",
                           "what the Intelligence card does"),
}

# ---- the landscape and the harvest spaces
SPACES = phrase(f"{R}spaces", "Harvest spaces (restock each round)")
SPACE = {
    "crop": phrase(f"{R}space.crop", "field", "the harvest space of crops"),
    "berry": phrase(f"{R}space.berry", "bush", "the harvest space of berries"),
    "fish": phrase(f"{R}space.fish", "lake", "the harvest space of fish"),
    "bear": phrase(f"{R}space.bear", "forest", "the harvest space of bears"),
    "mammoth": phrase(f"{R}space.mammoth", "valley", "the harvest space of mammoths"),
}

# ---- the clans
CLANS = phrase(f"{R}clans", "Clans in turn order · size · food · tools & knowledge")
HIDDEN = phrase(f"{R}hidden", "hidden", "a clan's food, hidden by the Fire card")
FOOD = phrase_n(f"{R}food", "{n} food", "{n} food", "a clan's food tokens")
NEUTRAL = phrase(f"{R}neutral", "neutral", "the neutral clan (two players)")
NEUTRAL_GROWS = phrase(f"{R}neutral_grows", "grows free to the first clan's size")
MEMBERS = phrase(f"{R}members", "members", "a column of the final table: the clan's size")
CLAN_SIZE = phrase_n(f"{R}clan_size", "{n} member", "{n} members",
                     "beside each name while the game runs: the clan's size, what decides the winner")
FOOD_COLUMN = phrase(f"{R}food_column", "food", "a column of the final table: food left")
