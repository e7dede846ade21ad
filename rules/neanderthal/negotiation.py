"""F1 negotiation as explicit proposals: a seat proposes, the other answers
yes or no (the table's deadline answers no). Deals are binding only for the
one thing proposed; promises about later rounds are table talk.

Negotiation needs a tribal chief on one side and is never between two vocal
tribes. A tribal player proposes that one party abandon a shared card
peacefully, for a deal:

  ask B N3 [deal]       B's hunters leave N3
  retreat N3 B [deal]   your hunters leave N3 (a vocal tribe may ask this,
                        without a deal)

« Vos chasseurs ne peuvent battre en retraite durant cette phase que si tous
les autres joueurs avec des cubes présents sur la carte vous le permettent »:
every other seat with cubes on the card (in player order) consents with yes or
no first, then B answers the proposal and its deal; one no and nothing happens.

The deal is nothing, or
  give X      you give B your hand card X (slug) or mature tableau card X
  get Y       B gives you its mature tableau card Y, or `get hand`: a hand
              card of B's choice (B picks it when answering `yes <card>`)
  swap X>Y    an exchange: hand for hand (`swap horse>hand`, B picks its
              card when answering) or tableau for tableau (`swap x1>i2`)
  wed N       with ask: your mature unmarried daughter N marries one of B's
              leaving hunters; with retreat: one of your leaving hunters
              marries B's daughter N (a mature husband, G1)

Tableau cards: dN an unmarried mature daughter, tN a trophy, xN a mature
domestic animal, iN a mature invention (numbers as in the view). Fair
trade: hand cards trade for hand cards, tableau cards for tableau cards.
Divorce needs nobody's consent. Each seat may make MAX_PROPOSALS
proposals a round.

In the co-operative variant (K2) one disc or I card may be exchanged for a
disc or I card of another species each round (`swap B o>k`, `swap B
birchtar>k`, `swap B o>icard`, `swap B birchtar>icard`: with `icard` B picks
the I card it gives when answering `yes <card>`)."""

from __future__ import annotations

from typing import Any

from rules.core import Event, Move
from rules.wording import listing

from . import phrases as ph
from . import queries as Q
from .data import BIOMES, COLOURS
from .model import (
    SEAT_LETTERS,
    daughter_key,
    mature_elder,
    n_seats,
    parse_daughter_key,
    player,
    seat_name,
)
from .queries import slug

MAX_PROPOSALS = 3
TABLEAU = {"d": "daughters", "t": "trophies", "x": "domestic", "i": "inventions"}


def chief(st, seat) -> bool:
    p = player(st, seat)
    return p["tribal"] and mature_elder(p, 1)


def pair_ok(st, a, b) -> bool:
    return chief(st, a) or chief(st, b)


def cubes_at(st, key) -> set:
    """Seats with hunters (or a husband) on a card."""
    out = {int(s) for s, party in st["parties"].get(key, {}).items() if Q.units(party)}
    h = Q.husband_at(st, key)
    if h is not None:
        out.add(h["s"])
    return out


def present_at(st, key) -> set:
    out = cubes_at(st, key)
    if key[0] not in "NS":
        out.add(parse_daughter_key(key)[0])
    return out


def tableau_cards(st, seat) -> list:
    """(code, card id) of the mature tableau cards a seat may trade: unmarried
    mature daughters, trophies, mature domestic animals and inventions."""
    p = player(st, seat)
    out = []
    for i, d in enumerate(p["daughters"]):
        if not d["discs"] and d["hus"] is None:
            out.append((f"d{i + 1}", d["id"]))
    out += [(f"t{i + 1}", cid) for i, cid in enumerate(p["trophies"])]
    for kind in ("x", "i"):
        for i, c in enumerate(p[TABLEAU[kind]]):
            if not c["discs"]:
                out.append((f"{kind}{i + 1}", c["id"]))
    return out


def tableau_id(st, seat, code) -> str:
    item = player(st, seat)[TABLEAU[code[0]]][int(code[1:]) - 1]
    return item if isinstance(item, str) else item["id"]


def can_wed(st, key, seat) -> bool:
    """One of the seat's own hunters (not a wanderer) or its alpha leaves the
    card and may become a husband (libertines place no husbands, E3/G1)."""
    party = st["parties"].get(key, {}).get(str(seat))
    return bool(party) and bool(party["c"][seat] or party["a"]) and player(st, seat)["sex"] != "libertine"


