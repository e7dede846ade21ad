"""Issue 27, section 2: Neanderthal's card lines and First Sparks' market text were about 5 px
tall on a phone (a board shown 400 px wide): at least 6.5 px now."""

from __future__ import annotations

import re

import pytest

import render
from render import kit
from rules import registry
from rules.core import random_playout

LINE = re.compile(r"^(need |\+\d+ bab|no baby|trophy|invention|animal|tool$|weapon$|gather$)")
AT_400 = 6.5


def shown_size(img, mark) -> float:
    return mark.size * 400 / img.width


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_neanderthal_card_lines_read_on_a_phone(seed):
    game = registry.get("neanderthal")
    state = random_playout(game, 2, seed, max_moves=60).state
    img = render.draw("neanderthal", game.view(state, None), kit.Table(names=["ann", "bob"], to_act=game.to_act(state)))
    lines = [m for m in kit.marks(img) if m.kind == "label" and LINE.match(m.text)]
    assert lines
    small = [(m.text, round(shown_size(img, m), 1)) for m in lines if shown_size(img, m) < AT_400]
    assert not small, small


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_first_sparks_market_cards_read_on_a_phone(seed, monkeypatch):
    """Card names and what each card gives, as the market draws them (the cards are drawn once
    and pasted: their words are caught where they are written)."""
    import render.first_sparks as fs
    from render.first_sparks import _card_tile

    said = []
    real = fs.kit.text

    def spy(d, xy, text, size=None, *args, **kwargs):
        said.append((text, size))
        return real(d, xy, text, size, *args, **kwargs)

    _card_tile.cache_clear()
    monkeypatch.setattr(fs.kit, "text", spy)
    game = registry.get("first_sparks")
    state = random_playout(game, 3, seed, max_moves=40).state
    said.clear()
    img = render.draw("first_sparks", game.view(state, None), kit.Table(names=["ann", "bob", "cid"],
                                                                         to_act=game.to_act(state)))
    _card_tile.cache_clear()
    words = [(t, s) for t, s in said if isinstance(s, (int, float)) and t and not t.startswith("#") and not t.isdigit()]
    card_words = [(t, s) for t, s in words if any(t in line for line in _card_words(game, state))]
    assert card_words
    small = [(t, round(s * 400 / img.width, 1)) for t, s in card_words if s * 400 / img.width < AT_400]
    assert not small, small


def _card_words(game, state) -> list[str]:
    import render.first_sparks as fs
    from render.first_sparks import _table_text

    table = kit.Table(names=["ann", "bob", "cid"], to_act=[])
    view = game.view(state, None)
    out = []
    for number in view["market"]:
        info = view["card_info"][str(number)] if str(number) in view["card_info"] else view["card_info"][number]
        if info.get("kind") and info["kind"] != "shuffle":
            out.append(fs.kind_name(table, info["kind"]))
            out += list(_table_text(info, table))
    return out
