"""What each move does: ``play`` applies a legal move (built by ``choices``),
then lets the engine run the automatic steps until someone must decide.
``to_act`` and ``legal`` are the builders', re-exported as this module's face."""

from __future__ import annotations

from rules.core import Event, IllegalMove, Move
from rules.wording import Said, listing

from . import engine as E
from . import phrases as ph
from . import queries as Q
from .choices import can_promote, free_promotion, legal, to_act
from .data import ELDERS
from .model import (
    SEAT_IDS,
    convert_if_fluent,
    event,
    free_disc,
    free_husbands,
    mature_elder,
    n_seats,
    player,
    release_from,
    seat_name,
    take_disc,
    without,
)
from .negotiation import play_nego
from .queries import slug

__all__ = ["can_promote", "legal", "play", "slug", "to_act"]


def new_party(st) -> dict:
    return {"c": [0] * len(st["sp"]), "a": False}   # a count per seat (n_seats)


# per number of seats, per seat: that seat, then the others in seat order
OWN_FIRST = {n: tuple(tuple([seat] + [s for s in range(n) if s != seat]) for seat in range(n)) for n in (1, 2, 3)}


def play_assign(st, seat, data, ev) -> None:
    kind = data[0]
    if kind == "hunt":   # the most frequent move of all
        _, key, k = data
        placed = st.setdefault("placed", [])
        if key not in placed:
            placed.append(key)
        me = SEAT_IDS[seat]
        row = st["parties"].setdefault(key, {})
        party = row.get(me)
        if party is None:
            party = row[me] = new_party(st)
        p = st["pl"][seat]
        if k == 0:
            p["alpha"] = "party"
            party["a"] = True
            said = ph.now(ph.SENDS_ALPHA, who=seat_name(seat), place=Q.place_said(st, key))
        else:
            pool, counts = p["pool"], party["c"]
            if pool[seat] >= k:   # its own hunters are enough (what the loop below does first)
                pool[seat] -= k
                counts[seat] += k
            else:
                left = k
                for s in OWN_FIRST[len(pool)][seat]:   # its own hunters first, then expatriates
                    take = min(left, pool[s])
                    if take:
                        pool[s] -= take
                        counts[s] += take
                        left -= take
            said = Said(ph.SENDS.key, {"who": seat_name(seat), "n": k, "place": Q.place_said(st, key)})   # ph.now
        ev.append(Event(None, seat, None, False, said))   # said_event(said, seat), written out
        # E: a hunter left (or the alpha, still free) may always follow the party just sent onto
        # this card (its prerequisites are met, G; an expatriate goes chaperoned), so the seat goes
        # on assigning; otherwise phase 2's step looks for what it, or the next seat, may do
        if not (p["alpha"] == "pool" or sum(p["pool"])):
            st["phase"] = "assign_next"
        return
    p = player(st, seat)
    if kind == "court" and data[1] not in st.setdefault("placed", []):
        st["placed"].append(data[1])
    if kind == "promote":
        r = data[1]
        colour = ELDERS[r]["colour"]
        imm = None
        if not free_promotion(p):
            take_disc(p, colour)
            imm = colour
        p["pool"][seat] -= 1
        p["elders"][r] = {"imm": imm}
        ev.append(event(ph.now(ph.PROMOTES, who=seat_name(seat), elder=ph.term(ph.ELDER[r])), seat=seat))
    elif kind == "wed":
        i = data[1]
        imm = None
        if not free_husbands(st, seat):   # E3: an orange disc under him, he is immature
            take_disc(p, "o")
            imm = "o"
        p["pool"][seat] -= 1
        p["daughters"][i]["hus"] = {"s": seat, "a": False, "imm": imm}
        ev.append(event(ph.WEDS(who=seat_name(seat), card=ph.card(p["daughters"][i]["id"])), seat=seat))
    elif kind == "court":
        _, key, alpha = data
        party = st["parties"].setdefault(key, {}).setdefault(str(seat), new_party(st))
        if alpha:
            party["a"] = True
            p["alpha"] = "party"
        else:
            p["pool"][seat] -= 1
            party["c"][seat] += 1
        ev.append(event(ph.now(ph.SUITOR, who=seat_name(seat), place=Q.place_said(st, key)), seat=seat))
    elif kind == "alpha":
        swap_alpha(st, seat, ev)
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
        ev.append(event(ph.RECALLS(who=seat_name(seat)), seat=seat))
        if what == "e" and E.over_limit(p):
            # B2 « Si votre taille de Main se réduit (si par exemple vous perdez un Ancien), vous devez
            # défausser des cartes de main »: the recall is allowed, the discard comes at once
            E.to_discard(st, "assign_next")
    elif kind == "sultan":
        _, i, j = data
        seen = Q.sultan_seen(st, seat) or [Q.husbands_placed(p)]
        p["daughters"][j]["hus"] = p["daughters"][i]["hus"]
        p["daughters"][i]["hus"] = None
        st["sultan"] = {"seat": seat, "round": st["round"], "seen": [*seen, Q.husbands_placed(p)]}
        ev.append(event(ph.SULTAN(who=seat_name(seat)), seat=seat))
    elif kind == "done":
        st["recalls"][str(seat)] = 0
        st["cur"] += 1
    if st["phase"] == "assign":   # (not when a discard comes first: it goes on from there)
        st["phase"] = "assign_next"


