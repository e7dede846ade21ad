"""Every text Neanderthal emits (events, refusals, move labels, the final summary), in English.

Message keys and English for the ``rules`` gettext catalogue (see :mod:`rules.wording`); the French
follows the French rulebook's words (chasseur, Errant, Ancien, Chef, Chaman, Tailleur, Guerrier,
Trappeur, Gardien du Feu, disque, portail, néolexie, dépendant, trophée, carte Fille, PV). ``{who}``
is a seat (the bot puts the player's name in); ``{key}`` a place notation (N3, S1, B2); ``{seat}``
a seat letter as notations write it. Card names come from the component data (``data.json``).

Move labels are built lazily (:func:`later`): a search builds thousands of moves and reads no label.
"""

from __future__ import annotations

from rules.wording import Said, phrase, phrase_n

from .data import BIOMES, DAUGHTERS, ELDERS, SPECIES

P = "neanderthal."

# ---- terms: words passed as parameters
CARD = {cid: phrase(f"{P}card.{cid}", info["name"]) for cid, info in {**BIOMES, **DAUGHTERS}.items()}
ELDER = {r: phrase(f"{P}elder.{r}", info["name"]) for r, info in ELDERS.items()}
SPECIES_NAME = {k: phrase(f"{P}species.{k}", info["name"]) for k, info in SPECIES.items()}
COLOUR = {c: phrase(f"{P}colour.{c}", name) for c, name in (("o", "orange"), ("w", "white"), ("k", "black"))}
DISC_A = {c: phrase(f"{P}disc.{c}", f"an {name} disc" if name == "orange" else f"a {name} disc")
          for c, name in (("o", "orange"), ("w", "white"), ("k", "black"))}
DISCS_OF = {c: phrase_n(f"{P}discs.{c}", "{n} " + name, "{n} " + name, "n discs of one colour")
            for c, name in (("o", "orange"), ("w", "white"), ("k", "black"))}
SEX = {s: phrase(f"{P}sex.{s}", s) for s in ("harem", "libertine", "monogamy")}
SLOT = {s: phrase(f"{P}slot.{s}", s.capitalize()) for s in ("venus", "shaman", "bison")}
EVENT_NAME = {e: phrase(f"{P}event_name.{e}", name) for e, name in (
    ("cool", "global cooling"), ("warm", "global warming"), ("wurm", "Würm glaciation"),
    ("skull", "elder attrition"), ("chaos", "chaos"), ("blizzard", "blizzard"), ("eye", "expatriation"))}
PHASE = {k: phrase(f"{P}phase.{k}", name) for k, name in (
    ("sex", "choosing sexualities"), ("council", "war council"), ("chaos", "chaos"), ("blizzard", "blizzard"),
    ("expat", "expatriation"), ("discard", "hand limit discards"), ("bid", "culture auction"),
    ("pay", "choice of the discs paid"), ("assign", "assignment of hunters"), ("nego", "negotiation"),
    ("fighting", "attacks"), ("hunt_order", "choice of the next hunt"), ("alpha", "alpha's power"),
    ("take", "trophy or hand card"), ("retry", "hunting a replacement card"),
    ("release", "choosing the disc a success frees"),
    ("action", "portal, neolexia and elder actions"), ("over", "game over"))}
ICE = phrase(f"{P}ice", "ice")
IT_ALPHA = phrase(f"{P}loss.alpha", "its alpha")
IT_HUSBAND = phrase(f"{P}loss.husband", "its husband")
A_HUNTER = phrase(f"{P}loss.hunter", "a hunter")
A_WANDERER = phrase(f"{P}loss.wanderer", "a wanderer of {of}", "of: a seat")
AN_ELDER = phrase(f"{P}an_elder", "an elder")
HUSBAND_OF = phrase(f"{P}husband_of", "husband of {card}")
PLACE = phrase(f"{P}place", "{key} {card}", "key: N3, S1 or a daughter's place B2; card: its name")
TOOL_BY = {3: phrase(f"{P}tool_by.3", "knapper"), 5: phrase(f"{P}tool_by.5", "trapper")}


_CARD_SAID = {cid: {"key": p.key} for cid, p in CARD.items()}   # a card as a parameter, made once


def card(cid: str) -> dict:
    """A card's name as a phrase parameter (its stored form: shared, never changed)."""
    return _CARD_SAID[cid]


_PLACES: dict = {}


def place(key: str, cid: str) -> dict:
    """'N3 Irish Elk' as a phrase parameter, made once per slot and card (shared, never changed):
    a search says thousands of these."""
    got = _PLACES.get((key, cid))
    if got is None:
        got = _PLACES[(key, cid)] = {"key": PLACE.key, "params": {"key": key, "card": _CARD_SAID[cid]}}
    return got


def now(p, **params) -> Said:
    """``p(**params)`` for parameters already in stored form (numbers, strings, ``card``, ``place``,
    ``term`` and listing dicts): the frequent events of a search skip the conversion."""
    return Said(p.key, params)


