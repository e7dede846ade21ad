"""Neanderthal: the rulings of issue 27 §1 and the unseen discard of issue 29 (point 6).
Each test quotes the section it follows and failed before its fix."""

from __future__ import annotations

from ai import decide
from bot.table.rulebook import pages_of
from render import kit
from render.neanderthal_parts import card_texts
from rules.core import Rng
from rules.neanderthal import GAME
from rules.neanderthal import engine as E
from rules.neanderthal import moves as M
from rules.neanderthal.game import score_parts
from rules.neanderthal.model import ROWS, count_cubes, count_discs, hand_limit, player, score
from rules.neanderthal.queries import slug
from tests.rules.test_neanderthal import (
    ARCHAIC,
    CROMAGNON,
    NEANDERTHAL,
    Dice,
    assign_position,
    card,
    empty_rows,
    fresh,
    mature,
    party,
    put,
    texts,
)
from tests.rules.test_neanderthal_ai import _deer_with_hands

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


# ------------------------------------------------ E4 + B2: recalling a mature elder


def _endangered_with_a_full_hand():
    """Archaic starts phase 2 without an unassigned hunter (E4 « Espèce en Danger »), with a
    mature Knapper (hand limit 1) and one hand card: a full hand."""
    st = fresh()
    p = player(st, ARCHAIC)
    p["grave"] += 6
    p["pool"][ARCHAIC] = 0
    mature(st, ARCHAIC, 3)
    atlatl = card("Atlatl")
    st["decks"]["S"] = [c for c in st["decks"]["S"] if c != atlatl]
    p["hand"] = [atlatl]
    st["phase"] = "assign_start"
    st["order"] = [ARCHAIC, NEANDERTHAL, CROMAGNON]
    E.advance(st, [])
    assert M.to_act(st) == [ARCHAIC] and hand_limit(p) == 1
    return st, atlatl


def test_e4_b2_a_mature_elder_is_recalled_even_with_a_full_hand_then_a_card_is_discarded():
    """E4 « Si vous commencez cette phase sans chasseurs non assignés, vous pouvez réassigner un
    ou deux maris ou Anciens comme chasseurs non assignés » and B2 « Si votre taille de Main se
    réduit (si par exemple vous perdez un Ancien), vous devez défausser des cartes de main
    jusqu'à ce que votre Taille de la main soit atteinte »: the recall is not forbidden, the
    discard follows it at once; then the assignment goes on."""
    st, atlatl = _endangered_with_a_full_hand()
    assert "recall e3" in [m.notation for m in M.legal(st, ARCHAIC)]
    st, _ = GAME.apply(st, GAME.parse(st, ARCHAIC, "recall e3"))
    p = player(st, ARCHAIC)
    assert p["elders"][3] is None and p["pool"][ARCHAIC] == 1 and hand_limit(p) == 0
    assert st["phase"] == "discard" and GAME.to_act(st) == [ARCHAIC]
    st, ev = GAME.apply(st, GAME.parse(st, ARCHAIC, f"discard {slug(atlatl)}"))
    assert player(st, ARCHAIC)["hand"] == [] and atlatl in st["gone"]
    assert st["phase"] == "assign" and GAME.to_act(st) == [ARCHAIC]
    assert count_cubes(st, ARCHAIC) == 18


# ------------------------------------------------ F1 + B2: a gift into a full hand


