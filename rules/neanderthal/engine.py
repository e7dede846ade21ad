"""The automatic parts of a round: set-up, the event card (D1–D6), the
auction resolution (D7), attacks and gathering (F2, F3), hunting (G),
domestic animals (H). ``advance`` runs them until some seat must decide."""

from __future__ import annotations

from rules.core import Event, Rng
from rules.kit.flow import Flow
from rules.wording import Said, english_lookup, listing, render, sentences

from . import phrases as ph
from .choices import asked_to_act, has_assignment
from .data import (
    BIOMES,
    COLOURS,
    CUBES,
    DAUGHTERS,
    SPECIES,
    SPECIES_ORDER,
)
from .data import SEXUALITY as SEXUALITY  # re-exported: callers read E.SEXUALITY
from .model import (
    ROWS,
    SEAT_IDS,
    WIDTH,
    ability_seats,
    add_babies,
    black_discs,
    event,
    free_husbands,
    hand_limit,
    has_elder,
    has_weapon,
    huntable,
    hunters,
    immature_holders,
    mature_elder,
    mpi_for,
    n_seats,
    order_index,
    parse_daughter_key,
    release_from,
    remove_daughter,
    remove_elder,
    remove_tableau_card,
    seat_name,
    send_cube_to_grave,
    slot_card,
    unseat_husband,
    vocab_total,
)
from .negotiation import start_negotiation
from .queries import (
    alpha_key,
    chaos_kinds,
    dependant_count,
    expat_targets,
    fighters_at,
    hit_targets,
    holder_said,
    husband_at,
    key_order,
    parties_at,
    place_said,
    release_options,
    sex_options,
    single_payment,
    units,
    victim_kinds,
)
from .queries import dependants as dependants  # re-exported: callers read E.dependants
from .shape import Cell, Player, State

SEXES = ("harem", "libertine", "monogamy")
EVENT_NAMES = {"cool": "global cooling", "warm": "global warming", "wurm": "Würm glaciation",
               "skull": "elder attrition", "chaos": "chaos", "blizzard": "blizzard", "eye": "expatriation"}


# ---------------------------------------------------------------- set-up


def new_player(seat: int, n: int, sexcard: int) -> Player:
    return {
        "pool": [6 if s == seat else 0 for s in range(n)],
        "grave": CUBES - 7,
        "alpha": "grave",
        "vocab": {c: 5 for c in COLOURS},
        "portals": {"venus": [], "shaman": [], "bison": []},
        "tribal": False,
        "elders": [None] * 6 + [{"imm": "k"}],
        "daughters": [], "trophies": [], "hand": [], "domestic": [], "inventions": [],
        "sexcard": sexcard, "sex": None, "mpi": [],
    }


def setup_state(seats: int, seed: int, coop: bool, solo: bool) -> State:
    rng = Rng(seed)
    if seats == 3:
        species = list(SPECIES_ORDER)
    else:
        species = list(SPECIES_ORDER)
        rng.shuffle(species)
        species = sorted(species[:2], key=SPECIES_ORDER.index)
    daughters = [d for d, v in DAUGHTERS.items() if v["culture"] in species]
    rng.shuffle(daughters)
    decks = {}
    rows = {}
    for r in ROWS:
        deck = [b for b, v in BIOMES.items() if v["row"] == r]
        rng.shuffle(deck)
        rows[r] = [[deck.pop(0), False] for _ in range(WIDTH)]
        decks[r] = deck
    cards = [0, 1, 2]
    rng.shuffle(cards)
    st: State = {
        "sp": species, "coop": coop, "solo": solo, "rng": rng,
        "round": 0, "phase": "sex", "events": daughters[:10], "unused": daughters[10:],
        "event": None, "order": list(range(seats)), "rows": rows, "decks": decks,
        "gone": [], "gone_down": [], "fresh": [], "parties": {}, "evq": [], "pend": {}, "bids": {}, "auc": None,
        "chaos_lost": [0] * seats, "fight": None, "alpha_use": {}, "alpha_ask": None, "offers": [], "hc": None,
        "cur": 0, "acted": [], "nego": None, "last": [],
        "pl": [new_player(s, seats, cards[s]) for s in range(seats)],
    }
    for s in range(seats):
        p = st["pl"][s]
        slot, colour = SPECIES[species[s]]["start_portal"]
        p["vocab"][colour] -= 1
        p["portals"][slot] = p["portals"][slot] + [colour]   # replaced: state copies share portal lists
        p["vocab"]["k"] -= 1  # the fire-keeper starts immature (C)
    return st


def choose_sexuality(st, seat, sex) -> None:
    p = st["pl"][seat]
    p["sex"] = sex
    for c in mpi_for(sex):
        p["vocab"][c] -= 1
        p["mpi"].append(c)



# ----------------------------------------------------------- the driver


# Phases where a seat decides and nothing runs by itself (advance returns at once). Phase 2 is
# "assign" where the current seat assigns, "assign_next" (a step) where the turn may pass on.
WAITING = frozenset(("sex", "council", "chaos", "blizzard", "expat", "bid", "pay", "discard", "nego", "alpha",
                     "take", "hunt_order", "retry", "over", "assign"))


# ``advance(st, ev)`` runs the automatic steps until a seat must decide or the game is over: the
# kit's driver (``FLOW``, rules.kit.flow) over ``STEPS`` (at the end of this module) and ``WAITING``.


# The automatic steps of a round, by phase: each runs on until the state's next phase, and
# returns True when it stops where a seat must decide (None or False: go on). A table, not a
# chain of tests: a search runs a dozen steps for every round.


def _assign_step(st, ev):
    """Phase 2 goes on with the first seat in order, from the current one, that still has an
    assignment to make (phase "assign", where it decides)."""
    order, cur = st["order"], st["cur"]
    while cur < len(order):
        if has_assignment(st, order[cur]):
            st["cur"] = cur
            st["phase"] = "assign"
            return True
        cur += 1
    st["cur"] = cur
    st["phase"] = "nego_start"


def _nego_end_step(st, ev):   # the last proposal answered, or every seat done (F1)
    to_discard(st, "combat")


def _fighting_step(st, ev):
    return st["fight"]["who"] is not None or fight_on(st, ev)


def _hunt_step(st, ev):
    start_hunting(st)


def _hunting_step(st, ev):
    if not continue_hunting(st, ev):
        return True
    to_discard(st, "domestic")


def _domestic_step(st, ev):
    st["rel"] = []
    domestic_phase(st, ev)
    st["acted"] = []
    st["rel_then"] = "action"
    st["phase"] = "release"


def _release_step(st, ev):
    if not settle_releases(st, ev):
        return True
    st["phase"] = st["rel_then"]


def _action_step(st, ev):
    auto_pass(st)
    if not all_acted(st):
        return True
    st["phase"] = "round"


def auto_pass(st) -> None:
    """Seats whose only choice in phase 6 is to pass, as every seat can tell, are not asked
    (choices.asked_to_act: a tribe holding cards its elders could play is asked, whatever they are)."""
    for seat in st["order"]:
        if seat not in st["acted"] and not asked_to_act(st, seat):
            st["acted"].append(seat)


def all_acted(st) -> bool:
    acted = st["acted"]
    for s in range(n_seats(st)):
        if s not in acted:
            return False
    return True


def over_limit(p) -> bool:
    """More cards in hand than mature elders (an empty hand never is)."""
    return bool(p["hand"]) and len(p["hand"]) > hand_limit(p)


def over_hand_limit(st) -> bool:
    for p in st["pl"]:
        if p["hand"] and len(p["hand"]) > hand_limit(p):   # over_limit
            return True
    return False


def to_discard(st, then: str) -> None:
    if over_hand_limit(st):   # some seat over_limit
        st["phase"] = "discard"
        st["pend"] = {"then": then}
    else:
        st["phase"] = then


# ------------------------------------------------------------ phase 1


