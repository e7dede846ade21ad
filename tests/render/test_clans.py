"""Clans board image: renders from the public view at every stage, stays
small, and shows the last move, the pending founding choice and the end."""

from __future__ import annotations

import pytest
from PIL import Image

from render import kit
from render.clans import draw, map_top, territory_box
from rules.clans import GAME
from rules.core import random_playout

NAMES = ["Ana", "Bo", "Cy", "Dee"]


def table_of(state) -> kit.Table:
    return kit.Table(names=NAMES[:state.seats], to_act=GAME.to_act(state), title="Clans",
                     last_events=["{p0} moves 2 huts from 17 onto 18."], finished=bool(state.end))


def render(state) -> Image.Image:
    return draw(GAME.view(state, None), table_of(state))


def highlighted_pixels(state, territory: int) -> int:
    """Gold pixels inside the bounding box of a territory (the map is drawn under the legend)."""
    img = render(state)
    top = map_top(GAME.view(state, None), table_of(state))
    x0, y0, x1, y1 = territory_box(territory)
    crop = img.crop((int(x0), int(y0) + top, int(x1), int(y1) + top)).convert("RGB")
    return {colour: n for n, colour in crop.getcolors(1 << 20)}.get(kit.HIGHLIGHT, 0)


@pytest.mark.parametrize("players,moves", [(2, 0), (3, 20), (4, 10_000)])
def test_board_renders_small_png_at_every_stage(players, moves):
    state = random_playout(GAME, players, 5, max_moves=moves).state if moves else GAME.setup(players, 5, {})
    img = render(state)
    assert img.width <= 1400
    png = kit.encode_png(img)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 1_000_000


def test_last_move_is_highlighted():
    start = GAME.setup(2, 3, {})
    move = GAME.legal_moves(start, 0)[0]
    after, _ = GAME.apply(start, move)
    src = int(move.notation.split(">")[0])
    assert highlighted_pixels(start, src) == 0
    assert highlighted_pixels(after, src) > 100


def test_end_image_reveals_colours_from_the_public_view():
    state = random_playout(GAME, 3, 8).state
    view = GAME.view(state, None)
    assert view["over"] and len(view["clans"]) == 3
    assert render(state).height > 900


def test_renderer_never_needs_the_secret():
    """The public view carries no secret colour, and drawing it works."""
    state = random_playout(GAME, 4, 2, max_moves=15).state
    view = GAME.view(state, None)
    assert "my_colour" not in view and "clans" not in view
    draw(view, kit.Table(names=NAMES))
