"""Clans board image: the map with huts and villages, the epoch table, the
score track of the five colours, and the kit legend (whose turn, last events).

Drawn only from the public view. The map (terrains, rivers, lakes, labels)
never changes, so it is drawn once and cached.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from rules.clans.data import COLOURS, EPOCHS, MAP, TERRAINS

HUT_RGB = {"red": (206, 44, 40), "blue": (40, 96, 196), "green": (30, 140, 60), "yellow": (247, 206, 40),
           "black": (28, 28, 28)}
TERRAIN_RGB = {"forest": (86, 128, 70), "mountain": (176, 172, 166), "steppe": (226, 200, 142),
               "grassland": (170, 208, 126)}
RIVER = (86, 150, 214)
LAKE = (52, 110, 190)
SEA = (214, 226, 232)
ROMAN = ["I", "II", "III", "IV", "V"]
PANEL_H = 250

TERRITORIES = MAP["territories"]
WIDTH, MAP_H = MAP["size"]


def _shared_edges() -> dict[tuple[int, int], tuple]:
    """Border segment of each pair of touching territories (same vertices in both polygons)."""
    edge_of: dict[frozenset, int] = {}
    out = {}
    for t in TERRITORIES:
        p = [tuple(v) for v in t["polygon"]]
        for a, b in zip(p, p[1:] + p[:1]):
            key = frozenset((a, b))
            if key in edge_of:
                out[(edge_of[key], t["id"])] = (a, b)
            else:
                edge_of[key] = t["id"]
    return out


def _terrain_mark(d: ImageDraw.ImageDraw, terrain: str, x: float, y: float) -> None:
    """A small symbol per terrain, so that terrains differ by more than colour."""
    ink = (60, 60, 52)
    if terrain == "forest":
        for dx in (-7, 5):
            d.polygon([(x + dx, y - 9), (x + dx + 6, y + 3), (x + dx - 6, y + 3)], fill=(46, 88, 40), outline=ink)
    elif terrain == "mountain":
        d.line([(x - 12, y + 4), (x - 3, y - 8), (x + 3, y), (x + 7, y - 5), (x + 13, y + 4)], fill=ink, width=2)
    elif terrain == "steppe":
        for dx, dy in ((-8, 0), (0, -4), (8, 0), (-4, 4), (4, 4)):
            d.ellipse((x + dx - 1.5, y + dy - 1.5, x + dx + 1.5, y + dy + 1.5), fill=ink)
    else:
        for dx in (-8, 0, 8):
            d.line([(x + dx - 3, y - 5), (x + dx, y + 4), (x + dx + 3, y - 5)], fill=(70, 110, 50), width=2)


@lru_cache(maxsize=1)
def _map_layer() -> Image.Image:
    img = Image.new("RGB", (WIDTH, MAP_H), SEA)
    d = ImageDraw.Draw(img)
    for t in TERRITORIES:
        d.polygon([tuple(v) for v in t["polygon"]], fill=TERRAIN_RGB[t["terrain"]], outline=(90, 84, 70))
    region = {t["id"]: t["region"] for t in TERRITORIES}
    lake_cuts = {tuple(sorted(c)) for lake in MAP["lakes"] for c in lake["cuts"]}
    edges = _shared_edges()
    for (a, b), seg in edges.items():   # rivers: region borders that no lake cuts
        if region[a] != region[b] and tuple(sorted((a, b))) not in lake_cuts:
            d.line(seg, fill=RIVER, width=6)
    for lake in MAP["lakes"]:           # lakes: wide water on the cut borders, a pool where they meet
        for a, b in lake["cuts"]:
            seg = edges.get((a, b)) or edges[(b, a)]
            d.line(seg, fill=LAKE, width=20, joint="curve")
            for x, y in seg:
                d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=LAKE)
        x, y = lake["at"]
        d.ellipse((x - 20, y - 16, x + 20, y + 16), fill=LAKE)
    for t in TERRITORIES:
        cx, cy = t["centre"]
        _terrain_mark(d, t["terrain"], cx + 34, cy - 32)
        kit.text(d, (cx - 34, cy - 30), str(t["id"]), size=20, anchor="lm", fill=kit.INK, outline=kit.WHITE)
    return img


def _hut(d: ImageDraw.ImageDraw, colour: str, count: int, x: float, y: float) -> None:
    """A hut (house shape) in the colour, with its number of huts on it."""
    w, h = 13, 13
    d.polygon([(x - w, y - 2), (x, y - h - 4), (x + w, y - 2), (x + w, y + h), (x - w, y + h)],
              fill=HUT_RGB[colour], outline=kit.INK, width=2)
    light = colour == "yellow"
    kit.text(d, (x, y + 6), str(count), size=17, anchor="mm", fill=kit.INK if light else kit.WHITE, bold=True)


def _draw_huts(d: ImageDraw.ImageDraw, counts: list[int], cx: float, cy: float) -> None:
    present = [(COLOURS[c], n) for c, n in enumerate(counts) if n]
    rows = [present] if len(present) <= 3 else [present[:3], present[3:]]
    top = cy + (4 if len(rows) == 1 else -10)
    for r, row in enumerate(rows):
        for i, (colour, n) in enumerate(row):
            _hut(d, colour, n, cx + (i - (len(row) - 1) / 2) * 29, top + r * 31)


def _outline(d: ImageDraw.ImageDraw, tid: int, fill, width: int) -> None:
    p = [tuple(v) for v in TERRITORIES[tid - 1]["polygon"]]
    d.line(p + p[:1], fill=fill, width=width, joint="curve")


def _arrow(d: ImageDraw.ImageDraw, a, b) -> None:
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    length = max(1.0, (dx * dx + dy * dy) ** .5)
    ux, uy = dx / length, dy / length
    tip = (x1 - ux * 18, y1 - uy * 18)
    base = (tip[0] - ux * 22, tip[1] - uy * 22)
    head = [tip, (base[0] - uy * 13, base[1] + ux * 13), (base[0] + uy * 13, base[1] - ux * 13)]
    for colour, width in ((kit.INK, 11), (kit.HIGHLIGHT, 6)):
        d.line([(x0 + ux * 14, y0 + uy * 14), base], fill=colour, width=width)
    d.polygon(head, fill=kit.HIGHLIGHT, outline=kit.INK, width=2)


def _tag(d: ImageDraw.ImageDraw, centre, label: str, fill, ink) -> None:
    """A label box under a territory's huts (a village's neighbours are empty: room to spare)."""
    cx, cy = centre
    w = kit.text_size(d, label, 15)[0] + 10
    d.rounded_rectangle((cx - w / 2, cy + 37, cx + w / 2, cy + 57), radius=5, fill=fill, outline=kit.INK)
    kit.text(d, (cx, cy + 47), label, size=15, anchor="mm", fill=ink)


def _draw_map(view: dict) -> Image.Image:
    img = _map_layer().copy()
    d = ImageDraw.Draw(img)
    centre = {t["id"]: t["centre"] for t in TERRITORIES}
    if view["last_move"]:   # under the huts and tags, which stay readable
        src, dst = view["last_move"]
        _outline(d, src, kit.HIGHLIGHT, 5)
        _arrow(d, centre[src], centre[dst])
    for number, v in enumerate(view["villages"], start=1):
        tid = v["territory"]
        _outline(d, tid, kit.HIGHLIGHT if v["fresh"] else kit.INK, 6 if v["fresh"] else 4)
        if v["destroyed"]:
            _tag(d, centre[tid], f"V{number}: destroyed", (150, 30, 30), kit.WHITE)
        else:
            _tag(d, centre[tid], f"V{number}: {v['value']} pts", kit.INK, kit.WHITE)
    for tid in view["pending"]:   # the mover is choosing which is founded first
        _outline(d, tid, kit.HIGHLIGHT, 6)
        _tag(d, centre[tid], f"village {tid}: found first?", kit.HIGHLIGHT, kit.INK)
    for tid, counts in enumerate(view["huts"], start=1):
        if any(counts):
            cx, cy = centre[tid]
            _draw_huts(d, counts, cx, cy)
            total = sum(counts)
            if total > 1:   # the group size matters (7+ cannot move): show it by the label
                box = (cx - 10, cy - 40, cx + 16, cy - 21)
                d.rounded_rectangle(box, radius=6, fill=kit.INK if total >= 7 else kit.WHITE, outline=kit.INK)
                kit.text(d, (cx + 3, cy - 30), str(total), size=15, anchor="mm",
                         fill=kit.WHITE if total >= 7 else kit.INK)
    return img


def _epoch_table(view: dict, width: int) -> Image.Image:
    img = Image.new("RGB", (width, PANEL_H), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (12, 10), "Epochs: favourable (+bonus) · tokens left · hostile", size=16, bold=True)
    for i, row in enumerate(EPOCHS):
        y = 52 + i * 40
        current = i + 1 == view["epoch"] and not view["over"]
        if current:
            d.rounded_rectangle((6, y - 18, width - 6, y + 18), radius=6, fill=(255, 240, 170), outline=kit.INK,
                                width=2)
        kit.text(d, (16, y), ROMAN[i], size=18, anchor="lm", bold=current)
        fav = row["favourable"]
        if fav == "all":
            for k, terrain in enumerate(TERRAINS):
                d.rectangle((52 + k * 13, y - 10, 63 + k * 13, y + 10), fill=TERRAIN_RGB[terrain], outline=kit.INK)
            kit.text(d, (110, y), f"all +{row['bonus']}", size=16, anchor="lm")
        else:
            d.rectangle((52, y - 10, 74, y + 10), fill=TERRAIN_RGB[fav], outline=kit.INK)
            kit.text(d, (82, y), f"{fav} +{row['bonus']}", size=16, anchor="lm")
        left = view["chips_left"][i]
        for k in range(row["chips"]):
            x = 236 + k * 26
            d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=(232, 190, 90) if k < left else kit.PAPER,
                      outline=kit.INK if k < left else kit.MUTED, width=2)
        if row["hostile"]:
            d.rectangle((352, y - 10, 374, y + 10), fill=TERRAIN_RGB[row["hostile"]], outline=kit.INK)
            d.line((352, y - 10, 374, y + 10), fill=(150, 30, 30), width=3)
            d.line((352, y + 10, 374, y - 10), fill=(150, 30, 30), width=3)
            kit.text(d, (382, y), f"{row['hostile']} hostile", size=16, anchor="lm")
        else:
            kit.text(d, (352, y), "none hostile", size=16, anchor="lm", fill=kit.MUTED)
    return img


def _score_track(view: dict, width: int) -> Image.Image:
    img = Image.new("RGB", (width, PANEL_H), kit.PAPER)
    d = ImageDraw.Draw(img)
    over = view["over"]
    kit.text(d, (12, 10), "Final: colours revealed, + 1 per bonus token" if over else
             "Score track (who holds which colour is secret)", size=16, bold=True)
    top = max(60, max(view["scores"].values()))     # the board's track has 60 spaces
    owner = {c: s for s, c in enumerate(view.get("clans", []))}
    x0, x1 = 80, width - (230 if over else 60)
    for i, colour in enumerate(COLOURS):
        y = 52 + i * 40
        score = view["scores"][colour]
        kit.text(d, (12, y), colour, size=16, anchor="lm")
        d.rectangle((x0, y - 9, x1, y + 9), fill=(230, 222, 204))
        d.rectangle((x0, y - 9, x0 + (x1 - x0) * score / top, y + 9), fill=HUT_RGB[colour], outline=kit.INK)
        kit.text(d, (x1 + 8, y), str(score), size=18, anchor="lm", bold=True)
        if colour in owner:
            seat = owner[colour]
            kit.badge(d, seat, x1 + 64, y, 11)
            kit.text(d, (x1 + 82, y), f"+{view['chips'][seat]} = {view['final'][seat]}", size=18, anchor="lm",
                     bold=True)
        elif over:
            kit.text(d, (x1 + 56, y), "nobody", size=15, anchor="lm", fill=kit.MUTED)
    return img


def draw(view: dict, table: kit.Table) -> Image.Image:
    board = _draw_map(view)
    panel = Image.new("RGB", (WIDTH, PANEL_H), kit.PAPER)
    panel.paste(_epoch_table(view, 560), (0, 0))
    panel.paste(_score_track(view, WIDTH - 570), (570, 0))
    extra = {s: f"{n} bonus token{'s' if n != 1 else ''}" for s, n in enumerate(view["chips"])}
    if view["over"]:
        best = max(view["final"])
        extra = {s: f"{view['clans'][s]}, {view['final'][s]} points" + (" (winner)" if view["final"][s] == best else "")
                 for s in range(len(view["chips"]))}
    legend = kit.legend(table, WIDTH, extra=extra)
    return kit.stack([board, panel, legend])
