"""Shared drawing kit: player palette, fonts, badges, legend, PNG encoding.

Players are told apart by colour *and* by a letter and a shape, so that
colour-blind players can read every board. Fonts come with Pillow itself
(``ImageFont.load_default(size=…)``), never from the system.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

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

INK = (34, 30, 28)
PAPER = (246, 240, 226)
MUTED = (120, 112, 100)
HIGHLIGHT = (255, 215, 0)
WHITE = (255, 255, 255)


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_letter(name: str, seat: int) -> str:
    """The letter drawn in a badge: the seat's own letter A, B, C… (stable,
    unique within a table, unlike initials)."""
    return "ABCDEF"[seat % 6]


_MASKS_BUDGET = 16 * 1024 * 1024   # bytes of rendered text masks kept, all fonts together (a few MB in play)
_masks: OrderedDict = OrderedDict()  # (font size, getmask2 arguments) -> (mask, offset, bytes)
_masks_bytes = 0
_masks_lock = threading.Lock()


def _cache_masks(f: ImageFont.FreeTypeFont, size: int) -> ImageFont.FreeTypeFont:
    """Remember the glyph masks FreeType renders for this font.

    Rasterising text was most of the time a board took to draw, and boards
    draw the same labels (names, numbers, place names) again and again.
    ``ImageDraw.text`` asks the font for ``getmask2(...)`` and blits the
    mask; the mask depends only on the arguments, so handing back the same
    (read-only) mask for the same arguments gives identical pixels. The
    least recently used masks go once they take more than ``_MASKS_BUDGET``."""
    render_mask = f.getmask2

    def getmask2(text, mode="", direction=None, features=None, language=None, stroke_width=0, anchor=None,
                 ink=0, start=None, *args, **kwargs):
        global _masks_bytes
        try:
            key = (size, text, mode, direction, tuple(features) if features else None, language, stroke_width,
                   anchor, ink, tuple(start) if start else None, args, tuple(sorted(kwargs.items())))
            hash(key)
        except TypeError:
            return render_mask(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                               *args, **kwargs)
        with _masks_lock:
            hit = _masks.get(key)
            if hit is not None:
                _masks.move_to_end(key)
                return hit[0], hit[1]
        mask, offset = render_mask(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                                   *args, **kwargs)
        cost = 200 + mask.size[0] * mask.size[1] * (4 if mode == "RGBA" else 1)
        with _masks_lock:
            if key not in _masks:
                _masks[key] = (mask, offset, cost)
                _masks_bytes += cost
                while _masks_bytes > _MASKS_BUDGET and _masks:
                    _masks_bytes -= _masks.popitem(last=False)[1][2]
        return mask, offset

    f.getmask2 = getmask2
    return f


@lru_cache(maxsize=32)
def font(size: int = 16) -> ImageFont.FreeTypeFont:
    return _cache_masks(ImageFont.load_default(size=size), size)


def text_size(draw: ImageDraw.ImageDraw, text: str, size: int) -> tuple[int, int]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font(size))
    return right - left, bottom - top


def text(draw: ImageDraw.ImageDraw, xy, value: str, size: int = 16, fill=INK, anchor: str = "la",
         bold: bool = False, outline=None) -> None:
    """Draw text; ``bold`` fakes weight with a stroke (one font ships with Pillow)."""
    stroke = 1 if bold else 0
    stroke_fill = fill if bold else None
    if outline is not None:
        stroke, stroke_fill = 2, outline
    draw.text(xy, value, font=font(size), fill=fill, anchor=anchor, stroke_width=stroke,
              stroke_fill=stroke_fill)


def shape(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill, outline=INK,
          width: int = 2) -> None:
    """A filled marker of one of PLAYER_SHAPES centred on (cx, cy)."""
    if kind == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    elif kind == "square":
        draw.rectangle((cx - r * .85, cy - r * .85, cx + r * .85, cy + r * .85), fill=fill, outline=outline,
                       width=width)
    elif kind == "triangle":
        draw.polygon([(cx, cy - r), (cx + r, cy + r * .8), (cx - r, cy + r * .8)], fill=fill, outline=outline,
                     width=width)
    elif kind == "diamond":
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, outline=outline,
                     width=width)
    elif kind == "hexagon":
        draw.regular_polygon((cx, cy, r), 6, fill=fill, outline=outline, width=width)
    else:
        draw.regular_polygon((cx, cy, r), 5, rotation=0, fill=fill, outline=outline, width=width)


def badge(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float = 12) -> None:
    """The seat's marker: its colour, its shape and its letter."""
    shape(draw, PLAYER_SHAPES[seat % 6], cx, cy, r, player_colour(seat))
    text(draw, (cx, cy + 1), player_letter("", seat), size=max(10, int(r * 1.2)), fill=WHITE, anchor="mm",
         outline=INK)


