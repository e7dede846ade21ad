"""Clans board image: the legend (whose turn, last events, the winner), the
map with huts and villages, the epoch table and the score track.

Drawn only from the public view. The map comes from the reconstructed data
(``rules/clans/data``: polygons, regions, lakes) and is drawn as a map:
every shared border is the same wavy line on both sides (so the territories
still tile), terrains are textured and dotted with their symbols, region
borders are rivers, and lakes sit on the borders they cut. It never changes,
so it is drawn once and cached; numbers and pieces go on per image, numbers
above the last-move arrow, pieces and tags in free space.
"""

from __future__ import annotations

import math
import zlib
from functools import lru_cache

from PIL import Image, ImageDraw

from render import clans_words as cw
from render import kit
from render.words import TOTAL
from rules.clans import phrases as ph
from rules.clans.data import COLOURS, EPOCHS, MAP, TERRAINS
from rules.wording import listing

HUT_RGB = {"red": (206, 44, 40), "blue": (40, 96, 196), "green": (30, 140, 60), "yellow": (247, 206, 40),
           "black": (40, 40, 40)}
TERRAIN_RGB = {"forest": (92, 138, 72), "mountain": (178, 170, 160), "steppe": (228, 204, 146),
               "grassland": (172, 210, 124)}
RIVER = (70, 140, 210)
LAKE = (58, 118, 196)
SEA = (176, 204, 222)
ROMAN = ["I", "II", "III", "IV", "V"]

TERRITORIES = MAP["territories"]
DATA_W, DATA_H = MAP["size"]         # the map's own coordinates (1224 × 672)
WIDTH = 900                          # the image: the map drawn at 0.74 of its coordinates
SCALE = WIDTH / DATA_W
MAP_H = round(DATA_H * SCALE)
MAIN = kit.phone_size(WIDTH)         # 22 px: digits 7 px tall once shown 400 px wide
HUT_W = MAIN + 8
ROW_H = MAIN + 14                    # a row of the epoch table and of the score track
FIRST_ROW = 50                       # the centre of the first row, under the panels' headings
PANEL_H = FIRST_ROW + 4 * ROW_H + ROW_H // 2 + 34   # with the river and lake key at the bottom
EPOCH_W = 520                        # the epoch table; the score track beside it


# ------------------------------------------------------------------ geometry of the drawn map


def _noise(*key) -> float:
    """A fixed pseudo-random number in [-1, 1] for this key (the map is the same every time)."""
    return (zlib.crc32(repr(key).encode()) % 20001) / 10000 - 1


def _jitter(v) -> tuple[float, float]:
    x, y = v
    return x + 7 * _noise("x", x, y), y + 7 * _noise("y", x, y)


@lru_cache(maxsize=512)
def _edge(a: tuple, b: tuple) -> tuple:
    """The wavy border from vertex a to b (the same points, reversed, from b to a)."""
    if (a[1], a[0]) > (b[1], b[0]):
        return tuple(reversed(_edge(b, a)))
    pts = [_jitter(a), _jitter(b)]
    for level in range(3):
        out = [pts[0]]
        for i, (p, q) in enumerate(zip(pts, pts[1:], strict=False)):
            dx, dy = q[0] - p[0], q[1] - p[1]
            length = math.hypot(dx, dy) or 1
            k = 0.16 / (level + 1) * _noise("m", a, b, level, i)
            out += [((p[0] + q[0]) / 2 - dy * k, (p[1] + q[1]) / 2 + dx * k), q]
            del length
        pts = out
    return tuple(pts)


@lru_cache(maxsize=64)
def outline(tid: int) -> tuple:
    """The drawn outline of a territory (1-based id)."""
    p = [tuple(v) for v in TERRITORIES[tid - 1]["polygon"]]
    pts: list = []
    for a, b in zip(p, p[1:] + p[:1], strict=True):
        pts += list(_edge(a, b))[:-1]
    return tuple(pts)


