"""Every text The First Sparks emits (events, refusals, move labels, the final summary), in English.

Message keys and English for the ``rules`` gettext catalogue (see :mod:`rules.wording`); the French
follows the French rulebook (membre, clan, région, marché actuel / futur, céréale-bonus, pourrissement…).
"""

from __future__ import annotations

from rules.wording import Said, listing, phrase, phrase_n

from .data import NAMES, SHUFFLE, kind

P = "first_sparks."

# ---- terms
CARD_KIND = {k: phrase(f"{P}card.{k}", english) for k, (english, _fr) in NAMES.items()}
CARD = phrase(f"{P}card", "{name} #{number}", "a technology card: its name and number")
FOOD_AMOUNT = {
    "crop": phrase_n(f"{P}food.crop", "{n} crop", "{n} crops"),
    "berry": phrase_n(f"{P}food.berry", "{n} berry", "{n} berries"),
    "fish": phrase_n(f"{P}food.fish", "{n} fish", "{n} fish"),
    "bear": phrase_n(f"{P}food.bear", "{n} bear", "{n} bears"),
    "mammoth": phrase_n(f"{P}food.mammoth", "{n} mammoth", "{n} mammoths"),
}
GROUND = {food: phrase(f"{P}ground.{food}", food) for food in ("berry", "fish", "bear", "mammoth")}
TILE_GROUNDS = phrase(f"{P}tile_grounds", "{a} + {b}")

# ---- move labels
L_NEUTRAL_START = phrase(f"{P}label.neutral_start", "neutral clan on region {r}")
L_FIRST = phrase(f"{P}label.first", "first member on region {r}")
L_SECOND = phrase(f"{P}label.second", "second member on region {r} (costs {cost})")
L_NO_SECOND = phrase(f"{P}label.no_second", "no second member")
L_STARVE = phrase(f"{P}label.starve", "member on region {r} starves")
L_HUNT = phrase(f"{P}label.hunt", "takes {got}")
L_HUNT_NOTHING = phrase(f"{P}label.hunt_nothing", "takes nothing")
L_NEUTRAL = phrase(f"{P}label.neutral", "neutral member on region {r} (free)")
L_NEW = phrase(f"{P}label.new", "new member on region {r} (costs {cost})")
L_DONE = phrase(f"{P}label.done", "stop expanding")
L_SPOT = phrase(f"{P}label.spot", "spot {spot}: {top} above, {bottom} below")
L_DROP = phrase(f"{P}label.drop", "give up {card}")
L_TAKE = phrase(f"{P}label.take", "buy {card}")
L_DISCARD = phrase(f"{P}label.discard", "remove {card} from the game")
L_BUY = phrase(f"{P}label.buy", "buy {card} for {cost}")
L_DECLINE = phrase(f"{P}label.decline", "let it go")
L_OFFER = phrase(f"{P}label.offer", "{card}, {cost} food")
L_PASS = phrase(f"{P}label.pass", "buy nothing this round")
L_END = phrase(f"{P}label.end", "propose ending the game as it stands (all must agree)")
L_AGREE = phrase(f"{P}label.agree", "agree to end the game now")
L_REFUSE = phrase(f"{P}label.refuse", "refuse: play on")

# ---- refusals
NOT_LEGAL = phrase(f"{P}refuse.not_legal", "'{typed}' is not a legal move now ({phase}). Legal moves include: {sample}",
                   "typed: what the player typed; phase: the phase's name (phase.*); sample: a few legal notations")
NO_REGION = phrase(f"{P}refuse.no_region", "There is no region {r} (1–{last}).")
NOT_NEXT = phrase(f"{P}refuse.not_next", "Region {r} is not next to your clan (or you are already there).")
TOO_MANY_NEW = phrase_n(f"{P}refuse.too_many_new", "You have placed {placed} new member this round: {most} is the "
                                                   "most.",
                        "You have placed {placed} new members this round: {most} is the most.", count="placed")