def europe_frozen(st) -> bool:
    """No slot left to hunt (huntable: a card, not ice)."""
    rows = st["rows"]
    for cell in rows["N"] + rows["S"]:
        if cell is not None and not cell[1]:
            return False
    return True


def order_from_bar(st, card) -> list:
    bar = DAUGHTERS[card]["bar"]
    return [st["sp"].index(c) for c in bar if c in st["sp"]]


def end_game(st, ev) -> None:
    st["phase"] = "over"
    st["event"] = None
    ev.append(event(ph.now(ph.OVER)))


def start_round(st, ev) -> None:
    # J: the game ends after the last event card, or when Europe holds no card left to hunt
    # (a Europe emptied by trophies in phase 4 ends it here, once that round is played out)
    if not st["events"] or europe_frozen(st):
        end_game(st, ev)
        return
    card = st["events"].pop(0)
    st["event"] = card
    st["round"] += 1
    st["fresh"] = []
    st["chaos_lost"] = [0] * n_seats(st)
    st["order"] = order_from_bar(st, card)
    first = st["order"][0]
    info = DAUGHTERS[card]
    named = EVENTS_NAMED[card]
    ev.append(event(ph.now(ph.ROUND, round=st["round"], card=ph.card(card), events=named, who=seat_name(first)),
                       reveal=True))
    st["evq"] = list(info["events"])
    if n_seats(st) > 1 and mature_elder(st["pl"][first], 4):
        st["phase"] = "council"  # A2: the warrior lets the first player set the order
    else:
        st["phase"] = "events"


# Each daughter card's events as a phrase parameter (stored form, shared, never changed).
EVENTS_NAMED = {cid: listing([ph.term(ph.EVENT_NAME[e]) for e in info["events"]], "comma")
                for cid, info in DAUGHTERS.items()}


def run_events(st, ev) -> None:
    while st["evq"]:
        e = st["evq"].pop(0)
        if e == "cool":
            global_cooling(st, ev)
            if europe_frozen(st):
                # J « lorsque l'Europe est complètement remplie de glace »: the game ends at once,
                # the rest of the round (events, auction, hunting) is not played
                st["evq"] = []
                st["gone"].append(st["event"])
                ev.append(event(ph.now(ph.ICED)))
                end_game(st, ev)
                return
        elif e == "warm":
            global_warming(st, ev)
        elif e == "wurm":
            wurm(st, ev)
        elif e == "skull":
            dice = 1
            while st["evq"] and st["evq"][0] == "skull":
                st["evq"].pop(0)
                dice += 1
            elder_attrition(st, ev, dice)
        elif e == "chaos":
            if chaos(st, ev):
                return
        elif e == "blizzard":
            if blizzard(st, ev):
                return
        elif e == "eye":
            eyes = 1
            while st["evq"] and st["evq"][0] == "eye":
                st["evq"].pop(0)
                eyes += 1
            if expatriation(st, ev, eyes):
                return
    to_discard(st, "auction")


# D1 -------------------------------------------------------------------


def _lowest(st, row, allow_ice=False):
    """The slot of the row's least tough card (ice counts as the toughest, when allowed), the first
    of equals; None when there is none."""
    best = at = None
    for i, cell in enumerate(st["rows"][row]):
        if cell is None or (cell[1] and not allow_ice):
            continue
        t = 1000 if cell[1] else TOUGH[cell[0]]
        if best is None or t < best:
            best, at = t, i
    return at


TOUGH = {cid: info["tough"] for cid, info in BIOMES.items()}


def discard(st, cell) -> None:
    """A row's card leaves play (D1 « qui est défaussée »). Ice goes as it lay, face down: nobody
    has seen it, so it joins ``gone_down``, which an AI's determinisation redeals with the other
    unseen North cards (issue 29); a face-up card joins the open discard ``gone``."""
    if cell[1]:
        st["gone_down"] = st.get("gone_down", []) + [cell[0]]   # replaced: state copies may share it
    else:
        st["gone"].append(cell[0])


def take_from_deck(st, row: str) -> str:
    """The top card of a row's deck; the deck list is replaced, so state copies may share it."""
    deck = st["decks"][row]
    st["decks"][row] = deck[1:]
    return deck[0]


def global_cooling(st, ev) -> None:
    north, south = st["rows"]["N"], st["rows"]["S"]
    if not st["decks"]["N"]:
        ev.append(event(ph.now(ph.COOL_EMPTY)))
        return
    ice = [take_from_deck(st, "N"), True]
    i = _lowest(st, "N")
    if i is not None:
        moved = north[i]
        gone = south[i]
        north[i] = ice
        south[i] = moved
        if gone is not None:
            discard(st, gone)
        if gone:
            said = ph.now(ph.COOL_SLIDES_GONE, card=ph.card(moved[0]),
                          gone=ph.term(ph.ICE) if gone[1] else ph.card(gone[0]))
        else:
            said = ph.now(ph.COOL_SLIDES, card=ph.card(moved[0]))
        ev.append(event(said))
        return
    gaps = [j for j, c in enumerate(north) if c is None]
    if gaps:
        north[gaps[0]] = ice
        ev.append(event(ph.now(ph.COOL_GAP)))
        return
    # The North is all ice: push one ice card South to make room (D1).
    south_gaps = [j for j, c in enumerate(south) if c is None]
    j = south_gaps[0] if south_gaps else _lowest(st, "S", allow_ice=True)
    gone = south[j]
    south[j] = north[j]
    north[j] = ice
    if gone is not None:
        discard(st, gone)
    ev.append(event(ph.now(ph.COOL_SOLID)))


def global_warming(st, ev) -> None:
    north, south = st["rows"]["N"], st["rows"]["S"]
    if not st["decks"]["S"]:
        ev.append(event(ph.now(ph.WARM_EMPTY)))
        return
    new: Cell = [take_from_deck(st, "S"), False]
    i = _lowest(st, "S")
    if i is None:
        gaps = [j for j, c in enumerate(south) if c is None]
        i = gaps[0] if gaps else _lowest(st, "S", allow_ice=True)
    moved = south[i]
    south[i] = new
    # the optional parts of the sentence, said in their stored form ("" when they say nothing)
    shift: str | dict = ""
    if moved is not None and not moved[1]:
        above = north[i]
        if above is None:
            north[i] = moved
            shift = ph.stored(ph.WARM_NORTH, card=ph.card(moved[0]))
        elif above[1]:
            north[i] = [above[0], False]   # cells are replaced, never changed: copies share them
            st["gone"].append(moved[0])
            shift = ph.stored(ph.WARM_THAW, card=ph.card(above[0]), moved=ph.card(moved[0]))
        else:
            st["gone"].append(above[0])
            north[i] = moved
            shift = ph.stored(ph.WARM_PUSH, card=ph.card(moved[0]), above=ph.card(above[0]))
    elif moved is not None:
        discard(st, moved)   # southern ice pushed out, still face down
    melted = []
    for j, c in enumerate(south):
        if c is not None and c[1]:
            melted.append(ph.card(c[0]))
            south[j] = [c[0], False]
    melt = ph.stored(ph.WARM_MELT, cards={"list": melted, "style": "comma"}) if melted else ""   # listing()
    ev.append(event(ph.now(ph.WARM, card=ph.card(new[0]), shift=shift, melt=melt), reveal=True))


# D2–D3 ------------------------------------------------------------------


def wurm(st, ev) -> None:
    if not st["unused"]:
        return
    i = st["rng"].randbelow(len(st["unused"]))
    st["events"].append(st["unused"].pop(i))
    ev.append(event(ph.now(ph.WURM)))


