"""Neanderthal board image from the public view, laid out for a phone: the
legend (whose turn, last events, the winner), the round's event card (the
daughter up for auction and what she gives), the North and South rows of
biomes three cards a line (ice, gaps, hunters on each card), then one strip
per player: species, words, hunters, brain board (portals, elders with
immature discs), daughters with husbands, trophies, animals, inventions.
Cards named in the last move are outlined in gold."""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from rules.neanderthal.data import BIOMES, DAUGHTERS, ELDERS
from rules.neanderthal.game import PHASE_NAMES

W = 840
MAIN = kit.main_size(W)            # 15 px: 7 px at 400 px wide
SMALL = MAIN - 2
ROW_X = 14
GAP = 10
PER_LINE = 3
CARD_W = (W - 2 * ROW_X - (PER_LINE - 1) * GAP) // PER_LINE
CARD_FACE_H = 112
HUNT_H = 54
CARD_H = CARD_FACE_H + HUNT_H
ROW_TITLE = 24
DISC = {"o": (236, 128, 30), "w": (250, 250, 250), "k": (30, 30, 30)}
DISC_NAME = {"o": "orange", "w": "white", "k": "black"}
SPECIES_RGB = {"green": (60, 150, 70), "yellow": (225, 190, 40), "red": (200, 50, 40)}
TYPE_LABEL = {"big": "BIG GAME", "small": "SMALL GAME", "club": "RAID", "flint": "FLINT"}
EVENT_LABEL = {"cool": "cooling", "warm": "warming", "wurm": "Würm", "skull": "elder skull", "chaos": "chaos",
               "blizzard": "blizzard", "eye": "expatriation"}
ICE = (214, 236, 250)
CARD_BG = (252, 248, 236)
PRED_BG = (250, 226, 220)
TABLE_BG = (232, 226, 210)


def disc(d: ImageDraw.ImageDraw, x, y, colour, r=7) -> None:
    d.ellipse((x - r + 1, y - r + 1, x + r + 1, y + r + 1), fill=(90, 80, 70))
    d.ellipse((x - r, y - r, x + r, y + r), fill=DISC[colour], outline=kit.INK, width=1)
    kit.piece(d, (x - r, y - r, x + r + 1, y + r + 1))


def cube(d: ImageDraw.ImageDraw, x, y, species, size=12) -> None:
    d.rectangle((x + 1, y + 1, x + size + 1, y + size + 1), fill=(90, 80, 70))
    d.rectangle((x, y, x + size, y + size), fill=SPECIES_RGB[species], outline=kit.INK)
    d.line((x + 2, y + 2, x + size - 2, y + 2), fill=kit.lighter(SPECIES_RGB[species], 0.5))
    kit.piece(d, (x, y, x + size + 1, y + size + 1))


def slot_origin(row: str, index: int) -> tuple[int, int]:
    """Top-left of biome slot ``row``+``index`` (0-based) in the Europe panel."""
    line, col = divmod(index, PER_LINE)
    block = 0 if row == "N" else 1
    lines = 2
    y = ROW_TITLE + block * (ROW_TITLE + lines * (CARD_H + GAP)) + line * (CARD_H + GAP)
    return ROW_X + col * (CARD_W + GAP), y