def test_f1_b2_a_hand_card_may_be_given_to_a_full_hand_which_then_discards_at_once():
    """F1 « offre des cartes de Main ou de Tableau » and B2 « Si vous obtenez une nouvelle carte de
    main et que votre main est pleine, vous devez choisir d'en défausser une »: a full hand does
    not forbid the gift; the receiver discards at once and the negotiation goes on."""
    st = _deer_with_hands()
    b = player(st, NEANDERTHAL)
    b["elders"][1] = None                      # Neanderthal keeps only its Knapper: a hand of 1, full
    b["grave"] += 1
    assert hand_limit(b) == 1 and len(b["hand"]) == 1
    atlatl = card("Atlatl")
    notes = [m.notation for m in M.legal(st, ARCHAIC)]
    assert f"ask B S2 give {slug(atlatl)}" in notes and "ask B S2 get hand" in notes
    st, _ = GAME.apply(st, GAME.parse(st, ARCHAIC, f"ask B S2 give {slug(atlatl)}"))
    st, _ = GAME.apply(st, GAME.parse(st, NEANDERTHAL, "yes"))
    assert sorted(player(st, NEANDERTHAL)["hand"]) == sorted([atlatl, card("Bee")])
    assert st["phase"] == "discard" and GAME.to_act(st) == [NEANDERTHAL]
    st, _ = GAME.apply(st, GAME.parse(st, NEANDERTHAL, "discard bee"))
    assert player(st, NEANDERTHAL)["hand"] == [atlatl] and card("Bee") in st["gone"]
    assert st["phase"] == "nego" and GAME.to_act(st) == [ARCHAIC]
    assert count_cubes(st, NEANDERTHAL) == 18


# ------------------------------------------------ F1: a divorce is a negotiation move


def test_f1_a_seat_whose_only_move_is_a_divorce_is_asked():
    """F1 « Divorce. Vos maris peuvent abandonner des cartes filles pendant les négociations,
    revenant à votre réserve de chasseurs Non-Assignés »: with a chief at the table, a seat with
    nothing to propose but a husband to take back is asked; `done` keeps him."""
    st = fresh()
    a = player(st, ARCHAIC)
    a["tribal"] = True
    mature(st, ARCHAIC, 1)                                 # a chief: negotiations open (F1)
    a["daughters"] = [{"id": card("Caring Woman"), "discs": [], "hus": {"s": NEANDERTHAL, "a": False, "imm": None}}]
    player(st, NEANDERTHAL)["pool"][NEANDERTHAL] -= 1
    st["parties"] = {}
    st["phase"] = "nego_start"
    E.advance(st, [])
    assert st["phase"] == "nego" and GAME.to_act(st) == [NEANDERTHAL]
    assert [m.notation for m in GAME.legal_moves(st, NEANDERTHAL)] == ["divorce A1", "done"]
    st, _ = GAME.apply(st, GAME.parse(st, NEANDERTHAL, "divorce A1"))
    assert player(st, ARCHAIC)["daughters"][0]["hus"] is None
    assert player(st, NEANDERTHAL)["pool"][NEANDERTHAL] == 6 and count_cubes(st, NEANDERTHAL) == 18
    assert st["phase"] not in ("nego", "nego_start")       # nothing left to negotiate: on to the attacks


# ------------------------------------------------ G1 + G2: a club invention when courting


def _courting_with(invention: str | None, discs=()):
    st = fresh()
    b = player(st, NEANDERTHAL)
    b["daughters"] = [{"id": card("Dancer"), "discs": [], "hus": None}]
    if invention:
        player(st, ARCHAIC)["inventions"] = [{"id": card(invention), "discs": list(discs)}]
    party(st, "B1", ARCHAIC, cubes=1)
    st["rng"] = Dice([3])
    ev = []
    E.hunting_phase(st, ev)
    return st, ev


def test_g1_g2_a_club_invention_turns_a_courting_3_into_a_1():
    """G1 « Vous pouvez chasser une carte fille mature … comme pour un biome «Massue» » and G2 « Si
    vous avez une carte «I» dans votre tableau avec un modificateur de dés pour la Phase 4
    correspondant au type de biome … étant chassé, alors les «3» obtenus aux dés deviennent des
    «1» »: with a mature Sling Stone (club), a courting 3 succeeds."""
    st, ev = _courting_with("Sling Stone")
    assert player(st, NEANDERTHAL)["daughters"][0]["hus"] == {"s": ARCHAIC, "a": False, "imm": None}
    assert "rolls 3 (→ 1) — success" in texts(ev)
    st, ev = _courting_with("Sling Stone", discs=["k"])        # immature: no modifier yet (B3)
    assert player(st, NEANDERTHAL)["daughters"][0]["hus"] is None and "refused" in texts(ev)
    st, ev = _courting_with("Atlatl")                          # big game only: not a club invention
    assert player(st, NEANDERTHAL)["daughters"][0]["hus"] is None