def _shared_edges() -> dict[tuple[int, int], tuple]:
    """Border segment of each pair of touching territories (same vertices in both polygons)."""
    edge_of: dict[frozenset, int] = {}
    out = {}
    for t in TERRITORIES:
        p = [tuple(v) for v in t["polygon"]]
        for a, b in zip(p, p[1:] + p[:1], strict=True):
            key = frozenset((a, b))
            if key in edge_of:
                out[(edge_of[key], t["id"])] = (a, b)
            else:
                edge_of[key] = t["id"]
    return out


def _blob(cx: float, cy: float, rx: float, ry: float, key) -> list:
    return [(cx + rx * (1 + 0.18 * _noise(key, k)) * math.cos(k * math.pi / 9),
             cy + ry * (1 + 0.18 * _noise(key, k)) * math.sin(k * math.pi / 9)) for k in range(18)]


def _terrain_mark(d: ImageDraw.ImageDraw, terrain: str, x: float, y: float, s: float = 1.0) -> None:
    """A small symbol per terrain, so that terrains differ by more than colour."""
    ink = (70, 66, 56)
    if terrain == "forest":
        d.polygon([(x, y - 11 * s), (x + 7 * s, y + 4 * s), (x - 7 * s, y + 4 * s)], fill=(44, 86, 42), outline=ink)
        d.line([(x, y + 4 * s), (x, y + 8 * s)], fill=(90, 60, 30), width=2)
    elif terrain == "mountain":
        d.polygon([(x - 11 * s, y + 6 * s), (x - 2 * s, y - 9 * s), (x + 7 * s, y + 6 * s)], fill=(140, 132, 124),
                  outline=ink)
        d.polygon([(x - 4.5 * s, y - 5 * s), (x - 2 * s, y - 9 * s), (x + 0.5 * s, y - 5 * s)], fill=kit.WHITE)
    elif terrain == "steppe":
        for dx, dy in ((-6, 0), (0, -4), (6, 0), (-3, 4), (3, 4)):
            d.ellipse((x + dx * s - 1.5, y + dy * s - 1.5, x + dx * s + 1.5, y + dy * s + 1.5), fill=(150, 120, 70))
    else:
        for dx in (-6, 0, 6):
            d.line([(x + (dx - 3) * s, y - 5 * s), (x + dx * s, y + 4 * s), (x + (dx + 3) * s, y - 5 * s)],
                   fill=(80, 126, 56), width=2)


def _anchor(tid: int) -> tuple[float, float]:
    """A territory's centre in the image."""
    x, y = TERRITORIES[tid - 1]["centre"]
    return x * SCALE, y * SCALE


def number_point(tid: int) -> tuple[float, float]:
    cx, cy = _anchor(tid)
    return cx - 7, cy - 28


def territory_box(tid: int) -> tuple[float, float, float, float]:
    """The box of a territory on the drawn map (image pixels, map top-left at 0, 0)."""
    xs, ys = zip(*TERRITORIES[tid - 1]["polygon"], strict=True)
    return min(xs) * SCALE, min(ys) * SCALE, max(xs) * SCALE, max(ys) * SCALE


@lru_cache(maxsize=64)
def _drawn_outline(tid: int) -> tuple:
    return tuple((x * SCALE, y * SCALE) for x, y in outline(tid))


@lru_cache(maxsize=1)
def _map_layer() -> Image.Image:
    """The map that never changes, drawn once in its own coordinates and then
    scaled down to the image (a smaller image is faster to draw on and to
    encode, and its labels are larger for their size on a phone)."""
    small = kit.resized(_map_in_data_coordinates(), (WIDTH, MAP_H), Image.Resampling.LANCZOS)
    # back to a few colours (the scaling made 30,000): every turn image is
    # then quicker to map onto its palette and smaller (12.4 → 10.8 ms, 179 → 147 KB)
    out = small.quantize(colors=112, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).convert("RGB")
    for m in kit.marks(small):     # the lakes' keep-out areas
        kit.record(out, m.kind, m.box, m.text, m.size, m.main, m.clipped)
    return out


