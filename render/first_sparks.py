"""The First Sparks board image, laid out for a phone (one column, 760 px
wide): the legend (whose turn, last events, the winner), the phase and who
must decide, the landscape (regions with their borders, hunting grounds,
mountains, clan members laid beside the numbers), the technology market
(rows that wrap: no card runs off), the harvest spaces, and the clans (turn
order, size, food, tools and knowledge).

Drawn only from the public view (Fire food shows as "hidden"). The
landscape without members depends only on the tiles, so it is cached.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import first_sparks_words as fw
from render import kit
from rules.first_sparks import phrases as ph
from rules.wording import seat as seat_of

W = 760
MAIN = kit.phone_size(W)      # 19 px: numbers and counts 7 px tall at 400 px wide
TEXT = kit.main_size(W)       # 14 px: words on cards and headings
HEX = 110           # largest hexagon radius in pixels (smaller when the landscape is wide)
MAP_PAD = 16
MAP_W, MAP_H = W, 720
PANEL_W = W
PER_LINE = 4        # market cards a line: at five, their words were 10-13 px, 5-7 px at 400 px wide
CARD_W, CARD_H = (W - 64 - (PER_LINE - 1) * 6) // PER_LINE, 96
GROUND_RGB = {"bush": (150, 70, 130), "lake": (50, 120, 200), "forest": (40, 110, 60), "valley": (150, 110, 70)}
REGION_RGB = {"bush": (236, 214, 226), "lake": (212, 228, 244), "forest": (214, 232, 206), "valley": (236, 222, 200)}
GROUND_FOOD = {"bush": "berry", "lake": "fish", "forest": "bear", "valley": "mammoth"}
FOOD_RGB = {"crop": (120, 170, 60), "berry": (150, 70, 130), "fish": (50, 120, 200), "bear": (170, 130, 80),
            "mammoth": (100, 70, 45)}
KIND_RGB = {"herbs": (190, 225, 170), "field": (200, 228, 140), "basket": (230, 190, 220), "rod": (180, 210, 240),
            "bow": (225, 200, 160), "spear": (200, 170, 140), "fire": (250, 180, 120), "plough": (240, 220, 150),
            "works": (220, 220, 220), "palaver": (240, 230, 190), "intelligence": (210, 200, 240),
            "shuffle": (200, 200, 200)}
KIND_FOOD = {"basket": "berry", "rod": "fish", "bow": "bear", "spear": "mammoth"}
NEUTRAL_RGB = (150, 150, 150)


# ------------------------------------------------------------------ the map


def _frame(points) -> tuple[float, float, int, int, float]:
    """(x0, y0, width, height, pixels per unit) fitting these hexagon centres."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = min(xs) - 1, min(ys) - math.sqrt(3) / 2
    wu, hu = max(xs) + 1 - x0, max(ys) + math.sqrt(3) / 2 - y0
    scale = min(HEX, (MAP_W - 2 * MAP_PAD) / wu, (MAP_H - 2 * MAP_PAD) / hu)
    return x0, y0, MAP_W, int(hu * scale + 2 * MAP_PAD), scale


def _px(frame, x: float, y: float) -> tuple[float, float]:
    x0, y0, width, _, scale = frame[:5]
    return (MAP_PAD + (x - x0) * scale + (width - 2 * MAP_PAD - _span(frame)) / 2, MAP_PAD + (y - y0) * scale)


def _span(frame) -> float:
    return frame[5] * frame[4] if len(frame) > 5 else 0


def _vertex(cx: float, cy: float, k: int) -> tuple[float, float]:
    a = math.radians(60 * (k % 6))
    return (cx + math.cos(a), cy + math.sin(a))


def _region_geometry(hexes):
    """Per region (1-based index - 1): its lozenge and the point for its label."""
    out = []
    for cx, cy, _g, p in hexes:
        for r in range(3):
            poly = [(cx, cy)] + [_vertex(cx, cy, 2 * r + p + i) for i in range(3)]
            tip = poly[2]
            label = (cx + (tip[0] - cx) * 0.8, cy + (tip[1] - cy) * 0.8)
            out.append((poly, label))
    return out


def _map_points(view: dict) -> list[tuple[float, float]]:
    points = [(h[0], h[1]) for h in view["hexes"]]
    for _n, ax, ay, bx, by in view.get("spots", []):
        points += [(ax, ay), (bx, by)]
    return points


