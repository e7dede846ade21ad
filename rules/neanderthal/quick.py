"""Copy-on-write ``apply`` for the most frequent moves: bids (D7), assignments
(E), phase-6 actions (I), sexualities (C) and blizzard losses (D5). Each changes
only a few parts of the state: the new
state gets fresh copies of exactly those parts and shares the rest with its
input. When the move turns out to unlock the automatic steps (the auction
closes, the seat's assignments or the round's actions are over), the partial
copy is completed into a full one (``copy_state``) before the engine runs;
nothing shared has been touched by then.
States are values: ``apply`` never changes its input, and ``play`` only ever runs
on the private copy ``apply`` made, so sharing the untouched parts is safe."""

from __future__ import annotations

from rules.core import Rng

from . import engine as E
from .data import DAUGHTERS
from .model import AUCTION_KEYS, copy_player, copy_state, deep_copy
from .moves import last_events, play_action, play_assign, play_move

# assignment kinds touching only the seat's own player, the parties, the assignment
# order, the recalls and the turn counter (the alpha swap may touch other tableaux)
_OWN_ASSIGNMENTS = frozenset(("hunt", "promote", "wed", "court", "recall", "sultan", "done"))
_SENDING = frozenset(("hunt", "court"))   # onto a card: the seat's pool, alpha and party there
_ACTIONS = frozenset(("portal", "neo", "elder", "pass"))   # moves.play_action: the seat's player, `acted`


def quick_apply(st, move):
    """(new state, events), or None when the move needs the full copy from the start."""
    phase = st["phase"]
    kind = move.data[0]
    seat = move.seat
    ev: list = []
    if phase == "bid" and kind == "bid":
        new = _shallow(st)
        auc = st["auc"]
        new["auc"] = auc.copy() if auc.keys() == AUCTION_KEYS else deep_copy(auc)   # its seats: never changed
        E.play_bid(new, seat, move.data[1], ev)   # as play_move does: the auction only
        # still open: engine.advance waits for the next bidder; closed: on to the assignments
        busy = new["phase"] == "bid" or _to_assignments(new, st, ev)
    elif phase == "pay" and kind == "pay":
        new = _shallow(st)
        _own_payer(new, st, seat)         # engine.pay_auction: the winner's discs and daughters
        E.pay_auction(new, dict(move.data[1]), ev)
        busy = _assigning(new, ev)
    elif phase == "assign" and kind in _OWN_ASSIGNMENTS:
        new = _shallow(st)
        if kind in _SENDING:
            # moves.play_assign sends a hunter, the alpha or a suitor to one card: the seat's
            # pool and alpha, its party there and the list of cards it went to change, nothing else
            new["pl"] = pl = st["pl"][:]
            p = pl[seat]
            pl[seat] = {**p, "pool": p["pool"][:]}
            _own_party(new, st, move.data[1], seat)
            if "placed" in st:
                new["placed"] = st["placed"][:]
        else:
            if kind != "done":            # `done` moves the turn on and clears the recalls only
                _own_player(new, st, seat)
            if "recalls" in st:
                new["recalls"] = st["recalls"].copy()
        play_assign(new, seat, move.data, ev)     # as play_move does in this phase
        # engine.advance first passes over the seats with nothing to assign (it changes only
        # the turn counter, here the copy's own) and waits for the next busy one; after sending
        # hunters to a card, any hunter left can follow them there (choices.assign_moves)
        # (or its alpha, still free, can follow them there)
        busy = new["phase"] == "assign" and (
            (kind == "hunt" and new["order"][new["cur"]] == seat
             and (sum(new["pl"][seat]["pool"]) > 0 or new["pl"][seat]["alpha"] == "pool"))
            or E.skip_idle_assigners(new))
    elif phase == "action" and kind in _ACTIONS:
        new = _shallow(st)
        if kind != "pass":                # a pass only joins `acted`
            _own_player(new, st, seat)
        new["acted"] = st["acted"][:]
        if kind == "pass":                # as play_move does in this phase
            new["acted"].append(seat)
        else:
            play_action(new, seat, move.data, ev)
        E.auto_pass(new)                  # what engine.advance does first (it touches `acted` only)
        busy = not E.all_acted(new)       # advance then waits for the others' actions
    elif phase == "sex" and kind == "sex":
        new = _shallow(st)
        _own_player(new, st, seat)        # engine.choose_sexuality: the seat's card and discs
        play_move(new, move, ev)
        busy = new["phase"] == "sex"      # the last choice starts the first round
    elif phase == "blizzard" and kind == "drop":
        new = _shallow(st)
        _own_players(new, st, _dropping(st, seat, move.data[1]))
        new["pend"] = st["pend"].copy()   # {seat: dependants left to give up}
        new["gone"] = st["gone"][:]       # engine.drop_dependant discards the card
        play_move(new, move, ev)
        busy = new["phase"] == "blizzard"   # the last loss lets the round's events go on
    else:
        return None
    if not busy and phase in _OPENING:    # a round starts, or its events go on
        if phase == "action":
            new["phase"] = "round"        # what engine.advance does once every seat has acted
        busy = _round_opening(new, ev)
    if not busy:   # the engine moves on: it may touch anything, so complete the copy first
        new = copy_state(new)
        rng = new["rng"]
        new["rng"] = Rng(rng.state, rng.draws)   # and it may roll dice: its own Rng
        E.advance(new, ev)
    new["last"] = last_events(ev)
    return new, ev


