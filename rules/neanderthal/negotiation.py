"""F1 negotiation as explicit proposals: a seat proposes, the other answers
yes or no (the table's deadline answers no). Deals are binding only for the
one thing proposed; promises about later rounds are table talk.

Proposals (one side at least tribal with a mature chief; never between two
vocal tribes): ask a seat to leave a shared card, optionally paying with a
hand card or a mature unmarried daughter to marry (the hunter becomes a
mature husband); ask leave to retreat. Divorce needs nobody's consent.
In the co-operative variant (K2) one disc may be swapped per round."""

from __future__ import annotations

from rules.core import Event, Move

from . import engine as E
from .data import A_COLOUR, BIOMES, COLOURS, COLOUR_NAMES
from .model import (
    SEAT_LETTERS, card_name, daughter_key, hand_limit, mature_elder, n_seats, parse_daughter_key, player, seat_name)

MAX_PROPOSALS = 3


def chief(st, seat) -> bool:
    p = player(st, seat)
    return p["tribal"] and mature_elder(p, 1)


def pair_ok(st, a, b) -> bool:
    return chief(st, a) or chief(st, b)


def cubes_at(st, key) -> set:
    """Seats with hunters (or a husband) on a card."""
    out = {int(s) for s, party in st["parties"].get(key, {}).items() if E.units(party)}
    h = E._husband_of(st, key)
    if h is not None:
        out.add(h["s"])
    return out


def present_at(st, key) -> set:
    out = cubes_at(st, key)
    if key[0] not in "NS":
        out.add(parse_daughter_key(key)[0])
    return out


def proposal_moves(st, seat) -> list:
    p = player(st, seat)
    out = []
    if st["nego"]["left"].get(str(seat), 0) <= 0:
        return out
    for key in sorted(st["parties"], key=E._key_order):
        here = present_at(st, key)
        if seat not in here:
            continue
        for t in sorted(here - {seat}):
            if not pair_ok(st, seat, t):
                continue
            T = SEAT_LETTERS[t]
            theirs = st["parties"][key].get(str(t))
            if chief(st, seat) and theirs and E.units(theirs):
                out.append(Move(seat, f"ask {T} {key}", f"Ask {T} to leave {key}", ("ask", t, key, "", "")))
                if (theirs["c"][t] or theirs["a"]) and player(st, t)["sex"] != "libertine":
                    for i, d in enumerate(p["daughters"]):
                        if not d["discs"] and d["hus"] is None:
                            out.append(Move(seat, f"ask {T} {key} wed {i + 1}",
                                            f"{T} leaves {key} and marries {card_name(d['id'])}",
                                            ("ask", t, key, "wed", i)))
                room = len(player(st, t)["hand"]) < hand_limit(player(st, t))
                for cid in p["hand"] if room else []:
                    from .moves import slug
                    out.append(Move(seat, f"ask {T} {key} give {slug(cid)}", f"{T} leaves {key} for {card_name(cid)}",
                                    ("ask", t, key, "give", cid)))
            mine = st["parties"][key].get(str(seat))
            if mine and E.units(mine) and cubes_at(st, key) - {seat} == {t}:
                out.append(Move(seat, f"retreat {key} {T}", f"Ask {T} to let you retreat from {key}",
                                ("retreat", t, key)))
    if st["coop"] and not st["nego"]["traded"]:
        for t in range(n_seats(st)):
            if t == seat or not (p["tribal"] or player(st, t)["tribal"]):
                continue
            for c1 in COLOURS:
                for c2 in COLOURS:
                    if c1 != c2 and p["vocab"][c1] and player(st, t)["vocab"][c2]:
                        out.append(Move(seat, f"swap {SEAT_LETTERS[t]} {c1}>{c2}",
                                        f"Give {COLOUR_NAMES[c1]}, get {COLOUR_NAMES[c2]} from {SEAT_LETTERS[t]}",
                                        ("swap", t, c1, c2)))
            q = player(st, t)
            if len(q["hand"]) < hand_limit(q):
                from .moves import slug
                for cid in p["hand"]:
                    if BIOMES[cid]["hand"]["kind"] != "I":
                        continue
                    for c2 in COLOURS:
                        if q["vocab"][c2]:
                            out.append(Move(seat, f"swap {SEAT_LETTERS[t]} {slug(cid)}>{c2}",
                                            f"Give {card_name(cid)}, get {COLOUR_NAMES[c2]} from {SEAT_LETTERS[t]}",
                                            ("swap", t, cid, c2)))
    return out


def divorce_moves(st, seat) -> list:
    out = []
    for owner in range(n_seats(st)):
        for i, d in enumerate(player(st, owner)["daughters"]):
            if d["hus"] and d["hus"]["s"] == seat:
                key = daughter_key(owner, i)
                out.append(Move(seat, f"divorce {key}", f"Husband leaves {card_name(d['id'])}", ("divorce", owner, i)))
    return out


