"""The First Sparks board image: the landscape (regions, hunting grounds,
mountains, clan members), the technology market, the harvest spaces, the
clans (turn order, size, food, tools and knowledge), the phase and who must
decide, and the kit legend.

Drawn only from the public view (Fire food shows as "hidden"). The
landscape without members depends only on the tiles, so it is cached.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit

HEX = 80            # largest hexagon radius in pixels (smaller when the landscape is wide)
MAP_PAD = 14
MAP_W, MAP_H = 560, 760
PANEL_W = 760
CARD_W, CARD_H = 112, 92

GROUND_RGB = {"bush": (150, 70, 130), "lake": (50, 120, 200), "forest": (40, 110, 60), "valley": (150, 110, 70)}
REGION_RGB = {"bush": (236, 214, 226), "lake": (212, 228, 244), "forest": (214, 232, 206), "valley": (236, 222, 200)}
GROUND_LABEL = {"bush": "berry", "lake": "fish", "forest": "bear", "valley": "mammoth"}
FOOD_RGB = {"crop": (120, 170, 60), "berry": (150, 70, 130), "fish": (50, 120, 200), "bear": (170, 130, 80),
            "mammoth": (100, 70, 45)}
KIND_RGB = {"herbs": (190, 225, 170), "field": (200, 228, 140), "basket": (230, 190, 220), "rod": (180, 210, 240),
            "bow": (225, 200, 160), "spear": (200, 170, 140), "fire": (250, 180, 120), "plough": (240, 220, 150),
            "works": (220, 220, 220), "palaver": (240, 230, 190), "intelligence": (210, 200, 240),
            "shuffle": (200, 200, 200)}
KIND_NAME = {"herbs": "Herbs", "field": "Field", "basket": "Basket", "rod": "Fishing rod", "bow": "Bow",
             "spear": "Spear", "fire": "Fire", "plough": "Plough", "works": "Works", "palaver": "Palaver",
             "intelligence": "Intelligence", "shuffle": "SHUFFLE"}
KIND_FOOD = {"basket": "berry", "rod": "fish", "bow": "bear", "spear": "mammoth"}
KNOWLEDGE_HELP = {"fire": ["no spoilage,", "food hidden"], "plough": ["+1 crop", "per field"], "works": ["4 tools"],
                  "palaver": ["-1 food into", "occupied regions"], "intelligence": ["one place back", "in turn order"]}
NEUTRAL_RGB = (150, 150, 150)
PHASES = {"build": "Set-up: landscape", "neutral": "Placement: the neutral clan", "first": "Placement: first members",
          "second": "Placement: second members", "buy": "Phase 1: buying technologies",
          "hunt": "Phase 2: hunting & feeding", "expand": "Phase 3: expanding the clans", "over": "Game over"}


# ------------------------------------------------------------------ the map


def _frame(points) -> tuple[float, float, int, int, float]:
    """(x0, y0, width, height, pixels per unit) fitting these hexagon centres."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = min(xs) - 1, min(ys) - math.sqrt(3) / 2
    wu, hu = max(xs) + 1 - x0, max(ys) + math.sqrt(3) / 2 - y0
    scale = min(HEX, (MAP_W - 2 * MAP_PAD) / wu, (MAP_H - 2 * MAP_PAD) / hu)
    return x0, y0, int(wu * scale + 2 * MAP_PAD), int(hu * scale + 2 * MAP_PAD), scale


def _px(frame, x: float, y: float) -> tuple[float, float]:
    x0, y0, _, _, scale = frame
    return (MAP_PAD + (x - x0) * scale, MAP_PAD + (y - y0) * scale)


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
            label = (cx + (tip[0] - cx) * 0.82, cy + (tip[1] - cy) * 0.82)
            out.append((poly, label))
    return out


def _map_points(view: dict) -> list[tuple[float, float]]:
    points = [(h[0], h[1]) for h in view["hexes"]]
    for _n, ax, ay, bx, by in view.get("spots", []):
        points += [(ax, ay), (bx, by)]
    return points