CLAN_FULL = phrase_n(f"{P}refuse.clan_full", "Your clan already has {size} member on the board: {most} is the most.",
                     "Your clan already has {size} members on the board: {most} is the most.", count="size")
CANNOT_AFFORD = phrase(f"{P}refuse.cannot_afford", "A new member on region {r} costs {cost} food now; you have "
                                                   "{food}.")
FUTURE = phrase(f"{P}refuse.future", "#{card} is in the future market: only the top row can be offered.")
ALREADY_KNOW = phrase(f"{P}refuse.already_know", "You already know {card}: a clan knows each thing once.")
CANNOT_PAY = phrase(f"{P}refuse.cannot_pay", "You cannot pay for {card}: it costs {cost} food and you have {food}.")
ONLY_CURRENT = phrase(f"{P}refuse.only_current", "You can offer only a card of the current market (top row).")

# ---- events
LAYS = phrase(f"{P}event.lays", "{who} lays tile {tile} ({grounds}).")
DRAWS = phrase(f"{P}event.draws", "{who} draws tile {tile} ({grounds}).")
SETTLES_NEUTRAL = phrase(f"{P}event.settles_neutral", "{who} settles the neutral clan on region {region}.")
SETTLES = phrase(f"{P}event.settles", "{who} settles on region {region}.")
NO_SECOND = phrase(f"{P}event.no_second", "{who} places no second member.")
TURN_ORDER = phrase(f"{P}event.turn_order", "Turn order: {order}.")
STARVES = phrase(f"{P}event.starves", "{who} loses a member to hunger on region {region}.")
GROWS_NEUTRAL = phrase(f"{P}event.grows_neutral", "{who} grows the neutral clan onto region {region}.")
LAST_ROUND = phrase_n(f"{P}event.last_round", "{who} has {size} member: this is the last round.",
                      "{who} has {size} members: this is the last round.", count="size")
STOPS = phrase(f"{P}event.stops", "{who} stops expanding.")
SETTLES_FOR = phrase(f"{P}event.settles_for", "{who} settles region {region} for {cost} food.")
ROUND = phrase(f"{P}event.round", "Round {round}: buying technologies.")
ROUND_BONUS = phrase(f"{P}event.round_bonus", "Round {round}: buying technologies; the bonus grain lies on #{card}.")
GIVES_UP = phrase(f"{P}event.gives_up", "{who} gives up {card}.")
PASSES = phrase(f"{P}event.passes", "{who} passes.")
OFFERS = phrase(f"{P}event.offers", "{who} offers {card} ({cost} food).")
WANTS = phrase(f"{P}event.wants", "{who} wants {card}.")
DECLINES = phrase(f"{P}event.declines", "{who} declines {card}.")
BUYS = phrase(f"{P}event.buys", "{who} buys {card} for {cost} food.")
BUYS_BONUS = phrase(f"{P}event.buys_bonus", "{who} buys {card} for {cost} food, the bonus grain included.")
STEPS_BACK = phrase(f"{P}event.steps_back", "{who} steps back one place in turn order (Intelligence).")
REMOVES_WITH = phrase(f"{P}event.removes_with", "{who} removes {card} from the game, and {food} from the harvest "
                                                "space.")
REMOVES = phrase(f"{P}event.removes", "{who} removes {card} from the game.")
SHUFFLED = phrase(f"{P}event.shuffled", "The shuffle card is drawn: the rest of the deck is shuffled.")
DRAWN_LOW = phrase(f"{P}event.drawn_low", "{card} is drawn, lower than the bonus card: it leaves the game.")
COMES = phrase(f"{P}event.comes", "{card} comes into the market.")
NOBODY_BOUGHT = phrase(f"{P}event.nobody_bought", "Nobody bought #{card}: it leaves the game with its bonus grain.")
SPOILED = phrase(f"{P}event.spoiled", "{who} loses {lost} spoiled food.")
HARVESTS = phrase(f"{P}event.harvests", "{who} harvests {got}.")
HARVESTS_NOTHING = phrase(f"{P}event.harvests_nothing", "{who} harvests nothing.")
CANNOT_FEED = phrase_n(f"{P}event.cannot_feed", "{who} can feed only {fed} of {need} member.",
                       "{who} can feed only {fed} of {need} members.", count="need")
