"""Fire & Stone board image, drawn from the public view only.

Two images. ``draw`` is the whole board (for ``/board``): the legend (whose
turn, last events, the winner), the status line, the world map (hex
territories by region, closed regions greyed, tiles face down or revealed,
villages with huts per colour, explorers laid beside them, the last move in
gold along its path), then the hut track, the invention row / VP pile / cave
card, and one line per tribe. The whole map cannot be read on a phone, so
``draw_focus`` (for the turn post) shows the territories around the last
move at twice the scale (or, when the next decision names territories, every
one of them) beside a small overview of the whole map, with the legend, the
status line and the hut track, 720 px wide.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import fire_and_stone_words as fw
from render import kit
from render.words import TOTAL
from rules.fire_and_stone import GAME
from rules.fire_and_stone import phrases as ph
from rules.fire_and_stone.data import ADJ, DATA, PRINTED_FIRE, REGION, SEA, START, TERR, TERR_IDS
from rules.fire_and_stone.steps import places_named, public_state

R = 37                      # hex radius of the whole map
HW = math.sqrt(3) * R       # hex width
MARGIN = 18
GRID = DATA["map"]["grid"]
MAP_W = int(MARGIN * 2 + HW * (GRID["cols"] + 0.5))
MAP_H = int(MARGIN * 2 + R * (1.5 * (GRID["rows"] - 1) + 2))
WIDTH = MAP_W
FOCUS_W, FOCUS_H = 720, 470
FOCUS_R = 64

SEA_BLUE = (120, 170, 205)
LAKE_BLUE = (80, 140, 196)
REGION_FILL = {"I": (232, 205, 150), "II": (190, 215, 150), "III": (225, 180, 160)}
CLOSED_FILL = (175, 170, 160)
FIRE = (235, 110, 30)
TILE_BACK = (120, 85, 55)
KIND_FILL = {  # a chip's colour (its short label: fire_and_stone_words.CHIP)
    "apple": (200, 40, 40), "nut": (140, 95, 50), "mushroom": (150, 120, 170), "root": (190, 140, 60),
    "forest": (40, 110, 50), "fire": FIRE, "cave": (80, 80, 90), "hut": (150, 100, 60), "cache": (90, 90, 60),
}
MILESTONES = {3: fw.MILESTONE_REGION(region="II"), 5: fw.MILESTONE_SECOND(), 9: fw.MILESTONE_REGION(region="III"),
              11: fw.MILESTONE_END()}


def chip_labels(table: kit.Table) -> dict[str, str]:
    """The short label of each kind of chip, in the table's language."""
    return {kind: kit.said(table, p()) for kind, p in fw.CHIP.items()}


@dataclass(frozen=True)
class Geo:
    """Where the hex grid sits in an image: hex radius and the pixel position of grid (0, 0)."""

    r: float
    ox: float
    oy: float
    w: int
    h: int

    def at(self, col: float, row: float) -> tuple[float, float]:
        hw = math.sqrt(3) * self.r
        return (self.ox + hw / 2 + col * hw + (hw / 2 if row % 2 else 0), self.oy + self.r + row * 1.5 * self.r)

    def of(self, t: int) -> tuple[float, float]:
        return self.at(TERR[t]["col"], TERR[t]["row"])

    def inside(self, t: int) -> bool:
        """Whether the whole hexagon of territory t is in the image (only then are its labels drawn)."""
        x, y = self.of(t)
        hw = math.sqrt(3) * self.r / 2
        return x - hw >= 0 and x + hw <= self.w and y - self.r >= 0 and y + self.r <= self.h


FULL = Geo(R, MARGIN, MARGIN, MAP_W, MAP_H)


def centre(col: int, row: int) -> tuple[float, float]:
    return FULL.at(col, row)


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


CENTRE = {t: FULL.of(t) for t in TERR_IDS}


def _sizes(geo: Geo, main: bool = False) -> dict[str, int]:
    r = geo.r
    least = 13 if main else 0       # a turn image's labels stay readable at 400 px wide, however small its scale
    return {"num": max(12, least, round(r * 0.3)), "chip": max(10, least, round(r * 0.26)),
            "hut": max(16, round(r * 0.5)), "explorer": max(8, round(r * 0.22))}


