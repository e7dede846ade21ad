"""Neanderthal F1 negotiation and K2 co-operative trade: retreats need the
consent of every other seat with cubes on the card, the K2 disc / I card
exchanges, and French text on every negotiation event."""

from __future__ import annotations

import json

from bot.table.i18n import say
from rules.core import Event
from rules.neanderthal import GAME
from rules.neanderthal import engine as E
from rules.neanderthal import moves as M
from rules.neanderthal.data import COLOURS
from rules.neanderthal.model import count_cubes, count_discs, player
from tests.rules.test_neanderthal import (
    ARCHAIC,
    CROMAGNON,
    NEANDERTHAL,
    card,
    empty_rows,
    fresh,
    mature,
    party,
    put,
    texts,
)


def notes(st, seat):
    return [m.notation for m in GAME.legal_moves(st, seat)]


def play(st, seat, text, log):
    """Applies a move and keeps its events (every one is checked for French text)."""
    st, ev = GAME.apply(st, GAME.parse(st, seat, text))
    log += ev
    return st, ev


def board(st):
    """The state without the negotiation bookkeeping (proposals left, the pending proposal)
    and the last move's events."""
    out = json.loads(json.dumps(GAME.to_json(st)))
    out.pop("nego")
    out.pop("last", None)
    return out


def cubes_kept(st):
    for s in range(3):
        assert count_cubes(st, s) == 18


def three_on_the_deer():
    """Archaic: tribal with a mature chief; Neanderthal and Cro-Magnon vocal. All three hunt
    the Red Deer on S2; Archaic and Neanderthal also the Wild Boar on S5 (so that negotiations
    go on after one deal)."""
    st = fresh()
    empty_rows(st)
    put(st, "S2", "Red Deer")
    put(st, "S5", "Wild Boar")
    player(st, ARCHAIC)["tribal"] = True
    mature(st, ARCHAIC, 1)
    mature(st, NEANDERTHAL, 6)      # hand limit 1
    party(st, "S2", ARCHAIC, cubes=2)
    party(st, "S2", NEANDERTHAL, cubes=2)
    party(st, "S2", CROMAGNON, cubes=1)
    party(st, "S5", ARCHAIC, cubes=1)
    party(st, "S5", NEANDERTHAL, cubes=1)
    st["order"] = [ARCHAIC, NEANDERTHAL, CROMAGNON]
    st["phase"] = "nego_start"
    E.advance(st, [])
    assert st["phase"] == "nego" and M.to_act(st) == [ARCHAIC]
    return st


# --------------------------------------------------------------- F1 retreat: everyone present consents


def test_f1_retreat_is_offered_with_several_seats_on_the_card():
    """F1: the retreat no longer needs the counterparty to be alone on the card."""
    st = three_on_the_deer()
    moves = notes(st, ARCHAIC)
    assert "retreat S2 B" in moves and "retreat S2 C" in moves


def test_f1_a_third_seat_refusing_the_retreat_changes_nothing():
    """F1: « Vos chasseurs ne peuvent battre en retraite [...] que si tous les autres joueurs
    avec des cubes présents sur la carte vous le permettent »: Cro-Magnon refuses."""
    log = []
    st = three_on_the_deer()
    before = board(st)
    st, ev = play(st, ARCHAIC, "retreat S2 B", log)
    assert "{p2} must agree too" in texts(ev) and "{p2} to answer" in texts(ev)
    assert M.to_act(st) == [CROMAGNON] and notes(st, CROMAGNON) == ["yes", "no"]
    st, ev = play(st, CROMAGNON, "no", log)
    assert "{p2} refuses" in texts(ev)
    assert board(st) == before
    assert st["nego"]["prop"] is None and M.to_act(st) == [ARCHAIC]
    assert all(e.said is not None and say("fr", e.said) != e.text for e in log)


def test_f1_the_counterparty_refusing_after_the_third_seat_agreed_changes_nothing():
    log = []
    st = three_on_the_deer()
    before = board(st)
    st, ev = play(st, ARCHAIC, "retreat S2 B", log)
    st, ev = play(st, CROMAGNON, "yes", log)
    assert "{p2} agrees" in texts(ev) and "{p1} to answer" in texts(ev)
    assert M.to_act(st) == [NEANDERTHAL]
    st, _ = play(st, NEANDERTHAL, "no", log)
    assert board(st) == before


