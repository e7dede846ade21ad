"""Who must act and every legal move they have, phase by phase. Builders
only read the state (through ``model`` and ``queries``); what a move does and
the phase flow after it live in ``moves`` and ``engine``. Every decision is a
Move whose ``data`` is a tuple (kind, args…)."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from rules.core import Move
from rules.wording import Said, listing

from . import phrases as words
from . import queries as Q
from .data import BIOMES, COLOURS, DAUGHTERS, ELDERS
from .model import (
    DAUGHTER_KEYS,
    ROW_KEYS,
    SEAT_IDS,
    SEAT_LETTERS,
    ability_seats,
    daughter_key,
    domain_complete,
    free_husbands,
    hand_limit,
    mature_elder,
    n_seats,
    parse_daughter_key,
    portal_colours,
    slot_card,
)
from .negotiation import nego_moves, nego_to_act
from .queries import slug


def to_act(st) -> list:
    ph = st["phase"]
    if ph == "assign":   # the most frequent decisions first
        return [st["order"][st["cur"]]]
    if ph == "bid":
        auc = st["auc"]
        return [auc["seats"][auc["turn"]]]   # Q.bid_turn
    if ph == "action":
        acted = st["acted"]
        out = []
        for s in st["order"]:
            if s not in acted:
                out.append(s)
        return out
    if ph in ("chaos", "blizzard"):
        pend = st["pend"]
        out = []
        for s in st["order"]:
            if SEAT_IDS[s] in pend:
                out.append(s)
        return out
    if ph == "sex":
        return [s for s in range(n_seats(st)) if st["pl"][s]["sex"] is None]
    if ph == "council":
        return [st["order"][0]]
    if ph == "expat":
        return [st["pend"]["seat"]]
    if ph == "alpha":
        return [st["alpha_ask"][0]]
    if ph == "hunt_order":   # A4: the first player, or a player ordering its own uncontested cards
        who = st.get("hunt_who")
        return [st["order"][0] if who is None else who]
    if ph == "take":
        return [st["offers"][0][0]]
    if ph == "retry":
        return [st["retry"][0]]
    if ph == "fighting":
        who = st["fight"]["who"]
        return [] if who is None else [who]
    if ph == "pay":
        return [st["auc"]["lead"]]
    if ph == "discard":
        return [s for s in st["order"] if len(st["pl"][s]["hand"]) > hand_limit(st["pl"][s])]
    if ph == "nego":
        return nego_to_act(st)
    if ph == "release":
        return [st["rel"][0][0]]
    return []


def legal(st: Any, seat: int) -> list[Move]:
    ph = st["phase"]
    if ph == "assign":   # the most frequent decisions first, the seat to act asked as to_act does
        return assign_moves(st, seat) if seat == st["order"][st["cur"]] else []
    if ph == "bid":
        auc = st["auc"]
        return with_swap(st, seat, bid_moves(st, seat)) if seat == auc["seats"][auc["turn"]] else []
    if ph == "action":   # the seats in order that have not acted yet, as to_act lists them
        return with_swap(st, seat, action_moves(st, seat)) if seat in st["order"] and seat not in st["acted"] \
            else []
    if seat not in to_act(st):
        return []
    return with_swap(st, seat, phase_moves(st, seat, ph))


def with_swap(st, seat, moves: list) -> list:
    """B4 « A n'importe quel moment, vous pouvez échanger votre cylindre Alpha avec un chasseur non
    affecté »: ruling: offered whenever the seat acts, in every phase, beside that phase's moves
    (an asynchronous table asks a seat only when it acts; phase 2's own list has it already)."""
    alpha = st["pl"][seat]["alpha"]
    if alpha == "pool" or alpha == "party" or not moves:   # the alpha is out already: nothing to swap
        return moves
    swap = alpha_swap(st, seat)
    return moves + [swap] if swap is not None else moves


def alpha_swap(st, seat):
    """The alpha-hunter swap (B4), or None: an unassigned hunter of the seat's own takes the alpha's
    place in the grave (E5: with an elder of rank 3, 4 or 5) or as husband. The alpha is never
    promoted to elder here (promotions take a cube), so « assigné en permanence comme Ancien »
    cannot arise."""
    p = st["pl"][seat]
    alpha = p["alpha"]
    if alpha == "grave":
        elders = p["elders"]
        if (elders[3] or elders[4] or elders[5]) and p["pool"][seat]:
            return _ALPHA_SWAP[seat]
    elif alpha == "husband" and p["pool"][seat]:
        return _ALPHA_HUSBAND[seat]
    return None


_ALPHA_SWAP = tuple(Move(seat, "alpha", words.L_ALPHA_SWAP, ("alpha",)) for seat in range(3))
_ALPHA_HUSBAND = tuple(Move(seat, "alpha", words.L_ALPHA_HUSBAND, ("alpha",)) for seat in range(3))


def phase_moves(st, seat, ph) -> list:
    """The moves of the phases other than assignments, bids and actions, for a seat in to_act."""
    if ph == "sex":
        return [Move(seat, s, words.L_SEX[s], ("sex", s)) for s in Q.sex_options(st, seat)]
    if ph == "council":
        out = []
        for perm in permutations(st["order"]):
            note = "order " + "".join(SEAT_LETTERS[s] for s in perm)
            out.append(Move(seat, note, words.later(words.L_ORDER, order=" ".join(SEAT_LETTERS[s] for s in perm)),
                            ("order", tuple(perm))))
        return out
    if ph == "chaos":
        return chaos_moves(st, seat)
    if ph == "fighting":
        return fight_moves(st, seat)
    if ph == "take":
        _, what, cid, key = st["offers"][0]
        take = words.L_TAKE_TROPHY if what == "trophy" else words.L_TAKE_HAND
        return [Move(seat, "take", words.later(take, card=words.CARD[cid]), ("offer", True)),
                Move(seat, "leave", words.later(words.L_LEAVE, card=words.CARD[cid]), ("offer", False))]
    if ph == "retry":   # G7 « peuvent tenter »: hunt the replacement card, or go home
        key = st["retry"][1]
        cid = slot_card(st, key)[0]
        return [Move(seat, "try", words.later(words.L_TRY, card=words.CARD[cid]), ("retry", True)),
                Move(seat, "home", words.later(words.L_GO_HOME, card=words.CARD[cid]), ("retry", False))]
    if ph == "alpha":
        key = st["alpha_ask"][1]
        return [Move(seat, "power", words.later(words.L_POWER, key=key), ("apower", True)),
                Move(seat, "roll", words.later(words.L_ROLL, key=key), ("apower", False))]
    if ph == "hunt_order":   # A4: the next contested card or predator, or one's own next uncontested card
        return [Move(seat, f"next {k}", words.later(words.L_NEXT_AT, slot=k, card=words.CARD[place_card(st, k)]),
                     ("next", k)) for k in st["hunt_opts"]]
    if ph == "blizzard":
        return [drop_move(seat, c, dependant_name(st, seat, c)) for c in Q.dependants(st, seat)]
    if ph == "expat":
        return [Move(seat, f"send {SEAT_LETTERS[t]}", words.later(words.L_SEND, seat=SEAT_LETTERS[t]), ("send", t))
                for t in Q.expat_targets(st, seat)]
    if ph == "pay":
        return pay_moves(st, seat)
    if ph == "discard":
        return [Move(seat, f"discard {slug(c)}", words.later(words.L_DISCARD, card=words.CARD[c]), ("discard", c))
                for c in st["pl"][seat]["hand"]]
    if ph == "nego":
        return nego_moves(st, seat)
    if ph == "release":
        return release_moves(st, seat)
    return []


def place_card(st, key) -> str:
    """The card at a biome slot or a daughter's place (a card is there while it is hunted)."""
    if key[0] in "NS":
        return slot_card(st, key)[0]
    owner, i = parse_daughter_key(key)
    return st["pl"][owner]["daughters"][i]["id"]


HOLDER_CODES = {"elder": "e", "hus": "h", "daughter": "d", "domestic": "x", "invention": "i"}


def release_moves(st, seat) -> list:
    _, colour = st["rel"][0]
    out = []
    for holder in Q.release_options(st, seat, colour):
        kind, i = holder
        code = f"{HOLDER_CODES[kind]}{i if kind == 'elder' else i + 1}"
        out.append(Move(seat, f"free {code}",
                        words.later(words.L_FREE, colour=words.COLOUR[colour], holder=Q.holder_said(st, seat, holder)),
                        ("free", kind, i, colour)))
    return out


def drop_move(seat, code, what) -> Move:
    """`drop e3`, `drop d1`…: one Move per seat, code and dependant, made once (moves are immutable)."""
    move = _SHARED.get((seat, "drop", code, what))
    return move or shared((seat, "drop", code, what), lambda: Move(
        seat, f"drop {code}", words.later(words.L_LOSE, what=what), ("drop", code)))


def dependant_name(st, seat, code):
    """The term naming a dependant (D5): an elder's rank or a card (a phrase, said when read)."""
    p = st["pl"][seat]
    if code[0] == "e":
        return words.ELDER[int(code[1:])]
    if code[0] == "d":
        return words.CARD[p["daughters"][int(code[1:]) - 1]["id"]]
    return words.CARD[p["domestic"][int(code[1:]) - 1]["id"]]


def chaos_moves(st, seat) -> list:
    pend = st["pend"][str(seat)]
    p = st["pl"][seat]
    flips = [False, True] if pend["flip"] else [False]
    out = []
    if pend["kill"] > 0:
        # D4: the player chooses which hunters are lost (D6: wanderers may go first)
        return lose_moves(seat, Q.chaos_kinds(st, seat), "ckill")
    if pend["elder"]:
        for r in range(1, 7):
            if p["elders"][r] is None:
                continue
            for f in flips:
                note = f"lose e{r}" + (" flip" if f else "")
                label = words.later(words.L_LOSE_FLIP if f else words.L_LOSE, what=words.ELDER[r])
                out.append(Move(seat, note, label, ("chaos", r, f)))
    else:
        out.append(Move(seat, "keep", words.L_KEEP, ("chaos", 0, False)))
        out.append(Move(seat, "flip", words.L_FLIP, ("chaos", 0, True)))
    return out


def fight_moves(st, seat) -> list:
    """F2: the attacker may split its hits among defenders; the victim picks who dies."""
    f = st["fight"]
    if f["step"] == "target":
        return [Move(seat, f"hit {SEAT_LETTERS[t]}", words.later(words.L_HIT, seat=SEAT_LETTERS[t]), ("hit", t))
                for t in Q.hit_targets(st, f["key"], seat)]
    return lose_moves(seat, Q.victim_kinds(st, f["key"], seat), "fkill")


def lose_moves(seat, kinds, tag: str) -> list:
    """One 'lose …' move per kind of hunter the seat may give up (chaos D4, attacks F2):
    the alpha, a husband, one of its own cubes, or a wanderer of another species."""
    out = []
    for kind in kinds:
        if kind == "a":
            out.append(Move(seat, "lose alpha", words.L_LOSE_ALPHA, (tag, "a")))
        elif kind == "h":
            out.append(Move(seat, "lose husband", words.L_LOSE_HUSBAND, (tag, "h")))
        elif kind == seat:
            out.append(Move(seat, "lose cube", words.L_LOSE_CUBE, (tag, kind)))
        else:
            out.append(Move(seat, f"lose {SEAT_LETTERS[kind]}", words.later(words.L_LOSE_WANDERER, seat=SEAT_LETTERS[kind]),
                            (tag, kind)))
    return out


_BID_MOVES: dict = {}   # (seat, harem at half value) -> [None, `bid 1`, `bid 2`, …]: immutable, built once


def _bid_list(seat, half: bool, cap: int) -> list:
    """The seat's bid moves, indexed by their number of discs, up to cap at least."""
    got = _BID_MOVES.get((seat, half))
    if got is None:
        got = _BID_MOVES[(seat, half)] = [None]
    while len(got) <= cap:
        n = len(got)
        label = words.shared_label(words.L_BID_HALF, n=n, value=f"{n / 2:g}") if half else words.shared_label(words.L_BID, n=n)
        got.append(Move(seat, f"bid {n}", label, ("bid", n)))
    return got


def lowest_winning_bid(st, seat, lead, n: int) -> int:
    """The fewest discs with which the seat takes the lead from a bid of n discs (Q.bid_beats): a
    higher value, or the same value with the better tie-break (D7: the Caring Woman, then player
    order), which is asked only when some number of discs gives the seat that same value."""
    pl = st["pl"]
    value = n / 2 if pl[lead]["tribal"] else n   # Q.bid_value: a tribal harem bids at half value
    same: int | None
    if pl[seat]["tribal"]:   # a tribal harem's discs count half (Q.bid_value)
        same = int(value * 2)
        above = same + 1
    else:
        same = int(value) if value == int(value) else None
        above = int(value) + 1
    if same is not None and same >= 1:
        carers = ability_seats(st, "caring")   # Q.bid_key past the value: the Caring Woman, player order
        order = st["order"]
        mine = order.index(seat) if seat in order else seat   # order_index
        theirs = order.index(lead) if lead in order else lead
        if (seat in carers, -mine) > (lead in carers, -theirs):
            return same
    return above


def bid_moves(st, seat) -> list:
    """D7: open, match (when the tie goes your way) or raise by a number of
    discs in the card's colours, or pass. Only bids that take the lead are offered."""
    out = [_BID_PASS[seat]]
    auc = st["auc"]
    p = st["pl"][seat]
    vocab = p["vocab"]
    cap = 0
    for c in Q.BID_COLOURS[st["event"]]:   # Q.bid_capacity: its discs in the card's colours
        cap += vocab[c]
    # a bid's key grows with its value, so every bid from the lowest winning one up wins
    lead = auc["lead"]
    lowest = 1 if lead is None else lowest_winning_bid(st, seat, lead, auc["n"])
    if lowest <= cap:
        bids = _BID_MOVES.get((seat, p["tribal"]))
        if bids is None or len(bids) <= cap:
            bids = _bid_list(seat, p["tribal"], cap)
        out += bids[lowest:cap + 1]
    return out


def pay_moves(st, seat) -> list:
    """D7: the winner names the colours of the discs it placed on the daughter."""
    out = []
    for discs in Q.payments(st, seat, st["auc"]["n"]):
        data = ("pay", tuple(sorted(discs.items())))
        move = _SHARED.get((seat, data))
        out.append(move or shared((seat, data), lambda discs=discs, data=data: Move(
            seat, f"pay {Q.bid_text(discs)}", pay_label(discs), data)))
    return out


def pay_label(discs: dict):
    """'Pay 2 orange, 1 black', said when read."""
    return lambda: words.L_PAY(discs=listing([words.DISCS_OF[c](n=discs[c]) for c in COLOURS if discs[c]], "comma"))


def prereq_need(st, seat, extra_key=None) -> dict:
    need = {c: 0 for c in COLOURS}
    me = str(seat)
    keys = [k for k, ps in st["parties"].items() if me in ps and k[0] in "NS"]
    if extra_key and extra_key not in keys:
        keys.append(extra_key)
    for k in keys:
        for c in BIOMES[slot_card(st, k)[0]]["prereq"]:
            need[c] += 1
    return need


def prereq_room(st, p, mine) -> tuple:
    """Discs (orange, white, black) left after the prerequisites of the cards the
    seat already hunts (``mine``: the card keys of its parties): what a new card's
    prerequisites may take (G)."""
    o, w, k = p["vocab"]["o"], p["vocab"]["w"], p["vocab"]["k"]
    for key in mine:
        if key[0] in "NS":
            a, b, c = PREREQ_COUNTS[slot_card(st, key)[0]]
            o, w, k = o - a, w - b, k - c
    return o, w, k


def can_enter(st, seat, key) -> bool:
    need = prereq_need(st, seat, key)
    p = st["pl"][seat]
    return all(p["vocab"][c] >= need[c] for c in COLOURS)


def free_promotion(p) -> bool:
    return mature_elder(p, 6)


def can_promote(st, seat, rank) -> bool:
    p = st["pl"][seat]
    info = ELDERS[rank]
    if p["elders"][rank] is not None or p["pool"][seat] == 0:
        return False
    if info["tribal_only"] and not p["tribal"]:
        return False
    if not p["tribal"] and info["domain"] and not domain_complete(p, info["domain"]):
        return False
    return free_promotion(p) or p["vocab"][info["colour"]] > 0


def promotable(st, seat) -> list:
    """The ranks where the seat may promote an elder now (E2): can_promote, with the
    player's fields read once and the cheap conditions asked first."""
    p = st["pl"][seat]
    if p["pool"][seat] == 0:
        return []
    tribal, vocab, elders = p["tribal"], p["vocab"], p["elders"]
    chief = elders[6]
    free = chief is not None and chief["imm"] is None   # free_promotion(p)
    # a domain needs portals of three colours: with fewer than three portals, none is complete,
    # and a vocal tribe may promote only the elders that need neither (ELDER_NEEDS_NOTHING)
    few = not tribal and sum(map(len, p["portals"].values())) < 3
    out = []
    for r, colour, tribal_only, domain in ELDER_NEEDS_NOTHING if few else ELDER_NEEDS:
        if elders[r] is not None or not (free or vocab[colour] > 0):
            continue
        if tribal or not (tribal_only or (domain and (few or not domain_complete(p, domain)))):
            out.append(r)
    return out


# (rank, disc colour, tribal side only, brain domain or None) of each elder (E2)
ELDER_NEEDS = tuple((r, ELDERS[r]["colour"], ELDERS[r]["tribal_only"], ELDERS[r]["domain"]) for r in range(1, 7))
ELDER_NEEDS_NOTHING = tuple(need for need in ELDER_NEEDS if not need[2] and not need[3])   # the Fire-Keeper


_SHARED: dict = {}


def shared(key, build) -> Move:
    """One Move object per key for every state (moves are immutable); build() makes it once."""
    move = _SHARED.get(key)
    if move is None:
        move = _SHARED[key] = build()
    return move


# The discs (orange, white, black) each biome card needs to be hunted (G).
PREREQ_COUNTS = {cid: tuple(info["prereq"].count(c) for c in COLOURS) for cid, info in BIOMES.items()}
# the most discs of each colour any card needs: with that much room, every card may be entered
PREREQ_MOST = tuple(max(need[i] for need in PREREQ_COUNTS.values()) for i in range(3))

BIOME_KEYS = ROW_KEYS["N"] + ROW_KEYS["S"]   # the biome slots in the order of the two rows' cells
SLOT_INDEX = {key: i for i, key in enumerate(BIOME_KEYS)}

# Moves are immutable: those sending hunters to a card are built once per
# (seat, slot, card) and shared, a list grown to the largest party asked for:
# _HUNT_MOVES[seat][slot index][card id] (seats 0–2, the slots in BIOME_KEYS order).
_HUNT_MOVES: tuple[tuple[dict[str, list[Move]], ...], ...] = tuple(tuple({} for _ in BIOME_KEYS) for _ in range(3))
# their labels, the same for every seat and slot: (card id, hunters, 0 for the alpha) -> label
_HUNT_LABELS: dict[tuple[str, int], Said] = {}


def hunt_label(cid: str, k: int) -> Said:
    """The label of the move sending k hunters (0: the alpha) to the card cid: words.shared_label's
    own, looked up without building its key (a search meets thousands of cards and slots)."""
    label = _HUNT_LABELS.get((cid, k))
    if label is None:
        card = words.CARD[cid]
        label = _HUNT_LABELS[(cid, k)] = words.shared_label(words.L_HUNTERS_TO, n=k, card=card) if k \
            else words.shared_label(words.L_ALPHA_TO, card=card)
    return label


def hunt_moves(seat, key, cid, n: int) -> list:
    """`N3x1` … `N3xn`: send 1 to n hunters to the card cid in slot key."""
    by_card = _HUNT_MOVES[seat][SLOT_INDEX[key]]
    got = by_card.get(cid)
    if got is None:
        got = by_card[cid] = [Move(seat, f"{key}a", hunt_label(cid, 0), ("hunt", key, 0))]
    if len(got) <= n:
        labels = _HUNT_LABELS
        got += [Move(seat, f"{key}x{k}", labels.get((cid, k)) or hunt_label(cid, k), ("hunt", key, k))
                for k in range(len(got), n + 1)]
    return got


def assign_moves(st, seat, first_only: bool = False) -> list:
    """Phase 2 assignments, `done` last. With first_only, stop at the first choice
    other than `done` (it is enough to know the seat is not finished)."""
    p = st["pl"][seat]
    counts = p["pool"]
    own = counts[seat]
    out: list = []
    pool = sum(counts)
    alpha_free = p["alpha"] == "pool"
    if pool or alpha_free:
        me = SEAT_IDS[seat]
        # the seat's parties on biome cards so far, and prereq_room: the discs left for a new
        # card's prerequisites (G)
        mine = {}
        vocab = p["vocab"]
        room_o, room_w, room_k = vocab["o"], vocab["w"], vocab["k"]
        for key, row in st["parties"].items():
            party = row.get(me)
            if party is not None and key[0] in "NS":
                mine[key] = party
                a, b, c = PREREQ_COUNTS[slot_card(st, key)[0]]
                room_o, room_w, room_k = room_o - a, room_w - b, room_k - c
        most_o, most_w, most_k = PREREQ_MOST
        roomy = room_o >= most_o and room_w >= most_w and room_k >= most_k   # no card's prerequisites to ask
        rows = st["rows"]
        cells = zip(BIOME_KEYS, _HUNT_MOVES[seat], rows["N"] + rows["S"])
        if own and roomy:
            # the most frequent case, the general loop below without what cannot matter here:
            # its own hunters need no chaperone and every card may be entered
            for key, by_card, cell in cells:
                if cell is None or cell[1]:
                    continue   # a gap or ice: nothing to hunt
                moves = by_card.get(cell[0])
                if moves is None or len(moves) <= pool:
                    moves = hunt_moves(seat, key, cell[0], pool)
                out += moves[1:pool + 1]
                if alpha_free:
                    out.append(moves[0])
                if first_only:
                    return out
        elif own:
            # the same, for a seat short of discs: a card it has no party on yet is left out
            # when its prerequisites do not fit the room left (G; a room below zero leaves out all)
            for key, by_card, cell in cells:
                if cell is None or cell[1]:
                    continue   # a gap or ice: nothing to hunt
                cid = cell[0]
                if key not in mine:
                    o, w, k = PREREQ_COUNTS[cid]
                    if o > room_o or w > room_w or k > room_k:
                        continue
                moves = by_card.get(cid)
                if moves is None or len(moves) <= pool:
                    moves = hunt_moves(seat, key, cid, pool)
                out += moves[1:pool + 1]
                if alpha_free:
                    out.append(moves[0])
                if first_only:
                    return out
        else:
            for key, by_card, cell in cells:
                if cell is None or cell[1]:
                    continue   # a gap or ice: nothing to hunt
                cid = cell[0]
                party = mine.get(key) if mine else None   # its party there so far
                if party is None and not roomy:
                    o, w, k = PREREQ_COUNTS[cid]   # G: a first party here needs the card's discs too
                    if o > room_o or w > room_w or k > room_k:
                        continue
                moves = by_card.get(cid)
                if moves is None or len(moves) <= pool:
                    moves = hunt_moves(seat, key, cid, pool)
                if own or (party is not None and (party["c"][seat] > 0 or party["a"])):   # chaperoned
                    out += moves[1:pool + 1]
                if alpha_free:
                    out.append(moves[0])
                if first_only and out:
                    return out
    if own:
        for r in promotable(st, seat):
            out.append(_PROMOTE[seat][r])
        if p["sex"] != "libertine" and p["daughters"] and (p["vocab"]["o"] > 0 or free_husbands(st, seat)):
            for i, d in enumerate(p["daughters"]):
                if not d["discs"] and d["hus"] is None:
                    out.append(Move(seat, f"wed {i + 1}", words.later(words.L_WED, card=words.CARD[d["id"]]), ("wed", i)))
        if first_only and out:
            return out
    if own or alpha_free:
        out += court_moves(st, seat)
    # B4: the alpha swap, here as in every phase (with_swap)
    if own and not alpha_free:
        swap = alpha_swap(st, seat)
        if swap is not None:
            out.append(swap)
    if st["recalls"].get(SEAT_IDS[seat], 0) > 0:
        # E4 « vous pouvez réassigner un ou deux maris ou Anciens »: any elder, even a mature one
        # with a full hand; B2 « vous devez défausser des cartes de main » follows (moves.play_assign)
        for r in range(1, 7):
            e = p["elders"][r]
            if e is not None:
                out.append(Move(seat, f"recall e{r}", words.later(words.L_RECALL_ELDER, elder=words.ELDER[r]), ("recall", "e", r)))
        for i, d in enumerate(p["daughters"]):
            h = d["hus"]
            if h and h["s"] == seat and not h["a"]:
                out.append(Move(seat, f"recall h{i + 1}", words.later(words.L_RECALL_HUSBAND, card=words.CARD[d["id"]]),
                                ("recall", "h", i)))
    if p["sex"] == "harem":
        seen = Q.sultan_seen(st, seat)   # no move back to an arrangement the seat already had this phase
        for i, d in enumerate(p["daughters"]):
            if d["hus"] and d["hus"]["s"] == seat:
                for j, d2 in enumerate(p["daughters"]):
                    if d2["hus"] is None and not d2["discs"] \
                            and not (seen and Q.husbands_placed(p, (i, j)) in seen):
                        out.append(Move(seat, f"sultan {i + 1}>{j + 1}", words.L_SULTAN,
                                        ("sultan", i, j)))
    if first_only and out:
        return out
    out.append(_DONE[seat])
    return out


def has_assignment(st, seat) -> bool:
    """Whether the seat has more to choose than `done` (which always comes last)."""
    return assign_moves(st, seat, first_only=True)[0].data != ("done",)


def court_moves(st, seat) -> list:
    p = st["pl"][seat]
    out: list[Move] = []
    own = p["pool"][seat] > 0
    alpha_free = p["alpha"] == "pool"
    if not own and not alpha_free:
        return out
    me = SEAT_IDS[seat]
    parties = st["parties"]
    home = None   # whether its own daughters may be courted, asked once when one is met
    by_seat = _COURT_MOVES[seat]
    for owner, q in enumerate(st["pl"]):
        daughters = q["daughters"]
        if not daughters:
            continue
        keys = DAUGHTER_KEYS[owner]
        for i, d in enumerate(daughters):
            h = d["hus"]
            if d["discs"] or (h is not None and h["s"] == seat):
                continue
            key = keys[i] if i < len(keys) else daughter_key(owner, i)
            row = parties.get(key)
            if row is not None and me in row:
                continue
            if owner == seat:
                if home is None:   # E3: a husband in one's own tableau needs an orange disc (see engine.court)
                    home = p["sex"] != "libertine" and (p["vocab"]["o"] > 0 or free_husbands(st, seat))
                if not home:
                    continue
            cid = d["id"]
            pair = by_seat.get((key, cid))
            if pair is None:
                pair = by_seat[(key, cid)] = (
                    Move(seat, f"court {key}", words.shared_label(words.L_COURT, card=words.CARD[cid]),
                         ("court", key, False)),
                    Move(seat, f"court {key}a", words.shared_label(words.L_ALPHA_COURTS, card=words.CARD[cid]),
                         ("court", key, True)))
            if own:
                out.append(pair[0])
            if alpha_free:
                out.append(pair[1])
    return out


# Moves are immutable: those courting a daughter are built once per (seat, place, card) and
# shared: _COURT_MOVES[seat][(place, card id)] = (a hunter courts, the alpha courts).
_COURT_MOVES: tuple[dict[tuple[str, str], tuple[Move, Move]], ...] = tuple({} for _ in range(3))


def portal_sources(st, seat) -> list:
    """Daughters whose portals this seat may use (I1): its own active ones and
    those married to one of its tribesmen."""
    out = []
    for owner, q in enumerate(st["pl"]):
        monogamous = q["sex"] == "monogamy"
        for d in q["daughters"]:
            h = d["hus"]
            if d["discs"] or (h is None and monogamous):
                continue   # not daughter_active
            if owner == seat or (h and h["s"] == seat):
                out.append(d)
    return out


def neolexia_colours(st, seat) -> set:
    cols = portal_colours(st["pl"][seat])   # a fresh set
    for owner, q in enumerate(st["pl"]):
        if owner == seat:
            continue
        for d in q["daughters"]:
            if d["hus"] and d["hus"]["s"] == seat:   # married to one of the seat's tribesmen
                cols |= portal_colours(q)
                break
    return cols


def _action_moves(st, seat):
    p = st["pl"][seat]
    if not p["tribal"]:
        sources = portal_sources(st, seat)
        if sources:
            seen = set()
            portals, vocab = p["portals"], p["vocab"]
            for d in sources:
                for slot, colour in DAUGHTERS[d["id"]]["portals"]:
                    if (slot, colour) in seen or colour in portals[slot] or vocab[colour] == 0:
                        continue
                    seen.add((slot, colour))
                    yield _PORTAL_MOVES[seat][slot][colour]
        cols = neolexia_colours(st, seat)
        if not cols:   # no colour to free a disc of
            yield _ACTION_PASS[seat]
            return
        elders = p["elders"]
        for r in range(1, 7):
            e = elders[r]
            if e and e["imm"] in cols:
                yield _NEO_ELDER_MOVES[seat][r][e["imm"]]
        for i, d in enumerate(p["daughters"]):
            if d["discs"]:
                for c in sorted(set(d["discs"])):
                    if c in cols:
                        data = ("neo", "d", i, c)
                        cid = d["id"]
                        yield _SHARED.get((seat, data, cid)) or shared((seat, data, cid), lambda i=i, c=c, cid=cid, data=data: Move(
                            seat, f"neo d{i + 1} {c}", words.later(words.L_NEO_DAUGHTER, colour=words.COLOUR[c],
                                                                   card=words.CARD[cid]), data))
            h = d["hus"]
            if h and h["imm"] in cols:
                yield Move(seat, f"neo h{i + 1}", words.later(words.L_NEO_HUSBAND, card=words.CARD[d["id"]]),
                           ("neo", "h", i, h["imm"]))
    else:
        free = mature_elder(p, 1)  # the chief makes an elder action free (E2)
        for cid in p["hand"]:
            kind = BIOMES[cid]["hand"]["kind"]
            if kind == "D" and mature_elder(p, 2) and (free or p["vocab"]["w"]):
                yield Move(seat, f"tame {slug(cid)}", words.later(words.L_TAME, card=words.CARD[cid]), ("elder", cid, 2))
            if kind == "I":
                for r, name in ((3, "knapper"), (5, "trapper")):
                    if mature_elder(p, r) and (free or p["vocab"][ELDERS[r]["colour"]]):
                        yield Move(seat, f"tool {slug(cid)} {name}", words.later(words.L_TOOL, card=words.CARD[cid],
                                                                              by=words.TOOL_BY[r]),
                                   ("elder", cid, r))
    yield _ACTION_PASS[seat]


# The moves every seat (0–2) is offered again and again, made once: a bid's pass, phase 2's `done`,
# phase 6's pass (their labels said on first read).
_BID_PASS = tuple(Move(seat, "pass", words.L_PASS, ("bid", None)) for seat in range(3))
_DONE = tuple(Move(seat, "done", words.L_DONE, ("done",)) for seat in range(3))
_ACTION_PASS = tuple(Move(seat, "pass", words.L_NO_ACTION, ("pass",)) for seat in range(3))
# phase 6's portal placings (I1), by seat, slot and colour, and neolexias freeing an elder's disc
# (I2), by seat, rank (1–6) and colour
_PORTAL_MOVES = tuple({slot: {colour: Move(seat, f"portal {slot} {colour}", words.later(
    words.L_PORTAL, colour=words.COLOUR[colour], slot=words.SLOT[slot]), ("portal", slot, colour)) for colour in COLOURS}
    for slot in words.SLOT} for seat in range(3))
_NEO_ELDER_MOVES = tuple((None, *({colour: Move(seat, f"neo e{r}", words.later(words.L_NEO_ELDER, elder=words.ELDER[r]),
                                               ("neo", "e", r, colour)) for colour in COLOURS} for r in range(1, 7)))
                         for seat in range(3))
# phase 2's promotions (E2), by seat and rank (1–6; none at 0)
_PROMOTE = tuple((None, *(Move(seat, f"e{r}", words.shared_label(words.L_PROMOTE, elder=words.ELDER[r]), ("promote", r))
                          for r in range(1, 7))) for seat in range(3))


def action_moves(st, seat) -> list:
    return list(_action_moves(st, seat))


def asked_to_act(st, seat) -> bool:
    """Whether phase 6 asks the seat (engine.auto_pass passes the others), judged only from what
    every seat sees. I3 « Jouer une carte de D de votre main … Jouer une carte I de votre main »:
    a tribe's elder actions depend on its hand, which B2 hides from the others; passing it
    because no card in that hand is playable would tell them so. So a tribe holding hand cards
    is asked whenever its mature elders and discs (public) could play a card of some kind, with
    `pass` among its moves; only a tribe that could play no card whatever it held is passed.
    A vocal seat's actions (I1, I2) depend on public things only: it is asked when it has one."""
    p = st["pl"][seat]
    if not p["tribal"]:
        return has_action(st, seat)
    if not p["hand"]:
        return False
    free = mature_elder(p, 1)       # the chief makes an elder action free (E2)
    vocab = p["vocab"]
    for rank in (2, 3, 5):          # the shaman tames a D card, the knapper and trapper play an I card
        if mature_elder(p, rank) and (free or vocab[ELDERS[rank]["colour"]]):
            return True
    return False


def has_action(st, seat) -> bool:
    """Whether the seat has more to choose than `pass` (which always comes last): whether
    _action_moves yields anything before it, asked without building a move (the engine asks
    for every seat after every action; tests check the two agree)."""
    p = st["pl"][seat]
    if p["tribal"]:
        return next(_action_moves(st, seat)).data != ("pass",)   # the elders' actions: rare, asked as they are
    portals, vocab = p["portals"], p["vocab"]
    # one pass over the tableaux: a portal a source daughter offers (portal_sources), and the
    # tableaux one of its tribesmen married into (their portals count for neolexia_colours)
    married = []
    for owner, q in enumerate(st["pl"]):
        monogamous = q["sex"] == "monogamy"
        linked = False
        for d in q["daughters"]:
            # a source: an active daughter (daughter_active) of its own, or married to one of
            # its tribesmen
            h = d["hus"]
            if h is None:
                if owner != seat or monogamous or d["discs"]:
                    continue
            elif h["s"] == seat:
                linked = True
                if d["discs"]:
                    continue
            elif owner != seat or d["discs"]:
                continue
            for slot, colour in DAUGHTERS[d["id"]]["portals"]:
                if colour not in portals[slot] and vocab[colour] != 0:
                    return True
        if linked and owner != seat:
            married.append(q)
    # neolexia: a committed disc of a colour among those portals
    wanted = set()
    for e in p["elders"][1:7]:
        if e is not None and e["imm"] is not None:
            wanted.add(e["imm"])
    for d in p["daughters"]:
        wanted.update(d["discs"])
        h = d["hus"]
        if h is not None and h["imm"] is not None:
            wanted.add(h["imm"])
    if not wanted:
        return False
    for slot_colours in portals.values():
        if not wanted.isdisjoint(slot_colours):
            return True
    for q in married:
        if not wanted.isdisjoint(portal_colours(q)):
            return True
    return False


