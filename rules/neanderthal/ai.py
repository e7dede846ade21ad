"""What a Neanderthal seat may know, for the AI seats (``ai/`` searches over these).

``determinize`` redraws everything the seat cannot see, consistently with what
it sees; ``heuristic`` judges a position from the seat's own knowledge only.

Hidden from a seat (C MISE EN PLACE, D1, B2):
- the event deck (« placer dans une pioche face cachée ») and the daughters set
  aside (« Mettez de côté le reste »), which the Würm glaciation draws from (D2):
  their cards together are public (the daughters of the species in play, minus
  those revealed), not their order nor which are set aside;
- the two biome decks (« pioches faces cachées »), whose backs show the row;
- the ice cards (D1 « sans la révéler … face cachée »): North cards, seen only
  when they melt;
- the other seats' hands (B2): how many cards and, by their backs, from which
  row; a hand card a pending proposal offers (F1) is shown, and stays;
- the ice cards discarded unseen (D1: a banquise pushed out of the South row
  « est défaussée » without being turned over), kept apart in ``gone_down``;
- the state's Rng (every future die and draw).
Everything else is public: the auction is open (D7 « annoncer un certain nombre
de disques »), a proposal is read to the table (F1), a sexuality is placed face
up once chosen (C), the open discard (``gone``) holds only cards seen face up,
and no choice is kept sealed in the state. Every card no seat has seen is
redealt, the discarded ones included (issue 29: twin states that differed only
in which unseen North card lay in the discard led the AI to different moves).
"""

from __future__ import annotations

import math
from functools import lru_cache

from rules.core import Rng
from rules.kit.redeal import Deal, determinized

from . import queries as Q
from .data import BIOMES, COLOURS, DAUGHTERS, SEXUALITY
from .engine import LETHAL, attack_order, hunt_order, nearest_predators, war_party
from .model import (
    ROWS,
    alive_cubes,
    daughter_bonus,
    empowered_alpha,
    is_gatherer,
    mature_elder,
    n_seats,
    parse_daughter_key,
    player,
    portal_count,
)

_HAND_CARDS = frozenset(c for c, info in BIOMES.items() if info["hand"])


def determinize(game, state, seat: int, rng: Rng):
    """A copy of ``state`` with everything ``seat`` cannot see drawn again from ``rng``.

    Every draw shuffles a sorted pool (``rules.kit.redeal.Deal``) and deals it to places
    walked in a fixed, public order, so the result depends only on what the seat sees and on ``rng``."""
    if state["phase"] == "over":
        return determinized(game, state, rng, None)

    def redraw(new, rng: Rng) -> None:
        _redraw_events(new, rng)
        _redraw_biomes(new, seat, rng)

    return determinized(game, state, rng, redraw)


def _redraw_events(st, rng: Rng) -> None:
    """C « en choisir au hasard 10, les mélanger »: the face-down event deck and the
    cards set aside, dealt again from the same cards, each keeping its count."""
    deal = Deal(st["events"] + st["unused"], rng)
    st["events"] = deal.take(len(st["events"]))
    st["unused"] = deal.rest()


def shown_hand_cards(st, seat: int) -> dict[int, list[str]]:
    """Hand cards of other seats the table has been shown: those a pending
    proposal offers (F1 « offre des cartes de Main »; K2 the I card given)."""
    nego = st.get("nego")
    prop = nego.get("prop") if nego else None
    if not prop or prop["from"] == seat:
        return {}
    data = prop["data"]
    if data[0] in ("ask", "retreat"):
        card = data[4] if len(data) > 4 and data[3] in ("give", "swap") else None
    else:
        card = data[2]
    return {prop["from"]: [card]} if card is not None and card in BIOMES else {}


