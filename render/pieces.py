"""Pieces drawn the same way in every game: player markers, huts, meeples,
tokens, count badges. Each has a soft shadow, a lighter top and an ink
outline (they read as objects on the board), and records its box as a
"piece" so a test can tell when one covers a label or another piece.

Players are told apart by colour *and* by a letter and a shape, so that
colour-blind players can read every board.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar

from PIL import ImageDraw

from render.labels import INK, WHITE, piece, text

# Okabe–Ito inspired: distinguishable for the common colour-vision deficiencies.
PLAYER_COLOURS: list[tuple[int, int, int]] = [
    (213, 94, 0),     # vermilion
    (0, 114, 178),    # blue
    (0, 158, 115),    # bluish green
    (230, 159, 0),    # orange
    (204, 121, 167),  # reddish purple
    (86, 180, 233),   # sky blue
]
PLAYER_SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star"]
SHADOW = (0, 0, 0)


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


SEAT_LETTERS = "ABCDEF"
_LETTERS: ContextVar[tuple[str, ...]] = ContextVar("seat_letters", default=())


def seat_letters(names: list[str]) -> tuple[str, ...]:
    """The letters a table's badges wear: each player's initial, so that the letter follows the
    name (bob wears B wherever his seat falls); where two initials are alike, or a name has no
    letter, the seats' own letters A, B, C… for everyone."""
    initials = [next((ch.upper() for ch in str(name) if ch.isalpha()), "") for name in names]
    if all(initials) and len(set(initials)) == len(initials):
        return tuple(initials)
    return tuple(SEAT_LETTERS[s % len(SEAT_LETTERS)] for s in range(len(names)))


@contextmanager
def letters_for(names: list[str]):
    """Badges drawn inside wear the letters of these seats' names (:func:`seat_letters`)."""
    token = _LETTERS.set(seat_letters(list(names)))
    try:
        yield
    finally:
        _LETTERS.reset(token)


def player_letter(name: str, seat: int) -> str:
    """The letter drawn in a badge: the seat's letter within the table being drawn
    (:func:`letters_for`), else the seat's own letter A, B, C…"""
    letters = _LETTERS.get()
    return letters[seat] if 0 <= seat < len(letters) else SEAT_LETTERS[seat % len(SEAT_LETTERS)]


def lighter(rgb, k: float = 0.35):
    return tuple(int(c + (255 - c) * k) for c in rgb[:3])


def darker(rgb, k: float = 0.35):
    return tuple(int(c * (1 - k)) for c in rgb[:3])


