"""Shared drawing kit: palette, fonts and labels (``render.labels``), pieces
(``render.pieces``), the legend that answers "whose turn, what happened,
who won", stacking of layers with their records; PNG encoding is ``render.png``'s.

Every board is designed for a phone: shown 400 px wide, its main labels
(numbers, counts, scores, whose turn) stay at least 7 px tall
(``main_size(width)``). Every label and piece drawn through the kit is
recorded on its image (``marks(img)``) so tests can check that nothing hides
anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render import words
from render.labels import (  # noqa: F401  (the kit's public surface)
    CAP_HEIGHT,
    INK,
    MUTED,
    PAPER,
    PHONE_MIN_PX,
    PHONE_WIDTH,
    WHITE,
    Mark,
    copy,
    fit_size,
    font,
    forget,
    has_glyph,
    keepout,
    main_size,
    marks,
    missing_glyphs,
    overlaps,
    paragraph,
    paragraph_height,
    paste,
    phone_size,
    piece,
    place,
    record,
    resized,
    shown_height,
    text,
    text_size,
    text_width,
    wrap,
)
from render.pieces import (  # noqa: F401
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    badge,
    count_badge,
    crown,
    darker,
    hut,
    ink_on,
    lighter,
    meeple,
    player_colour,
    player_letter,
    polygon,
    shape,
)
from render.png import encode_png  # noqa: F401  (boards' PNG bytes)
from rules.wording import Said, fill_seats

HIGHLIGHT = (255, 215, 0)
TURN_BG = (255, 236, 160)
WIN_BG = (255, 226, 120)


@dataclass
class Table:
    """What the renderer knows of the table beyond the game view: the
    names, who acts, what just happened. Built by the table service.
    ``ranks`` (1 = first, from ``Game.result``) names the winner on the
    final image; without it the highest score wins. ``say`` turns a phrase
    (a :class:`rules.wording.Said` or its stored JSON) into the reader's
    language: the bot gives its catalogue's; without one, boards read English.
    ``last_events`` and ``title`` come already in the reader's language."""

    names: list[str]
    to_act: list[int] = field(default_factory=list)
    last_events: list[str] = field(default_factory=list)
    title: str = ""
    finished: bool = False
    locale: str | None = None
    ranks: list[int] | None = None
    say: Callable[[Said | dict], str] | None = None


_SAID: dict = {}      # (translator, key, plain parameters) -> text: boards say the same words every image
_SAID_MAX = 4096


def said(table: Table, text: Said | dict) -> str:
    """A phrase in the table's language, seats ({p0}…) written as the players' names.

    What a translator said is remembered for a phrase whose parameters are plain (numbers, strings):
    a board says the same words on every image (about 5 µs each through the catalogue)."""
    if table.say is not None:
        out = _translated(table.say, text)
    elif isinstance(text, Said):
        out = text.english()
    else:
        out = Said(text["key"], text.get("params") or {}).english()
    return with_names(out, table) if "{p" in out else out


def _translated(say: Callable[[Said | dict], str], text: Said | dict) -> str:
    key, params = (text.key, text.params) if isinstance(text, Said) else (text["key"], text.get("params"))
    memo = (say, key, tuple(params.items()) if params else ())
    try:
        out = _SAID.get(memo)
    except TypeError:             # a nested phrase or a list: said afresh
        return say(text)
    if out is None:
        if len(_SAID) >= _SAID_MAX:
            _SAID.clear()         # rare, and atomic (boards are drawn in worker threads)
        out = _SAID[memo] = say(text)
    return out


def with_names(value: str | dict, table: Table) -> str:
    """Game text names seats as {p0}, {p1}…: the image shows the players' names. A view's note
    given as a phrase in stored form ({"key", "params"}) is said in the table's language first."""
    if isinstance(value, dict):
        return said(table, value)
    return fill_seats(value, table.names)


def name_of(table: Table, seat: int) -> str:
    return table.names[seat] if 0 <= seat < len(table.names) else said(table, words.SEAT(n=seat + 1))


