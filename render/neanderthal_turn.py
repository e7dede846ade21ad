"""The Neanderthal turn image, made for a phone (720 px wide, main labels
7 px tall at 400 px): whose turn and what happened, the round (the daughter
up for auction, the phase, who must decide what), the twelve places of
Europe three a line (toughness, name, what a hunt needs and brings, and the
hunters on each card: a badge and a count per tribe), then each tribe in a
few lines (VP, hunters, words by colour, elders, portals, daughters and
tableau as chips). ``/board`` shows the whole board with every cube."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import kit
from render import neanderthal_parts as parts
from render import neanderthal_words as nw
from render.neanderthal_parts import disc, say
from rules.neanderthal import phrases as ph

FW = 720
M = kit.phone_size(FW)          # 18 px: digits and capitals 7 px tall at 400 px wide
BODY = 15
SMALL = 13
PAD = 12
GAP = 8
PER_LINE = 3
CARD_W = (FW - 2 * PAD - (PER_LINE - 1) * GAP) // PER_LINE
SCALE = parts.Scale.of(CARD_W, M, BODY, SMALL, hunt_h=M + 16)
BARE = parts.Scale.of(CARD_W, M, BODY, SMALL, hunt_h=0)     # no hunter on any card: no band for them
LOW = parts.Scale(CARD_W, M, BODY, SMALL, face_h=M * 3, hunt_h=0)   # a line of ice and gaps
ROW_TITLE = 26
CHIP_H = BODY + 13


def _round(view: dict, table: kit.Table) -> Image.Image:
    """The round's lines (auction, phase, who must decide) and the turn order."""
    style = {"title": (M, True, kit.INK), "gives": (BODY, False, parts.PURPLE), "events": (BODY, False, kit.INK),
             "now": (M, True, parts.URGENT), "waiting": (M, False, parts.URGENT), "decks": (SMALL, False, kit.MUTED)}
    lines = [(t, *style[role]) for role, t in parts.round_lines(view, table)]
    prop = parts.proposal(view, table)
    inner = FW - 2 * PAD
    order = say(table, nw.TURN_ORDER)
    h = 8 + sum(kit.paragraph_height(t, s, inner, b) for t, s, b, _c in lines) + M * 1.8 + 8
    prop_h = kit.paragraph_height(prop, M, inner - 16, bold=True) + 14 if prop else 0
    img = Image.new("RGB", (FW, int(h + prop_h)), kit.PAPER)
    d = ImageDraw.Draw(img)
    y: float = 8
    for t, s, b, c in lines:
        y = kit.paragraph(d, (PAD, y), t, s, inner, fill=c, bold=b, main=s >= M)
    if prop:
        d.rounded_rectangle((PAD - 4, y + 2, FW - PAD + 4, y + prop_h - 2), 8, fill=kit.TURN_BG, outline=kit.INK)
        y = kit.paragraph(d, (PAD + 8, y + 8), prop, M, inner - 16, bold=True, main=True) + 6
    cy = y + M * 0.9
    kit.text(d, (PAD, cy), order, BODY, anchor="lm")
    x = PAD + kit.text_width(order, BODY) + 18
    for s in view["order"]:
        kit.badge(d, s, x, cy, M * 0.6)
        x += M * 1.6
    return img


def _hunters(d: ImageDraw.ImageDraw, x: float, cy: float, on_card: list, species: list[str]) -> None:
    """One band per card: for each tribe there, its badge, its count and its alpha."""
    for seat, party, n in on_card:
        kit.badge(d, seat, x + M * 0.55, cy, M * 0.55)
        x += M * 1.35
        kit.text(d, (x, cy), str(n), M, anchor="lm", bold=True, main=True)
        x += kit.text_width(str(n), M, True) + 3
        if party["a"]:
            x = parts.alpha(d, x + 1, cy, species[seat], 15)
        x += M * 0.7