def stored(p, **params) -> dict:
    """``now(p, **params)`` as a parameter of another phrase (its stored form, what ``_param`` makes
    of it): a hunt's sentences are said straight into the hunt event."""
    return {"key": p.key, "params": params}


_TERMS: dict = {}


def term(p) -> dict:
    """A word without parameters (an elder's rank, a sexuality…) as a shared phrase parameter."""
    got = _TERMS.get(p.key)
    if got is None:
        got = _TERMS[p.key] = {"key": p.key}
    return got


# ---- events: round, event cards (D1–D6)
OVER = phrase(f"{P}event.over", "The game is over.")
ROUND = phrase(f"{P}event.round", "Round {round}: {card} is revealed ({events}); {who} plays first.")
ICED = phrase(f"{P}event.iced", "Europe is completely covered in ice.")
COOL_EMPTY = phrase(f"{P}event.cool_empty", "Global cooling: the North deck is empty, nothing happens.")
COOL_SLIDES = phrase(f"{P}event.cool_slides", "Global cooling: ice covers the North; {card} slides South.")
COOL_SLIDES_GONE = phrase(f"{P}event.cool_slides_gone",
                          "Global cooling: ice covers the North; {card} slides South, {gone} is discarded.")
COOL_GAP = phrase(f"{P}event.cool_gap", "Global cooling: ice fills a gap in the North.")
COOL_SOLID = phrase(f"{P}event.cool_solid", "Global cooling: the North is frozen solid, the ice pushes South.")
WARM_EMPTY = phrase(f"{P}event.warm_empty", "Global warming: the South deck is empty, nothing happens.")
WARM = phrase(f"{P}event.warm", "Global warming: {card} arrives in the South{shift}{melt}.",
              "shift, melt: the optional parts below, each starting with '; ' (or empty)")
WARM_NORTH = phrase(f"{P}event.warm_north", "; {card} moves North")
WARM_THAW = phrase(f"{P}event.warm_thaw", "; the ice above melts into {card}, {moved} is discarded")
WARM_PUSH = phrase(f"{P}event.warm_push", "; {card} moves North, {above} leaves the game")
WARM_MELT = phrase(f"{P}event.warm_melt", "; the southern ice melts ({cards})")
WURM = phrase(f"{P}event.wurm", "Würm glaciation: one more round is added to the game.")
ATTRITION = phrase_n(f"{P}event.attrition", "Elder attrition: {who} rolls {rolls}, the {dead} dies.",
                     "Elder attrition: {who} rolls {rolls}, the {dead} die.", "n: how many elders die")
ATTRITION_NONE = phrase(f"{P}event.attrition_none", "Elder attrition: {who} rolls {rolls}, no elder dies.")
CHAOS_LOSES = phrase(f"{P}event.chaos_loses", "Chaos: {who} loses {what}.")
CHAOS_ELDER = phrase(f"{P}event.chaos_elder", "{who} loses its {elder} in the chaos.")
CHAOS_IMMUNE = phrase(f"{P}event.chaos_immune", "Chaos: {who} is immune.")
CHAOS_MUST = phrase_n(f"{P}event.chaos_must", "Chaos: {who} must lose {n} hunter.", "Chaos: {who} must lose {n} hunters.")
CHAOS_MUST_ELDER = phrase_n(f"{P}event.chaos_must_elder", "Chaos: {who} must lose {n} hunter and an elder.",
                            "Chaos: {who} must lose {n} hunters and an elder.")
FLIPS = phrase(f"{P}event.flips", "{who} turns its sexuality card to {sex}.")
BLIZZARD_SHORT = phrase_n(f"{P}event.blizzard_short", "Blizzard: {who} cannot feed {n} dependant.",
                          "Blizzard: {who} cannot feed {n} dependants.")
BLIZZARD_FED = phrase(f"{P}event.blizzard_fed", "Blizzard: every tribe feeds its dependants.")
CANNOT_FEED = phrase(f"{P}event.cannot_feed", "{who} cannot feed {what} in the blizzard.")
EXPAT_NONE = phrase(f"{P}event.expat_none", "Expatriation: no wanderer leaves.")
EXPAT = phrase_n(f"{P}event.expat", "Expatriation: {n} wanderer of {who} joins {target}.",
                 "Expatriation: {n} wanderers of {who} join {target}.")

# ---- events: the culture auction (D7)
NOBODY_BIDS = phrase(f"{P}event.nobody_bids", "Nobody can bid for {card}; she is discarded.")
PASSES = phrase(f"{P}event.passes", "{who} passes.")
BIDS = phrase_n(f"{P}event.bids", "{who} bids {n} disc for {card}.", "{who} bids {n} discs for {card}.")
BIDS_HALF = phrase_n(f"{P}event.bids_half", "{who} bids {n} disc for {card} (harem: worth half).",
                     "{who} bids {n} discs for {card} (harem: worth half).")
NO_BID = phrase(f"{P}event.no_bid", "No bid: {card} is discarded.")
WINS_AUCTION = phrase_n(f"{P}event.wins_auction", "{who} wins {card} for {n} disc; the others keep their discs.",
                        "{who} wins {card} for {n} discs; the others keep their discs.")