@lru_cache(maxsize=8)
def _map_base(open_regions: tuple[str, ...], geo: Geo, start: str) -> Image.Image:
    """The static map for one set of open regions: sea, lakes, territories,
    printed fires, sea routes, the start's label (``start``, in the table's
    language; numbers and region names go on per image)."""
    img = kit.copy(kit.textured(geo.w, geo.h, SEA_BLUE, 0.12))
    d = ImageDraw.Draw(img)
    r = geo.r
    for c, row in GRID["lakes"]:
        x, y = geo.at(c, row)
        d.polygon(hexagon(x, y, r - 1), fill=LAKE_BLUE, outline=(60, 110, 160))
        for k in range(3):   # ripples
            d.arc((x - r * .5 + k * 6, y - r * .25 + k * 8, x + r * .1 + k * 6, y + r * .05 + k * 8), 200, 340,
                  fill=kit.lighter(LAKE_BLUE, .45), width=2)
    for a in sorted(SEA):
        for b in SEA[a]:
            if a < b:
                _dotted(d, geo.of(a), geo.of(b))
    for t in TERR_IDS:
        cx, cy = geo.of(t)
        fill = REGION_FILL[REGION[t]] if REGION[t] in open_regions else CLOSED_FILL
        d.polygon(hexagon(cx + 2, cy + 2, r - 1), fill=kit.darker(SEA_BLUE, .25))
        d.polygon(hexagon(cx, cy, r - 1), fill=fill, outline=(90, 75, 55), width=2)
        d.line(hexagon(cx, cy, r - 4)[3:6], fill=kit.lighter(fill, .35), width=2)
        if t in PRINTED_FIRE and geo.inside(t):
            _flame(d, cx - r * 0.42, cy - r * 0.05, r * 0.2)
            kit.piece(d, (cx - r * 0.62, cy - r * 0.31, cx - r * 0.22, cy + r * 0.13))
        if t == START and geo.inside(t) and cy + r * 1.3 < geo.h:   # under its hexagon, in the sea
            kit.text(d, (cx, cy + r * 1.12), start, max(10, round(r * 0.26)), fill=kit.WHITE, anchor="mm",
                     outline=kit.INK)
    return img


def _region_names(d: ImageDraw.ImageDraw, view: dict, table: kit.Table) -> None:
    """Region names in open sea, wherever nothing else is (whole map only)."""
    sea = [(MARGIN + c * HW, MARGIN + row * 1.5 * R) for c, row in
           ((1.2, 7.6), (0.9, 7.9), (7.0, 7.6), (6.6, 6.6), (11.0, 0.1), (12.0, 8.5), (11.5, 5.2), (13.0, 8.5))]
    for region, spots in (("I", sea[0:2]), ("II", sea[2:4]), ("III", sea[4:])):
        label = kit.said(table, (fw.REGION if region in view["open"] else fw.REGION_CLOSED)(region=region))
        w = kit.text_width(label, 16, True) + 8
        box = kit.place(d, w, 24, spots)
        kit.text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, 16, fill=kit.WHITE, outline=kit.INK,
                 bold=True, anchor="mm")


def _dotted(d: ImageDraw.ImageDraw, a, b, dash: float = 7) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length / dash))
    for i in range(0, steps, 2):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        q = (a[0] + (b[0] - a[0]) * (i + 1) / steps, a[1] + (b[1] - a[1]) * (i + 1) / steps)
        d.line([p, q], fill=kit.WHITE, width=3)


def _flame(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.polygon([(cx, cy - r * 1.3), (cx + r * 0.8, cy + r * 0.2), (cx + r * 0.5, cy + r * 0.9),
               (cx - r * 0.5, cy + r * 0.9), (cx - r * 0.8, cy + r * 0.2)], fill=FIRE, outline=(120, 40, 0))
    d.ellipse((cx - r * 0.35, cy - r * 0.1, cx + r * 0.35, cy + r * 0.7), fill=(255, 210, 80))


def _chip(d: ImageDraw.ImageDraw, cx: float, cy: float, label: str, fill, size: int = 12, main: bool = False) -> None:
    w = kit.text_width(label, size, True) + size * 0.8
    h = size * 1.5
    d.rounded_rectangle((cx - w / 2 + 1.5, cy - h / 2 + 1.5, cx + w / 2 + 1.5, cy + h / 2 + 1.5), radius=5,
                        fill=(60, 50, 40))
    d.rounded_rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), radius=5, fill=fill, outline=kit.INK)
    kit.piece(d, (cx - w / 2, cy - h / 2, cx + w / 2 + 1.5, cy + h / 2 + 1.5))
    kit.text(d, (cx, cy), label, size, fill=kit.WHITE, anchor="mm", bold=True, main=main, kind="piece-label")