@lru_cache(maxsize=16)
def _map_layer(hexes: tuple, mountains: tuple, frame: tuple) -> Image.Image:
    img = Image.new("RGB", (frame[2], frame[3]), kit.PAPER)
    d = ImageDraw.Draw(img)
    scale = frame[4]
    regions = _region_geometry(hexes)
    for i, (poly, label) in enumerate(regions):
        ground = hexes[i // 3][2]
        d.polygon([_px(frame, *p) for p in poly], fill=REGION_RGB[ground], outline=kit.MUTED)
        kit.text(d, _px(frame, *label), str(i + 1), size=15 if scale > 60 else 13, fill=kit.INK, anchor="mm",
                 bold=True)
    for cx, cy, _ground, _p in hexes:
        pts = [_px(frame, *_vertex(cx, cy, k)) for k in range(6)]
        d.polygon(pts, outline=kit.INK, width=2)
    centres = {(round(h[0], 6), round(h[1], 6)) for h in hexes}
    for a, b in mountains:
        if (round(a[0], 6), round(a[1], 6)) in centres:   # a spoke: start outside the ground's disc
            a = (a[0] + (b[0] - a[0]) * 0.38, a[1] + (b[1] - a[1]) * 0.38)
        _mountain(d, _px(frame, *a), _px(frame, *b))
    for cx, cy, ground, _p in hexes:
        x, y = _px(frame, cx, cy)
        r = scale * 0.32
        d.ellipse((x - r, y - r, x + r, y + r), fill=GROUND_RGB[ground], outline=kit.INK, width=2)
        kit.text(d, (x, y), GROUND_LABEL[ground], size=12 if scale > 60 else 10, fill=kit.WHITE, anchor="mm",
                 outline=kit.INK)
    return img


def _spots(d: ImageDraw.ImageDraw, frame, view: dict) -> None:
    """Where the drawn tile may go: faint cells and a numbered disc on the edge between the two."""
    seen = set()
    for _n, ax, ay, bx, by in view["spots"]:
        for cx, cy in ((ax, ay), (bx, by)):
            if (cx, cy) in seen:
                continue
            seen.add((cx, cy))
            d.polygon([_px(frame, *_vertex(cx, cy, k)) for k in range(6)], outline=(190, 180, 160), width=2)
    for n, ax, ay, bx, by in view["spots"]:
        x, y = _px(frame, (ax + bx) / 2, (ay + by) / 2)
        d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=kit.WHITE, outline=kit.INK, width=2)
        kit.text(d, (x, y + 1), str(n), size=12, anchor="mm", bold=True)


def _mountain(d: ImageDraw.ImageDraw, a, b) -> None:
    """A mountain ridge: a thick grey line with small peaks along it."""
    d.line([a, b], fill=(110, 100, 90), width=7)
    for t in (0.25, 0.5, 0.75):
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        d.polygon([(x - 7, y + 5), (x, y - 8), (x + 7, y + 5)], fill=(140, 130, 120), outline=kit.INK)


def _draw_map(view: dict) -> Image.Image:
    hexes = tuple(tuple(h) for h in view["hexes"])
    mountains = tuple((tuple(a), tuple(b)) for a, b in view["mountains"])
    frame = _frame(_map_points(view))
    img = _map_layer(hexes, mountains, frame).copy()
    d = ImageDraw.Draw(img)
    if view.get("spots"):
        _spots(d, frame, view)
    regions = _region_geometry(hexes)
    last = set(view["last"].get("regions", []))
    tile = view["last"].get("tile")
    if tile is not None:
        for cx, cy, _g, _p in hexes[2 * tile:2 * tile + 2]:
            d.polygon([_px(frame, *_vertex(cx, cy, k)) for k in range(6)], outline=kit.HIGHLIGHT, width=5)
    for rid in last:
        if 1 <= rid <= len(regions):
            poly = [_px(frame, *p) for p in regions[rid - 1][0]]
            d.polygon(poly, outline=kit.HIGHLIGHT, width=5)
    occupants: dict[int, list[int]] = {}
    for clan, regs in enumerate(view["members"]):
        for rid in regs:
            occupants.setdefault(rid, []).append(clan)
    for rid, clans in occupants.items():
        poly, _label = regions[rid - 1]
        cx, cy = _px(frame, *poly[0])
        tx, ty = _px(frame, *poly[2])
        length = math.hypot(tx - cx, ty - cy)
        ux, uy = (tx - cx) / length, (ty - cy) / length     # along the lozenge, outwards
        vx, vy = -uy, ux                                     # across it
        n = len(clans)
        per_row = 1 if n == 1 else 2 if n <= 4 else 3
        r = min(11 if n <= 2 else 8, frame[4] * 0.14)
        rows = (n + per_row - 1) // per_row
        for i, clan in enumerate(clans):
            row, col = divmod(i, per_row)
            across = (col - (min(per_row, n - row * per_row) - 1) / 2) * (2 * r + 3)
            along = 0.56 * length + (row - (rows - 1) / 2) * (2 * r + 3)
            bx, by = cx + ux * along + vx * across, cy + uy * along + vy * across
            if clan == view["neutral"]:
                d.ellipse((bx - r, by - r, bx + r, by + r), fill=NEUTRAL_RGB, outline=kit.INK, width=2)
                kit.text(d, (bx, by + 1), "N", size=int(r * 1.3), fill=kit.WHITE, anchor="mm", outline=kit.INK)
            else:
                kit.badge(d, clan, bx, by, r)
    return img


