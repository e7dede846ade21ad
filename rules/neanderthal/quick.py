"""Copy-on-write ``apply`` for the two most frequent moves, a bid that keeps
the auction open (D7) and an assignment after which the seat still has more to
assign (E). Those change only a few parts of the state: the new state gets
fresh copies of exactly those parts and shares the rest with its input. Any
other move, or one that turns out to unlock the automatic steps, takes the
full copy (``copy_state``) instead; nothing shared has been touched by then.
States are values: ``apply`` never changes its input, and ``play`` only ever runs
on the private copy ``apply`` made, so sharing the untouched parts is safe."""

from __future__ import annotations

from rules.core import Rng

from .choices import has_assignment
from .model import AUCTION_KEYS, copy_parties, copy_player, deep_copy
from .moves import last_events, play_move

# assignment kinds touching only the seat's own player, the parties, the assignment
# order and its recalls (the alpha swap may touch other tableaux, `done` ends a turn)
_OWN_ASSIGNMENTS = frozenset(("hunt", "promote", "wed", "court", "recall", "sultan"))


def quick_apply(st, move):
    """(new state, events), or None when the move needs the full copy."""
    phase = st["phase"]
    kind = move.data[0]
    if phase == "bid" and kind == "bid":
        new = _shallow(st)
        auc = st["auc"]
        new["auc"] = {**auc, "seats": auc["seats"][:]} if auc.keys() == AUCTION_KEYS else deep_copy(auc)
        ev: list = []
        play_move(new, move, ev)          # touches only the auction (engine.play_bid)
        if new["phase"] != "bid":
            return None                   # the auction closed: the winner pays, the round goes on
    elif phase == "assign" and kind in _OWN_ASSIGNMENTS:
        seat = move.seat
        new = _shallow(st)
        new["pl"] = pl = st["pl"][:]
        pl[seat] = copy_player(pl[seat])
        new["parties"] = copy_parties(st["parties"])
        new["placed"] = list(st.get("placed") or [])
        new["recalls"] = dict(st.get("recalls") or {})
        if "placed" not in st:
            del new["placed"]
        if "recalls" not in st:
            del new["recalls"]
        ev = []
        play_move(new, move, ev)          # moves.play_assign: this seat's player and the parties
        if not (new["phase"] == "assign" and new["order"][new["cur"]] == seat and has_assignment(new, seat)):
            return None                   # its last assignment: the engine moves on
        # engine.advance would stop at once here: skip_idle_assigners finds the seat busy
    else:
        return None
    new["last"] = last_events(ev)
    return new, ev


def _shallow(st) -> dict:
    new = st.copy()
    rng = st["rng"]
    new["rng"] = Rng(rng.state, rng.draws)
    return new