def path(a: int, b: int) -> list[int]:
    """The territories an explorer crossed from a to b (shortest, over land and
    sea routes): the gold line follows it, never across a lake or the sea."""
    if a == b:
        return [a]
    back = {a: a}
    todo = deque([a])
    while todo:
        t = todo.popleft()
        for n in ADJ[t] + SEA[t]:
            if n not in back:
                back[n] = t
                if n == b:
                    out = [b]
                    while out[-1] != a:
                        out.append(back[out[-1]])
                    return out[::-1]
                todo.append(n)
    return [a, b]


def _draw_map(view: dict, table: kit.Table, geo: Geo = FULL, main: bool = False) -> Image.Image:
    base = _map_base(tuple(view["open"]), geo, kit.said(table, fw.START()))
    img = kit.copy(base)
    chips = chip_labels(table)
    d = ImageDraw.Draw(img)
    size = _sizes(geo, main)
    r = geo.r
    last = view.get("last") or {}
    for t in (last.get("from"), last.get("to"), last.get("built")):
        if t:
            kit.polygon(d, hexagon(*geo.of(t), r - 2), None, kit.HIGHLIGHT, max(4, round(r * 0.12)))
    crossed: set[int] = set()   # hexagons the last move's line runs through
    if last.get("from") and last.get("to") and last["from"] != last["to"]:
        crossed = set(path(last["from"], last["to"]))
        pts = [geo.of(t) for t in path(last["from"], last["to"])]
        d.line(pts, fill=kit.INK, width=max(6, round(r * 0.16)), joint="curve")
        d.line(pts, fill=kit.HIGHLIGHT, width=max(3, round(r * 0.09)), joint="curve")
    shown = [t for t in TERR_IDS if geo.inside(t)]
    rgb_base = base.convert("RGB") if crossed else base
    for t in shown:   # numbers at the top of each hexagon
        cx, cy = geo.of(t)
        if t in crossed:   # a plate of the hexagon's own colour: the line passes under the number, not through it
            w = kit.text_width(str(t), size["num"], True) / 2 + 4
            h = size["num"] * 0.62 + 2
            under = rgb_base.getpixel((round(cx), round(cy - r * 0.62)))
            d.rounded_rectangle((cx - w, cy - r * 0.62 - h, cx + w, cy - r * 0.62 + h), radius=4,
                                fill=under if isinstance(under, tuple) else kit.PAPER)
        kit.text(d, (cx, cy - r * 0.62), str(t), size["num"], fill=kit.INK, anchor="mm", bold=True,
                 outline=kit.WHITE, main=main)
    for key, kind in view["tiles"].items():
        t = int(key)
        if t not in shown:
            continue
        cx, cy = geo.of(t)
        x, y = cx - r * 0.36, cy - r * 0.06
        if kind == "?":
            w = r * 0.52
            d.rounded_rectangle((x - w / 2 + 1.5, y - w * .4 + 1.5, x + w / 2 + 1.5, y + w * .4 + 1.5), radius=4,
                                fill=(60, 50, 40))
            d.rounded_rectangle((x - w / 2, y - w * .4, x + w / 2, y + w * .4), radius=4, fill=TILE_BACK,
                                outline=kit.INK)
            kit.piece(d, (x - w / 2, y - w * .4, x + w / 2 + 1.5, y + w * .4 + 1.5))
            kit.text(d, (x, y), REGION[t], size["chip"], fill=kit.WHITE, anchor="mm", bold=True, kind="piece-label")
        elif kind == "fire":
            _flame(d, x, y, r * 0.2)
            kit.piece(d, (x - r * 0.2, y - r * 0.26, x + r * 0.2, y + r * 0.18))
        else:
            label, fill = chips[kind], KIND_FILL[kind]
            if kind == "forest":     # with the game tiles left in it
                label = f"{label} {view['forest'].get(key, 0)}"
            _chip(d, cx + (r * 0.28 if t in PRINTED_FIRE else 0), cy - r * 0.16, label, fill, size["chip"], main)
    for key, huts in view["villages"].items():
        t = int(key)
        if t not in shown:
            continue
        cx, cy = geo.of(t)
        owners = [(s, n) for s, n in enumerate(huts) if n]
        w = size["hut"] * (1 if len(owners) <= 2 else 0.86 if len(owners) == 3 else 0.75)
        step = w * 1.16 + 1.5
        x0 = cx - step * (len(owners) - 1) / 2 + (r * 0.12 if len(owners) == 1 else 0)
        for i, (s, n) in enumerate(owners):
            kit.hut(d, x0 + step * i, cy + r * 0.45, w, kit.player_colour(s), count=str(n),
                    count_size=max(10, round(size["hut"] * 0.6)), main=main)
    if geo == FULL:
        _region_names(d, view, table)
    crowd: dict[int, list[int]] = {}
    for s, pos in enumerate(view["explorers"]):
        for t in pos:
            if t is not None and t in shown:
                crowd.setdefault(t, []).append(s)
    er = size["explorer"]
    for t, seats in sorted(crowd.items()):   # explorers in free space of their hexagon
        cx, cy = geo.of(t)
        spots = [(cx + r * dx, cy + r * dy) for dx, dy in SPOTS]
        size_here = er if len(seats) <= 2 else round(er * 0.8)   # a crowd (the start) stands closer
        for s in seats:
            box = kit.place(d, 2 * size_here + 2, 2 * size_here + 2, spots, margin=0.5)
            kit.meeple(d, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, 2 * size_here, kit.player_colour(s),
                       kit.player_letter("", s))
    return img