def deals(st, seat, t, key, leaver) -> list:
    """(notation suffix, label suffix, extra, arg, arg2) of every deal a tribal
    seat may attach to a proposal that the `leaver` party leaves `key`."""
    p, q = player(st, seat), player(st, t)
    mine, theirs = tableau_cards(st, seat), tableau_cards(st, t)
    T = SEAT_LETTERS[t]
    out: list[tuple[str, Any, str, int | str, str]] = [("", "", "", "", "")]
    if st["coop"]:   # K2: no trade of population, daughters or D cards; discs and I cards trade by `swap`
        return out
    if leaver == t and can_wed(st, key, t):
        for i, d in enumerate(p["daughters"]):
            if not d["discs"] and d["hus"] is None:
                out.append((f" wed {i + 1}", ph.later(ph.D_MARRIES, card=ph.CARD[d["id"]]), "wed", i, ""))
    if leaver == seat and can_wed(st, key, seat):
        for i, d in enumerate(q["daughters"]):
            if not d["discs"] and d["hus"] is None:
                out.append((f" wed {i + 1}", ph.later(ph.D_MARRYING, seat=T, card=ph.CARD[d["id"]]), "wed", i, ""))
    # B2 « Si vous obtenez une nouvelle carte de main et que votre main est pleine, vous devez
    # choisir d'en défausser une »: a full hand may receive a card; its owner then discards
    # (moves.play_move, right after the deal), so no gift waits for room
    for cid in p["hand"]:
        out.append((f" give {slug(cid)}", ph.later(ph.D_GIVE, card=ph.CARD[cid]), "give", cid, ""))
    for code, cid in mine:
        out.append((f" give {code}", ph.later(ph.D_GIVE, card=ph.CARD[cid]), "give", code, ""))
    if q["hand"]:
        out.append((" get hand", ph.later(ph.D_GET_HAND, seat=T), "get", "hand", ""))
    for code, cid in theirs:
        out.append((f" get {code}", ph.later(ph.D_GET, seat=T, card=ph.CARD[cid]), "get", code, ""))
    if q["hand"]:
        for cid in p["hand"]:
            out.append((f" swap {slug(cid)}>hand", ph.later(ph.D_SWAP_HAND, card=ph.CARD[cid]), "swap", cid, "hand"))
    for code, cid in mine:
        for code2, cid2 in theirs:
            out.append((f" swap {code}>{code2}", ph.later(ph.D_SWAP, card=ph.CARD[cid], other=ph.CARD[cid2]),
                        "swap", code, code2))
    return out


def proposal_moves(st, seat) -> list:
    if st["nego"]["left"].get(str(seat), 0) <= 0:
        return []
    out = []
    if any(chief(st, s) for s in range(n_seats(st))):   # F1: a chief on one side of every pair
        for key in sorted(st["parties"], key=Q.key_order):
            out += _leave_moves(st, seat, key)
    return out + _coop_moves(st, seat)


def _leave_moves(st, seat, key) -> list:
    """`ask B key` (B's hunters leave) and `retreat key B` (yours leave, B being
    any other seat with cubes there: the others present must consent too)."""
    p = player(st, seat)
    here = present_at(st, key)
    if seat not in here:
        return []
    out = []
    others = cubes_at(st, key) - {seat}
    for t in sorted(here - {seat}):
        if not pair_ok(st, seat, t):
            continue
        T = SEAT_LETTERS[t]
        theirs = st["parties"][key].get(str(t))
        if p["tribal"] and theirs and Q.units(theirs):
            for note, label, extra, arg, arg2 in deals(st, seat, t, key, t):
                out.append(Move(seat, f"ask {T} {key}{note}", ph.later(ph.L_ASK, seat=T, key=key, deal=label),
                                ("ask", t, key, extra, arg, arg2)))
        mine = st["parties"][key].get(str(seat))
        if mine and Q.units(mine) and t in others:
            offers = deals(st, seat, t, key, seat) if p["tribal"] else [("", "", "", "", "")]
            for note, label, extra, arg, arg2 in offers:
                out.append(Move(seat, f"retreat {key} {T}{note}", ph.later(ph.L_RETREAT, seat=T, key=key, deal=label),
                                ("retreat", t, key, extra, arg, arg2)))
    return out


def is_icard(cid) -> bool:
    return BIOMES[cid]["hand"]["kind"] == "I"


