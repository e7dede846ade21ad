"""What both Neanderthal images draw alike: discs, cubes and alphas, a biome
card's face, the hunting parties on a card, the round's daughter card in
words, and the phrases of a tribe (species, side, alpha), all in the
reader's language. ``Scale`` holds the sizes: the whole board (``/board``)
and the turn image draw the same card at different sizes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit, words
from render import neanderthal_words as nw
from rules.neanderthal import phrases as ph
from rules.neanderthal.data import BIOMES, DAUGHTERS
from rules.wording import listing

DISC = {"o": (236, 128, 30), "w": (250, 250, 250), "k": (30, 30, 30)}
SPECIES_RGB = {"green": (60, 150, 70), "yellow": (225, 190, 40), "red": (200, 50, 40)}
ICE_RGB = (214, 236, 250)
CARD_BG = (252, 248, 236)
PRED_BG = (250, 226, 220)
SLOT_BG = (244, 238, 224)
TABLE_BG = (232, 226, 210)
PURPLE = (110, 40, 140)
BROWN = (120, 80, 20)
GREEN = (40, 120, 40)
RED = (160, 40, 30)
URGENT = (150, 60, 20)
FROZEN = (120, 180, 240)
BLOODY = (210, 60, 50)


@dataclass(frozen=True)
class Scale:
    """Sizes of one image: card width, font sizes (``main`` for numbers a
    phone reader needs, ``body`` for card texts, ``small`` for notes) and
    the heights of a card's face and of its hunters' band."""

    card_w: int
    main: int
    body: int
    small: int
    face_h: int
    hunt_h: int

    @property
    def card_h(self) -> int:
        return self.face_h + self.hunt_h

    @classmethod
    def of(cls, card_w: int, main: int, body: int, small: int, hunt_h: int) -> Scale:
        """A scale whose face is as tall as ``card_face`` draws it: the type line, the name
        and three lines (need, babies, what the card gives)."""
        return cls(card_w, main, body, small, int(37 + 1.35 * main + 4 * body), hunt_h)


def disc(d: ImageDraw.ImageDraw, x, y, colour, r=7) -> None:
    d.ellipse((x - r + 1, y - r + 1, x + r + 1, y + r + 1), fill=(90, 80, 70))
    d.ellipse((x - r, y - r, x + r, y + r), fill=DISC[colour], outline=kit.INK, width=1)
    kit.piece(d, (x - r, y - r, x + r + 1, y + r + 1))


def cube(d: ImageDraw.ImageDraw, x, y, species, size=12) -> None:
    d.rectangle((x + 1, y + 1, x + size + 1, y + size + 1), fill=(90, 80, 70))
    d.rectangle((x, y, x + size, y + size), fill=SPECIES_RGB[species], outline=kit.INK)
    d.line((x + 2, y + 2, x + size - 2, y + 2), fill=kit.lighter(SPECIES_RGB[species], 0.5))
    kit.piece(d, (x, y, x + size + 1, y + size + 1))


def alpha(d: ImageDraw.ImageDraw, x, cy, species, size=14) -> float:
    """The alpha's cylinder seen from above (a disc with an A), from its left edge; returns its right edge."""
    r = size / 2
    d.ellipse((x + 1, cy - r + 1, x + size + 1, cy + r + 1), fill=(90, 80, 70))
    d.ellipse((x, cy - r, x + size, cy + r), fill=SPECIES_RGB[species], outline=kit.INK, width=2)
    kit.text(d, (x + r, cy), "A", max(9, int(size * 0.7)), anchor="mm", bold=True, record_it=False)
    kit.piece(d, (x, cy - r, x + size + 1, cy + r + 1))
    return x + size + 1


def say(table: kit.Table, phrase, **params) -> str:
    return kit.said(table, phrase(**params))


def card_name(table: kit.Table, cid: str) -> str:
    return kit.said(table, ph.CARD[cid]())


def hunt_kind(table: kit.Table, kind: str) -> str:
    return say(table, nw.RAID) if kind == "club" else say(table, ph.HUNT_KIND[kind])


# ------------------------------------------------------------------ a biome card


