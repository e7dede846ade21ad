"""The Neanderthal state (a plain dict, JSON-ready) and the small queries and
piece movements every phase shares. Seats are species: ``st["sp"][seat]`` is
"green", "yellow" or "red"; cubes and discs are counted per seat.

Layout of one player ``st["pl"][seat]``:
  pool      unassigned hunters, counts by species seat (own index = own cubes,
            the others are expatriates living with us)
  grave     own cubes in the common grave
  alpha     where the alpha cylinder is: grave | pool | party | husband
  vocab     free discs {"o","w","k"}
  portals   {"venus": [...], "shaman": [...], "bison": [...]}, each list replaced on change
  elders    [None, r1..r6] each None or {"imm": colour or None}, replaced on
            change, never changed in place (state copies share them)
  daughters [{"id", "discs": [...], "hus": None or {"s": seat, "a": bool, "imm": colour or None}}]
  trophies, hand  card ids;  domestic, inventions  [{"id", "discs"}]
            a card's "discs" list and a husband's dict are replaced on change, never
            changed in place (state copies share them; the card dicts are copied)
  sex       "harem" | "libertine" | "monogamy";  sexcard  index;  mpi  discs on it
"""

from __future__ import annotations

from rules.kit.events import said_event

from .data import BIOMES, COLOURS, CUBES, DAUGHTERS, SEXUALITY, SLOTS, SPECIES
from .phrases import CONVERTS

SEAT_LETTERS = "ABC"
SEAT_IDS = ("0", "1", "2")   # str(seat): how the state's dicts key a seat
ROWS = ("N", "S")
WIDTH = 6
ROW_KEYS = {r: tuple(f"{r}{i + 1}" for i in range(WIDTH)) for r in ROWS}   # "N1" … "N6", "S1" … "S6"


# ------------------------------------------------------------- events


# ``event(said, seat=…, reveal=…)``: the kit's fast constructor (a search makes thousands)
event = said_event


# ------------------------------------------------------------- queries


def n_seats(st) -> int:
    return len(st["sp"])


def player(st, seat):
    return st["pl"][seat]


def mature_elder(p, rank: int) -> bool:
    e = p["elders"][rank]
    return e is not None and e["imm"] is None


def has_elder(p, rank: int) -> bool:
    return p["elders"][rank] is not None


def mature_elders(p) -> int:
    """How many ranks 1–6 hold a mature elder (``mature_elder`` asked of each)."""
    n = 0
    for e in p["elders"][1:7]:
        if e is not None and e["imm"] is None:
            n += 1
    return n


def hand_limit(p) -> int:
    return mature_elders(p)


def vocab_total(p) -> int:
    return sum(p["vocab"].values())


def hunters(p) -> int:
    """Unassigned hunters, the alpha and expatriates included (D4, D5)."""
    return sum(p["pool"]) + (1 if p["alpha"] == "pool" else 0)


def daughter_active(st, seat, d) -> bool:
    """Mature (no discs) and, for monogamous species, married (E3)."""
    if d["discs"]:
        return False
    if st["pl"][seat]["sex"] == "monogamy" and d["hus"] is None:
        return False
    return True


ABILITY = {cid: info["ability"] for cid, info in DAUGHTERS.items()}


def has_ability(st, seat, ability) -> bool:
    """A mature daughter's ability, shared with her husband's tribe (G1)."""
    for owner, p in enumerate(st["pl"]):
        for d in p["daughters"]:
            if ABILITY[d["id"]] != ability or d["discs"]:
                continue
            h = d["hus"]   # daughter_active: a monogamous species' daughter needs a husband too
            if h is None and p["sex"] == "monogamy":
                continue
            if owner == seat or (h and h["s"] == seat and h["imm"] is None):
                return True
    return False