# ------------------------------------------------ B4: the alpha swap at any moment


def test_b4_the_alpha_swap_is_offered_whenever_the_seat_acts():
    """B4 « A n'importe quel moment, vous pouvez échanger votre cylindre Alpha avec un chasseur non
    affecté, si votre Alpha est dans la Fosse Commune »: offered beside the moves of any phase in
    which the seat acts (here phase 6 and the culture auction), and the seat still acts after it."""
    st = fresh()
    mature(st, ARCHAIC, 3)
    st["phase"] = "action"
    st["acted"] = []
    notes = [m.notation for m in GAME.legal_moves(st, ARCHAIC)]
    assert "alpha" in notes and "pass" in notes
    st, ev = GAME.apply(st, GAME.parse(st, ARCHAIC, "alpha"))
    p = player(st, ARCHAIC)
    assert p["alpha"] == "pool" and p["pool"][ARCHAIC] == 5 and "raises an alpha" in texts(ev)
    assert "alpha" not in [m.notation for m in GAME.legal_moves(st, ARCHAIC)]   # once out, nothing to swap
    assert count_cubes(st, ARCHAIC) == 18
    st = fresh()
    mature(st, CROMAGNON, 4)
    st["phase"] = "auction"
    E.advance(st, [])
    while GAME.to_act(st) != [CROMAGNON]:
        seat = GAME.to_act(st)[0]
        st, _ = GAME.apply(st, GAME.parse(st, seat, "bid 1" if seat == ARCHAIC else "pass"))
    assert st["phase"] == "bid" and "alpha" in [m.notation for m in GAME.legal_moves(st, CROMAGNON)]
    st, _ = GAME.apply(st, GAME.parse(st, CROMAGNON, "alpha"))
    assert st["phase"] == "bid" and GAME.to_act(st) == [CROMAGNON] and player(st, CROMAGNON)["alpha"] == "pool"


# ------------------------------------------------ A4: each player orders its uncontested hunts


def _three_lone_cards():
    """G8's Cro-Magnon (tribal, an immature Knapper on a black disc, the alpha unassigned) assigns,
    in this order, a hunter to the Rabbit (S1), four hunters and the alpha to the Horse (S3),
    then a hunter to the Birch Tar (N4), whose success frees a black disc."""
    st = fresh()
    empty_rows(st)
    put(st, "S1", "Rabbit")
    put(st, "S3", "Horse")
    put(st, "N4", "Birch Tar")
    c = player(st, CROMAGNON)
    c["tribal"] = True
    c["elders"][6] = None
    c["elders"][3] = {"imm": "k"}
    c["alpha"] = "pool"
    st = assign_position(st, CROMAGNON)
    c = player(st, CROMAGNON)
    c["vocab"]["k"] = 1                   # Birch Tar needs a black tool disc
    c["pool"][CROMAGNON] = 6
    for note in ("S1x1", "S3x4", "S3a", "N4x1"):       # its last hunter: phase 2 moves on
        st, _ = GAME.apply(st, GAME.parse(st, CROMAGNON, note))
    assert st["placed"][:3] == ["S1", "S3", "N4"]
    st["phase"] = "hunt"
    return st


def test_a4_a_player_chooses_the_order_of_its_uncontested_hunts_after_a_result():
    """A4 « Biomes Indisputés. Chaque joueur lance pour chacun de ses cartes courtisées indisputés et
    ses cartes biomes non-prédateurs, dans l'ordre de son choix », as G8 uses it: « Supposons que
    Cro-Magnon fasse d'abord une chasse fructueuse ailleurs, lui permettant de libérer le disque
    noir sous son Ancien … Cela est nécessaire pour activer les pouvoirs de son Alpha ». After the
    Rabbit, Cro-Magnon hunts the Birch Tar before the Horse though it assigned the Horse first."""
    st = _three_lone_cards()
    st["rng"] = Dice([5, 1, 3, 4, 5, 6])   # Rabbit 5; Birch Tar 1; Horse 3 4 5 6 and the alpha's sure 1
    ev = []
    E.advance(st, ev)
    assert st["phase"] == "hunt_order" and GAME.to_act(st) == [CROMAGNON]
    assert [m.notation for m in GAME.legal_moves(st, CROMAGNON)] == ["next S3", "next N4"]
    assert GAME.view(st, None)["waiting"]["key"] == "neanderthal.waiting.hunt_order_own"
    ev = M.play(st, GAME.parse(st, CROMAGNON, "next N4"))   # in place: the scripted dice stay
    assert player(st, CROMAGNON)["elders"][3] == {"imm": None}     # the Birch Tar freed the black disc
    assert st["phase"] == "alpha" and st["alpha_ask"] == [CROMAGNON, "S3"]
    ev = M.play(st, GAME.parse(st, CROMAGNON, "power"))
    assert "Horse (S3) with 5 hunters: 3 4 5 6 + alpha 1" in texts(ev)   # as in G8, now with the alpha's 1


