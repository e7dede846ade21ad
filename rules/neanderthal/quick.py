"""Copy-on-write ``apply`` (``Game.apply`` itself; ``quick_apply`` for the moves it declares): the
engine's own play on a copy that shares with its input every part the move and the automatic
steps after it leave untouched.

There is one path for a move: ``moves.play`` (the move itself, ``moves.play_move``, then the
flow's steps, ``engine.STEPS``, run by the kit's driver). ``Game.play`` runs it on a full copy
(``Game.clone``, ``full_copy``), and so does ``apply`` for a move not declared below; for the
others it runs the same functions on a copy of the state's top level
whose parts are copied only when something is about to change them. This module knows no rule: it
declares, for the frequent moves (bids D7, assignments E, phase-6 actions I, sexualities C,
blizzard losses D5) and for the automatic steps that follow them (the round's opening, the
auction's end, phase 2's start, phase 6's passes), which parts of the state they change in
place, and copies those before they run. Any other move or step first completes the copy
(``model.copy_state``), so a step that changes more than its declaration says is the only way
to go wrong, and the copy-on-write tests (``tests/rules/test_neanderthal_copies.py``,
``test_neanderthal_copy_on_write.py``, ``test_fast_path.py``) would see the input changed.

States are values: ``apply`` never changes its input, and ``play`` only ever runs on the
private copy ``apply`` made, so sharing the untouched parts is safe."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet

from rules.core import Event, Move
from rules.kit.cow import rng_copy
from rules.kit.flow import Flow

from . import engine as E
from . import moves as M
from .model import AUCTION_KEYS, SEAT_IDS, copy_player, copy_state, deep_copy

# While quick_apply plays a state, the state holds under this key (and only then: it is gone
# from the state it returns) the parts it owns already: ("pl", seat) a player copied whole,
# ("pl", seat, None) one copied at its top level, ("pl", seat, field) one of its fields, a key
# of the state, and ``_ALL`` once the whole copy is made (nothing is shared any more). (In the
# state rather than beside it: a step finds it without a search, and a search runs steps by
# the thousand.)
_OWNED = "~owned"
_ALL = "*"


def quick_apply(st: dict, move: Move) -> tuple[dict, list[Event]] | None:
    """The new state and the events, ``st`` untouched; None for a move not declared below, which
    needs the whole copy from the start (Game.apply: clone, then the same ``moves.play``)."""
    if (st["phase"], move.data[0]) not in _MOVES:
        return None
    return apply(st, move)


def apply(st: dict, move: Move) -> tuple[dict, list[Event]]:
    """``Game.apply`` itself (a search calls it at every move, so without a method frame in
    between): a declared move on the copy-on-write copy, any other on the whole copy
    (``full_copy``, what ``Game.clone`` makes) from the start; both then run ``moves.play``."""
    own = _BY_PHASE.get(st["phase"], _NONE).get(move.data[0])
    if own is None:
        new = full_copy(st)
        return new, M.play(new, move)
    new = st.copy()
    new[_OWNED] = own(new, move)
    ev = M.play(new, move, _advance)
    del new[_OWNED]   # (a move refused half-way leaves only this copy behind, never returned)
    return new, ev


def full_copy(st: dict) -> dict:
    """A copy sharing nothing with ``st`` (``Game.clone``): the Rng copied too."""
    out = copy_state(st)
    out["rng"] = rng_copy(st["rng"])
    return out


# ------------------------------------------------------------------ owning parts


def _owned_set(st: dict) -> set:
    """The parts owned so far as a set the steps add to: a move declares a frozenset, often shared."""
    owned = st[_OWNED]
    if type(owned) is not set:
        owned = st[_OWNED] = set(owned)
    return owned


def _complete(st: dict, owned: set) -> None:
    """The whole copy (what Game.clone makes), in place: from here on nothing is shared."""
    if _ALL in owned:
        return
    del st[_OWNED]                # copy_state copies a state of known keys
    st.update(copy_state(st))     # the same keys: their order is kept
    st[_OWNED] = owned
    if "rng" not in owned:
        st["rng"] = rng_copy(st["rng"])
    owned.add(_ALL)


def _own(st: dict, owned: set, key: str) -> None:
    """A fresh flat copy of a list or dict of numbers or strings (model.FLAT_KEYS), when present."""
    if key not in owned:
        owned.add(key)
        value = st.get(key)
        if value is not None:
            st[key] = value.copy()


def _players(st: dict, owned: set) -> list:
    if "pl" not in owned:
        owned.add("pl")
        st["pl"] = st["pl"][:]
    return st["pl"]


def _own_player(st: dict, owned: set, seat: int) -> None:
    if ("pl", seat) not in owned:
        owned.add(("pl", seat))
        pl = _players(st, owned)
        pl[seat] = copy_player(pl[seat])


def _own_fields(st: dict, owned: set, seat: int, fields: tuple[str, ...]) -> None:
    """The player copied at its top level, with flat copies of the given fields (lists or dicts)."""
    if ("pl", seat) in owned:
        return
    pl = _players(st, owned)
    if ("pl", seat, None) not in owned:
        owned.add(("pl", seat, None))
        pl[seat] = pl[seat].copy()
    p = pl[seat]
    for field in fields:
        if ("pl", seat, field) not in owned:
            owned.add(("pl", seat, field))
            p[field] = p[field].copy()


# ------------------------------------------------------------------ what the frequent moves change

# The moves, by (phase, kind): each function copies what moves.play_move changes in place, on a
# state nothing of which is owned yet, and returns the parts it owns (the names ``_own`` and the
# others above use).


def _bid(st: dict, move: Move) -> AbstractSet:        # engine.play_bid: the auction (its seats never change)
    auc = st["auc"]
    st["auc"] = auc.copy() if auc.keys() == AUCTION_KEYS else deep_copy(auc)
    return _AUCTION


def _pay(st: dict, move: Move) -> set:        # engine.pay_auction: the winner's discs and daughters
    seat = move.seat
    st["pl"] = pl = st["pl"][:]
    p = pl[seat]
    pl[seat] = q = p.copy()   # (a dict's copy, then its fields: cheaper than a display that merges it)
    q["vocab"] = p["vocab"].copy()
    q["daughters"] = p["daughters"][:]
    return {"pl", ("pl", seat, None), ("pl", seat, "vocab"), ("pl", seat, "daughters")}


def _send(st: dict, move: Move) -> AbstractSet:
    """moves.play_assign sends hunters, the alpha or a suitor onto one card: the seat's hunters
    and alpha, the parties, the card's row and the seat's party there (its counts: no loot yet
    in phase 2), the cards hunted in order."""
    seat, key = move.seat, move.data[1]
    st["pl"] = pl = st["pl"][:]
    p = pl[seat]
    pl[seat] = q = p.copy()   # (as in _pay)
    q["pool"] = p["pool"][:]
    st["parties"] = parties = st["parties"].copy()
    row = parties.get(key)
    if row is not None:
        row = parties[key] = row.copy()
        me = SEAT_IDS[seat]
        party = row.get(me)
        if party is not None:
            row[me] = party = party.copy()
            party["c"] = party["c"][:]
    placed = st.get("placed")
    if placed is not None:
        st["placed"] = placed[:]
    return _SENT[seat]   # (no step owns a party alone: those undeclared complete the copy)


_SENT = tuple(frozenset(("pl", ("pl", seat, None), ("pl", seat, "pool"), "parties", "placed")) for seat in range(3))
# what the most frequent moves own, shared by every copy (a step adds to a set of the copy's own,
# see _owned_set): a search makes no set at a bid, a hunter sent, a `done` or a pass
_AUCTION, _RECALLS, _ACTED = frozenset(("auc",)), frozenset(("recalls",)), frozenset(("acted",))


def _assign(st: dict, move: Move) -> AbstractSet:     # the seat's own tableau; `done` clears the recalls only
    recalls = st.get("recalls")
    if recalls is not None:
        st["recalls"] = recalls.copy()
    if move.data[0] == "done":
        return _RECALLS
    seat = move.seat
    st["pl"] = pl = st["pl"][:]
    pl[seat] = copy_player(pl[seat])
    return {"recalls", "pl", ("pl", seat)}


def _act(st: dict, move: Move) -> AbstractSet:        # moves.play_action: the seat's tableau; a pass joins `acted`
    st["acted"] = st["acted"][:]
    if move.data[0] == "pass":
        return _ACTED
    seat = move.seat
    st["pl"] = pl = st["pl"][:]
    pl[seat] = copy_player(pl[seat])
    return {"acted", "pl", ("pl", seat)}


def _sex(st: dict, move: Move) -> set:        # engine.choose_sexuality: the seat's card and discs
    seat = move.seat
    st["pl"] = pl = st["pl"][:]
    pl[seat] = copy_player(pl[seat])
    return {"pl", ("pl", seat)}


def _drop(st: dict, move: Move) -> set:
    """engine.drop_dependant: the seat's tableau, and the tribe of an alpha married to the
    daughter given up (model.unseat_husband sends him home); the losses left; the discard."""
    seat, code = move.seat, move.data[1]
    owned: set = set()
    _own_player(st, owned, seat)
    if code[0] == "d":
        h = st["pl"][seat]["daughters"][int(code[1:]) - 1]["hus"]
        if h is not None and h["a"] and h["s"] != seat:
            _own_player(st, owned, h["s"])
    _own(st, owned, "pend")
    _own(st, owned, "gone")
    return owned


_MOVES: dict[tuple[str, str], Callable[[dict, Move], AbstractSet]] = {
    ("bid", "bid"): _bid,
    ("pay", "pay"): _pay,
    **{("assign", kind): _send for kind in ("hunt", "court")},
    **{("assign", kind): _assign for kind in ("promote", "wed", "recall", "sultan", "done")},
    **{("action", kind): _act for kind in ("portal", "neo", "elder", "pass")},
    ("sex", "sex"): _sex,
    ("blizzard", "drop"): _drop,
}
# the same by phase, then kind: looked up without making a key (a search applies a move at every step)
_BY_PHASE: dict[str, dict[str, Callable[[dict, Move], AbstractSet]]] = {}
for (_phase, _kind), _own_fn in _MOVES.items():
    _BY_PHASE.setdefault(_phase, {})[_kind] = _own_fn
_NONE: dict = {}


# ------------------------------------------------------------------ what the steps after them change

# the events that change the tribes: attrition (D2), chaos (D4), expatriation (D6)
_HURTING = frozenset(("skull", "chaos", "eye"))


_OPENING_LISTS = ("events", "unused", "gone", "evq", "chaos_lost")
_OPENING = frozenset(_OPENING_LISTS + ("rows", "decks", "rng"))


def _opening(st: dict, owned: set) -> None:
    """engine.start_round draws the event card; engine.run_events runs its events: the cards left
    and the unused ones (the Würm glaciation adds one), the rows and decks (cooling, warming),
    the discard, the event queue and the chaos losses, the dice, and every tribe when an event
    may hurt or move tribes."""
    if "rows" not in owned:   # the first of the two steps: all of it at once (a part copied twice is no harm)
        owned.update(_OPENING)
        for key in _OPENING_LISTS:
            st[key] = st[key][:]
        st["rows"] = {r: row[:] for r, row in st["rows"].items()}   # a cell is replaced, never changed
        st["decks"] = st["decks"].copy()   # a row's deck is replaced, never changed in place
        st["rng"] = rng_copy(st["rng"])
    coming = st["evq"] if st["phase"] == "events" else ()
    if not _HURTING.isdisjoint(coming):
        for seat in range(len(st["pl"])):
            _own_player(st, owned, seat)


def _auction_end(st: dict, owned: set) -> None:
    """engine.open_auction and resolve_auction: a card nobody bid for is discarded; the winner
    pays when only one choice of colours is left (engine.pay_auction)."""
    _own(st, owned, "gone")
    auc = st.get("auc")
    if st["phase"] == "resolve_bids" and auc is not None and auc["lead"] is not None:
        _own_fields(st, owned, auc["lead"], ("vocab", "daughters"))


def _passes(st: dict, owned: set) -> None:   # engine.auto_pass: who has acted in phase 6
    _own(st, owned, "acted")


# What each step owns first; None: the step changes nothing in place (engine.start_assign replaces
# the parties, order and recalls, phase 2's step moves the turn counter); a phase not named
# here completes the copy.
_STEPS: dict[str, Callable[[dict, set], None] | None] = {
    "round": _opening, "events": _opening, "auction": _auction_end, "resolve_bids": _auction_end,
    "assign_start": None, "assign_next": None, "action": _passes,
}


def _owning(step: Callable[[dict, list], bool | None], own: Callable[[dict, set], None] | None):
    if own is None:   # the step changes nothing in place: run as it is
        return step

    def run(st: dict, ev: list) -> bool | None:
        owned = st[_OWNED]
        if _ALL not in owned:
            own(st, owned if type(owned) is set else _owned_set(st))
        return step(st, ev)
    return run


def _completing(st: dict, ev: list) -> bool:
    """An undeclared step: the whole copy first; then, nothing being shared any more, the
    engine's own driver runs this step and the rest, and the flow is at rest when it returns."""
    _complete(st, _owned_set(st))
    E.advance(st, ev)
    return True


# the engine's steps, each after copying what it changes (or, undeclared, the whole state)
_FLOW: Flow[dict] = Flow("neanderthal, copy on write",
                         {phase: _owning(step, _STEPS[phase]) if phase in _STEPS else _completing
                          for phase, step in E.STEPS.items()},
                         E.WAITING, key="phase", limit=E.FLOW.limit)
_advance = _FLOW.advance
