"""Neanderthal board images from the public view, in the reader's language.

``draw`` is the whole board (``/board``): the legend (whose turn, last
events, the winner), the round's event card (the daughter up for auction
and what she gives), the North and South rows of biomes three cards a line
(ice, gaps, hunters on each card, cubes by species), then one strip per
player: species, words, hunters, brain board (portals, elders with
immature discs), daughters with husbands, trophies, animals, inventions.
``draw_focus`` (``render.neanderthal_turn``) is the turn image a phone
reads. Cards named in the last move are outlined in gold."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import kit
from render import neanderthal_parts as parts
from render import neanderthal_words as nw
from render.neanderthal_parts import cube, disc, say
from render.neanderthal_turn import draw_focus  # noqa: F401  (the turn image: render.has_focus)
from rules.neanderthal import phrases as ph
from rules.neanderthal.data import DAUGHTERS

W = 840
MAIN = kit.main_size(W)            # 15 px: 7 px at 400 px wide
SMALL = MAIN - 2
ROW_X = 14
GAP = 10
PER_LINE = 3
CARD_W = (W - 2 * ROW_X - (PER_LINE - 1) * GAP) // PER_LINE
# the cards' lines (need, babies, what a card gives) were 11-14 px, 5-6 px at 400 px wide: now 14-15 px
SCALE = parts.Scale.of(CARD_W, MAIN, MAIN, MAIN - 1, hunt_h=54)
CARD_H = SCALE.card_h
ROW_TITLE = 24


def slot_origin(row: str, index: int) -> tuple[int, int]:
    """Top-left of biome slot ``row``+``index`` (0-based) in the Europe panel."""
    line, col = divmod(index, PER_LINE)
    block = 0 if row == "N" else 1
    lines = 2
    y = ROW_TITLE + block * (ROW_TITLE + lines * (CARD_H + GAP)) + line * (CARD_H + GAP)
    return ROW_X + col * (CARD_W + GAP), y


def draw_hunters(d, x0, y0, on_card: list, species) -> None:
    """Each party on a line of its own half: the seat's badge, its cubes by
    colour (captives in their species' colour), an A for the alpha, the count."""
    half = SCALE.hunt_h // 2
    if len(on_card) <= 2:
        slots = [(x0, y0 + 2), (x0, y0 + half)]
        width = CARD_W - 12
    else:
        slots = [(x0, y0), (x0 + CARD_W // 2, y0), (x0, y0 + half), (x0 + CARD_W // 2, y0 + half)]
        width = CARD_W // 2 - 8
    for (seat, party, n), (x, y) in zip(on_card, slots, strict=False):
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
            cx = parts.alpha(d, cx + 2, cy, species[seat]) + 1
        kit.text(d, (cx + 4, cy), count, MAIN, anchor="lm", bold=True, main=True)


def draw_header(view, table: kit.Table, width) -> Image.Image:
    style = {"title": (MAIN + 3, True, kit.INK), "gives": (MAIN, False, parts.PURPLE),
             "events": (MAIN, False, kit.INK), "now": (MAIN, True, parts.URGENT),
             "waiting": (MAIN, False, parts.URGENT), "decks": (SMALL, False, kit.MUTED)}
    lines = [(t, *style[role]) for role, t in parts.round_lines(view, table)]
    inner = width - 40
    order = say(table, nw.TURN_ORDER)
    h = 12 + sum(kit.paragraph_height(t, s, inner, b) for t, s, b, _c in lines) + MAIN * 2 + 16
    img = Image.new("RGB", (width, int(h)), kit.PAPER)
    d = ImageDraw.Draw(img)
    y: float = 10
    for t, s, b, c in lines:
        y = kit.paragraph(d, (20, y), t, s, inner, fill=c, bold=b, main=s >= MAIN)
    y += 6
    kit.text(d, (20, y + MAIN * 0.7), order, MAIN, anchor="lm")
    x = 20 + kit.text_width(order, MAIN) + 20
    for s in view["order"]:
        kit.badge(d, s, x, y + MAIN * 0.7, 11)
        x += 30
    return img


def draw_europe(view, table: kit.Table, highlight) -> Image.Image:
    h = slot_origin("S", 5)[1] + CARD_H + GAP
    img = Image.new("RGB", (W, h), parts.TABLE_BG)
    d = ImageDraw.Draw(img)
    species = [p["species"] for p in view["players"]]
    for row in ("N", "S"):
        top = slot_origin(row, 0)[1]
        kit.text(d, (ROW_X, top - ROW_TITLE + 4), say(table, nw.NORTH if row == "N" else nw.SOUTH).upper(), SMALL,
                 fill=kit.MUTED, bold=True)
        for i, cell in enumerate(view["rows"][row]):
            key = f"{row}{i + 1}"
            x, y = slot_origin(row, i)
            parts.draw_slot(img, d, x, y, key, cell, table, SCALE, key in highlight, key in view["fresh"])
            draw_hunters(d, x + 6, y + SCALE.face_h + 4, parts.parties_on(view["parties"], key), species)
    return img


def draw_player(view, seat, highlight_daughters, acting, table: kit.Table) -> Image.Image:
    p = view["players"][seat]
    rgb = parts.SPECIES_RGB[p["species"]]
    daughters = p["daughters"]
    cards = parts.tableau_cards(p, table)
    dau_w, dau_h = (W - 40 - 2 * 8) // 3, 86
    dau_lines = (len(daughters) + 2) // 3
    # cards flow in lines under the daughters
    x: float
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
    title = parts.tribe_title(view, seat, table)
    kit.text(d, (54, 12), title, kit.fit_size(title, MAIN + 2, W - 70, bold=True, smallest=MAIN), bold=True,
             main=True)
    facts = say(table, nw.VP, vp=p["score"]) + " · " + parts.tribe_facts(p, table)
    kit.text(d, (54, 38), facts, kit.fit_size(facts, MAIN, W - 70, smallest=SMALL), main=True)
    # words and hunters
    words, hunters = say(table, nw.WORDS), say(table, nw.HUNTERS)
    x0 = 20 + max(kit.text_width(words, MAIN), kit.text_width(hunters, MAIN)) + 14
    y = 68
    kit.text(d, (20, y), words, MAIN, anchor="lm")
    x = x0
    for c in ("o", "w", "k"):
        for _ in range(p["vocab"][c]):
            disc(d, x, y, c, 6)
            x += 15
        x += 8
    y = 96
    kit.text(d, (20, y), hunters, MAIN, anchor="lm")
    x = x0
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
        x = parts.alpha(d, x, y, p["species"], 16) + 3
        total += 1
    kit.text(d, (x + 6, y), f"{total}", MAIN, anchor="lm", bold=True, main=True)
    sides = " / ".join(say(table, ph.SEX[s]) for s in p["sex_sides"])
    line = say(table, nw.SEX_CARD, sides=sides)
    if p["mpi"]:
        line += " · " + say(table, nw.MPI) + " " + " ".join(say(table, ph.COLOUR[c]) for c in p["mpi"])
    bx, by = W - 330, 58
    kit.text(d, (20, 124), line, kit.fit_size(line, SMALL, bx - 30, smallest=SMALL - 3), fill=kit.MUTED)
    # brain board: portals and elders, one line each (full names: nothing clipped)
    d.rounded_rectangle((bx, by, W - 14, by + 128), 8, fill=(240, 232, 250) if not p["tribal"] else (250, 236, 214),
                        outline=kit.INK)
    if not p["tribal"]:
        for i, slot in enumerate(("venus", "shaman", "bison")):
            kit.text(d, (bx + 10, by + 16 + i * 20), say(table, ph.SLOT[slot]), SMALL, anchor="lm")
            for j, c in enumerate(p["portals"][slot]):
                disc(d, bx + 88 + j * 16, by + 16 + i * 20, c, 6)
    else:
        kit.text(d, (bx + 10, by + 16), say(table, nw.TRIBAL_SIDE), SMALL, anchor="lm", bold=True)
    elders = [(r, p["elders"][r]["imm"]) for r in range(1, 7) if p["elders"][r] is not None]
    kit.text(d, (bx + 170, by + 16), say(table, nw.ELDERS), SMALL, anchor="lm", bold=True)
    if not elders:
        kit.text(d, (bx + 170, by + 36), say(table, nw.NO_ELDER), SMALL, anchor="lm", fill=kit.MUTED)
    for i, (r, imm) in enumerate(elders):
        ey = by + 36 + i * 18
        cube(d, bx + 170, ey - 6, p["species"], 11)
        label = f"{r} {say(table, ph.ELDER[r])}"
        size = kit.fit_size(label, SMALL - 2, W - 14 - (bx + 186) - 22, smallest=9)
        kit.text(d, (bx + 186, ey), label, size, anchor="lm")
        if imm:
            disc(d, bx + 186 + kit.text_width(label, size) + 10, ey, imm, 5)
    # daughters, three a line
    y0 = 196
    for i, dau in enumerate(daughters):
        line_, col = divmod(i, 3)
        tx, ty = 20 + col * (dau_w + 8), y0 + line_ * (dau_h + 8)
        key = f"{'ABC'[seat]}{i + 1}"
        lit = key in highlight_daughters
        d.rounded_rectangle((tx, ty, tx + dau_w, ty + dau_h), 6, fill=(255, 238, 238),
                            outline=kit.HIGHLIGHT if lit else kit.INK, width=4 if lit else 1)
        info = DAUGHTERS[dau["id"]]
        kit.text(d, (tx + 6, ty + 4), key, MAIN, bold=True, main=True)
        name = parts.card_name(table, dau["id"])
        kw = kit.text_width(key, MAIN, True) + 12
        kit.text(d, (tx + kw, ty + 6), name, kit.fit_size(name, SMALL, dau_w - kw - 8, bold=True, smallest=10),
                 bold=True)
        px: float = tx + 6
        for slot, c in info["portals"]:
            label = say(table, ph.SLOT[slot])
            kit.text(d, (px, ty + 32), label, SMALL - 2, anchor="lm", fill=kit.MUTED)
            px += kit.text_width(label, SMALL - 2) + 10
            disc(d, px, ty + 32, c, 5)
            px += 14
        if info["ability"]:
            kit.text(d, (tx + 6, ty + 50), kit.said(table, parts.ability(info)), SMALL - 2, anchor="lm",
                     fill=parts.GREEN)
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


def _legend(view: dict, table: kit.Table) -> Image.Image:
    return kit.legend(table, W, scores=parts.scores(view, table), breakdown=parts.breakdown(view, table))


def slot_box(view: dict, table: kit.Table, key: str) -> tuple[int, int, int, int]:
    """Where biome slot ``key`` (e.g. "S2") is in the whole image."""
    top = _legend(view, table).height + draw_header(view, table, W).height + _proposal_h(view, table)
    x, y = slot_origin(key[0], int(key[1:]) - 1)
    return x, top + y, x + CARD_W, top + y + CARD_H


def _proposal_h(view, table) -> int:
    value = parts.proposal(view, table)
    return int(kit.paragraph_height(value, MAIN, W - 40, bold=True) + 16) if value else 0


def draw(view: dict, table: kit.Table) -> Image.Image:
    highlight, dkeys = parts.highlights(view, table)
    out = [_legend(view, table), draw_header(view, table, W)]
    value = parts.proposal(view, table)
    if value:
        img = Image.new("RGB", (W, _proposal_h(view, table)), kit.TURN_BG)
        kit.paragraph(ImageDraw.Draw(img), (20, 8), value, MAIN, W - 40, bold=True, main=True)
        out.append(img)
    out.append(draw_europe(view, table, highlight))
    for seat in range(len(view["players"])):
        out.append(draw_player(view, seat, dkeys, seat in table.to_act and not table.finished, table))
    return kit.stack(out)
