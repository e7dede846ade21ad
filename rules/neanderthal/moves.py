"""Who acts, what they may do, and what their moves do, phase by phase.
Every decision is a Move whose ``data`` is a tuple (kind, args…)."""

from __future__ import annotations

from itertools import permutations

from rules.core import Event, IllegalMove, Move

from . import engine as E
from .data import A_COLOUR, BIOMES, COLOURS, COLOUR_NAMES, DAUGHTERS, ELDERS
from .model import (
    SEAT_LETTERS, biome_keys, card_name, convert_if_fluent, daughter_active, daughter_key,
    domain_complete, free_disc, free_husbands, hand_limit, huntable, mature_elder, n_seats, player,
    portal_colours, seat_name, slot_card, take_disc)


def slug(cid: str) -> str:
    return "".join(ch for ch in card_name(cid).lower() if ch.isalnum())


# ------------------------------------------------------------ to_act


def to_act(st) -> list:
    ph = st["phase"]
    n = n_seats(st)
    if ph == "sex":
        return [s for s in range(n) if player(st, s)["sex"] is None]
    if ph == "council":
        return [st["order"][0]]
    if ph in ("chaos", "blizzard"):
        return [s for s in st["order"] if str(s) in st["pend"]]
    if ph == "expat":
        return [st["pend"]["seat"]]
    if ph == "alpha":
        return [st["alpha_ask"][0]]
    if ph == "take":
        return [st["offers"][0][0]]
    if ph == "fighting":
        who = st["fight"]["who"]
        return [] if who is None else [who]
    if ph == "bid":
        return [E.bid_turn(st)]
    if ph == "pay":
        return [st["auc"]["lead"]]
    if ph == "discard":
        return [s for s in st["order"] if len(player(st, s)["hand"]) > hand_limit(player(st, s))]
    if ph == "assign":
        return [st["order"][st["cur"]]]
    if ph == "nego":
        from .negotiation import nego_to_act
        return nego_to_act(st)
    if ph == "action":
        return [s for s in st["order"] if s not in st["acted"]]
    if ph == "release":
        return [st["rel"][0][0]]
    return []


# ------------------------------------------------------------ legal moves


def legal(st, seat) -> list:
    if seat not in to_act(st):
        return []
    ph = st["phase"]
    if ph == "sex":
        return [Move(seat, s, s.capitalize(), ("sex", s)) for s in E.sex_options(st, seat)]
    if ph == "council":
        out = []
        for perm in permutations(st["order"]):
            note = "order " + "".join(SEAT_LETTERS[s] for s in perm)
            out.append(Move(seat, note, "Order " + " ".join(SEAT_LETTERS[s] for s in perm), ("order", tuple(perm))))
        return out
    if ph == "chaos":
        return chaos_moves(st, seat)
    if ph == "fighting":
        return fight_moves(st, seat)
    if ph == "take":
        _, what, cid, key = st["offers"][0]
        where = "as a trophy" if what == "trophy" else "into hand"
        return [Move(seat, "take", f"Take {card_name(cid)} {where}", ("offer", True)),
                Move(seat, "leave", f"Leave {card_name(cid)} in the row", ("offer", False))]
    if ph == "alpha":
        key = st["alpha_ask"][1]
        return [Move(seat, "power", f"Alpha counts as a 1 on {key}", ("apower", True)),
                Move(seat, "roll", f"Alpha rolls like the others on {key}", ("apower", False))]
    if ph == "blizzard":
        return [Move(seat, f"drop {c}", "Lose " + dependant_name(st, seat, c), ("drop", c))
                for c in E.dependants(st, seat)]
    if ph == "expat":
        return [Move(seat, f"send {SEAT_LETTERS[t]}", f"Send a wanderer to {SEAT_LETTERS[t]}", ("send", t))
                for t in E.expat_targets(st, seat)]
    if ph == "bid":
        return bid_moves(st, seat)
    if ph == "pay":
        return pay_moves(st, seat)
    if ph == "discard":
        return [Move(seat, f"discard {slug(c)}", "Discard " + card_name(c), ("discard", c))
                for c in player(st, seat)["hand"]]
    if ph == "assign":
        return assign_moves(st, seat)
    if ph == "nego":
        from .negotiation import nego_moves
        return nego_moves(st, seat)
    if ph == "action":
        return action_moves(st, seat)
    if ph == "release":
        return release_moves(st, seat)
    return []


