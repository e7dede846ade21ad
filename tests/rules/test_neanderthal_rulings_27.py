"""Neanderthal: the rulings of issue 27 §1 and the unseen discard of issue 29 (point 6).
Each test quotes the section it follows and failed before its fix."""

from __future__ import annotations

from ai import decide
from rules.core import Rng
from rules.neanderthal import GAME
from rules.neanderthal import engine as E
from rules.neanderthal.model import ROWS
from tests.rules.test_neanderthal import ARCHAIC, card, empty_rows, fresh, put

# ------------------------------------------- issue 29.6: ice discarded face down


def _ice_pushed_out(twin: bool):
    """D1: a cooling slides the least tough North card (N1) South onto a banquise (S1),
    which « est défaussée » without being turned over. The twin holds another unseen
    North card there (the two swapped between the ice and the deck)."""
    st = fresh()
    empty_rows(st)
    put(st, "N1", "Reindeer")
    put(st, "S4", "Horse")
    deck = st["decks"]["N"]
    ice, other = deck[3], deck[4]
    if twin:
        ice, other = other, ice
    st["decks"]["N"] = [c for c in deck if c not in (ice, other)] + [other]
    st["rows"]["S"][0] = [ice, True]
    st["evq"] = ["cool"]
    st["phase"] = "events"
    ev = []
    E.advance(st, ev)
    return st, ev, ice


def test_issue29_ice_discarded_unseen_is_redealt_like_every_unseen_card():
    """D1 « remplace la carte présente, qui est défaussée »: a banquise pushed out of the
    South row leaves play face down. Twin states that differ only in which unseen North
    card it was look the same to every seat and determinise alike (issue 29, point 6)."""
    a, ev_a, ice_a = _ice_pushed_out(twin=False)
    b, ev_b, ice_b = _ice_pushed_out(twin=True)
    assert ice_a != ice_b and ice_a not in a["decks"]["N"] and ice_b in a["decks"]["N"]
    assert [e.text for e in ev_a] == [e.text for e in ev_b]
    for seat in [None, 0, 1, 2]:
        assert GAME.view(a, seat) == GAME.view(b, seat)
    for seat in range(3):
        for k in range(4):
            assert GAME.to_json(GAME.determinize(a, seat, Rng(k))) == GAME.to_json(GAME.determinize(b, seat, Rng(k)))
    assert a["gone_down"] == [ice_a] and b["gone_down"] == [ice_b]
    assert ice_a not in a["gone"] and ice_b not in b["gone"]
    worlds = {tuple(GAME.determinize(a, 0, Rng(k))["gone_down"]) for k in range(8)}
    assert len(worlds) > 1, "the discarded ice is really redrawn"
    seat = GAME.to_act(a)[0]
    assert GAME.to_act(b) == [seat]
    assert decide(GAME, a, seat, 3, "normal", seed=3, iterations=12).move == \
        decide(GAME, b, seat, 3, "normal", seed=3, iterations=12).move


def test_issue29_a_determinisation_keeps_the_cards_and_the_discard_face_down():
    """Every card stays in the game once (the discarded ice among them), only elsewhere."""
    st, _, _ = _ice_pushed_out(twin=False)
    before = sorted(st["decks"]["N"] + st["gone_down"] + [c[0] for r in ROWS for c in st["rows"][r] if c and c[1]])
    d = GAME.determinize(st, ARCHAIC, Rng(5))
    after = sorted(d["decks"]["N"] + d["gone_down"] + [c[0] for r in ROWS for c in d["rows"][r] if c and c[1]])
    assert before == after and len(d["gone_down"]) == 1
    assert GAME.to_json(GAME.from_json(GAME.to_json(st))) == GAME.to_json(st)
    assert card("Reindeer") not in d["gone_down"]