def test_f1_when_everyone_agrees_the_party_goes_home():
    log = []
    st = three_on_the_deer()
    pool = player(st, ARCHAIC)["pool"][ARCHAIC]
    st, _ = play(st, ARCHAIC, "retreat S2 B", log)
    st, _ = play(st, CROMAGNON, "yes", log)
    assert str(ARCHAIC) in st["parties"]["S2"]          # not before the last answer
    st, ev = play(st, NEANDERTHAL, "yes", log)
    assert "{p1} accepts" in texts(ev)
    assert str(ARCHAIC) not in st["parties"]["S2"] and player(st, ARCHAIC)["pool"][ARCHAIC] == pool + 2
    assert set(st["parties"]["S2"]) == {str(NEANDERTHAL), str(CROMAGNON)}
    cubes_kept(st)
    assert all(e.said is not None and say("fr", e.said) != e.text for e in log)


def test_f1_a_vocal_seat_retreating_needs_the_other_vocal_seat_too():
    """F1: a vocal tribe may retreat peacefully; every other seat with cubes still consents."""
    log = []
    st = three_on_the_deer()
    st, _ = play(st, ARCHAIC, "done", log)
    assert M.to_act(st) == [NEANDERTHAL]
    assert "retreat S2 A" in notes(st, NEANDERTHAL) and "retreat S2 C" not in notes(st, NEANDERTHAL)
    st, _ = play(st, NEANDERTHAL, "retreat S2 A", log)
    assert M.to_act(st) == [CROMAGNON]
    st, _ = play(st, CROMAGNON, "yes", log)
    assert M.to_act(st) == [ARCHAIC]
    st, _ = play(st, ARCHAIC, "yes", log)
    assert str(NEANDERTHAL) not in st["parties"]["S2"]
    cubes_kept(st)


def test_f1_asking_a_rival_to_leave_asks_the_third_seat_too():
    """F1: B's hunters leave only if every other seat with cubes there lets them: C is asked
    first (a plain yes or no), then B answers the deal and picks its hand card."""
    log = []
    st = three_on_the_deer()
    player(st, NEANDERTHAL)["hand"] = [card("Bee")]
    before = board(st)
    st, ev = play(st, ARCHAIC, "ask B S2 get hand", log)
    assert M.to_act(st) == [CROMAGNON] and notes(st, CROMAGNON) == ["yes", "no"]
    assert "Bee" not in texts(ev) and "Bee" not in json.dumps(GAME.view(st, None))
    st, _ = play(st, CROMAGNON, "no", log)
    assert board(st) == before                          # B was never asked
    st, _ = play(st, ARCHAIC, "ask B S2 get hand", log)
    st, _ = play(st, CROMAGNON, "yes", log)
    assert M.to_act(st) == [NEANDERTHAL] and notes(st, NEANDERTHAL) == ["yes bee", "no"]
    st, ev = play(st, NEANDERTHAL, "yes bee", log)
    assert ev[-1].reveal and "gives Bee" in texts(ev)
    assert player(st, ARCHAIC)["hand"] == [card("Bee")] and player(st, NEANDERTHAL)["hand"] == []
    assert str(NEANDERTHAL) not in st["parties"]["S2"]
    cubes_kept(st)
    assert all(e.said is not None and say("fr", e.said) != e.text for e in log)


def test_f1_a_proposal_saved_before_consents_only_waits_for_the_counterparty():
    st = three_on_the_deer()
    st["nego"]["prop"] = {"from": ARCHAIC, "to": NEANDERTHAL, "data": ["ask", NEANDERTHAL, "S2", "", "", ""]}
    st = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert M.to_act(st) == [NEANDERTHAL]
    st, _ = GAME.apply(st, GAME.parse(st, NEANDERTHAL, "yes"))
    assert str(NEANDERTHAL) not in st["parties"]["S2"]


# --------------------------------------------------------------- K2 co-operative trade


def coop_position():
    """K2: Archaic tribal with Atlatl in hand; Neanderthal vocal with Birch Tar and Horse
    in hand; both on the Red Deer (S2). Both have mature rank-1..3 elders: a hand limit of 3."""
    st = E.setup_state(3, 2, coop=True, solo=False)
    for s in range(3):
        E.choose_sexuality(st, s, E.sex_options(st, s)[0])
    a, b = player(st, ARCHAIC), player(st, NEANDERTHAL)
    a["tribal"] = True
    for r in (1, 2, 3):
        mature(st, ARCHAIC, r)
        mature(st, NEANDERTHAL, r)
    a["hand"] = [card("Atlatl")]
    b["hand"] = [card("Birch Tar"), card("Horse")]
    empty_rows(st)
    put(st, "S2", "Red Deer")
    party(st, "S2", ARCHAIC, cubes=1)
    party(st, "S2", NEANDERTHAL, cubes=1)    # so that negotiations go on after the trade
    st["order"] = [ARCHAIC, NEANDERTHAL, CROMAGNON]
    st["phase"] = "nego_start"
    E.advance(st, [])
    assert st["phase"] == "nego" and M.to_act(st) == [ARCHAIC]
    return st