def map_frame(view: dict) -> tuple:
    """(x0, y0, width, height, scale, units wide): the landscape centred in the map's width."""
    points = _map_points(view)
    x0, y0, w, h, scale = _frame(points)
    xs = [p[0] for p in points]
    return x0, y0, w, h, scale, max(xs) + 1 - x0


def ground_words(table: kit.Table) -> tuple[tuple[str, str], ...]:
    """(ground, word) for the label of each hunting ground: the food it gives, in the reader's language."""
    return tuple((g, kit.said(table, ph.GROUND[food]())) for g, food in GROUND_FOOD.items())


@lru_cache(maxsize=16)
def _map_layer(hexes: tuple, mountains: tuple, frame: tuple, words: tuple) -> Image.Image:
    """The landscape without members (cached: it changes only while the tiles are laid)."""
    labels = dict(words)
    img = kit.copy(kit.textured(frame[2], frame[3], (226, 218, 198), 0.1))
    d = ImageDraw.Draw(img)
    scale = frame[4]
    regions = _region_geometry(hexes)
    for i, (poly, _label) in enumerate(regions):   # three shades a hexagon: each region reads as one
        ground = hexes[i // 3][2]
        fill = kit.darker(REGION_RGB[ground], 0.08 * (i % 3))
        d.polygon([_px(frame, *p) for p in poly], fill=fill)
    for poly, _label in regions:                   # region borders, ink
        pts = [_px(frame, *p) for p in poly]
        d.line(pts + pts[:1], fill=(90, 80, 70), width=2, joint="curve")
    for cx, cy, _ground, _p in hexes:
        pts = [_px(frame, *_vertex(cx, cy, k)) for k in range(6)]
        d.line(pts + pts[:1], fill=kit.INK, width=4, joint="curve")
    centres = {(round(h[0], 6), round(h[1], 6)) for h in hexes}
    for a, b in mountains:
        if (round(a[0], 6), round(a[1], 6)) in centres:   # a spoke: start outside the ground's disc
            a = (a[0] + (b[0] - a[0]) * 0.38, a[1] + (b[1] - a[1]) * 0.38)
        _mountain(d, _px(frame, *a), _px(frame, *b), scale)
    for cx, cy, ground, _p in hexes:
        x, y = _px(frame, cx, cy)
        r = scale * 0.3
        d.ellipse((x - r + 2, y - r + 2, x + r + 2, y + r + 2), fill=(70, 60, 50))
        d.ellipse((x - r, y - r, x + r, y + r), fill=GROUND_RGB[ground], outline=kit.INK, width=2)
        d.arc((x - r * .7, y - r * .7, x + r * .7, y + r * .7), 200, 280, fill=kit.lighter(GROUND_RGB[ground], .4),
              width=2)
        label = labels[ground]
        size = kit.fit_size(label, TEXT - 2, 2 * r - 6, bold=True, smallest=8)
        if kit.text_width(label, size, True) <= 2 * r - 2:     # a small landscape (set-up): the colour says it
            kit.text(d, (x, y), label, size, fill=kit.WHITE, anchor="mm", bold=True)
        kit.keepout(d, (x - r, y - r, x + r, y + r))
    return img


def _spots(d: ImageDraw.ImageDraw, frame, view: dict) -> None:
    """Where the drawn tile may go: dashed cells and a dark numbered disc on the
    edge between the two (dark discs: not to be mistaken for region numbers)."""
    seen = set()
    for _n, ax, ay, bx, by in view["spots"]:
        for cx, cy in ((ax, ay), (bx, by)):
            if (cx, cy) in seen:
                continue
            seen.add((cx, cy))
            pts = [_px(frame, *_vertex(cx, cy, k)) for k in range(6)]
            d.line(pts + pts[:1], fill=(150, 140, 120), width=2)
    r = MAIN * 0.95
    for n, ax, ay, bx, by in view["spots"]:
        x, y = _px(frame, (ax + bx) / 2, (ay + by) / 2)
        d.ellipse((x - r, y - r, x + r, y + r), fill=kit.INK, outline=kit.WHITE, width=2)
        kit.piece(d, (x - r, y - r, x + r, y + r))
        kit.text(d, (x, y), str(n), MAIN, anchor="mm", bold=True, fill=kit.WHITE, main=True, kind="piece-label")


def _mountain(d: ImageDraw.ImageDraw, a, b, scale: float) -> None:
    """A mountain ridge: a thick grey line with small peaks along it."""
    d.line([a, b], fill=(110, 100, 90), width=7)
    k = max(5, scale * 0.08)
    for t in (0.25, 0.5, 0.75):
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        d.polygon([(x - k, y + k * .7), (x, y - k * 1.1), (x + k, y + k * .7)], fill=(150, 140, 130), outline=kit.INK)
        d.polygon([(x - k * .35, y - k * .5), (x, y - k * 1.1), (x + k * .35, y - k * .5)], fill=kit.WHITE)


@lru_cache(maxsize=64)
def _member_spots(margin: float) -> list[tuple[float, float]]:
    """Where members may stand in a lozenge, nearest its middle first: (t, c) with t along
    the axis from the hexagon's centre (0) to its tip (1) and c across it, in units of the
    axis. A lozenge is 1 long and 1.73 wide (a rhombus of the hexagon's side): a spot must
    stay ``margin`` inside it, or its member would seem to stand in the next region. The
    nearest few to the lozenge's middle, a little outwards (the ground's disc is inwards)."""
    spots = [(t / 100, c * 0.12) for t in range(38, 86, 6) for c in range(-6, 7)]   # clear of the ground's disc
    inside = [(t, c) for t, c in spots if abs(t - 0.5) / 0.5 + abs(c) / 0.866 <= 1 - 2.2 * margin]
    return sorted(inside, key=lambda p: (abs(p[0] - 0.5) * 2 + abs(abs(p[1]) - 0.25), p))[:36]


def _draw_map(view: dict, table: kit.Table) -> Image.Image:
    hexes = tuple(tuple(h) for h in view["hexes"])
    mountains = tuple((tuple(a), tuple(b)) for a, b in view["mountains"])
    frame = map_frame(view)
    img = kit.copy(_map_layer(hexes, mountains, frame, ground_words(table)))
    d = ImageDraw.Draw(img)
    if view.get("spots"):
        _spots(d, frame, view)
    regions = _region_geometry(hexes)
    last = set(view["last"].get("regions", []))
    tile = view["last"].get("tile")
    if tile is not None:
        for cx, cy, _g, _p in hexes[2 * tile:2 * tile + 2]:
            pts = [_px(frame, *_vertex(cx, cy, k)) for k in range(6)]
            d.line(pts + pts[:1], fill=kit.HIGHLIGHT, width=6, joint="curve")
    for rid in last:
        if 1 <= rid <= len(regions):
            poly = [_px(frame, *p) for p in regions[rid - 1][0]]
            d.line(poly + poly[:1], fill=kit.HIGHLIGHT, width=5, joint="curve")
    for i, (poly, _label) in enumerate(regions):   # numbers first (clear of each other), members around them
        if view["phase"] == "build":
            break       # while tiles are laid, the only numbers are the spots': no region is played yet
        cx, cy = poly[0]
        tx, ty = poly[2]
        spots = [_px(frame, cx + (tx - cx) * t, cy + (ty - cy) * t) for t in (0.76, 0.68, 0.6, 0.84, 0.52)]
        w = kit.text_width(str(i + 1), MAIN, True) + 6
        box = kit.place(d, w, MAIN + 6, spots, avoid=("label", "piece", "piece-label"))
        kit.text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(i + 1), MAIN, fill=kit.INK, anchor="mm",
                 bold=True, outline=kit.WHITE, main=True)
    occupants: dict[int, list[int]] = {}
    for clan, regs in enumerate(view["members"]):
        for rid in regs:
            occupants.setdefault(rid, []).append(clan)
    for rid, clans in sorted(occupants.items()):
        if not 1 <= rid <= len(regions):
            continue
        poly, _label = regions[rid - 1]
        cx, cy = _px(frame, *poly[0])
        tx, ty = _px(frame, *poly[2])
        length = math.hypot(tx - cx, ty - cy)
        ux, uy = (tx - cx) / length, (ty - cy) / length     # along the lozenge, outwards
        vx, vy = -uy, ux                                     # across it
        r = max(11, min(14, frame[4] * 0.13))     # members: tokens a phone reader can tell apart (letters ~6 px at 400 px wide)
        spots = [(cx + ux * length * t + vx * length * c, cy + uy * length * t + vy * length * c)
                 for t, c in _member_spots(r / length)]
        for clan in clans:
            box = kit.place(d, 2 * r + 4, 2 * r + 4, spots)
            bx, by = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if clan == view["neutral"]:
                kit.shape(d, "circle", bx, by, r, NEUTRAL_RGB)
                kit.text(d, (bx, by), "N", int(r * 1.2), fill=kit.WHITE, anchor="mm", outline=kit.INK, bold=True,
                         record_it=False)
            else:
                kit.badge(d, clan, bx, by, r)
    return img