# The moves after which, once the last seat has made it, a round starts (the last action of
# phase 6, the last sexuality chosen) or its events go on (the last blizzard loss)
_OPENING = frozenset(("action", "sex", "blizzard"))
# the events that change the tribes: attrition (D2), chaos (D4), expatriation (D6)
_HURTING = frozenset(("skull", "chaos", "eye"))


def _round_opening(new, ev) -> bool:
    """What engine.advance does from a new round ("round": start_round) or from its events
    ("events") up to the auction's opening, on copies of only what those steps change: the
    event cards left and the unused ones (the Würm glaciation adds one), the rows and decks
    (cooling, warming), the discarded cards, the event queue and the chaos losses, the Rng,
    and all the players when an event coming may hurt or move tribes. True when it stops where
    a seat decides (the auction, a chaos or blizzard choice, a discard, the war council, the
    end); False when the phase goes on (nobody bids): the caller completes the copy and runs
    engine.advance from there."""
    if new["phase"] == "round":
        coming = DAUGHTERS[new["events"][0]]["events"] if new["events"] else ()
    else:
        coming = new["evq"]
    new["events"] = new["events"][:]
    new["unused"] = new["unused"][:]
    new["gone"] = new["gone"][:]
    new["evq"] = new["evq"][:]
    new["chaos_lost"] = new["chaos_lost"][:]
    new["rows"] = {r: row[:] for r, row in new["rows"].items()}   # a cell is replaced, never changed
    new["decks"] = new["decks"].copy()    # a row's deck is replaced, never changed in place
    rng = new["rng"]
    new["rng"] = Rng(rng.state, rng.draws)
    if not _HURTING.isdisjoint(coming):
        new["pl"] = list(map(copy_player, new["pl"]))
    # engine.advance's own steps, in its order
    if new["phase"] == "round":
        E.start_round(new, ev)
    if new["phase"] == "events":
        E.run_events(new, ev)
    if new["phase"] == "auction":
        E.open_auction(new, ev)
    return new["phase"] in E.WAITING


def _to_assignments(new, st, ev) -> bool:
    """What engine.advance does once the auction closes (D7): the winner pays, when only
    one choice of colours is left, and phase 2 opens. True when it stops at a seat's
    assignments; the auction's winner, the discarded cards and phase 2's lists are copied first."""
    lead = new["auc"]["lead"]
    if lead is not None:
        _own_payer(new, st, lead)         # engine.pay_auction: the winner's discs and daughters
    new["gone"] = st["gone"][:]           # a daughter nobody bid for is discarded
    E.resolve_auction(new, ev)
    return new["phase"] == "pay" or _assigning(new, ev)


def _assigning(new, ev) -> bool:
    """engine.advance from "assign_start": phase 2 starts on fresh parties, order and recalls
    (engine.start_assign replaces them); True when a seat has assignments to make."""
    E.start_assign(new, ev)
    return E.skip_idle_assigners(new)


def _shallow(st) -> dict:
    """A copy of the state's top level. Its Rng stays shared: the moves above draw nothing (only
    the engine rolls dice, and it runs on a full copy with its own Rng)."""
    return st.copy()


def _own_party(new, st, key, seat) -> None:
    """The parties with fresh copies of the card's row and of the seat's party on it."""
    new["parties"] = parties = st["parties"].copy()
    row = parties.get(key)
    if row is not None:
        row = parties[key] = row.copy()
        party = row.get(str(seat))
        if party is not None:
            row[str(seat)] = {**party, "c": party["c"][:]}   # no loot yet: it comes with the hunts (G4)


def _own_player(new, st, seat) -> None:
    new["pl"] = pl = st["pl"][:]
    pl[seat] = copy_player(pl[seat])


def _own_payer(new, st, seat) -> None:
    """The player with fresh copies of what engine.pay_auction changes: its discs (``vocab``) and
    its list of daughters, which gains one (the daughters already there are not changed)."""
    new["pl"] = pl = st["pl"][:]
    p = pl[seat]
    pl[seat] = {**p, "vocab": p["vocab"].copy(), "daughters": p["daughters"][:]}


def _own_players(new, st, seats) -> None:
    new["pl"] = pl = st["pl"][:]
    for seat in seats:
        pl[seat] = copy_player(pl[seat])


def _dropping(st, seat, code) -> tuple:
    """The players engine.drop_dependant changes: the seat's own, and the tribe of an
    alpha married to the daughter given up (model.unseat_husband sends him home)."""
    if code[0] == "d":
        h = st["pl"][seat]["daughters"][int(code[1:]) - 1]["hus"]
        if h is not None and h["a"] and h["s"] != seat:
            return (seat, h["s"])
    return (seat,)
