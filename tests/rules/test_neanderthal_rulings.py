"""Neanderthal: rulings on passages the engine once read differently (issue 20).
Each test quotes the section it follows."""

from __future__ import annotations

from rules.core import Rng
from rules.neanderthal import GAME
from rules.neanderthal import engine as E
from rules.neanderthal import moves as M
from rules.neanderthal.data import DAUGHTERS
from rules.neanderthal.model import alpha_places, count_cubes, count_discs, player
from tests.rules.test_neanderthal import (
    ARCHAIC,
    CROMAGNON,
    NEANDERTHAL,
    Dice,
    card,
    empty_rows,
    fresh,
    mature,
    party,
    put,
    texts,
)

# ------------------------------------------------- 1. courting one's own daughter


def _own_courting(orange: int, free: bool = False):
    st = fresh(sexes=("harem", "harem", "harem"))   # a harem's unmarried daughter is active (E3)
    a = player(st, ARCHAIC)
    a["daughters"] = [{"id": card("Dancer"), "discs": [], "hus": None}]
    if free:
        helper = next(k for k, v in DAUGHTERS.items() if v["ability"] == "husbands")
        a["daughters"].append({"id": helper, "discs": [], "hus": None})
    spent = a["vocab"]["o"] - orange
    a["vocab"]["o"] = orange
    a["mpi"] += ["o"] * spent          # keep the five orange discs of B3 somewhere
    return st, a


def test_g1_own_unmarried_daughter_husband_starts_immature_on_an_orange_disc():
    """G1 « Un chasseur courtisant une fille célibataire dans son propre Tableau réussit
    toujours, mais commence immature » and E3 « vous devez placer un disque de vocabulaire
    orange sous le cube de mari »."""
    st, a = _own_courting(orange=1)
    party(st, "A1", ARCHAIC, cubes=1)
    st["rng"] = Dice([])                     # a sure success: no die is rolled
    ev = []
    E.hunting_phase(st, ev)
    assert a["daughters"][0]["hus"] == {"s": ARCHAIC, "a": False, "imm": "o"}
    assert a["vocab"]["o"] == 0 and count_discs(st, ARCHAIC)["o"] == 5


def test_g1_e3_without_an_orange_disc_one_cannot_court_ones_own_daughter():
    """E3 « A moins d'avoir la gratuité de la promotion en mari, lors de la promotion d'un mari
    dans votre propre tableau, vous devez placer un disque de vocabulaire orange »: with no
    orange disc the own-tableau courting is not offered, and a suitor already there (its disc
    spent since) fails and goes home instead of becoming a free mature husband."""
    st, a = _own_courting(orange=0)
    st["phase"] = "assign_start"
    E.advance(st, [])
    assert M.to_act(st) == [ARCHAIC]
    notes = [m.notation for m in M.legal(st, ARCHAIC)]
    assert "court A1" not in notes and "wed 1" not in notes
    st, a = _own_courting(orange=0)
    party(st, "A1", ARCHAIC, cubes=1)
    ev = []
    E.hunting_phase(st, ev)
    assert a["daughters"][0]["hus"] is None
    assert "no orange disc" in texts(ev)
    assert a["pool"][ARCHAIC] == 6 and count_cubes(st, ARCHAIC) == 18


def test_e3_free_husband_promotion_lets_one_court_ones_own_daughter_without_a_disc():
    """E3 « A moins d'avoir la gratuité de la promotion en mari »: a mature daughter with
    that ability makes the own-tableau husband free, and so mature."""
    st, a = _own_courting(orange=0, free=True)
    st["phase"] = "assign_start"
    E.advance(st, [])
    assert "court A1" in [m.notation for m in M.legal(st, ARCHAIC)]
    st, a = _own_courting(orange=0, free=True)
    party(st, "A1", ARCHAIC, cubes=1)
    E.hunting_phase(st, [])
    assert a["daughters"][0]["hus"] == {"s": ARCHAIC, "a": False, "imm": None}


# ------------------------------------------- 3. the first player orders the hunts