# where explorers may stand in a hexagon (in radii from its centre), preferred first
SPOTS = sorted(((dx / 8, dy / 8) for dx in range(-5, 6) for dy in range(-3, 6)
                if abs(dx / 8) + abs(dy / 8) * 0.6 < 0.66), key=lambda p: (abs(p[0] - 0.42) + abs(p[1] - 0.1)))


def focus_geo(view: dict) -> Geo:
    """The window of the focus image. When the next decision names territories (an explorer's
    destinations, the fires it may go back to), every one of them with its number, and the
    explorer, and the last move too when it fits: a taller window first, a smaller scale only
    past that (issue 26, point 5: every choice visible where it is made). Otherwise centred on
    what the last move touched (or the acting tribe's explorers, or the start)."""
    last = view.get("last") or {}
    named = places_named(GAME, view)
    if named:
        extra = [t for t in (last.get("to"), last.get("built")) if t]
        geo = _window_on(named + _explorer_of(view), extra)
        head = view["pending"]
        if head.get("pick") and not all(geo.inside(t) for t in named):
            # two explorers far apart: both of them, and where the first one listed may go (the
            # other's destinations are the next question's, once the player picked it)
            first = list(GAME.reachable(public_state(view), head["s"], head["e"]))
            geo = _window_on(first + [at for at in view["explorers"][head["s"]] if at], extra)
            if not all(geo.inside(t) for t in first):   # the other explorer too far: it stays on /board
                at = view["explorers"][head["s"]][head["e"]]
                geo = _window_on(first + ([at] if at else []), extra)
        return geo
    spots = [t for t in (last.get("to"), last.get("built"), last.get("from")) if t]
    if not spots:
        head = view.get("pending") or {}
        spots = [t for t in view["explorers"][head.get("s", 0)] if t] if view["explorers"] else []
    spots = spots or [START]
    base = Geo(FOCUS_R, 0, 0, FOCUS_W, FOCUS_H)
    xs = [base.of(t)[0] for t in spots[:2]]
    ys = [base.of(t)[1] for t in spots[:2]]
    if max(xs) - min(xs) > FOCUS_W - 2.2 * FOCUS_R or max(ys) - min(ys) > FOCUS_H - 2.2 * FOCUS_R:
        xs, ys = xs[:1], ys[:1]     # too far apart: the destination wins
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    full_w = math.sqrt(3) * FOCUS_R * (GRID["cols"] + 0.5)
    full_h = FOCUS_R * (1.5 * (GRID["rows"] - 1) + 2)
    ox = min(0, max(FOCUS_W - full_w, FOCUS_W / 2 - cx))
    oy = min(0, max(FOCUS_H - full_h, FOCUS_H / 2 - cy))
    return Geo(FOCUS_R, round(ox), round(oy), FOCUS_W, FOCUS_H)