HOLDER_CODES = {"elder": "e", "hus": "h", "daughter": "d", "domestic": "x", "invention": "i"}


def release_moves(st, seat) -> list:
    _, colour = st["rel"][0]
    out = []
    for holder in E.release_options(st, seat, colour):
        kind, i = holder
        code = f"{HOLDER_CODES[kind]}{i if kind == 'elder' else i + 1}"
        out.append(Move(seat, f"free {code}", f"Free the {COLOUR_NAMES[colour]} disc of {E.holder_name(st, seat, holder)}",
                        ("free", kind, i, colour)))
    return out


def dependant_name(st, seat, code) -> str:
    p = player(st, seat)
    if code[0] == "e":
        return ELDERS[int(code[1:])]["name"]
    if code[0] == "d":
        return card_name(p["daughters"][int(code[1:]) - 1]["id"])
    return card_name(p["domestic"][int(code[1:]) - 1]["id"])


def chaos_moves(st, seat) -> list:
    pend = st["pend"][str(seat)]
    p = player(st, seat)
    flips = [False, True] if pend["flip"] else [False]
    out = []
    if pend["kill"] > 0:
        # D4: the player chooses which hunters are lost (D6: wanderers may go first)
        return lose_moves(seat, E.chaos_kinds(st, seat), "ckill")
    if pend["elder"]:
        for r in range(1, 7):
            if p["elders"][r] is None:
                continue
            for f in flips:
                note = f"lose e{r}" + (" flip" if f else "")
                label = f"Lose {ELDERS[r]['name']}" + (", flip sexuality" if f else "")
                out.append(Move(seat, note, label, ("chaos", r, f)))
    else:
        out.append(Move(seat, "keep", "Keep sexuality", ("chaos", 0, False)))
        out.append(Move(seat, "flip", "Flip sexuality", ("chaos", 0, True)))
    return out


def fight_moves(st, seat) -> list:
    """F2: the attacker may split its hits among defenders; the victim picks who dies."""
    f = st["fight"]
    if f["step"] == "target":
        return [Move(seat, f"hit {SEAT_LETTERS[t]}", f"Hit {SEAT_LETTERS[t]}", ("hit", t))
                for t in E.hit_targets(st, f["key"], seat)]
    return lose_moves(seat, E.victim_kinds(st, f["key"], seat), "fkill")


def lose_moves(seat, kinds, tag: str) -> list:
    """One 'lose …' move per kind of hunter the seat may give up (chaos D4, attacks F2):
    the alpha, a husband, one of its own cubes, or a wanderer of another species."""
    out = []
    for kind in kinds:
        if kind == "a":
            out.append(Move(seat, "lose alpha", "Lose the alpha", (tag, "a")))
        elif kind == "h":
            out.append(Move(seat, "lose husband", "Lose the husband", (tag, "h")))
        elif kind == seat:
            out.append(Move(seat, "lose cube", "Lose a hunter", (tag, kind)))
        else:
            out.append(Move(seat, f"lose {SEAT_LETTERS[kind]}", f"Lose a wanderer of {SEAT_LETTERS[kind]}",
                            (tag, kind)))
    return out


def bid_moves(st, seat) -> list:
    """D7: open, match (when the tie goes your way) or raise by a number of
    discs in the card's colours, or pass. Only bids that take the lead are offered."""
    out = [Move(seat, "pass", "Pass", ("bid", None))]
    half = player(st, seat)["tribal"]
    for n in range(1, E.bid_capacity(st, seat) + 1):
        if E.bid_beats(st, seat, n):
            label = f"Bid {E.discs_word(n)}" + (f" (worth {n / 2:g}, harem)" if half else "")
            out.append(Move(seat, f"bid {n}", label, ("bid", n)))
    return out


