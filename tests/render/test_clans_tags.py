"""Issue 27, section 2: Clans' village tags and hut-count badges are drawn on their own
territory (« V12 on 30 » was drawn on 51; badges landed off the map's edge)."""

from __future__ import annotations

import pytest

from render import kit
from render.clans import MAIN, _draw_map
from rules.clans import GAME
from rules.core import Rng


def inside(polygon, x: float, y: float) -> bool:
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def played(seed: int, moves: int):
    state = GAME.setup(3, seed, GAME.resolve_options({}))
    rng = Rng(seed)
    for _ in range(moves):
        acting = GAME.to_act(state)
        if not acting:
            break
        legal = GAME.legal_moves(state, acting[0])
        state, _ = GAME.apply(state, legal[rng.randbelow(len(legal))])
    return state


def beside(a, b, gap: float = 8) -> bool:
    """Two boxes side by side on one line, at most ``gap`` apart."""
    return (a[1] < b[3] and b[1] < a[3]) and (0 <= b[0] - a[2] <= gap or 0 <= a[0] - b[2] <= gap)


def numbers(img) -> dict[str, tuple]:
    return {m.text: m.box for m in kit.marks(img) if m.kind == "label" and m.text.isdigit()}


@pytest.mark.parametrize("seed", range(1, 9))
def test_each_village_tag_rides_beside_its_territorys_number(seed):
    """The tag goes with the territory's number (which stays on or by its territory), not into
    free space wherever it is."""
    state = played(seed, 400)
    view = GAME.view(state, None)
    img = _draw_map(view, kit.Table(names=["ann", "bob", "cid"], to_act=GAME.to_act(state)))
    shown = {v["territory"]: n for n, v in enumerate(view["villages"], start=1)}   # one tag a territory: the last
    where = {f"V{n}": tid for tid, n in shown.items()}
    tags = [m for m in kit.marks(img) if m.kind == "piece" and any(
        t.kind == "piece-label" and t.text in where and t.box[0] >= m.box[0] - 1 and t.box[2] <= m.box[2] + 1
        and t.box[1] >= m.box[1] - 1 and t.box[3] <= m.box[3] + 1 for t in kit.marks(img))]
    labels = {t.text: t.box for t in kit.marks(img) if t.kind == "piece-label" and t.text in where}
    assert len(labels) == len(where)
    number = numbers(img)
    for text, box in labels.items():
        holders = [m.box for m in tags if m.box[0] <= box[0] and box[2] <= m.box[2] and m.box[1] <= box[1]
                   and box[3] <= m.box[3]]
        tag = min(holders, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))   # the tag's own box
        chain = [number[str(where[text])]] + [m.box for m in kit.marks(img) if m.kind == "piece"
                                               and beside(number[str(where[text])], m.box) and m.box != tag]
        assert any(beside(c, tag) for c in chain), f"{text} (on {where[text]}) is not beside its number"


@pytest.mark.parametrize("seed", range(1, 9))
def test_each_hut_count_badge_lies_on_its_territory(seed, monkeypatch):
    drawn = []
    real = kit.count_badge

    def spy(d, cx, cy, value, *args, **kwargs):
        drawn.append((cx, cy, value))
        return real(d, cx, cy, value, *args, **kwargs)

    monkeypatch.setattr(kit, "count_badge", spy)
    state = played(seed, 25)
    view = GAME.view(state, None)
    _draw_map(view, kit.Table(names=["ann", "bob", "cid"], to_act=GAME.to_act(state)))
    counts = {tid: sum(c) for tid, c in enumerate(view["huts"], start=1) if sum(c) > 1 and sum(1 for n in c if n) > 1}
    assert len(drawn) == len(counts) > 0
    marks = numbers(_draw_map(view, kit.Table(names=["ann", "bob", "cid"], to_act=GAME.to_act(state))))
    for cx, cy, value in drawn:
        owners = [t for t in counts if str(counts[t]) == value]
        assert any(abs(cy - (marks[str(t)][1] + marks[str(t)][3]) / 2) < 3
                   and 0 <= cx - marks[str(t)][2] <= MAIN * 2 for t in owners), (value, cx, cy)