def _map_in_data_coordinates() -> Image.Image:
    img = kit.copy(kit.textured(DATA_W, DATA_H, SEA, 0.1))
    d = ImageDraw.Draw(img)
    for terrain in TERRAINS:   # textured ground through a mask of its territories
        mask = Image.new("L", (DATA_W, DATA_H), 0)
        md = ImageDraw.Draw(mask)
        for t in TERRITORIES:
            if t["terrain"] == terrain:
                md.polygon(outline(t["id"]), fill=255)
        img.paste(kit.textured(DATA_W, DATA_H, TERRAIN_RGB[terrain], 0.16), (0, 0), mask)
    for t in TERRITORIES:
        pts = outline(t["id"])
        d.line(pts + pts[:1], fill=kit.darker(TERRAIN_RGB[t["terrain"]], 0.35), width=2, joint="curve")
        cx, cy = t["centre"]
        for k, v in enumerate(t["polygon"]):   # symbols near the corners, clear of numbers and huts
            if k in (0, 1, 2):
                continue
            x, y = cx + (v[0] - cx) * 0.62, cy + (v[1] - cy) * 0.62
            _terrain_mark(d, t["terrain"], x, y, 0.9)
    region = {t["id"]: t["region"] for t in TERRITORIES}
    lake_cuts = {tuple(sorted(c)) for lake in MAP["lakes"] for c in lake["cuts"]}
    edges = _shared_edges()
    for (a, b), seg in edges.items():   # rivers: region borders that no lake cuts
        if region[a] != region[b] and tuple(sorted((a, b))) not in lake_cuts:
            path = _edge(*seg)
            d.line(path, fill=kit.darker(RIVER, 0.3), width=10, joint="curve")
            d.line(path, fill=RIVER, width=6, joint="curve")
    coast: dict[frozenset, int] = {}
    for t in TERRITORIES:   # a pale shore along the sea
        p = [tuple(v) for v in t["polygon"]]
        for corner, next_corner in zip(p, p[1:] + p[:1], strict=True):
            side = frozenset((corner, next_corner))
            coast[side] = coast.get(side, 0) + 1
    for key, n in coast.items():
        if n == 1:
            end, other_end = tuple(key)
            d.line(_edge(end, other_end), fill=(236, 226, 196), width=3)
    for i, lake in enumerate(MAP["lakes"]):   # lakes: water over the borders they cut
        blobs = []
        for a, b in lake["cuts"]:
            seg = edges.get((a, b)) or edges[(b, a)]
            path = _edge(*seg)
            mx, my = path[len(path) // 2]
            blobs.append((mx, my))
            for k in (len(path) // 4, 3 * len(path) // 4):
                blobs.append(path[k])
        blobs.append(tuple(lake["at"]))
        for j, (x, y) in enumerate(blobs):
            d.polygon(_blob(x, y, 24, 20, (i, j)), fill=kit.darker(LAKE, 0.25))
        for j, (x, y) in enumerate(blobs):
            d.polygon(_blob(x, y, 21, 17, (i, j)), fill=LAKE)
            d.arc((x - 12, y - 8, x + 4, y + 2), 200, 300, fill=kit.lighter(LAKE, 0.5), width=2)
        xs = [x for x, _ in blobs]
        ys = [y for _, y in blobs]
        kit.keepout(d, (min(xs) - 24, min(ys) - 20, max(xs) + 24, max(ys) + 20))
    return img


def _key(d: ImageDraw.ImageDraw, river: str, lake: str) -> None:
    """River vs lake, under the epoch table (the texts in the table's language)."""
    size = max(14, MAIN - 6)
    x, y = 12, PANEL_H - 18
    d.line([(x, y), (x + 30, y)], fill=RIVER, width=6)
    kit.text(d, (x + 36, y), river, size, anchor="lm", fill=kit.INK)
    lx = max(x + 232, x + 36 + kit.text_width(river, size) + 16)
    d.ellipse((lx, y - 9, lx + 24, y + 9), fill=LAKE)
    kit.text(d, (lx + 30, y), lake, size, anchor="lm", fill=kit.INK)


# ------------------------------------------------------------------ pieces


def _outline(d: ImageDraw.ImageDraw, tid: int, fill, width: int) -> None:
    p = list(_drawn_outline(tid))
    d.line(p + p[:1], fill=fill, width=width, joint="curve")


def _arrow(d: ImageDraw.ImageDraw, a, b) -> None:
    """The last move, from centre to centre: drawn under numbers and pieces."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    length = max(1.0, math.hypot(dx, dy))
    ux, uy = dx / length, dy / length
    tip = (x1 - ux * 6, y1 - uy * 6)
    base = (tip[0] - ux * 16, tip[1] - uy * 16)
    head = [tip, (base[0] - uy * 10, base[1] + ux * 10), (base[0] + uy * 10, base[1] - ux * 10)]
    for colour, width in ((kit.INK, 8), (kit.HIGHLIGHT, 4)):
        d.line([(x0, y0), base], fill=colour, width=width)
    kit.polygon(d, head, kit.HIGHLIGHT, kit.INK, 2)


def _huts(d: ImageDraw.ImageDraw, counts: list[int], cx: float, cy: float) -> float:
    """The huts of a territory under its number: one row, or two of three and
    two, smaller when there are three colours or more; returns the y under them."""
    present = [(COLOURS[c], n) for c, n in enumerate(counts) if n]
    rows = [present[:3], present[3:]] if len(present) > 3 else [present]
    w = HUT_W if len(present) <= 2 else MAIN + 4
    step = w * 1.08 + 1
    row_h = w * 1.05 + 3
    gw, gh = max(len(r) for r in rows) * step + 2, len(rows) * row_h + w * 0.1
    want = (cx, cy - 3 - w * 0.525 + gh / 2)    # the first row centred a little above the centre
    box = kit.place(d, gw, gh, [want] + _ring(*want, (5, 10, 15)), avoid=("piece",), margin=1)
    cx, y = (box[0] + box[2]) / 2, box[1] + w * 0.585   # nudged off a neighbour's huts if they are there
    for row in rows:
        for i, (colour, n) in enumerate(row):
            kit.hut(d, cx + (i - (len(row) - 1) / 2) * step, y, w, HUT_RGB[colour],
                    count=str(n) if n > 1 else None, count_size=MAIN)
        y += row_h
    return y - w * 0.5


@lru_cache(maxsize=1024)
def _ring(x: float, y: float, radii: tuple) -> list[tuple[float, float]]:
    """Candidate spots around a point, nearest first (read-only: cached)."""
    return [(x + r * math.cos(a * math.pi / 6), y + r * math.sin(a * math.pi / 6)) for r in radii for a in range(12)]


@lru_cache(maxsize=64)
def _number_spots(tid: int, w: float) -> tuple:
    """Where a territory's number may go, nearest first, but spots clear of
    the lakes before those on them (lakes never move: sorted once, not
    weighed on every image — most of the placing time went there)."""
    nx, ny = number_point(tid)
    spots = [(nx, ny)] + _ring(nx, ny, (10, 20, 30))
    lakes = [m.box for m in kit.marks(_map_layer()) if m.kind == "keepout"]
    h = MAIN + 4

    def wet(spot) -> float:
        x0, y0, x1, y1 = spot[0] - w / 2 - 2, spot[1] - h / 2 - 2, spot[0] + w / 2 + 2, spot[1] + h / 2 + 2
        return sum(max(0, min(x1, b[2]) - max(x0, b[0])) * max(0, min(y1, b[3]) - max(y0, b[1])) for b in lakes)

    return tuple(sorted(spots, key=wet))


@lru_cache(maxsize=64)
def _number_stamp(value: str) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """A territory's number in its white halo, drawn once and pasted on every image (sixty a board:
    pasting costs a third of drawing), with its box around the anchor point."""
    f = kit.font(MAIN, True)
    left, top, right, bottom = f.getbbox(value, anchor="mm", stroke_width=2)
    box = int(left), int(top), int(right), int(bottom)   # whole pixels already (FreeType), typed as floats
    stamp = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]), (*kit.WHITE, 0))   # white edges, not grey
    ImageDraw.Draw(stamp).text((-box[0], -box[1]), value, font=f, fill=kit.INK, anchor="mm", stroke_width=2,
                               stroke_fill=kit.WHITE)
    return stamp, box


def _number(img: Image.Image, x: float, y: float, value: str) -> None:
    """A territory's number centred on (x, y), recorded as a main label (as ``kit.text`` would)."""
    stamp, (x0, y0, x1, y1) = _number_stamp(value)
    x, y = round(x), round(y)
    img.paste(stamp, (x + x0, y + y0), stamp)
    box = (x + x0, y + y0, x + x1, y + y1)
    kit.record(img, "label", box, value, MAIN, True, box[0] < -1 or box[1] < -1 or box[2] > img.width + 1
               or box[3] > img.height + 1)


@lru_cache(maxsize=64)
def _spots_on(tid: int) -> tuple:
    """Points of a territory, nearest its centre first: where its own tags and badges may go
    (a free spot farther away was on another territory: « V12 on 30 » drawn on 51)."""
    cx, cy = _anchor(tid)
    polygon = _drawn_outline(tid)
    x0, y0, x1, y1 = territory_box(tid)
    grid = [(x, y) for x in range(int(x0), int(x1) + 1, 5) for y in range(int(y0), int(y1) + 1, 5)
            if _inside(polygon, x, y)]
    return tuple(sorted(grid, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)) or ((cx, cy),)


def _inside(polygon: tuple, x: float, y: float) -> bool:
    """Whether (x, y) lies inside the polygon (ray casting)."""
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def _on(tid: int, spots, near: tuple[float, float] | None = None) -> list:
    """Those of ``spots`` on territory ``tid`` (in their order), then the territory's own points,
    nearest ``near`` first (its centre by default); only when none of them is free, the rest of
    ``spots`` (beside the territory rather than over another piece)."""
    polygon = _drawn_outline(tid)
    own = list(_spots_on(tid))
    if near is not None:
        own.sort(key=lambda p: (p[0] - near[0]) ** 2 + (p[1] - near[1]) ** 2)
    mine = [p for p in spots if _inside(polygon, *p)]
    return mine + own + [p for p in spots if p not in mine]


def _tag(d: ImageDraw.ImageDraw, tid: int, below: float, label: str, fill, ink) -> None:
    """A village's label, laid in free space on its territory (or, with none free, where it covers least there)."""
    cx, cy = _anchor(tid)
    w = kit.text_width(label, MAIN, True) + 14
    h = MAIN + 10
    want = (cx, below + h / 2 + 4)
    box = kit.place(d, w, h, _on(tid, [want] + _ring(cx, cy, (36, 46, 58, 70, 84, 98)), want), margin=1)
    _tag_box(d, box, label, fill, ink)


def _tag_box(d: ImageDraw.ImageDraw, box, label: str, fill, ink) -> None:
    """A tag (a village's V3, or the ? of a village being founded) in its box."""
    d.rounded_rectangle(box, radius=6, fill=fill, outline=kit.INK, width=2)
    kit.piece(d, box)
    kit.text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, MAIN, anchor="mm", fill=ink, bold=True,
             main=True, kind="piece-label")