def test_a4_the_first_uncontested_hunt_is_the_first_assigned_and_no_question_without_a_disc_to_free():
    """A4: nothing rolled yet, the first card is the one assigned first (phase 2); a tribe with no
    disc waiting on anything (B3) has no order to choose."""
    st = _three_lone_cards()
    player(st, CROMAGNON)["elders"][3] = {"imm": None}
    player(st, CROMAGNON)["vocab"]["k"] += 1
    st["rng"] = Dice([5, 3, 4, 5, 6, 1])
    ev = []
    E.advance(st, ev)
    assert st["phase"] == "alpha" and st["alpha_ask"] == [CROMAGNON, "S3"]   # Rabbit, then the Horse


# ------------------------------------------------ G7: the replacement card may be tried


def _replaced_after_a_failure():
    """Archaic (2 hunters, a mature Knapper) and Neanderthal (3 hunters) hunt the Cordage Snare
    (S2). Archaic, the smaller party, rolls first: 5 5, a failure but a pair: it takes the card
    into hand (G6) and the Rabbit replaces it (G7)."""
    st = fresh()
    empty_rows(st)
    put(st, "S2", "Cordage Snare")
    rabbit, snare = card("Rabbit"), card("Cordage Snare")
    st["decks"]["S"] = [rabbit] + [c for c in st["decks"]["S"] if c not in (rabbit, snare)]
    mature(st, ARCHAIC, 3)
    party(st, "S2", ARCHAIC, cubes=2)
    party(st, "S2", NEANDERTHAL, cubes=3)
    st["rng"] = Dice([5, 5])
    st["phase"] = "hunt"
    E.advance(st, [])
    assert st["phase"] == "take" and GAME.to_act(st) == [ARCHAIC]
    ev = M.play(st, GAME.parse(st, ARCHAIC, "take"))
    assert player(st, ARCHAIC)["hand"] == [snare] and st["rows"]["S"][1] == [rabbit, False]
    return st, ev


def test_g7_the_other_tribe_may_hunt_the_replacement_card_or_go_home():
    """G7 « Si une carte est prise en main, mais que la chasse a été infructueuse, les chasseurs
    d'autres tribus qui étaient sur cette carte peuvent tenter de chasser la carte de
    remplacement » — the exception G names to compulsory hunting (« exception, voir G7 »):
    Neanderthal is asked; `home` takes its hunters home without a roll, `try` hunts the Rabbit."""
    st, ev = _replaced_after_a_failure()
    assert st["phase"] == "retry" and GAME.to_act(st) == [NEANDERTHAL]
    assert [m.notation for m in GAME.legal_moves(st, NEANDERTHAL)] == ["try", "home"]
    assert GAME.view(st, None)["waiting"]["key"] == "neanderthal.waiting.retry"
    ev = M.play(st, GAME.parse(st, NEANDERTHAL, "home"))   # no die is rolled: none is scripted
    assert "go home from the replacement card Rabbit" in texts(ev)
    assert player(st, NEANDERTHAL)["pool"][NEANDERTHAL] == 6 and count_cubes(st, NEANDERTHAL) == 18
    assert st["rows"]["S"][1] == [card("Rabbit"), False] and st["phase"] != "retry"
    st, _ = _replaced_after_a_failure()
    st["rng"] = Dice([1, 4, 4])
    ev = M.play(st, GAME.parse(st, NEANDERTHAL, "try"))
    assert "hunts Rabbit (S2) with 3 hunters: 1 4 4 — success" in texts(ev)