def ability_seats(st, ability) -> set:
    """The seats for which has_ability(st, seat, ability) holds, in one pass over the daughters:
    an active daughter's owner, and her mature husband's tribe."""
    out = set()
    for owner, p in enumerate(st["pl"]):
        for d in p["daughters"]:
            if ABILITY[d["id"]] != ability or d["discs"]:
                continue
            h = d["hus"]   # daughter_active: a monogamous species' daughter needs a husband too
            if h is None and p["sex"] == "monogamy":
                continue
            out.add(owner)
            if h and h["imm"] is None:
                out.add(h["s"])
    return out


def free_husbands(st, seat) -> bool:
    """E3 « à moins d'avoir la gratuité de la promotion en mari »: a mature
    daughter with that ability lets husbands be promoted without a disc."""
    return has_ability(st, seat, "husbands")


def daughter_bonus(d) -> int:
    """J: the VP bonus some daughters bring, once mature (no disc left on her)."""
    info = DAUGHTERS[d["id"]]
    return info.get("vp", 0) if info["ability"] == "vp" and not d["discs"] else 0


def is_gatherer(st, seat) -> bool:
    return st["pl"][seat]["sex"] == "libertine" or has_ability(st, seat, "gatherer")


def has_weapon(p) -> bool:
    return any(BIOMES[c["id"]]["hand"].get("weapon") and not c["discs"] for c in p["inventions"])


def portal_count(p) -> int:
    return sum(len(v) for v in p["portals"].values())


def portal_colours(p) -> set:
    if p["tribal"]:
        return set(COLOURS)
    return set().union(*p["portals"].values())


# The portal slots bordering each brain domain (E2).
DOMAIN_SLOTS: dict[str, list[str]] = {}
for _slot, _info in SLOTS.items():
    for _domain in _info["domains"]:
        DOMAIN_SLOTS.setdefault(_domain, []).append(_slot)
ALL_COLOURS = frozenset(COLOURS)


def domain_complete(p, domain: str) -> bool:
    """Portals of all three colours in the slots bordering the domain (E2)."""
    portals = p["portals"]
    first, second = DOMAIN_SLOTS[domain]
    a, b = portals[first], portals[second]
    if len(a) + len(b) < 3:
        return False   # three colours need three portals at least
    return set(a).union(b) == ALL_COLOURS


def conversion_threshold(st) -> int:
    return 6 if n_seats(st) < 3 or st.get("solo") else 5


def lazarus(st, seat) -> bool:
    """All own cubes dead (J1)."""
    return st["pl"][seat]["grave"] >= CUBES


def alive_cubes(st, seat) -> int:
    return CUBES - st["pl"][seat]["grave"]


def black_discs(p) -> int:
    return p["vocab"]["k"]


def empowered_alpha(p) -> bool:
    return any(mature_elder(p, r) for r in (3, 4, 5))


def card_name(cid: str) -> str:
    if cid in BIOMES:
        return BIOMES[cid]["name"]
    return DAUGHTERS[cid]["name"]


SEAT_NAMES = ("{p0}", "{p1}", "{p2}")   # placeholders the table replaces with the players' names


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < 3 else f"{{p{seat}}}"


DAUGHTER_KEYS = tuple(tuple(f"{letter}{i + 1}" for i in range(30)) for letter in SEAT_LETTERS)   # [owner][index]


def daughter_key(owner: int, index: int) -> str:
    """'A1' … : a daughter's place in its owner's tableau, as notations name it."""
    if 0 <= owner < 3 and 0 <= index < 30:
        return DAUGHTER_KEYS[owner][index]
    return f"{SEAT_LETTERS[owner]}{index + 1}"


def parse_daughter_key(key: str):
    return SEAT_LETTERS.index(key[0]), int(key[1:]) - 1


KEY_POS = {key: (r, i) for r in ROWS for i, key in enumerate(ROW_KEYS[r])}   # "N3" -> ("N", 2)


def slot_card(st, key: str):
    """(card id, is_ice) of a biome slot 'N3', or None for a gap."""
    r, i = KEY_POS[key]
    return st["rows"][r][i]


