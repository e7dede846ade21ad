"""Carcassonne: Hunters & Gatherers board image, drawn from the tile data.

The map (every tile drawn from its zones: forests, meadows, rivers, lakes
with their fish, animals, nuggets, specials), figures in player colours and
shapes with their role letter, the latest turn's tiles outlined in gold, the
legal spots numbered; beside it the tile in hand in its four turns a–d (or,
in the figure step, the placed tile with the names to type); then the legend.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from render import carcassonne_hg_words as cw
from render import kit
from render.words import TOTAL
from rules.carcassonne_hg import phrases as ph
from rules.carcassonne_hg.data import TILES, Tile
from rules.carcassonne_hg.text import zone_labels
from rules.wording import phrase

MEADOW = (163, 201, 98)
MEADOW_DARK = (120, 160, 70)
FOREST = (38, 104, 52)
TREE = (25, 78, 38)
RIVER = (52, 120, 205)
LAKE = (40, 100, 190)
EDGE = (70, 80, 50)
SPOT = (255, 255, 255)
ANIMALS = ("deer", "mammoth", "aurochs", "tiger")
ANIMAL_FILL = {"deer": (150, 95, 45), "mammoth": (110, 110, 125), "aurochs": (70, 40, 25), "tiger": (240, 140, 20)}
ANIMAL_LETTER = {"deer": cw.DEER_LETTER, "mammoth": cw.MAMMOTH_LETTER, "aurochs": cw.AUROCHS_LETTER,
                 "tiger": cw.TIGER_LETTER}
ROLE_LETTER = {"hunter": cw.HUNTER_LETTER, "gatherer": cw.GATHERER_LETTER, "fisher": cw.FISHER_LETTER}
ENGLISH_ANIMALS = tuple(ANIMAL_LETTER[a].one for a in ANIMALS)   # the letters of tile art drawn without a table
MAX_BOARD = 980


# ------------------------------------------------------------------ tile geometry (unit square, y down)


def _turn(pt, quarters: int):
    """Rotate a point of the unit square clockwise by quarter turns."""
    u, v = pt
    for _ in range(quarters % 4):
        u, v = 1 - v, u
    return u, v


def _port_point(port: int, inset: float):
    side, k = divmod(port, 3)
    u, v = (0.25 + 0.25 * k, 0.0)          # on the north side, west to east
    u, v = _turn((u, v), side)
    return u + (0.5 - u) * inset * 2, v + (0.5 - v) * inset * 2


def _middle(side: int):
    return _turn((0.5, 0.0), side)


_FOREST_SHAPES: dict[int | str, list[tuple[float, float]]] = {
    1: [(0, 0), (1, 0), (0.76, 0.27), (0.24, 0.27)],                                   # north
    2: [(0, 0), (1, 0), (1, 1), (0.62, 0.38)],                                         # north + east
    "opp": [(0, 0), (1, 0), (0.68, 0.3), (0.68, 0.7), (1, 1), (0, 1), (0.32, 0.7), (0.32, 0.3)],  # N + S
    3: [(0, 0), (1, 0), (1, 1), (0.72, 0.7), (0.28, 0.7), (0, 1)],                    # all but south
    4: [(0, 0), (1, 0), (1, 1), (0, 1)],
}


def _halved(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    return box[0] / 2, box[1] / 2, box[2] / 2, box[3] / 2


def _nearest_to(fx: float, fy: float) -> Callable[[tuple[float, float]], float]:
    """A sort key: the squared distance of a point from (fx, fy)."""
    return lambda p: (p[0] - fx) ** 2 + (p[1] - fy) ** 2


def _forest_polygon(sides: list[int]):
    s = sorted(sides)
    if len(s) == 1:
        return [_turn(p, s[0]) for p in _FOREST_SHAPES[1]]
    if len(s) == 2:
        if (s[1] - s[0]) % 2 == 0:
            return [_turn(p, s[0]) for p in _FOREST_SHAPES["opp"]]
        first = s[0] if (s[0] + 1) % 4 == s[1] else s[1]
        return [_turn(p, first) for p in _FOREST_SHAPES[2]]
    if len(s) == 3:
        missing = ({0, 1, 2, 3} - set(s)).pop()
        return [_turn(p, missing - 2) for p in _FOREST_SHAPES[3]]
    return _FOREST_SHAPES[4]


def _lake_centre(tile: Tile, lake: int):
    dirs = [_middle(p // 3) for z in tile.zones if z.lake == lake for p in z.ports]
    if not dirs:
        return 0.5, 0.5
    du = sum(u - 0.5 for u, _ in dirs) / len(dirs)
    dv = sum(v - 0.5 for _, v in dirs) / len(dirs)
    lakes = sum(1 for z in tile.zones if z.kind == "lake")
    k = 0.3 if lakes == 1 else 0.75     # two lakes on a tile: keep them apart
    return 0.5 + du * k, 0.5 + dv * k


def _river_path(tile: Tile, zone) -> list:
    sides = [p // 3 for p in zone.ports]
    if len(sides) == 2:
        a, b = sides
        if (b - a) % 2 == 0:
            return [_middle(a), (0.5, 0.5), _middle(b)]
        if (a + 1) % 4 != b:
            a, b = b, a
        corner = _turn((1, 0), a)                 # the corner between side a and the next one
        ma, mb = _middle(a), _middle(b)
        start = math.atan2(ma[1] - corner[1], ma[0] - corner[0])
        end = math.atan2(mb[1] - corner[1], mb[0] - corner[0])
        if end - start > math.pi:
            end -= 2 * math.pi
        if start - end > math.pi:
            end += 2 * math.pi
        return [(corner[0] + 0.5 * math.cos(start + (end - start) * i / 10),
                 corner[1] + 0.5 * math.sin(start + (end - start) * i / 10)) for i in range(11)]
    m = _middle(sides[0])
    if zone.lake >= 0:
        return [m, _lake_centre(tile, zone.lake)]
    return [m, (m[0] + (0.5 - m[0]) * 0.7, m[1] + (0.5 - m[1]) * 0.7)]   # to its spring


def zone_anchor(tile: Tile, z: int):
    """Where a figure or a mark of zone z sits on the unturned tile."""
    if 0 <= tile.id < len(TILES) and TILES[tile.id] is tile:    # a tile of the set: worked out once
        return _set_anchor(tile.id, z)
    return _zone_anchor(tile, z)


@lru_cache(maxsize=1024)
def _set_anchor(tile_id: int, z: int) -> tuple[float, float]:
    return _zone_anchor(TILES[tile_id], z)


def _zone_anchor(tile: Tile, z: int):
    zone = tile.zones[z]
    if zone.kind == "lake":
        return _lake_centre(tile, z)
    if zone.kind == "river":
        path = _river_path(tile, zone)
        if len(path) == 2 and zone.lake >= 0:
            a, b = path
            return (a[0] + (b[0] - a[0]) * 0.2 + 0.12 * (b[1] - a[1] != 0),
                    a[1] + (b[1] - a[1]) * 0.2 + 0.12 * (b[0] - a[0] != 0))
        if len(path) == 3:
            a = path[0]
            return a[0] + (0.5 - a[0]) * 0.5, a[1] + (0.5 - a[1]) * 0.5
        return path[len(path) // 2]
    inset = 0.2 if zone.kind == "meadow" else 0.16
    pts = [_port_point(p, inset) for p in zone.ports if zone.kind == "meadow" or p % 3 == 1]
    u = sum(p[0] for p in pts) / len(pts)
    v = sum(p[1] for p in pts) / len(pts)
    if zone.kind == "forest" and len(pts) == 2 and abs(pts[0][0] - pts[1][0]) > 0.1 < abs(pts[0][1] - pts[1][1]):
        cu, cv = round(u), round(v)       # two adjacent sides: move into their corner
        u, v = u + (cu - u) * 0.25, v + (cv - v) * 0.25
    if zone.kind == "meadow":
        for i, other in enumerate(tile.zones):
            if other.kind == "lake":
                lu, lv = _lake_centre(tile, i)
                if abs(lu - u) < 0.22 and abs(lv - v - 0.1) < 0.24:    # not on the lake: go to its first corner
                    return _port_point(zone.ports[0], 0.2)
    return u, v


# ------------------------------------------------------------------ tile art


def _glyph(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, r: float, letter: str = "") -> None:
    kit.piece(d, (x - r * (1.6 if kind == "volcano" else 1), y - r * (1.5 if kind in ("volcano", "fire") else 1),
                  x + r * (1.6 if kind == "volcano" else 1), y + r))
    if kind in ANIMAL_FILL:
        fill = ANIMAL_FILL[kind]
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=kit.INK)
        kit.text(d, (x, y + 1), letter, size=max(9, int(r * 1.5)), fill=kit.WHITE if kind != "tiger" else kit.INK,
                 anchor="mm", record_it=False)
    elif kind == "nugget":
        d.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=(250, 205, 30), outline=kit.INK)
    elif kind == "volcano":
        d.polygon([(x - 1.6 * r, y + r), (x - 0.4 * r, y - r), (x + 0.4 * r, y - r), (x + 1.6 * r, y + r)],
                  fill=(110, 70, 50), outline=kit.INK)
        d.ellipse((x - 0.5 * r, y - 1.5 * r, x + 0.5 * r, y - 0.7 * r), fill=(230, 60, 20))
    elif kind == "mushrooms":
        d.pieslice((x - r, y - r, x + r, y + r * 0.6), 180, 360, fill=(220, 40, 40), outline=kit.INK)
        d.rectangle((x - r * 0.25, y - r * 0.2, x + r * 0.25, y + r * 0.7), fill=kit.WHITE, outline=kit.INK)
    elif kind == "fire":
        d.polygon([(x, y - 1.4 * r), (x + r, y + r), (x - r, y + r)], fill=(235, 70, 20), outline=kit.INK)
        d.polygon([(x, y - 0.4 * r), (x + 0.5 * r, y + r), (x - 0.5 * r, y + r)], fill=(255, 210, 40))
    elif kind == "shrine":
        d.rectangle((x - r, y - r, x + r, y - 0.5 * r), fill=(150, 150, 150), outline=kit.INK)
        d.rectangle((x - r, y - 0.5 * r, x - 0.5 * r, y + r), fill=(150, 150, 150), outline=kit.INK)
        d.rectangle((x + 0.5 * r, y - 0.5 * r, x + r, y + r), fill=(150, 150, 150), outline=kit.INK)


_GLYPH_STEPS = ([(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]
                + [(dx, dy) for dx in range(-4, 5) for dy in range(-4, 5) if max(abs(dx), abs(dy)) >= 2])


def tile_art(tile_id: int, rot: int, size: int, letters: tuple[str, ...] = ENGLISH_ANIMALS,
             fish_px: int = 0) -> Image.Image:
    """One tile, turned, at ``size`` pixels (cached: the same art serves every image), its
    animals lettered with ``letters`` (deer, mammoth, aurochs, tiger: the table's language).
    Only the letters of the animals on the tile count: a tile without deer is the same art in
    English and French (only the deer's letter differs), drawn once for both. A lake's fish count
    is at least ``fish_px`` tall (outlined where it outgrows its lake: a small tile's count still
    reads on a phone)."""
    shown = _animals_on(tile_id)
    fish_px = fish_px if any(z.kind == "lake" for z in TILES[tile_id].zones) else 0   # no lake: one art for all
    return _tile_art(tile_id, rot, size, tuple(letter if shown[i] else "" for i, letter in enumerate(letters)),
                     fish_px)


@lru_cache(maxsize=128)
def _animals_on(tile_id: int) -> tuple[bool, ...]:
    return tuple(any(getattr(z, a) for z in TILES[tile_id].zones) for a in ANIMALS)


@lru_cache(maxsize=1024)
def _tile_art(tile_id: int, rot: int, size: int, letters: tuple[str, ...], fish_px: int = 0) -> Image.Image:
    tile = TILES[tile_id]
    big = size * 2   # draw at double size, then shrink: smooth edges for free
    img = Image.new("RGB", (big, big), MEADOW)
    d = ImageDraw.Draw(img)

    def px(pt):
        u, v = _turn(pt, rot)
        return u * big, v * big

    for z in tile.zones:
        if z.kind == "forest":
            d.polygon([px(p) for p in _forest_polygon(sorted({p // 3 for p in z.ports}))], fill=FOREST,
                      outline=MEADOW_DARK, width=3)   # a seam shows where two forests meet
    for z in tile.zones:   # a few trees so forests read as forests
        if z.kind == "forest":
            for p in z.ports:
                if p % 3 != 1:
                    x, y = px(_port_point(p, 0.07))
                    r = big * 0.05
                    d.ellipse((x - r, y - r, x + r, y + r), fill=TREE)
    width = max(3, int(big * 0.09))
    for z in tile.zones:
        if z.kind == "river":
            pts = [px(p) for p in _river_path(tile, z)]
            d.line(pts, fill=RIVER, width=width, joint="curve")
            if z.spring:
                x, y = pts[-1]
                r = width * 0.9
                d.ellipse((x - r, y - r, x + r, y + r), fill=(150, 200, 250), outline=RIVER, width=2)
    for i, z in enumerate(tile.zones):
        if z.kind == "lake":
            x, y = px(_lake_centre(tile, i))
            r = big * (0.17 if z.fish < 3 else 0.2)
            d.ellipse((x - r, y - r * 0.85, x + r, y + r * 0.85), fill=LAKE, outline=(20, 60, 130), width=2)
            kit.keepout(d, (x - r * 0.8, y - r * 0.7, x + r * 0.8, y + r * 0.7))
            fish = max(10, int(big * 0.2))
            kit.text(d, (x, y), str(z.fish), size=max(fish, 2 * fish_px), fill=kit.WHITE, anchor="mm", bold=True,
                     main=True, outline=kit.INK if 2 * fish_px > fish else None)
    glyph_r = big * 0.1
    for i, z in enumerate(tile.zones):
        x, y = px(zone_anchor(tile, i))
        marks = [a for a in ANIMALS for _ in range(getattr(z, a))]
        marks += ["fire"] * z.fire + ["shrine"] * z.shrine + ["mushrooms"] * z.mushrooms
        if z.nugget:
            marks.append("volcano" if tile.deck == "start" else "nugget")
        for k, mark in enumerate(marks):   # in a row at the zone's spot, or nearby if that is taken
            off = (k - (len(marks) - 1) / 2) * glyph_r * 2.2
            gx, gy = x + off, y + glyph_r * 1.3 if z.kind == "meadow" else y
            step = glyph_r * 1.2
            spots = ((min(max(gx + dx * step, glyph_r * 1.7), big - glyph_r * 1.7),   # made as place() asks:
                      min(max(gy + dy * step, glyph_r * 1.6), big - glyph_r * 1.2))   # the first is most often free
                     for dx, dy in _GLYPH_STEPS)
            w = glyph_r * (3.3 if mark == "volcano" else 2.1)
            box = kit.place(d, w, glyph_r * 2.6, spots, margin=1)
            _glyph(d, mark, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + glyph_r * 0.25, glyph_r,
                   letters[ANIMALS.index(mark)] if mark in ANIMAL_FILL else "")
    d.rectangle((0, 0, big - 1, big - 1), outline=EDGE, width=2)
    # halve by averaging 2×2 blocks: looks the same as a Lanczos resize at this
    # exact factor, at a tenth of the cost (the map redraws every tile when
    # its tile size changes, which late in a game is most moves)
    small = img.reduce(2)
    small.__dict__["_hearth_marks"] = [kit.Mark(m.kind, _halved(m.box), m.text, m.size // 2, m.main,
                                                m.clipped) for m in kit.marks(img)]
    return small


# ------------------------------------------------------------------ figures


def _figure(d: ImageDraw.ImageDraw, seat: int, role: str, x: float, y: float, r: float, letter: str) -> None:
    """A hut (a house in the player's colour with their letter) or a figure
    (the player's shape with the role's letter: H, G or F in English)."""
    colour = kit.player_colour(seat)
    if role == "hut":
        kit.hut(d, x, y, 2 * r * 0.95, colour)
        kit.text(d, (x, y + r * 0.3), kit.player_letter("", seat), size=max(9, int(r * 1.05)), fill=kit.WHITE,
                 anchor="mm", outline=kit.INK, bold=True, record_it=False)
        return
    kit.shape(d, kit.PLAYER_SHAPES[seat % 6], x, y, r, colour)
    # the letter in the ink that reads on the colour, without an outline: on a small figure (the
    # whole final map) an outlined letter covered the shape and every hunter looked black
    kit.text(d, (x, y + (r * 0.15 if kit.PLAYER_SHAPES[seat % 6] == "triangle" else 0)), letter,
             size=max(9, int(r * (1.15 if len(letter) < 2 else 0.9))), fill=kit.ink_on(colour), anchor="mm",
             bold=True, record_it=False)


def _figure_point(tile: Tile, rot: int, zone: int, role: str):
    u, v = zone_anchor(tile, zone)
    if tile.zones[zone].kind == "meadow":
        v -= 0.08    # above the animals
    if role == "hut" and tile.zones[zone].kind == "river":
        u, v = u + 0.1, v + 0.1
    return _turn((u, v), rot)


# ------------------------------------------------------------------ the map


PAD = 10


class Letters(NamedTuple):
    """The letters on animals (deer, mammoth, aurochs, tiger) and figures (by role), in the table's language."""

    animals: tuple[str, ...]
    roles: dict[str, str]


def letters(table: kit.Table) -> Letters:
    return Letters(tuple(kit.said(table, ANIMAL_LETTER[a]()) for a in ANIMALS),
                   {role: kit.said(table, p()) for role, p in ROLE_LETTER.items()})


def _keys(table: kit.Table, said: Letters) -> tuple[str, str]:
    """What the letters mean: the figures' key and the animals' key."""
    return (kit.said(table, cw.KEY_FIGURES(**said.roles)),
            kit.said(table, cw.KEY_ANIMALS(**dict(zip(ANIMALS, said.animals, strict=True)))))


def layout(view: dict) -> tuple[int, int, int, int, int]:
    """(west-most x, north-most y, columns, rows, tile size in pixels) of the map:
    it grows with the map and shrinks its tiles to stay within bounds."""
    cells = [(x, y) for _t, x, y, _r in view["tiles"]] + [(x, y) for _k, x, y, _r in view["spots"]]
    min_x, max_x = min(c[0] for c in cells), max(c[0] for c in cells)
    min_y, max_y = min(c[1] for c in cells), max(c[1] for c in cells)
    cols, rows = max_x - min_x + 1, max_y - min_y + 1
    size = int(max(26, min(88, MAX_BOARD / cols, 1000 / rows)))
    return min_x, min_y, cols, rows, size - size % 6   # in steps of 6 px: tile art stays cached across turns


def tile_box(view: dict, x: int, y: int) -> tuple[int, int, int, int]:
    """Pixel box of map square (x, y) in the board image (which tops the whole image)."""
    min_x, min_y, _c, _r, size = layout(view)
    board_width = _c * size + 2 * PAD
    shift = (max(board_width, 640) - board_width) // 2     # kit.stack centres narrower layers
    ox, oy = shift + PAD + (x - min_x) * size, PAD + (y - min_y) * size
    return ox, oy, ox + size, oy + size


def _board(view: dict, said: Letters, size: int | None = None, window: tuple[int, int, int, int] | None = None,
           detail: bool = True, number_px: int = 0) -> Image.Image:
    """The map: every tile, the latest turn's tiles framed in gold, figures
    beside the animals and fish counts of their zone, the legal spots as
    pale squares with their number (in a disc on big squares); the numbers
    (and the lakes' fish counts) at least ``number_px`` tall. ``window``
    (west x, north y, columns, rows) draws only those squares, at ``size``
    pixels a tile."""
    tiles = view["tiles"]
    min_x, min_y, cols, rows, auto = layout(view)
    size = size or auto
    pad = PAD
    if window:
        min_x, min_y, cols, rows = window
    img = kit.copy(kit.textured(cols * size + 2 * pad, rows * size + 2 * pad, (222, 212, 188), 0.1))
    d = ImageDraw.Draw(img)

    def inside(x, y):
        return min_x <= x < min_x + cols and min_y <= y < min_y + rows

    def origin(x, y):
        return pad + (x - min_x) * size, pad + (y - min_y) * size

    for _tile_id, x, y, _rot in tiles:   # shadows first, under every tile
        if inside(x, y):
            ox, oy = origin(x, y)
            d.rectangle((ox + 2, oy + 2, ox + size + 2, oy + size + 2), fill=(150, 140, 120))
    for tile_id, x, y, rot in tiles:
        if inside(x, y):   # an overview's records are dropped: its tiles' need not be carried over
            art = tile_art(tile_id, rot, size, said.animals, number_px if detail else 0)
            if detail:
                kit.paste(img, art, origin(x, y))
            else:
                img.paste(art, origin(x, y))
    for index in view["recent"]:
        _t, x, y, _r = tiles[index]
        if not inside(x, y):
            continue
        ox, oy = origin(x, y)
        w = max(3, size // 14)
        d.rectangle((ox - 1, oy - 1, ox + size, oy + size), outline=kit.HIGHLIGHT, width=w)
        d.rectangle((ox - 1 - w, oy - 1 - w, ox + size + w, oy + size + w), outline=kit.INK, width=1)
    if not detail:   # an overview: tiles and the latest frame only
        return img
    r = max(5.5 if size < 48 else 7, size * 0.13)
    for seat, role, placement, zone in view["figures"]:
        tile_id, x, y, rot = tiles[placement]
        if not inside(x, y):
            continue
        u, v = _figure_point(TILES[tile_id], rot, zone, role)
        ox, oy = origin(x, y)
        fx, fy = ox + u * size, oy + v * size
        step = r * 1.1
        spots = [(fx + dx * step, fy + dy * step) for dx, dy in
                 ((0, 0), (0, -1), (1, 0), (-1, 0), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1), (0, -2), (2, 0),
                  (-2, 0), (0, 2), (2, -2), (-2, -2), (2, 2), (-2, 2), (0, -3), (3, 0), (-3, 0), (0, 3))]
        grid = [(ox + size * (i + 0.5) / 6, oy + size * (j + 0.5) / 6) for i in range(6) for j in range(6)]
        spots += sorted(grid, key=_nearest_to(fx, fy))
        spots = [(min(max(px, ox + r + 3), ox + size - r - 3), min(max(py, oy + r + 3), oy + size - r - 3))
                 for px, py in spots]
        box = kit.place(d, 2 * r + 5, 2 * r + 5, spots, margin=1)   # the drawn piece plus its shadow
        _figure(d, seat, role, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, r, said.roles.get(role, ""))
    number = max(11, number_px, int(size * 0.26))
    disc = size >= 72               # a numbered disc; on smaller squares the number fills the square instead
    for k, x, y, _rots in view["spots"]:
        if not inside(x, y):
            continue
        ox, oy = origin(x, y)
        d.rectangle((ox + 3, oy + 3, ox + size - 4, oy + size - 4), fill=(236, 228, 208), outline=(170, 160, 140),
                    width=1)
        cx, cy = ox + size / 2, oy + size / 2
        if disc:
            rr = number * 0.95
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=kit.WHITE, outline=kit.INK, width=2)
            fit = kit.fit_size(str(k), number, 2 * rr - 4, True, smallest=max(11, number_px, number - 3))
        else:
            fit = kit.fit_size(str(k), max(number, int(size * 0.6)), size - 10, True, smallest=number)
        kit.text(d, (cx, cy), str(k), fit, anchor="mm", bold=True, main=True)
    return img


# ------------------------------------------------------------------ the side panel


def _hand_panel(view: dict, table: kit.Table, width: int, said: Letters, key: bool = True) -> Image.Image:
    """The tile in hand in its four turns (or the placed tile and the figures that may go on it, or
    the end scoring), the tiles left and, with ``key``, what the letters mean."""
    img = Image.new("RGB", (width, 420), kit.PAPER)
    d = ImageDraw.Draw(img)
    y = 10
    inner = width - 24
    if view["phase"] == "place" and view["hand"] >= 0:
        bonus = view["in_bonus"]
        if view["spots"]:
            example = f"{view['spots'][0][0]}{'abcd'[view['spots'][0][3][0]]}"
            title = kit.said(table, (cw.HAND_BONUS_HOW if bonus else cw.HAND_HOW)(example=example))
        else:
            title = kit.said(table, (cw.HAND_BONUS if bonus else cw.HAND)())
        kit.text(d, (12, y), title, kit.fit_size(title, 16, inner, True, 11), bold=True)
        legal = {r for _k, _x, _y, rots in view["spots"] for r in rots}
        tile = TILES[view["hand"]]
        size = min(120, (width - 40) // 4 - 14)
        for rot in range(4):
            x0 = 14 + rot * (size + 14)
            img.paste(tile_art(view["hand"], rot, size, said.animals), (x0, y + 30))
            turn = "abcd"[rot]
            label = kit.said(table, cw.TURN_SAME(turn=turn)) if rot not in tile.rotations else \
                turn if rot in legal else kit.said(table, cw.TURN_NO_FIT(turn=turn))
            kit.text(d, (x0 + size / 2, y + 36 + size), label, kit.fit_size(label, 16, size + 12, rot in legal, 10),
                     anchor="mt", bold=rot in legal, fill=kit.INK if rot in legal else kit.MUTED)
        y += size + 62
    elif view["phase"] == "figure" and view["current"] >= 0:
        tile_id, _x, _y, rot = view["tiles"][view["current"]]
        tile = TILES[tile_id]
        size = 170
        title = kit.said(table, ph.STATUS_FIGURE())
        y = int(kit.paragraph(d, (12, y), title, 16, inner, bold=True)) - 16   # the tile 14 px under the title
        img.paste(tile_art(tile_id, rot, size, said.animals), (14, y + 30))
        labels = zone_labels(tile, rot)
        named = sorted({zone for _role, zone, _label in view["options"]})
        for z in named:   # each name at its zone, or beside it if another name is there
            u, v = _turn(zone_anchor(tile, z), rot)
            x, yy = 14 + u * size, y + 30 + v * size - 10
            w, h = kit.text_width(labels[z], 15, True) + 6, 21
            spots = [(x, yy)] + [(x + dx * w * 0.6, yy + dy * h * 0.8) for dx, dy in
                                 ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1), (0, 2))]
            spots = [(min(max(sx, 14 + w / 2), 14 + size - w / 2), min(max(sy, y + 30 + h / 2), y + 30 + size - h / 2))
                     for sx, sy in spots]
            box = kit.place(d, w, h, spots, avoid=("label",), margin=0)
            kit.text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), labels[z], size=15, anchor="mm",
                     fill=kit.WHITE, outline=kit.INK, bold=True)
        lines = [f"{role} {label}" for role, _z, label in view["options"]] + ["none"]   # as typed
        for i, line in enumerate(lines[:12]):
            kit.text(d, (14 + size + 24 + 170 * (i // 6), y + 34 + 24 * (i % 6)), "- " + line, size=15)
        y += size + 40
    elif view["phase"] == "over":
        head = kit.said(table, cw.END_HEAD())
        kit.text(d, (12, y), head, kit.fit_size(head, 16, inner, True, 11), bold=True)
        y += 26
        for seat in range(view["seats"]):
            huts = sum(f["points"] for f in view["final"] if f["kind"] == "huts" and seat in f["seats"])
            meadows = sum(f["points"] for f in view["final"] if f["kind"] == "meadow" and seat in f["seats"])
            kit.badge(d, seat, 24, y + 9, 9)
            line = kit.said(table, cw.END_LINE(who=kit.name_of(table, seat)[:20], huts=huts, hunters=meadows))
            kit.text(d, (40, y), line, kit.fit_size(line, 15, width - 52, smallest=10))
            y += 22
        y += 6
    info = kit.said(table, ph.STATUS_LEFT(land=view["land_left"], bonus=view["bonus_left"]))
    if view["removed"]:
        info += "   ·   " + kit.said(table, cw.REMOVED(n=len(view["removed"])))
    kit.text(d, (12, y), info, kit.fit_size(info, 15, inner, smallest=10))
    if key:
        for i, line in enumerate(_keys(table, said)):
            kit.text(d, (12, y + 22 + 18 * i), line, kit.fit_size(line, 13, inner, smallest=9), fill=kit.MUTED)
    return _top(img, y + (62 if key else 26))


def _top(img: Image.Image, height: int) -> Image.Image:
    """The top of an image, with the records of what was drawn there (a plain crop drops them)."""
    out = img.crop((0, 0, img.width, height))
    for m in kit.marks(img):
        kit.record(out, m.kind, m.box, m.text, m.size, m.main, m.clipped or m.box[3] > height + 1)
    return out


FOCUS_W = 720
FOCUS_TILE = 116
FOCUS_COLS, FOCUS_ROWS = 6, 4
FOCUS_MAX_H = 780      # the focus map's height at most (tiles shrink to keep every spot within it)
SMALLEST_TILE = 24     # a focus map's tiles are never smaller (a spot's number still fits its square)
CLOSE_COLS, CLOSE_ROWS, CLOSE_TILE = 3, 3, 96    # the close-up of the latest turn beside a zoomed-out focus
OVERVIEW_TILE = 28     # the overview's tiles are drawn this size, then the whole is scaled down

CLOSE_UP = phrase("render.carcassonne_hg.close_up", "The latest turn, closer (/board shows the whole map).",
                  "beside a close-up of the tiles just placed; /board is a command")


def focus_window(view: dict) -> tuple[int, int, int, int]:
    """(west x, north y, columns, rows) of the focus: every legal spot of the tile in hand
    (the player chooses among them: each must be on the turn image) and the latest tiles;
    with no spot to show, around the latest tiles. The whole map when it fits at the same
    tile size. At least 6 × 4 squares, kept on the map."""
    tiles = view["tiles"]
    cells = [(tiles[i][1], tiles[i][2]) for i in view["recent"]] + [(x, y) for _k, x, y, _r in view["spots"]]
    cells = cells or [(t[1], t[2]) for t in tiles]
    min_x, min_y, cols, rows, _size = layout(view)
    window = _around(view, min(c[0] for c in cells), max(c[0] for c in cells),
                     min(c[1] for c in cells), max(c[1] for c in cells), FOCUS_COLS, FOCUS_ROWS)
    whole = _around(view, min_x, min_x + cols - 1, min_y, min_y + rows - 1, FOCUS_COLS, FOCUS_ROWS)
    return whole if focus_size(whole) >= focus_size(window) else window


def _around(view: dict, west: int, east: int, north: int, south: int, least_cols: int,
            least_rows: int) -> tuple[int, int, int, int]:
    """The window holding squares west–east × north–south, widened to at least
    ``least_cols`` × ``least_rows`` around their middle, kept on the map."""
    min_x, min_y, cols, rows, _size = layout(view)
    x0, across = _span(west, east, min_x, cols, least_cols)
    y0, down = _span(north, south, min_y, rows, least_rows)
    return x0, y0, across, down


def _span(low: int, high: int, map_low: int, map_len: int, least: int) -> tuple[int, int]:
    """(first square, length) of a window on one axis: ``low``–``high`` at least, widened to
    ``least`` squares around their middle, kept on the map where the map is long enough."""
    length = max(least, high - low + 1)
    if high - low + 1 >= least:
        return low, length
    start = round((low + high) / 2 - (least - 1) / 2)
    if map_len >= least:
        return max(map_low, min(start, map_low + map_len - least)), length
    return map_low - (least - map_len) // 2, length


def focus_size(window: tuple[int, int, int, int]) -> int:
    """The focus map's tile size: as big as a phone reads well (116 px), smaller for a window
    too wide or too tall for the turn image (in steps of 6 px: tile art stays cached)."""
    _x, _y, cols, rows = window
    size = min(FOCUS_TILE, (FOCUS_W - 2 * PAD) // cols, FOCUS_MAX_H // rows)
    return max(SMALLEST_TILE, size - size % 6)


def _overview(view: dict, window, width: int, said: Letters) -> Image.Image:
    """The whole map, small, with the focus window framed."""
    min_x, min_y, cols, rows, _size = layout(view)
    size = max(8, min(OVERVIEW_TILE, (width - 2 * PAD) // cols, 260 // rows))
    # drawn with tiles of one size all game long, then scaled: tile art at a
    # size that changes as the map grows was drawn afresh for every tile
    # (the slowest turn images, 3–4 times the usual time)
    whole = _board(view, said, size=OVERVIEW_TILE, detail=False)
    k = size / OVERVIEW_TILE
    img = kit.forget(whole if k == 1 else whole.resize((round(whole.width * k), round(whole.height * k)),
                                                       Image.Resampling.BILINEAR, reducing_gap=2.0))
    d = ImageDraw.Draw(img)
    x0, y0, c, r = window
    kx, ky = img.width / whole.width, img.height / whole.height

    def at(col: float, row: float) -> tuple[float, float]:   # a square's corner in the scaled overview
        return (PAD + (col - min_x) * OVERVIEW_TILE) * kx, (PAD + (row - min_y) * OVERVIEW_TILE) * ky

    box = (*at(x0, y0), *at(x0 + c, y0 + r))
    d.rectangle(box, outline=kit.INK, width=4)
    d.rectangle(box, outline=kit.HIGHLIGHT, width=2)
    return img


def close_up_window(view: dict) -> tuple[int, int, int, int] | None:
    """3 × 3 squares around the latest turn's tiles (around its last tile when a bonus tile went
    far from the first), kept on the map; None before the first tile."""
    tiles = view["tiles"]
    cells = [(tiles[i][1], tiles[i][2]) for i in view["recent"]]
    if not cells:
        return None
    if max(c[0] for c in cells) - min(c[0] for c in cells) >= CLOSE_COLS or \
            max(c[1] for c in cells) - min(c[1] for c in cells) >= CLOSE_ROWS:
        cells = cells[-1:]
    return _around(view, min(c[0] for c in cells), max(c[0] for c in cells), min(c[1] for c in cells),
                   max(c[1] for c in cells), CLOSE_COLS, CLOSE_ROWS)


def draw_focus(view: dict, table: kit.Table) -> Image.Image:
    """The turn image for a phone, 720 px wide: whose turn; the map around every legal spot of
    the tile in hand, each numbered (the player picks one: all must be there, readable 400 px
    wide), or around the latest tiles; beside it a close-up of the latest turn when the map had
    to shrink, else a small overview of the whole map framing the part shown; then the tile in
    hand (or the figure choice)."""
    said = letters(table)
    window = focus_window(view)
    tile = focus_size(window)
    width = max(FOCUS_W, window[2] * tile + 2 * PAD)     # wider only for a map too wide to number legibly
    size = kit.main_size(width)
    crop = _board(view, said, size=tile, window=window, number_px=size)
    legend = kit.legend(table, width, scores=_scores(view, table), extra=_supplies(view, table),
                        breakdown=_breakdown(view, table))
    close = close_up_window(view) if tile <= FOCUS_TILE * 3 // 4 else None
    min_x, min_y, cols, rows, _size = layout(view)
    whole = window[0] <= min_x and window[1] <= min_y and window[0] + window[2] >= min_x + cols \
        and window[1] + window[3] >= min_y + rows
    inset, caption = None, None                  # the whole map at full size: nothing to add beside it
    if close is not None:
        inset = _board(view, said, size=CLOSE_TILE, window=close, number_px=size)
        caption = CLOSE_UP
    elif not whole:
        inset = _overview(view, window, 300, said)
        caption = cw.FRAMED
    beside = inset.width + 12 if inset is not None else 8
    info = Image.new("RGB", (width - beside, max(inset.height if inset else 0, 8 * size)), kit.PAPER)
    d = ImageDraw.Draw(info)
    y = kit.paragraph(d, (6, 8), kit.said(table, caption()), size, info.width - 12) if caption else 4
    if view["phase"] == "over":
        y = kit.paragraph(d, (6, y + 4), kit.said(table, ph.STATUS_OVER()), size, info.width - 12, bold=True)
    y = kit.paragraph(d, (6, y + 6), " · ".join(_keys(table, said)), size - 2, info.width - 12, fill=kit.MUTED)
    if inset is None:
        info = _top(info, int(y) + 6)
    row = Image.new("RGB", (width, info.height + 8), kit.PAPER)
    if inset is not None:
        kit.paste(row, inset, (4, 4))
    kit.paste(row, info, (beside - 2, 4))
    parts = [legend, crop, row]
    if view["phase"] != "over":   # the key is beside the overview already
        parts.append(_hand_panel(view, table, FOCUS_W, said, key=False))
    return kit.stack(parts)


def _scores(view: dict, table: kit.Table) -> list:
    """Beside each name: '12 points' in play; bare numbers at the end (beside the final columns,
    and what the winner is read from)."""
    if view["phase"] == "over":
        return view["scores"]
    return [kit.said(table, cw.POINTS(n=n)) for n in view["scores"]]


def _supplies(view: dict, table: kit.Table) -> dict[int, str] | None:
    """Each player's men and huts left in their supply, beside their name (none once the game is over)."""
    if view["phase"] == "over":
        return None
    return {s: f"{kit.said(table, ph.MEN(n=view['men'][s]))} · {kit.said(table, ph.HUTS(n=view['huts'][s]))}"
            for s in range(view["seats"])}


def _breakdown(view: dict, table: kit.Table) -> kit.Breakdown | None:
    """At the end: points in play, then huts and hunters' meadows scored at the end."""
    if view["phase"] != "over":
        return None
    rows = []
    for seat in range(view["seats"]):
        huts = sum(f["points"] for f in view["final"] if f["kind"] == "huts" and seat in f["seats"])
        meadows = sum(f["points"] for f in view["final"] if f["kind"] == "meadow" and seat in f["seats"])
        total = view["scores"][seat]
        rows.append([total - huts - meadows, huts, meadows, total])
    columns = [kit.said(table, c()) for c in (cw.COLUMN_PLAY, cw.COLUMN_HUTS, cw.COLUMN_HUNTERS, TOTAL)]
    return kit.Breakdown(columns, rows)


def draw(view: dict, table: kit.Table) -> Image.Image:
    said = letters(table)
    board = _board(view, said)
    width = max(board.width, 640)
    legend = kit.legend(table, width, scores=_scores(view, table), extra=_supplies(view, table))
    if view["phase"] == "over":   # the final board opens with the title and the winner, as every game's does
        return kit.stack([legend, board, _hand_panel(view, table, width, said)])
    return kit.stack([board, _hand_panel(view, table, width, said), legend])