def _draw_map(view: dict, table: kit.Table) -> Image.Image:
    img = kit.copy(_map_layer())
    d = ImageDraw.Draw(img)
    centre = {t["id"]: _anchor(t["id"]) for t in TERRITORIES}
    villages = {v["territory"]: (n, v) for n, v in enumerate(view["villages"], start=1)}
    for tid, (_n, v) in villages.items():
        _outline(d, tid, kit.HIGHLIGHT if v["fresh"] else kit.INK, 5 if v["fresh"] else 3)
    for tid in view["pending"]:
        _outline(d, tid, kit.HIGHLIGHT, 5)
    if view["last_move"]:   # under the numbers and huts, which stay readable
        src, dst = view["last_move"]
        _outline(d, src, kit.HIGHLIGHT, 4)
        _arrow(d, centre[src], centre[dst])
    below = {}
    for tid, counts in enumerate(view["huts"], start=1):
        cx, cy = centre[tid]
        below[tid] = cy + 8
        if any(counts):
            below[tid] = _huts(d, counts, cx, cy)
    tags = {tid: kit.said(table, cw.TAG(v=number)) for tid, (number, _v) in villages.items()}
    for t in TERRITORIES:
        # the number, its huts' count (several colours: 7+ cannot move) and its village's tag, laid
        # as one cluster at the number's place or beside it: a count or a tag laid apart in free
        # space ended on another territory (« V12 on 30 » drawn on 51) or off the map's edge
        tid = t["id"]
        counts = view["huts"][tid - 1]
        total = sum(counts) if sum(1 for n in counts if n) > 1 else 0
        w = kit.text_width(str(tid), MAIN, True) + 4
        bw = MAIN * (1.4 if total < 10 else 2) if total > 1 else 0
        tw = kit.text_width(tags[tid], MAIN, True) + 10 if tid in tags else 0
        gap = 3
        full = w + (bw + gap if bw else 0) + (tw + gap if tw else 0)
        box = kit.place(d, full, MAIN + (10 if tw else 4 if not bw else MAIN * 0.3 + 4), _number_spots(tid, full),
                        avoid=("piece", "label", "piece-label"))
        y = (box[1] + box[3]) / 2
        x = box[0] + w / 2
        _number(img, x, y, str(tid))
        x = box[0] + w + gap
        if bw:
            kit.count_badge(d, x + bw / 2, y, str(total), MAIN,
                            fill=kit.INK if total >= 7 else kit.WHITE, ink=kit.WHITE if total >= 7 else kit.INK)
            x += bw + gap
        if tw:
            v = villages[tid][1]
            _tag_box(d, (x, y - (MAIN + 10) / 2, x + tw, y + (MAIN + 10) / 2), tags[tid],
                     (150, 30, 30) if v["destroyed"] else kit.INK, kit.WHITE)
    for tid in view["pending"]:   # the mover is choosing which is founded first
        _tag(d, tid, below[tid], "?", kit.HIGHLIGHT, kit.INK)
    return img


