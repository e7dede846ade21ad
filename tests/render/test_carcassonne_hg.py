"""Carcassonne: Hunters & Gatherers board image: renders from the public view
at every stage, stays small, highlights the latest tile, numbers the spots."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import kit
from render.carcassonne_hg import draw, tile_art, tile_box
from rules.carcassonne_hg import GAME
from rules.carcassonne_hg.data import TILES
from rules.core import Rng, random_playout

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


def spot_positions_ok(img: Image.Image, view: dict) -> list[str]:
    """What is wrong with the spot numbers of a turn image: every legal spot's number must be
    drawn inside the image, readable 400 px wide, each at its own square of one map (the numbers
    lie where the spots lie, one tile size apart, as the picker's labels number them)."""
    from render.carcassonne_hg import focus_size, focus_window
    size = focus_size(focus_window(view))
    numbers: dict[str, list[tuple[float, float]]] = {}
    problems = []
    for m in kit.marks(img):
        if m.kind == "label" and m.main and m.text.isdigit():
            x0, y0, x1, y1 = m.box
            if x0 < 0 or y0 < 0 or x1 > img.width or y1 > img.height or m.clipped:
                continue
            if m.size * kit.PHONE_WIDTH / img.width < kit.PHONE_MIN_PX:
                problems.append(f"number {m.text} is {m.size * 400 / img.width:.1f} px at 400 px wide")
            numbers.setdefault(m.text, []).append(((x0 + x1) / 2, (y0 + y1) / 2))
    spots = view["spots"]
    missing = [k for k, _x, _y, _r in spots if str(k) not in numbers]
    if missing:
        return problems + [f"spots {missing} of {len(spots)} have no number in the image"]
    _k1, x1, y1, _r = spots[0]
    for ax, ay in numbers["1"]:      # the map's spot 1 (a lake's fish count may read 1 too)
        if all(any(abs(cx - ax - (x - x1) * size) < size / 3 and abs(cy - ay - (y - y1) * size) < size / 3
                   for cx, cy in numbers[str(k)]) for k, x, y, _r in spots):
            return problems
    return problems + ["the spot numbers are not where their spots are"]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3)])
def test_the_turn_image_numbers_every_legal_spot_readably(players, seed):
    """Issue 26: a turn image showed 4 of the 13 legal spots, and its own example ("e.g. 1c") pointed
    at a spot not in the picture. Every spot of the tile in hand is on the turn image, numbered as the
    picker numbers it, readable on a phone, however spread the spots are."""
    from render.carcassonne_hg import draw_focus
    state = GAME.setup(players, seed, {})
    chooser, moves, checked = Rng(seed), 0, 0
    while GAME.to_act(state):
        if state.phase == "place" and moves % 9 == 0:
            view = GAME.view(state, None)
            table = kit.Table(names=NAMES[:players], to_act=GAME.to_act(state), title="Carcassonne H&G")
            assert spot_positions_ok(draw_focus(view, table), view) == [], f"after {moves} moves"
            checked += 1
        legal = GAME.legal_moves(state, state.turn)
        state, _ = GAME.apply(state, legal[chooser.randbelow(len(legal))])
        moves += 1
    assert checked > 5