def swap_alpha(st, seat, ev) -> None:
    """B4: an unassigned hunter of the seat's own takes the alpha's place (in the grave, or as
    husband); the alpha becomes an unassigned hunter."""
    p = player(st, seat)
    p["pool"][seat] -= 1
    if p["alpha"] == "husband":  # B4: a hunter takes the married alpha's place
        for owner in range(n_seats(st)):
            for d in player(st, owner)["daughters"]:
                if d["hus"] and d["hus"]["s"] == seat and d["hus"]["a"]:
                    d["hus"] = {**d["hus"], "a": False}   # replaced: state copies share husbands
    else:
        p["grave"] += 1
    p["alpha"] = "pool"
    ev.append(event(ph.RAISES_ALPHA(who=seat_name(seat)), seat=seat))


def play_action(st, seat, data, ev) -> None:
    p = player(st, seat)
    kind = data[0]
    if kind == "portal":
        _, slot, colour = data
        take_disc(p, colour)
        p["portals"][slot] = p["portals"][slot] + [colour]   # replaced: state copies share portal lists
        ev.append(event(ph.OPENS[colour](who=seat_name(seat), slot=ph.term(ph.SLOT[slot])), seat=seat))
        convert_if_fluent(st, seat, ev)
    elif kind == "neo":
        _, what, i, colour = data
        if what == "e":
            p["elders"][i] = {**p["elders"][i], "imm": None}
        elif what == "h":
            d = p["daughters"][i]
            d["hus"] = {**d["hus"], "imm": None}   # replaced: state copies share husbands
        else:
            d = p["daughters"][i]
            d["discs"] = without(d["discs"], colour)   # replaced: state copies share disc lists
        free_disc(p, colour)
        ev.append(event(ph.NEOLEXIA(who=seat_name(seat), disc=ph.term(ph.DISC_A[colour])), seat=seat))
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
        verb = ph.TAMES if r == 2 else ph.INVENTS
        ev.append(event(verb(who=seat_name(seat), card=ph.card(cid)), seat=seat, reveal=True))
    st["acted"].append(seat)


_WAITING = E.WAITING


def play(st, move: Move, advance=E.advance) -> list:
    """The one path of a move: the move itself, then the automatic steps it unlocks. ``advance`` is
    the engine's driver, or the same steps copying what they change first (quick.apply)."""
    ev: list = []
    play_move(st, move, ev)
    if st["phase"] not in _WAITING:   # a move that leaves a seat to decide runs no step (the driver's rule)
        advance(st, ev)
    st["last"] = last_events(ev)
    return ev


def last_events(ev) -> list:
    """The last public events, for the board's highlights: their parameters (``view`` reads the places
    they name, see ``places_in``), so that no sentence is worked out during a search."""
    if len(ev) == 1:   # most moves say one thing
        e = ev[0]
        if e.private_to is not None:
            return []
        if e.said is None:
            return [e.text]
        params = e.said.params
        if "key" in params or "place" in params or "parts" in params:
            return [places_in(params)]
        return [""]   # what places_in finds where none of them is
    out = []
    for e in reversed(ev):   # from the end: a round's steps say dozens of things, six are kept
        if e.private_to is None:
            out.append(places_in(e.said.params) if e.said is not None else e.text)
            if len(out) == 6:
                break
    out.reverse()
    return out


