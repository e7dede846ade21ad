"""Neanderthal board image: renders from the public view at every stage,
stays small, outlines the card the last move touched, shows whose turn."""

from __future__ import annotations

import pytest
from PIL import Image

from render import kit
from render.neanderthal import draw, slot_box
from rules.core import random_playout
from rules.neanderthal import GAME

NAMES = ["Ana", "Bo", "Cy"]


def render(state, events=None) -> Image.Image:
    n = len(state["sp"])
    table = kit.Table(names=NAMES[:n], to_act=GAME.to_act(state), title="Neanderthal",
                      last_events=events or [], finished=not GAME.to_act(state))
    return draw(GAME.view(state, None), table)


@pytest.mark.parametrize("players,moves", [(3, 0), (2, 40), (3, 120), (3, 100_000), (1, 100_000)])
def test_board_renders_small_png_at_every_stage(players, moves):
    opts = {"mode": "solo"} if players == 1 else {}
    state = random_playout(GAME, players, 6, opts, max_moves=moves).state
    img = render(state)
    assert img.width <= 1400
    png = kit.encode_png(img)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 1_000_000


def _gold_in_slot(state, key) -> int:
    """Gold pixels around biome slot ``key`` (where the renderer says it is)."""
    n = len(state["sp"])
    table = kit.Table(names=NAMES[:n], to_act=GAME.to_act(state), title="Neanderthal", last_events=[],
                      finished=not GAME.to_act(state))
    x0, y0, x1, y1 = slot_box(GAME.view(state, None), table, key)
    crop = render(state).crop((x0 - 4, y0 - 4, x1 + 4, y1 + 4)).convert("RGB")
    return {c: n for n, c in crop.getcolors(1 << 20)}.get(kit.HIGHLIGHT, 0)


def test_the_card_of_the_last_assignment_is_outlined():
    state = GAME.setup(3, 3, GAME.resolve_options({}))
    while state["phase"] != "assign":
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, GAME.default_move(state, seat))
    seat = GAME.to_act(state)[0]
    move = next(m for m in GAME.legal_moves(state, seat) if m.notation.startswith("S2x"))
    after_state, _ = GAME.apply(state, move)
    assert _gold_in_slot(state, "S2") == 0
    assert _gold_in_slot(after_state, "S2") > 200


def test_renderer_uses_only_the_public_view():
    state = random_playout(GAME, 3, 9, max_moves=300).state
    view = GAME.view(state, None)
    assert all("hand" not in p for p in view["players"])
    assert render(state).height > 800


def test_open_auction_and_a_card_deal_render():
    """The open auction's lead shows in the header; tableau cards carry the codes deals use."""
    from rules.neanderthal.data import BIOMES
    state = GAME.setup(3, 4, GAME.resolve_options({}))
    while state["phase"] != "bid":
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, GAME.default_move(state, seat))
    seat = GAME.to_act(state)[0]
    bid = next(m for m in GAME.legal_moves(state, seat) if m.notation.startswith("bid"))
    state, _ = GAME.apply(state, bid)
    view = GAME.view(state, None)
    from rules.wording import english_lookup
    from rules.wording import render as say_english
    assert view["auction"]["lead"] == seat and "leads with" in say_english(view["waiting"], english_lookup)
    elk = next(k for k, v in BIOMES.items() if v["name"] == "Irish Elk")
    state["pl"][0]["trophies"] = [elk]
    img = render(state)
    assert img.width <= 1400 and len(kit.encode_png(img)) < 1_000_000
    assert state["auc"]["n"] == view["auction"]["discs"] == 1


def test_a_pending_proposal_shows_in_a_banner_with_the_players_names():
    from render.neanderthal_turn import draw_focus
    from tests.rules.test_neanderthal import ARCHAIC
    from tests.rules.test_neanderthal_negotiation import three_on_the_deer
    state = three_on_the_deer()
    state, _ = GAME.apply(state, GAME.parse(state, ARCHAIC, "ask B S2"))
    table = kit.Table(names=NAMES, to_act=GAME.to_act(state), title="Neanderthal")
    for img in (render(state), draw_focus(GAME.view(state, None), table)):
        drawn = " ".join(m.text for m in kit.marks(img))      # wrapped lines joined again
        assert "Proposal: Ana asks Bo to leave S2" in drawn and "Cy must agree too" in drawn
        assert "{p" not in drawn


def _assigned():
    """Three tribes, the first one has sent hunters to S2."""
    state = GAME.setup(3, 3, GAME.resolve_options({}))
    while state["phase"] != "assign":
        state, _ = GAME.apply(state, GAME.default_move(state, GAME.to_act(state)[0]))
    seat = GAME.to_act(state)[0]
    move = next(m for m in GAME.legal_moves(state, seat) if m.notation.startswith("S2x"))
    return GAME.apply(state, move)[0], seat


def test_the_turn_image_is_a_phone_image_with_the_places_hunters_and_scores():
    from render import has_focus
    from render.neanderthal_turn import FW, draw_focus
    state, seat = _assigned()
    view = GAME.view(state, None)
    table = kit.Table(names=NAMES, to_act=GAME.to_act(state), last_events=["Ana sends hunters to S2."])
    img = draw_focus(view, table)
    assert has_focus("neanderthal") and img.width == FW and img.height < render(state).height
    main = {m.text for m in kit.marks(img) if m.main and kit.shown_height(m.size, img.width) >= 7 - 0.05}
    party = view["parties"]["S2"][str(seat)]
    assert {"S2", str(sum(party["c"]) + party["a"])} <= main                      # the place and its hunters
    assert {f"{p['score']} VP" for p in view["players"]} <= main                   # every tribe's score
    crop = img.convert("RGB")
    assert {c for _n, c in crop.getcolors(1 << 20)} & {kit.HIGHLIGHT}, "the place of the last move is outlined"


def test_a_view_stored_with_english_notes_still_draws_them_with_names():
    from render.neanderthal_turn import draw_focus
    state, _seat = _assigned()
    view = GAME.view(state, None)
    view["waiting"] = "Blizzard: {p1} must give up 1 dependant(s)"
    drawn = " ".join(m.text for m in kit.marks(draw_focus(view, kit.Table(names=NAMES))))
    assert "Blizzard: Bo must give up 1 dependant(s)" in drawn


@pytest.mark.parametrize("players,seed,options", [(2, 3, {}), (3, 7, {}), (3, 4, {"mode": "coop"})])
def test_the_final_table_gives_each_player_s_vp_by_source_adding_up_to_the_total(players, seed, options):
    """J: the final image's columns are VP from cubes, daughters, words and cards, then the
    total; each row adds up to the player's score, and a game in play has no such table."""
    from render.neanderthal_parts import breakdown
    table = kit.Table(names=NAMES[:players])
    assert breakdown(GAME.view(random_playout(GAME, players, seed, options, max_moves=30).state, None), table) is None
    state = random_playout(GAME, players, seed, options).state
    view = GAME.view(state, None)
    final = breakdown(view, table)
    assert final.columns == ["cubes", "daughters", "words", "cards", "VP"]
    assert len(final.rows) == players
    for row, p in zip(final.rows, view["players"]):
        assert sum(row[:-1]) == row[-1] == p["score"], (row, p["score_parts"])
    assert any(any(row[:-1]) for row in final.rows), "random games score something"