def huntable(st, key: str) -> bool:
    r, i = KEY_POS[key]
    cell = st["rows"][r][i]
    return cell is not None and not cell[1]


def biome_keys(st):
    return list(ROW_KEYS["N"] + ROW_KEYS["S"])


def order_index(st, seat) -> int:
    return st["order"].index(seat) if seat in st["order"] else seat


# -------------------------------------------------------- piece moves


def free_disc(p, colour: str) -> None:
    p["vocab"][colour] += 1


def take_disc(p, colour: str) -> None:
    assert p["vocab"][colour] > 0, "no such disc in vocabulary"
    p["vocab"][colour] -= 1


def send_cube_to_grave(st, species: int, n: int = 1) -> None:
    st["pl"][species]["grave"] += n


def add_babies(st, seat, n: int) -> int:
    """New hunters from the grave: cubes first, then the alpha (G3)."""
    p = st["pl"][seat]
    got = 0
    for _ in range(n):
        if p["grave"] > 0:
            p["grave"] -= 1
            p["pool"][seat] += 1
        elif p["alpha"] == "grave":
            p["alpha"] = "pool"
        else:
            break
        got += 1
    return got


def immature_holders(p):
    """Everything holding a disc that hunting or animals may release, in the
    order this implementation releases them (elders whose powers matter most
    first, then husbands, daughters, animals, inventions)."""
    out = []
    for r in (6, 3, 5, 4, 1, 2):
        e = p["elders"][r]
        if e is not None and e["imm"] is not None:
            out.append(("elder", r))
    for i, d in enumerate(p["daughters"]):
        if d["hus"] and d["hus"]["imm"] is not None:
            out.append(("hus", i))
    for i, d in enumerate(p["daughters"]):
        if d["discs"]:
            out.append(("daughter", i))
    for i, c in enumerate(p["domestic"]):
        if c["discs"]:
            out.append(("domestic", i))
    for i, c in enumerate(p["inventions"]):
        if c["discs"]:
            out.append(("invention", i))
    return out


def holder_discs(p, holder):
    kind, i = holder
    if kind == "elder":
        return [p["elders"][i]["imm"]]
    if kind == "hus":
        return [p["daughters"][i]["hus"]["imm"]]
    if kind == "daughter":
        return p["daughters"][i]["discs"]
    if kind == "domestic":
        return p["domestic"][i]["discs"]
    return p["inventions"][i]["discs"]


def release_from(p, holder, colour) -> bool:
    kind, i = holder
    if kind == "elder":
        if p["elders"][i]["imm"] != colour:
            return False
        p["elders"][i] = {**p["elders"][i], "imm": None}   # replaced, never changed: copies share elders
    elif kind == "hus":
        d = p["daughters"][i]
        if d["hus"]["imm"] != colour:
            return False
        d["hus"] = {**d["hus"], "imm": None}   # replaced, never changed: copies share husbands
    else:
        card = p[HOLDER_CARDS.get(kind, "inventions")][i]   # as holder_discs finds it
        if colour not in card["discs"]:
            return False
        card["discs"] = without(card["discs"], colour)   # replaced, never changed: copies share disc lists
    free_disc(p, colour)
    return True


HOLDER_CARDS = {"daughter": "daughters", "domestic": "domestic"}   # any other holder: an invention