def elder_attrition(st, ev, n_dice: int) -> None:
    for seat in st["order"]:
        p = st["pl"][seat]
        rolls = dice(st["rng"], n_dice)
        dead = []
        elders = p["elders"]
        for r in (rolls if n_dice == 1 else sorted(set(rolls))):
            if elders[r] is not None:   # has_elder
                remove_elder(st, seat, r)
                dead.append(ph.term(ph.ELDER[r]))
        rolled = " ".join(map(str, rolls))
        if dead:
            said = ph.now(ph.ATTRITION, who=seat_name(seat), rolls=rolled, dead={"list": dead}, n=len(dead))   # listing
        else:
            said = ph.now(ph.ATTRITION_NONE, who=seat_name(seat), rolls=rolled)
        ev.append(Event(None, seat, None, False, said))   # said_event(said, seat), written out


# D4 ---------------------------------------------------------------------


def chaos_immune(st, seat) -> bool:
    p = st["pl"][seat]
    if hunters(p) <= vocab_total(p):
        return True
    return p["tribal"] and mature_elder(p, 1)


def chaos_losses(p) -> int:
    h = hunters(p)
    return h // 2 if mature_elder(p, 6) else (h + 1) // 2


def flip_possible(st, seat) -> bool:
    p = st["pl"][seat]
    other = [s for s in sex_options(st, seat) if s != p["sex"]][0]
    need = mpi_for(other)
    free = dict(p["vocab"])
    for c in p["mpi"]:
        free[c] += 1
    return all(free[c] >= need.count(c) for c in COLOURS)



def chaos_kill(st, seat, kind, ev) -> None:
    """One chaos loss of the chosen kind (a seat index: a cube of that colour; "a": the alpha)."""
    p = st["pl"][seat]
    if kind == "a":
        p["alpha"] = "grave"
        what = ph.term(ph.IT_ALPHA)
    else:
        p["pool"][kind] -= 1
        send_cube_to_grave(st, kind)
        what = ph.term(ph.A_HUNTER) if kind == seat else ph.stored(ph.A_WANDERER, of=seat_name(kind))
    st["pend"][str(seat)]["kill"] -= 1
    ev.append(event(ph.now(ph.CHAOS_LOSES, who=seat_name(seat), what=what), seat=seat))


def chaos_settle(st, seat, ev) -> None:
    """Losses with nothing to choose are taken at once; then, with only one elder, it goes."""
    pend = st["pend"][str(seat)]
    while pend["kill"] > 0:
        kinds = chaos_kinds(st, seat)
        if len(kinds) > 1:
            return
        if not kinds:
            pend["kill"] = 0
            break
        chaos_kill(st, seat, kinds[0], ev)
    p = st["pl"][seat]
    elders = [r for r in range(1, 7) if has_elder(p, r)]
    if pend["elder"] and len(elders) <= 1:
        if elders:
            remove_elder(st, seat, elders[0])
            ev.append(event(ph.now(ph.CHAOS_ELDER, who=seat_name(seat), elder=ph.term(ph.ELDER[elders[0]])), seat=seat))
        pend["elder"] = False
    if not (pend["kill"] or pend["elder"] or pend["flip"]):
        del st["pend"][str(seat)]


def chaos(st, ev) -> bool:
    """D4: each tribe loses half its unassigned hunters, chosen by its player
    (D6 example: "Il choisit les deux chasseurs Errants"), and an elder of its
    choice; after a loss it may turn its sexuality card. True when someone must choose."""
    before = st.get("pend")
    st["pend"] = {}
    for seat in st["order"]:
        p = st["pl"][seat]
        if chaos_immune(st, seat):
            ev.append(event(ph.now(ph.CHAOS_IMMUNE, who=seat_name(seat)), seat=seat))
            continue
        loss = min(chaos_losses(p), hunters(p))
        st["chaos_lost"][seat] += loss
        elders = [r for r in range(1, 7) if has_elder(p, r)]
        lose_elder = bool(elders) and not mature_elder(p, 6)
        must = ph.CHAOS_MUST_ELDER if lose_elder else ph.CHAOS_MUST
        ev.append(event(must(who=seat_name(seat), n=loss), seat=seat))
        st["pend"][str(seat)] = {"kill": loss, "elder": lose_elder, "flip": loss > 0 and flip_possible(st, seat)}
        chaos_settle(st, seat, ev)
    if st["pend"]:
        st["phase"] = "chaos"
        return True
    st["pend"] = before
    return False


def flip_sexuality(st, seat, ev) -> None:
    p = st["pl"][seat]
    for c in p["mpi"]:
        p["vocab"][c] += 1
    p["mpi"] = []
    other = [s for s in sex_options(st, seat) if s != p["sex"]][0]
    for c in mpi_for(other):
        p["vocab"][c] -= 1
        p["mpi"].append(c)
    p["sex"] = other
    ev.append(event(ph.now(ph.FLIPS, who=seat_name(seat), sex=ph.term(ph.SEX[other])), seat=seat))


# D5 ---------------------------------------------------------------------