SHUFFLE_LEAVES = phrase(f"{P}event.shuffle_leaves", "The shuffle card leaves the market: from now on every market "
                                                    "card may be offered.")
SHUFFLE_LEAVES_WITH = phrase(f"{P}event.shuffle_leaves_with", "The shuffle card leaves the market with #{card}: "
                                                              "from now on every market card may be offered.")
UNDER_DECK = phrase(f"{P}event.under_deck", "{card} goes under the deck.")
OVER = phrase(f"{P}event.over", "The game is over.")
STALEMATE = phrase(f"{P}event.stalemate", "The game is over: the last round changed nothing any clan can use and "
                                          "nobody had a choice, so every round would repeat it and no clan can ever "
                                          "reach 13 members (safeguard; the rulebook has no rule for this).")
REPEATED = phrase(f"{P}event.repeated", "The game is over: three rounds in a row ended as the round before them, "
                                        "so the clans keep repeating it (safeguard, like a repetition in chess; the "
                                        "rulebook has no rule for this).")   # said by games stored before the vote
CYCLE = phrase(f"{P}event.cycle", "Round {round} ended exactly as round {before} did: the clans are going round in "
               "circles. The rulebook ends the game only at a 13th member; from now on, in phase 1, any player may "
               "type `end` to propose ending it as it stands (the largest clan wins), and it ends if every other "
               "player agrees.", "round, before: round numbers")
CYCLE_OVER = phrase(f"{P}event.cycle_over", "The position changed: the proposal to end the game is no longer offered.")
PROPOSES_END = phrase(f"{P}event.proposes_end", "{who} proposes to end the game as it stands (the largest clan wins); "
                      "every other player must agree.")
AGREES_END = phrase(f"{P}event.agrees_end", "{who} agrees to end the game.")
REFUSES_END = phrase(f"{P}event.refuses_end", "{who} refuses to end the game: play goes on.")
AGREED_END = phrase(f"{P}event.agreed_end", "Every player agreed: the game is over as it stands.")

# ---- the final summary (Fin de partie: the largest clan wins; ties: the most food left)
HEADLINE = phrase_n(f"{P}result.headline", "The largest clan has {best} member (ties: most food left).",
                    "The largest clan has {best} members (ties: most food left).", count="best")
MEMBERS = phrase_n(f"{P}members", "{n} member", "{n} members")
WINS = phrase(f"{P}result.wins", "{winners} wins with the largest clan: {members}.",
              "winners: the winner; members: the clan size (a text above)")
WINS_ON_FOOD = phrase_n(f"{P}result.wins_on_food",
                        "{winners} wins: the largest clans have {members}, and the tie goes to the most food left ({food}).",
                        "{winners} win: the largest clans have {members}, and the most food left ({food}) is tied too.",
                        "n: how many share the victory; members: the clan size (a text above); food: their food left")
SCORE_LINE = phrase_n(f"{P}result.line", "{who}: {size} member, {food} food left", "{who}: {size} members, {food} food left",
                      count="size")
SUMMARY = phrase(f"{P}result.summary", "{headline}\n{players}")


# ---- /hand and /game status
PHASE = {key: phrase(f"{P}phase.{key}", english) for key, english in {
    "build": "Set-up: laying the landscape tiles", "neutral": "Placement: neutral clan",
    "first": "Placement: first members", "second": "Placement: second members",
    "buy": "Phase 1: buying technologies", "hunt": "Phase 2: hunting and feeding", "expand": "Phase 3: expanding",
    "over": "Game over"}.items()}