# ------------------------------------------------------------------ cards


def _table_text(info: dict) -> list[str]:
    k = info["kind"]
    if k in ("herbs", "field"):
        return [f"{info['crops']} crop{'s' if info['crops'] > 1 else ''}"]
    if k in KIND_FOOD:
        return ["  ".join(f"{least}+:{take}" for least, take in info["table"][i:i + 2])
                for i in range(0, len(info["table"]), 2)]
    return KNOWLEDGE_HELP.get(k, [])


def _card(d: ImageDraw.ImageDraw, x: int, y: int, number: int, info: dict, *, dim=False, ring=None,
          bonus=False) -> None:
    k = info["kind"]
    fill = KIND_RGB[k] if not dim else tuple(int(c * 0.55 + 246 * 0.45) for c in KIND_RGB[k])
    d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, fill=fill, outline=ring or kit.INK,
                        width=5 if ring else 1)
    if k == "shuffle":
        kit.text(d, (x + CARD_W / 2, y + CARD_H / 2), "SHUFFLE", size=15, anchor="mm", bold=True)
        return
    kit.text(d, (x + 6, y + 4), f"#{number}", size=17, bold=True)
    kit.text(d, (x + CARD_W - 6, y + 5), f"{info['price']}", size=17, anchor="ra", bold=True, fill=(150, 40, 20))
    kit.text(d, (x + 6, y + 26), KIND_NAME[k], size=13)
    food = KIND_FOOD.get(k)
    if food:
        d.ellipse((x + CARD_W - 20, y + 28, x + CARD_W - 8, y + 40), fill=FOOD_RGB[food], outline=kit.INK)
    for i, line in enumerate(_table_text(info)):
        kit.text(d, (x + 6, y + 46 + 16 * i), line, size=12 if len(line) > 17 else 13)
    if bonus:
        bx, by = x + CARD_W - 16, y + CARD_H - 16
        d.ellipse((bx - 11, by - 11, bx + 11, by + 11), fill=FOOD_RGB["crop"], outline=kit.INK, width=2)
        kit.text(d, (bx, by + 1), "+1", size=11, fill=kit.WHITE, anchor="mm", bold=True)


def _market(view: dict, names: list[str]) -> Image.Image:
    market = view["market"]
    current = market[:view["current"]]
    future = market[view["current"]:]
    img = Image.new("RGB", (PANEL_W, 2 * CARD_H + 70), kit.PAPER)
    d = ImageDraw.Draw(img)
    title = "Market" if view["stage"] == 1 else "Market (stage 2: every card may be offered)"
    kit.text(d, (8, 4), f"{title} · deck {view['deck']}", size=16, bold=True)
    kit.text(d, (PANEL_W - 8, 6), "number · price · kind · tokens on space+ : take", size=12, fill=kit.MUTED,
             anchor="ra")
    offer = view["offer"]
    last_card = view["last"].get("card")
    for row, cards, dim in ((0, current, False), (1, future, True)):
        y = 28 + row * (CARD_H + 14)
        if cards or row == 0:
            kit.text(d, (8, y + CARD_H / 2), "now" if row == 0 else "future", size=13, fill=kit.MUTED, anchor="lm")
        for i, c in enumerate(cards):
            ring = kit.HIGHLIGHT if (offer and offer["card"] == c) or c == last_card else None
            _card(d, 62 + i * (CARD_W + 6), y, c, view["card_info"][str(c)], dim=dim, ring=ring,
                  bonus=c == view["bonus"])
    return img


# ------------------------------------------------------------------ spaces


def _spaces(view: dict) -> Image.Image:
    img = Image.new("RGB", (PANEL_W, 62), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (8, 4), "Harvest spaces (restock each round)", size=16, bold=True)
    items = [("crop", "field", "", "")] + [
        (f, label, str(view["spaces"][f]), f"+{view['restock'][f]}")
        for f, label in (("berry", "bush"), ("fish", "lake"), ("bear", "forest"), ("mammoth", "valley"))]
    for i, (food, label, count, plus) in enumerate(items):
        x = 8 + i * 150
        d.ellipse((x, 28, x + 26, 54), fill=FOOD_RGB[food], outline=kit.INK, width=2)
        txt = f"{label} {count}" + (f" ({plus})" if plus else " (unlimited)")
        kit.text(d, (x + 32, 41), txt, size=14, anchor="lm")
    return img


# ------------------------------------------------------------------ clans