def _redraw_biomes(st, seat: int, rng: Rng) -> None:
    """Per row, the unseen cards (the deck, for the North also the ice in the rows and
    the ice discarded face down, and the other hands' cards with that row's back)
    dealt again into the same places: hand places first, from the cards that can be
    held (B2 « symbole main »)."""
    shown = shown_hand_cards(st, seat)
    others = [s for s in range(n_seats(st)) if s != seat]
    hand_slots: dict[str, list[tuple[int, int]]] = {"N": [], "S": []}
    for s in others:
        keep = list(shown.get(s, ()))
        for i, cid in enumerate(player(st, s)["hand"]):
            if cid in keep:
                keep.remove(cid)
            else:
                hand_slots[BIOMES[cid]["row"]].append((s, i))
    ice = [(r, i) for r in ROWS for i, cell in enumerate(st["rows"][r]) if cell is not None and cell[1]]
    down = st.get("gone_down") or []   # only North cards are ever ice (D1)
    for row in ROWS:
        slots = hand_slots[row]
        if not slots and not st["decks"][row] and (row == "S" or not (ice or down)):
            continue
        unseen = list(st["decks"][row]) + [player(st, s)["hand"][i] for s, i in slots]
        if row == "N":
            unseen += [st["rows"][r][i][0] for r, i in ice]
            unseen += down
        deal = Deal(unseen, rng)
        for (s, i), cid in zip(slots, deal.take(len(slots), _HAND_CARDS.__contains__), strict=True):
            player(st, s)["hand"][i] = cid
        if row == "N":
            for (r, i), cid in zip(ice, deal.take_last(len(ice)), strict=True):
                st["rows"][r][i] = [cid, True]   # a cell is replaced, never changed in place
            if down:
                st["gone_down"] = deal.take_last(len(down))   # replaced: copies share the list
        st["decks"][row] = deal.rest()


# ------------------------------------------------------------ heuristic

# How much of its value a thing not yet mature (B3: a disc on it) is worth, by rounds left.
IMMATURE = (0.15, 0.45, 0.6)
HUNT_SUCCESS = 1 / 6          # G: each die succeeds on a 1 (a star card also on a 2)
PORTAL_DISC = 0.6             # I1: portal discs come back to the vocabulary on conversion
HAND_CARD = 0.3               # a hand card may become an animal or an invention (I3)
GRAVE_CUBE = 0.15             # a dead cube may come back as a baby (G3)
SCALE = 4.0                   # VP of lead for which the logistic reads ~0.73


def _vp(st, seat) -> dict:
    """The seat's VP table (J); while it has not chosen, the mean of its card's two sides."""
    sex = player(st, seat)["sex"]
    if sex is not None:
        return SEXUALITY["vp"][sex]
    a, b = (SEXUALITY["vp"][side] for side in Q.sex_options(st, seat))
    return {k: (a[k] + b[k]) / 2 for k in a}


def _at_least(n: float, need: int, p: float) -> float:
    """P(at least ``need`` successes among ``n`` dice, each a success with chance ``p``); a
    fractional ``n`` (hunters an attack may have killed) reads between its two neighbours."""
    low = int(n)
    if n > low:
        return (low + 1 - n) * _tail(low, need, p) + (n - low) * _tail(low + 1, need, p)
    return _tail(low, need, p)


@lru_cache(maxsize=4096)
def _tail(n: int, need: int, p: float) -> float:
    if n < need:
        return 0.0
    return sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(need, n + 1))


@lru_cache(maxsize=512)
def _multiple(n: int, k: int) -> float:
    """P(some face shows at least ``k`` times among ``n`` dice): a trophy's doubles,
    triples or quadruples (G5). One minus the share of rolls where every face stays under k."""
    if n < k:
        return 0.0
    # poly[j] * j! = the ways to roll j dice on the faces counted so far, none shown k times or more
    poly = [1.0]
    for _face in range(6):
        new = [0.0] * (len(poly) + k - 1)
        for i, a in enumerate(poly):
            for j in range(k):
                new[i + j] += a / math.factorial(j)
        poly = new
    ways = poly[n] * math.factorial(n) if n < len(poly) else 0.0
    return 1.0 - ways / 6 ** n