# ------------------------------------------------------------------ panels


def _swatch(d: ImageDraw.ImageDraw, terrain: str, x: float, y: float, w: float = 40, h: float = 28) -> None:
    d.rounded_rectangle((x, y - h / 2, x + w, y + h / 2), radius=4, fill=TERRAIN_RGB[terrain], outline=kit.INK)
    _terrain_mark(d, terrain, x + w / 2, y + 2, 0.9)


def _epoch_table(view: dict, table: kit.Table, width: int) -> Image.Image:
    """The epoch table: what each epoch favours (and its bonus), its bonus tokens left, what it makes hostile."""
    texts = (kit.said(table, cw.EPOCH_HEAD()), kit.said(table, cw.NO_HOSTILE()),
             tuple(kit.said(table, ph.TERRAIN[row["hostile"]]()) if row["hostile"] else "" for row in EPOCHS),
             kit.said(table, cw.RIVER_KEY()), kit.said(table, cw.LAKE_KEY()))
    current = 0 if view["over"] else view["epoch"]
    return _epoch_layer(texts, current, tuple(view["chips_left"]), width)


@lru_cache(maxsize=32)
def _epoch_layer(texts: tuple, current: int, chips_left: tuple, width: int) -> Image.Image:
    """The epoch table drawn once per language and state (14 states a game, 380 KB each): read-only,
    pasted."""
    head_text, none, hostile_names, river, lake = texts
    img = Image.new("RGB", (width, PANEL_H), kit.PAPER)
    d = ImageDraw.Draw(img)
    head = max(14, MAIN - 6)
    kit.text(d, (12, 10), head_text, kit.fit_size(head_text, head, width - 24, True, 12), bold=True, fill=kit.MUTED)
    row_h = ROW_H
    for i, row in enumerate(EPOCHS):
        y = FIRST_ROW + i * row_h
        if i + 1 == current:
            d.rounded_rectangle((6, y - row_h / 2 + 2, width - 6, y + row_h / 2 - 2), radius=6, fill=kit.TURN_BG,
                                outline=kit.INK, width=2)
        kit.text(d, (16, y), ROMAN[i], MAIN, anchor="lm", bold=True, main=True)
        fav = row["favourable"]
        if fav == "all":
            for k, terrain in enumerate(TERRAINS):
                d.rectangle((70 + k * 12, y - 13, 81 + k * 12, y + 13), fill=TERRAIN_RGB[terrain], outline=kit.INK)
        else:
            _swatch(d, fav, 70, y)
        kit.text(d, (124, y), f"+{row['bonus']}", MAIN, anchor="lm", bold=True, main=True)
        left = chips_left[i]
        for k in range(row["chips"]):
            x = 196 + k * 30
            d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=(232, 190, 90) if k < left else kit.PAPER,
                      outline=kit.INK if k < left else kit.MUTED, width=2)
        if row["hostile"]:
            _swatch(d, row["hostile"], 330, y)
            d.line((330, y - 14, 370, y + 14), fill=(170, 30, 30), width=4)
            d.line((330, y + 14, 370, y - 14), fill=(170, 30, 30), width=4)
            name = hostile_names[i]
            kit.text(d, (380, y), name, kit.fit_size(name, MAIN - 4, width - 388, smallest=12), anchor="lm")
        else:
            kit.text(d, (330, y), none, MAIN - 4, anchor="lm", fill=kit.MUTED)
    _key(d, river, lake)
    return img


