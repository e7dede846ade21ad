"""French events and statuses as a French player reads them (found playing the games in French): no
'pioche la tuile : tuile …', no 'Un membre de ann', no 'ne peut nourrir que 1 sur 3 membres'."""

from __future__ import annotations

import re

from bot.table import people as seating
from bot.table.i18n import say
from rules import registry
from rules.core import Rng


def french_lines(key: str, players: int, seeds=range(1, 4), moves: int = 400) -> list[str]:
    game = registry.get(key)
    out: list[str] = []
    for seed in seeds:
        state, rng = game.setup(players, seed, game.resolve_options({})), Rng(seed)
        for _ in range(moves):
            if not game.to_act(state):
                break
            out += [say("fr", s) for s in game.status_said(state) or []]
            seat = game.to_act(state)[0]
            legal = game.legal_moves(state, seat)
            state, events = game.apply(state, legal[rng.randbelow(len(legal))])
            out += [say("fr", e.said) for e in events if e.said is not None]
    return out


def test_carcassonne_draws_a_tile_in_french():
    lines = french_lines("carcassonne_hg", 2)
    draws = [line for line in lines if re.match(r"\{p\d\} pioche ", line)]
    assert draws and all(re.match(r"\{p\d\} pioche (une tuile|comme tuile bonus une tuile) ", d) for d in draws), draws[:3]
    todo = [line for line in lines if line.startswith("À faire : poser la tuile")]
    assert todo and all(", une tuile " in line for line in todo), todo[:3]
    assert not any("tuile : tuile" in line for line in lines)


def test_first_sparks_hunger_in_french():
    lines = french_lines("first_sparks", 3, moves=1500)
    hungry = [line for line in lines if "nourrir" in line]
    starving = [line for line in lines if "mort de faim" in line or "meurt de faim" in line]
    assert hungry and starving
    assert all(re.fullmatch(r"\{p\d\} ne peut nourrir que (\d+ membre sur 1|\d+ de ses \d+ membres)\.", h) for h in hungry), hungry[:3]
    assert all(re.fullmatch(r"\{p\d\} perd un membre, mort de faim sur la région \d+\.", s) for s in starving), starving[:3]


def test_neanderthal_discards_a_card_not_an_animal():
    """'Ours marin tyran est défaussée' mixed the animal's gender with the card's: 'la carte … est défaussée'."""
    lines = french_lines("neanderthal", 2, seeds=range(1, 6), moves=600)
    moved = [line for line in lines if "glisse au Sud, " in line or "fond et révèle" in line]
    assert moved and all(re.search(r"la carte [^;,]+ est défaussée", line) for line in moved), moved[:3]


def test_french_elides_de_and_que_before_a_name_starting_with_a_vowel():
    """'la place d'Ana', 'plus qu'Yves', 'D'Émile à Bob', but 'de Bob', 'de Hugo' (an h is left
    alone); English texts and words of the catalogue are not touched."""
    from bot.table.i18n import t
    from render import kit
    from rules.wording import fill_seats
    text = "Le chasseur de {p0} épouse la fille de {p1}. De {p2} à {p1}, plus que {p0}, plus que {p3}."
    names = ["Ana", "Bob", "Émile", "Yves"]
    want = "Le chasseur d'Ana épouse la fille de Bob. D'Émile à Bob, plus qu'Ana, plus qu'Yves."
    assert fill_seats(text, names) == want
    assert seating.fill(text, names) == want
    assert kit.with_names(text, kit.Table(names=names)) == want
    assert fill_seats("Monde de {p0}", ["Hugo"]) == "Monde de Hugo"
    assert t("fr", "handover_done", to="Bob", name="Ana", game="Clans") == "Bob reprend la place d'Ana dans **Clans**."
    assert t("fr", "handover_done", to="Ana", name="Bob", game="Clans") == "Ana reprend la place de Bob dans **Clans**."
    assert t("en", "handover_done", to="Bob", name="Ana", game="Clans") == "Bob takes over Ana's seat in **Clans**."