PLACES = phrase(f"{P}event.places", "{who} places {discs} on {card}.")

# ---- events: assignments (E), negotiation, attacks and gathering (F)
SENDS = phrase_n(f"{P}event.sends", "{who} sends {n} hunter to {place}.", "{who} sends {n} hunters to {place}.")
SENDS_ALPHA = phrase(f"{P}event.sends_alpha", "{who} sends the alpha to {place}.")
PROMOTES = phrase(f"{P}event.promotes", "{who} promotes a hunter to {elder}.")
WEDS = phrase(f"{P}event.weds", "{who} gives {card} a husband.")
SUITOR = phrase(f"{P}event.suitor", "{who} sends a suitor to {place}.")
RAISES_ALPHA = phrase(f"{P}event.raises_alpha", "{who} raises an alpha.")
RECALLS = phrase(f"{P}event.recalls", "{who} is endangered and sends a tribesman back to hunting.")
SULTAN = phrase(f"{P}event.sultan", "{who} moves a husband (sultan's privilege).")
CHOOSES_SEX = phrase(f"{P}event.chooses_sex", "{who} chooses {sex}.")
COUNCIL = phrase(f"{P}event.council", "War council: {who} sets the order {order}.")
LOSES_ON = phrase(f"{P}event.loses_on", "{who} loses {what} on {place}.")
ATTACKS = phrase_n(f"{P}event.attacks", "{who} attacks on {place}: rolls {rolls}, {n} hit.",
                   "{who} attacks on {place}: rolls {rolls}, {n} hits.")
GATHERS = phrase_n(f"{P}event.gathers", "{who} gathers: {n} baby.", "{who} gathers: {n} babies.")
DIVORCE = phrase(f"{P}event.divorce", "{who}'s husband leaves {card}.")
PROPOSES = phrase(f"{P}event.proposes", "{proposal} {next} to answer.", "proposal: the sentence below")
AGREES = phrase(f"{P}event.agrees", "{who} agrees (ook!). {next} to answer.")
REFUSES = phrase(f"{P}event.refuses", "{who} refuses (ook ook).")
ACCEPTS = phrase(f"{P}event.accepts", "{who} accepts (ook!).")
ACCEPTS_GIVING = phrase(f"{P}event.accepts_giving", "{who} accepts (ook!) and gives {card}.")

# a proposal (F1): "{head}{deal}{others}." — the parts after the head start with their punctuation
PROPOSAL = phrase(f"{P}proposal", "{head}{deal}{others}.", "deal, others: the optional parts below (or empty)")
P_ASK = phrase(f"{P}proposal.ask", "{s} asks {t} to leave {place} peacefully")
P_RETREAT = phrase(f"{P}proposal.retreat", "{s} asks {t} to let its hunters leave {place} peacefully")
P_WED = phrase(f"{P}proposal.wed", ", one of them marrying {owner}'s {card}")
P_GIVES = phrase(f"{P}proposal.gives", "; {s} gives {thing}")
P_DEMANDS = phrase(f"{P}proposal.demands", "; {s} demands {thing}")
P_EXCHANGES = phrase(f"{P}proposal.exchanges", "; {s} exchanges {thing} for {other}")
P_OTHERS = phrase_n(f"{P}proposal.others", " ({names} must agree too)", " ({names} must agree too)",
                    "n: how many other seats must agree")
P_COOP = phrase(f"{P}proposal.coop", "{s} offers {t} {gift} for {want}.")
THING_CHOICE = phrase(f"{P}thing.choice", "a hand card of its choice")
THING_HAND = phrase(f"{P}thing.hand", "the hand card {card}")
THING_TABLEAU = phrase(f"{P}thing.tableau", "{card} ({code})", "code: the card's place in a tableau, t1, x1…")
THE_INVENTION = phrase(f"{P}thing.invention", "the invention {card}")
ICARD_CHOICE = phrase(f"{P}thing.icard", "an I card of its choice")

# ---- events: hunts and courting (G), domestic animals (H), actions (I)
HUNT = phrase(f"{P}event.hunt", "{parts}", "parts: the sentences of one hunt")
HUNT_OK = phrase_n(f"{P}event.hunt_ok", "{who} hunts {card} ({key}) with {n} hunter: {roll} — success!",
                   "{who} hunts {card} ({key}) with {n} hunters: {roll} — success!")
HUNT_FAIL = phrase_n(f"{P}event.hunt_fail", "{who} hunts {card} ({key}) with {n} hunter: {roll} — fails.",
                     "{who} hunts {card} ({key}) with {n} hunters: {roll} — fails.")