def discs(st):
    return [count_discs(st, s) for s in range(3)]


def colour_totals(st):
    return {c: sum(d[c] for d in discs(st)) for c in COLOURS}


def test_k2_a_disc_for_an_i_card_of_the_other_seat_s_choice():
    """K2: « un disque ou une carte «I» d'une espèce peut être échangé avec un disque ou une
    carte «I» d'une autre espèce »: the other seat picks its I card (never its D card)."""
    log = []
    st = coop_position()
    assert "swap B o>icard" in notes(st, ARCHAIC)
    totals, before = colour_totals(st), discs(st)
    st, ev = play(st, ARCHAIC, "swap B o>icard", log)
    assert not ev[0].reveal and "Birch Tar" not in texts(ev)
    assert "Birch Tar" not in json.dumps(GAME.view(st, None))
    # Horse is a D card (`alpha`: the B4 swap, offered whenever the seat acts)
    assert notes(st, NEANDERTHAL) == ["yes birchtar", "no", "alpha"]
    st, ev = play(st, NEANDERTHAL, "yes birchtar", log)
    accepted = next(e for e in ev if "accepts" in e.text)
    assert accepted.reveal and "gives Birch Tar" in accepted.text
    a, b = player(st, ARCHAIC), player(st, NEANDERTHAL)
    assert a["hand"] == [card("Atlatl"), card("Birch Tar")] and b["hand"] == [card("Horse")]
    after = discs(st)
    assert after[ARCHAIC]["o"] == before[ARCHAIC]["o"] - 1 and after[NEANDERTHAL]["o"] == before[NEANDERTHAL]["o"] + 1
    assert sum(after[ARCHAIC].values()) == 14 and sum(after[NEANDERTHAL].values()) == 16
    assert colour_totals(st) == totals == {c: 15 for c in COLOURS}
    cubes_kept(st)
    assert st["nego"]["traded"] and not any(n.startswith("swap") for n in notes(st, ARCHAIC))   # once a round
    assert "ask B S2" in notes(st, ARCHAIC)
    assert all(e.said is not None and say("fr", e.said) != e.text for e in log)


def test_k2_an_i_card_for_an_i_card_keeps_hand_sizes_and_discs():
    log = []
    st = coop_position()
    b = player(st, NEANDERTHAL)
    b["hand"].append(card("Bone Needle"))   # a full hand (3 of 3): a card-for-card swap still fits
    moves = notes(st, ARCHAIC)
    assert "swap B atlatl>icard" in moves
    before = discs(st)
    st, ev = play(st, ARCHAIC, "swap B atlatl>icard", log)
    assert ev[0].reveal and "Atlatl" in texts(ev)          # the proposer shows the card it offers
    assert notes(st, NEANDERTHAL) == ["yes birchtar", "yes boneneedle", "no", "alpha"]
    st, _ = play(st, NEANDERTHAL, "yes boneneedle", log)
    a, b = player(st, ARCHAIC), player(st, NEANDERTHAL)
    assert a["hand"] == [card("Bone Needle")] and sorted(b["hand"]) == sorted(
        [card("Birch Tar"), card("Horse"), card("Atlatl")])
    assert discs(st) == before and all(sum(d.values()) == 15 for d in discs(st))
    cubes_kept(st)
    assert all(e.said is not None and say("fr", e.said) != e.text for e in log)


def test_k2_a_refused_card_swap_changes_nothing_and_a_seat_without_i_cards_can_only_refuse():
    log = []
    st = coop_position()
    player(st, NEANDERTHAL)["hand"] = [card("Horse")]      # its hand is hidden: the offer is still possible
    before = board(st)
    st, _ = play(st, ARCHAIC, "swap B o>icard", log)
    assert notes(st, NEANDERTHAL) == ["no", "alpha"]
    st, ev = play(st, NEANDERTHAL, "no", log)
    assert board(st) == before and not st["nego"]["traded"]
    assert "swap B o>k" in notes(st, ARCHAIC)              # the trade of the round is still open