def _two_contested():
    st = fresh()
    empty_rows(st)
    put(st, "N1", "Reindeer")
    put(st, "N2", "Musk Ox")
    for key in ("N1", "N2"):
        party(st, key, ARCHAIC, cubes=1)
        party(st, key, CROMAGNON, cubes=1)
    st["order"] = [CROMAGNON, ARCHAIC, NEANDERTHAL]
    st["phase"] = "hunt"
    E.advance(st, [])
    return st


def test_a4_the_first_player_chooses_the_order_of_contested_cards():
    """A4 « Biomes disputés. Lancer les dés pour chaque carte courtisée et chaque carte de biome
    non-prédateur chassée disputée, dans l'ordre déterminé par le premier joueur »."""
    st = _two_contested()
    assert st["phase"] == "hunt_order" and M.to_act(st) == [CROMAGNON]
    assert [m.notation for m in M.legal(st, CROMAGNON)] == ["next N1", "next N2"]
    assert M.legal(st, ARCHAIC) == []
    st["rng"] = Dice([6, 6, 6, 6])          # every roll fails: only the order shows
    ev = M.play(st, GAME.parse(st, CROMAGNON, "next N2"))
    hunts = [e.text for e in ev if " hunts " in e.text]
    assert hunts and all("(N2)" in t for t in hunts[:2]) and all("(N1)" in t for t in hunts[2:])
    assert st["phase"] != "hunt_order"      # one card left: nothing more to choose


def test_a4_the_first_player_chooses_the_order_of_predators():
    """A4 « Biomes Prédateurs. Lancer les dés pour tous les biomes de prédateurs (G4), dans
    l'ordre défini par le premier joueur »."""
    st = fresh()
    empty_rows(st)
    put(st, "N1", "European Cave Lion")
    put(st, "S1", "Homotherium")
    party(st, "N1", ARCHAIC, cubes=1)
    party(st, "S1", NEANDERTHAL, cubes=1)
    st["phase"] = "hunt"
    E.advance(st, [])
    assert st["phase"] == "hunt_order" and M.to_act(st) == [ARCHAIC]
    assert [m.notation for m in M.legal(st, ARCHAIC)] == ["next N1", "next S1"]
    st["rng"] = Dice([6, 6])
    ev = M.play(st, GAME.parse(st, ARCHAIC, "next S1"))
    hunts = [e.text for e in ev if " hunts " in e.text]
    assert "(S1)" in hunts[0] and "(N1)" in hunts[1]


def test_a4_a_single_contested_card_needs_no_choice():
    """A4: the first player orders contested cards; with one there is nothing to order."""
    st = fresh()
    empty_rows(st)
    put(st, "N1", "Reindeer")
    party(st, "N1", ARCHAIC, cubes=1)
    party(st, "N1", CROMAGNON, cubes=1)
    st["rng"] = Dice([6, 6])
    st["phase"] = "hunt"
    E.advance(st, [])
    assert st["phase"] != "hunt_order"


# ------------------------------------------------------------ 4. the alpha swap


def test_b4_the_alpha_swap_is_offered_while_assigning():
    """B4 « A n'importe quel moment, vous pouvez échanger votre cylindre Alpha avec un chasseur
    non affecté »: offered in phase 2 (and, since issue 27, whenever the seat acts: see
    test_neanderthal_rulings_27)."""
    st = fresh()
    mature(st, ARCHAIC, 3)
    st["phase"] = "assign_start"
    E.advance(st, [])
    assert "alpha" in [m.notation for m in M.legal(st, ARCHAIC)]


# ------------------------------------------------ 5. Europe covered in ice


def test_j_the_game_ends_as_soon_as_europe_is_iced_over():
    """J « Le jeu se termine … lorsque l'Europe est complètement remplie de glace (plus de cartes
    susceptibles d'être chassées) »: the cooling that freezes the last card ends the game at
    once; the daughter is not auctioned and the round is not hunted."""
    st = fresh()
    for r in ("N", "S"):
        st["rows"][r] = [[c, True] for c, _ in st["rows"][r]]
    st["rows"]["S"][0][1] = False            # one card left to hunt: the ice will push South onto it
    st["events"] = [card("Generous Woman")] + st["events"]   # its event: global cooling
    st["phase"] = "round"
    ev = []
    E.advance(st, ev)
    assert st["phase"] == "over" and GAME.result(st) is not None
    assert "completely covered in ice" in texts(ev)
    assert not any(d["id"] == card("Generous Woman") for s in range(3) for d in player(st, s)["daughters"])