def _coop_moves(st, seat) -> list:
    """K2: « un disque ou une carte «I» d'une espèce peut être échangé avec un
    disque ou une carte «I» d'une autre espèce, à condition qu'au moins une
    espèce est tribale », once a round. The other seat's hand is hidden: `icard`
    asks for an I card of its choice (it may have none and can only refuse)."""
    if not st["coop"] or st["nego"]["traded"]:
        return []
    p = player(st, seat)
    out = []
    for t in range(n_seats(st)):
        q = player(st, t)
        if t == seat or not (p["tribal"] or q["tribal"]):
            continue
        T = SEAT_LETTERS[t]
        gifts = [c for c in COLOURS if p["vocab"][c]] + [cid for cid in p["hand"] if is_icard(cid)]
        for c1 in gifts:
            gives_card = c1 not in COLOURS
            wants = [c for c in COLOURS if q["vocab"][c] and c != c1]
            if q["hand"]:
                wants.append("icard")   # into a full hand too: B2's discard follows the trade
            gift = ph.COLOUR[c1] if not gives_card else ph.CARD[c1]
            for c2 in wants:
                note = slug(c1) if gives_card else c1
                want = ph.later(ph.ICARD_OF, seat=T) if c2 == "icard" else ph.COLOUR[c2]
                out.append(Move(seat, f"swap {T} {note}>{c2}", ph.later(ph.L_COOP_SWAP, gift=gift, want=want, seat=T),
                                ("swap", t, c1, c2)))
    return out


def divorce_moves(st, seat) -> list:
    out = []
    for owner in range(n_seats(st)):
        for i, d in enumerate(player(st, owner)["daughters"]):
            if d["hus"] and d["hus"]["s"] == seat:
                key = daughter_key(owner, i)
                out.append(Move(seat, f"divorce {key}", ph.later(ph.L_DIVORCE, card=ph.CARD[d["id"]]),
                                ("divorce", owner, i)))
    return out


def start_negotiation(st, ev) -> None:
    # F1: nothing to propose without a tribal chief at the table (or the K2 trade)
    if not (st["coop"] or any(chief(st, s) for s in range(n_seats(st)))):
        st["nego"] = None
        st["phase"] = "combat"
        return
    st["nego"] = {"queue": [], "left": {str(s): MAX_PROPOSALS for s in range(n_seats(st))}, "prop": None,
                  "traded": False}
    # F1 « Divorce. Vos maris peuvent abandonner des cartes filles pendant les négociations »: a seat
    # whose only move is a divorce is asked too
    st["nego"]["queue"] = [s for s in st["order"] if proposal_moves(st, s) or divorce_moves(st, s)]
    if st["nego"]["queue"]:
        st["phase"] = "nego"
    else:
        st["nego"] = None
        st["phase"] = "combat"


def nego_to_act(st) -> list:
    n = st["nego"]
    if n["prop"]:
        return [asked(n["prop"])]
    return [n["queue"][0]]


def waiting(prop) -> list:
    """Seats still to answer, the counterparty last (saved states from before
    the consents only wait for the counterparty)."""
    return prop.get("wait") or [prop["to"]]


def asked(prop) -> int:
    return waiting(prop)[0]


def consenters(st, data, seat) -> list:
    """F1: the other seats with cubes on the card, who must let the party leave
    (in player order). The counterparty answers last, with the deal."""
    if data[0] not in ("ask", "retreat"):
        return []
    others = cubes_at(st, data[2]) - {seat, data[1]}
    return [s for s in st["order"] if s in others]


def _data(prop) -> list:
    """A proposal's data, padded (states saved before deals had fewer fields)."""
    d = list(prop["data"])
    if d[0] == "retreat":
        d += [""] * (6 - len(d))
    elif d[0] == "ask" and len(d) < 6:
        d.append("")
    return d


def chooses_hand_card(prop) -> bool:
    """The answering seat names the hand card it gives when it accepts."""
    d = _data(prop)
    if d[0] == "swap":
        return d[3] == "icard"
    return (d[3] == "get" and d[4] == "hand") or (d[3] == "swap" and d[5] == "hand")


def answer_cards(st, prop, seat) -> list:
    """The hand cards the counterparty may give when it accepts (K2: I cards only)."""
    hand = player(st, seat)["hand"]
    return [cid for cid in hand if is_icard(cid)] if prop["data"][0] == "swap" else list(hand)


def nego_moves(st, seat) -> list:
    n = st["nego"]
    if n["prop"]:
        no = Move(seat, "no", ph.L_REFUSE, ("answer", False))
        if seat == n["prop"]["to"] and chooses_hand_card(n["prop"]):
            return [Move(seat, f"yes {slug(cid)}", ph.later(ph.L_ACCEPT_GIVING, card=ph.CARD[cid]), ("answer", True, cid))
                    for cid in answer_cards(st, n["prop"], seat)] + [no]
        return [Move(seat, "yes", ph.L_ACCEPT, ("answer", True)), no]
    return proposal_moves(st, seat) + divorce_moves(st, seat) + [Move(seat, "done", ph.L_END_NEGO, ("done",))]