def _score_track(view: dict, table: kit.Table, width: int) -> Image.Image:
    over = view["over"]
    texts = (kit.said(table, cw.TRACK_REVEALED() if over else cw.TRACK_SECRET()), tuple(_colour_names(table)),
             kit.said(table, cw.NOBODY()) if over else "")
    return _score_layer(texts, tuple(view["scores"][c] for c in COLOURS), tuple(view.get("clans", [])),
                        tuple(view["chips"]) if over else (), tuple(view["final"]) if over else (), over, width)


@lru_cache(maxsize=8)
def _score_layer(texts: tuple, scores: tuple, clans: tuple, chips: tuple, final: tuple, over: bool,
                 width: int) -> Image.Image:
    """The score track, drawn once per language and scores (they change a few times a game; 8 of
    about 400 KB kept). Read-only: pasted."""
    title, names, nobody = texts
    img = Image.new("RGB", (width, PANEL_H), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (12, 10), title, kit.fit_size(title, max(14, MAIN - 6), width - 24, True, 12), bold=True,
             fill=kit.MUTED)
    top = max(60, max(scores))     # the board's track has 60 spaces
    owner = {c: s for s, c in enumerate(clans)}
    x0, x1 = 86, width - (184 if over else 56)
    row_h = ROW_H
    for i, colour in enumerate(COLOURS):
        y = FIRST_ROW + i * row_h
        score = scores[i]
        kit.text(d, (12, y), names[i], kit.fit_size(names[i], MAIN - 2, x0 - 16, smallest=12), anchor="lm")
        d.rounded_rectangle((x0, y - 10, x1, y + 10), radius=4, fill=(230, 222, 204))
        d.rounded_rectangle((x0, y - 10, x0 + max(8, (x1 - x0) * score / top), y + 10), radius=4,
                            fill=HUT_RGB[colour], outline=kit.INK)
        kit.text(d, (x1 + 8, y), str(score), MAIN, anchor="lm", bold=True, main=True)
        if colour in owner:
            seat = owner[colour]
            kit.badge(d, seat, x1 + 60, y, 11)
            kit.text(d, (x1 + 76, y), f"+{chips[seat]} = {final[seat]}", MAIN, anchor="lm", bold=True, main=True)
        elif over:
            kit.text(d, (x1 + 48, y), nobody, kit.fit_size(nobody, MAIN - 4, width - x1 - 52, smallest=12),
                     anchor="lm", fill=kit.MUTED)
    return img


