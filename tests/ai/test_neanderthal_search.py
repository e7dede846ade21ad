"""What Neanderthal's search reads of a hunting party (issue 29: `normal` against the flat
Monte Carlo yardstick). The search cuts its root to the moves a one-move look-ahead ranks best
and seeds every node with that look-ahead (priors), so the heuristic's value of a party placed
in phase 2 decides which assignments are searched at all. A party used to be valued alone: its
own dice, as if no predator could steal the game and no other tribe shared the card. The flat
player, whose random rollouts run through the hunts, sidestepped the cards where that went wrong
(a big game next to a predator, a card the other tribe joins with a smaller party) and `normal`
walked into them, losing hunters round after round."""

from __future__ import annotations

from rules.neanderthal import GAME
from rules.neanderthal.ai import estimate
from rules.neanderthal.model import player
from tests.rules.test_neanderthal import card, empty_rows, fresh, party, put

LIBERTINES = ("libertine", "libertine")


def _horse(predator: bool):
    """Seat 0's six hunters on the Horse (big game, successes on 1 and 2, no deadly face)."""
    st = fresh(2, LIBERTINES)
    empty_rows(st)
    put(st, "S3", "Horse")
    put(st, "N1", "Irish Elk")
    if predator:
        put(st, "S2", "Grey Wolves")
    st["phase"] = "assign"
    party(st, "S3", 0, cubes=6)
    return st


def _bear():
    """The Tyrant Sea Bear on S3 (its faces 3 to 6 bloody, a gathering biome), no party yet."""
    st = fresh(2, LIBERTINES)
    empty_rows(st)
    put(st, "S3", "Tyrant Sea Bear")
    put(st, "N1", "Irish Elk")
    st["phase"] = "assign"
    return st


def _courted(husband):
    """Seat 0 (libertine) with one daughter, married to ``husband`` (or none); seat 1 monogamous."""
    st = fresh(2, ("libertine", "monogamy"))
    empty_rows(st)
    put(st, "N1", "Irish Elk")
    player(st, 0)["daughters"] = [{"id": card("Caring Woman"), "discs": [], "hus": husband}]
    st["phase"] = "assign"
    return st


def test_a_predator_beside_the_big_game_lowers_the_party_s_value():
    """G4 « Si la chasse au gros gibier est réussie, déplacer les chasseurs survivants sur la
    carte du prédateur attaquant, et faire un deuxième Lancer de Chasse » — which kills on its
    bloody and frozen faces — and « Vol de Gibier »: without a success there the game is lost."""
    alone, hunted = _horse(predator=False), _horse(predator=True)
    assert estimate(hunted, 0, 0) < estimate(alone, 0, 0) - 1.0
    assert GAME.heuristic(hunted, 0) < GAME.heuristic(alone, 0)


def test_a_smaller_rival_party_on_the_card_hunts_first_and_attacks():
    """G « La plus petite compagnie. Sur une carte disputée, le joueur avec la plus petite
    compagnie de chasseur, chasse en premier » (and its success sends the others home), after
    F2 « Vos chasseurs doivent attaquer les chasseurs d'autres tribus présents sur la même carte
    … chaque "1" élimine un cube »."""
    alone = _horse(predator=False)
    shared = _horse(predator=False)
    party(shared, "S3", 1, cubes=5)
    elsewhere = _horse(predator=False)
    put(elsewhere, "S5", "Horse")   # the same game on another card: no contest
    party(elsewhere, "S5", 1, cubes=5)
    assert estimate(shared, 0, 0) < estimate(alone, 0, 0) - 1.0
    assert estimate(elsewhere, 0, 0) == estimate(alone, 0, 0)   # no contest, nothing lost
    assert GAME.heuristic(shared, 0) < GAME.heuristic(alone, 0)


def test_a_deadly_card_costs_the_hunters_its_dice_kill():
    """G2: each die showing a bloody face (and a frozen one without the fire-keeper's care)
    kills a hunter, success or not: a card whose faces 3 to 6 are bloody is worth less than the
    same party at home."""
    st = _bear()
    home = estimate(st, 0, 0)
    party(st, "S3", 0, cubes=6)
    assert estimate(st, 0, 0) < home


def test_a_libertine_gathers_a_baby_beside_the_tyrant_sea_bear():
    """F3 « Si vous êtes Cueilleur (Libertin …), vous récupérez 1 bébé (A1.4) pour chaque biome
    cueillette que vous occupez », and its example: a baby on the Tyrant Sea Bear even if the
    bear kills every hunter. A lone libertine hunter there is worth more than at home."""
    st = _bear()
    home = estimate(st, 0, 0)
    party(st, "S3", 0, cubes=1)
    assert estimate(st, 0, 0) > home


def test_courting_a_foreign_daughter_is_worth_a_husband():
    """G1 « Cour Réussie … Dans un tableau étranger, le nouveau mari commence à maturité » (a 1
    or a 2 on the courting roll): for a monogamous tribe, whose husbands score 3 VP and hunters 1
    (J), a hunter courting the other tribe's daughter is worth more than one at home."""
    st = _courted(None)
    home = estimate(st, 1, 1)
    party(st, "A1", 1, cubes=1)
    assert estimate(st, 1, 1) > home


def test_courting_a_daughter_one_s_own_husband_holds_gains_nothing():
    """G1 « Un succès renvoie l'ex-mari … dans la réserve de chasseurs non assignés du joueur
    possédant le tableau »: courting the daughter its own husband already holds only swaps one of
    its cubes for another, so it is worth no more than the hunter at home."""
    st = _courted({"s": 1, "a": False, "imm": None})
    home = estimate(st, 1, 1)
    party(st, "A1", 1, cubes=1)
    assert estimate(st, 1, 1) <= home