HUNT_DEATHS = phrase_n(f"{P}event.hunt_deaths", "{n} hunter dies.", "{n} hunters die.")
HUNT_STOLEN = phrase(f"{P}event.hunt_stolen", "The predator steals their game!")
ROLL_MOD = phrase(f"{P}roll.mod", "{dice} (→ {faces})", "an invention turned the 3s into 1s")
ROLL_ALPHA = phrase(f"{P}roll.alpha", "{dice} + alpha 1", "the alpha's power counts as a 1")
PRED = phrase(f"{P}event.pred", "The {card} ({key}) attacks {who}'s hunters!")
PRED_TOO = phrase(f"{P}event.pred_too", "The {card} ({key}) attacks {who}'s hunters too!")
BABIES = phrase_n(f"{P}event.babies", "{who}: {n} baby.", "{who}: {n} babies.")
TAKES_TROPHY = phrase(f"{P}event.takes_trophy", "{who} takes {card} as a trophy.")
TAKES_HAND = phrase(f"{P}event.takes_hand", "{who} takes {card} into hand.")
LOOT = phrase(f"{P}event.loot", "{parts}", "parts: what a successful hunt brings, sentence by sentence")
LEAVES_CARD = phrase(f"{P}event.leaves_card", "{who} leaves {card} in the row.")
RETRY_TRY = phrase(f"{P}event.retry_try", "{who} tries the replacement card {card} ({key}).")
RETRY_HOME = phrase(f"{P}event.retry_home", "{who}'s hunters go home from the replacement card {card} ({key}).")
NO_ORANGE = phrase(f"{P}event.no_orange", "{who} has no orange disc for a husband of {card}.")
COURTS_SURE = phrase(f"{P}event.courts_sure", "{who} courts {card}: sure success!")
COURTS_OK = phrase(f"{P}event.courts_ok", "{who} courts {card}: rolls {roll} — success!")
COURTS_REFUSED = phrase(f"{P}event.courts_refused", "{who} courts {card}: rolls {roll} — refused.")
MARRIES = phrase(f"{P}event.marries", "{who}'s hunter marries {card}.")
GENES = phrase(f"{P}event.genes", "{who}'s genes spread: a wanderer of {who} replaces a hunter of {victim}.")
DOMESTIC = phrase_n(f"{P}event.domestic", "{who}'s {card}: {n} baby.", "{who}'s {card}: {n} babies.")
FREES = phrase(f"{P}event.frees", "{who} frees {disc} ({holder}).")
RESOLVES_NEXT = phrase(f"{P}event.resolves_next", "{who} resolves {place} next.")
ALPHA_POWER = phrase(f"{P}event.alpha_power", "{who}'s alpha uses its power on {key}.")
ALPHA_ROLLS = phrase(f"{P}event.alpha_rolls", "{who}'s alpha rolls like the others on {key}.")
DISCARDS = phrase(f"{P}event.discards", "{who} discards {card}.")
OPENS = {c: phrase(f"{P}event.portal.{c}", f"{{who}} opens {article} {name} portal on {{slot}}.")
         for c, article, name in (("o", "an", "orange"), ("w", "a", "white"), ("k", "a", "black"))}
NEOLEXIA = phrase(f"{P}event.neolexia", "{who} uses neolexia and frees {disc}.")
TAMES = phrase(f"{P}event.tames", "{who} domesticates {card}.")
INVENTS = phrase(f"{P}event.invents", "{who} invents {card}.")
CONVERTS = phrase(f"{P}event.converts", "{who} becomes linguistically fluent and converts to tribal culture!")

# ---- refusals
NOT_LEGAL = phrase(f"{P}refuse.not_legal", "'{typed}' is not a legal move now ({phase}). Try: {sample}",
                   "typed: what the player typed; phase: the phase's name; sample: a few legal notations")
R_BID_RANGE = phrase_n(f"{P}refuse.bid_range", "You cannot bid {typed} now: a bid now is {low} to {n} disc.",
                       "You cannot bid {typed} now: a bid now is {low} to {n} discs.",
                       "low, n: the smallest and the largest bid allowed")
R_PARTY_MOST = phrase_n(f"{P}refuse.party_most", "You cannot send {typed} to {key}: {n} hunter at most now.",
                        "You cannot send {typed} to {key}: {n} hunters at most now.",
                        "n: the most hunters this seat may send there now")
R_SULTAN_BACK = phrase(f"{P}refuse.sultan_back", "The sultan's privilege does not move a husband back: your husbands "
                                                 "were already placed so during this phase 2.")
NOT_LEGAL_HAND = phrase(f"{P}refuse.not_legal_hand", "'{typed}' is not a legal move now ({phase}). Your choices name "
                                                     "your hand cards: see the buttons, the autocomplete or `/hand`.")
WRONG_PHASE = phrase(f"{P}refuse.wrong_phase", "That move does not fit this phase.")
ALONE_SOLO = phrase(f"{P}refuse.alone_solo",
                    "Alone, start Neanderthal with the option mode=solo (you run all three species).")
SOLO_ONE = phrase(f"{P}refuse.solo_one", "mode=solo is for one player; use mode=coop for a co-operative table.")