def pay_moves(st, seat) -> list:
    """D7: the winner names the colours of the discs it placed on the daughter."""
    out = []
    for discs in E.payments(st, seat, st["auc"]["n"]):
        label = "Pay " + ", ".join(f"{discs[c]} {COLOUR_NAMES[c]}" for c in COLOURS if discs[c])
        out.append(Move(seat, f"pay {E.bid_text(discs)}", label, ("pay", tuple(sorted(discs.items())))))
    return out


# ------------------------------------------------------------ assignment


def prereq_need(st, seat, extra_key=None) -> dict:
    need = {c: 0 for c in COLOURS}
    keys = [k for k, ps in st["parties"].items() if str(seat) in ps and k[0] in "NS"]
    if extra_key and extra_key not in keys:
        keys.append(extra_key)
    for k in keys:
        for c in BIOMES[slot_card(st, k)[0]]["prereq"]:
            need[c] += 1
    return need


def can_enter(st, seat, key) -> bool:
    need = prereq_need(st, seat, key)
    p = player(st, seat)
    return all(p["vocab"][c] >= need[c] for c in COLOURS)


def free_promotion(p) -> bool:
    return mature_elder(p, 6)


def can_promote(st, seat, rank) -> bool:
    p = player(st, seat)
    info = ELDERS[rank]
    if p["elders"][rank] is not None or p["pool"][seat] == 0:
        return False
    if info["tribal_only"] and not p["tribal"]:
        return False
    if not p["tribal"] and info["domain"] and not domain_complete(p, info["domain"]):
        return False
    return free_promotion(p) or p["vocab"][info["colour"]] > 0


def assign_moves(st, seat) -> list:
    p = player(st, seat)
    out = []
    pool = sum(p["pool"])
    if pool or p["alpha"] == "pool":
        for key in biome_keys(st):
            if not huntable(st, key):
                continue
            party = st["parties"].get(key, {}).get(str(seat))
            if not party and not can_enter(st, seat, key):
                continue
            chaperoned = party is not None and (party["c"][seat] > 0 or party["a"])
            name = card_name(slot_card(st, key)[0])
            if p["pool"][seat] > 0 or chaperoned:
                for k in range(1, pool + 1):
                    out.append(Move(seat, f"{key}x{k}", f"{k} hunter(s) to {name}", ("hunt", key, k)))
            if p["alpha"] == "pool":
                out.append(Move(seat, f"{key}a", f"Alpha to {name}", ("hunt", key, 0)))
    for r in range(1, 7):
        if can_promote(st, seat, r):
            out.append(Move(seat, f"e{r}", f"Promote a {ELDERS[r]['name']}", ("promote", r)))
    if p["pool"][seat] and p["sex"] != "libertine" and (p["vocab"]["o"] > 0 or free_husbands(st, seat)):
        for i, d in enumerate(p["daughters"]):
            if not d["discs"] and d["hus"] is None:
                out.append(Move(seat, f"wed {i + 1}", f"Husband for {card_name(d['id'])}", ("wed", i)))
    out += court_moves(st, seat)
    if p["alpha"] == "grave" and p["pool"][seat] and any(p["elders"][r] for r in (3, 4, 5)):
        out.append(Move(seat, "alpha", "Swap a hunter for the alpha", ("alpha",)))
    elif p["alpha"] == "husband" and p["pool"][seat]:
        out.append(Move(seat, "alpha", "A hunter takes the alpha's place as husband", ("alpha",)))
    if st["recalls"].get(str(seat), 0) > 0:
        for r in range(1, 7):
            fits = len(p["hand"]) <= hand_limit(p) - (1 if mature_elder(p, r) else 0)
            if p["elders"][r] is not None and fits:
                out.append(Move(seat, f"recall e{r}", f"{ELDERS[r]['name']} back to hunting", ("recall", "e", r)))
        for i, d in enumerate(p["daughters"]):
            h = d["hus"]
            if h and h["s"] == seat and not h["a"]:
                out.append(Move(seat, f"recall h{i + 1}", f"Husband of {card_name(d['id'])} back to hunting",
                                ("recall", "h", i)))
    if p["sex"] == "harem":
        for i, d in enumerate(p["daughters"]):
            if d["hus"] and d["hus"]["s"] == seat:
                for j, d2 in enumerate(p["daughters"]):
                    if d2["hus"] is None and not d2["discs"]:
                        out.append(Move(seat, f"sultan {i + 1}>{j + 1}", "Move a husband (sultan's privilege)",
                                        ("sultan", i, j)))
    out.append(Move(seat, "done", "Done assigning", ("done",)))
    return out


