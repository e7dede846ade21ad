"""Issue 27, section 2: Fire & Stone's last-move line crossed the numbers of the hexagons it
runs through; it passes under them now (a plate of the hexagon's colour behind each number)."""

from __future__ import annotations

import pytest

from render import kit
from render.fire_and_stone import draw, path
from rules.core import Rng
from rules.fire_and_stone import GAME


def long_moves(seed: int, wanted: int = 3):
    state = GAME.setup(2, seed, GAME.resolve_options({}))
    rng = Rng(seed)
    found = 0
    for _ in range(400):
        acting = GAME.to_act(state)
        if not acting:
            return
        legal = GAME.legal_moves(state, acting[0])
        state, _ = GAME.apply(state, legal[rng.randbelow(len(legal))])
        last = GAME.view(state, None).get("last") or {}
        if last.get("from") and last.get("to") and len(path(last["from"], last["to"])) >= 3:
            yield state
            found += 1
            if found >= wanted:
                return


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_last_move_line_never_crosses_a_number(seed):
    checked = 0
    for state in long_moves(seed):
        view = GAME.view(state, None)
        drawn = draw(view, kit.Table(names=["ann", "bob"], to_act=GAME.to_act(state)))
        img = drawn.convert("RGB")
        crossed = {str(t) for t in path(view["last"]["from"], view["last"]["to"])}
        for m in kit.marks(drawn):
            if m.kind == "label" and m.text in crossed:
                box = tuple(round(v) for v in m.box)
                gold = {c: n for n, c in img.crop(box).getcolors(1 << 16)}.get(kit.HIGHLIGHT, 0)
                assert gold == 0, f"the line crosses {m.text}'s number ({gold} gold pixels)"
                checked += 1
    assert checked