# ---- move labels
L_SEX = {s: phrase(f"{P}label.sex.{s}", s.capitalize()) for s in ("harem", "libertine", "monogamy")}
L_ORDER = phrase(f"{P}label.order", "Order {order}", "order: seat letters, first to last")
L_TAKE_TROPHY = phrase(f"{P}label.take_trophy", "Take {card} as a trophy")
L_TAKE_HAND = phrase(f"{P}label.take_hand", "Take {card} into hand")
L_LEAVE = phrase(f"{P}label.leave", "Leave {card} in the row")
L_TRY = phrase(f"{P}label.try", "Hunt the replacement card {card}")
L_GO_HOME = phrase(f"{P}label.go_home", "Go home without hunting {card}")
L_POWER = phrase(f"{P}label.power", "Alpha counts as a 1 on {key}")
L_ROLL = phrase(f"{P}label.roll", "Alpha rolls like the others on {key}")
L_NEXT_AT = phrase(f"{P}label.next_at", "Resolve {slot} {card} next", "slot: N3, S1 or a daughter's place B2")
L_LOSE = phrase(f"{P}label.lose", "Lose {what}")
L_SEND = phrase(f"{P}label.send", "Send a wanderer to {seat}")
L_DISCARD = phrase(f"{P}label.discard", "Discard {card}")
L_FREE = phrase(f"{P}label.free", "Free the {colour} disc of {holder}")
L_LOSE_FLIP = phrase(f"{P}label.lose_flip", "Lose {what}, flip sexuality")
L_KEEP = phrase(f"{P}label.keep", "Keep sexuality")
L_FLIP = phrase(f"{P}label.flip", "Flip sexuality")
L_HIT = phrase(f"{P}label.hit", "Hit {seat}")
L_LOSE_ALPHA = phrase(f"{P}label.lose_alpha", "Lose the alpha")
L_LOSE_HUSBAND = phrase(f"{P}label.lose_husband", "Lose the husband")
L_LOSE_CUBE = phrase(f"{P}label.lose_cube", "Lose a hunter")
L_LOSE_WANDERER = phrase(f"{P}label.lose_wanderer", "Lose a wanderer of {seat}")
L_BID = phrase_n(f"{P}label.bid", "Bid {n} disc", "Bid {n} discs")
L_BID_HALF = phrase_n(f"{P}label.bid_half", "Bid {n} disc (worth {value}, harem)", "Bid {n} discs (worth {value}, harem)")
L_PASS = phrase(f"{P}label.pass", "Pass")
L_PAY = phrase(f"{P}label.pay", "Pay {discs}")
L_ALPHA_TO = phrase(f"{P}label.alpha_to", "Alpha to {card}")
L_HUNTERS_TO = phrase_n(f"{P}label.hunters_to", "{n} hunter to {card}", "{n} hunters to {card}")
L_PROMOTE = phrase(f"{P}label.promote", "Promote a hunter to {elder}")
L_WED = phrase(f"{P}label.wed", "Husband for {card}")
L_ALPHA_SWAP = phrase(f"{P}label.alpha_swap", "Swap a hunter for the alpha")
L_ALPHA_HUSBAND = phrase(f"{P}label.alpha_husband", "A hunter takes the alpha's place as husband")
L_RECALL_ELDER = phrase(f"{P}label.recall_elder", "{elder} back to hunting")
L_RECALL_HUSBAND = phrase(f"{P}label.recall_husband", "Husband of {card} back to hunting")
L_SULTAN = phrase(f"{P}label.sultan", "Move a husband (sultan's privilege)")
L_DONE = phrase(f"{P}label.done", "Done assigning")
L_COURT = phrase(f"{P}label.court", "Court {card}")
L_ALPHA_COURTS = phrase(f"{P}label.alpha_courts", "Alpha courts {card}")
L_PORTAL = phrase(f"{P}label.portal", "Portal: {colour} on {slot}")
L_NEO_ELDER = phrase(f"{P}label.neo_elder", "Neolexia: mature the {elder}")
L_NEO_DAUGHTER = phrase(f"{P}label.neo_daughter", "Neolexia: free {colour} from {card}")
L_NEO_HUSBAND = phrase(f"{P}label.neo_husband", "Neolexia: mature the husband of {card}")
L_TAME = phrase(f"{P}label.tame", "Domesticate {card}")
L_TOOL = phrase(f"{P}label.tool", "Make {card} ({by})")
L_NO_ACTION = phrase(f"{P}label.no_action", "No action")
L_ASK = phrase(f"{P}label.ask", "{seat} leaves {key}{deal}", "deal: one of the optional parts below (or empty)")
L_RETREAT = phrase(f"{P}label.retreat", "Retreat from {key} ({seat} agrees){deal}")
D_MARRIES = phrase(f"{P}deal.marries", " and marries {card}")
D_MARRYING = phrase(f"{P}deal.marrying", ", one marrying {seat}'s {card}")
D_GIVE = phrase(f"{P}deal.give", ", you give {card}")
D_GET_HAND = phrase(f"{P}deal.get_hand", ", {seat} gives a hand card")
D_GET = phrase(f"{P}deal.get", ", {seat} gives {card}")
D_SWAP_HAND = phrase(f"{P}deal.swap_hand", ", {card} for a hand card")
D_SWAP = phrase(f"{P}deal.swap", ", {card} for {other}")
L_COOP_SWAP = phrase(f"{P}label.coop_swap", "Give {gift}, get {want} from {seat}")
ICARD_OF = phrase(f"{P}label.icard_of", "an I card of {seat}'s choice")
L_DIVORCE = phrase(f"{P}label.divorce", "Husband leaves {card}")
L_REFUSE = phrase(f"{P}label.refuse", "Refuse (ook ook)")
L_ACCEPT = phrase(f"{P}label.accept", "Accept (ook!)")
L_ACCEPT_GIVING = phrase(f"{P}label.accept_giving", "Accept, giving {card}")
L_END_NEGO = phrase(f"{P}label.end_nego", "End negotiations")