# ------------------------------------------------ J (and G5): what a trophy is worth


def test_j_a_trophy_scores_by_the_sexuality_card_and_the_board_and_rules_say_so():
    """G5 « Sa valeur en PV correspond au nombre de points en son centre » against J « Comptez les
    Points de Victoire (PV) comme indiqué sur votre carte de Sexualité … Les Trophées et Inventions
    valent 3 PV » (libertine), « Les Anciens et les Trophées valent 2 PV » (monogamous), « Les
    Trophées et les Animaux Domestiques valent 4 PV » (harem): J's example adds up only so (its
    28 VP). Ruling: the sexuality card; the final breakdown counts so, the board's card shows no
    other value, and /rules says it."""
    mammoth = card("Woolly Mammoth")
    for sex, each in (("libertine", 3), ("monogamy", 2), ("harem", 4)):
        st = fresh(sexes=(sex, sex, sex))
        before = score(st, ARCHAIC)
        player(st, ARCHAIC)["trophies"] = [mammoth]
        assert score(st, ARCHAIC) - before == each
        st["phase"] = "over"
        assert ("trophy", 1, each) in score_parts(st, ARCHAIC)
        view = GAME.view(st, None)["players"][ARCHAIC]
        assert ["trophy", 1, each] in view["score_parts"] and view["score"] == score(st, ARCHAIC)
    table = kit.Table(names=["ann", "bob", "cy"], to_act=[], title="Neanderthal")
    face = card_texts(table, mammoth)
    assert "trophy ×4" in face and not any("VP" in text for text in face)
    for locale in ("en", "fr"):
        scoring = {p.topic: p.text for p in pages_of(GAME, locale)}["scoring"]
        assert ("whatever number is printed" if locale == "en" else "quel que soit le nombre imprimé") in scoring


# ------------------------------------------------ the new choices, played on to the end


def _positions():
    """One state at each new choice: the discard after a recall (E4), the discard after a gift
    (F1), a divorce-only negotiation (F1), a player's own hunt order (A4), a replacement card (G7)."""
    st, _ = _endangered_with_a_full_hand()
    st, _ = GAME.apply(st, GAME.parse(st, ARCHAIC, "recall e3"))
    yield st
    st = _deer_with_hands()
    player(st, NEANDERTHAL)["elders"][1] = None
    player(st, NEANDERTHAL)["grave"] += 1
    st, _ = GAME.apply(st, GAME.parse(st, ARCHAIC, f"ask B S2 give {slug(card('Atlatl'))}"))
    st, _ = GAME.apply(st, GAME.parse(st, NEANDERTHAL, "yes"))
    yield st
    st = _three_lone_cards()
    st["rng"] = Dice([5])
    E.advance(st, [])
    yield st
    st, _ = _replaced_after_a_failure()
    yield st


def test_the_new_choices_play_on_to_the_end_keeping_every_cube_and_disc():
    """Random legal moves from each new choice to the game's end: every cube and disc of every
    tribe stays somewhere (B3, B4), and the game ends (J)."""
    for i, start in enumerate(_positions()):
        assert GAME.to_act(start), f"position {i}: someone decides"
        for seed in range(3):
            st = GAME.from_json(GAME.to_json(start))
            st["rng"] = Rng(seed)
            cubes = [count_cubes(st, s) for s in range(3)]
            discs = [count_discs(st, s) for s in range(3)]
            chooser = Rng(100 * i + seed)
            for _ in range(4000):
                acting = GAME.to_act(st)
                if not acting:
                    break
                seat = acting[chooser.randbelow(len(acting))]
                moves = GAME.legal_moves(st, seat)
                st, _ = GAME.apply(st, moves[chooser.randbelow(len(moves))])
            assert GAME.result(st) is not None, f"position {i} seed {seed} did not end"
            assert [count_cubes(st, s) for s in range(3)] == cubes
            assert [count_discs(st, s) for s in range(3)] == discs