def winners(table: Table, scores: list | None) -> list[int]:
    """The seats ranked first: from the table's ranks, else the best score."""
    if table.ranks:
        return [s for s, r in enumerate(table.ranks) if r == 1]
    if scores:
        numeric = [s if isinstance(s, (int, float)) else -1e9 for s in scores]
        best = max(numeric)
        return [s for s, v in enumerate(numeric) if v == best]
    return []


@dataclass
class Breakdown:
    """The final score breakdown: column titles and, per seat, one value a
    column (the last column is the total)."""

    columns: list[str]
    rows: list[list]


def legend(table: Table, width: int, scores: list | None = None, extra: dict[int, str] | None = None,
           height: int | None = None, breakdown: Breakdown | None = None, status: str = "",
           main: int | None = None) -> Image.Image:
    """The strip that answers 'whose turn, what happened, who won': the
    title, a banner (whose turn, or the winner), one row per seat (badge,
    name, score, extra), the final breakdown, and the last events, wrapped.
    Sized for a phone: every line at least 7 px tall at 400 px wide (the font
    size; ``main`` a larger size, such as ``phone_size(width)``)."""
    unit = width / 400                      # one phone pixel in image pixels
    main = max(main or 0, main_size(width, 14))
    big = max(main + 4, int(9.5 * unit))
    small = main
    pad = int(max(8, 5 * unit))
    title = table.title or ""
    ev = [with_names(e, table) for e in table.last_events[-4:]]
    over = table.finished
    win = winners(table, scores) if over else []
    if over:
        names = ", ".join(name_of(table, s) for s in win)
        banner = said(table, (words.WINNER if len(win) == 1 else words.WINNERS_TIE)(who=names) if win
                      else words.GAME_OVER())
        if win and scores and len(win) == 1 and isinstance(scores[win[0]], (int, float)):
            banner += f" · {scores[win[0]]}"
    elif table.to_act:
        who = ", ".join(name_of(table, s) for s in table.to_act)
        banner = said(table, words.TO_PLAY(who=who))
    else:
        banner = ""
    if status:
        banner = f"{banner} · {status}" if banner else status
    row_h = int(main * 1.6)
    inner = width - 2 * pad
    banner_h = paragraph_height(banner, big, inner - 3 * big, bold=True) + big * 0.6 if banner else 0
    title_size = fit_size(title, big, inner, bold=True, smallest=main) if title else 0
    title_h = paragraph_height(title, title_size, inner, bold=True) + pad if title else 0
    table_h = (len(table.names) + (1 if breakdown else 0)) * row_h
    ev_h = sum(paragraph_height(e, small, inner - small) for e in ev) + pad if ev else 0
    h = height or int(pad + title_h + banner_h + pad + table_h + pad + ev_h + pad)
    img = Image.new("RGB", (width, h), PAPER)
    d = ImageDraw.Draw(img)
    y: float = pad
    if title:
        y = paragraph(d, (pad, y), title, title_size, inner, bold=True) + pad * 0.5
    if banner:
        seat = win[0] if win else (table.to_act[0] if table.to_act else None)
        d.rounded_rectangle((pad * 0.5, y, width - pad * 0.5, y + banner_h), radius=int(big * 0.4),
                            fill=WIN_BG if over else TURN_BG, outline=INK, width=max(2, int(unit)))
        cx = pad + big * 0.9
        if over and win:
            crown(d, cx, y + banner_h / 2, big * 1.3)
        elif seat is not None:
            badge(d, seat, cx, y + banner_h / 2, big * 0.7)
        paragraph(d, (pad + big * 2.1, y + big * 0.3), banner, big, inner - 3 * big, bold=True, main=True)
        y += banner_h + pad
    cols = breakdown.columns if breakdown else []
    # each column as wide as its title (a long title does not widen the others and squeeze the names)
    col_ws = [max(text_width(c, small, True), small * 2.2) + small * 0.8 for c in cols]
    name_w = inner - sum(col_ws)
    col_x = [pad + name_w + sum(col_ws[:i]) + col_ws[i] / 2 for i in range(len(cols))]   # centres
    if breakdown:
        for i, c in enumerate(cols):
            text(d, (col_x[i], y + row_h / 2), c, small, anchor="mm", bold=True, fill=MUTED)
        y += row_h
    for seat, name in enumerate(table.names):
        acting = seat in table.to_act and not over
        top = y
        if acting or seat in win:
            d.rounded_rectangle((pad * 0.5, top + 2, width - pad * 0.5, top + row_h - 2), radius=int(row_h * 0.3),
                                fill=WIN_BG if seat in win else TURN_BG, outline=INK)
        cy = top + row_h / 2
        if seat in win:
            crown(d, pad + main * 0.75, cy, main * 1.3)
        elif acting:
            d.polygon([(pad * 0.9, cy - main * .4), (pad * 0.9 + main * .55, cy), (pad * 0.9, cy + main * .4)],
                      fill=INK)
        badge(d, seat, pad + main * 2.3, cy, main * 0.62)
        label = name[:24]
        if scores is not None and seat < len(scores) and not breakdown:
            label += f"  ·  {scores[seat]}"
        if extra and seat in extra:
            label += f"  ·  {extra[seat]}"
        x = pad + main * 3.4
        size = fit_size(label, main, name_w - (x - pad) - 4, bold=acting or seat in win, smallest=main)
        value = label
        while text_width(value, size, acting or seat in win) > name_w - (x - pad) - 4 and len(value) > 4:
            value = value[:-2] + "…"   # names beyond the line are cut, never drawn over the columns
            value = value[:-1] if value.endswith("……") else value
        text(d, (x, cy), value, size, anchor="lm", bold=acting or seat in win, main=True)
        if breakdown and seat < len(breakdown.rows):
            for i, v in enumerate(breakdown.rows[seat]):
                last = i == len(cols) - 1
                text(d, (col_x[i], cy), str(v), small, anchor="mm", bold=last, main=True)
        y += row_h
    if ev:
        y += pad
        for line in ev:
            r = max(2, small * 0.18)
            d.ellipse((pad, y + small * 0.55 - r, pad + 2 * r, y + small * 0.55 + r), fill=MUTED)
            y = paragraph(d, (pad + small, y), line, small, inner - small, fill=(70, 64, 56))
    return img