def blizzard_excess(st, seat) -> int:
    return max(0, dependant_count(st, seat) - hunters(st["pl"][seat]) // 2)


def blizzard(st, ev) -> bool:
    pend = {}
    for seat in st["order"]:
        need = blizzard_excess(st, seat)
        if need:
            pend[str(seat)] = need
            ev.append(event(ph.now(ph.BLIZZARD_SHORT, who=seat_name(seat), n=need), seat=seat))
    if pend:
        st["pend"] = pend
        st["phase"] = "blizzard"
        return True
    ev.append(event(ph.now(ph.BLIZZARD_FED)))
    return False


# D6 ---------------------------------------------------------------------



def expatriation(st, ev, eyes: int) -> bool:
    """D6: « Le joueur qui a perdu le plus de chasseurs lors d'un événement «chaos» » sends one
    wanderer per eye; ties go by player order. Ruling: when no tribe lost a hunter (every tribe
    immune, or no chaos this round), nobody lost the most and no wanderer leaves."""
    worst = max(st["order"], key=lambda s: (st["chaos_lost"][s], -order_index(st, s)))
    p = st["pl"][worst]
    n = min(eyes, p["grave"]) if st["chaos_lost"][worst] > 0 else 0
    targets = expat_targets(st, worst)
    if n == 0 or not targets:
        ev.append(event(ph.now(ph.EXPAT_NONE, )))
        return False
    if len(targets) == 1:
        send_expats(st, worst, targets[0], n, ev)
        return False
    st["pend"] = {"seat": worst, "left": n}
    st["phase"] = "expat"
    return True


def send_expats(st, seat, target, n, ev) -> None:
    st["pl"][seat]["grave"] -= n
    st["pl"][target]["pool"][seat] += n
    ev.append(event(ph.now(ph.EXPAT, n=n, who=seat_name(seat), target=seat_name(target)), seat=seat))


# D7 ---------------------------------------------------------------------


def bidders(st) -> list:
    card = st["event"]
    colours = DAUGHTERS[card]["bid"]
    out = []
    for seat in st["order"]:
        p = st["pl"][seat]
        if p["tribal"] and p["sex"] != "harem":
            continue
        vocab = p["vocab"]
        for c in colours:
            if vocab[c]:   # a disc of one of the card's colours
                out.append(seat)
                break
    return out


def open_auction(st, ev) -> None:
    """D7: an open auction. In player order each vocal seat (and a tribal
    harem, at half value) opens, matches or raises, or passes; it ends when
    every other bidder has passed since the last bid. Bids are numbers of
    discs: « vous n'avez pas besoin de spécifier la couleur des disques »;
    the winner picks the colours when paying."""
    st["bids"] = {}   # sealed answers only; the open auction lives in st["auc"]
    seats = bidders(st)
    if not seats:
        st["gone"].append(st["event"])
        ev.append(event(ph.now(ph.NOBODY_BIDS, card=ph.card(st["event"]))))
        st["phase"] = "assign_start"
        return
    st["auc"] = {"seats": seats, "turn": 0, "lead": None, "n": 0, "passes": 0}
    st["phase"] = "bid"



def play_bid(st, seat, n, ev) -> None:
    """One bid (a number of discs) or pass (None) by the seat whose turn it
    is; the turn passes to the next bidder other than the leader."""
    auc = st["auc"]
    # event(ph.now(…), seat=seat), made without the calls: a search bids at every third move
    if n is None:
        auc["passes"] += 1
        said = Said(ph.PASSES.key, {"who": seat_name(seat)})
    else:
        auc["lead"], auc["n"], auc["passes"] = seat, n, 0
        half = st["pl"][seat]["tribal"]
        bids = ph.BIDS_HALF if half else ph.BIDS
        said = Said(bids.key, {"who": seat_name(seat), "n": n, "card": ph.card(st["event"])})
    ev.append(Event(None, seat, None, False, said))   # said_event(said, seat), written out
    others = len(auc["seats"]) - (auc["lead"] in auc["seats"])   # the bidders other than the leader
    if auc["passes"] >= others:
        st["phase"] = "resolve_bids"
        return
    k = len(auc["seats"])
    for step in range(1, k + 1):
        nxt = (auc["turn"] + step) % k
        if auc["seats"][nxt] != auc["lead"]:
            auc["turn"] = nxt
            break



def resolve_auction(st, ev) -> None:
    card = st["event"]
    auc = st.get("auc") or {"lead": None}
    winner = auc["lead"]
    if winner is None:
        st["gone"].append(card)
        st["auc"] = None
        ev.append(event(ph.now(ph.NO_BID, card=ph.card(card))))
        finish_auction(st, None)
        return
    ev.append(event(ph.now(ph.WINS_AUCTION, who=seat_name(winner), card=ph.card(card), n=auc["n"]), seat=winner))
    way = single_payment(st, winner, auc["n"])   # payments(), when there is only one
    if way is not None:
        pay_auction(st, way, ev)
    else:
        st["phase"] = "pay"   # D7: the colours are named only now, by the winner


def pay_auction(st, discs: dict, ev) -> None:
    winner = st["auc"]["lead"]
    vocab = st["pl"][winner]["vocab"]
    placed = []
    for c in COLOURS:
        k = discs.get(c, 0)
        if k > 0:
            vocab[c] -= k
            placed += [c] * k
    p = st["pl"][winner]
    p["daughters"].append({"id": st["event"], "discs": placed, "hus": None})
    words = discs_said(discs)
    ev.append(event(ph.now(ph.PLACES, who=seat_name(winner), discs=words, card=ph.card(st["event"])), seat=winner))
    st["auc"] = None
    finish_auction(st, winner)


_DISCS_SAID: dict = {}


def discs_said(discs: dict) -> dict:
    """'2 orange, 1 black' as a phrase parameter (stored form), made once per payment and
    shared (never changed)."""
    key = tuple(map(discs.get, COLOURS, (0, 0, 0)))   # the discs of each colour
    got = _DISCS_SAID.get(key)
    if got is None:
        got = _DISCS_SAID[key] = listing([ph.DISCS_OF[c](n=discs[c]) for c in COLOURS if discs.get(c)], "comma")
    return got


def finish_auction(st, winner) -> None:
    st["bids"] = {}
    st["event_won"] = winner
    st["phase"] = "assign_start"


# ------------------------------------------------------------ phase 2


def start_assign(st, ev) -> None:
    st["cur"] = 0
    st["parties"] = {}
    st["placed"] = []
    recalls = st["recalls"] = {}
    for s, p in enumerate(st["pl"]):   # no hunter at all (hunters(p) == 0): two recalls (E4)
        recalls[SEAT_IDS[s]] = 0 if p["alpha"] == "pool" or sum(p["pool"]) else 2
    st["phase"] = "assign_next"


# ------------------------------------------------------------ phase 3



def kill_in_party(st, seat, party, n) -> int:
    """The victim picks: expatriates, then own cubes, then the alpha (D6)."""
    if n <= 0:
        return 0
    dead = 0
    counts = party["c"]
    pl = st["pl"]
    for s in OTHERS_FIRST[len(pl)][seat]:   # others_first
        while dead < n and counts[s] > 0:
            counts[s] -= 1
            pl[s]["grave"] += 1   # send_cube_to_grave
            dead += 1
    if dead < n and party["a"]:
        party["a"] = False
        st["pl"][seat]["alpha"] = "grave"
        dead += 1
    return dead


def others_first(st, seat) -> tuple:
    """The seats, the given one last (who loses hunters first: expatriates, D6)."""
    return OTHERS_FIRST[n_seats(st)][seat]


OTHERS_FIRST = {n: tuple(tuple([s for s in range(n) if s != seat] + [seat]) for seat in range(n)) for n in (1, 2, 3)}


def attack_order(st, seats) -> list:
    totem = ability_seats(st, "totem")
    return sorted(seats, key=lambda s: (0 if s in totem else 1,
                                        -black_discs(st["pl"][s]), order_index(st, s)))



def war_party(st, seat, key) -> bool:
    p = st["pl"][seat]
    if has_weapon(p):
        return True
    party = parties_at(st, key).get(str(seat))
    return bool(party and party["a"] and mature_elder(p, 4))


def combat_phase(st, ev) -> None:
    """F2: on each contested card, each tribe in attack order rolls once. Without a card
    where two sides meet, straight on to what fight_on does after the last attack."""
    for key in st["parties"]:
        if contested(st, key):
            break
    else:   # no card where two sides meet
        st["fight"] = None
        gathering(st, ev)
        st["phase"] = "hunt"
        return
    st["fight"] = {"keys": sorted(st["parties"], key=key_order), "key": None, "queue": [],
                   "att": None, "hits": 0, "vic": None, "who": None, "step": None}
    st["phase"] = "fighting"
    fight_on(st, ev)


def contested(st, key) -> bool:
    """Two seats or more would fight on the card: len(fighters_at(st, key)) > 1."""
    sides = 0
    for party in st["parties"][key].values():
        if party["a"] or any(party["c"]):
            sides += 1
    if sides > 1:
        return True
    if key[0] in "NS":
        return False
    return len(fighters_at(st, key)) > 1   # a husband defends his wife



def fight_kill(st, key, victim, kind, ev) -> None:
    if kind == "h":
        owner, i = parse_daughter_key(key)
        unseat_husband(st, owner, i, to_grave=True)
        what = ph.term(ph.IT_HUSBAND)
    else:
        party = parties_at(st, key)[str(victim)]   # the alpha or a hunter, lost from the victim's party there
        if kind == "a":
            party["a"] = False
            st["pl"][victim]["alpha"] = "grave"
            what = ph.term(ph.IT_ALPHA)
        else:
            party["c"][kind] -= 1
            send_cube_to_grave(st, kind)
            what = ph.term(ph.A_HUNTER) if kind == victim else ph.stored(ph.A_WANDERER, of=seat_name(kind))
    ev.append(event(ph.now(ph.LOSES_ON, who=seat_name(victim), what=what, place=place_said(st, key)), seat=victim))


def fight_on(st, ev) -> bool:
    """Run the attacks until a hit needs a choice: the attacker splits its hits among
    defenders, each victim picks which of its hunters dies (F2). True while waiting."""
    f = st["fight"]
    f["who"] = None
    for _ in range(10000):
        if f["hits"] > 0:
            key, att = f["key"], f["att"]
            enemies = hit_targets(st, key, att)
            if not enemies:
                f["hits"] = 0
                continue
            if f["vic"] is None:
                if len(enemies) > 1:
                    f["who"], f["step"] = att, "target"
                    return True
                f["vic"] = enemies[0]
            kinds = victim_kinds(st, key, f["vic"])
            if len(kinds) > 1:
                f["who"], f["step"] = f["vic"], "victim"
                return True
            if kinds:
                fight_kill(st, key, f["vic"], kinds[0], ev)
            f["hits"] -= 1
            f["vic"] = None
            continue
        if f["queue"]:
            seat = f["queue"].pop(0)
            fighters = fighters_at(st, f["key"])
            if fighters.get(seat, 0) == 0:
                continue
            if len(fighters) < 2:   # hit_targets: nobody else left to hit (strengths are never 0)
                f["queue"] = []
                continue
            hits, e = attack(st, seat, f["key"], fighters[seat])
            ev.append(e)
            f["att"], f["hits"], f["vic"] = seat, hits, None
            continue
        if f["keys"]:
            key = f["keys"].pop(0)
            fighters = fighters_at(st, key)
            if len(fighters) < 2:
                continue
            f["key"], f["queue"] = key, attack_order(st, list(fighters))
            continue
        break
    st["fight"] = None
    gathering(st, ev)
    st["phase"] = "hunt"
    return False



def attack(st, seat, key, strength):
    party = parties_at(st, key).get(str(seat))
    hus = husband_at(st, key)
    rolls = dice(st["rng"], strength)
    in_party = 0 if party is None else units(party)   # the dice past these are the husband's
    party_wp = in_party > 0 and war_party(st, seat, key)
    husband_wp = hus is not None and hus["imm"] is None   # a mature jealous husband is a war party
    hits = 0
    for i, r in enumerate(rolls):
        wp = party_wp if i < in_party else husband_wp
        if r == 1 or (wp and r == 2):
            hits += 1
    return hits, event(ph.now(ph.ATTACKS, who=seat_name(seat), place=place_said(st, key),
                                     rolls=" ".join(map(str, rolls)), n=hits), seat=seat)


def gathering(st, ev) -> None:
    gatherers = ability_seats(st, "gatherer")   # is_gatherer: that ability, or a libertine tribe
    for seat in st["order"]:
        if seat not in gatherers and st["pl"][seat]["sex"] != "libertine":
            continue
        got = 0
        me = str(seat)
        for key, parties in st["parties"].items():
            party = parties.get(me)
            if key[0] in "NS" and party and units(party) and huntable(st, key) \
                    and BIOMES[slot_card(st, key)[0]]["gather"]:
                got += add_babies(st, seat, 1)
        if got:
            ev.append(event(ph.now(ph.GATHERS, who=seat_name(seat), n=got), seat=seat))



# ------------------------------------------------------------ phase 4


def start_hunting(st) -> None:
    """A4: uncontested cards, then contested ones, then the predators."""
    placed = st.get("placed", [])
    fresh = st["fresh"]
    order = st["order"]
    first, second = [], []
    for k, parties in st["parties"].items():
        sides = 0   # the seats with someone there (units(p) > 0), and the last of them
        for s, p in parties.items():
            if p["a"] or any(p["c"]):
                sides += 1
                seat = s
        if not sides:
            continue
        if k[0] in "NS":
            cell = slot_card(st, k)
            if cell is not None and not cell[1] and BIOMES[cell[0]]["pred"] and k not in fresh:
                continue   # a predator (huntable): hunted last
        if sides > 1:   # contested
            second.append(k)
        else:   # A4: a player's uncontested cards, by default in the order it assigned them
            seat = int(seat)
            first.append((order.index(seat) if seat in order else seat,   # order_index
                          placed.index(k) if k in placed else len(placed), key_order(k), k, seat))
    first.sort()
    second.sort(key=key_order)
    hq = []
    lone = {}   # each player orders its own (A4): card key -> seat, never changed
    for entry in first:
        key = entry[3]
        hq.append(key)
        lone[key] = entry[4]
    st["hq"] = hq + second
    st["lone"] = lone
    st["contested"] = second   # the first player orders these (A4); the list shrinks as it chooses
    st["hunt_next"] = None
    st["hunt_who"] = None
    st["alpha_use"] = {}
    st["alpha_ask"] = None
    st["rel"] = []
    st["rel_then"] = "hunting"
    st["phase"] = "hunting"


def continue_hunting(st, ev) -> bool:
    """Hunt card after card; pause when a player must pick which disc a
    success frees (so a freshly matured elder helps the next hunt, G3)."""
    for _ in range(100):
        if st.get("offers"):
            st["phase"] = "take"
            return False
        if st.get("retry"):   # G7: a party on a replacement card chooses whether to hunt it
            st["phase"] = "retry"
            return False
        if over_hand_limit(st):   # G6: a card taken into a full hand is discarded at once
            to_discard(st, "hunting")
            return False
        if st.get("rel") and not settle_releases(st, ev):   # (nothing to settle: asked first)
            st["phase"] = "release"
            return False
        if st.get("hc"):
            hunt_on(st, ev)
            continue
        if st["hq"]:
            key = st["hq"][0]
            if key not in st["parties"]:
                st["hq"].pop(0)
                continue
            if key in (st.get("contested") or ()):
                key = next_card(st, [k for k in st["hq"] if k in st["parties"]])
                if key is None:
                    return False
                st["hq"].remove(key)
                st["hq"].insert(0, key)
            elif st["hunt_next"] != key and key in (st.get("lone") or ()):
                key = next_own_card(st, key)
                if key is None:
                    return False
            if ask_alpha(st, key):
                return False
            st["hq"].pop(0)
            st["hunt_next"] = None
            if key[0] in "NS":
                hunt_card(st, key, ev)
            else:
                court(st, key, ev)
            continue
        # every call clears its card; a second predator may receive the survivors
        preds = sorted(k for k, row in st["parties"].items() if any(p["a"] or any(p["c"]) for p in row.values()))
        if preds:
            key = next_card(st, preds)
            if key is None:
                return False
            if ask_alpha(st, key):
                return False
            st["hunt_next"] = None
            hunt_card(st, key, ev, predator=True)
            continue
        break
    if st.get("offers"):
        st["phase"] = "take"
        return False
    if over_hand_limit(st):
        to_discard(st, "hunting")
        return False
    if not settle_releases(st, ev):
        st["phase"] = "release"
        return False
    for key in list(st["parties"]):
        send_home(st, key)
    if st.get("offers"):
        st["phase"] = "take"
        return False
    st["parties"] = {}
    st["phase"] = "hunting"
    return True


def next_card(st, candidates, chooser=None):
    """A4: contested cards, then predators, go « dans l'ordre déterminé par le premier
    joueur »: with two or more left, the first player names the next one (phase
    "hunt_order"; None until it has). The table's default is the board order.
    ``chooser``: another seat naming it (a player's own uncontested cards)."""
    if len(candidates) == 1:
        return candidates[0]
    if st.get("hunt_next") in candidates:
        return st["hunt_next"]
    st["hunt_opts"] = list(candidates)
    st["hunt_who"] = chooser
    st["phase"] = "hunt_order"
    return None


def next_own_card(st, key):
    """A4 « Biomes Indisputés. Chaque joueur lance pour chacun de ses cartes courtisées
    indisputés et ses cartes biomes non-prédateurs, dans l'ordre de son choix »: the player
    whose uncontested card comes next names which of its own comes next (the queue's head
    moves there); None while it decides. Ruling: its first one is the card it assigned first
    (phase 2: nothing has been rolled yet to react to); after each result it names the next,
    when the order can still change something for it, that is when one of those hunts may
    free a disc (G3) while something of it waits for one (B3: an elder, husband, daughter or
    card to mature, a disc back in its vocabulary), as in G8 « Supposons que Cro-Magnon fasse
    d'abord une chasse fructueuse ailleurs, lui permettant de libérer le disque noir sous son
    Ancien ». Otherwise its cards go on in the order it assigned them."""
    lone = st["lone"]
    seat = lone[key]
    hq = st["hq"]
    mine = [k for k in hq if lone.get(k) == seat and k in st["parties"]]
    if len(mine) < 2 or all(k in hq for k, s in lone.items() if s == seat) or not order_matters(st, seat, mine):
        return key   # one card left, none rolled yet, or nothing the order can change
    chosen = next_card(st, mine, chooser=seat)
    if chosen is not None and chosen != key:
        st["hq"].remove(chosen)
        st["hq"].insert(0, chosen)
    return chosen


def order_matters(st, seat, keys) -> bool:
    """Whether hunting one of ``keys`` first may change another of them for the seat: one is a
    biome whose success frees discs, and the seat has a disc waiting on something (B3)."""
    if not immature_holders(st["pl"][seat]):
        return False
    for k in keys:
        if k[0] in "NS":
            cell = slot_card(st, k)
            if cell is not None and not cell[1] and BIOMES[cell[0]]["release"]:
                return True
    return False


def choose_next(st, key) -> None:
    if key in (st.get("contested") or []):
        st["contested"].remove(key)
    st["hunt_next"] = key
    st["hunt_opts"] = None
    st["hunt_who"] = None
    st["phase"] = "hunting"


def hunting_phase(st, ev, power=True) -> None:
    """The whole of phase 4 when nobody has a choice to make (tests, tools);
    every alpha with a power uses it (or none does: power=False), the first
    player takes contested cards and predators in board order, every party
    left on a replacement card hunts it (G7)."""
    start_hunting(st)
    while not continue_hunting(st, ev) and st["phase"] in ("alpha", "take", "hunt_order", "retry"):
        if st["phase"] == "take":
            answer_offer(st, True, ev)
        elif st["phase"] == "retry":
            answer_retry(st, True, ev)
        elif st["phase"] == "hunt_order":
            choose_next(st, st["hunt_opts"][0])
            continue
        else:
            seat, key = st["alpha_ask"]
            st["alpha_use"][alpha_key(key, seat)] = power
            st["alpha_ask"] = None
        st["phase"] = "hunting"



def settle_releases(st, ev) -> bool:
    """Free the queued discs that leave no choice; True once none is left."""
    while st.get("rel"):
        seat, colour = st["rel"][0]
        options = release_options(st, seat, colour)
        if len(options) > 1:
            return False
        st["rel"].pop(0)
        if options:
            release_from(st["pl"][seat], options[0], colour)
            ev.append(event(ph.FREES(who=seat_name(seat), disc=ph.term(ph.DISC_A[colour]),
                                        holder=holder_said(st, seat, options[0])), seat=seat))
    return True



def queue_release(st, seat, colours) -> None:
    for c in colours:
        st.setdefault("rel", []).append([seat, c])


def _single_seat(st, key) -> int:
    return next(int(s) for s, p in st["parties"][key].items() if units(p))


def send_home(st, key) -> None:
    row = st["parties"].get(key)
    if row:
        pl = st["pl"]
        for s, party in row.items():
            seat = int(s)
            p = pl[seat]
            pool = p["pool"]
            counts = party["c"]
            for owner, n in enumerate(counts):
                if n:
                    pool[owner] += n
                    counts[owner] = 0
            if party["a"]:
                party["a"] = False
                p["alpha"] = "pool"
            if party.get("loot"):
                for loot in party["loot"]:
                    bank_loot(st, seat, loot, [])
                party["loot"] = []
    st["parties"].pop(key, None)


def hunt_order(st, key) -> list:
    parties = st["parties"][key]
    seats = []
    for s, p in parties.items():
        if p["a"] or any(p["c"]):   # units(p) > 0
            seats.append(int(s))
    if len(seats) < 2:
        return seats
    totem = ability_seats(st, "totem")
    return sorted(seats, key=lambda s: (0 if s in totem else 1, units(parties[str(s)]),
                                        order_index(st, s)))


def alpha_power(p, kind: str) -> bool:
    """E5: knapper big game, trapper small game, warrior club (and courting)."""
    if kind == "big":
        return mature_elder(p, 3)
    if kind == "small":
        return mature_elder(p, 5)
    if kind == "club":
        return mature_elder(p, 4)
    return False



def ask_alpha(st, key) -> bool:
    """E5 « Préparation »: before a hunting roll, a player whose alpha has a power on
    this card decides whether to use it. True (phase "alpha") while someone must decide."""
    for party in st["parties"].get(key, {}).values():
        if party["a"]:
            break
    else:
        return False   # only an alpha has a power: most cards have none (asked first, for speed)
    if key[0] in "NS":
        cell = slot_card(st, key)
        if cell is None or cell[1]:   # huntable
            return False
        kind = BIOMES[cell[0]]["type"]
    else:   # G1: a daughter is courted « comme pour un biome Massue »
        owner, i = parse_daughter_key(key)
        daughters = st["pl"][owner]["daughters"]
        if i >= len(daughters):
            return False
        kind = "club"
    use = st.setdefault("alpha_use", {})
    parties = st["parties"].get(key, {})
    alphas = [s for s, party in parties.items() if party["a"]]   # only an alpha has a power
    if not alphas:
        return False
    for s in sorted(alphas):
        party = parties[s]
        seat = int(s)
        if key[0] not in "NS" and seat == owner and daughters[i]["hus"] is None:
            continue   # courting one's own unmarried daughter always succeeds: nothing to decide
        if party["a"] and alpha_power(st["pl"][seat], kind) and alpha_key(key, seat) not in use:
            st["alpha_ask"] = [seat, key]
            st["phase"] = "alpha"
            return True
    return False


def roll_party(st, seat, party, card, key=None) -> dict:
    """One hunting roll (G, G2, G0): faces, successes, attrition."""
    raw, faces, auto, successes, ok, deaths, multiple = _roll(st, seat, party, card, key)
    return {"raw": raw, "faces": faces, "auto": auto, "successes": successes,
            "ok": ok, "deaths": deaths, "multiple": multiple}


def _roll(st, seat, party, card, key) -> tuple:
    """roll_party's figures as a tuple (raw, faces, auto, successes, ok, deaths, multiple), which
    hunt_on reads without the dict (a search rolls for every party of every round)."""
    p = st["pl"][seat]
    info = BIOMES[card]
    alpha = party["a"]
    auto = alpha and alpha_power(p, info["type"]) and \
        (st.get("alpha_use") or {}).get(alpha_key(key, seat), True)
    rng = st["rng"]
    n = sum(party["c"]) + (1 if alpha else 0) - (1 if auto else 0)   # units
    raw = rng.rolls(n) if type(rng) is Rng else dice(rng, n)
    faces = raw
    if p["inventions"] and \
            any(BIOMES[c["id"]]["hand"]["mod"] == info["type"] for c in p["inventions"] if not c["discs"]):
        faces = [1 if r == 3 else r for r in raw]
    allf = faces + [1] if auto else faces
    successes = allf.count(1) + (allf.count(2) if info["star"] else 0)
    chief = p["elders"][6]   # mature_elder(p, 6): the fire-keeper's care
    lethal = LETHAL[card][0 if chief is not None and chief["imm"] is None else 1]
    deaths = sum(map(lethal.__contains__, faces))
    multiple = max(map(allf.count, set(allf))) if allf else 0   # doubles, triples… (G5, G6)
    return raw, faces, auto, successes, successes >= info["dice"], deaths, multiple


# The faces that kill a hunter on each card (G2): bloody ones, with the fire-keeper's care (E5);
# bloody and frozen ones without it.
LETHAL = {cid: (frozenset(info["bloody"]), frozenset(info["bloody"] + info["frozen"]))
          for cid, info in BIOMES.items() if "bloody" in info}


def dice(rng, n: int) -> list:
    """n six-sided dice: n calls of ``rng.roll()``. A plain Rng draws them in one call (``Rng.rolls``,
    the same draws; tests check the two agree); a scripted one is asked as it is."""
    if type(rng) is Rng:
        return rng.rolls(n)
    roll = rng.roll
    return [roll() for _ in range(n)]


def describe_roll(r) -> str:
    said = said_roll(r)
    return said if isinstance(said, str) else render(said, english_lookup)


def said_roll(r):
    """A hunting roll's dice, the faces an invention changed and the alpha's sure 1, as words."""
    return _said_roll(r["raw"], r["faces"], r["auto"])


def _said_roll(raw, faces, auto):
    text = " ".join(map(str, raw)) or "-"
    if faces != raw:
        text = ph.ROLL_MOD(dice=text, faces=" ".join(map(str, faces)))
    if auto:
        text = ph.ROLL_ALPHA(dice=text)
    return text if isinstance(text, str) else text.to_json()   # stored form: a parameter of ph.now


def hunt_card(st, key, ev, predator=False) -> bool:
    """Resolve every party on one biome in hunting order (A4, G3). False while a
    player decides whether to take a trophy or a hand card (G5, G6)."""
    st["hc"] = {"key": key, "pred": predator, "seats": hunt_order(st, key)}
    return hunt_on(st, ev)


def hunt_on(st, ev) -> bool:
    hc = st["hc"]
    key, predator = hc["key"], hc["pred"]
    seats = hc["seats"]
    while seats:
        if st.get("offers"):
            return False
        seat = seats.pop(0)
        cell = slot_card(st, key)
        if cell is None or cell[1]:   # not huntable any more
            seats = hc["seats"] = []
            continue
        party = st["parties"][key].get(SEAT_IDS[seat])
        if party is None or not (party["a"] or sum(party["c"])):   # units(party) == 0
            continue
        card = cell[0]
        info = BIOMES[card]
        p = st["pl"][seat]
        if key in st["fresh"]:
            if not all(p["vocab"][c] >= info["prereq"].count(c) for c in info["prereq"]):
                continue  # G7: a replacement card needs its own hunting tools
            if hc.get("tried") != seat:
                # G7 « les chasseurs d'autres tribus qui étaient sur cette carte peuvent tenter de chasser
                # la carte de remplacement »: they may; the party chooses (phase "retry"), the stated
                # exception to compulsory hunting (G « exception, voir G7 »)
                seats.insert(0, seat)
                st["retry"] = [seat, key]
                return False
            hc["tried"] = None
        raw, faces, auto, successes, ok, deaths, multiple = _roll(st, seat, party, card, key)   # roll_party
        dead = kill_in_party(st, seat, party, deaths) if deaths else 0
        survivors = sum(party["c"]) + (1 if party["a"] else 0)   # units(party)
        # the hunt's sentences in stored form (what ph.stored makes, sentences() takes)
        parts = [{"key": ph.HUNT_OK.key if ok else ph.HUNT_FAIL.key,
                  "params": {"who": seat_name(seat), "card": ph.card(card), "key": key, "n": survivors + dead,
                             "roll": _said_roll(raw, faces, auto)}}]
        if dead:
            parts.append(ph.stored(ph.HUNT_DEATHS, n=dead))
        trophy = hand = None
        if info["trophy"] and multiple >= info["trophy"]["mult"]:
            trophy = card
        elif info["hand"] and multiple >= info["hand"]["mult"] and survivors > 0 and p_has_mature_elder(p):
            hand = card
        # what a success brings (bank_loot); nothing at all after a plain failure
        gains = {"babies": info["babies"] if ok else 0, "release": list(info["release"]) if ok else [],
                 "trophy": trophy, "hand": hand, "key": key} if ok or trophy or hand else None
        loot = party.get("loot") or []
        onward = None
        if predator and loot:
            if successes == 0:
                parts.append(ph.term(ph.HUNT_STOLEN))
                party["loot"] = []
            else:
                keep = []
                for item in loot:
                    if item.get("then") and units(party) and huntable(st, item["then"][0]):
                        onward = item["then"][0]  # G4: the second, equally near predator attacks too
                        item["then"] = item["then"][1:]
                        keep.append(item)
                    else:
                        bank_loot(st, seat, item, [])
                party["loot"] = keep
        ev.append(Event(None, seat, None, False, Said(ph.HUNT.key, {"parts": {"sentences": parts}})))
        pred_key = None
        if ok and info["type"] == "big" and not predator and survivors > 0:
            preds = nearest_predators(st, key)
            if preds:
                pred_key = preds[0]
                assert gains is not None   # a success always gains
                gains["then"] = preds[1:]
        elif onward is not None:
            if gains is not None:
                bank_loot(st, seat, gains, ev)
            if ok:
                _home_others(st, key, seat)
            move_party(st, key, seat, onward)
            ev.append(event(ph.now(ph.PRED_TOO, card=ph.card(slot_card(st, onward)[0]), key=onward, who=seat_name(seat)),
                               seat=seat))
            if ok:
                seats = hc["seats"] = []
                continue
            continue
        if pred_key is not None:
            # G4: the gains wait for the predator's attack
            move_party(st, key, seat, pred_key)
            st["parties"][pred_key][str(seat)].setdefault("loot", []).append(gains)
            ev.append(event(ph.now(ph.PRED, card=ph.card(slot_card(st, pred_key)[0]), key=pred_key, who=seat_name(seat)),
                               seat=seat))
        else:
            if gains is not None:
                bank_loot(st, seat, gains, ev)
            if ok:
                _home_others(st, key, seat)
                seats = hc["seats"] = []
                continue
    if st.get("offers"):
        return False
    st["hc"] = None
    send_home(st, key)
    return True


def answer_retry(st, hunt: bool, ev) -> None:
    """G7: the party asked hunts the replacement card when its turn comes, or goes home now."""
    seat, key = st["retry"]
    st["retry"] = None
    cell = slot_card(st, key)
    said = ph.card(cell[0]) if cell is not None else ""
    if hunt:
        st["hc"]["tried"] = seat
        ev.append(event(ph.now(ph.RETRY_TRY, who=seat_name(seat), card=said, key=key), seat=seat))
        return
    st["hc"]["seats"].remove(seat)
    _home_seat(st, key, seat)
    ev.append(event(ph.now(ph.RETRY_HOME, who=seat_name(seat), card=said, key=key), seat=seat))


def p_has_mature_elder(p) -> bool:
    return any(mature_elder(p, r) for r in range(1, 7))


def _home_others(st, key, winner) -> None:
    """G3: winner takes all, the others go home without rolling."""
    for s in list(st["parties"].get(key, {})):
        if int(s) != winner:
            _home_seat(st, key, int(s))


def _home_seat(st, key, seat) -> None:
    """One seat's party on the card goes home (send_home, for that party alone)."""
    party = st["parties"][key].pop(str(seat))
    st["parties"]["__home"] = {str(seat): party}
    send_home(st, "__home")


def move_party(st, src, seat, dst) -> None:
    party = st["parties"][src].pop(str(seat))
    target = st["parties"].setdefault(dst, {}).get(str(seat))
    if target is None:
        st["parties"][dst][str(seat)] = party
        return
    for s in range(n_seats(st)):
        target["c"][s] += party["c"][s]
    target["a"] = target["a"] or party["a"]
    target.setdefault("loot", []).extend(party.get("loot") or [])


def nearest_predator(st, key):
    preds = nearest_predators(st, key)
    return preds[0] if preds else None


def nearest_predators(st, key) -> list:
    """G4: the closest active predator(s) in the row, ice blocks, gaps do not;
    two at the same distance both attack, the lower toughness first."""
    row = st["rows"][key[0]]
    i = int(key[1:]) - 1
    found = []
    for step in (-1, 1):
        j = i + step
        while 0 <= j < WIDTH:
            cell = row[j]
            if cell is not None and cell[1]:
                break
            pk = f"{key[0]}{j + 1}"
            if cell is not None and BIOMES[cell[0]]["pred"] and pk not in st["fresh"]:
                found.append((abs(j - i), BIOMES[cell[0]]["tough"], pk))
                break
            j += step
    if not found:
        return []
    found.sort()
    return [k for d, t, k in found if d == found[0][0]]


def bank_loot(st, seat, gains, ev) -> None:
    """Apply the results of a hunt: babies, discs; a trophy or a hand card is offered."""
    key = gains.get("key")
    bits = []
    if gains.get("babies"):
        got = add_babies(st, seat, gains["babies"])
        if got:
            bits.append(ph.now(ph.BABIES, who=seat_name(seat), n=got))
    if gains.get("release"):
        queue_release(st, seat, gains["release"])
    cell = slot_card(st, key) if key and (gains.get("trophy") or gains.get("hand")) else None
    if gains.get("trophy") and cell and cell[0] == gains["trophy"]:
        if st["coop"]:   # K2: « prendre un trophée (G5) est obligatoire »
            bits.append(take_card(st, seat, "trophy", gains["trophy"], key))
        else:            # G5: « peut être ajoutée à votre tableau »
            st.setdefault("offers", []).append([seat, "trophy", gains["trophy"], key])
    elif gains.get("hand") and cell and cell[0] == gains["hand"]:
        st.setdefault("offers", []).append([seat, "hand", gains["hand"], key])  # G6: « vous pouvez »
    if bits and ev is not None:
        ev.append(event(ph.now(ph.LOOT, parts=sentences(bits)), seat=seat))


def take_card(st, seat, kind, cid, key):
    p = st["pl"][seat]
    if kind == "trophy":
        st["rows"][key[0]][int(key[1:]) - 1] = None  # G7: a trophy leaves a gap
        p["trophies"].append(cid)
        return ph.TAKES_TROPHY(who=seat_name(seat), card=ph.card(cid))
    p["hand"].append(cid)
    refill(st, key)
    return ph.TAKES_HAND(who=seat_name(seat), card=ph.card(cid))


def answer_offer(st, take: bool, ev) -> None:
    """The first queued trophy (G5) or hand card (G6) is taken or left in its row."""
    seat, kind, cid, key = st["offers"].pop(0)
    cell = slot_card(st, key)
    refills = False
    if take and cell and cell[0] == cid:
        # a hand card taken is replaced from the row's face-down deck: a card comes to light, so
        # the move is an undo barrier (undo must never let a player take, look, and take back)
        refills = kind == "hand" and bool(st["decks"][key[0]])
        said = take_card(st, seat, kind, cid, key)
    else:
        said = ph.LEAVES_CARD(who=seat_name(seat), card=ph.card(cid))
    ev.append(event(said, seat=seat, reveal=refills))


def refill(st, key) -> None:
    """G7: a card taken into hand is replaced from the same row's deck."""
    row = key[0]
    i = int(key[1:]) - 1
    if st["decks"][row]:
        st["rows"][row][i] = [take_from_deck(st, row), False]
        st["fresh"].append(key)  # a new predator waits until next round
    else:
        st["rows"][row][i] = None


def court(st, key, ev) -> None:
    """G1: courting rolls in player order; the last success marries."""
    owner, i = parse_daughter_key(key)
    op = st["pl"][owner]
    if i >= len(op["daughters"]):
        send_home(st, key)
        return
    d = op["daughters"][i]
    suitors = sorted((int(s) for s, p in st["parties"][key].items() if units(p)), key=lambda s: order_index(st, s))
    groom = None
    for seat in suitors:
        party = st["parties"][key][str(seat)]
        p = st["pl"][seat]
        if seat == owner and op["vocab"]["o"] == 0 and not free_husbands(st, owner):
            # E3: a husband in one's own tableau sits on an orange disc (G1 « commence immature »);
            # without one (and no free promotion) the courting cannot succeed
            ev.append(event(ph.now(ph.NO_ORANGE, who=seat_name(seat), card=ph.card(d["id"])), seat=seat))
            continue
        # G1 « Un guerrier alpha réussit toujours », if it chose its power before the roll (E5)
        warrior = party["a"] and alpha_power(p, "club") and st.get("alpha_use", {}).get(alpha_key(key, seat), True)
        sure = warrior or (seat == owner and d["hus"] is None)
        roll = None if sure else st["rng"].roll()
        # G1 « comme pour un biome Massue » and G2 « les 3 obtenus aux dés deviennent des 1 »: a mature
        # invention acting on club biomes turns a courting 3 into a 1
        face = 1 if roll == 3 and invention_mod(p, "club") else roll
        ok = sure or (face is not None and face <= 2)   # not sure: a die was rolled
        courts = ph.COURTS_SURE if sure else ph.COURTS_OK if ok else ph.COURTS_REFUSED
        said_roll = roll if face == roll else ph.stored(ph.ROLL_MOD, dice=str(roll), faces=str(face))
        ev.append(event(ph.now(courts, who=seat_name(seat), card=ph.card(d["id"]), roll=said_roll) if not sure
                        else courts(who=seat_name(seat), card=ph.card(d["id"])), seat=seat))
        if not ok:
            continue
        if p["sex"] == "libertine":
            libertine_success(st, seat, owner, ev)
            continue
        groom = seat
    if groom is not None:
        party = st["parties"][key].pop(str(groom))
        alpha = party["a"]
        if d["hus"] is not None:
            unseat_husband(st, owner, i, to_grave=False)
        imm = None
        if groom == owner and not free_husbands(st, owner):
            op["vocab"]["o"] -= 1
            imm = "o"  # G1, E3: in one's own tableau the husband starts immature, on an orange disc
        d["hus"] = {"s": groom, "a": alpha, "imm": imm}
        if alpha:
            st["pl"][groom]["alpha"] = "husband"
        ev.append(event(ph.now(ph.MARRIES, who=seat_name(groom), card=ph.card(d["id"])), seat=groom))
    send_home(st, key)


def invention_mod(p, kind: str) -> bool:
    """A mature invention in the tableau whose phase-4 modifier acts on ``kind`` biomes (G2)."""
    for c in p["inventions"]:
        if not c["discs"] and BIOMES[c["id"]]["hand"]["mod"] == kind:
            return True
    return False


def libertine_success(st, seat, victim, ev) -> None:
    """G1: a libertine's success swaps one of the victim's hunters for a wanderer."""
    vp = st["pl"][victim]
    me = st["pl"][seat]
    if victim == seat or vp["pool"][victim] == 0 or me["grave"] == 0:
        return
    vp["pool"][victim] -= 1
    send_cube_to_grave(st, victim)
    me["grave"] -= 1
    vp["pool"][seat] += 1
    ev.append(event(ph.now(ph.GENES, who=seat_name(seat), victim=seat_name(victim)), seat=seat))


# ------------------------------------------------------------ phase 5


def domestic_phase(st, ev) -> None:
    for seat in st["order"]:
        p = st["pl"][seat]
        for c in list(p["domestic"]):
            if c["discs"]:
                continue
            dom = BIOMES[c["id"]]["hand"]
            got = add_babies(st, seat, dom["babies"])
            queue_release(st, seat, dom["release"])
            if got:
                ev.append(event(ph.now(ph.DOMESTIC, who=seat_name(seat), card=ph.card(c["id"]), n=got), seat=seat))


def drop_dependant(st, seat, code, ev) -> None:
    kind, idx = code[0], int(code[1:])
    if kind == "e":
        remove_elder(st, seat, idx)
        what = ph.term(ph.AN_ELDER)
    elif kind == "d":
        cid = remove_daughter_at(st, seat, idx - 1)
        what = ph.card(cid)
    else:
        cid = remove_tableau_card(st, seat, "domestic", idx - 1)
        what = ph.card(cid)
    ev.append(event(ph.now(ph.CANNOT_FEED, who=seat_name(seat), what=what), seat=seat))


def remove_daughter_at(st, seat, i) -> str:
    return remove_daughter(st, seat, i)




# advance's table of steps (see there); the phases not named here wait for a seat (WAITING) or end
STEPS = {
    "round": start_round, "events": run_events, "auction": open_auction, "resolve_bids": resolve_auction,
    "assign_start": start_assign, "assign_next": _assign_step, "nego_start": start_negotiation,
    "nego_end": _nego_end_step, "combat": combat_phase, "fighting": _fighting_step, "hunt": _hunt_step,
    "hunting": _hunting_step, "domestic": _domestic_step, "release": _release_step, "action": _action_step,
}
# the kit's driver (rules.kit.flow), which also checks that no phase both waits and runs
FLOW = Flow("neanderthal", STEPS, WAITING, key="phase", limit=200)
advance = FLOW.advance   # the driver's own method, bound once: one call fewer on every move