def _success(info) -> float:
    """One die's chance of a success on a card (G: a 1, a star card also a 2)."""
    return 2 * HUNT_SUCCESS if info["star"] else HUNT_SUCCESS


def _lethal(st, seat, card) -> float:
    """One die's chance to kill a hunter on a card (G2: bloody faces, and frozen ones unless
    the seat's fire-keeper is mature)."""
    chief = player(st, seat)["elders"][6]
    return len(LETHAL[card][0 if chief is not None and chief["imm"] is None else 1]) / 6


def _gains(info, vp) -> float:
    """What a successful hunt brings (G3): babies and freed discs."""
    return info["babies"] * vp["hunter"] + len(info["release"])


def _predator_toll(st, key, seat, n: float, vp) -> tuple[float, float]:
    """G4: after a big game success the nearest predator attacks the survivors, who roll
    again on it. Returns (the share of the game kept, the VP the second roll adds or costs:
    its own success's gains, less the hunters it kills). No predator: (1, 0)."""
    preds = nearest_predators(st, key)
    if not preds:
        return 1.0, 0.0
    card = st["rows"][preds[0][0]][int(preds[0][1:]) - 1][0]
    info = BIOMES[card]
    p = _success(info)
    m = max(0.0, n)
    kept = 1.0 - (1.0 - p) ** m          # G4 « Vol de Gibier »: no success at all, the game is stolen
    extra = _at_least(m, info["dice"], p) * _gains(info, vp) - m * _lethal(st, seat, card) * vp["hunter"]
    return kept, extra


def _row_card(st, key, parties, vps, out: list[float]) -> None:
    """Adds to ``out[s]`` each seat's expected VP from the hunters on one biome card: its cubes
    there coming home, less those the attacks (F2) and the dice (G2) kill, plus its own
    party's hunt (G3–G5). ``vps[s]``: seat s's VP table.

    On a contested card (several tribes) the parties first attack one another in attack order
    (F2 « chaque "1" élimine un cube »; a war party also hits on a 2), then hunt smallest party
    first (G « La plus petite compagnie … chasse en premier »), and the first success takes all:
    the others go home without rolling."""
    cell = st["rows"][key[0]][int(key[1:]) - 1]
    sides: dict[int, int] = {}
    for o, party in parties.items():
        units = Q.units(party)
        if units:
            sides[int(o)] = units
    if cell is None or cell[1] or not sides:
        for party in parties.values():
            for s, cubes in enumerate(party["c"]):
                out[s] += 0.9 * vps[s]["hunter"] * cubes
        return
    left: dict[int, float] = dict(sides)   # hunters left after the attacks, in expectation
    before_phase3 = st["phase"] in ("assign", "nego")
    if len(sides) > 1 and before_phase3:   # the attacks come in phase 3
        for a in attack_order(st, list(sides)):
            if left[a] <= 0:
                continue
            hits = left[a] * (2 if war_party(st, a, key) else 1) / 6
            enemies = sum(left[o] for o in left if o != a)
            for o in left:
                if o != a and enemies > 0:
                    left[o] = max(0.0, left[o] - hits * left[o] / enemies)
    for o, party in parties.items():
        seat = int(o)
        if seat in sides:
            kept = left[seat] / sides[seat]   # the share the attacks leave
            for s, cubes in enumerate(party["c"]):
                out[s] += vps[s]["hunter"] * cubes * kept
    card = cell[0]
    info = BIOMES[card]
    p = _success(info)
    reach = 1.0
    for seat in hunt_order(st, key) if len(sides) > 1 else sides:
        n = left[seat]
        if n <= 0:
            continue
        ok = _at_least(n, info["dice"], p)
        vp = vps[seat]
        dead = n * _lethal(st, seat, card)
        gain = _gains(info, vp)
        if info["type"] == "big" and not info["pred"]:
            kept, extra = _predator_toll(st, key, seat, n - dead, vp)
            gain = kept * gain + extra
        trophy = _multiple(round(n), info["trophy"]["mult"]) * vp["trophy"] if info["trophy"] else 0.0
        out[seat] += reach * (ok * gain + trophy - dead * vp["hunter"])
        if before_phase3 and info["gather"] and is_gatherer(st, seat):
            out[seat] += vp["hunter"]     # F3: a gatherer (a libertine tribe) gathers a baby there
        reach *= 1.0 - ok