def test_k2_a_full_hand_may_receive_an_extra_card_and_then_discards():
    """K2's exchange and B2 « Si vous obtenez une nouvelle carte de main et que votre main est
    pleine, vous devez choisir d'en défausser une »: a full hand does not forbid the trade (issue
    27); its owner discards at once, then the negotiation goes on."""
    st = coop_position()
    a = player(st, ARCHAIC)
    a["hand"] += [card("Bone Needle"), card("Sling Stone")]   # full: 3 of 3
    moves = notes(st, ARCHAIC)
    assert "swap B o>icard" in moves and "swap B atlatl>icard" in moves
    b = player(st, NEANDERTHAL)
    b["hand"].append(card("Cordage Snare"))                  # full: 3 of 3
    moves = notes(st, ARCHAIC)
    assert "swap B atlatl>o" in moves and "swap B atlatl>icard" in moves
    st, _ = play(st, ARCHAIC, "swap B atlatl>o", [])
    st, _ = play(st, NEANDERTHAL, "yes", [])
    assert len(player(st, NEANDERTHAL)["hand"]) == 4 and st["phase"] == "discard"
    assert M.to_act(st) == [NEANDERTHAL]
    st, _ = play(st, NEANDERTHAL, "discard horse", [])
    assert len(player(st, NEANDERTHAL)["hand"]) == 3 and card("Horse") in st["gone"]
    assert st["phase"] == "nego" and M.to_act(st) == [ARCHAIC]
    cubes_kept(st)


# --------------------------------------------------------------- French text


def test_every_negotiation_event_has_french_text():
    """Proposals of every kind, consents, answers and divorce all carry French text."""
    from rules.neanderthal.negotiation import describe, describe_said
    st = three_on_the_deer()
    a, b = player(st, ARCHAIC), player(st, NEANDERTHAL)
    a["daughters"] = [{"id": card("Dancer"), "discs": [], "hus": None}]
    a["trophies"] = [card("Irish Elk")]
    b["domestic"] = [{"id": card("Grey Wolves"), "discs": []}]
    events = []
    for text in ("ask B S2 wed 1", "ask B S2 give t1", "ask B S2 get x1", "ask B S2 swap t1>x1", "retreat S2 B"):
        nxt, ev = GAME.apply(st, GAME.parse(st, ARCHAIC, text))
        prop = nxt["nego"]["prop"]
        assert say("fr", describe_said(nxt, prop)) != describe(nxt, prop)
        for answer in ("yes", "no"):
            events += GAME.apply(nxt, GAME.parse(nxt, CROMAGNON, answer))[1]
        events += ev
    assert any("demande à {p1} de quitter pacifiquement" in say("fr", e.said) for e in events)
    assert any("épousant la fille Danseuse de {p0}" in say("fr", e.said) for e in events)
    assert any("battre en retraite" in say("fr", e.said) for e in events)
    assert any("échange Cerf géant (t1) contre Loups gris (x1)" in say("fr", e.said) for e in events)
    st = coop_position()
    for text in ("swap B o>k", "swap B atlatl>o", "swap B o>icard"):
        events += GAME.apply(st, GAME.parse(st, ARCHAIC, text))[1]
    assert any("un disque orange contre un disque noir" in say("fr", e.said) for e in events)
    assert any("une carte «I» de son choix" in say("fr", e.said) for e in events)
    assert events and all(isinstance(e, Event) and e.said is not None and say("fr", e.said) != e.text for e in events)


def test_divorce_event_has_french_text():
    st = three_on_the_deer()
    c = player(st, CROMAGNON)
    c["daughters"] = [{"id": card("Dancer"), "discs": [], "hus": {"s": NEANDERTHAL, "a": False, "imm": None}}]
    player(st, NEANDERTHAL)["pool"][NEANDERTHAL] -= 1
    st, _ = GAME.apply(st, GAME.parse(st, ARCHAIC, "done"))
    st, ev = GAME.apply(st, GAME.parse(st, NEANDERTHAL, "divorce C1"))
    assert ev and all(e.said is not None and say("fr", e.said) != e.text for e in ev)
    cubes_kept(st)


def test_a_pending_proposal_has_an_answer_window_from_the_table_option():
    """F1 proposals are answered within a time limit (option `answer`, 24 h by default);
    after it the table answers with the default move, a refusal."""
    st = three_on_the_deer()
    assert GAME.answer_hours(st) is None                 # nobody is asked anything yet
    st, _ = GAME.apply(st, GAME.parse(st, ARCHAIC, "ask B S5"))
    assert GAME.answer_hours(st) == 24.0
    assert GAME.default_move(st, NEANDERTHAL, None).notation == "no"
    quick = GAME.setup(3, 1, GAME.resolve_options({"answer": "6"}))
    assert quick["answer_h"] == 6
    from bot.table.i18n import say
    assert say("fr", GAME.view(st, None)["proposal"]).startswith("{p0} demande")