@lru_cache(maxsize=64)
def card_face(cid: str) -> Image.Image:
    """The static face of a biome card (cached: it never changes)."""
    b = BIOMES[cid]
    img = Image.new("RGB", (CARD_W, CARD_FACE_H), PRED_BG if b["pred"] else CARD_BG)
    d = ImageDraw.Draw(img)
    tough = str(b["tough"])
    tw = kit.text_width(tough, MAIN + 2, True) + 14
    d.rounded_rectangle((CARD_W - tw - 4, 4, CARD_W - 4, MAIN + 12), radius=6, fill=kit.INK)
    kit.text(d, (CARD_W - 4 - tw / 2, (MAIN + 16) / 2), tough, MAIN + 2, fill=kit.WHITE, anchor="mm", bold=True,
             main=True)
    name = b["name"]
    kit.text(d, (44, 6), name, kit.fit_size(name, MAIN, CARD_W - 52 - tw, bold=True, smallest=SMALL), bold=True)
    tag = TYPE_LABEL[b["type"]] + (" · PREDATOR" if b["pred"] else "")
    kit.text(d, (8, 28), tag, SMALL - 1, fill=(160, 40, 30) if b["pred"] else kit.MUTED)
    need = f"need {b['dice']}× " + ("1–2" if b["star"] else "1")
    kit.text(d, (8, 48), need, SMALL)
    x = 8 + kit.text_width(need, SMALL) + 8
    for f, fill, ink in [(f, (120, 180, 240), kit.INK) for f in b["frozen"]] + \
                        [(f, (210, 60, 50), kit.WHITE) for f in b["bloody"]]:
        d.rounded_rectangle((x, 47, x + 18, 65), 3, fill=fill, outline=kit.INK)
        kit.text(d, (x + 9, 56), str(f), SMALL - 2, anchor="mm", fill=ink)
        x += 21
    res = f"+{b['babies']} baby" if b["babies"] else "no baby"
    kit.text(d, (8, 70), res, SMALL)
    x = 8 + kit.text_width(res, SMALL) + 14
    for c in b["release"]:
        disc(d, x, 78, c, 6)
        x += 16
    if b["prereq"]:
        x = CARD_W - 10 - 16 * len(b["prereq"])
        kit.text(d, (x - 8, 70), "tool", SMALL - 1, anchor="ra", fill=kit.MUTED)
        for c in b["prereq"]:
            disc(d, x + 6, 78, c, 6)
            x += 16
    y = 92
    what, colour = "", kit.INK
    if b["trophy"]:
        what, colour = f"trophy ×{b['trophy']['mult']} = {b['trophy']['vp']} VP", (120, 80, 20)
    elif b["hand"]:
        h = b["hand"]
        if h["kind"] == "D":
            what = f"animal ×{h['mult']}: +{h['babies']} " + " ".join(DISC_NAME[c] for c in h["release"])
            colour = (110, 40, 140)
        else:
            what = f"tool ×{h['mult']}: 3=1 on {h['mod']}" + (", weapon" if h.get("weapon") else "")
            colour = (120, 80, 20)
    gather_w = kit.text_width("gather", SMALL - 1) + 12 if b["gather"] else 0
    if what:
        kit.text(d, (8, y), what, kit.fit_size(what, SMALL - 1, CARD_W - 16 - gather_w, smallest=10), fill=colour)
    if b["gather"]:
        kit.text(d, (CARD_W - 8, y), "gather", SMALL - 1, anchor="ra", fill=(40, 120, 40))
    return img