def _hunting(st) -> list[float]:
    """Each seat's expected VP from its cubes out on cards (F2, G2–G5), courting ones at 90 %."""
    n = n_seats(st)
    out = [0.0] * n
    if not st["parties"]:
        return out
    vps = [_vp(st, s) for s in range(n)]
    for key, parties in st["parties"].items():
        if key[0] in ROWS and st["phase"] != "over":
            _row_card(st, key, parties, vps, out)
            continue
        for party in parties.values():
            for s, cubes in enumerate(party["c"]):
                out[s] += 0.9 * vps[s]["hunter"] * cubes
        if key[0] not in ROWS and st["phase"] != "over":
            _courting(st, key, parties, vps, out)
    return out


def _courting(st, key, parties, vps, out: list[float]) -> None:
    """G1: a courting hunter on another tribe's daughter succeeds on a 1 or a 2 (a jealous
    husband may kill it first, F2: « un mari mature est considéré comme une Expédition
    Guerrière »). A libertine's success swaps one of the victim's hunters for a wanderer of its
    colour (« Courtisan Libertin »); any other's makes the hunter her husband, mature at once in a
    foreign tableau (« Cour Réussie »), and sends a former husband back among the hunters."""
    owner, i = parse_daughter_key(key)
    daughters = player(st, owner)["daughters"]
    if i >= len(daughters):
        return
    hus = daughters[i]["hus"]
    for o, party in parties.items():
        seat = int(o)
        if seat == owner or not (party["a"] or any(party["c"])):
            continue
        chance = 1 / 3
        if hus is not None and hus["s"] != seat:
            chance *= 4 / 6 if hus["imm"] is None else 5 / 6
        p = player(st, seat)
        if p["sex"] == "libertine":
            if p["grave"] and player(st, owner)["pool"][owner]:
                out[seat] += chance * vps[seat]["hunter"]
                out[owner] -= chance * vps[owner]["hunter"]
            continue
        if hus is not None and hus["s"] == seat:
            continue   # its own husband replaced by another of its hunters: nothing gained
        out[seat] += chance * (vps[seat]["husband"] - 0.9 * vps[seat]["hunter"])
        if hus is not None and hus["imm"] is None:
            out[hus["s"]] -= chance * (vps[hus["s"]]["husband"] - vps[hus["s"]]["hunter"])