def places_in(params: dict) -> str:
    """The place (N3, S1, B2) an event's parameters name: its own ``key``, its ``place``, or the first
    sentence's (a hunt)."""
    key = params.get("key")
    if key is None:
        inner = params.get("place") or params.get("parts")
        if type(inner) is dict:
            if "sentences" in inner:
                inner = inner["sentences"][0]
            inner = inner.get("params")
            if inner:
                key = inner.get("key")
                if key is None and type(inner.get("place")) is dict:
                    key = inner["place"]["params"]["key"]
    return key if type(key) is str else ""


def play_move(st, move: Move, ev: list) -> None:
    """The move itself, before the engine runs the automatic steps it unlocks."""
    phase = st["phase"]
    if phase == "assign":   # assignments and bids are the most frequent moves
        play_assign(st, move.seat, move.data, ev)
        return
    data = move.data
    kind = data[0]
    seat = move.seat
    if kind == "bid":
        E.play_bid(st, seat, data[1], ev)
        return
    p = st["pl"][seat]   # player(st, seat)
    if kind == "alpha":   # B4: the swap, offered in every phase (choices.with_swap); the seat acts on
        swap_alpha(st, seat, ev)
    elif phase == "action":   # the frequent moves first: phase 6, blizzard losses, payments
        if kind != "pass":
            play_action(st, seat, data, ev)
        else:
            st["acted"].append(seat)
    elif kind == "drop":
        E.drop_dependant(st, seat, data[1], ev)
        st["pend"][str(seat)] -= 1
        if st["pend"][str(seat)] <= 0:
            del st["pend"][str(seat)]
        if not st["pend"]:
            st["phase"] = "events"
    elif kind == "pay":
        E.pay_auction(st, dict(data[1]), ev)
    elif kind == "sex":
        E.choose_sexuality(st, seat, data[1])
        ev.append(event(ph.CHOOSES_SEX(who=seat_name(seat), sex=ph.SEX[data[1]]()), seat=seat))
        if not to_act(st):
            st["phase"] = "round"
    elif kind == "order":
        st["order"] = list(data[1])
        ev.append(event(ph.COUNCIL(who=seat_name(seat), order=listing([seat_name(s) for s in data[1]], "comma")),
                           seat=seat))
        st["phase"] = "events"
    elif kind == "chaos":
        _, r, flip = data
        if r:
            E.remove_elder(st, seat, r)
            ev.append(event(ph.CHAOS_ELDER(who=seat_name(seat), elder=ph.term(ph.ELDER[r])), seat=seat))
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
    elif kind == "retry":
        E.answer_retry(st, data[1], ev)
        st["phase"] = "hunting"
    elif kind == "next":
        E.choose_next(st, data[1])
        ev.append(event(ph.RESOLVES_NEXT(who=seat_name(seat), place=Q.place_said(st, data[1])), seat=seat))
    elif kind == "apower":
        _, key = st["alpha_ask"]
        st["alpha_use"][Q.alpha_key(key, seat)] = data[1]
        st["alpha_ask"] = None
        ev.append(event((ph.ALPHA_POWER if data[1] else ph.ALPHA_ROLLS)(who=seat_name(seat), key=key), seat=seat))
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
    elif kind == "send":
        E.send_expats(st, seat, data[1], 1, ev)
        st["pend"]["left"] -= 1
        if st["pend"]["left"] <= 0 or p["grave"] == 0:
            st["phase"] = "events"
    elif kind == "discard":
        p["hand"].remove(data[1])
        st["gone"].append(data[1])
        ev.append(event(ph.DISCARDS(who=seat_name(seat), card=ph.card(data[1])), seat=seat, reveal=True))
        if not to_act(st):
            st["phase"] = st["pend"]["then"]
            st["pend"] = {}
    elif kind == "free":
        _, what, i, colour = data
        ev.append(event(ph.FREES(who=seat_name(seat), disc=ph.term(ph.DISC_A[colour]),
                                    holder=Q.holder_said(st, seat, (what, i))), seat=seat))
        release_from(p, (what, i), colour)
        st["rel"].pop(0)
    elif phase == "nego":
        play_nego(st, seat, data, ev)
        if kind == "answer" and E.over_hand_limit(st):
            # B2 « Si vous obtenez une nouvelle carte de main et que votre main est pleine, vous
            # devez choisir d'en défausser une »: a deal may fill a hand past its limit; the
            # discard comes at once, then the negotiation goes on (F1)
            E.to_discard(st, st["phase"])
    else:
        raise IllegalMove.of(ph.WRONG_PHASE())