def court_moves(st, seat) -> list:
    p = player(st, seat)
    out = []
    if p["pool"][seat] == 0 and p["alpha"] != "pool":
        return out
    for owner in range(n_seats(st)):
        for i, d in enumerate(player(st, owner)["daughters"]):
            key = daughter_key(owner, i)
            if d["discs"] or str(seat) in st["parties"].get(key, {}):
                continue
            if d["hus"] is not None and d["hus"]["s"] == seat:
                continue
            if owner == seat and p["sex"] == "libertine":
                continue
            if p["pool"][seat]:
                out.append(Move(seat, f"court {key}", f"Court {card_name(d['id'])}", ("court", key, False)))
            if p["alpha"] == "pool":
                out.append(Move(seat, f"court {key}a", f"Alpha courts {card_name(d['id'])}", ("court", key, True)))
    return out


def new_party(st) -> dict:
    return {"c": [0] * n_seats(st), "a": False}


def play_assign(st, seat, data, ev) -> None:
    p = player(st, seat)
    kind = data[0]
    if kind in ("hunt", "court") and data[1] not in st.setdefault("placed", []):
        st["placed"].append(data[1])
    if kind == "hunt":
        _, key, k = data
        party = st["parties"].setdefault(key, {}).setdefault(str(seat), new_party(st))
        if k == 0:
            p["alpha"] = "party"
            party["a"] = True
            what = "the alpha"
        else:
            order = [seat] + [s for s in range(n_seats(st)) if s != seat]
            left = k
            for s in order:
                take = min(left, p["pool"][s])
                p["pool"][s] -= take
                party["c"][s] += take
                left -= take
            what = f"{k} hunter(s)"
        ev.append(Event(f"{seat_name(seat)} sends {what} to {E.place_name(st, key)}.",
                        fr=f"{seat_name(seat)} envoie {what} sur {E.place_name(st, key)}.", seat=seat))
    elif kind == "promote":
        r = data[1]
        colour = ELDERS[r]["colour"]
        imm = None
        if not free_promotion(p):
            take_disc(p, colour)
            imm = colour
        p["pool"][seat] -= 1
        p["elders"][r] = {"imm": imm}
        ev.append(Event(f"{seat_name(seat)} promotes a {ELDERS[r]['name']}.",
                        fr=f"{seat_name(seat)} promeut un {ELDERS[r]['name_fr']}.", seat=seat))
    elif kind == "wed":
        i = data[1]
        imm = None
        if not free_husbands(st, seat):   # E3: an orange disc under him, he is immature
            take_disc(p, "o")
            imm = "o"
        p["pool"][seat] -= 1
        p["daughters"][i]["hus"] = {"s": seat, "a": False, "imm": imm}
        ev.append(Event(f"{seat_name(seat)} gives {card_name(p['daughters'][i]['id'])} a husband.",
                        fr=f"{seat_name(seat)} marie {card_name(p['daughters'][i]['id'])}.", seat=seat))
    elif kind == "court":
        _, key, alpha = data
        party = st["parties"].setdefault(key, {}).setdefault(str(seat), new_party(st))
        if alpha:
            party["a"] = True
            p["alpha"] = "party"
        else:
            p["pool"][seat] -= 1
            party["c"][seat] += 1
        ev.append(Event(f"{seat_name(seat)} sends a suitor to {E.place_name(st, key)}.",
                        fr=f"{seat_name(seat)} envoie un prétendant vers {E.place_name(st, key)}.", seat=seat))
    elif kind == "alpha":
        p["pool"][seat] -= 1
        if p["alpha"] == "husband":  # B4: a hunter takes the married alpha's place
            for owner in range(n_seats(st)):
                for d in player(st, owner)["daughters"]:
                    if d["hus"] and d["hus"]["s"] == seat and d["hus"]["a"]:
                        d["hus"]["a"] = False
        else:
            p["grave"] += 1
        p["alpha"] = "pool"
        ev.append(Event(f"{seat_name(seat)} raises an alpha.", fr=f"{seat_name(seat)} crée un alpha.", seat=seat))
    elif kind == "recall":
        _, what, i = data
        if what == "e":
            e = p["elders"][i]
            if e["imm"]:
                free_disc(p, e["imm"])
            p["elders"][i] = None
        else:
            h = p["daughters"][i]["hus"]
            if h["imm"]:
                free_disc(p, h["imm"])
            p["daughters"][i]["hus"] = None
        p["pool"][seat] += 1
        st["recalls"][str(seat)] -= 1
        ev.append(Event(f"{seat_name(seat)} is endangered and sends a tribesman back to hunting.",
                        fr=f"{seat_name(seat)}, espèce en danger, renvoie un membre à la chasse.", seat=seat))
    elif kind == "sultan":
        _, i, j = data
        p["daughters"][j]["hus"] = p["daughters"][i]["hus"]
        p["daughters"][i]["hus"] = None
        ev.append(Event(f"{seat_name(seat)} moves a husband (sultan's privilege).",
                        fr=f"{seat_name(seat)} déplace un mari (privilège du sultan).", seat=seat))
    elif kind == "done":
        st["recalls"][str(seat)] = 0
        st["cur"] += 1