def _colour_names(table: kit.Table) -> list[str]:
    """The five colours' names in the table's language."""
    return [kit.said(table, c()) for c in ph.COLOUR]


def _villages(view: dict, table: kit.Table, width: int) -> Image.Image | None:
    """The villages founded so far, with what each scored (the map shows only V1, V2…)."""
    parts = [cw.VILLAGE_DESTROYED(v=n, t=v["territory"]) if v["destroyed"]
             else cw.VILLAGE_POINTS(v=n, t=v["territory"], n=v["value"])
             for n, v in enumerate(view["villages"], start=1)]
    if view["pending"]:
        parts.append(cw.FOUNDING(ts=listing([str(t) for t in view["pending"]])))
    if not parts:
        return None
    return _villages_layer(kit.said(table, cw.VILLAGES(list=" · ".join(kit.said(table, part) for part in parts))),
                           width)


@lru_cache(maxsize=8)
def _villages_layer(line: str, width: int) -> Image.Image:
    """The villages' line, drawn once (it changes when a village is founded; 8 of 100–300 KB kept).
    Read-only: pasted."""
    h = int(kit.paragraph_height(line, MAIN, width - 24) + 20)
    img = Image.new("RGB", (width, h), kit.PAPER)
    kit.paragraph(ImageDraw.Draw(img), (12, 10), line, MAIN, width - 24, main=True)
    return img


