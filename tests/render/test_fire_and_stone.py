"""Fire & Stone board image: renders from the public view at every stage,
stays small and narrow, highlights the last move, greys closed regions."""

from __future__ import annotations

import pytest
from PIL import Image

from render import kit
from render.fire_and_stone import CENTRE, CLOSED_FILL, REGION_FILL, R, draw
from render.fire_and_stone import map_top as map_top_of
from rules.core import random_playout
from rules.fire_and_stone import GAME

NAMES = ["Ana", "Bo", "Cy", "Dee"]


def render(state) -> Image.Image:
    table = kit.Table(names=NAMES[:state["n"]], to_act=GAME.to_act(state), title="Fire & Stone",
                      last_events=["{p0} moves an explorer from 71 to 66."], finished=state["over"])
    return draw(GAME.view(state, None), table)


def pixels(img: Image.Image, territory: int, colour, legend_h: int) -> int:
    """Pixels of ``colour`` around a territory's centre (map drawn below the legend)."""
    cx, cy = CENTRE[territory]
    crop = img.crop((int(cx - R), int(cy - R) + legend_h, int(cx + R), int(cy + R) + legend_h)).convert("RGB")
    return {c: n for n, c in crop.getcolors(1 << 20)}.get(colour, 0)


def map_top(state) -> int:
    table = kit.Table(names=NAMES[:state["n"]], to_act=GAME.to_act(state), title="Fire & Stone",
                      last_events=["{p0} moves an explorer from 71 to 66."], finished=state["over"])
    return map_top_of(GAME.view(state, None), table)


@pytest.mark.parametrize("players,moves", [(2, 0), (3, 250), (4, 100_000)])
def test_board_renders_small_png_at_every_stage(players, moves):
    state = random_playout(GAME, players, 5, max_moves=moves).state if moves else GAME.setup(players, 5, {})
    img = render(state)
    assert img.width <= 1400 and img.height < 1500
    png = kit.encode_png(img)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 1_000_000


def test_last_move_is_highlighted_in_gold():
    start = GAME.setup(2, 3, {})
    after, _ = GAME.apply(start, GAME.parse(start, 0, "66"))
    top = map_top(after)
    assert pixels(render(start), 66, kit.HIGHLIGHT, top) == 0
    assert pixels(render(after), 66, kit.HIGHLIGHT, top) > 100


def test_closed_regions_are_greyed_until_opened():
    state = GAME.setup(2, 3, {})
    top = map_top(state)
    assert pixels(render(state), 17, CLOSED_FILL, top) > 500          # region II closed
    state["track"] = 3
    img = render(state)
    assert pixels(img, 17, REGION_FILL["II"], top) > 500
    assert pixels(img, 8, CLOSED_FILL, top) > 500                      # region III still closed


def test_end_image_from_the_public_view_shows_final_scores():
    state = random_playout(GAME, 3, 8).state
    view = GAME.view(state, None)
    assert view["over"] and len(view["final"]) == 3 and "me" not in view
    assert render(state).height > 900


def test_a_marker_on_the_cave_card_is_shown_in_the_tribe_line():
    state = GAME.setup(2, 3, {})
    plain = render(state)
    state["p"][1]["marker"] = "cave"
    marked = render(state)
    assert GAME.view(state, None)["tribes"][1]["marker"] == "cave"
    assert plain.size == marked.size and plain.tobytes() != marked.tobytes()


def test_the_score_beside_a_name_says_vp_and_the_tribe_rows_say_the_track():
    """Two numbers, two names: beside each name the public score (track, covered cards, huts,
    majorities) in VP; in the tribes' rows the VP track alone, marked as the track."""
    from render.fire_and_stone import draw_focus
    state = random_playout(GAME, 3, 5, max_moves=250).state
    view = GAME.view(state, None)
    table = kit.Table(names=NAMES[:3], to_act=GAME.to_act(state), title="Fire & Stone")
    for img in (draw(view, table), draw_focus(view, table)):
        texts = [m.text for m in kit.marks(img) if m.kind == "label"]
        for seat, score in enumerate(view["scores"]):
            assert any(t.startswith(NAMES[seat]) and t.endswith(f"·  {score} VP") for t in texts), (seat, score)
            track = view["tribes"][seat]["vp"]
            assert any(t.startswith(NAMES[seat]) and f"{track} VP (track)" in t for t in texts), (seat, track)