# ------------------------------------------------------------------ cards


def _table_text(info: dict, table: kit.Table) -> list[str]:
    """What a card gives: its crops, its table (tokens on the space+ : food taken) or what its knowledge does."""
    k = info["kind"]
    if k in ("herbs", "field"):
        return [kit.said(table, ph.FOOD_AMOUNT["crop"](n=info["crops"]))]
    if k in KIND_FOOD:
        return ["  ".join(f"{least}+:{take}" for least, take in info["table"][i:i + 2])
                for i in range(0, len(info["table"]), 2)]
    if k in fw.KNOWLEDGE:
        return [kit.said(table, fw.KNOWLEDGE[k]())]
    return []


def _table_lines(info: dict, table: kit.Table, width: float) -> tuple[int, list[str]]:
    """The size and lines of what a card gives: two lines, or three smaller ones, words never cut."""
    lines = _table_text(info, table)
    if len(lines) != 1:
        return TEXT, lines
    for size, most in ((TEXT, 2), (TEXT - 1, 3)):
        wrapped = kit.wrap(lines[0], size, width)
        if len(wrapped) <= most and all(kit.text_width(w, size) <= width for w in wrapped):
            return size, wrapped
    return TEXT - 1, wrapped[:3]


def kind_name(table: kit.Table, kind: str) -> str:
    return kit.said(table, ph.CARD_KIND[kind]())


