"""Carcassonne: Hunters & Gatherers board image: renders from the public view
at every stage, stays small, highlights the latest tile, numbers the spots."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import kit
from render.carcassonne_hg import draw, tile_art, tile_box
from rules.carcassonne_hg import GAME
from rules.carcassonne_hg.data import TILES
from rules.core import random_playout

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eve"]


def render(state) -> Image.Image:
    table = kit.Table(names=NAMES[:state.seats], to_act=GAME.to_act(state), title="Carcassonne H&G",
                      last_events=["{p0} places the tile at (1,0)."], finished=state.phase == "over")
    return draw(GAME.view(state, None), table)


def gold(img: Image.Image, box) -> int:
    crop = img.crop(box).convert("RGB")
    return {c: n for n, c in crop.getcolors(1 << 20)}.get(kit.HIGHLIGHT, 0)


@pytest.mark.parametrize("players,moves", [(2, 0), (3, 40), (5, 10_000)])
def test_board_renders_small_png_at_every_stage(players, moves):
    state = random_playout(GAME, players, 5, max_moves=moves).state if moves else GAME.setup(players, 5, {})
    img = render(state)
    assert img.width <= 1400 and img.height <= 2000
    png = kit.encode_png(img)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 1_000_000


def test_last_tile_is_outlined_in_gold():
    state = GAME.setup(2, 3, {})
    move = GAME.legal_moves(state, 0)[0]
    after, _ = GAME.apply(state, move)
    _, x, y, _r = move.data
    view = GAME.view(after, None)
    x0, y0, x1, y1 = tile_box(view, x, y)
    assert gold(render(after), (x0 - 2, y0 - 2, x1 + 2, y1 + 2)) > 4 * (x1 - x0)
    x0, y0, x1, y1 = tile_box(GAME.view(state, None), 0, 0)
    assert gold(render(state), (x0 + 6, y0 + 6, x1 - 6, y1 - 6)) < 20   # nothing placed yet: no frame


def test_spots_are_drawn_where_the_view_says():
    state = GAME.setup(2, 8, {})
    view = GAME.view(state, None)
    img = render(state).convert("RGB")
    for _k, x, y, _rots in view["spots"]:
        x0, y0, x1, y1 = tile_box(view, x, y)
        colours = {c for _n, c in img.crop((x0 + 4, y0 + 4, x1 - 4, y1 - 4)).getcolors(1 << 16)}
        assert kit.INK in colours or any(sum(c) < 150 for c in colours)   # the number is written there


def test_figure_step_shows_the_placed_tile_bigger():
    state = GAME.setup(3, 2, {})
    while state.phase != "figure":
        state, _ = GAME.apply(state, GAME.legal_moves(state, state.turn)[0])
    assert GAME.view(state, None)["options"]
    assert render(state).height > 500


def test_every_tile_draws_in_every_turn():
    for tile in TILES:
        for rot in range(4):
            art = tile_art(tile.id, rot, 40)
            assert art.size == (40, 40)


def test_the_score_beside_a_name_says_points_in_play_and_the_final_table_counts_them():
    state = random_playout(GAME, 3, 4, max_moves=40).state
    view = GAME.view(state, None)
    texts = [m.text for m in kit.marks(render(state)) if m.kind == "label"]
    for seat, score in enumerate(view["scores"]):
        unit = "point" if score == 1 else "points"
        assert any(t.startswith(f"{NAMES[seat]}  ·  {score} {unit}  ·") for t in texts), (seat, score, texts)
    end = random_playout(GAME, 3, 4).state
    texts = [m.text for m in kit.marks(render(end)) if m.kind == "label"]
    assert not any(" points" in t for t in texts if t.startswith(tuple(NAMES))), "bare totals at the end"


def test_the_final_board_opens_with_the_winner_and_draws_figures_in_their_colours():
    """Issue 27: Carcassonne's final board drew every hunter black (an outlined letter covered the
    small figure) and put the title and the winner below the map."""
    from render.carcassonne_hg import _figure
    from render.kit import WIN_BG

    state = random_playout(GAME, 3, 5, max_moves=10_000).state
    assert state.phase == "over"
    img = render(state).convert("RGB")
    top = img.crop((0, 0, img.width, img.height // 5))
    assert {c: n for n, c in top.getcolors(1 << 20)}.get(WIN_BG, 0) > 1000, "the winner's banner is on top"
    for seat in range(3):
        piece = Image.new("RGB", (40, 40), (255, 255, 255))
        _figure(ImageDraw.Draw(piece), seat, "hunter", 20, 20, 8, "H")
        colour = kit.player_colour(seat)
        near = sum(n for n, c in piece.getcolors(1 << 12) if max(abs(a - b) for a, b in zip(c, colour)) < 40)
        dark = sum(n for n, c in piece.getcolors(1 << 12) if max(c) < 60)
        assert near > 0.4 * dark, f"seat {seat}: {near} pixels of its colour, {dark} nearly black"