def test_j_a_europe_left_with_a_card_to_hunt_plays_on():
    """J: only a Europe with no card left to hunt ends the game."""
    st = fresh()
    st["events"] = [card("Generous Woman")] + st["events"]
    st["phase"] = "round"
    E.advance(st, [])
    assert st["phase"] != "over"


# -------------------------------------------------- 6. expatriation after no loss


def test_d6_nobody_lost_a_hunter_to_chaos_so_no_wanderer_leaves():
    """D6 « Le joueur qui a perdu le plus de chasseurs lors d'un événement «chaos», perd un cube
    de sa couleur du Tumulus pour chaque icône «oeil-aile» »: ruling: when every tribe was
    immune (nobody lost a hunter), nobody lost the most and no wanderer leaves."""
    st = fresh()
    st["chaos_lost"] = [0, 0, 0]
    before = [list(player(st, s)["pool"]) for s in range(3)]
    ev = []
    assert E.expatriation(st, ev, 1) is False
    assert "no wanderer leaves" in texts(ev)
    assert [player(st, s)["pool"] for s in range(3)] == before


def test_d6_the_tribe_that_lost_most_still_sends_wanderers():
    """D6: the tribe that lost the most hunters sends one wanderer per eye."""
    st = fresh(players=2, sexes=("monogamy", "monogamy"))
    st["chaos_lost"] = [0, 2]
    ev = []
    E.expatriation(st, ev, 1)
    assert player(st, 0)["pool"][1] == 1


# ------------------------------------------------------- 7. a table of one


def test_k2_one_player_gets_the_solo_game_without_typing_the_mode():
    """K2 « soit un joueur joue les trois espèces »: a table of one plays solo when the mode
    was left at its default; a table of two keeps the standard game."""
    opts = GAME.options_for_players(1, GAME.resolve_options({}))
    assert opts["mode"] == "solo"
    GAME.check_players(1, opts)
    assert GAME.seat_count(1, opts) == 3 and GAME.seat_owners(1, opts) == [0, 0, 0]
    assert GAME.setup(3, 1, opts)["solo"]
    assert GAME.options_for_players(2, GAME.resolve_options({}))["mode"] == "standard"
    assert GAME.options_for_players(1, GAME.resolve_options({"mode": "coop"}))["mode"] == "coop"


# ------------------------------------------------------ 13. the first player


def test_c_a2_species_are_dealt_at_random_and_the_card_names_the_first_player():
    """C « Affecter aléatoirement à chaque joueur un plateau » and A2 « Le symbole la plus à
    gauche de la barre au milieu de la carte Fille du tour indique la couleur du premier
    joueur »: the table shuffles the seats (each seat is a species) and the rule says why."""
    assert GAME.first_player == "random"
    en, fr = GAME.first_player_rule
    assert "A2" in en and "A2" in fr and "premier joueur" in fr and "random" in en


def test_playouts_with_the_rulings_keep_the_invariants():
    """Random playouts through the new choices (first player's order, own courting)."""
    for seed in range(1, 4):
        st = GAME.setup(3, seed, GAME.resolve_options({}))
        chooser = Rng(seed)
        for _ in range(3000):
            acting = GAME.to_act(st)
            if not acting:
                break
            seat = acting[chooser.randbelow(len(acting))]
            moves = GAME.legal_moves(st, seat)
            st, _ = GAME.apply(st, moves[chooser.randbelow(len(moves))])
        assert GAME.result(st) is not None
        for s in range(3):
            assert count_cubes(st, s) == 18 and alpha_places(st, s) == 1
            assert count_discs(st, s) == {"o": 5, "w": 5, "k": 5}
