"""Neanderthal board image from the public view: the event card and the
order, the North and South rows of biomes (ice, gaps, hunters on each card),
then one strip per species: brain board (portals, elders with immature discs),
vocabulary, hunters, sexuality, daughters with husbands, trophies, animals,
inventions, hand size. Cards named in the last move are outlined in gold."""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from rules.neanderthal.data import BIOMES, DAUGHTERS, ELDERS
from rules.neanderthal.game import PHASE_NAMES

W = 1340
CARD_W, CARD_H = 212, 138
GAP = 8
ROW_X = 20
DISC = {"o": (236, 128, 30), "w": (250, 250, 250), "k": (30, 30, 30)}
SPECIES_RGB = {"green": (60, 150, 70), "yellow": (225, 190, 40), "red": (200, 50, 40)}
TYPE_LABEL = {"big": "BIG GAME", "small": "SMALL GAME", "club": "RAID", "flint": "FLINT"}
EVENT_LABEL = {"cool": "cooling", "warm": "warming", "wurm": "Würm", "skull": "elder skull", "chaos": "chaos",
               "blizzard": "blizzard", "eye": "expatriation"}
ICE = (214, 236, 250)
CARD_BG = (252, 248, 236)
PRED_BG = (250, 226, 220)


def disc(d: ImageDraw.ImageDraw, x, y, colour, r=7) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=DISC[colour], outline=kit.INK, width=1)


def cube(d: ImageDraw.ImageDraw, x, y, species, size=12) -> None:
    d.rectangle((x, y, x + size, y + size), fill=SPECIES_RGB[species], outline=kit.INK)


@lru_cache(maxsize=64)
def card_face(cid: str) -> Image.Image:
    """The static face of a biome card (cached: it never changes)."""
    b = BIOMES[cid]
    img = Image.new("RGB", (CARD_W, CARD_H), PRED_BG if b["pred"] else CARD_BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, CARD_W - 1, CARD_H - 1), outline=kit.INK, width=2)
    kit.text(d, (6, 4), b["name"][:24], size=15, bold=True)
    tag = TYPE_LABEL[b["type"]] + (" · PREDATOR" if b["pred"] else "")
    kit.text(d, (6, 23), tag, size=11, fill=(160, 40, 30) if b["pred"] else kit.MUTED)
    kit.text(d, (CARD_W - 6, 4), str(b["tough"]), size=15, anchor="ra", bold=True)
    need = f"need {b['dice']}x " + ("1-2" if b["star"] else "1")
    kit.text(d, (6, 40), need, size=13)
    x = 104
    for f in b["frozen"]:
        d.rounded_rectangle((x, 40, x + 16, 56), 3, fill=(120, 180, 240), outline=kit.INK)
        kit.text(d, (x + 8, 48), str(f), size=11, anchor="mm")
        x += 19
    for f in b["bloody"]:
        d.rounded_rectangle((x, 40, x + 16, 56), 3, fill=(210, 60, 50), outline=kit.INK)
        kit.text(d, (x + 8, 48), str(f), size=11, anchor="mm", fill=kit.WHITE)
        x += 19
    res = f"+{b['babies']} baby" if b["babies"] else "no baby"
    kit.text(d, (6, 62), res, size=13)
    x = 86
    for c in b["release"]:
        disc(d, x, 70, c, 6)
        x += 15
    if b["prereq"]:
        kit.text(d, (CARD_W - 50, 62), "tool", size=11, anchor="ra", fill=kit.MUTED)
        x = CARD_W - 44
        for c in b["prereq"]:
            disc(d, x, 69, c, 6)
            x += 15
    y = 82
    if b["trophy"]:
        kit.text(d, (6, y), f"trophy x{b['trophy']['mult']} = {b['trophy']['vp']} VP", size=12, fill=(120, 80, 20))
    elif b["hand"]:
        h = b["hand"]
        if h["kind"] == "D":
            what = f"D x{h['mult']}: +{h['babies']} " + "".join(h["release"])
        else:
            what = f"I x{h['mult']}: 3=1 on {h['mod']}" + (", weapon" if h.get("weapon") else "")
        kit.text(d, (6, y), what, size=12, fill=(110, 40, 140) if h["kind"] == "D" else (120, 80, 20))
    if b["gather"]:
        kit.text(d, (CARD_W - 6, y), "gather", size=12, anchor="ra", fill=(40, 120, 40))
    return img