# ---- the final summary (J: victory points by the sexuality card; K2: the co-operative goal)
WINS = phrase_n(f"{P}result.wins", "{winners} wins with {best} VP.", "{winners} win with {best} VP.",
                "n: how many share the victory")
COOP_WIN = phrase(f"{P}result.coop_win", "Co-operative victory: two species survive with domestic animals.")
COOP_LOSS = phrase(f"{P}result.coop_loss",
                   "Co-operative defeat: fewer than two species survive with domestic animals.")
SUMMARY = phrase(f"{P}result.summary", "{head}\n{players}")
SCORE_LINE = phrase(f"{P}result.line", "{who} ({sex}): {total} VP = {parts}", "parts: the items below")
COOP_LINE = phrase(f"{P}result.coop_line", "{line} · {status}")
ALIVE_DOMESTIC = phrase(f"{P}result.alive_domestic", "alive, with a domestic animal")
ALIVE_ONLY = phrase(f"{P}result.alive_only", "alive, no domestic animal")
EXTINCT = phrase(f"{P}result.extinct", "extinct")
NO_POINTS = phrase(f"{P}result.no_points", "nothing")
SCORE_PART = {kind: phrase_n(f"{P}score.{kind}", one, other) for kind, one, other in (
    ("hunter", "{vp} for {n} unassigned hunter", "{vp} for {n} unassigned hunters"),
    ("alpha", "{vp} for the alpha", "{vp} for the alpha"),
    ("elder", "{vp} for {n} elder", "{vp} for {n} elders"),
    ("husband", "{vp} for {n} husband", "{vp} for {n} husbands"),
    ("daughter", "{vp} for {n} daughter card", "{vp} for {n} daughter cards"),
    ("bonus", "{vp} for daughters' bonuses", "{vp} for daughters' bonuses"),
    ("disc", "{vp} for {n} vocabulary disc", "{vp} for {n} vocabulary discs"),
    ("trophy", "{vp} for {n} trophy", "{vp} for {n} trophies"),
    ("invention", "{vp} for {n} invention", "{vp} for {n} inventions"),
    ("domestic", "{vp} for {n} domestic animal", "{vp} for {n} domestic animals"))}


_LABELS: dict = {}


def shared_label(p, **params) -> Said:
    """The label of a move the builders keep for every state (hunters to a card, a bid, a promotion):
    said once per text and shared by every such move, so a search keeps no object per move for it.
    Parameters are numbers, strings or terms (phrases without parameters)."""
    key = (p.key, *params.items())
    got = _LABELS.get(key)
    if got is None:
        got = _LABELS[key] = p(**{k: term(v) if callable(v) else v for k, v in params.items()})
    return got


def later(p, **params):
    """A move label said lazily: ``p(**params)`` on first read, parameters that are phrases (terms)
    or other ``later`` labels said then too."""
    def said() -> Said:
        return p(**{k: v() if callable(v) else v for k, v in params.items()})
    return said

# ---- the board's note on what the acting seats must decide (the view's "waiting")
W_BLIZZARD = phrase(f"{P}waiting.blizzard", "Blizzard: {seats}.", "seats: the lines below, one per tribe")
W_GIVE_UP = phrase_n(f"{P}waiting.give_up", "{who} must give up {n} dependant", "{who} must give up {n} dependants")
W_CHAOS = phrase_n(f"{P}waiting.chaos", "Chaos: {who} chooses what it loses.", "Chaos: {who} choose what they lose.",
                   "n: how many tribes choose")
W_BID_NONE = phrase(f"{P}waiting.bid_none", "Auction: no bid yet; {who} to bid or pass.")
W_BID_LEAD = phrase_n(f"{P}waiting.bid_lead", "Auction: {lead} leads with {n} disc; {who} to bid or pass.",
                      "Auction: {lead} leads with {n} discs; {who} to bid or pass.")
W_PAY = phrase_n(f"{P}waiting.pay", "{who} chooses which discs pay its bid of {n} disc.",
                 "{who} chooses which discs pay its bid of {n} discs.")
W_RELEASE = phrase(f"{P}waiting.release", "{who} chooses which {colour} disc is freed.")
W_TARGET = phrase_n(f"{P}waiting.target", "Attack on {key}: {who} chooses whom the hit strikes ({n} left).",
                    "Attack on {key}: {who} chooses whom a hit strikes ({n} left).")