def _breakdown(view: dict, table: kit.Table) -> kit.Breakdown | None:
    if not view["over"]:
        return None
    names = dict(zip(COLOURS, _colour_names(table), strict=True))
    rows = [[names[view["clans"][s]], view["scores"][view["clans"][s]], view["chips"][s], view["final"][s]]
            for s in range(len(view["final"]))]
    columns = [kit.said(table, c()) for c in (cw.COLUMN_COLOUR, cw.COLUMN_TRACK, cw.COLUMN_TOKENS, TOTAL)]
    return kit.Breakdown(columns, rows)


def _legend(view: dict, table: kit.Table) -> Image.Image:
    extra = None if view["over"] else {s: kit.said(table, cw.TOKENS(n=n)) for s, n in enumerate(view["chips"])}
    scores = view["final"] if view["over"] else None
    return kit.legend(table, WIDTH, scores=scores, extra=extra, breakdown=_breakdown(view, table), main=MAIN)


def map_top(view: dict, table: kit.Table) -> int:
    """Where the map starts in the image (under the legend, which answers whose turn first)."""
    return _legend(view, table).height


def draw(view: dict, table: kit.Table) -> Image.Image:
    board = _draw_map(view, table)
    panel = Image.new("RGB", (WIDTH, PANEL_H), kit.PAPER)
    kit.paste(panel, _epoch_table(view, table, EPOCH_W), (0, 0))
    kit.paste(panel, _score_track(view, table, WIDTH - EPOCH_W), (EPOCH_W, 0))
    legend = _legend(view, table)
    villages = _villages(view, table, WIDTH)
    return kit.stack([legend, board] + ([villages] if villages else []) + [panel])