def _clans(view: dict, table: kit.Table) -> Image.Image:
    order = view["order"]
    rows = len(order) + (1 if view["neutral"] is not None else 0)
    img = Image.new("RGB", (PANEL_W, 34 + 36 * rows), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (8, 4), "Clans in turn order · size · food · tools & knowledge", size=16, bold=True)
    y = 34
    for pos, seat in enumerate(order):
        acting = seat in table.to_act and not table.finished
        if acting:
            d.rounded_rectangle((2, y, PANEL_W - 2, y + 32), radius=6, fill=(255, 240, 170), outline=kit.INK)
        elif seat in view["done"] and view["phase"] == "buy":
            d.rounded_rectangle((2, y, PANEL_W - 2, y + 32), radius=6, fill=(232, 228, 216))
        kit.text(d, (10, y + 16), f"{pos + 1}.", size=15, anchor="lm", bold=True)
        kit.badge(d, seat, 40, y + 16, 11)
        name = table.names[seat] if seat < len(table.names) else f"seat {seat + 1}"
        kit.text(d, (56, y + 16), name[:12], size=14, anchor="lm", bold=acting)
        kit.text(d, (170, y + 16), f"{view['sizes'][seat]:>2}", size=17, anchor="lm", bold=True)
        food = view["food"][seat]
        kit.text(d, (206, y + 16), "hidden" if food is None else f"{food} food", size=14, anchor="lm",
                 fill=kit.MUTED if food is None else kit.INK)
        x = 282
        for c in view["cards"][seat]:
            info = view["card_info"][str(c)]
            label = f"#{c} {KIND_NAME[info['kind']]}"
            w = kit.text_size(d, label, 12)[0] + 10
            ring = view["last"].get("card") == c
            d.rounded_rectangle((x, y + 6, x + w, y + 27), radius=5, fill=KIND_RGB[info["kind"]],
                                outline=kit.HIGHLIGHT if ring else kit.INK, width=3 if ring else 1)
            kit.text(d, (x + 5, y + 16), label, size=12, anchor="lm")
            x += w + 4
        y += 36
    if view["neutral"] is not None:
        d.ellipse((29, y + 5, 51, y + 27), fill=NEUTRAL_RGB, outline=kit.INK, width=2)
        kit.text(d, (40, y + 17), "N", size=13, fill=kit.WHITE, anchor="mm", outline=kit.INK)
        kit.text(d, (56, y + 16), "neutral", size=14, anchor="lm")
        kit.text(d, (170, y + 16), f"{view['sizes'][view['neutral']]:>2}", size=17, anchor="lm", bold=True)
        kit.text(d, (206, y + 16), "grows free to the first clan's size", size=13, anchor="lm", fill=kit.MUTED)
    return img


def _headline(view: dict, table: kit.Table) -> str:
    def who(seat):
        return table.names[seat] if seat < len(table.names) else f"seat {seat + 1}"

    head = (f"Round {view['round']} · " if view["round"] else "") + PHASES[view["phase"]]
    if view["ending"] and view["phase"] != "over":
        head += " · LAST ROUND"
    acting = view["to_act"]
    if not acting:
        return head
    seat = acting[0]
    offer = view["offer"]
    if view["phase"] == "build" and view.get("drawn"):
        up, down, tid = view["drawn"]
        return (f"{head} - {who(seat)} lays tile {tid} ({GROUND_LABEL[up]} + {GROUND_LABEL[down]}) "
                f"on a numbered spot: 'a' puts {GROUND_LABEL[up]} above")
    if view["phase"] == "buy":
        if view["drop"] is not None:
            return f"{head} - {who(seat)} must give up a tool"
        if offer and offer["decide"]:
            return f"{head} - {who(seat)}: buy or remove #{offer['card']}"
        if offer:
            wants = f" ({who(offer['yes'])} wants it)" if offer["yes"] is not None else ""
            return f"{head} - {who(offer['by'])} offers #{offer['card']}: {who(seat)} to buy or decline{wants}"
        return f"{head} - {who(seat)} offers a card or passes"
    if view["phase"] == "expand" and view["neutral_due"]:
        return f"{head} - {who(seat)} grows the neutral clan ({view['neutral_due']} more)"
    return f"{head} - {who(seat)} to decide"


def draw(view: dict, table: kit.Table) -> Image.Image:
    board = _draw_map(view)
    panel = kit.stack([_market(view, table.names), _spaces(view), _clans(view, table)])
    width = board.width + panel.width + 10
    top_h = max(board.height, panel.height) + 40
    top = Image.new("RGB", (width, top_h), kit.PAPER)
    d = ImageDraw.Draw(top)
    kit.text(d, (10, 8), _headline(view, table)[:120], size=18, bold=True)
    top.paste(board, (0, 36))
    top.paste(panel, (board.width + 10, 36))
    legend = kit.legend(table, width, scores=view["sizes"][:len(table.names)])
    return kit.stack([top, legend])