W_VICTIM = phrase(f"{P}waiting.victim", "Attack on {key}: {who} chooses which hunter dies.")
W_TAKE_TROPHY = phrase(f"{P}waiting.take_trophy", "{who} may take {card} ({key}) as a trophy.")
W_TAKE_HAND = phrase(f"{P}waiting.take_hand", "{who} may take {card} ({key}) into hand.")
W_RETRY = phrase(f"{P}waiting.retry", "{who} may hunt the replacement card {card} ({key}) or go home.")
W_HUNT_ORDER = phrase(f"{P}waiting.hunt_order", "{who} (first player) chooses which hunt is resolved next: {keys}.")
W_HUNT_ORDER_OWN = phrase(f"{P}waiting.hunt_order_own", "{who} chooses which of its uncontested hunts is resolved "
                          "next: {keys}.")
W_ALPHA = phrase(f"{P}waiting.alpha", "{who} decides whether its alpha uses its power on {key}.")
W_EXPAT = phrase_n(f"{P}waiting.expat", "{who} chooses where its {n} wanderer goes.",
                   "{who} chooses where its {n} wanderers go.")

# ---- /hand and /game status
HAND_EMPTY = phrase(f"{P}hand.empty", "Your hand is empty (it may hold one card per mature elder: {limit} now).")
HAND_HEAD = phrase(f"{P}hand.head", "Hand ({n}/{limit}):")
HAND_BABIES = phrase_n(f"{P}hand.babies", "{n} baby", "{n} babies")
HAND_DOMESTIC = phrase(f"{P}hand.domestic", "• {card} — D: domestic animal, {babies}, frees {frees}  (`{slug}`)",
                       "frees: disc colour letters; slug: what to type")
HUNT_KIND = {k: phrase(f"{P}hunt_kind.{k}", name) for k, name in (
    ("big", "big game"), ("small", "small game"), ("club", "club"), ("flint", "flint"))}
HAND_INVENTION = phrase(f"{P}hand.invention", "• {card} — I: turns 3s into 1s on {kind} hunts  (`{slug}`)")
HAND_INVENTION_WEAPON = phrase(f"{P}hand.invention_weapon",
                               "• {card} — I: turns 3s into 1s on {kind} hunts, weapon (war parties)  (`{slug}`)")
STATUS = phrase_n(f"{P}status.round", "Round {round} ({n} event card left) · {event} · {phase}",
                  "Round {round} ({n} event cards left) · {event} · {phase}")
STATUS_SETUP = phrase_n(f"{P}status.setup", "Set-up ({n} event card to come) · {phase}",
                        "Set-up ({n} event cards to come) · {phase}")