def _thing_said(st, seat, x):
    if x == "hand":
        return ph.THING_CHOICE()
    if x in BIOMES:
        return ph.THING_HAND(card=ph.card(x))
    return ph.THING_TABLEAU(card=ph.card(tableau_id(st, seat, x)), code=x)


def describe(st, prop) -> str:
    return describe_said(st, prop).english()


def describe_said(st, prop):
    """A proposal (F1, K2) as a phrase: what describe() says, in the reader's language."""
    d = _data(prop)
    kind = d[0]
    me, them = prop["from"], prop["to"]
    s, t = seat_name(me), seat_name(them)
    if kind in ("ask", "retreat"):
        _, _, key, extra, arg, arg2 = d
        head = (ph.P_ASK if kind == "ask" else ph.P_RETREAT)(s=s, t=t, place=Q.place_said(st, key))
        deal = ""
        if extra == "wed":
            owner = me if kind == "ask" else them
            deal = ph.P_WED(owner=seat_name(owner), card=ph.card(player(st, owner)["daughters"][arg]["id"]))
        elif extra == "give":
            deal = ph.P_GIVES(s=s, thing=_thing_said(st, me, arg))
        elif extra == "get":
            deal = ph.P_DEMANDS(s=s, thing=_thing_said(st, them, arg))
        elif extra == "swap":
            deal = ph.P_EXCHANGES(s=s, thing=_thing_said(st, me, arg), other=_thing_said(st, them, arg2))
        others = prop.get("others", [])
        more = ph.P_OTHERS(names=listing([seat_name(o) for o in others]), n=len(others)) if others else ""
        return ph.PROPOSAL(head=head, deal=deal, others=more)
    _, _, c1, c2 = d
    gift = ph.DISC_A[c1]() if c1 in COLOURS else ph.THE_INVENTION(card=ph.card(c1))
    want = ph.ICARD_CHOICE() if c2 == "icard" else ph.DISC_A[c2]()
    return ph.P_COOP(s=s, t=t, gift=gift, want=want)


def party_home(st, key, seat) -> None:
    party = st["parties"].get(key, {}).pop(str(seat), None)
    if party is None:
        return
    p = player(st, seat)
    for s in range(n_seats(st)):
        p["pool"][s] += party["c"][s]
    if party["a"]:
        p["alpha"] = "pool"


def marry(st, key, hunter_seat, owner, i) -> None:
    """One of the leaving party's own hunters (or its alpha) becomes the mature
    husband of daughter i in `owner`'s tableau (F1, G1)."""
    party = st["parties"][key][str(hunter_seat)]
    d = player(st, owner)["daughters"][i]
    if party["c"][hunter_seat]:
        party["c"][hunter_seat] -= 1
        d["hus"] = {"s": hunter_seat, "a": False, "imm": None}
    else:
        party["a"] = False
        d["hus"] = {"s": hunter_seat, "a": True, "imm": None}
        player(st, hunter_seat)["alpha"] = "husband"


def _rekey(st, mapping: dict) -> None:
    """Daughter keys change when a daughter changes tableau: move the parties
    (suitors) and the assignment order with her."""
    if not mapping:
        return
    st["parties"] = {mapping.get(k, k): v for k, v in st["parties"].items()}
    if st.get("placed"):
        st["placed"] = [mapping.get(k, k) for k in st["placed"]]


def move_tableau(st, src, dst, code) -> str:
    """Moves a mature tableau card from seat src to seat dst; returns its id."""
    kind, i = code[0], int(code[1:]) - 1
    items = player(st, src)[TABLEAU[kind]]
    item = items.pop(i)
    player(st, dst)[TABLEAU[kind]].append(item)
    if kind == "d":
        mapping = {daughter_key(src, i): daughter_key(dst, len(player(st, dst)["daughters"]) - 1)}
        for j in range(i, len(items)):
            mapping[daughter_key(src, j + 1)] = daughter_key(src, j)
        _rekey(st, mapping)
    return item if isinstance(item, str) else item["id"]


def move_hand(st, src, dst, cid) -> None:
    player(st, src)["hand"].remove(cid)
    player(st, dst)["hand"].append(cid)


def transfer(st, src, dst, x) -> None:
    if x in BIOMES:
        move_hand(st, src, dst, x)
    else:
        move_tableau(st, src, dst, x)