def _europe(view: dict, table: kit.Table, highlight: set[str]) -> Image.Image:
    """The two rows, three places a line; a line of ice and gaps only is drawn low (nothing to read there)."""
    hunted = any(parts.parties_on(view["parties"], f"{row}{i + 1}") for row in ("N", "S") for i in range(6))
    lines = []                                         # (row, first index, scale) of each line
    for row in ("N", "S"):
        for first in range(0, 6, PER_LINE):
            cells = view["rows"][row][first:first + PER_LINE]
            empty = all(c is None or c.get("ice") for c in cells)
            lines.append((row, first, LOW if empty else SCALE if hunted else BARE))
    h = 2 * ROW_TITLE + sum(scale.card_h + GAP for _r, _f, scale in lines) + 4
    img = kit.copy(kit.textured(FW, h, parts.TABLE_BG, 0.1))      # the table the cards lie on
    d = ImageDraw.Draw(img)
    species = [p["species"] for p in view["players"]]
    y = 0
    for row, first, scale in lines:
        if first == 0:
            title = say(table, nw.NORTH if row == "N" else nw.SOUTH).upper()
            kit.text(d, (PAD, y + ROW_TITLE / 2 + 1), title, SMALL, anchor="lm", fill=kit.MUTED, bold=True)
            y += ROW_TITLE
        for col, cell in enumerate(view["rows"][row][first:first + PER_LINE]):
            key = f"{row}{first + col + 1}"
            x = PAD + col * (CARD_W + GAP)
            parts.draw_slot(img, d, x, y, key, cell, table, scale, key in highlight, key in view["fresh"])
            if scale.hunt_h:
                _hunters(d, x + 6, y + scale.face_h + scale.hunt_h / 2, parts.parties_on(view["parties"], key),
                         species)
        y += scale.card_h + GAP
    return img


