"""The First Sparks board image: renders from the public view at every
stage and player count, stays small, highlights the last move and the
offered card, and never needs hidden information."""

from __future__ import annotations

import pytest
from PIL import Image

from render import kit
from render.first_sparks import CARD_H, CARD_W, _px, _region_geometry, card_origin, draw, layout, map_frame
from rules.core import random_playout
from rules.first_sparks import GAME

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eve", "Fynn"]


def table_of(state) -> kit.Table:
    return kit.Table(names=NAMES[:state.n], to_act=GAME.to_act(state), title="The First Sparks",
                     last_events=["{p0} settles region 4 for 1 food."], finished=not GAME.to_act(state))


def render(state, view=None) -> Image.Image:
    return draw(view or GAME.view(state, None), table_of(state))


def gold_in(img: Image.Image, box) -> int:
    crop = img.crop(tuple(int(v) for v in box)).convert("RGB")
    return {colour: n for n, colour in crop.getcolors(1 << 20)}.get(kit.HIGHLIGHT, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("moves", [0, 25, 10_000])
def test_board_renders_small_png_at_every_stage(players, moves):
    state = random_playout(GAME, players, 4, max_moves=moves).state if moves else GAME.setup(players, 4, {})
    img = render(state)
    assert img.width <= 1400
    png = kit.encode_png(img)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 1_000_000


def test_last_placed_region_is_highlighted():
    state = GAME.setup(3, 2, {"map": "layout"})
    seat = GAME.to_act(state)[0]
    move = GAME.legal_moves(state, seat)[0]
    after, _ = GAME.apply(state, move)
    region = move.data[2]
    view = GAME.view(after, None)
    img = render(after, view)
    frame = map_frame(view)
    top = layout(view, table_of(after))["map"]
    poly = [_px(frame, *p) for p in _region_geometry(view["hexes"])[region - 1][0]]
    xs, ys = zip(*poly, strict=True)
    box = (min(xs) - 3, min(ys) + top - 3, max(xs) + 3, max(ys) + top + 3)
    assert gold_in(img, box) > 50
    before = render(state)
    assert gold_in(before, box) == 0


def test_offered_card_is_ringed_and_fire_food_is_not_needed():
    state = GAME.setup(3, 2, {})
    while state.phase != "buy":
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, GAME.legal_moves(state, seat)[0])
    seat = GAME.to_act(state)[0]
    offer = next(m for m in GAME.legal_moves(state, seat) if m.notation.startswith("offer"))
    state, _ = GAME.apply(state, offer)
    view = GAME.view(state, None)
    view["food"] = [None] * state.n   # as if every clan knew Fire
    img = render(state, view)
    index = view["market"].index(offer.data[1])
    # the market panel is under the map (one column, for phones); the card sits in the "now" rows
    x0, y0 = card_origin(view, index)
    y0 += layout(view, table_of(state))["market"]
    assert gold_in(img, (x0 - 3, y0 - 3, x0 + CARD_W + 3, y0 + CARD_H + 3)) > 100


def test_the_number_beside_a_name_says_it_is_the_clan_s_size():
    state = random_playout(GAME, 4, 3, max_moves=60).state
    view = GAME.view(state, None)
    texts = [m.text for m in kit.marks(render(state)) if m.kind == "label"]
    for seat in range(4):
        size = view["sizes"][seat]
        assert any(t == f"{NAMES[seat]}  ·  {size} member{'s' if size != 1 else ''}" for t in texts), (seat, texts)