@dataclass
class Table:
    """What the renderer knows of the table beyond the game view: the
    names, who acts, what just happened. Built by the table service."""

    names: list[str]
    to_act: list[int] = field(default_factory=list)
    last_events: list[str] = field(default_factory=list)
    title: str = ""
    finished: bool = False
    locale: str | None = None


def with_names(text: str, table: Table) -> str:
    """Game text names seats as {p0}, {p1}…: the image shows the players' names."""
    for i, name in enumerate(table.names):
        text = text.replace("{p%d}" % i, name)
    return text


def legend(table: Table, width: int, scores: list | None = None, extra: dict[int, str] | None = None,
           height: int | None = None) -> Image.Image:
    """A strip listing every seat (badge, name, score, an arrow on whoever
    acts) and the last events: it answers 'whose turn, what happened'."""
    rows = len(table.names)
    ev = table.last_events[-4:]
    h = height or (40 + 30 * rows + (24 * len(ev) + 12 if ev else 0))
    img = Image.new("RGB", (width, h), PAPER)
    d = ImageDraw.Draw(img)
    if table.title:
        text(d, (12, 8), table.title, size=18, bold=True)
    y = 40
    for seat, name in enumerate(table.names):
        acting = seat in table.to_act and not table.finished
        if acting:
            d.rounded_rectangle((4, y - 13, width - 4, y + 13), radius=6, fill=(255, 240, 170), outline=INK)
            d.polygon([(12, y - 7), (24, y), (12, y + 7)], fill=INK)   # the font has no arrow glyph
        badge(d, seat, 38, y, 11)
        label = name[:24]
        if scores is not None and seat < len(scores):
            label += f"  ·  {scores[seat]}"
        if extra and seat in extra:
            label += f"  ·  {extra[seat]}"
        text(d, (56, y), label, size=16, anchor="lm", bold=acting)
        y += 30
    if ev:
        y += 4
        for line in ev:
            d.ellipse((12, y + 6, 18, y + 12), fill=MUTED)
            text(d, (24, y), line[:110], size=14, fill=MUTED)
            y += 24
    return img


def stack(images: list[Image.Image], bg=PAPER) -> Image.Image:
    """Images one under another, centred."""
    width = max(i.width for i in images)
    out = Image.new("RGB", (width, sum(i.height for i in images)), bg)
    y = 0
    for im in images:
        out.paste(im, ((width - im.width) // 2, y))
        y += im.height
    return out


_SAMPLE = 64      # images smaller than 3×64 px a side get a palette from every pixel


def encode_png(img: Image.Image, max_colours: int = 256) -> bytes:
    """PNG bytes, quantised to a palette: boards are flat colours, so this
    keeps them small and fast to encode without visible loss.

    The palette is chosen (fast octree) on every third pixel of every third
    row, then the whole image is mapped onto it: a third of the time of an
    octree over all pixels (about 4.5 ms instead of 12 ms for a 1.4 Mpx
    board). Boards are large areas of flat colour, so the sample sees every
    colour that matters; on the five boards no pixel moved by more than 48
    levels of 255 and the mean difference stayed under 2 levels.

    zlib level 3 rather than 6: on palette boards it halves the deflate
    time (about 10 ms to 5 ms for a 1.4 Mpx board) for images about 20 %
    larger (still well under 100 KB)."""
    if img.mode not in ("P", "L"):
        if img.mode != "RGB":
            img = img.convert("RGB")
        if img.width >= 3 * _SAMPLE and img.height >= 3 * _SAMPLE:
            sample = img.resize((img.width // 3, img.height // 3), Image.Resampling.NEAREST)
            palette = sample.quantize(colors=max_colours, method=Image.Quantize.FASTOCTREE,
                                      dither=Image.Dither.NONE)
            img = img.quantize(palette=palette, dither=Image.Dither.NONE)
        else:
            img = img.quantize(colors=max_colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=3)
    return buf.getvalue()