def without(items: list, item) -> list:
    """A new list: ``items`` without the first ``item`` (what ``list.remove`` leaves)."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


def release(p, colours) -> list:
    """Free one committed disc of each colour given (B3), where one exists."""
    freed = []
    for colour in colours:
        for holder in immature_holders(p):
            if release_from(p, holder, colour):
                freed.append(colour)
                break
    return freed


def kill_from_pool(st, seat, n: int) -> int:
    """Remove n unassigned hunters: expatriates first (D6 assimilation), then
    own cubes, the alpha last. Returns how many died."""
    p = st["pl"][seat]
    dead = 0
    order = [s for s in range(n_seats(st)) if s != seat] + [seat]
    for s in order:
        while dead < n and p["pool"][s] > 0:
            p["pool"][s] -= 1
            send_cube_to_grave(st, s)
            dead += 1
    if dead < n and p["alpha"] == "pool":
        p["alpha"] = "grave"
        dead += 1
    return dead


def remove_elder(st, seat, rank) -> None:
    p = st["pl"][seat]
    e = p["elders"][rank]
    if e["imm"] is not None:
        free_disc(p, e["imm"])
    p["elders"][rank] = None
    send_cube_to_grave(st, seat)


def unseat_husband(st, owner, index, to_grave: bool) -> None:
    """Take the husband off a daughter: to the grave, or home. An ex-husband
    of another tribe joins the tableau owner's hunters (G1) unless an alpha."""
    p = st["pl"][owner]
    h = p["daughters"][index]["hus"]
    if h is None:
        return
    if h["imm"] is not None:
        free_disc(p, h["imm"])
    p["daughters"][index]["hus"] = None
    if h["a"]:
        st["pl"][h["s"]]["alpha"] = "grave" if to_grave else "pool"
    elif to_grave:
        send_cube_to_grave(st, h["s"])
    else:
        p["pool"][h["s"]] += 1


def remove_daughter(st, owner, index) -> str:
    p = st["pl"][owner]
    d = p["daughters"][index]
    unseat_husband(st, owner, index, to_grave=False)
    for c in d["discs"]:
        free_disc(p, c)
    p["daughters"].pop(index)
    st["gone"].append(d["id"])
    return d["id"]


def remove_tableau_card(st, seat, kind, index) -> str:
    p = st["pl"][seat]
    c = p[kind].pop(index)
    for colour in c["discs"]:
        free_disc(p, colour)
    st["gone"].append(c["id"])
    return c["id"]


def convert_if_fluent(st, seat, events) -> None:
    """Enough portals: flip to the tribal side, portals back to vocabulary (I1)."""
    p = st["pl"][seat]
    if p["tribal"] or portal_count(p) < conversion_threshold(st):
        return
    for slot in p["portals"]:
        for c in p["portals"][slot]:
            free_disc(p, c)
        p["portals"][slot] = []
    p["tribal"] = True
    events.append(event(CONVERTS(who=seat_name(seat)), seat=seat))


def mpi_for(sex: str) -> list:
    return list(SEXUALITY["mpi"][sex])


def can_pay(p, colours) -> bool:
    need = {c: colours.count(c) for c in COLOURS}
    return all(p["vocab"][c] >= need[c] for c in COLOURS)


# ------------------------------------------------------------ scoring


def score(st, seat) -> int:
    """Victory points by the species' sexuality table (J)."""
    p = st["pl"][seat]
    if p["sex"] is None:
        return 0
    vp = SEXUALITY["vp"][p["sex"]]
    hunters_own = sum(st["pl"][s]["pool"][seat] for s in range(n_seats(st)))
    total = vp["hunter"] * hunters_own
    if p["alpha"] == "pool" and empowered_alpha(p):
        total += vp["alpha"]
    total += vp["elder"] * mature_elders(p)
    for owner in range(n_seats(st)):
        for d in st["pl"][owner]["daughters"]:
            h = d["hus"]
            if h and h["s"] == seat and h["imm"] is None:
                total += vp["husband"]
    total += vp["daughter"] * sum(1 for d in p["daughters"] if not d["discs"])
    total += sum(daughter_bonus(d) for d in p["daughters"])
    total += vp["disc"] * vocab_total(p)
    # Trophies score by the sexuality card, not by the number on each card: G5 « Sa valeur en PV
    # correspond au nombre de points en son centre », but J « Comptez les Points de Victoire (PV)
    # comme indiqué sur votre carte de Sexualité » gives them 3, 2 or 4 VP, and J's worked example
    # (monogamous, « 1 trophée … pour 28 PV ») only adds up with the monogamous 2.
    total += vp["trophy"] * len(p["trophies"])
    total += vp["invention"] * sum(1 for c in p["inventions"] if not c["discs"])
    total += vp["domestic"] * sum(1 for c in p["domestic"] if not c["discs"])
    return total