FOCUS_H_MAX = 660           # how tall the window grows to show every territory a decision names
FOCUS_R_MIN = 44            # the smallest scale it shrinks to then (its numbers still 13 px, 7 px on a phone)
FOCUS_PAD = 4


def _explorer_of(view: dict) -> list[int]:
    """The explorer an explorer's move starts from (both, at a turn's start where either may go first)."""
    head = view["pending"]
    if head["k"] != "move":
        return []
    if head.get("pick"):
        return [at for at in view["explorers"][head["s"]] if at]
    at = view["explorers"][head["s"]][head["e"]]
    return [at] if at else []


def _box(spots: list[int], r: float) -> tuple[float, float, float, float]:
    """Width, height and centre of the hexagons of ``spots`` at hex radius ``r``."""
    base = Geo(r, 0, 0, FOCUS_W, FOCUS_H)
    xs, ys = [base.of(t)[0] for t in spots], [base.of(t)[1] for t in spots]
    hw = math.sqrt(3) * r / 2
    return max(xs) - min(xs) + 2 * hw, max(ys) - min(ys) + 2 * r, (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _window_on(needed: list[int], wished: list[int]) -> Geo:
    """A window showing every hexagon of ``needed`` whole (and of ``wished`` when they fit too)."""
    room_w, room_h = FOCUS_W - 2 * FOCUS_PAD, FOCUS_H_MAX - 2 * FOCUS_PAD
    r: float = FOCUS_R
    w, h, cx, cy = _box(needed + wished, r)
    if w > room_w or h > room_h:
        w, h, cx, cy = _box(needed, r)
        if w > room_w or h > room_h:        # spread wider than the window: a smaller scale, down to a floor
            r = max(FOCUS_R_MIN, FOCUS_R * min(room_w / w, room_h / h))   # (past it, fires all over the map
            w, h, cx, cy = _box(needed, r)                                 # for « any fire »: centred on them)
    height = max(FOCUS_H, math.ceil(h + 2 * FOCUS_PAD))
    full_w = math.sqrt(3) * r * (GRID["cols"] + 0.5)
    full_h = r * (1.5 * (GRID["rows"] - 1) + 2)
    ox = min(0, max(FOCUS_W - full_w, FOCUS_W / 2 - cx))
    oy = min(0, max(height - full_h, height / 2 - cy))
    return Geo(r, math.floor(ox), math.floor(oy), FOCUS_W, height)


@lru_cache(maxsize=8)
def _overview_base(open_regions: tuple[str, ...], width: int, start: str) -> Image.Image:
    base = _map_base(open_regions, FULL, start)
    return kit.forget(base.resize((width, round(base.height * width / base.width)), Image.Resampling.BILINEAR))


def _overview(view: dict, table: kit.Table, geo: Geo, width: int) -> Image.Image:
    """The whole map, small, with the focus window framed and the last move marked."""
    img = _overview_base(tuple(view["open"]), width, kit.said(table, fw.START())).copy()
    d = ImageDraw.Draw(img)
    k = width / MAP_W
    scale = R / geo.r
    x0, y0 = (MARGIN - geo.ox * scale) * k, (MARGIN - geo.oy * scale) * k
    x1, y1 = x0 + geo.w * scale * k, y0 + geo.h * scale * k
    for s, pos in enumerate(view["explorers"]):
        for t in pos:
            if t is not None:
                x, y = CENTRE[t]
                d.ellipse((x * k - 3, y * k - 3, x * k + 3, y * k + 3), fill=kit.player_colour(s), outline=kit.INK)
    d.rectangle((x0, y0, x1, y1), outline=kit.INK, width=4)
    d.rectangle((x0, y0, x1, y1), outline=kit.HIGHLIGHT, width=2)
    return img


def _draw_track(view: dict, table: kit.Table, width: int, main: bool = False) -> Image.Image:
    """The hut track: 11 spaces, the milestones marked; the 12th space (for the
    last hut tile, no effect) shows only once reached."""
    size = kit.main_size(width, 13) if main else 14
    h = int(size * 3.4)
    img = Image.new("RGB", (width, h), kit.PAPER)
    d = ImageDraw.Draw(img)
    track = view["track"]
    spaces = DATA["hut_track"]["spaces"] if track >= DATA["hut_track"]["spaces"] else 11
    label_w = kit.text_width(kit.said(table, fw.HUTS_TRACK(n=11)), size, True) + 20
    kit.text(d, (10, h / 2), kit.said(table, fw.HUTS_TRACK(n=track)), size, anchor="lm", bold=True, main=main)
    w = min(size * 3.2, (width - label_w - 10) / spaces - 4)
    for i in range(1, spaces + 1):
        x = label_w + (i - 1) * (w + 4)
        filled = i <= track
        d.rounded_rectangle((x, 4, x + w, h - 4), radius=4, fill=(150, 100, 60) if filled else kit.WHITE,
                            outline=kit.INK, width=3 if i in MILESTONES else 1)
        kit.text(d, (x + w / 2, h * 0.32), str(i), size - 2, fill=kit.WHITE if filled else kit.MUTED, anchor="mm")
        if i in MILESTONES:
            label = kit.said(table, MILESTONES[i])
            kit.text(d, (x + w / 2, h * 0.7), label, kit.fit_size(label, size - 2, w - 4, smallest=8),
                     fill=kit.WHITE if filled else kit.INK, anchor="mm")
    return img


def _lines(d: ImageDraw.ImageDraw, xy, value: str, size: int, width: float, lines: int, fill=kit.MUTED) -> None:
    """A card's text wrapped to ``width`` pixels, at most ``lines`` lines (the last cut with …)."""
    kit.paragraph(d, xy, value, size, width, fill=fill, line_gap=1.2, max_lines=lines)


def _draw_cards(view: dict, table: kit.Table, width: int) -> Image.Image:
    img = Image.new("RGB", (width, 132), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (12, 4), kit.said(table, fw.INVENTIONS(n=view["inv_deck"])), size=15, bold=True)
    cw = 215
    for i, inv in enumerate(view["inv_row"]):
        x = 12 + i * (cw + 8)
        d.rounded_rectangle((x, 24, x + cw, 112), radius=6, fill=kit.WHITE, outline=kit.INK)
        name = f"i{i + 1}  {kit.said(table, ph.INVENTION[inv]())}"
        kit.text(d, (x + 6, 28), name, kit.fit_size(name, 14, cw - 12, True, 10), bold=True)
        _lines(d, (x + 6, 47), kit.said(table, ph.INVENTION_TEXT[inv]()), 12, cw - 12, 4)
    x = 12 + 3 * (cw + 8) + 8
    right = width - x - 8
    vp = view["vp_deck"]
    pile = kit.said(table, fw.VP_PILE_TOP(n=len(vp), top=vp[-1]) if vp else fw.VP_PILE(n=0))
    kit.text(d, (x, 28), pile, kit.fit_size(pile, 14, right, True, 10), bold=True)
    stacks = view["stacks"]
    for y, line in ((50, kit.said(table, fw.STACKS(one=stacks["I"], two=stacks["II"], three=stacks["III"]))),
                    (68, kit.said(table, fw.BAGS(n=view["bag_supply"])))):
        kit.text(d, (x, y), line, kit.fit_size(line, 13, right, smallest=10))
    if view["cave"]:
        cave = kit.said(table, fw.CAVE(name=kit.said(table, ph.CAVE[view["cave"]]())))
        kit.text(d, (x, 86), cave, kit.fit_size(cave, 13, right, True, 10), bold=True)
        _lines(d, (x, 101), kit.said(table, ph.CAVE_TEXT[view["cave"]]()), 11, right, 2)
    else:
        down = kit.said(table, fw.CAVE_DOWN())
        kit.text(d, (x, 86), down, kit.fit_size(down, 13, right, smallest=10), fill=kit.MUTED)
    return img


def _draw_tribes(view: dict, table: kit.Table, width: int) -> Image.Image:
    rows = len(view["tribes"])
    row_h = 58
    img = Image.new("RGB", (width, 26 + rows * row_h), kit.PAPER)
    d = ImageDraw.Draw(img)
    head = kit.said(table, fw.TRIBES())
    kit.text(d, (12, 4), head, kit.fit_size(head, 15, width - 24, True, 11), bold=True)
    chips = chip_labels(table)
    for s, tribe in enumerate(view["tribes"]):
        y = 26 + s * row_h
        acting = view["pending"] and view["pending"]["s"] == s and not view["over"]
        d.rectangle((4, y, width - 4, y + row_h - 4), fill=(255, 240, 170) if acting else (238, 230, 212),
                    outline=kit.INK if acting else kit.MUTED)
        kit.badge(d, s, 22, y + 16, 11)
        name = f"{kit.name_of(table, s)[:12]}  {kit.said(table, fw.TRACK_VP(vp=tribe['vp']))}"
        kit.text(d, (38, y + 6), name, kit.fit_size(name, 14, 186, True, 10), bold=True)
        # Bags: one box per bag, filled when it holds food.
        bx, step = 40, min(13, 130 // max(1, tribe["bags"]))
        for b in range(tribe["bags"]):
            d.rectangle((bx + b * step, y + 28, bx + b * step + step - 2, y + 44), outline=kit.INK,
                        fill=(220, 160, 40) if b < tribe["food"] else kit.WHITE)
        kit.text(d, (bx + tribe["bags"] * step + 6, y + 36), f"{tribe['food']}/{tribe['bags']}", size=12, anchor="lm")
        x: float = 230
        for kind, count in tribe["tracks"]:
            label, fill = (chips[kind], KIND_FILL[kind]) if kind else ("-", kit.MUTED)
            small = kit.fit_size(label, 12, 38, True, 8)     # the chips of a row 52 px apart
            _chip(d, x + 20, y + 18, label, fill if count else kit.MUTED, small)
            for k in range(3):
                d.ellipse((x + 6 + k * 12, y + 33, x + 15 + k * 12, y + 42), outline=kit.INK,
                          fill=kit.INK if k < count else kit.WHITE)
            x += 52
        game = kit.said(table, fw.GAME_TILES(n=tribe["game"]))
        huts = kit.said(table, fw.HUTS_LEFT(n=tribe["huts"]))
        col = max(80, max(kit.text_width(game, 13), kit.text_width(huts, 13)) + 12)
        kit.text(d, (x + 6, y + 10), game, size=13)
        kit.text(d, (x + 6, y + 30), huts, size=13)
        x += col
        inv_x: float = x
        for inv in tribe["inv"]:
            name = kit.said(table, ph.INVENTION[inv]())
            covered = tribe["cover"].get(inv)
            label = kit.said(table, fw.COVERED(name=name, vp=covered)) if covered else name
            w = kit.text_width(label, 12) + 10
            if inv_x + w > width - 10:
                break
            d.rounded_rectangle((inv_x, y + 8, inv_x + w, y + 26), radius=4,
                                fill=(200, 200, 200) if covered else kit.WHITE, outline=kit.INK)
            kit.text(d, (inv_x + 5, y + 17), label, size=12, anchor="lm", fill=kit.MUTED if covered else kit.INK)
            inv_x += w + 4
        low: float = x     # under the inventions: the cave marker, the turns left
        if view["end"] is not None and not view["over"]:
            turns = kit.said(table, fw.TURNS_LEFT(n=view["end"][s]))
            kit.text(d, (low, y + 36), turns, size=12, fill=(160, 30, 30), bold=True)
            low += kit.text_width(turns, 12, True) + 16
        if tribe.get("marker") == "cave":
            kit.text(d, (max(low, x + 110), y + 36), kit.said(table, fw.MARKER()), size=12, fill=kit.INK)
    return img


def _status_text(view: dict, table: kit.Table) -> str:
    head = view["pending"]
    if head and not view["over"]:      # a finished game: the legend's banner names the winner
        # said part by part, each with plain parameters: the kit remembers such phrases
        what = kit.said(table, fw.PROMPT[head["k"]](e=head.get("e", 0) + 1, pot=head.get("pot", 0)))
        now = kit.said(table, fw.NOW(who=kit.name_of(table, head["s"]), what=what))
        return kit.said(table, fw.ENDING(now=now)) if view["end"] is not None else now
    return ""


def _draw_status(view: dict, table: kit.Table, width: int, size: int = 16) -> Image.Image:
    line = _status_text(view, table)
    h = int(kit.paragraph_height(line, size, width - 24, bold=True) + 12) if line else 6
    img = Image.new("RGB", (width, h), kit.PAPER)
    if line:
        kit.paragraph(ImageDraw.Draw(img), (12, 6), line, size, width - 24, bold=True, main=True)
    return img


def _breakdown(view: dict, table: kit.Table) -> kit.Breakdown | None:
    if not view["over"] or not view.get("final"):
        return None
    rows = [[f["track"], f["cards"], f["huts"], f["majorities"], f["objective"], f["total"]] for f in view["final"]]
    return kit.Breakdown([kit.said(table, c()) for c in (*fw.COLUMNS, TOTAL)], rows)


def _scores(view: dict, table: kit.Table) -> list | None:
    """Beside each name: the final totals (bare, beside the breakdown), else the public score
    (track, covered cards, huts, majorities) said in VP, so it is never read as the track alone."""
    if view["over"] and view.get("final"):
        return [f["total"] for f in view["final"]]
    scores = view.get("scores")
    return None if scores is None else [kit.said(table, fw.VP(vp=v)) for v in scores]


def map_top(view: dict, table: kit.Table) -> int:
    """Where the map starts in the whole board image."""
    return (kit.legend(table, WIDTH, scores=_scores(view, table), breakdown=_breakdown(view, table)).height
            + _draw_status(view, table, WIDTH).height)


def draw(view: dict, table: kit.Table) -> Image.Image:
    legend = kit.legend(table, WIDTH, scores=_scores(view, table), breakdown=_breakdown(view, table))
    parts = [legend, _draw_status(view, table, WIDTH), _draw_map(view, table), _draw_track(view, table, WIDTH),
             _draw_cards(view, table, WIDTH), _draw_tribes(view, table, WIDTH)]
    return kit.stack(parts)


def _tribe_lines(view: dict, table: kit.Table, width: int, size: int) -> Image.Image:
    """One short line per tribe (VP, food, huts left) beside the overview."""
    rows = len(view["tribes"])
    row_h = int(size * 1.9)
    img = Image.new("RGB", (width, 8 + rows * row_h), kit.PAPER)
    d = ImageDraw.Draw(img)
    for s, tribe in enumerate(view["tribes"]):
        y = 4 + s * row_h + row_h / 2
        kit.badge(d, s, 14, y, size * 0.6)
        name = kit.name_of(table, s)
        while True:    # a long name is cut rather than the line run off the image
            line = kit.said(table, fw.TRIBE_LINE(who=name, vp=tribe["vp"], food=tribe["food"], bags=tribe["bags"],
                                                 huts=tribe["huts"]))
            if kit.text_width(line, size) <= width - 36 or len(name) <= 4:
                break
            name = name[:-2] + "…"
        kit.text(d, (30, y), line, size, anchor="lm", main=True)
    return img


def draw_focus(view: dict, table: kit.Table) -> Image.Image:
    """The turn image for a phone: the territories the next decision names, or
    around the last move, at a readable scale, a small overview of the whole map framing them, whose
    turn, the tribes in a line each and the hut track."""
    size = kit.main_size(FOCUS_W)
    geo = focus_geo(view)
    legend = kit.legend(table, FOCUS_W, scores=_scores(view, table), breakdown=_breakdown(view, table))
    status = _draw_status(view, table, FOCUS_W, size + 2)
    crop = _draw_map(view, table, geo, main=True)
    over_w = 300
    overview = _overview(view, table, geo, over_w)
    lines = _tribe_lines(view, table, FOCUS_W - over_w - 16, size)
    row = Image.new("RGB", (FOCUS_W, max(overview.height, lines.height) + 12), kit.PAPER)
    kit.paste(row, overview, (6, 6))
    kit.paste(row, lines, (over_w + 12, 6))
    return kit.stack([legend, status, crop, row, _draw_track(view, table, FOCUS_W, main=True)])
