"""Neanderthal's texts as message keys (issue 15, point 3): the final breakdown adds up to the J score,
proposals say in phrases what they said before, the French keeps the hunt's dash, /hand and /game status
count in words, and the cards' French names in the data match the catalogue."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from bot.table.i18n import LOCALE_DIR, RULES_DOMAIN, hand_text, say, status_line
from rules.core import random_playout
from rules.neanderthal import GAME
from rules.neanderthal import engine as E
from rules.neanderthal import phrases as ph
from rules.neanderthal.data import BIOMES, DAUGHTERS
from rules.neanderthal.game import score_parts
from rules.neanderthal.model import n_seats, player, score
from rules.neanderthal.negotiation import describe, describe_said
from tests.rules.test_neanderthal import ARCHAIC, NEANDERTHAL
from tests.rules.test_neanderthal_negotiation import coop_position, three_on_the_deer


def card(name):
    return next(k for k, v in {**BIOMES, **DAUGHTERS}.items() if v["name"] == name)


@pytest.mark.parametrize("players,mode", [(1, "solo"), (2, "standard"), (3, "standard"), (2, "coop"), (3, "coop")])
def test_the_final_breakdown_adds_up_to_each_score(players, mode):
    """J: each player's line lists what scored, by its sexuality card, and the parts make the total."""
    play = random_playout(GAME, players, seed=players * 7 + len(mode), options={"mode": mode})
    st = play.state
    assert play.finished
    for seat in range(n_seats(st)):
        assert sum(vp for _, _, vp in score_parts(st, seat)) == score(st, seat)
    result = GAME.result(st)
    english, french = say("en", result.summary_said), say("fr", result.summary_said)
    assert english == result.summary
    for seat in range(n_seats(st)):
        assert f"{{p{seat}}}" in english and f"{{p{seat}}}" in french
    assert ("PV" in french) and (" VP" in english)
    if mode != "standard":
        assert ("Victoire coopérative" in french) == (result.ranks[0] == 1)


def test_a_breakdown_names_its_items_with_their_counts():
    st = E.setup_state(2, 3, coop=False, solo=False)
    E.choose_sexuality(st, 0, "monogamy")
    p = player(st, 0)
    p["trophies"] = [card("Fallow Deer"), card("Horse")]
    parts = dict((kind, (n, vp)) for kind, n, vp in score_parts(st, 0))
    assert parts["trophy"] == (2, 4)                   # J monogamy: a trophy is worth 2
    line = ph.SCORE_PART["trophy"](n=2, vp=4)
    assert say("en", line) == "4 for 2 trophies" and say("fr", line) == "4 pour 2 trophées"
    one = ph.SCORE_PART["trophy"](n=1, vp=2)
    assert say("en", one) == "2 for 1 trophy" and say("fr", one) == "2 pour 1 trophée"


def test_proposals_in_phrases_say_what_the_old_sentences_said():
    """Proposals of every kind (F1 deals, K2 co-op swaps): the phrase's English is the former describe()
    text, and the French has every field filled."""
    st = three_on_the_deer()
    a, b = player(st, ARCHAIC), player(st, NEANDERTHAL)
    a["daughters"] = [{"id": card("Dancer"), "discs": [], "hus": None}]
    a["trophies"] = [card("Irish Elk")]
    b["domestic"] = [{"id": card("Grey Wolves"), "discs": []}]
    positions = [(st, text) for text in ("ask B S2 wed 1", "ask B S2 give t1", "ask B S2 get x1",
                                         "ask B S2 swap t1>x1", "retreat S2 B")]
    coop = coop_position()
    positions += [(coop, text) for text in ("swap B o>k", "swap B atlatl>o", "swap B o>icard")]
    for start, text in positions:
        nxt, _ = GAME.apply(start, GAME.parse(start, ARCHAIC, text))
        prop = nxt["nego"]["prop"]
        french = say("fr", describe_said(nxt, prop))
        assert "{" not in french.replace("{p", "") and french != describe(nxt, prop)


def test_the_hunt_result_keeps_its_dash_in_french():
    """The hunt's result is set off by the same em dash in both languages (a glyph the board font draws)."""
    said = ph.HUNT_OK(who="{p0}", card=ph.card(card("Horse")), key="S1", n=3, roll="1 1 4")
    assert say("en", said) == "{p0} hunts Horse (S1) with 3 hunters: 1 1 4 — success!"
    assert say("fr", said) == "{p0} chasse Cheval (S1) avec 3 chasseurs : 1 1 4 — succès !"
    fail = ph.HUNT_FAIL(who="{p0}", card=ph.card(card("Horse")), key="S1", n=1, roll="5")
    assert "—" in say("fr", fail) and "–" not in say("fr", fail)


def test_hand_and_status_count_in_words():
    st = E.setup_state(2, 1, coop=False, solo=False)
    player(st, 0)["hand"] = [card("Horse"), card("Reindeer")]
    en, fr = GAME.private_text(st, 0), hand_text("fr", GAME, st, 0)
    assert "2 babies" in en and "1 baby," in en and "(ies)" not in en
    assert "Cheval" in fr and "Renne" in fr and "2 bébés" in fr and "1 bébé," in fr and "(s)" not in fr
    st["events"] = st["events"][:1]
    assert "Set-up (1 event card to come)" in GAME.status_text(st)
    st["event"], st["round"] = st["unused"][0], 1     # a round under way
    assert "1 event card left" in GAME.status_text(st)
    assert "1 carte événement restante" in status_line("fr", GAME, st)


def test_the_data_names_cards_in_french_as_the_catalogue_does():
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{RULES_DOMAIN}.po").open("rb") as fh:
        french = {m.context: m.string for m in read_po(fh, locale="fr") if m.id}
    for cid, info in {**BIOMES, **DAUGHTERS}.items():
        assert french[f"neanderthal.card.{cid}"] == info["name_fr"], cid


def test_solo_species_that_decide_at_once_decide_one_at_a_time():
    """K2 solo: one person runs the three species; a notation such as `drop d1` or `neo d1 o` names one
    species' card, so those phases take one species at a time (the others still act together)."""
    st = GAME.setup(3, 5, GAME.resolve_options({"mode": "solo"}))
    st["phase"] = "action"
    st["acted"] = []
    assert GAME.to_act(st) == [st["order"][0]]
    st["phase"] = "sex"
    assert len(GAME.to_act(st)) == 3 or all(player(st, s)["sex"] for s in range(3))
    st["phase"], st["solo"] = "action", False
    assert len(GAME.to_act(st)) == 3


def test_move_labels_wait_until_read():
    """A hunting label, said when read, counts its hunters in both languages."""
    st = GAME.setup(2, 4, GAME.resolve_options({}))
    for _ in range(200):
        seat = GAME.to_act(st)[0]
        moves = GAME.legal_moves(st, seat)
        if st["phase"] == "assign":
            break
        st, _ = GAME.apply(st, moves[-1])
    hunt = next(m for m in GAME.legal_moves(st, seat) if "x1" in m.notation)
    assert hunt.label.startswith("1 hunter to ") and say("fr", hunt.said).startswith("1 chasseur sur ")