# ------------------------------------------------------------ invariants


def count_cubes(st, species) -> int:
    """Every cube of a species, wherever it is (18 expected)."""
    total = st["pl"][species]["grave"]
    for s in range(n_seats(st)):
        p = st["pl"][s]
        total += p["pool"][species]
        for d in p["daughters"]:
            h = d["hus"]
            if h and h["s"] == species and not h["a"]:
                total += 1
    p = st["pl"][species]
    total += sum(1 for r in range(1, 7) if p["elders"][r] is not None)
    for parties in st["parties"].values():
        for party in parties.values():
            total += party["c"][species]
    return total


def count_discs(st, seat) -> dict:
    """Every disc of a species by colour (5 of each expected, B3)."""
    p = st["pl"][seat]
    out = dict(p["vocab"])
    for slot in p["portals"].values():
        for c in slot:
            out[c] += 1
    for c in p["mpi"]:
        out[c] += 1
    for r in range(1, 7):
        e = p["elders"][r]
        if e and e["imm"]:
            out[e["imm"]] += 1
    for d in p["daughters"]:
        for c in d["discs"]:
            out[c] += 1
        if d["hus"] and d["hus"]["imm"]:
            out[d["hus"]["imm"]] += 1
    for kind in ("domestic", "inventions"):
        for card in p[kind]:
            for c in card["discs"]:
                out[c] += 1
    return out


def alpha_places(st, seat) -> int:
    """The alpha is in exactly one place (1 expected)."""
    p = st["pl"][seat]
    where = p["alpha"]
    hits = 0
    for owner in range(n_seats(st)):
        for d in st["pl"][owner]["daughters"]:
            if d["hus"] and d["hus"]["s"] == seat and d["hus"]["a"]:
                hits += 1
    parties = sum(1 for ps in st["parties"].values() for s, party in ps.items()
                  if int(s) == seat and party["a"])
    if where == "husband":
        return hits if parties == 0 else 0
    if where == "party":
        return parties if hits == 0 else 0
    return 1 if hits == 0 and parties == 0 else 0


def all_species_names():
    return {k: v["name"] for k, v in SPECIES.items()}




# ------------------------------------------------------------ copying


