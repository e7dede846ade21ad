"""Fire & Stone board image, drawn from the public view only.

Layout: the legend (whose turn, last events), the world map (hex
territories by region, closed regions greyed, tiles face down or revealed,
villages with huts per colour, explorers, the last move in gold), then the
hut track, the invention row / VP pile / cave card, and one line per tribe.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from rules.fire_and_stone.data import ALL_INV, CAVES, DATA, PRINTED_FIRE, REGION, SEA, START, TERR, TERR_IDS

R = 37                      # hex radius
HW = math.sqrt(3) * R       # hex width
MARGIN = 18
GRID = DATA["map"]["grid"]
MAP_W = int(MARGIN * 2 + HW * (GRID["cols"] + 0.5))
MAP_H = int(MARGIN * 2 + R * (1.5 * (GRID["rows"] - 1) + 2))
WIDTH = MAP_W

SEA_BLUE = (120, 170, 205)
LAKE_BLUE = (90, 150, 200)
REGION_FILL = {"I": (232, 205, 150), "II": (190, 215, 150), "III": (225, 180, 160)}
CLOSED_FILL = (175, 170, 160)
FIRE = (235, 110, 30)
TILE_BACK = (120, 85, 55)
KIND_STYLE = {  # short label, fill
    "apple": ("APL", (200, 40, 40)), "nut": ("NUT", (140, 95, 50)), "mushroom": ("MSH", (150, 120, 170)),
    "root": ("ROT", (190, 140, 60)), "forest": ("FOR", (40, 110, 50)), "fire": ("FIRE", FIRE),
    "cave": ("CAVE", (80, 80, 90)), "hut": ("HUT", (150, 100, 60)), "cache": ("CACHE", (90, 90, 60)),
}
MILESTONES = {3: "reg II", 5: "2nd", 9: "reg III", 11: "END"}


def centre(col: int, row: int) -> tuple[float, float]:
    return (MARGIN + HW / 2 + col * HW + (HW / 2 if row % 2 else 0), MARGIN + R + row * 1.5 * R)


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


CENTRE = {t: centre(TERR[t]["col"], TERR[t]["row"]) for t in TERR_IDS}


@lru_cache(maxsize=4)
def _map_base(open_regions: tuple[str, ...]) -> Image.Image:
    """The static map for one set of open regions: sea, lakes, territories,
    printed fires, numbers, sea routes, region names."""
    img = Image.new("RGB", (MAP_W, MAP_H), SEA_BLUE)
    d = ImageDraw.Draw(img)
    for c, r in GRID["lakes"]:
        d.polygon(hexagon(*centre(c, r), R - 1), fill=LAKE_BLUE, outline=(60, 110, 160))
        kit.text(d, centre(c, r), "lake", size=11, fill=kit.WHITE, anchor="mm")
    for a in sorted(SEA):
        for b in SEA[a]:
            if a < b:
                _dotted(d, CENTRE[a], CENTRE[b])
    for t in TERR_IDS:
        cx, cy = CENTRE[t]
        fill = REGION_FILL[REGION[t]] if REGION[t] in open_regions else CLOSED_FILL
        d.polygon(hexagon(cx, cy, R - 1), fill=fill, outline=(90, 75, 55), width=2)
        kit.text(d, (cx, cy - R * 0.62), str(t), size=12, fill=kit.INK, anchor="mm", bold=True)
        if t in PRINTED_FIRE:
            _flame(d, cx, cy - 2, 11)
        if t == START:
            kit.text(d, (cx, cy + 16), "start", size=10, fill=kit.INK, anchor="mm")
    for region, (c, r) in {"I": (0.2, 7.3), "II": (6.2, 7.3), "III": (12.3, 0.0)}.items():
        x, y = MARGIN + c * HW, MARGIN + r * 1.5 * R
        label = f"REGION {region}" + ("" if region in open_regions else " (closed)")
        kit.text(d, (x, y), label, size=15, fill=kit.WHITE, outline=kit.INK)
    return img


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


def _chip(d: ImageDraw.ImageDraw, cx: float, cy: float, label: str, fill, w: int = 40) -> None:
    d.rounded_rectangle((cx - w / 2, cy - 10, cx + w / 2, cy + 10), radius=5, fill=fill, outline=kit.INK)
    kit.text(d, (cx, cy), label, size=12, fill=kit.WHITE, anchor="mm", bold=True)


def _draw_map(view: dict) -> Image.Image:
    img = _map_base(tuple(view["open"])).copy()
    d = ImageDraw.Draw(img)
    last = view.get("last") or {}
    for t in (last.get("from"), last.get("to"), last.get("built")):
        if t:
            d.polygon(hexagon(*CENTRE[t], R - 2), outline=kit.HIGHLIGHT, width=5)
    if last.get("from") and last.get("to") and last["from"] != last["to"]:
        d.line([CENTRE[last["from"]], CENTRE[last["to"]]], fill=kit.HIGHLIGHT, width=4)
    for key, kind in view["tiles"].items():
        cx, cy = CENTRE[int(key)]
        if kind == "?":
            d.rounded_rectangle((cx - 13, cy - 11, cx + 13, cy + 11), radius=4, fill=TILE_BACK, outline=kit.INK)
            kit.text(d, (cx, cy), REGION[int(key)], size=12, fill=kit.WHITE, anchor="mm")
        elif kind == "fire":
            _flame(d, cx, cy - 2, 11)
        else:
            label, fill = KIND_STYLE[kind]
            if kind == "forest":
                label = f"FOR {view['forest'].get(key, 0)}"
            _chip(d, cx, cy, label, fill, 46 if kind in ("forest", "cave") else 40)
    for key, huts in view["villages"].items():
        cx, cy = CENTRE[int(key)]
        owners = [(s, n) for s, n in enumerate(huts) if n]
        x0 = cx - 13 * (len(owners) - 1)
        for i, (s, n) in enumerate(owners):
            x = x0 + 26 * i
            d.rectangle((x - 11, cy + 2, x + 11, cy + 20), fill=kit.player_colour(s), outline=kit.INK)
            d.polygon([(x - 13, cy + 3), (x, cy - 9), (x + 13, cy + 3)], fill=kit.player_colour(s), outline=kit.INK)
            kit.text(d, (x, cy + 11), str(n), size=13, fill=kit.WHITE, anchor="mm", outline=kit.INK)
    # Explorers along the bottom edge of their territory.
    crowd: dict[int, list[int]] = {}
    for s, pos in enumerate(view["explorers"]):
        for t in pos:
            if t is not None:
                crowd.setdefault(t, []).append(s)
    for t, seats in crowd.items():
        cx, cy = CENTRE[t]
        x0 = cx - 9 * (len(seats) - 1)
        for i, s in enumerate(seats):
            kit.badge(d, s, x0 + 18 * i, cy + R * 0.55, 9)
    return img


def _draw_track(view: dict, width: int) -> Image.Image:
    img = Image.new("RGB", (width, 62), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (12, 6), "Hut track", size=15, bold=True)
    spaces = DATA["hut_track"]["spaces"]
    w = min(44, (width - 130) // spaces)
    for i in range(1, spaces + 1):
        x = 110 + (i - 1) * (w + 4)
        filled = i <= view["track"]
        d.rounded_rectangle((x, 24, x + w, 54), radius=4, fill=(150, 100, 60) if filled else kit.WHITE,
                            outline=kit.INK, width=3 if i in MILESTONES else 1)
        kit.text(d, (x + w / 2, 32), str(i), size=11, fill=kit.WHITE if filled else kit.MUTED, anchor="mm")
        if i in MILESTONES:
            kit.text(d, (x + w / 2, 46), MILESTONES[i], size=11, fill=kit.WHITE if filled else kit.INK, anchor="mm")
    kit.text(d, (12, 34), f"{view['track']}/11", size=16, bold=True)
    return img


def _wrap(text: str, chars: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > chars:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def _draw_cards(view: dict, width: int) -> Image.Image:
    img = Image.new("RGB", (width, 132), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (12, 4), f"Inventions (deck {view['inv_deck']})", size=15, bold=True)
    cw = 215
    for i, inv in enumerate(view["inv_row"]):
        x = 12 + i * (cw + 8)
        d.rounded_rectangle((x, 24, x + cw, 112), radius=6, fill=kit.WHITE, outline=kit.INK)
        kit.text(d, (x + 6, 28), f"i{i + 1}  {ALL_INV[inv]['en']}", size=14, bold=True)
        for j, line in enumerate(_wrap(ALL_INV[inv]["text"], 30)[:4]):
            kit.text(d, (x + 6, 48 + j * 15), line, size=12, fill=kit.MUTED)
    x = 12 + 3 * (cw + 8) + 8
    vp = view["vp_deck"]
    kit.text(d, (x, 28), f"VP pile: {len(vp)} left" + (f", top {vp[-1]} VP" if vp else ""), size=14, bold=True)
    kit.text(d, (x, 50), f"Game stacks: I {view['stacks']['I']} · II {view['stacks']['II']} · III {view['stacks']['III']}",
             size=13)
    kit.text(d, (x, 68), f"Bags in supply: {view['bag_supply']}", size=13)
    if view["cave"]:
        cave = CAVES[view["cave"]]
        kit.text(d, (x, 86), f"Cave: {cave['en']}", size=13, bold=True)
        for j, line in enumerate(_wrap(cave["text"], 60)[:2]):
            kit.text(d, (x, 101 + j * 13), line, size=11, fill=kit.MUTED)
    else:
        kit.text(d, (x, 86), "Cave card: face down", size=13, fill=kit.MUTED)
    return img


def _draw_tribes(view: dict, table: kit.Table, width: int) -> Image.Image:
    rows = len(view["tribes"])
    row_h = 58
    img = Image.new("RGB", (width, 26 + rows * row_h), kit.PAPER)
    d = ImageDraw.Draw(img)
    kit.text(d, (12, 4), "Tribes: food in bags · gathering tracks · game tiles · huts left · inventions", size=15,
             bold=True)
    for s, tribe in enumerate(view["tribes"]):
        y = 26 + s * row_h
        acting = view["pending"] and view["pending"]["s"] == s and not view["over"]
        d.rectangle((4, y, width - 4, y + row_h - 4), fill=(255, 240, 170) if acting else (238, 230, 212),
                    outline=kit.INK if acting else kit.MUTED)
        kit.badge(d, s, 22, y + 16, 11)
        name = table.names[s] if s < len(table.names) else f"P{s + 1}"
        kit.text(d, (38, y + 6), f"{name[:12]}  {tribe['vp']} VP", size=14, bold=True)
        # Bags: one box per bag, filled when it holds food.
        bx, step = 40, min(13, 130 // max(1, tribe["bags"]))
        for b in range(tribe["bags"]):
            d.rectangle((bx + b * step, y + 28, bx + b * step + step - 2, y + 44), outline=kit.INK,
                        fill=(220, 160, 40) if b < tribe["food"] else kit.WHITE)
        kit.text(d, (bx + tribe["bags"] * step + 6, y + 36), f"{tribe['food']}/{tribe['bags']}", size=12, anchor="lm")
        x = 230
        for kind, count in tribe["tracks"]:
            label, fill = KIND_STYLE[kind] if kind else ("-", kit.MUTED)
            _chip(d, x + 20, y + 18, label, fill if count else kit.MUTED)
            for k in range(3):
                d.ellipse((x + 6 + k * 12, y + 33, x + 15 + k * 12, y + 42), outline=kit.INK,
                          fill=kit.INK if k < count else kit.WHITE)
            x += 52
        kit.text(d, (x + 6, y + 10), f"game {tribe['game']}", size=13)
        kit.text(d, (x + 6, y + 30), f"huts {tribe['huts']}", size=13)
        x += 80
        inv_x = x
        for inv in tribe["inv"]:
            name = ALL_INV[inv]["en"]
            covered = tribe["cover"].get(inv)
            label = f"{name} [{covered} VP]" if covered else name
            w = kit.text_size(d, label, 12)[0] + 10
            if inv_x + w > width - 10:
                break
            d.rounded_rectangle((inv_x, y + 8, inv_x + w, y + 26), radius=4,
                                fill=(200, 200, 200) if covered else kit.WHITE, outline=kit.INK)
            kit.text(d, (inv_x + 5, y + 17), label, size=12, anchor="lm", fill=kit.MUTED if covered else kit.INK)
            inv_x += w + 4
        if tribe.get("marker") == "cave":
            kit.text(d, (x + 110, y + 36), "marker on the cave card", size=12, fill=kit.INK)
        if view["end"] is not None and not view["over"]:
            kit.text(d, (x, y + 36), f"turns left: {view['end'][s]}", size=12, fill=(160, 30, 30), bold=True)
    return img


PROMPTS = {
    "move": "move explorer {e}", "forest": "take a game tile", "cook": "cook game tiles ({pot} in the pot)",
    "gather": "take or leave the gathering tile", "card": "take an invention or a VP card",
    "build": "build a hut?", "fire": "send an explorer to a fire", "buy": "buy in the cave?",
    "draft": "choose a starting invention",
}


def _draw_status(view: dict, table: kit.Table, width: int) -> Image.Image:
    img = Image.new("RGB", (width, 30), kit.PAPER)
    d = ImageDraw.Draw(img)
    head = view["pending"]
    if view["over"]:
        final = view.get("final") or []
        text = "Game over · " + " · ".join(
            f"{table.names[s] if s < len(table.names) else s}: {f['total']} (obj {f['objective']})"
            for s, f in enumerate(final))
    elif head:
        who = table.names[head["s"]] if head["s"] < len(table.names) else f"P{head['s'] + 1}"
        text = f"Now: {who}: " + PROMPTS[head["k"]].format(e=head.get("e", 0) + 1, pot=head.get("pot", 0))
        if view["end"] is not None:
            text += " · END TRIGGERED: final turns"
    else:
        text = ""
    kit.text(d, (12, 6), text[:140], size=16, bold=True)
    return img


def draw(view: dict, table: kit.Table) -> Image.Image:
    legend = kit.legend(table, WIDTH, scores=view.get("scores"))
    parts = [legend, _draw_status(view, table, WIDTH), _draw_map(view), _draw_track(view, WIDTH),
             _draw_cards(view, WIDTH), _draw_tribes(view, table, WIDTH)]
    return kit.stack(parts)