# ------------------------------------------------------------ phase 6


def portal_sources(st, seat) -> list:
    """Daughters whose portals this seat may use (I1): its own active ones and
    those married to one of its tribesmen."""
    out = []
    for owner in range(n_seats(st)):
        for d in player(st, owner)["daughters"]:
            if not daughter_active(st, owner, d):
                continue
            if owner == seat or (d["hus"] and d["hus"]["s"] == seat):
                out.append(d)
    return out


def neolexia_colours(st, seat) -> set:
    cols = set(portal_colours(player(st, seat)))
    for owner in range(n_seats(st)):
        if owner == seat:
            continue
        if any(d["hus"] and d["hus"]["s"] == seat for d in player(st, owner)["daughters"]):
            cols |= portal_colours(player(st, owner))
    return cols


def action_moves(st, seat) -> list:
    p = player(st, seat)
    out = []
    if not p["tribal"]:
        seen = set()
        for d in portal_sources(st, seat):
            for slot, colour in DAUGHTERS[d["id"]]["portals"]:
                if (slot, colour) in seen or colour in p["portals"][slot] or p["vocab"][colour] == 0:
                    continue
                seen.add((slot, colour))
                out.append(Move(seat, f"portal {slot} {colour}", f"Portal: {COLOUR_NAMES[colour]} on {slot.capitalize()}",
                                ("portal", slot, colour)))
        cols = neolexia_colours(st, seat)
        for r in range(1, 7):
            e = p["elders"][r]
            if e and e["imm"] in cols:
                out.append(Move(seat, f"neo e{r}", f"Neolexia: mature the {ELDERS[r]['name']}", ("neo", "e", r, e["imm"])))
        for i, d in enumerate(p["daughters"]):
            for c in sorted(set(d["discs"])):
                if c in cols:
                    out.append(Move(seat, f"neo d{i + 1} {c}", f"Neolexia: free {COLOUR_NAMES[c]} from {card_name(d['id'])}",
                                    ("neo", "d", i, c)))
            h = d["hus"]
            if h and h["imm"] in cols:
                out.append(Move(seat, f"neo h{i + 1}", f"Neolexia: mature the husband of {card_name(d['id'])}",
                                ("neo", "h", i, h["imm"])))
    else:
        free = mature_elder(p, 1)  # the chief makes an elder action free (E2)
        for cid in p["hand"]:
            kind = BIOMES[cid]["hand"]["kind"]
            if kind == "D" and mature_elder(p, 2) and (free or p["vocab"]["w"]):
                out.append(Move(seat, f"tame {slug(cid)}", f"Domesticate {card_name(cid)}", ("elder", cid, 2)))
            if kind == "I":
                for r, name in ((3, "knapper"), (5, "trapper")):
                    if mature_elder(p, r) and (free or p["vocab"][ELDERS[r]["colour"]]):
                        out.append(Move(seat, f"tool {slug(cid)} {name}", f"Make {card_name(cid)} ({name})",
                                        ("elder", cid, r)))
    out.append(Move(seat, "pass", "No action", ("pass",)))
    return out