def draw_slot(img, d, x, y, key, cell, parties, species, highlighted, fresh) -> None:
    d.rectangle((x, y, x + CARD_W, y + CARD_H), fill=(244, 238, 224))
    if cell is None:
        d.rectangle((x, y, x + CARD_W, y + CARD_H), outline=kit.MUTED, width=1)
        kit.text(d, (x + CARD_W // 2, y + CARD_FACE_H // 2), "gap", MAIN, anchor="mm", fill=kit.MUTED)
    elif cell.get("ice"):
        d.rectangle((x, y, x + CARD_W, y + CARD_H), fill=ICE, outline=kit.INK, width=2)
        for k in range(4):   # a few ice cracks
            d.line((x + 30 + 60 * k, y + 20, x + 50 + 60 * k, y + 60, x + 40 + 60 * k, y + 90), fill=(180, 210, 235),
                   width=2)
        kit.text(d, (x + CARD_W // 2, y + CARD_FACE_H // 2 + 6), "ICE", MAIN + 8, anchor="mm", fill=(90, 130, 170),
                 bold=True)
    else:
        kit.paste(img, card_face(cell["id"]), (x, y))
        if key in fresh:
            kit.text(d, (x + CARD_W - 8, y + 48), "new", SMALL - 1, anchor="ra", fill=kit.MUTED, bold=True)
    kit.text(d, (x + 8, y + 6), key, MAIN, bold=True, fill=kit.INK if cell and not cell.get("ice") else (60, 100, 140),
             main=True)
    d.rectangle((x, y, x + CARD_W, y + CARD_H), outline=kit.INK, width=2)
    d.line((x, y + CARD_FACE_H, x + CARD_W, y + CARD_FACE_H), fill=kit.MUTED)
    draw_hunters(d, x + 6, y + CARD_FACE_H + 4, parties.get(key, {}), species)
    if highlighted:
        d.rectangle((x - 3, y - 3, x + CARD_W + 3, y + CARD_H + 3), outline=kit.HIGHLIGHT, width=5)


def draw_hunters(d, x0, y0, parties: dict, species) -> None:
    """Each party on a line of its own half: the seat's badge, its cubes by
    colour (captives in their species' colour), an A for the alpha, the count."""
    slots = [(x0, y0), (x0 + CARD_W // 2, y0), (x0, y0 + HUNT_H // 2), (x0 + CARD_W // 2, y0 + HUNT_H // 2)]
    shown = [(int(s), p) for s, p in sorted(parties.items()) if sum(p["c"]) + (1 if p["a"] else 0)]
    if len(shown) <= 2:
        slots = [(x0, y0 + 2), (x0, y0 + HUNT_H // 2)]
        width = CARD_W - 12
    else:
        width = CARD_W // 2 - 8
    for (seat, party), (x, y) in zip(shown, slots, strict=False):
        n = sum(party["c"]) + (1 if party["a"] else 0)
        cy = y + 11
        kit.badge(d, seat, x + 10, cy, 9)
        count = str(n)
        cw = kit.text_width(count, MAIN, True)
        room = width - 26 - cw - 6 - (16 if party["a"] else 0)
        fits = max(1, int(room // 11))
        cx = x + 24
        drawn = 0
        for owner, k in enumerate(party["c"]):
            for _ in range(k):
                if drawn < fits:
                    cube(d, cx, cy - 5, species[owner], 9)
                    cx += 11
                drawn += 1
        if party["a"]:
            cx += 2
            d.ellipse((cx, cy - 7, cx + 14, cy + 7), fill=SPECIES_RGB[species[seat]], outline=kit.INK, width=2)
            kit.text(d, (cx + 7, cy), "A", 10, anchor="mm", bold=True, record_it=False)
            kit.piece(d, (cx, cy - 7, cx + 14, cy + 7))
            cx += 16
        kit.text(d, (cx + 4, cy), count, MAIN, anchor="lm", bold=True, main=True)


def _daughter_gives(info: dict) -> str:
    portals = ", ".join(f"{slot.capitalize()} {DISC_NAME[c]}" for slot, c in info["portals"])
    out = f"brings portal{'s' if len(info['portals']) > 1 else ''}: {portals}" if portals else ""
    if info["ability"]:
        out += ("; " if out else "") + ability_label(info)
    return out


def draw_header(view, table: kit.Table, width) -> Image.Image:
    ev = view["event"]
    lines: list[tuple[str, int, bool, tuple]] = []
    if ev:
        info = DAUGHTERS[ev]
        lines.append((f"Round {view['round']} · up for auction: {info['name']}", MAIN + 3, True, kit.INK))
        gives = _daughter_gives(info)
        if gives:
            lines.append(("She " + gives, MAIN, False, (110, 40, 140)))
        lines.append(("Events: " + ", ".join(EVENT_LABEL[e] for e in info["events"]) + " · bids in "
                      + " or ".join(DISC_NAME[c] for c in info["bid"]), MAIN, False, kit.INK))
    else:
        lines.append(("Set-up" if view["phase"] != "over" else "Game over", MAIN + 3, True, kit.INK))
    phase = PHASE_NAMES.get(view["phase"], (None,))[0]
    if phase and view["phase"] != "over":
        lines.append(("Now: " + phase, MAIN, True, (150, 60, 20)))
    if view.get("waiting"):
        lines.append((kit.with_names(view["waiting"], table), MAIN, False, (150, 60, 20)))
    lines.append((f"{view['events_left']} event cards left · decks: North {view['decks']['N']}, "
                  f"South {view['decks']['S']}", SMALL, False, kit.MUTED))
    inner = width - 40
    h = 12 + sum(kit.paragraph_height(t, s, inner, b) for t, s, b, _c in lines) + MAIN * 2 + 16
    img = Image.new("RGB", (width, int(h)), kit.PAPER)
    d = ImageDraw.Draw(img)
    y = 10
    for t, s, b, c in lines:
        y = kit.paragraph(d, (20, y), t, s, inner, fill=c, bold=b, main=s >= MAIN)
    y += 6
    kit.text(d, (20, y + MAIN * 0.7), "Turn order:", MAIN, anchor="lm")
    x = 20 + kit.text_width("Turn order:", MAIN) + 20
    for s in view["order"]:
        kit.badge(d, s, x, y + MAIN * 0.7, 11)
        x += 30
    return img


def draw_europe(view, highlight) -> Image.Image:
    h = slot_origin("S", 5)[1] + CARD_H + GAP
    img = Image.new("RGB", (W, h), TABLE_BG)
    d = ImageDraw.Draw(img)
    species = [p["species"] for p in view["players"]]
    for row in ("N", "S"):
        top = slot_origin(row, 0)[1]
        kit.text(d, (ROW_X, top - ROW_TITLE + 4), "NORTHERN EUROPE" if row == "N" else "SOUTHERN EUROPE", SMALL,
                 fill=kit.MUTED, bold=True)
        for i, cell in enumerate(view["rows"][row]):
            key = f"{row}{i + 1}"
            x, y = slot_origin(row, i)
            draw_slot(img, d, x, y, key, cell, view["parties"], species, key in highlight, view["fresh"])
    return img


def elder_line(p) -> list:
    out = []
    for r in range(1, 7):
        e = p["elders"][r]
        if e is not None:
            out.append((r, e["imm"]))
    return out


def _tableau_cards(view, p) -> list[tuple[str, list, tuple]]:
    """(label, discs, colour) of trophies, animals and inventions, with the codes deals use."""
    out = []
    for code, cards, colour in (("t", [{"id": t, "discs": []} for t in p["trophies"]], (120, 80, 20)),
                                ("x", p["domestic"], (110, 40, 140)), ("i", p["inventions"], (120, 80, 20))):
        for n, c in enumerate(cards):
            out.append((f"{code}{n + 1} " + BIOMES[c["id"]]["name"], c["discs"], colour))
    return out


def draw_player(view, seat, highlight_daughters, acting, table: kit.Table) -> Image.Image:
    p = view["players"][seat]
    rgb = SPECIES_RGB[p["species"]]
    daughters = p["daughters"]
    cards = _tableau_cards(view, p)
    dau_w, dau_h = (W - 40 - 2 * 8) // 3, 86
    dau_lines = (len(daughters) + 2) // 3
    # cards flow in lines under the daughters
    card_lines, x = (1 if cards else 0), 20
    for label, discs, _c in cards:
        w = kit.text_width(label, SMALL) + 16 + 16 * len(discs)
        if x + w > W - 16:
            card_lines, x = card_lines + 1, 20
        x += w + 6
    h = 196 + dau_lines * (dau_h + 8) + card_lines * 34 + 10
    img = Image.new("RGB", (W, h), (255, 246, 200) if acting else kit.PAPER)
    d = ImageDraw.Draw(img)
    d.line((0, 0, W, 0), fill=kit.MUTED, width=2)
    d.rectangle((0, 0, 8, h), fill=rgb)
    kit.badge(d, seat, 32, 24, 13)
    who = kit.name_of(table, seat)
    side = "tribal" if p["tribal"] else "vocal"
    title = f"{who} · {p['name']} ({p['species']}) · {side} · {p['sex'] or '?'}"
    kit.text(d, (54, 12), title, kit.fit_size(title, MAIN + 2, W - 70, bold=True, smallest=MAIN), bold=True,
             main=True)
    kit.text(d, (54, 38), f"{p['score']} VP · hand {p['hand_size']}/{p['hand_limit']} · grave {p['grave']} · "
             f"alpha: {p['alpha']}", MAIN, main=True)
    # words and hunters
    y = 68
    kit.text(d, (20, y), "Words", MAIN, anchor="lm")
    x = 90
    for c in ("o", "w", "k"):
        for _ in range(p["vocab"][c]):
            disc(d, x, y, c, 6)
            x += 15
        x += 8
    y = 96
    kit.text(d, (20, y), "Hunters", MAIN, anchor="lm")
    x = 90
    species = [q["species"] for q in view["players"]]
    for owner, k in enumerate(p["pool"]):
        for _ in range(min(k, 12)):
            cube(d, x, y - 6, species[owner], 12)
            x += 14
        if k > 12:
            kit.text(d, (x + 2, y), f"+{k - 12}", SMALL, anchor="lm")
            x += 30
    total = sum(p["pool"])
    if p["alpha"] == "pool":
        d.ellipse((x, y - 8, x + 16, y + 8), fill=rgb, outline=kit.INK, width=2)
        kit.text(d, (x + 8, y), "A", 10, anchor="mm", bold=True, record_it=False)
        kit.piece(d, (x, y - 8, x + 16, y + 8))
        x += 20
        total += 1
    kit.text(d, (x + 6, y), f"{total}", MAIN, anchor="lm", bold=True, main=True)
    mpi = " ".join(DISC_NAME[c] for c in p["mpi"])
    kit.text(d, (20, 124), f"Sexuality card: {' / '.join(p['sex_sides'])}" + (f" · MPI {mpi}" if mpi else ""),
             SMALL, fill=kit.MUTED)
    # brain board: portals and elders, one line each (full names: nothing clipped)
    bx, by = W - 330, 58
    d.rounded_rectangle((bx, by, W - 14, by + 128), 8, fill=(240, 232, 250) if not p["tribal"] else (250, 236, 214),
                        outline=kit.INK)
    if not p["tribal"]:
        for i, slot in enumerate(("venus", "shaman", "bison")):
            kit.text(d, (bx + 10, by + 16 + i * 20), slot.capitalize(), SMALL, anchor="lm")
            for j, c in enumerate(p["portals"][slot]):
                disc(d, bx + 88 + j * 16, by + 16 + i * 20, c, 6)
    else:
        kit.text(d, (bx + 10, by + 16), "Tribal side", SMALL, anchor="lm", bold=True)
    elders = elder_line(p)
    kit.text(d, (bx + 170, by + 16), "Elders", SMALL, anchor="lm", bold=True)
    if not elders:
        kit.text(d, (bx + 170, by + 36), "none", SMALL, anchor="lm", fill=kit.MUTED)
    for i, (r, imm) in enumerate(elders):
        ey = by + 36 + i * 18
        cube(d, bx + 170, ey - 6, p["species"], 11)
        label = f"{r} {ELDERS[r]['name']}"
        kit.text(d, (bx + 186, ey), label, SMALL - 2, anchor="lm")
        if imm:
            disc(d, bx + 186 + kit.text_width(label, SMALL - 2) + 10, ey, imm, 5)
    # daughters, three a line
    y0 = 196
    for i, dau in enumerate(daughters):
        line, col = divmod(i, 3)
        tx, ty = 20 + col * (dau_w + 8), y0 + line * (dau_h + 8)
        key = f"{'ABC'[seat]}{i + 1}"
        lit = key in highlight_daughters
        d.rounded_rectangle((tx, ty, tx + dau_w, ty + dau_h), 6, fill=(255, 238, 238),
                            outline=kit.HIGHLIGHT if lit else kit.INK, width=4 if lit else 1)
        info = DAUGHTERS[dau["id"]]
        kit.text(d, (tx + 6, ty + 4), key, MAIN, bold=True, main=True)
        name = info["name"]
        kw = kit.text_width(key, MAIN, True) + 12
        kit.text(d, (tx + kw, ty + 6), name, kit.fit_size(name, SMALL, dau_w - kw - 8, smallest=10), bold=True)
        px = tx + 6
        for slot, c in info["portals"]:
            kit.text(d, (px, ty + 32), slot.capitalize(), SMALL - 2, anchor="lm", fill=kit.MUTED)
            px += kit.text_width(slot.capitalize(), SMALL - 2) + 10
            disc(d, px, ty + 32, c, 5)
            px += 14
        if info["ability"]:
            kit.text(d, (tx + 6, ty + 50), ability_label(info), SMALL - 2, anchor="lm", fill=(40, 120, 40))
        for j, c in enumerate(dau["discs"][:8]):
            disc(d, tx + 12 + j * 13, ty + 72, c, 5)
        hus = dau["hus"]
        if hus:
            hx = tx + dau_w - 30
            cube(d, hx, ty + 58, view["players"][hus["s"]]["species"], 16)
            if hus["a"]:
                kit.text(d, (hx + 8, ty + 66), "A", 10, anchor="mm", bold=True, record_it=False)
            if hus["imm"]:
                disc(d, hx - 10, ty + 66, hus["imm"], 5)
    # trophies, animals, inventions, flowing in lines
    x, y = 20, y0 + dau_lines * (dau_h + 8)
    for label, discs, colour in cards:
        w = kit.text_width(label, SMALL) + 16 + 16 * len(discs)
        if x + w > W - 16:
            x, y = 20, y + 34
        d.rounded_rectangle((x, y, x + w, y + 28), 5, fill=kit.WHITE, outline=colour, width=2)
        kit.text(d, (x + 8, y + 14), label, SMALL, anchor="lm", fill=colour)
        for j, dc in enumerate(discs):
            disc(d, x + kit.text_width(label, SMALL) + 18 + j * 16, y + 14, dc, 5)
        x += w + 6
    return img


def _breakdown(view) -> kit.Breakdown | None:
    """What the view has at the end: the rules give one VP total per player
    (no breakdown by source yet), so trophies and daughters are shown as counts."""
    if view["phase"] != "over":
        return None
    rows = [[len(p["trophies"]), len(p["daughters"]), p["score"]] for p in view["players"]]
    return kit.Breakdown(["trophies", "daughters", "VP"], rows)


def _legend(view: dict, table: kit.Table) -> Image.Image:
    scores = [p["score"] for p in view["players"]]
    return kit.legend(table, W, scores=[f"{s} VP" for s in scores] if view["phase"] != "over" else scores,
                      breakdown=_breakdown(view))


def slot_box(view: dict, table: kit.Table, key: str) -> tuple[int, int, int, int]:
    """Where biome slot ``key`` (e.g. "S2") is in the whole image."""
    top = _legend(view, table).height + draw_header(view, table, W).height + (_proposal_h(view, table) or 0)
    x, y = slot_origin(key[0], int(key[1:]) - 1)
    return x, top + y, x + CARD_W, top + y + CARD_H


def _proposal_h(view, table) -> int:
    if not view.get("proposal"):
        return 0
    value = "Proposal: " + kit.with_names(view["proposal"], table) + " (yes / no)"
    return int(kit.paragraph_height(value, MAIN, W - 40, bold=True) + 16)


def draw(view: dict, table: kit.Table) -> Image.Image:
    last = " ".join(view.get("last") or []) + " " + " ".join(table.last_events)
    highlight = set(re.findall(r"\b([NS][1-6])\b", last))
    dkeys = set(re.findall(r"\b([ABC][1-9])\b", last))
    parts = [_legend(view, table), draw_header(view, table, W)]
    if view.get("proposal"):
        img = Image.new("RGB", (W, _proposal_h(view, table)), kit.TURN_BG)
        value = "Proposal: " + kit.with_names(view["proposal"], table) + " (yes / no)"
        if kit.text_width(value, MAIN, True) <= W - 40:
            kit.text(ImageDraw.Draw(img), (20, 8), value, MAIN, bold=True, main=True)
        else:
            kit.paragraph(ImageDraw.Draw(img), (20, 8), value, MAIN, W - 40, bold=True, main=True)
        parts.append(img)
    parts.append(draw_europe(view, highlight))
    for seat in range(len(view["players"])):
        parts.append(draw_player(view, seat, dkeys, seat in table.to_act and not table.finished, table))
    return kit.stack(parts)


def ability_label(info) -> str:
    """A daughter's ability in a few words."""
    if info["ability"] == "vp":
        return f"+{info['vp']} VP"
    return {"husbands": "free husbands", "caring": "caring", "totem": "totem",
            "gatherer": "gatherer"}.get(info["ability"], info["ability"])