def card_texts(table: kit.Table, cid: str) -> tuple[str, ...]:
    """A card's words in the reader's language: name, type line, need, babies,
    its trophy / animal / invention line, the word 'tool' (if it needs one) and a note
    ('gather' or 'weapon')."""
    b = BIOMES[cid]
    tag = hunt_kind(table, b["type"]).upper() + (" · " + say(table, nw.PREDATOR).upper() if b["pred"] else "")
    need = say(table, nw.NEED, dice=b["dice"], faces="1–2" if b["star"] else "1")
    babies = say(table, nw.BABIES, n=b["babies"]) if b["babies"] else say(table, nw.NO_BABY)
    what = ""
    if b["trophy"]:
        what = say(table, nw.TROPHY, mult=b["trophy"]["mult"])   # its VP come from the taker's sexuality (J)
    elif b["hand"]:
        h = b["hand"]
        if h["kind"] == "D":
            what = say(table, nw.ANIMAL, mult=h["mult"], babies=nw.BABIES(n=h["babies"]) if h["babies"] else "")
        else:
            what = say(table, nw.INVENTION, mult=h["mult"], kind=ph.HUNT_KIND[h["mod"]]())
    note = say(table, nw.GATHER) if b["gather"] else say(table, nw.WEAPON) if b["hand"] and b["hand"].get("weapon") else ""
    return (card_name(table, cid), tag, need, babies, what, say(table, nw.TOOL) if b["prereq"] else "", note)