def ink_on(rgb) -> tuple[int, int, int]:
    """Black or white, whichever reads on this colour."""
    r, g, b = rgb[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def polygon(draw: ImageDraw.ImageDraw, pts, fill=None, outline=INK, width: int = 2) -> None:
    """A filled polygon with an outline ``width`` wide. Pillow draws a wide
    outline through a mask the size of the whole image (slow on a board):
    a closed line is the same to the eye and costs nothing."""
    pts = [tuple(p) for p in pts]
    if fill is not None:
        draw.polygon(pts, fill=fill, outline=outline if width <= 1 else None)
    if outline is not None and width > 1:
        draw.line(pts + pts[:1], fill=outline, width=width, joint="curve")


def _regular(cx: float, cy: float, r: float, sides: int) -> list:
    """Vertices of a regular polygon with a vertex straight up (like Pillow's regular_polygon)."""
    return [(cx + r * math.sin(2 * math.pi * k / sides), cy - r * math.cos(2 * math.pi * k / sides))
            for k in range(sides)]


def _outline_points(kind: str, cx: float, cy: float, r: float):
    if kind == "square":
        s = r * .85
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if kind == "triangle":
        return [(cx, cy - r), (cx + r, cy + r * .8), (cx - r, cy + r * .8)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    return None


def shape(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill, outline=INK,
          width: int = 2, shadow: bool = True) -> None:
    """A filled marker of one of PLAYER_SHAPES centred on (cx, cy), with a shadow."""
    off = max(1.0, r * 0.15)
    for dx, colour, line in (((off, SHADOW, None) if shadow else (0, None, None)), (0, fill, outline)):
        if colour is None:
            continue
        x, y = cx + dx, cy + dx
        pts = _outline_points(kind, x, y, r)
        w = width if line else 0
        if kind == "circle":
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=line, width=w)
        elif kind == "hexagon":
            polygon(draw, _regular(x, y, r, 6), colour, line, w)
        elif kind == "star":
            polygon(draw, _regular(x, y, r, 5), colour, line, w)
        else:
            polygon(draw, pts, colour, line, w)
    if kind == "circle" and r >= 7:   # a highlight: the token is round, not flat
        draw.arc((cx - r * .7, cy - r * .7, cx + r * .7, cy + r * .7), 200, 280, fill=lighter(fill, .5),
                 width=max(1, int(r * .18)))
    piece(draw, (cx - r, cy - r, cx + r + off, cy + r + off))


def badge(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float = 12) -> None:
    """The seat's marker: its colour, its shape and its letter."""
    shape(draw, PLAYER_SHAPES[seat % 6], cx, cy, r, player_colour(seat))
    dy = r * 0.15 if PLAYER_SHAPES[seat % 6] == "triangle" else 0
    text(draw, (cx, cy + dy), player_letter("", seat), size=max(9, int(r * 1.15)), fill=WHITE, anchor="mm",
         outline=INK, bold=True, record_it=False)


def hut(draw: ImageDraw.ImageDraw, cx: float, cy: float, w: float, fill, count: str | None = None,
        count_size: int = 0, main: bool = True) -> tuple[float, float, float, float]:
    """A hut: walls and a pitched roof, ``w`` wide, centred on (cx, cy); an
    optional count written on its wall. Returns its box."""
    h = w * 1.05
    x0, x1 = cx - w / 2, cx + w / 2
    top, eave, foot = cy - h / 2, cy - h / 2 + h * 0.42, cy + h / 2
    off = max(1.0, w * 0.07)
    body = [(x0, eave), (cx, top), (x1, eave), (x1, foot), (x0, foot)]
    draw.polygon([(x + off, y + off) for x, y in body], fill=SHADOW)
    polygon(draw, body, fill, INK, 2)
    draw.polygon([(x0 - w * .04, eave + 1), (cx, top - w * .06), (x1 + w * .04, eave + 1), (cx, top + w * .12)],
                 fill=darker(fill, .3), outline=INK)
    box = (x0 - w * .04, top - w * .06, x1 + w * .04 + off, foot + off)
    piece(draw, box)
    if count is not None:
        size = count_size or int(w * 0.62)
        text(draw, (cx, (eave + foot) / 2 + 1), count, size=size, fill=ink_on(fill), anchor="mm", bold=True,
             main=main, kind="piece-label")
    return box


def meeple(draw: ImageDraw.ImageDraw, cx: float, cy: float, h: float, fill, letter: str = "",
           letter_fill=WHITE) -> tuple[float, float, float, float]:
    """A standing figure (head, arms, legs), ``h`` tall, centred on (cx, cy)."""
    w = h * 0.9
    top = cy - h / 2
    pts = [(cx - w * .12, top + h * .32), (cx - w * .5, top + h * .42), (cx - w * .5, top + h * .56),
           (cx - w * .22, top + h * .56), (cx - w * .42, top + h), (cx - w * .08, top + h),
           (cx, top + h * .78), (cx + w * .08, top + h), (cx + w * .42, top + h), (cx + w * .22, top + h * .56),
           (cx + w * .5, top + h * .56), (cx + w * .5, top + h * .42), (cx + w * .12, top + h * .32)]
    off = max(1.0, h * 0.06)
    hr = h * 0.17
    draw.polygon([(x + off, y + off) for x, y in pts], fill=SHADOW)
    draw.ellipse((cx - hr + off, top + off, cx + hr + off, top + 2 * hr + off), fill=SHADOW)
    polygon(draw, pts, fill, INK, 2)
    draw.ellipse((cx - hr, top, cx + hr, top + 2 * hr), fill=fill, outline=INK, width=2)
    box = (cx - w / 2, top, cx + w / 2 + off, top + h + off)
    piece(draw, box)
    if letter:
        text(draw, (cx, top + h * .56), letter, size=max(8, int(h * .36)), fill=letter_fill, anchor="mm",
             bold=True, outline=INK, record_it=False)
    return box


def count_badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, value: str, size: int, fill=WHITE,
                ink=INK, main: bool = True) -> tuple[float, float, float, float]:
    """A rounded pill holding a number (a count that belongs to nothing drawn under it)."""
    f_w = max(size * 0.62 * len(value), size * 0.62)
    w, h = f_w + size * 0.7, size * 1.3
    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    draw.rounded_rectangle(box, radius=h / 2, fill=fill, outline=INK, width=2)
    piece(draw, box)
    text(draw, (cx, cy), value, size=size, fill=ink, anchor="mm", bold=True, main=main, kind="piece-label")
    return box


def crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, w: float, fill=(245, 196, 40)) -> None:
    """The winner's crown."""
    h = w * 0.7
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    pts = [(x0, y1), (x0, y0 + h * .15), (x0 + w * .25, y0 + h * .55), (cx, y0), (x1 - w * .25, y0 + h * .55),
           (x1, y0 + h * .15), (x1, y1)]
    draw.polygon([(x + 1.5, y + 1.5) for x, y in pts], fill=SHADOW)
    polygon(draw, pts, fill, INK, 2)
    for x in (x0, cx, x1):
        draw.ellipse((x - w * .07, y0 - w * .07 + (h * .15 if x != cx else 0), x + w * .07,
                      y0 + w * .07 + (h * .15 if x != cx else 0)), fill=(220, 40, 40), outline=INK)
    piece(draw, (x0 - w * .07, y0 - w * .07, x1 + w * .07 + 1.5, y1 + 1.5))