# ---- the move picker (rules/neanderthal/steps.py): each tap's question and option
Q_SEX = phrase(f"{P}ask.sex", "Which sexuality does your species take?")
Q_ORDER = phrase(f"{P}ask.order", "War council: in which order do the tribes play this round?")
Q_CHAOS = phrase(f"{P}ask.chaos", "Chaos: what do you lose?")
Q_BLIZZARD = phrase(f"{P}ask.blizzard", "Blizzard: which dependant can you not feed?")
Q_EXPAT = phrase(f"{P}ask.expat", "Expatriation: which tribe does your wanderer join?")
Q_BID = phrase(f"{P}ask.bid", "Culture auction for {card}: how many discs do you bid?")
Q_PAY = phrase(f"{P}ask.pay", "Which discs go on your new daughter?")
Q_PAY_ORANGE = phrase(f"{P}ask.pay_orange", "How many orange discs go on your new daughter?")
Q_PAY_REST = phrase(f"{P}ask.pay_rest", "And the other discs?")
Q_DISCARD = phrase(f"{P}ask.discard", "Your hand is over its limit: which card do you discard?")
Q_ASSIGN = phrase(f"{P}ask.assign", "Assignment: where do your hunters go (or are you done)?")
Q_HOW_MANY = phrase(f"{P}ask.how_many", "Who goes to {place}?", "place: a biome card, N3 Irish Elk")
Q_PROMOTE = phrase(f"{P}ask.promote", "Which elder does a hunter become?")
Q_WED = phrase(f"{P}ask.wed", "Which of your daughters gets a husband?")
Q_COURT = phrase(f"{P}ask.court", "Which daughter do you court?")
Q_SUITOR = phrase(f"{P}ask.suitor", "Who courts {place}?")
Q_RECALL = phrase(f"{P}ask.recall", "Endangered species: who goes back to hunting?")
Q_SULTAN_FROM = phrase(f"{P}ask.sultan_from", "Sultan's privilege: which husband moves?")
Q_SULTAN_TO = phrase(f"{P}ask.sultan_to", "To which unmarried daughter?")
Q_NEGO = phrase(f"{P}ask.nego", "Negotiations: with whom (or are you done)?")
Q_NEGO_WHAT = phrase(f"{P}ask.nego_what", "What do you propose to {seat}?")
Q_DEAL = phrase(f"{P}ask.deal", "What comes with it?")
Q_DEAL_WED = phrase(f"{P}ask.deal_wed", "Which daughter marries one of the leaving hunters?")
Q_DEAL_GIVE = phrase(f"{P}ask.deal_give", "Which card do you give?")
Q_DEAL_GET = phrase(f"{P}ask.deal_get", "Which card do you ask of {seat}?")
Q_DEAL_SWAP = phrase(f"{P}ask.deal_swap", "Which of your cards do you exchange?")
Q_DEAL_FOR = phrase(f"{P}ask.deal_for", "For which of {seat}'s cards?")
Q_COOP_GIVE = phrase(f"{P}ask.coop_give", "What do you give {seat}?")
Q_COOP_GET = phrase(f"{P}ask.coop_get", "What do you get in return?")
Q_DIVORCE = phrase(f"{P}ask.divorce", "Which of your husbands leaves his wife?")
Q_ANSWER = phrase(f"{P}ask.answer", "Your answer to the proposal:")
Q_HIT = phrase(f"{P}ask.hit", "Attack: whom does the hit strike?")
Q_VICTIM = phrase(f"{P}ask.victim", "Which of your hunters dies?")
Q_NEXT = phrase(f"{P}ask.next", "Which contested hunt is resolved next?")
Q_ALPHA = phrase(f"{P}ask.alpha", "Does your alpha use its power on {place}?")
Q_TAKE = phrase(f"{P}ask.take", "A successful hunt: do you take {card}?")
Q_RELEASE = phrase(f"{P}ask.release", "Which {colour} disc does the success free?")
Q_ACTION = phrase(f"{P}ask.action", "Phase 6: which action do you take?")
S_HUNT_AT = phrase(f"{P}step.hunt_at", "Hunt {place}")
S_HUNTERS = phrase_n(f"{P}step.hunters", "{n} hunter", "{n} hunters")
S_THE_ALPHA = phrase(f"{P}step.the_alpha", "The alpha")
S_A_HUNTER = phrase(f"{P}step.a_hunter", "A hunter")
S_PROMOTE = phrase(f"{P}step.promote", "Promote a hunter to elder")
S_WED = phrase(f"{P}step.wed", "A husband for one of your daughters")
S_COURT = phrase(f"{P}step.court", "Court a daughter")
S_RECALL = phrase(f"{P}step.recall", "A tribesman back to hunting")
S_SULTAN_FROM = phrase(f"{P}step.sultan_from", "The husband of {card}")
S_SEAT = phrase(f"{P}step.seat", "{species} ({letter})", "species: a species' name; letter: its seat letter")
S_DIVORCE = phrase(f"{P}step.divorce", "A husband leaves his wife")
S_THEY_LEAVE = phrase(f"{P}step.they_leave", "Ask them to leave {place}")
S_YOU_RETREAT = phrase(f"{P}step.you_retreat", "Retreat from {place} with their leave")
S_COOP_TRADE = phrase(f"{P}step.coop_trade", "Trade a disc or an I card (co-operative)")
S_DEAL_NONE = phrase(f"{P}step.deal_none", "Nothing in exchange")
S_DEAL_WED = phrase(f"{P}step.deal_wed", "A marriage")
S_DEAL_GIVE = phrase(f"{P}step.deal_give", "You give a card")
S_DEAL_GET = phrase(f"{P}step.deal_get", "You ask for a card")
S_DEAL_SWAP = phrase(f"{P}step.deal_swap", "An exchange of cards")
S_PAY_ORANGE = phrase_n(f"{P}step.pay_orange", "{n} orange", "{n} orange")
S_PLACE = phrase(f"{P}step.place", "{slot} {card}", "slot: N3, S1 or a daughter's place B2; card: its name")
S_THEN = phrase(f"{P}step.then", "{first} · {then}", "one tap's option, then the next one's, said as one option")
S_POWER = phrase(f"{P}step.power", "Yes: it counts as a 1")
S_ROLL = phrase(f"{P}step.roll", "No: it rolls like the others")
Q_FLIP = phrase(f"{P}ask.flip", "Chaos: do you turn your sexuality card over?")
S_ORDER = phrase(f"{P}step.order", "Order: {order}", "order: the species, first to last")
S_WANDERER = phrase(f"{P}step.wanderer", "Lose a wanderer of {seat}", "seat: a species and its seat letter")
S_HAND_CARD = phrase(f"{P}step.hand_card", "{card} (hand card)")
S_THEIR_CHOICE = phrase(f"{P}step.their_choice", "A hand card of their choice")
PV_ROUND = phrase(f"{P}preview.round", "Then the next round begins: its event card is revealed once the move counts.")
PV_EVENTS = phrase(f"{P}preview.events",
                   "Then the round's events are resolved (cards drawn, dice rolled) once the move counts.")
PV_ATTACKS = phrase(f"{P}preview.attacks", "Then the attacks are rolled once the move counts.")
PV_HUNTS = phrase(f"{P}preview.hunts", "Then the hunts are rolled once the move counts.")
PV_DRAWN = phrase(f"{P}preview.drawn", "The row's new card is drawn from its deck once the move counts.")
PV_HANDS = phrase(f"{P}preview.hands", "Then the other tribes act or pass, as their hands allow, once the move counts.")
PV_LATER = phrase(f"{P}preview.later", "Then dice are rolled or cards revealed once the move counts.")
