"""Neanderthal (Phil Eklund): the Game subclass tying the phases together."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rules import phrases as core_phrases
from rules.core import Game, IllegalMove, Move, Option, Result, Rng, echo, normalize_notation, rank_by
from rules.wording import lines, listing

from . import ai, quick, steps, text
from . import engine as E
from . import moves as M
from . import phrases as ph
from . import queries as Q
from .data import BIOMES, SEXUALITY, SPECIES
from .model import (
    alive_cubes,
    daughter_bonus,
    deep_copy,
    empowered_alpha,
    hand_limit,
    mature_elders,
    n_seats,
    player,
    score,
    seat_name,
    slot_card,
    vocab_total,
)
from .negotiation import describe_said
from .text import PAGES_EN

SOLO_ONE_AT_A_TIME = ("blizzard", "action")



class Neanderthal(Game):
    key = "neanderthal"
    name = "Neanderthal"
    name_fr = "Néanderthal"
    min_players = 1
    max_players = 3
    options = (
        Option("mode", "standard: 2-3 rivals; coop: the K2 co-operative goal; solo: one person runs the three species",
               ("standard", "coop", "solo"), "standard",
               "standard : 2-3 rivaux ; coop : objectif coopératif K2 ; solo : une personne joue les trois espèces"),
        Option("answer", "hours to answer a negotiation proposal before the table says no (F1)",
               ("6", "12", "24", "48", "72"), "24",
               "heures pour répondre à une proposition de négociation avant que la table dise non (F1)"),
    )
    # the whole of /rules is its pages, one after the other
    rules_en = "\n".join(text for _, _, text in PAGES_EN)

    def rules_pages(self):
        return text.PAGES

    # A2: each round's revealed daughter card names the first player by species colour; the
    # species boards are dealt at random (C), so the table shuffles who sits in which seat.
    first_player = "random"
    first_player_rule = (
        "Species boards are dealt at random (C: \"Randomly assign each player a species board\", our "
        "translation); then each round, the leftmost symbol of the bar in the middle of the round's Daughter "
        "card gives the colour of the first player (A2).",
        "Les plateaux d'espèce sont distribués au hasard (C « Affecter aléatoirement à chaque joueur un "
        "plateau ») ; puis, à chaque tour, le symbole le plus à gauche de la barre au milieu de la carte "
        "Fille du tour indique la couleur du premier joueur (A2).")

    # ---- seats

    def seat_count(self, players, options):
        return 3 if players == 1 else players

    def seat_label(self, state, seat):
        return ph.SPECIES_NAME[state["sp"][seat]]()

    def seat_owners(self, players, options):
        return [0, 0, 0] if players == 1 else list(range(players))

    def options_for_players(self, players, options):
        """K2: « un joueur joue les trois espèces »: alone at the table, the mode left at its
        default (standard) becomes solo; a mode chosen on purpose is kept (check_players judges it)."""
        options = dict(options or {})
        if players == 1 and options.get("mode", "standard") == "standard":
            options["mode"] = "solo"
        return options

    def check_players(self, players, options):
        super().check_players(players, options)
        mode = (options or {}).get("mode", "standard")
        if players == 1 and mode != "solo":
            raise IllegalMove.of(ph.ALONE_SOLO())
        if players > 1 and mode == "solo":
            raise IllegalMove.of(ph.SOLO_ONE())

    def setup(self, seats, seed, options):
        mode = (options or {}).get("mode", "standard")
        st = E.setup_state(seats, seed, coop=mode in ("coop", "solo"), solo=mode == "solo")
        st["answer_h"] = int((options or {}).get("answer", 24))
        return st

    def answer_hours(self, state):
        """F1: a proposal waits at most this long for its answer (`no` after it)."""
        nego = state.get("nego")
        if state["phase"] == "nego" and nego and nego.get("prop"):
            return float(state.get("answer_h", 24))
        return None

    # ---- play

    def to_act(self, state):
        ph = state["phase"]
        if ph == "assign":   # the most frequent decisions, asked as M.to_act does, without the call
            return [state["order"][state["cur"]]]
        if ph == "bid":
            auc = state["auc"]
            return [auc["seats"][auc["turn"]]]
        acting = M.to_act(state)
        # K2 solo: one person runs the three species. Where notations name a species' own tableau
        # cards (blizzard `drop d1`, neolexia `neo d1 o`), the same notation would mean a different
        # card for each species: those decisions come one species at a time, in player order
        if len(acting) > 1 and state["solo"] and state["phase"] in SOLO_ONE_AT_A_TIME:
            return acting[:1]
        return acting

    # the builders' own function, called without a method frame in between (a search asks at every move);
    # the checker is shown the contract's method, which mypy cannot read from staticmethod(M.legal)
    if TYPE_CHECKING:
        def legal_moves(self, state: Any, seat: int) -> list[Move]: ...
    else:
        legal_moves = staticmethod(M.legal)

    def play(self, state, move):
        return M.play(state, move)

    def parse(self, state, seat, text):
        if seat not in self.to_act(state):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        wanted = normalize_notation(text)
        letters = wanted[3:]
        colours = set(Q.bid_colours(state) if state.get("event") else "")
        if wanted.startswith("bid") and letters and set(letters) <= colours:
            wanted = f"bid{len(letters)}"   # `bid oo` is read as two discs: colours are named only when paying (D7)
        if wanted.startswith("pay") and set(letters) <= set("owk"):
            wanted = "pay" + "".join(sorted(letters, key="owk".index))   # any order of disc letters
        moves = self.legal_moves(state, seat)
        for move in moves:
            if normalize_notation(move.notation) == wanted:
                return move
        reason = refusal_reason(wanted, moves) or sultan_refusal(state, seat, wanted)
        if reason is not None:
            raise IllegalMove.of(reason)
        # never quote moves that name hand cards: the refusal may be seen by others
        shown = [m for m in moves if not m.notation.startswith(("tame", "tool", "discard", "yes "))
                 and " give " not in m.notation and " swap " not in m.notation]
        sample = ", ".join(m.notation for m in shown[:6]) + ("…" if len(shown) > 6 else "")
        typed = echo(text, 30)   # typed text is quoted back safe: no mentions, markup or bidi controls
        term = ph.PHASE[state["phase"]]() if state["phase"] in ph.PHASE else state["phase"]
        if not shown:   # every choice names a hand card: point to where the player sees them
            said = ph.NOT_LEGAL_HAND(typed=typed, phase=term)
        else:
            said = ph.NOT_LEGAL(typed=typed, phase=term, sample=sample)
        raise IllegalMove.of(said)

    # the move picker (issue 26): taps, preview and forced moves, in steps.py

    def move_path(self, state, move):
        return steps.move_path(state, move)

    def preview(self, state, move, seat):
        return steps.preview(self, state, move, seat)

    def may_autoplay(self, state, move):
        return steps.may_autoplay(state, move)

    def default_move(self, state, seat, rng=None):
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove.of(core_phrases.NO_LEGAL_MOVE())
        for safe in ("pass", "done", "no", "keep"):
            for m in moves:
                if m.notation == safe:
                    return m
        return moves[0]

    # Game.apply: the copy-on-write play of the most frequent moves, the whole copy for the others,
    # without a method frame in between (quick.apply; staticmethod for the same reason as legal_moves)
    if TYPE_CHECKING:
        def apply(self, state: Any, move: Move) -> tuple[Any, list]: ...
    else:
        apply = staticmethod(quick.apply)

    def clone(self, state):
        # one deep copy (to_json + from_json made two); the same dict, key order included
        return quick.full_copy(state)

    # ---- what an AI seat may know (see ai.py)

    def determinize(self, state, seat: int, rng: Rng):
        return ai.determinize(self, state, seat, rng)

    def heuristic(self, state, seat: int) -> float:
        return ai.heuristic(self, state, seat)

    # ---- storage

    def to_json(self, state):
        out = dict(state)
        out["rng"] = state["rng"].to_json()
        return out

    def from_json(self, data):
        st = deep_copy(data)
        st["rng"] = Rng.from_json(data["rng"])
        if st["phase"] == "bid" and not st.get("auc"):   # a state saved during the old sealed auction
            st["bids"] = {}
            st["auc"] = {"seats": E.bidders(st), "turn": 0, "lead": None, "n": 0, "passes": 0}
        if st["phase"] == "discard" and (st.get("pend") or {}).get("then") == "assign":
            st["pend"]["then"] = "assign_next"   # saved before phase 2's step was "assign_next"
        if st.get("auc") and "n" not in st["auc"]:   # saved when bids named their colours
            st["auc"]["n"] = sum((st["auc"].pop("discs") or {}).values())
        st.setdefault("auc", None)
        st.setdefault("fight", None)
        st.setdefault("alpha_use", {})
        st.setdefault("alpha_ask", None)
        st.setdefault("offers", [])
        st.setdefault("hc", None)
        st.setdefault("gone_down", [])   # saved before face-down discards were kept apart (D1)
        return st

    # ---- views

    def view(self, state, seat):
        st = state
        players = []
        for s in range(n_seats(st)):
            p = player(st, s)
            players.append({
                "species": st["sp"][s], "name": SPECIES[st["sp"][s]]["name"],
                "pool": p["pool"], "grave": p["grave"], "alpha": p["alpha"],
                "vocab": p["vocab"], "portals": p["portals"], "tribal": p["tribal"],
                "elders": p["elders"], "daughters": p["daughters"], "trophies": p["trophies"],
                "domestic": p["domestic"], "inventions": p["inventions"], "hand_size": len(p["hand"]),
                "hand_limit": hand_limit(p), "sex": p["sex"], "sex_sides": Q.sex_options(st, s), "mpi": p["mpi"],
                "score": score(st, s),
            })
            if st["phase"] == "over":     # J: what made the score, for the final image
                players[-1]["score_parts"] = [list(part) for part in score_parts(st, s)]
            if seat == s:
                players[-1]["hand"] = list(p["hand"])
        rows = {r: [None if c is None else ({"ice": True} if c[1] else {"id": c[0]}) for c in st["rows"][r]]
                for r in ("N", "S")}
        return {
            "round": st["round"], "phase": st["phase"], "event": st["event"],
            "events_left": len(st["events"]), "order": st["order"], "rows": rows,
            "decks": {r: len(st["decks"][r]) for r in ("N", "S")},
            "parties": st["parties"], "players": players, "coop": st["coop"], "last": [M.places_in(e) if isinstance(e, dict) else e for e in st["last"]],
            "fresh": st["fresh"],
            "waiting": waiting_note(st),      # a phrase in stored form ({"key", "params"}) or None
            "auction": auction_view(st),
            # the proposal on the table, as a phrase in stored form (the board says it in the reader's language)
            "proposal": describe_said(st, st["nego"]["prop"]).to_json() if st.get("nego") and st["nego"]["prop"]
            else None,
        }

    def private_said(self, state, seat):
        p = player(state, seat)
        if not p["hand"]:
            return [ph.HAND_EMPTY(limit=hand_limit(p))]
        out = [ph.HAND_HEAD(n=len(p["hand"]), limit=hand_limit(p))]
        for cid in p["hand"]:
            h = BIOMES[cid]["hand"]
            if h["kind"] == "D":
                out.append(ph.HAND_DOMESTIC(card=ph.card(cid), babies=ph.HAND_BABIES(n=h.get("babies", 0)),
                                            frees="".join(h.get("release", [])) or "-", slug=Q.slug(cid)))
            else:
                kind = ph.HUNT_KIND[h["mod"]]()
                out.append((ph.HAND_INVENTION_WEAPON if h.get("weapon") else ph.HAND_INVENTION)(
                    card=ph.card(cid), kind=kind, slug=Q.slug(cid)))
        return out

    def status_said(self, state):
        phase = ph.PHASE[state["phase"]]() if state["phase"] in ph.PHASE else state["phase"]
        if not state["event"]:     # before the first round (C: sexualities chosen), no event card yet
            return [ph.STATUS_SETUP(n=len(state["events"]), phase=phase)]
        return [ph.STATUS(round=state["round"], n=len(state["events"]), event=ph.card(state["event"]), phase=phase)]

    def public_scores(self, state):
        return [score(state, s) for s in range(n_seats(state))]

    def result(self, state):
        if state["phase"] != "over":
            return None
        scores = [score(state, s) for s in range(n_seats(state))]
        # the summary is said when read (a search ends many games and reads none)
        if state["coop"]:
            ok = coop_victory(state)
            # K2: everyone wins together or everyone loses: a defeat ranks nobody first (no winner
            # in /stats, on the final image, or for an AI judging the ending)

            def coop_summary():
                status = [ph.COOP_LINE(line=score_line(state, s, total), status=coop_status(state, s))
                          for s, total in enumerate(scores)]
                return ph.SUMMARY(head=(ph.COOP_WIN if ok else ph.COOP_LOSS)(), players=lines(status))
            return Result.of(scores, [1 if ok else 2] * len(scores), coop_summary)
        ranks = rank_by([(sc,) for sc in scores])   # J: the most VP wins; no tie-break, a shared victory

        def summary():
            winners = [seat_name(s) for s in range(len(scores)) if ranks[s] == 1]
            head = ph.WINS(n=len(winners), winners=listing(winners), best=max(scores))
            return ph.SUMMARY(head=head, players=lines([score_line(state, s, total) for s, total in enumerate(scores)]))
        return Result.of(scores, ranks, summary)


def refusal_reason(wanted: str, moves) -> object | None:
    """Why a bid or a hunting party of the right form is refused: the numbers the legal moves allow
    (``wanted``: the typed notation, normalised)."""
    bid = re.fullmatch(r"bid(\d+)", wanted)
    if bid:
        bids = sorted(int(m.notation.split()[1]) for m in moves if m.notation.startswith("bid "))
        if bids:
            return ph.R_BID_RANGE(typed=int(bid[1]), low=bids[0], n=bids[-1])
        return None
    party = re.fullmatch(r"([ns][1-6])x(\d+)", wanted)
    if party:
        key = party[1].upper()
        sizes = [int(m.notation[len(key) + 1:]) for m in moves
                 if m.notation.upper().startswith(key + "X") and m.notation[len(key) + 1:].isdigit()]
        if sizes:
            return ph.R_PARTY_MOST(typed=int(party[2]), key=key, n=max(sizes))
    return None


def sultan_refusal(st, seat, wanted: str) -> object | None:
    """Why a sultan's move of the right form is refused when it would put the husbands back as the
    seat already had them this phase 2 (``queries.sultan_seen``)."""
    move = re.fullmatch(r"sultan(\d+)>(\d+)", wanted)
    seen = Q.sultan_seen(st, seat)
    if not move or not seen:
        return None
    p = st["pl"][seat]
    i, j = int(move[1]) - 1, int(move[2]) - 1
    if not (0 <= i < len(p["daughters"]) and 0 <= j < len(p["daughters"])) or p["daughters"][i]["hus"] is None \
            or p["daughters"][j]["hus"] is not None:
        return None
    return ph.R_SULTAN_BACK() if Q.husbands_placed(p, (i, j)) in seen else None


def waiting_note(st) -> dict | None:
    """A public line on what the acting seats must decide, as a phrase in stored form (the board
    says it in the reader's language, seats as the players' names); None when there is none."""
    said = waiting_said(st)
    return said.to_json() if said is not None else None


def waiting_said(st):
    phase = st["phase"]
    if phase == "blizzard":
        return ph.W_BLIZZARD(seats=listing([ph.W_GIVE_UP(who=seat_name(int(s)), n=n) for s, n in st["pend"].items()],
                                           "comma"))
    if phase == "chaos":
        return ph.W_CHAOS(who=listing([seat_name(int(s)) for s in st["pend"]]), n=len(st["pend"]))
    if phase == "bid":
        auc = st["auc"]
        turn = seat_name(Q.bid_turn(st))
        if auc["lead"] is None:
            return ph.W_BID_NONE(who=turn)
        return ph.W_BID_LEAD(lead=seat_name(auc["lead"]), n=auc["n"], who=turn)
    if phase == "pay":
        return ph.W_PAY(who=seat_name(st["auc"]["lead"]), n=st["auc"]["n"])
    if phase == "release":
        seat, colour = st["rel"][0]
        return ph.W_RELEASE(who=seat_name(seat), colour=ph.COLOUR[colour]())
    if phase == "fighting" and st["fight"]["who"] is not None:
        f = st["fight"]
        if f["step"] == "target":
            return ph.W_TARGET(key=f["key"], who=seat_name(f["who"]), n=f["hits"])
        return ph.W_VICTIM(key=f["key"], who=seat_name(f["who"]))
    if phase == "take":
        seat, kind, cid, key = st["offers"][0]
        return (ph.W_TAKE_TROPHY if kind == "trophy" else ph.W_TAKE_HAND)(who=seat_name(seat), card=ph.card(cid),
                                                                         key=key)
    if phase == "retry":
        seat, key = st["retry"]
        return ph.W_RETRY(who=seat_name(seat), card=ph.card(slot_card(st, key)[0]), key=key)
    if phase == "hunt_order":
        who = st.get("hunt_who")
        if who is not None:   # A4: a player orders its own uncontested cards
            return ph.W_HUNT_ORDER_OWN(who=seat_name(who), keys=listing(st["hunt_opts"], "or"))
        return ph.W_HUNT_ORDER(who=seat_name(st["order"][0]), keys=listing(st["hunt_opts"], "or"))
    if phase == "alpha":
        seat, key = st["alpha_ask"]
        return ph.W_ALPHA(who=seat_name(seat), key=key)
    if phase == "expat":
        return ph.W_EXPAT(who=seat_name(st["pend"]["seat"]), n=st["pend"]["left"])
    return None


def auction_view(st):
    """The open auction (D7) is public: who leads, with which discs, whose turn."""
    auc = st.get("auc")
    if st["phase"] not in ("bid", "pay") or not auc:
        return None
    out = {"seats": auc["seats"], "turn": Q.bid_turn(st), "lead": auc["lead"], "passes": auc["passes"]}
    if auc["lead"] is not None:
        out["discs"] = auc["n"]
        out["value"] = Q.bid_value(st, auc["lead"], auc["n"])
    return out


def score_parts(st, seat) -> list:
    """J, item by item as model.score counts them: (kind, how many, VP)."""
    p = player(st, seat)
    if p["sex"] is None:
        return []
    vp = SEXUALITY["vp"][p["sex"]]
    hunters_own = sum(player(st, s)["pool"][seat] for s in range(n_seats(st)))
    husbands = sum(1 for owner in range(n_seats(st)) for d in player(st, owner)["daughters"]
                   if d["hus"] and d["hus"]["s"] == seat and d["hus"]["imm"] is None)
    counts = [
        ("hunter", hunters_own, vp["hunter"]),
        ("alpha", 1 if p["alpha"] == "pool" and empowered_alpha(p) else 0, vp["alpha"]),
        ("elder", mature_elders(p), vp["elder"]),
        ("husband", husbands, vp["husband"]),
        ("daughter", sum(1 for d in p["daughters"] if not d["discs"]), vp["daughter"]),
        ("disc", vocab_total(p), vp["disc"]),
        ("trophy", len(p["trophies"]), vp["trophy"]),
        ("invention", sum(1 for c in p["inventions"] if not c["discs"]), vp["invention"]),
        ("domestic", sum(1 for c in p["domestic"] if not c["discs"]), vp["domestic"]),
    ]
    out = [(kind, n, n * each) for kind, n, each in counts if n]
    bonus = sum(daughter_bonus(d) for d in p["daughters"])
    if bonus:
        out.insert(5, ("bonus", bonus, bonus))
    return out


def score_line(st, seat, total=None):
    """One player's final line: total VP (``score``, given when known) and what made it, in
    the rulebook's terms (J). Every parameter is said in its stored form (``ph.now``)."""
    parts = [ph.now(ph.SCORE_PART[kind], n=n, vp=vp) for kind, n, vp in score_parts(st, seat)]
    sex = player(st, seat)["sex"]
    return ph.now(ph.SCORE_LINE, who=seat_name(seat), sex=ph.term(ph.SEX[sex]) if sex else "-",
                  total=score(st, seat) if total is None else total,
                  parts=listing(parts, "comma") if parts else ph.term(ph.NO_POINTS))


def coop_status(st, seat):
    """K2: alive with a domestic animal, alive without one, or extinct."""
    if alive_cubes(st, seat) <= 0:
        return ph.EXTINCT()
    return ph.ALIVE_DOMESTIC() if player(st, seat)["domestic"] else ph.ALIVE_ONLY()


def coop_victory(st) -> bool:
    """K2: at least two species alive, each with a domestic animal."""
    good = 0
    for s in range(n_seats(st)):
        p = player(st, s)
        if alive_cubes(st, s) > 0 and p["domestic"]:
            good += 1
    return good >= 2