STATUS_ROUND = phrase(f"{P}status.round", "Round {round} · {phase}")
STATUS_OFFER = phrase(f"{P}status.offer", "On offer: {card}")
STATUS_LAST_ROUND = phrase(f"{P}status.last_round", "Last round.")
STATUS_CYCLE = phrase(f"{P}status.cycle", "The rounds repeat: `end` in phase 1 proposes ending the game.")
STATUS_VOTE = phrase(f"{P}status.vote", "{who} proposed ending the game: waiting for {waiting}.")
STATUS_NEUTRAL = phrase(f"{P}status.neutral", "Neutral clan: {size}")
HAND_FOOD = phrase(f"{P}hand.food", "Food: {food}")
HAND_FOOD_HIDDEN = phrase(f"{P}hand.food_hidden", "Food: {food} (hidden from the others: you know Fire)")
HAND_TOOLS = phrase(f"{P}hand.tools", "Tools ({n}/{limit}): {tools}", "n: tools held; limit: how many may be held")
HAND_KNOWLEDGE = phrase(f"{P}hand.knowledge", "Knowledge: {cards}")
HAND_SIZE = phrase(f"{P}hand.clan_size", "Clan size: {size}")


def card(number: int) -> Said:
    """A technology card as words: 'Bow #21', or the shuffle card."""
    name = CARD_KIND[kind(number)]()
    return name if number == SHUFFLE else CARD(name=name, number=number)


def food_amounts(got: dict[str, int]) -> dict:
    """'2 crops, 1 berry': amounts by food."""
    return listing((FOOD_AMOUNT[food](n=n) for food, n in got.items()), "comma")

# ---- the move picker (steps.py): each decision's question, the places it names, what a preview leaves out
ASK_SPOT = phrase(f"{P}ask.spot", "Where does the drawn tile go?")
ASK_ROUND = phrase(f"{P}ask.round", "Spot {spot}: which way round?")
L_SPOT_ONLY = phrase(f"{P}label.spot_only", "Spot {spot}")
L_ROUND = phrase(f"{P}label.round", "{top} above, {bottom} below", "top, bottom: hunting grounds (ground.*)")
ASK_NEUTRAL_START = phrase(f"{P}ask.neutral_start", "Where does the neutral clan start?")
ASK_FIRST = phrase(f"{P}ask.first", "Where does your first member go?")
ASK_SECOND = phrase(f"{P}ask.second", "Where does your second member go?")
ASK_PLACE = phrase(f"{P}ask.place", "Where does a new member go?")
ASK_NEUTRAL = phrase(f"{P}ask.neutral", "Where does the neutral clan grow?")
ASK_STARVE = phrase(f"{P}ask.starve", "Which member starves?")
ASK_HUNT = phrase(f"{P}ask.hunt", "In which order do your tools hunt?")
ASK_OFFER = phrase(f"{P}ask.offer", "Which card do you offer?")
ASK_ANSWER = phrase(f"{P}ask.answer", "{card} is on offer: do you want it?")
ASK_DECIDE = phrase(f"{P}ask.decide", "Nobody wants {card}: buy it or remove it from the game?")
ASK_DROP = phrase(f"{P}ask.drop", "Too many tools: which one do you give up?")
L_REGION = phrase(f"{P}label.region", "Region {r} ({ground} ground)", "ground: a hunting ground (ground.*)")
L_REGION_COST = phrase(f"{P}label.region_cost", "Region {r} ({ground} ground): {cost} food",
                       "ground: a hunting ground (ground.*)")
L_GROUND_GROUP = phrase(f"{P}label.ground_group", "Regions {first}–{last} ({ground} ground)",
                        "the three regions around one hunting ground; ground: ground.*")
NOTE_TILE = phrase(f"{P}note.tile", "Then the next tile is drawn: you will see it once the move counts.")
NOTE_CARD = phrase(f"{P}note.card", "Then a card is drawn for the market: you will see it once the move counts.")
NOTE_SECRET = phrase(f"{P}note.secret", "What comes next depends on the hidden food of a clan that knows Fire: you "
                                        "will see it once the move counts.")
NOTE_OVER = phrase(f"{P}note.over", "This ends the game: the final count, hidden food included, is shown once the "
                                    "move counts.")
NOTE_ROUND = phrase(f"{P}note.round", "Then the round ends and the next one is set up: you will see it once the move "
                                      "counts.")