def deep_copy(obj):
    """A copy sharing no dict or list with ``obj`` (tuples come back as lists, as JSON has them)."""
    if isinstance(obj, dict):
        return {k: v if type(v) in _ATOMS else deep_copy(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [v if type(v) in _ATOMS else deep_copy(v) for v in obj]
    return obj


_ATOMS = frozenset((str, int, bool, float, type(None)))   # what deep_copy gives back as it is


PLAYER_KEYS = frozenset(("pool", "grave", "alpha", "vocab", "portals", "tribal", "elders", "daughters", "trophies",
                         "hand", "domestic", "inventions", "sexcard", "sex", "mpi"))


def copy_player(p) -> dict:
    """A player of exactly the layout above, copied field by field (anything else deeply):
    a shallow copy (numbers, strings and the parts only ever replaced are shared), then
    fresh copies of what moves change in place."""
    if len(p) != len(PLAYER_KEYS):
        return deep_copy(p)
    try:
        q = p.copy()
        q["pool"] = p["pool"][:]
        q["vocab"] = p["vocab"].copy()
        q["portals"] = p["portals"].copy()   # a slot's list is replaced, never changed in place
        q["elders"] = p["elders"][:]         # an elder is replaced, never changed in place
        # a card's discs and a husband are replaced on change, never changed in place: shared
        # (the card dicts copied by map: no comprehension frame, a search copies players often)
        daughters, domestic, inventions = p["daughters"], p["domestic"], p["inventions"]
        q["daughters"] = list(map(dict.copy, daughters)) if daughters else []
        q["trophies"] = p["trophies"][:]
        q["hand"] = p["hand"][:]
        q["domestic"] = list(map(dict.copy, domestic)) if domestic else []
        q["inventions"] = list(map(dict.copy, inventions)) if inventions else []
        q["mpi"] = p["mpi"][:]
        return q
    except KeyError:   # another layout (never written by this code): copy it all
        return deep_copy(p)


def copy_parties(parties):
    """{card key: {seat: {"c": counts, "a": alpha, "loot": [...]}}}: counts copied flat, loot deeply."""
    out = {}
    for key, seats in parties.items():
        row = out[key] = {}
        for s, party in seats.items():
            q = row[s] = party.copy()
            q["c"] = party["c"][:]
            if len(party) > 2:   # more than its counts and alpha: the loot it carries (G4)
                for k, v in party.items():
                    if k != "c" and isinstance(v, (dict, list, tuple)):
                        q[k] = deep_copy(v)
    return out


# The state's parts by shape: lists of card ids, seats or counts are copied
# flat, the rows, parties and players by their layout, numbers and strings
# shared; any other container (small: the auction, pending choices…) deeply.
FLAT_LISTS = ("events", "unused", "gone", "fresh", "evq", "chaos_lost", "acted", "placed", "hq", "contested",
              "hunt_opts")
# shared: numbers, strings, and lists only ever replaced (species, player order, last events)
SHARED = frozenset(("coop", "solo", "rng", "round", "phase", "event", "cur", "answer_h", "event_won", "rel_then",
                    "hunt_next", "sp", "order", "last", "gone_down", "lone", "hunt_who",
                    "retry", "sultan"))   # sultan: the arrangements of husbands seen this phase 2 (replaced)
FLAT_DICTS = ("recalls", "alpha_use", "bids")   # seat or card key -> a number or a flag
DEEP = ("pend", "fight", "alpha_ask", "offers", "hc", "nego", "rel")
# the open auction (D7): numbers, and the list of its bidders, set when it opens and never changed
AUCTION_KEYS = frozenset(("seats", "turn", "lead", "n", "passes"))
FLAT_KEYS = FLAT_LISTS + FLAT_DICTS   # lists and dicts of numbers or strings: one flat copy
KNOWN = SHARED | set(FLAT_LISTS) | set(FLAT_DICTS) | set(DEEP) | {"auc", "rows", "decks", "parties", "pl"}


def copy_state(st) -> dict:
    """A copy of the state sharing nothing a move can change (the Rng is the
    caller's to copy): what ``apply`` works on, far cheaper than a JSON trip."""
    if not st.keys() <= KNOWN:
        return {k: deep_copy(v) if isinstance(v, (dict, list, tuple)) else v for k, v in st.items()}
    out = st.copy()
    get = st.get
    for k in FLAT_KEYS:
        v = get(k)
        if v is not None:
            out[k] = v.copy()
    auc = get("auc")
    if auc is not None:
        out["auc"] = auc.copy() if auc.keys() == AUCTION_KEYS else deep_copy(auc)   # its seats: never changed
    for k in DEEP:
        v = get(k)
        if v:
            out[k] = deep_copy(v)
        elif v is not None:
            out[k] = v.copy()   # an empty list or dict, still a fresh one
    out["rows"] = rows = st["rows"].copy()
    for r, row in rows.items():
        rows[r] = row[:]                # a cell is replaced, never changed in place
    out["decks"] = st["decks"].copy()   # a row's deck is replaced, never changed in place
    out["parties"] = copy_parties(st["parties"])
    out["pl"] = list(map(copy_player, st["pl"]))
    return out