def accept(st, prop, ev, chosen=None) -> None:
    data = _data(prop)
    me, them = prop["from"], prop["to"]
    if data[0] in ("ask", "retreat"):
        _, _, key, extra, arg, arg2 = data
        leaver = them if data[0] == "ask" else me
        if extra == "wed":
            owner = me if data[0] == "ask" else them
            marry(st, key, leaver, owner, arg)
        party_home(st, key, leaver)
        if extra == "give":
            transfer(st, me, them, arg)
        elif extra == "get":
            transfer(st, them, me, chosen if arg == "hand" else arg)
        elif extra == "swap":
            if arg2 == "hand":
                move_hand(st, me, them, arg)
                move_hand(st, them, me, chosen)
            else:
                # the received card goes to the end of my list, so my code stays valid
                transfer(st, them, me, arg2)
                transfer(st, me, them, arg)
    else:
        coop_trade(st, me, them, data[2], data[3], chosen)


def coop_trade(st, me, them, c1, c2, chosen) -> None:
    """K2: I give c1 (a disc colour or an I card) for c2 (a disc colour, or
    `icard`: the I card they chose)."""
    a, b = player(st, me), player(st, them)
    if c1 in COLOURS:
        a["vocab"][c1] -= 1
        b["vocab"][c1] += 1
    else:
        move_hand(st, me, them, c1)
    if c2 == "icard":
        move_hand(st, them, me, chosen)
    else:
        b["vocab"][c2] -= 1
        a["vocab"][c2] += 1
    st["nego"]["traded"] = True


def play_nego(st, seat, data, ev) -> None:
    n = st["nego"]
    kind = data[0]
    if kind == "answer":
        answer(st, seat, data, ev)
    elif kind == "divorce":
        _, owner, i = data
        d = player(st, owner)["daughters"][i]
        h = d["hus"]
        if h["imm"]:
            player(st, owner)["vocab"][h["imm"]] += 1
        d["hus"] = None
        if h["a"]:
            player(st, seat)["alpha"] = "pool"
        else:
            player(st, seat)["pool"][seat] += 1
        ev.append(Event(None, seat=seat,
                        said=ph.DIVORCE(who=seat_name(seat), card=ph.card(d["id"]))))
    elif kind == "done":
        n["queue"].pop(0)
    else:
        propose(st, seat, data, ev)
    # the queue keeps only seats that still have something to propose
    while n["queue"] and not n["prop"] and not (proposal_moves(st, n["queue"][0]) or divorce_moves(st, n["queue"][0])):
        n["queue"].pop(0)
    if not n["queue"] and not n["prop"]:
        st["nego"] = None
        st["phase"] = "nego_end"   # the engine goes on to the hand limit and the attacks


def propose(st, seat, data, ev) -> None:
    n = st["nego"]
    n["left"][str(seat)] -= 1
    others = consenters(st, data, seat)
    n["prop"] = prop = {"from": seat, "to": data[1], "data": list(data), "others": others,
                        "wait": others + [data[1]]}
    # the proposer shows the hand card it offers, never one it asks for
    shows_card = (data[0] in ("ask", "retreat") and data[3] in ("give", "swap") and data[4] in BIOMES) or \
        (data[0] == "swap" and data[2] not in COLOURS)
    nxt = seat_name(asked(prop))
    ev.append(Event(None, seat=seat, reveal=shows_card,
                    said=ph.PROPOSES(proposal=describe_said(st, prop), next=nxt)))


def answer(st, seat, data, ev) -> None:
    """A consent passes the question to the next seat; the counterparty's yes
    (the last answer) makes the deal; any no ends the proposal unchanged."""
    n = st["nego"]
    prop = n["prop"]
    rest = waiting(prop)[1:]
    s = seat_name(seat)
    if data[1] and rest:
        prop["wait"] = rest
        nxt = seat_name(rest[0])
        ev.append(Event(None, seat=seat,
                        said=ph.AGREES(who=s, next=nxt)))
        return
    n["prop"] = None
    if not data[1]:
        ev.append(Event(None, seat=seat, said=ph.REFUSES(who=s)))
        return
    chosen = data[2] if len(data) > 2 else None
    accept(st, prop, ev, chosen)
    if chosen:
        ev.append(Event(None, seat=seat, reveal=True,
                        said=ph.ACCEPTS_GIVING(who=s, card=ph.card(chosen))))
    else:
        ev.append(Event(None, seat=seat, reveal=True, said=ph.ACCEPTS(who=s)))