def _card(img: Image.Image, x: int, y: int, number: int, info: dict, table: kit.Table, *, dim=False, ring=None,
          bonus=False) -> None:
    """A market card at (x, y): its words in the table's language, then the card as drawn for them."""
    k = info["kind"]
    room = CARD_W - (40 if bonus else 12)
    size, lines = (0, []) if k == "shuffle" else _table_lines(info, table, room)
    tile = _card_tile(number, k, info.get("price"), kind_name(table, k), size, tuple(lines), dim, ring, bonus)
    kit.paste(img, tile, (x, y))


@lru_cache(maxsize=96)
def _card_tile(number: int, k: str, price, name: str, size: int, lines: tuple[str, ...], dim: bool, ring,
               bonus: bool) -> Image.Image:
    """A card with its shadow on the panel's paper, drawn once for each look (96 of about 70 KB kept:
    the market shows the same cards turn after turn). Read-only: pasted."""
    img = Image.new("RGB", (CARD_W + 3, CARD_H + 3), kit.PAPER)
    d = ImageDraw.Draw(img)
    x = y = 0
    fill = KIND_RGB[k] if not dim else tuple(int(c * 0.55 + 246 * 0.45) for c in KIND_RGB[k])
    d.rounded_rectangle((x + 2, y + 2, x + CARD_W + 2, y + CARD_H + 2), radius=8, fill=(170, 160, 140))
    d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, fill=fill, outline=ring or kit.INK,
                        width=5 if ring else 1)
    if k == "shuffle":
        word = name.upper()
        kit.text(d, (x + CARD_W / 2, y + CARD_H / 2), word, kit.fit_size(word, TEXT, CARD_W - 10, True, 9),
                 anchor="mm", bold=True)
        return img
    kit.text(d, (x + 7, y + 4), f"#{number}", MAIN, bold=True, main=True)
    kit.text(d, (x + CARD_W - 7, y + 4), f"{price}", MAIN, anchor="ra", bold=True, fill=(150, 40, 20), main=True)
    food = KIND_FOOD.get(k)
    kit.text(d, (x + 7, y + 29), name, kit.fit_size(name, TEXT, CARD_W - 32, smallest=TEXT - 1))
    if food:
        d.ellipse((x + CARD_W - 20, y + 30, x + CARD_W - 7, y + 43), fill=FOOD_RGB[food], outline=kit.INK)
    room = CARD_W - (40 if bonus else 12)
    for i, line in enumerate(lines):
        kit.text(d, (x + 7, y + 48 + round(size * 1.2) * i), line, kit.fit_size(line, size, room, smallest=size - 1))
    if bonus:
        bx, by = x + CARD_W - 17, y + CARD_H - 17
        d.ellipse((bx - 12, by - 12, bx + 12, by + 12), fill=FOOD_RGB["crop"], outline=kit.INK, width=2)
        kit.piece(d, (bx - 12, by - 12, bx + 12, by + 12))
        kit.text(d, (bx, by), "+1", 11, fill=kit.WHITE, anchor="mm", bold=True, record_it=False)
    return img


