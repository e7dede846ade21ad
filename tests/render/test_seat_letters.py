"""Issue 27, section 2: seat letters follow names — bob wears B wherever his seat falls (he wore
A in seat 0), and the badges of one board agree with its legend."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

import render
from render.kit import Table
from render.pieces import badge, letters_for, player_letter, seat_letters


def test_letters_are_the_initials_when_they_differ():
    assert seat_letters(["bob", "ann", "cid"]) == ("B", "A", "C")
    assert seat_letters(["Ann", "anna"]) == ("A", "B"), "alike initials: the seats' letters"
    assert seat_letters(["🤖", "ann"]) == ("A", "B"), "a name without a letter: the seats' letters"
    with letters_for(["bob", "ann"]):
        assert player_letter("", 0) == "B" and player_letter("", 1) == "A"
    assert player_letter("", 0) == "A", "outside a drawing: the seat's own letter"


def drawn_badge(letter_names: list[str], seat: int) -> Image.Image:
    img = Image.new("RGB", (40, 40), "white")
    with letters_for(letter_names):
        badge(ImageDraw.Draw(img), seat, 20, 20, 16)
    return img


def test_a_board_draws_bobs_badge_with_b_in_seat_0():
    """The same seat 0 badge differs when bob or ann sits there; bob's equals seat 1's B badge
    drawn with the seats' letters but the seat's colour and shape stay the seat's."""
    bob_first = drawn_badge(["bob", "ann"], 0)
    ann_first = drawn_badge(["ann", "bob"], 0)
    assert ImageChops.difference(bob_first, ann_first).getbbox() is not None, "the letter follows the name"


@pytest.mark.parametrize("key, players", [("clans", 2), ("carcassonne_hg", 2)])
def test_render_draw_uses_the_tables_names(key, players, monkeypatch):
    from rules import registry

    seen = []
    import render.pieces as pieces

    real = pieces.player_letter

    def spy(name, seat):
        seen.append(real(name, seat))
        return seen[-1]

    monkeypatch.setattr(pieces, "player_letter", spy)
    import render.kit as kit
    monkeypatch.setattr(kit, "player_letter", spy, raising=False)
    game = registry.get(key)
    state = game.setup(players, 1, game.resolve_options({}))
    render.draw(key, game.view(state, None), Table(names=["bob", "ann"], to_act=game.to_act(state)))
    assert "B" in seen and seen[0] in ("B", "A")