def estimate(st, me: int, s: int, hunting: list[float] | None = None,
             immature: tuple[float, float, float] = IMMATURE) -> float:
    """Seat ``s``'s expected final score as seat ``me`` can judge it: its score by its
    sexuality's table (J), with what is still immature, out hunting or in hand
    counted at part of its value (another seat's hand by its size only). ``hunting``:
    ``_hunting(st)``, when the caller judges several seats of one position; ``immature``: the
    part of its value an immature thing is worth (normal's ``IMMATURE``; hard reads ``WARY``)."""
    p = player(st, s)
    vp = _vp(st, s)
    left = len(st["events"]) + (0 if st["phase"] in ("action", "over") else 1)
    imm = 0.0 if st["phase"] == "over" else immature[min(2, max(0, left - 1))] if left else 0.0
    n = n_seats(st)
    total = vp["hunter"] * sum(player(st, o)["pool"][s] for o in range(n))
    total += GRAVE_CUBE * imm * p["grave"]
    if p["alpha"] in ("pool", "party"):
        total += vp["alpha"] * (1.0 if empowered_alpha(p) else 0.3)
    for r in range(1, 7):
        e = p["elders"][r]
        if e is not None:
            total += vp["elder"] if e["imm"] is None else imm * (vp["elder"] + 1)
    for o in range(n):
        for d in player(st, o)["daughters"]:
            h = d["hus"]
            if h and h["s"] == s:
                total += vp["husband"] if h["imm"] is None else imm * vp["husband"]
    for d in p["daughters"]:
        bonus = DAUGHTERS[d["id"]].get("vp", 0) if DAUGHTERS[d["id"]]["ability"] == "vp" else 0
        if d["discs"]:
            total += imm * (vp["daughter"] + bonus + len(d["discs"]))
        else:
            total += vp["daughter"] + daughter_bonus(d)
    total += sum(p["vocab"][c] for c in COLOURS)
    if not p["tribal"]:
        total += imm * PORTAL_DISC * portal_count(p)
    total += vp["trophy"] * len(p["trophies"])
    for kind, key in (("inventions", "invention"), ("domestic", "domestic")):
        for c in p[kind]:
            total += vp[key] if not c["discs"] else imm * (vp[key] + len(c["discs"]))
    if p["hand"]:
        if s == me:
            worth = sum(vp["domestic"] if BIOMES[c]["hand"]["kind"] == "D" else vp["invention"] for c in p["hand"])
        else:
            worth = len(p["hand"]) * (vp["domestic"] + vp["invention"]) / 2
        total += imm * HAND_CARD * worth
    # hunters out on cards come home unless they die (F2, G2), perhaps with game (G3)
    total += (_hunting(st) if hunting is None else hunting)[s]
    return total


def _coop_value(st, seat: int) -> float:
    """K2: two species alive, each with a domestic animal; how near the table is,
    as ``seat`` sees it (another seat's hand by its size only)."""
    got = []
    for s in range(n_seats(st)):
        p = player(st, s)
        if alive_cubes(st, s) <= 0:
            got.append(0.0)
        elif p["domestic"]:
            got.append(1.0)
        elif s == seat and any(BIOMES[c]["hand"]["kind"] == "D" for c in p["hand"]):
            got.append(0.5 if mature_elder(p, 2) else 0.3)
        elif s != seat and p["hand"]:
            got.append(0.2)
        else:
            got.append(0.1 * min(1.0, alive_cubes(st, s) / 6))
    best_two = sorted(got, reverse=True)[:2]
    return 0.05 + 0.9 * sum(best_two) / 2


def heuristic(game, state, seat: int) -> float:
    """0..1. Standard game: a logistic of the seat's estimated lead over its best
    opponent. Co-operative (K2): how near two species are to surviving with
    domestic animals."""
    return _judged(state, seat, IMMATURE)


# Hard's part-values (ai_tuning.HARD): immature things at less than IMMATURE says. In normal-vs-normal
# games an immature daughter matured by the end in 33 % of the positions with 3 or more rounds left, an
# elder in 22 %, a husband in none of 7; of the values screened, these played best (bench/README.md,
# "AI tuning per game", Neanderthal).
WARY = (0.1, 0.3, 0.45)


def wary_view(state, seat: int) -> float:
    """:func:`heuristic` with hard's part-values (``WARY``)."""
    return _judged(state, seat, WARY)


def _judged(state, seat: int, immature: tuple[float, float, float]) -> float:
    n = n_seats(state)
    if state["coop"]:
        return _coop_value(state, seat)
    if n < 2:
        return 0.5
    hunting = _hunting(state)
    mine = estimate(state, seat, seat, hunting, immature)
    best = max(estimate(state, seat, s, hunting, immature) for s in range(n) if s != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best) / SCALE))