def stack(images: list[Image.Image], bg=PAPER) -> Image.Image:
    """Images one under another, centred (their records come along)."""
    width = max(i.width for i in images)
    out = Image.new("RGB", (width, sum(i.height for i in images)), bg)
    y = 0
    for im in images:
        paste(out, im, ((width - im.width) // 2, y))
        y += im.height
    return out


TEXTURE_STEP = 256   # textures are made in sizes rounded up to this, then cut: a growing map reuses them


@lru_cache(maxsize=16)
def _blotches(width: int, height: int) -> Image.Image:
    """Soft low-frequency noise cut into three levels (0, 1, 2): a painted,
    blotchy ground that costs little to encode (few colours, large runs)."""
    small = Image.effect_noise((max(2, width // 24), max(2, height // 24)), 60)
    soft = small.resize((width, height), Image.Resampling.BICUBIC)
    return soft.point(lambda v: 0 if v < 110 else 1 if v < 150 else 2)


@lru_cache(maxsize=32)
def _textured_block(width: int, height: int, rgb: tuple, strength: float) -> Image.Image:
    levels = _blotches(width, height)
    shades = [darker(rgb, strength * 0.5), tuple(rgb), lighter(rgb, strength * 0.5)]
    img = levels.convert("P")
    img.putpalette([c for shade in shades for c in shade] + [0] * (3 * 253))
    return img.convert("RGB")


def textured(width: int, height: int, rgb: tuple, strength: float = 0.12) -> Image.Image:
    """A colour in three close shades laid in soft blotches (paper, ground):
    cut from a cached block (sizes rounded up to ``TEXTURE_STEP``, so that a
    map that grows by a tile does not make a new texture — a fresh one costs
    10–20 ms). Copy before drawing on it."""
    def up(n: int) -> int:
        return -(-max(1, n) // TEXTURE_STEP) * TEXTURE_STEP

    block = _textured_block(up(width), up(height), tuple(rgb), strength)
    return block if block.size == (width, height) else block.crop((0, 0, width, height))