def play_action(st, seat, data, ev) -> None:
    p = player(st, seat)
    kind = data[0]
    if kind == "portal":
        _, slot, colour = data
        take_disc(p, colour)
        p["portals"][slot].append(colour)
        ev.append(Event(f"{seat_name(seat)} opens {A_COLOUR[colour]} portal on {slot.capitalize()}.",
                        fr=f"{seat_name(seat)} ouvre un portail {colour} sur {slot.capitalize()}.", seat=seat))
        convert_if_fluent(st, seat, ev)
    elif kind == "neo":
        _, what, i, colour = data
        if what == "e":
            p["elders"][i]["imm"] = None
        elif what == "h":
            p["daughters"][i]["hus"]["imm"] = None
        else:
            p["daughters"][i]["discs"].remove(colour)
        free_disc(p, colour)
        ev.append(Event(f"{seat_name(seat)} uses neolexia and frees {A_COLOUR[colour]} disc.",
                        fr=f"{seat_name(seat)} fait une néolexie et libère un disque {colour}.", seat=seat))
    elif kind == "elder":
        _, cid, r = data
        colour = "w" if r == 2 else ELDERS[r]["colour"]
        discs = []
        if not mature_elder(p, 1):
            take_disc(p, colour)
            discs = [colour]
        p["hand"].remove(cid)
        target = "domestic" if r == 2 else "inventions"
        p[target].append({"id": cid, "discs": discs})
        verb = "domesticates" if r == 2 else "invents"
        ev.append(Event(f"{seat_name(seat)} {verb} {card_name(cid)}.",
                        fr=f"{seat_name(seat)} joue {card_name(cid)} dans son tableau.", seat=seat, reveal=True))
    st["acted"].append(seat)


def auto_pass(st) -> None:
    """Seats whose only choice in phase 6 is to pass do not need asking."""
    for seat in st["order"]:
        if seat not in st["acted"] and len(action_moves(st, seat)) == 1:
            st["acted"].append(seat)


# ------------------------------------------------------------ play