def card_origin(view: dict, index: int) -> tuple[int, int]:
    """Top-left of market card ``index`` (0-based in ``view["market"]``) in the market panel."""
    now = view["current"]
    row, i = (0, index) if index < now else (1, index - now)
    first_lines = max(1, (now + PER_LINE - 1) // PER_LINE)
    line, col = divmod(i, PER_LINE)
    y = 30 + (line if row == 0 else first_lines + line) * (CARD_H + 10) + (14 if row == 1 else 0)
    return 60 + col * (CARD_W + 6), y


def _market(view: dict, table: kit.Table) -> Image.Image:
    market = view["market"]
    now = view["current"]
    lines = max(1, (now + PER_LINE - 1) // PER_LINE) + (len(market) - now + PER_LINE - 1) // PER_LINE
    if not market:
        lines = 0   # the market ran out: the title says so
    img = Image.new("RGB", (PANEL_W, 30 + lines * (CARD_H + 10) + 24), kit.PAPER)
    d = ImageDraw.Draw(img)
    title = kit.said(table, fw.MARKET(deck=view["deck"]))
    kit.text(d, (8, 4), title, MAIN, bold=True, main=True)
    notes = ([kit.said(table, fw.STAGE_TWO())] if view["stage"] != 1 else []) + \
        ([] if market else [kit.said(table, fw.NO_CARD_LEFT())])
    if notes:       # the market's state, after its title
        x = 8 + kit.text_width(title, MAIN, True) + 12
        note = " · ".join(notes)
        kit.text(d, (x, 4 + MAIN * 0.6), note, kit.fit_size(note, TEXT, PANEL_W - 8 - x, smallest=9), anchor="lm",
                 fill=kit.MUTED)
    if market:      # how to read a card, under the cards
        kit.text(d, (PANEL_W - 8, img.height - 4), kit.said(table, fw.MARKET_KEY()), TEXT - 3, fill=kit.MUTED,
                 anchor="rd")
    rows = (kit.said(table, fw.NOW()), kit.said(table, fw.LATER()))
    offer = view["offer"]
    last_card = view["last"].get("card")
    for index, c in enumerate(market):
        x, y = card_origin(view, index)
        if index in (0, now):
            word = rows[0 if index == 0 else 1]
            kit.text(d, (8, y + CARD_H / 2), word, kit.fit_size(word, TEXT - 2, 48, smallest=9), fill=kit.MUTED,
                     anchor="lm")
        ring = kit.HIGHLIGHT if (offer and offer["card"] == c) or c == last_card else None
        _card(img, x, y, c, view["card_info"][str(c)], table, dim=index >= now, ring=ring, bonus=c == view["bonus"])
    return img


# ------------------------------------------------------------------ spaces


def _spaces(view: dict, table: kit.Table) -> Image.Image:
    img = Image.new("RGB", (PANEL_W, 70), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (8, 4), kit.said(table, fw.SPACES()), TEXT, bold=True)
    items = [("crop", kit.said(table, fw.SPACE["crop"]()), "∞", "")] + [
        (f, kit.said(table, fw.SPACE[f]()), str(view["spaces"][f]), f"+{view['restock'][f]}")
        for f in ("berry", "fish", "bear", "mammoth")]
    widths = [26 + 6 + kit.text_width(label, TEXT) + 5 + kit.text_width(count, MAIN, True) + 4
              + (kit.text_width(f"({plus})", TEXT) if plus else 0) for _f, label, count, plus in items]
    gap = max(8.0, (PANEL_W - 16 - sum(widths)) / (len(items) - 1))   # spread out, each as wide as it needs
    x: float = 8
    for (food, label, count, plus), w in zip(items, widths, strict=True):
        d.ellipse((x, 30, x + 26, 56), fill=FOOD_RGB[food], outline=kit.INK, width=2)
        kit.piece(d, (x, 30, x + 27, 57))
        tx: float = x + 32
        kit.text(d, (tx, 43), label, TEXT, anchor="lm")
        tx += kit.text_width(label, TEXT) + 5
        kit.text(d, (tx, 43), count, MAIN, anchor="lm", bold=True, main=True)      # tokens on the space
        if plus:      # what the space gets back each round
            kit.text(d, (tx + kit.text_width(count, MAIN, True) + 4, 43), f"({plus})", TEXT, anchor="lm",
                     fill=kit.MUTED)
        x += w + gap
    return img


# ------------------------------------------------------------------ clans


CLAN_ROW = MAIN + 16       # a line of a clan's row (its chips wrap onto more lines)


def _clans(view: dict, table: kit.Table) -> Image.Image:
    """The clans in turn order: place, badge, name, size, food, then the tool and knowledge chips."""
    order = view["order"]
    foods = {seat: kit.said(table, fw.HIDDEN() if view["food"][seat] is None else fw.FOOD(n=view["food"][seat]))
             for seat in order}
    name_x, name_w = 70, 130
    size_x = name_x + name_w + 8
    food_x = size_x + kit.text_width("13", MAIN + 2, True) + 14
    chip_x0 = food_x + max(kit.text_width(f, MAIN) for f in foods.values()) + 14     # French is longer
    rows = []
    for seat in order:   # the tool chips of a clan wrap onto more lines when they need to
        chips, x, line = [], chip_x0, 0
        for c in view["cards"][seat]:
            info = view["card_info"][str(c)]
            label = f"#{c} {kind_name(table, info['kind'])}"
            w = kit.text_width(label, TEXT - 1) + 12
            if x + w > PANEL_W - 6 and x > chip_x0:
                x, line = chip_x0, line + 1
            chips.append((c, info, label, x, line, w))
            x += w + 4
        rows.append((seat, chips, line + 1))
    height = 36 + sum(n * CLAN_ROW + 8 for _s, _c, n in rows) + (CLAN_ROW + 8 if view["neutral"] is not None else 0)
    img = Image.new("RGB", (PANEL_W, height), kit.PAPER)
    d = ImageDraw.Draw(img)
    heading = kit.said(table, fw.CLANS())
    kit.text(d, (8, 6), heading, kit.fit_size(heading, TEXT, PANEL_W - 16, True, TEXT - 3), bold=True)
    y = 36
    for pos, (seat, chips, lines) in enumerate(rows):
        h = lines * CLAN_ROW + 4
        acting = seat in table.to_act and not table.finished
        if acting:
            d.rounded_rectangle((2, y, PANEL_W - 2, y + h), radius=6, fill=kit.TURN_BG, outline=kit.INK)
        elif seat in view["done"] and view["phase"] == "buy":
            d.rounded_rectangle((2, y, PANEL_W - 2, y + h), radius=6, fill=(232, 228, 216))
        cy = y + CLAN_ROW / 2 + 2
        kit.text(d, (10, cy), f"{pos + 1}.", TEXT, anchor="lm", bold=True)
        kit.badge(d, seat, 48, cy, MAIN * 0.65)
        name = kit.name_of(table, seat)
        while len(name) > 2 and kit.text_width(name, MAIN, acting) > name_w:
            name = name[:-2] + "…"
        kit.text(d, (name_x, cy), name, MAIN, anchor="lm", bold=acting, main=True)
        kit.text(d, (size_x, cy), f"{view['sizes'][seat]}", MAIN + 2, anchor="lm", bold=True, main=True)
        food = view["food"][seat]
        kit.text(d, (food_x, cy), foods[seat], MAIN, anchor="lm", fill=kit.MUTED if food is None else kit.INK,
                 main=True)
        for c, info, label, x, line, w in chips:
            ring = view["last"].get("card") == c
            top = y + (CLAN_ROW - 24) / 2 + 2 + line * CLAN_ROW
            d.rounded_rectangle((x, top, x + w, top + 24), radius=5, fill=KIND_RGB[info["kind"]],
                                outline=kit.HIGHLIGHT if ring else kit.INK, width=3 if ring else 1)
            kit.text(d, (x + 6, top + 12), label, TEXT - 1, anchor="lm")
        y += h + 4
    if view["neutral"] is not None:
        cy = y + CLAN_ROW / 2 + 2
        kit.shape(d, "circle", 48, cy, MAIN * 0.65, NEUTRAL_RGB)
        kit.text(d, (48, cy), "N", 14, fill=kit.WHITE, anchor="mm", outline=kit.INK, bold=True, record_it=False)
        neutral = kit.said(table, fw.NEUTRAL())
        kit.text(d, (name_x, cy), neutral, kit.fit_size(neutral, TEXT, name_w, smallest=TEXT - 4), anchor="lm")
        kit.text(d, (size_x, cy), f"{view['sizes'][view['neutral']]}", MAIN + 2, anchor="lm", bold=True, main=True)
        grows = kit.said(table, fw.NEUTRAL_GROWS())
        kit.text(d, (food_x, cy), grows, kit.fit_size(grows, TEXT - 1, PANEL_W - food_x - 8, smallest=TEXT - 4),
                 anchor="lm", fill=kit.MUTED)
    return img


def _headline(view: dict, table: kit.Table) -> str:
    """The round and phase, then who must decide what."""
    phase = ph.PHASE[view["phase"]]()
    head = kit.said(table, ph.STATUS_ROUND(round=view["round"], phase=phase) if view["round"] else phase)
    if view["ending"] and view["phase"] != "over":
        head += " · " + kit.said(table, fw.LAST_ROUND()).upper()
    acting = view["to_act"]
    if not acting:
        return head
    who = seat_of(acting[0])
    offer = view["offer"]
    if view["phase"] == "build" and view.get("drawn"):
        up, down, tid = view["drawn"]
        top = ph.GROUND[GROUND_FOOD[up]]()
        said = fw.LAYS(who=who, tile=tid, grounds=ph.TILE_GROUNDS(a=top, b=ph.GROUND[GROUND_FOOD[down]]()),
                       letter="a", top=top)
    elif view["phase"] == "buy" and view["drop"] is not None:
        said = fw.GIVES_UP(who=who)
    elif view["phase"] == "buy" and offer and offer["decide"]:
        said = fw.BUY_OR_REMOVE(who=who, card=offer["card"])
    elif view["phase"] == "buy" and offer:
        said = (fw.OFFERED(by=seat_of(offer["by"]), card=offer["card"], who=who) if offer["yes"] is None else
                fw.OFFERED_WANTED(by=seat_of(offer["by"]), card=offer["card"], who=who, yes=seat_of(offer["yes"])))
    elif view["phase"] == "buy":
        said = fw.OFFERS(who=who)
    elif view["phase"] == "expand" and view["neutral_due"]:
        said = fw.NEUTRAL_DUE(who=who, n=view["neutral_due"])
    else:
        said = fw.DECIDES(who=who)
    return f"{head} – {kit.said(table, said)}"


def _status(view: dict, table: kit.Table) -> Image.Image:
    line = _headline(view, table)
    h = int(kit.paragraph_height(line, MAIN, W - 20, bold=True) + 16)
    img = Image.new("RGB", (W, h), kit.PAPER)
    kit.paragraph(ImageDraw.Draw(img), (10, 8), line, MAIN, W - 20, bold=True, main=True)
    return img


def _breakdown(view: dict, table: kit.Table) -> kit.Breakdown | None:
    """At the end the largest clan wins, most food left breaking ties (the
    view has sizes and the food of clans without Fire; no more)."""
    if view["phase"] != "over":
        return None
    rows = [[view["sizes"][s], "?" if view["food"][s] is None else view["food"][s]] for s in range(len(table.names))]
    return kit.Breakdown([kit.said(table, fw.MEMBERS()), kit.said(table, fw.FOOD_COLUMN())], rows)


def _legend(view: dict, table: kit.Table) -> Image.Image:
    sizes = view["sizes"][:len(table.names)]
    if view["phase"] != "over":     # at the end the breakdown's columns say it, and the winner is read from numbers
        sizes = [kit.said(table, fw.CLAN_SIZE(n=n)) for n in sizes]
    return kit.legend(table, W, scores=sizes, breakdown=_breakdown(view, table), main=MAIN)


def layout(view: dict, table: kit.Table) -> dict[str, int]:
    """Top of each part in the whole image: legend, status, map, market."""
    top = _legend(view, table).height
    status = _status(view, table).height
    return {"status": top, "map": top + status, "market": top + status + map_frame(view)[3]}


def draw(view: dict, table: kit.Table) -> Image.Image:
    parts = [_legend(view, table), _status(view, table), _draw_map(view, table), _market(view, table),
             _spaces(view, table), _clans(view, table)]
    return kit.stack(parts)
