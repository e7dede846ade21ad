"""Neanderthal, phase 6 (issue 27: « players see only what the rules let them see »): whether a
tribe is asked for its elder action must not tell the others what its hidden hand holds.

I. PHASE 6 « Dans cette phase, choisir une action, soit Portail, Néolexie, ou Ancien. Une fois
converti au Tribalisme, seules les Actions Ancien dont à votre disposition. »
I3 « Domestication. Shaman (Rang 2): Jouer une carte de D de votre main dans votre tableau …
Fabrication d'Outils. Knapper (Rang 3): Jouer une carte I de votre main dans votre tableau … »
B2: the hand is hidden from the other players. The engine used to pass a tribe with no playable
card by itself, so the others saw the round end at once when its hand held no playable card."""

from __future__ import annotations

import pytest

from rules.core import Rng
from rules.neanderthal import GAME
from rules.neanderthal.choices import asked_to_act, has_action
from rules.neanderthal.data import BIOMES
from rules.neanderthal.model import n_seats, player
from tests.rules.test_neanderthal import ARCHAIC, CROMAGNON, NEANDERTHAL, fresh, mature, tribal_start


def _hand_cards(st, kind) -> list[str]:
    return [c for r in "NS" for c in st["decks"][r] if BIOMES[c]["hand"] and BIOMES[c]["hand"]["kind"] == kind]


def _twins():
    """Phase 6, Archaic to act, Cro-Magnon done; Neanderthal is tribal with a mature shaman (it
    may tame a D card) and neither knapper nor trapper (it cannot make a tool). The twins differ
    only in Neanderthal's one hand card: a D card (playable) or an I card (not playable). Both
    cards are taken out of the decks in both twins, so nothing else differs."""
    base = fresh()
    tame, tool = _hand_cards(base, "D")[0], _hand_cards(base, "I")[0]
    for c in (tame, tool):
        base["decks"][c[0]].remove(c)
    p = player(base, NEANDERTHAL)
    p["tribal"] = True
    mature(base, NEANDERTHAL, 2)
    p["vocab"]["w"] = max(p["vocab"]["w"], 1)     # the shaman's white disc (I3)
    base["phase"] = "action"
    base["acted"] = [CROMAGNON]
    twins = []
    for held in (tame, tool):
        st = GAME.clone(base)
        player(st, NEANDERTHAL)["hand"] = [held]
        twins.append(st)
    return twins


def test_twins_differing_in_a_hidden_hand_card_look_the_same_to_the_other_seats():
    """Archaic passes in both twins: who acts next, the events and every view the other seats
    get are the same, whether Neanderthal's card is one it can play or not."""
    seen = []
    for st in _twins():
        assert GAME.to_act(st) == [ARCHAIC, NEANDERTHAL]
        passing = next(m for m in GAME.legal_moves(st, ARCHAIC) if m.notation == "pass")
        after, ev = GAME.apply(st, passing)
        seen.append((GAME.to_act(after), after["phase"],
                     [(e.text, e.private_to) for e in ev if e.private_to in (None, ARCHAIC, CROMAGNON)],
                     GAME.view(after, None), GAME.view(after, ARCHAIC), GAME.view(after, CROMAGNON)))
    assert seen[0] == seen[1]
    assert seen[0][0] == [NEANDERTHAL]      # the tribe is asked in both, with `pass` among its moves


def test_a_tribe_s_lone_pass_is_not_played_by_the_table():
    """In the twin whose card cannot be played, Neanderthal's only move is `pass`: the table must
    not play it by itself (may_autoplay), since that it was forced tells the hand held no D card.
    In the other twin it chooses between taming and passing."""
    playable, unplayable = _twins()
    for st in (playable, unplayable):
        st, _ = GAME.apply(st, next(m for m in GAME.legal_moves(st, ARCHAIC) if m.notation == "pass"))
        assert GAME.to_act(st) == [NEANDERTHAL]
    notations = [m.notation for m in GAME.legal_moves(unplayable, NEANDERTHAL)]
    assert "pass" in notations and not any(n.startswith(("tame", "tool")) for n in notations)
    passing = next(m for m in GAME.legal_moves(unplayable, NEANDERTHAL) if m.notation == "pass")
    assert not GAME.may_autoplay(unplayable, passing)
    assert any(m.notation.startswith("tame") for m in GAME.legal_moves(playable, NEANDERTHAL))


def test_a_tribe_that_could_play_no_card_whatever_it_held_is_passed():
    """What all see decides: an empty hand (its size is public, B2), or a tribe whose elders can
    play no card (no mature shaman, knapper or trapper), has nothing to choose and is not asked."""
    for twin in _twins():
        st = GAME.clone(twin)
        player(st, NEANDERTHAL)["elders"][2] = None
        assert not asked_to_act(st, NEANDERTHAL)
        st = GAME.clone(twin)
        player(st, NEANDERTHAL)["hand"] = []
        assert not asked_to_act(st, NEANDERTHAL)
        assert asked_to_act(twin, NEANDERTHAL)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_asked_to_act_never_passes_a_seat_that_has_an_action(seed):
    """The public judgement asks at least every seat that has an action (choices.has_action), and
    for a vocal seat (I1, I2: public things only) exactly those; over playouts of tribal tribes."""
    st = tribal_start(seed)
    chooser = Rng(seed)
    met = 0
    while GAME.to_act(st):
        if st["phase"] == "action":
            for s in range(n_seats(st)):
                if has_action(st, s):
                    assert asked_to_act(st, s)
                if not player(st, s)["tribal"]:
                    assert asked_to_act(st, s) == has_action(st, s)
                met += 1
        seat = GAME.to_act(st)[0]
        moves = GAME.legal_moves(st, seat)
        st = GAME.apply(st, moves[chooser.randbelow(len(moves))])[0]
    assert met