def draw_slot(img, d, x, y, key, cell, parties, species, highlighted, fresh) -> None:
    if cell is None:
        d.rectangle((x, y, x + CARD_W, y + CARD_H), outline=kit.MUTED, width=1)
        kit.text(d, (x + CARD_W // 2, y + CARD_H // 2), f"{key} · gap", size=14, anchor="mm", fill=kit.MUTED)
    elif cell.get("ice"):
        d.rectangle((x, y, x + CARD_W, y + CARD_H), fill=ICE, outline=kit.INK, width=2)
        kit.text(d, (x + CARD_W // 2, y + CARD_H // 2), "ICE", size=22, anchor="mm", fill=(90, 130, 170), bold=True)
        kit.text(d, (x + 6, y + 4), key, size=13, fill=(90, 130, 170))
    else:
        img.paste(card_face(cell["id"]), (x, y))
        kit.text(d, (x + CARD_W - 40, y + 4), key, size=12, anchor="ra", fill=kit.MUTED)
        if key in fresh:
            kit.text(d, (x + CARD_W - 6, y + 23), "new", size=11, anchor="ra", fill=kit.MUTED)
    draw_hunters(d, x + 4, y + CARD_H - 34, parties.get(key, {}), species)
    if highlighted:
        d.rectangle((x - 3, y - 3, x + CARD_W + 3, y + CARD_H + 3), outline=kit.HIGHLIGHT, width=5)


def draw_hunters(d, x, y, parties: dict, species) -> None:
    """Each party: the seat's badge, cubes by colour, an A for the alpha."""
    for s, party in sorted(parties.items()):
        seat = int(s)
        n = sum(party["c"]) + (1 if party["a"] else 0)
        if n == 0:
            continue
        kit.badge(d, seat, x + 10, y + 14, 10)
        cx = x + 24
        for owner, k in enumerate(party["c"]):
            for _ in range(min(k, 8)):
                cube(d, cx, y + 8, species[owner], 10)
                cx += 12
            if k > 8:
                kit.text(d, (cx, y + 13), f"+{k - 8}", size=11, anchor="lm")
                cx += 22
        if party["a"]:
            d.ellipse((cx, y + 6, cx + 14, y + 20), fill=SPECIES_RGB[species[seat]], outline=kit.INK, width=2)
            kit.text(d, (cx + 7, y + 13), "A", size=10, anchor="mm")
            cx += 16
        kit.text(d, (cx + 2, y + 13), str(n), size=13, anchor="lm", bold=True)
        x = cx + 22


def draw_header(view, width) -> Image.Image:
    img = Image.new("RGB", (width, 64), kit.PAPER)
    d = ImageDraw.Draw(img)
    ev = view["event"]
    if ev:
        info = DAUGHTERS[ev]
        kit.text(d, (20, 8), f"Round {view['round']} · {info['name']}", size=20, bold=True)
        kit.text(d, (20, 36), "Events: " + ", ".join(EVENT_LABEL[e] for e in info["events"])
                 + " · bid with " + "/".join({"o": "orange", "w": "white", "k": "black"}[c] for c in info["bid"]),
                 size=14)
    else:
        kit.text(d, (20, 8), "Neanderthal · set-up" if view["phase"] != "over" else "Neanderthal · game over",
                 size=20, bold=True)
    phase = PHASE_NAMES.get(view["phase"], (None,))[0]
    if phase:
        kit.text(d, (560, 10), "Now: " + phase, size=16, bold=True, fill=(150, 60, 20))
    if view.get("waiting"):
        kit.text(d, (560, 36), view["waiting"][:70], size=14, fill=(150, 60, 20))
    x = width - 20
    kit.text(d, (x, 8), f"{view['events_left']} event cards left · decks N{view['decks']['N']} S{view['decks']['S']}",
             size=13, anchor="ra", fill=kit.MUTED)
    kit.text(d, (x - 150, 40), "Order:", size=14, anchor="ra")
    for i, s in enumerate(view["order"]):
        kit.badge(d, s, x - 130 + i * 30, 46, 11)
    return img


def draw_europe(view, highlight) -> Image.Image:
    h = 2 * CARD_H + 3 * GAP + 40
    img = Image.new("RGB", (W, h), (232, 226, 210))
    d = ImageDraw.Draw(img)
    species = [p["species"] for p in view["players"]]
    for r, row in enumerate(("N", "S")):
        y = 20 + r * (CARD_H + GAP + 14)
        kit.text(d, (ROW_X, y - 16), "NORTHERN EUROPE" if row == "N" else "SOUTHERN EUROPE", size=12,
                 fill=kit.MUTED, bold=True)
        for i, cell in enumerate(view["rows"][row]):
            key = f"{row}{i + 1}"
            x = ROW_X + i * (CARD_W + GAP)
            draw_slot(img, d, x, y, key, cell, view["parties"], species, key in highlight, view["fresh"])
    return img


def elder_line(p) -> list:
    out = []
    for r in range(1, 7):
        e = p["elders"][r]
        if e is not None:
            out.append((r, e["imm"]))
    return out


def draw_player(view, seat, highlight_daughters, acting) -> Image.Image:
    p = view["players"][seat]
    h = 150
    img = Image.new("RGB", (W, h), (255, 246, 200) if acting else kit.PAPER)
    d = ImageDraw.Draw(img)
    d.line((0, 0, W, 0), fill=kit.MUTED, width=1)
    rgb = SPECIES_RGB[p["species"]]
    d.rectangle((0, 0, 8, h), fill=rgb)
    kit.badge(d, seat, 30, 22, 13)
    side = "TRIBAL" if p["tribal"] else "vocal"
    kit.text(d, (50, 10), f"{p['name']} · {side} · {p['sex'] or '?'}", size=17, bold=True)
    kit.text(d, (50, 32), f"{p['score']} VP · hand {p['hand_size']}/{p['hand_limit']}", size=13, fill=kit.MUTED)
    # vocabulary
    y = 56
    kit.text(d, (20, y), "Words", size=13)
    x = 70
    for c in ("o", "w", "k"):
        for _ in range(p["vocab"][c]):
            disc(d, x, y + 8, c, 6)
            x += 13
        x += 6
    # hunters
    y = 80
    pool = p["pool"]
    kit.text(d, (20, y), "Hunters", size=13)
    x = 80
    species = [q["species"] for q in view["players"]]
    for owner, k in enumerate(pool):
        for _ in range(min(k, 14)):
            cube(d, x, y + 2, species[owner], 11)
            x += 13
        if k > 14:
            kit.text(d, (x, y), f"+{k - 14}", size=12)
            x += 26
    total = sum(pool)
    if p["alpha"] == "pool":
        d.ellipse((x, y, x + 15, y + 15), fill=rgb, outline=kit.INK, width=2)
        kit.text(d, (x + 7, y + 8), "A", size=10, anchor="mm")
        x += 18
        total += 1
    kit.text(d, (x + 4, y), f"{total}", size=13, bold=True)
    kit.text(d, (20, 104), f"Grave {p['grave']} · alpha: {p['alpha']}", size=13, fill=kit.MUTED)
    mpi = "".join(p["mpi"])
    kit.text(d, (20, 124), f"Sexuality card: {' / '.join(p['sex_sides'])}" + (f" · MPI {mpi}" if mpi else ""),
             size=12, fill=kit.MUTED)
    # brain board
    bx = 330
    d.rounded_rectangle((bx, 8, bx + 250, h - 8), 8, fill=(240, 232, 250) if not p["tribal"] else (250, 236, 214),
                        outline=kit.INK)
    if not p["tribal"]:
        kit.text(d, (bx + 8, 14), "Portals", size=12, bold=True)
        for i, slot in enumerate(("venus", "shaman", "bison")):
            kit.text(d, (bx + 8, 32 + i * 18), slot.capitalize(), size=12)
            for j, c in enumerate(p["portals"][slot]):
                disc(d, bx + 72 + j * 16, 39 + i * 18, c, 6)
    else:
        kit.text(d, (bx + 8, 14), "Tribal side", size=12, bold=True)
    kit.text(d, (bx + 8, 90), "Elders", size=12, bold=True)
    ex = bx + 8
    for r, imm in elder_line(p):
        cube(d, ex, 106, p["species"], 13)
        if imm:
            disc(d, ex + 22, 112, imm, 5)
        kit.text(d, (ex, 124), f"{r} {ELDERS[r]['name'][:5]}", size=9, fill=kit.MUTED)
        ex += 40
    # tableau: daughters then trophies, animals, inventions
    tx = 596
    for i, dau in enumerate(p["daughters"]):
        key = f"{'ABC'[seat]}{i + 1}"
        w = 120
        if tx + w > W - 10:
            kit.text(d, (tx, 30), f"+{len(p['daughters']) - i}", size=16, bold=True)
            break
        col = (255, 238, 238)
        d.rounded_rectangle((tx, 8, tx + w, 70), 6, fill=col, outline=kit.HIGHLIGHT if key in highlight_daughters else kit.INK,
                            width=4 if key in highlight_daughters else 1)
        info = DAUGHTERS[dau["id"]]
        kit.text(d, (tx + 5, 12), f"{key} {info['name']}"[:17], size=12, bold=True)
        px = tx + 5
        for slot, c in info["portals"]:
            kit.text(d, (px, 30), slot[:3].capitalize(), size=10, fill=kit.MUTED)
            disc(d, px + 26, 36, c, 5)
            px += 36
        if info["ability"]:
            kit.text(d, (tx + 5, 42), ability_label(info), size=10, fill=(40, 120, 40))
        for j, c in enumerate(dau["discs"]):
            disc(d, tx + 10 + j * 12, 60, c, 5)
        hus = dau["hus"]
        if hus:
            hx = tx + w - 40
            cube(d, hx, 48, view["players"][hus["s"]]["species"], 14)
            if hus["a"]:
                kit.text(d, (hx + 7, 55), "A", size=10, anchor="mm")
            if hus["imm"]:
                disc(d, hx + 24, 55, hus["imm"], 5)
        tx += w + 6
    y2 = 80
    tx = 596
    for label, code, cards, colour in (("Trophies", "t", [{"id": t, "discs": []} for t in p["trophies"]], (120, 80, 20)),
                                       ("Animals", "x", p["domestic"], (110, 40, 140)),
                                       ("Inventions", "i", p["inventions"], (120, 80, 20))):
        if not cards:
            continue
        kit.text(d, (tx, y2), label, size=11, fill=kit.MUTED)
        cx = tx
        for n, c in enumerate(cards):
            name = f"{code}{n + 1} " + BIOMES[c["id"]]["name"][:14]   # the code negotiation deals use
            tw = 8 + 7 * len(name) + 14 * len(c["discs"])
            d.rounded_rectangle((cx, y2 + 16, cx + tw, y2 + 38), 4, fill=kit.WHITE, outline=colour)
            kit.text(d, (cx + 4, y2 + 20), name, size=11, fill=colour)
            for j, dc in enumerate(c["discs"]):
                disc(d, cx + 7 * len(name) + 12 + j * 14, y2 + 27, dc, 5)
            cx += tw + 4
        tx = max(cx + 10, tx + 90)
    return img


def draw(view: dict, table: kit.Table) -> Image.Image:
    last = " ".join(view.get("last") or []) + " " + " ".join(table.last_events)
    highlight = set(re.findall(r"\b([NS][1-6])\b", last))
    dkeys = set(re.findall(r"\b([ABC][1-9])\b", last))
    scores = [p["score"] for p in view["players"]]
    extra = {s: p["name"] + (" · tribal" if p["tribal"] else "") for s, p in enumerate(view["players"])}
    parts = [kit.legend(table, W, scores=scores, extra=extra), draw_header(view, W)]
    if view.get("proposal"):
        img = Image.new("RGB", (W, 30), (255, 240, 170))
        kit.text(ImageDraw.Draw(img), (20, 6), "Proposal: " + kit.with_names(view["proposal"], table) + "  (yes / no)", size=15, bold=True)
        parts.append(img)
    parts.append(draw_europe(view, highlight))
    for seat in range(len(view["players"])):
        parts.append(draw_player(view, seat, dkeys, seat in table.to_act and not table.finished))
    return kit.stack(parts)


def ability_label(info) -> str:
    """A daughter's ability in a word or two (the card face has no room for more)."""
    if info["ability"] == "vp":
        return f"+{info['vp']} VP"
    return {"husbands": "free husbands"}.get(info["ability"], info["ability"])