def play(st, move: Move) -> list:
    ev: list = []
    seat = move.seat
    data = move.data
    kind = data[0]
    p = player(st, seat)
    if kind == "sex":
        E.choose_sexuality(st, seat, data[1])
        ev.append(Event(f"{seat_name(seat)} chooses {data[1]}.", fr=f"{seat_name(seat)} choisit {data[1]}.", seat=seat))
        if not to_act(st):
            st["phase"] = "round"
    elif kind == "order":
        st["order"] = list(data[1])
        ev.append(Event(f"War council: {seat_name(seat)} sets the order " + ", ".join(seat_name(s) for s in data[1]) + ".",
                        fr="Conseil de guerre : nouvel ordre du tour.", seat=seat))
        st["phase"] = "events"
    elif kind == "chaos":
        _, r, flip = data
        if r:
            E.remove_elder(st, seat, r)
            ev.append(Event(f"{seat_name(seat)} loses its {ELDERS[r]['name']} in the chaos.",
                            fr=f"{seat_name(seat)} perd son {ELDERS[r]['name_fr']} dans le chaos.", seat=seat))
        if flip:
            E.flip_sexuality(st, seat, ev)
        del st["pend"][str(seat)]
        if not st["pend"]:
            st["phase"] = "events"
    elif kind == "ckill":
        E.chaos_kill(st, seat, data[1], ev)
        E.chaos_settle(st, seat, ev)
        if not st["pend"]:
            st["phase"] = "events"
    elif kind == "offer":
        E.answer_offer(st, data[1], ev)
        st["phase"] = "hunting"
    elif kind == "apower":
        _, key = st["alpha_ask"]
        st["alpha_use"][E.alpha_key(key, seat)] = data[1]
        st["alpha_ask"] = None
        ev.append(Event(f"{seat_name(seat)}'s alpha " + ("uses its power" if data[1] else "rolls like the others")
                        + f" on {key}.", fr=f"Alpha de {seat_name(seat)} : " + ("pouvoir utilisé" if data[1] else "lance le dé")
                        + f" sur {key}.", seat=seat))
        st["phase"] = "hunting"
    elif kind == "hit":
        st["fight"]["vic"] = data[1]
        st["fight"]["who"] = None
    elif kind == "fkill":
        f = st["fight"]
        E.fight_kill(st, f["key"], seat, data[1], ev)
        f["hits"] -= 1
        f["vic"] = None
        f["who"] = None
    elif kind == "drop":
        E.drop_dependant(st, seat, data[1], ev)
        st["pend"][str(seat)] -= 1
        if st["pend"][str(seat)] <= 0:
            del st["pend"][str(seat)]
        if not st["pend"]:
            st["phase"] = "events"
    elif kind == "send":
        E.send_expats(st, seat, data[1], 1, ev)
        st["pend"]["left"] -= 1
        if st["pend"]["left"] <= 0 or p["grave"] == 0:
            st["phase"] = "events"
    elif kind == "bid":
        E.play_bid(st, seat, data[1], ev)
    elif kind == "pay":
        E.pay_auction(st, dict(data[1]), ev)
    elif kind == "discard":
        p["hand"].remove(data[1])
        st["gone"].append(data[1])
        ev.append(Event(f"{seat_name(seat)} discards {card_name(data[1])}.",
                        fr=f"{seat_name(seat)} défausse {card_name(data[1])}.", seat=seat, reveal=True))
        if not to_act(st):
            st["phase"] = st["pend"]["then"]
            st["pend"] = {}
    elif kind == "free":
        _, what, i, colour = data
        from .model import release_from
        ev.append(Event(f"{seat_name(seat)} frees {A_COLOUR[colour]} disc ({E.holder_name(st, seat, (what, i))}).",
                        fr=f"{seat_name(seat)} libère un disque.", seat=seat))
        release_from(p, (what, i), colour)
        st["rel"].pop(0)
    elif st["phase"] == "assign":
        play_assign(st, seat, data, ev)
    elif st["phase"] == "nego":
        from .negotiation import play_nego
        play_nego(st, seat, data, ev)
    elif st["phase"] == "action":
        if kind != "pass":
            play_action(st, seat, data, ev)
        else:
            st["acted"].append(seat)
    else:
        raise IllegalMove("That move does not fit this phase.")
    E.advance(st, ev)
    st["last"] = [e.text for e in ev if e.private_to is None][-6:]
    return ev