def _chips(d: ImageDraw.ImageDraw, x0: float, y: float, width: float, chips: list) -> float:
    """Chips (label, discs, colour, lit) flowing in lines from (x0, y); returns the y under the last line."""
    x = x0
    for label, discs, colour, lit in chips:
        w = kit.text_width(label, BODY) + 14 + (SMALL + 2) * len(discs)
        if x + w > x0 + width and x > x0:
            x, y = x0, y + CHIP_H + 5
        d.rounded_rectangle((x, y, x + w, y + CHIP_H), 6, fill=kit.WHITE, outline=kit.HIGHLIGHT if lit else colour,
                            width=4 if lit else 2)
        kit.text(d, (x + 7, y + CHIP_H / 2), label, BODY, anchor="lm", fill=colour)
        dx = x + 7 + kit.text_width(label, BODY) + 4 + SMALL / 2
        for c in discs:
            disc(d, dx, y + CHIP_H / 2, c, SMALL // 2 - 1)
            dx += SMALL + 2
        x += w + 6
    return y + CHIP_H + 5 if chips else y


def _tribe_chips(view: dict, seat: int, table: kit.Table, lit: set[str]) -> list:
    """The brain board (portals or the tribal side, elders), the daughters and the tableau, as chips."""
    p = view["players"][seat]
    out: list[tuple[str, list, tuple[int, int, int], bool]] = []
    if p["tribal"]:
        out.append((say(table, nw.TRIBAL_SIDE), [], kit.INK, False))
    else:
        for slot in ("venus", "shaman", "bison"):
            if p["portals"][slot]:
                out.append((say(table, ph.SLOT[slot]), p["portals"][slot], parts.PURPLE, False))
    for r in range(1, 7):
        e = p["elders"][r]
        if e is not None:
            out.append((f"{r} {say(table, ph.ELDER[r])}", [e["imm"]] if e["imm"] else [], kit.INK, False))
    for i, dau in enumerate(p["daughters"]):
        key = f"{'ABC'[seat]}{i + 1}"
        hus = dau["hus"]
        marks = list(dau["discs"][:6]) + ([hus["imm"]] if hus and hus["imm"] else [])
        label = f"{key} {parts.card_name(table, dau['id'])}" + (" ♂" if hus else "")
        out.append((label, marks, (170, 40, 90), key in lit))
    out += [(label, discs, colour, False) for label, discs, colour in parts.tableau_cards(p, table)]
    return out


def _tribe(view: dict, seat: int, table: kit.Table, acting: bool, lit: set[str]) -> Image.Image:
    p = view["players"][seat]
    species = [q["species"] for q in view["players"]]
    inner = FW - 2 * PAD - 10
    chips = _tribe_chips(view, seat, table, lit)
    probe = Image.new("RGB", (FW, 4))                  # the chips' height, measured by laying them out
    chips_h = _chips(ImageDraw.Draw(probe), 0, 0, inner, chips)
    h = int(8 + M * 1.6 + M * 1.7 + SMALL * 1.6 + chips_h + 8)
    img = Image.new("RGB", (FW, h), kit.TURN_BG if acting else kit.PAPER)
    d = ImageDraw.Draw(img)
    d.line((0, 0, FW, 0), fill=kit.MUTED, width=2)
    d.rectangle((0, 0, 7, h), fill=parts.SPECIES_RGB[p["species"]])
    x0 = PAD + 8
    cy = 8 + M * 0.8
    kit.badge(d, seat, x0 + M * 0.6, cy, M * 0.6)
    vp = say(table, nw.VP, vp=p["score"])
    vp_w = kit.text_width(vp, M, True)
    kit.text(d, (FW - PAD, cy), vp, M, anchor="rm", bold=True, main=True)
    title = parts.tribe_title(view, seat, table)
    room = FW - PAD - vp_w - 14 - (x0 + M * 1.5)
    kit.text(d, (x0 + M * 1.5, cy), title, kit.fit_size(title, M, room, bold=True, smallest=SMALL), anchor="lm",
             bold=True)
    # hunters (cubes by species, the alpha) and words (a disc and a count per colour)
    cy += M * 1.6
    label = say(table, nw.HUNTERS)
    kit.text(d, (x0, cy), label, BODY, anchor="lm")
    x = x0 + kit.text_width(label, BODY) + 8
    total, drawn, size = sum(p["pool"]), 0, 12
    for owner, k in enumerate(p["pool"]):
        for _ in range(k):
            if drawn < 10:
                parts.cube(d, x, cy - size / 2, species[owner], size)
                x += size + 2
            drawn += 1
    if p["alpha"] == "pool":
        x = parts.alpha(d, x + 2, cy, p["species"], 15)
        total += 1
    kit.text(d, (x + 6, cy), str(total), M, anchor="lm", bold=True, main=True)
    x = max(x + 6 + kit.text_width(str(total), M, True) + 24, FW * 0.45)
    label = say(table, nw.WORDS)
    kit.text(d, (x, cy), label, BODY, anchor="lm")
    x += kit.text_width(label, BODY) + 10
    for c in ("o", "w", "k"):
        disc(d, x + 8, cy, c, 8)
        count = str(p["vocab"][c])
        kit.text(d, (x + 22, cy), count, M, anchor="lm", bold=True, main=True)
        x += 22 + kit.text_width(count, M, True) + 16
    cy += M * 0.9 + SMALL * 0.8
    facts = parts.tribe_facts(p, table)
    kit.text(d, (x0, cy), facts, kit.fit_size(facts, SMALL, inner, smallest=SMALL - 2), anchor="lm", fill=kit.MUTED)
    _chips(d, x0, cy + SMALL * 0.8 + 4, inner, chips)
    return img


def _footer(table: kit.Table) -> Image.Image:
    hint = say(table, nw.EVERYTHING)
    img = Image.new("RGB", (FW, SMALL + 14), kit.PAPER)
    kit.text(ImageDraw.Draw(img), (FW - PAD, 6), hint, SMALL, anchor="ra", fill=kit.MUTED)
    return img


def draw_focus(view: dict, table: kit.Table) -> Image.Image:
    highlight, lit = parts.highlights(view, table)
    out = [kit.legend(table, FW, scores=parts.scores(view, table), breakdown=parts.breakdown(view, table), main=M),
           _round(view, table), _europe(view, table, highlight)]
    for seat in range(len(view["players"])):
        out.append(_tribe(view, seat, table, seat in table.to_act and not table.finished, lit))
    out.append(_footer(table))
    return kit.stack(out)