@lru_cache(maxsize=128)
def card_face(cid: str, scale: Scale, texts: tuple[str, ...]) -> Image.Image:
    """The face of a biome card, without its place key (drawn over the top-left corner by
    the slot): cached by card, size and words, since none of them changes in a game."""
    name, tag, need, babies, what, tool, note = texts
    b = BIOMES[cid]
    w, m, body, small = scale.card_w, scale.main, scale.body, scale.small
    img = Image.new("RGB", (w, scale.face_h), PRED_BG if b["pred"] else CARD_BG)
    d = ImageDraw.Draw(img)
    pad = max(6, w // 36)
    key_w = kit.text_width("N6", m, True) + pad + 6
    tough = str(b["tough"])
    tw = kit.text_width(tough, m, True) + m * 0.7
    top = 4
    d.rounded_rectangle((w - tw - 4, top, w - 4, top + m * 1.35), radius=6, fill=kit.INK)
    kit.text(d, (w - 4 - tw / 2, top + m * 0.68), tough, m, fill=kit.WHITE, anchor="mm", bold=True, main=True)
    room = w - key_w - tw - 12
    kit.text(d, (key_w, top + m * 0.68), tag, kit.fit_size(tag, small, room, smallest=small - 3), anchor="lm",
             fill=RED if b["pred"] else kit.MUTED)
    y = top + m * 1.35 + 3
    kit.text(d, (pad, y), name, kit.fit_size(name, body + 1, w - 2 * pad, bold=True, smallest=small - 2), bold=True)
    line = body + 6
    y += line + 1
    # need: how many successes, then the faces that kill a hunter (frozen: blue, bloody: red)
    chip = body + 3
    faces = [(f, FROZEN, kit.INK) for f in b["frozen"]] + [(f, BLOODY, kit.WHITE) for f in b["bloody"]]
    right: float = w - pad
    if tool:
        right -= len(b["prereq"]) * (small + 3)
        tool_x = right
        right -= kit.text_width(tool, small) + 10
    need_size = kit.fit_size(need, body, max(20, right - pad - len(faces) * (chip + 3) - 6), smallest=small - 2)
    kit.text(d, (pad, y + chip / 2), need, need_size, anchor="lm")
    x = pad + kit.text_width(need, need_size) + 6
    for f, fill, ink in faces:
        d.rounded_rectangle((x, y, x + chip, y + chip), 3, fill=fill, outline=kit.INK)
        kit.text(d, (x + chip / 2, y + chip / 2), str(f), small, anchor="mm", fill=ink)
        x += chip + 3
    if tool:
        kit.text(d, (tool_x - 6, y + chip / 2), tool, small, anchor="rm", fill=kit.MUTED)
        for i, c in enumerate(b["prereq"]):
            disc(d, tool_x + small / 2 + i * (small + 3), y + chip / 2, c, small // 2 - 1)
    y += line + 2
    kit.text(d, (pad, y + chip / 2), babies, body, anchor="lm")
    x = pad + kit.text_width(babies, body) + 8
    for c in b["release"]:
        disc(d, x + small / 2, y + chip / 2, c, small // 2 - 1)
        x += small + 2
    if note:
        kit.text(d, (w - pad, y + chip / 2), note, small, anchor="rm", fill=GREEN if b["gather"] else RED)
    y += line + 2
    if what:
        colour = PURPLE if b["hand"] and b["hand"]["kind"] == "D" else BROWN
        release = b["hand"]["release"] if b["hand"] and b["hand"]["kind"] == "D" else []
        room = w - 2 * pad - len(release) * (small + 2) - 4
        size = kit.fit_size(what, small, room, smallest=small - 2)
        kit.text(d, (pad, y + chip / 2), what, size, anchor="lm", fill=colour)
        x = pad + kit.text_width(what, size) + 4 + small / 2
        for c in release:
            disc(d, x, y + chip / 2, c, small // 2 - 1)
            x += small + 2
    return img


def draw_slot(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, key: str, cell, table: kit.Table,
              scale: Scale, highlighted: bool, fresh: bool) -> None:
    """A place of a row: its card (or ice, or a gap) and its key (N1…); the hunters are drawn by the caller."""
    w, h, face_h, m = scale.card_w, scale.card_h, scale.face_h, scale.main
    if cell is not None:        # a card lies on the table: its shadow
        d.rectangle((x + 3, y + 3, x + w + 3, y + h + 3), fill=kit.darker(TABLE_BG, 0.25))
    d.rectangle((x, y, x + w, y + h), fill=SLOT_BG)
    if cell is None:
        d.rectangle((x, y, x + w, y + h), outline=kit.MUTED, width=1)
        kit.text(d, (x + w // 2, y + face_h // 2), say(table, nw.GAP), scale.body, anchor="mm", fill=kit.MUTED)
    elif cell.get("ice"):
        d.rectangle((x, y, x + w, y + h), fill=ICE_RGB, outline=kit.INK, width=2)
        step = w / 4
        for k in range(4):   # a few ice cracks
            cx = x + step * (k + 0.5)
            d.line((cx - 10, y + face_h * 0.18, cx + 8, y + face_h * 0.52, cx - 2, y + face_h * 0.82),
                   fill=(180, 210, 235), width=2)
        ice = say(table, nw.ICE).upper()
        kit.text(d, (x + w // 2, y + face_h // 2 + 6), ice, kit.fit_size(ice, m + 6, w - 70, bold=True, smallest=m),
                 anchor="mm", fill=(90, 130, 170), bold=True)
    else:
        kit.paste(img, card_face(cell["id"], scale, card_texts(table, cell["id"])), (x, y))
        if fresh:
            new = say(table, nw.NEW)
            kit.text(d, (x + w - 8, y + face_h - 4), new, scale.small - 1, anchor="rd", fill=kit.MUTED, bold=True)
    kit.text(d, (x + 7, y + 4 + m * 0.68), key, m, anchor="lm", bold=True,
             fill=kit.INK if cell and not cell.get("ice") else (60, 100, 140), main=True)
    d.rectangle((x, y, x + w, y + h), outline=kit.INK, width=2)
    d.line((x, y + face_h, x + w, y + face_h), fill=kit.MUTED)
    if highlighted:
        d.rectangle((x - 3, y - 3, x + w + 3, y + h + 3), outline=kit.HIGHLIGHT, width=5)


def parties_on(parties: dict, key: str) -> list[tuple[int, dict, int]]:
    """(seat, party, hunters counting the alpha) of each party on place ``key``, by seat."""
    out = []
    for s, p in sorted(parties.get(key, {}).items()):
        n = sum(p["c"]) + (1 if p["a"] else 0)
        if n:
            out.append((int(s), p, n))
    return out


# ------------------------------------------------------------------ words of the round and the tribes


def daughter_gives(table: kit.Table, cid: str) -> str:
    """What a daughter brings: her portals and her ability, as one line (empty if nothing)."""
    info = DAUGHTERS[cid]
    items = [nw.PORTAL(slot=ph.SLOT[slot](), colour=ph.COLOUR[c]()) for slot, c in info["portals"]]
    if info["ability"]:
        items.append(ability(info))
    return kit.said(table, nw.SHE_BRINGS(items=listing(items))) if items else ""


def ability(info):
    """A daughter's ability as a phrase."""
    if info["ability"] == "vp":
        return nw.ABILITY_VP(vp=info["vp"])
    return nw.ABILITY[info["ability"]]()


def round_lines(view: dict, table: kit.Table) -> list[tuple[str, str]]:
    """The round's lines, each with its role: 'title', 'gives', 'events', 'now', 'waiting', 'decks'."""
    out = []
    ev = view["event"]
    if ev:
        info = DAUGHTERS[ev]
        out.append(("title", say(table, nw.AUCTION, round=view["round"], card=ph.CARD[ev]())))
        gives = daughter_gives(table, ev)
        if gives:
            out.append(("gives", gives))
        events = listing([ph.EVENT_NAME[e]() for e in info["events"]], "comma")
        colours = listing([ph.COLOUR[c]() for c in info["bid"]], "or")
        out.append(("events", say(table, nw.EVENTS, events=events, colours=colours)))
    else:
        out.append(("title", say(table, nw.SET_UP) if view["phase"] != "over" else kit.said(table, words.GAME_OVER())))
    if view["phase"] != "over" and view["phase"] in ph.PHASE:
        out.append(("now", say(table, nw.NOW, phase=ph.PHASE[view["phase"]]())))
    note = waiting(view, table)
    if note:
        out.append(("waiting", note))
    out.append(("decks", say(table, nw.DECKS, n=view["events_left"], north=view["decks"]["N"],
                             south=view["decks"]["S"])))
    return out


def waiting(view: dict, table: kit.Table) -> str:
    """What the acting seats must decide: a phrase in the view (or, from views stored before it
    was one, its English), seats written as the players' names."""
    note = view.get("waiting")
    if not note:
        return ""
    return kit.said(table, note) if isinstance(note, dict) else kit.with_names(note, table)


def proposal(view: dict, table: kit.Table) -> str:
    """The proposal on the table (F1), with the answers a player types."""
    prop = view.get("proposal")
    if not prop:
        return ""
    text = kit.said(table, prop) if isinstance(prop, dict) else kit.with_names(prop, table)
    return say(table, nw.PROPOSAL, proposal=text.rstrip("."), yes="yes", no="no")


def highlights(view: dict, table: kit.Table) -> tuple[set[str], set[str]]:
    """The biome places (N1…S6) and daughter places (A1…) the last move named."""
    last = " ".join(view.get("last") or []) + " " + " ".join(table.last_events)
    return set(re.findall(r"\b([NS][1-6])\b", last)), set(re.findall(r"\b([ABC][1-9])\b", last))


def species_name(table: kit.Table, species: str) -> str:
    return say(table, nw.SPECIES[species])


def tribe_title(view: dict, seat: int, table: kit.Table) -> str:
    """'Ana · Archaic · vocal · libertine'."""
    p = view["players"][seat]
    side = say(table, nw.TRIBAL if p["tribal"] else nw.VOCAL)
    sex = say(table, ph.SEX[p["sex"]]) if p["sex"] in ph.SEX else "?"
    return f"{kit.name_of(table, seat)} · {species_name(table, p['species'])} · {side} · {sex}"


def tribe_facts(p: dict, table: kit.Table) -> str:
    """'hand 0/1 · grave 9 · alpha: in the grave'."""
    where = say(table, nw.ALPHA[p["alpha"]]) if p["alpha"] in nw.ALPHA else p["alpha"]
    return " · ".join([say(table, nw.HAND, n=p["hand_size"], limit=p["hand_limit"]),
                       say(table, nw.GRAVE, n=p["grave"]), where])


def tableau_cards(p: dict, table: kit.Table) -> list[tuple[str, list, tuple]]:
    """(label, discs, colour) of trophies, animals and inventions, with the codes deals use (t1, x1, i1)."""
    out = []
    for code, cards, colour in (("t", [{"id": t, "discs": []} for t in p["trophies"]], BROWN),
                                ("x", p["domestic"], PURPLE), ("i", p["inventions"], BROWN)):
        for n, c in enumerate(cards):
            out.append((f"{code}{n + 1} " + card_name(table, c["id"]), c["discs"], colour))
    return out


# J's sources of VP (rules.neanderthal.game.score_parts kinds) by column of the final table
SOURCE_OF = {"hunter": "cubes", "alpha": "cubes", "elder": "cubes", "husband": "cubes",
             "daughter": "daughters", "bonus": "daughters", "disc": "words",
             "trophy": "cards", "invention": "cards", "domestic": "cards"}


def breakdown(view, table: kit.Table) -> kit.Breakdown | None:
    """The final table: each player's VP by source (cubes, daughters, words, cards) and the total."""
    if view["phase"] != "over":
        return None
    rows = []
    for p in view["players"]:
        vp = dict.fromkeys(nw.SOURCE_COLUMNS, 0)
        for kind, _n, points in p.get("score_parts", []):
            vp[SOURCE_OF[kind]] += points
        rows.append([*vp.values(), p["score"]])
    return kit.Breakdown([*(say(table, c) for c in nw.SOURCE_COLUMNS.values()), say(table, nw.VP_COLUMN)], rows)


def scores(view, table: kit.Table) -> list:
    """The legend's scores: 'n VP' in play, bare numbers beside the final table's VP column."""
    points = [p["score"] for p in view["players"]]
    return [say(table, nw.VP, vp=s) for s in points] if view["phase"] != "over" else points