def start_negotiation(st, ev) -> None:
    st["nego"] = {"queue": [], "left": {str(s): MAX_PROPOSALS for s in range(n_seats(st))}, "prop": None,
                  "traded": False}
    st["nego"]["queue"] = [s for s in st["order"] if proposal_moves(st, s)]
    if st["nego"]["queue"]:
        st["phase"] = "nego"
    else:
        st["nego"] = None
        st["phase"] = "combat"


def nego_to_act(st) -> list:
    n = st["nego"]
    if n["prop"]:
        return [n["prop"]["to"]]
    return [n["queue"][0]]


def nego_moves(st, seat) -> list:
    n = st["nego"]
    if n["prop"]:
        return [Move(seat, "yes", "Accept (ook!)", ("answer", True)), Move(seat, "no", "Refuse (ook ook)", ("answer", False))]
    return proposal_moves(st, seat) + divorce_moves(st, seat) + [Move(seat, "done", "End negotiations", ("done",))]


def describe(st, prop) -> str:
    kind = prop["data"][0]
    s, t = seat_name(prop["from"]), seat_name(prop["to"])
    if kind == "ask":
        _, _, key, extra, arg = prop["data"]
        text = f"{s} asks {t} to leave {E.place_name(st, key)}"
        if extra == "wed":
            text += f", marrying {card_name(player(st, prop['from'])['daughters'][arg]['id'])}"
        elif extra == "give":
            text += f", for the card {card_name(arg)}"
        return text + "."
    if kind == "retreat":
        return f"{s} asks {t} to let its hunters retreat from {E.place_name(st, prop['data'][2])}."
    _, _, c1, c2 = prop["data"]
    gift = f"{A_COLOUR[c1]} disc" if c1 in COLOUR_NAMES else f"the invention {card_name(c1)}"
    return f"{s} offers {t} {gift} for {A_COLOUR[c2]} disc."


def party_home(st, key, seat) -> None:
    party = st["parties"].get(key, {}).pop(str(seat), None)
    if party is None:
        return
    p = player(st, seat)
    for s in range(n_seats(st)):
        p["pool"][s] += party["c"][s]
    if party["a"]:
        p["alpha"] = "pool"


def accept(st, prop, ev) -> None:
    data = prop["data"]
    me, them = prop["from"], prop["to"]
    if data[0] == "ask":
        _, _, key, extra, arg = data
        if extra == "wed":
            party = st["parties"][key][str(them)]
            d = player(st, me)["daughters"][arg]
            if party["c"][them]:
                party["c"][them] -= 1
                d["hus"] = {"s": them, "a": False, "imm": None}
            else:
                party["a"] = False
                d["hus"] = {"s": them, "a": True, "imm": None}
                player(st, them)["alpha"] = "husband"
        elif extra == "give":
            player(st, me)["hand"].remove(arg)
            player(st, them)["hand"].append(arg)
        party_home(st, key, them)
    elif data[0] == "retreat":
        party_home(st, data[2], me)
    else:
        _, _, c1, c2 = data
        a, b = player(st, me), player(st, them)
        if c1 in COLOURS:
            a["vocab"][c1] -= 1
            b["vocab"][c1] += 1
        else:   # K2: an invention card for a disc
            a["hand"].remove(c1)
            b["hand"].append(c1)
        b["vocab"][c2] -= 1
        a["vocab"][c2] += 1
        st["nego"]["traded"] = True


def play_nego(st, seat, data, ev) -> None:
    n = st["nego"]
    kind = data[0]
    if kind == "answer":
        prop = n["prop"]
        n["prop"] = None
        if data[1]:
            accept(st, prop, ev)
        ev.append(Event(f"{seat_name(seat)} " + ("accepts (ook!)." if data[1] else "refuses (ook ook)."),
                        fr=f"{seat_name(seat)} " + ("accepte (ook !)." if data[1] else "refuse (ook ook)."), seat=seat,
                        reveal=data[1]))
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
        ev.append(Event(f"{seat_name(seat)}'s husband leaves {card_name(d['id'])}.",
                        fr=f"Le mari de {seat_name(seat)} quitte {card_name(d['id'])}.", seat=seat))
    elif kind == "done":
        n["queue"].pop(0)
    else:
        n["left"][str(seat)] -= 1
        n["prop"] = {"from": seat, "to": data[1], "data": list(data)}
        shows_card = (data[0] == "ask" and data[3] == "give") or (data[0] == "swap" and data[2] not in COLOURS)
        ev.append(Event(describe(st, n["prop"]), seat=seat, reveal=shows_card))
    # the queue keeps only seats that still have something to propose
    while n["queue"] and not n["prop"] and not (proposal_moves(st, n["queue"][0]) or divorce_moves(st, n["queue"][0])):
        n["queue"].pop(0)
    if not n["queue"] and not n["prop"]:
        st["nego"] = None
        E.to_discard(st, "combat")
