"""Fonts, text and the per-image record of everything drawn.

The font is DejaVu Sans, shipped in ``render/fonts`` (Bitstream Vera licence,
``render/fonts/LICENSE.txt``): Pillow's bundled default font lacks glyphs we
draw (the en dash of hunt results came out as a box).

Every label and piece the kit draws is recorded on the image it is drawn on
(``marks(img)``): its kind, box, text and font size. ``paste``, ``copy`` and
``stack`` carry the records along with the pixels, so the final board knows
where everything is, and a test can fail on a piece covering a label, on text
outside the image or on a character the font cannot draw.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
FONT_FILES = {False: FONT_DIR / "DejaVuSans.ttf", True: FONT_DIR / "DejaVuSans-Bold.ttf"}

INK = (34, 30, 28)
PAPER = (246, 240, 226)
MUTED = (110, 102, 90)
WHITE = (255, 255, 255)

PHONE_WIDTH = 400    # most players see boards this wide
PHONE_MIN_PX = 7     # main labels at least this tall there
CAP_HEIGHT = 0.73    # DejaVu Sans: digits and capitals are 0.73 of the font size tall


def main_size(width: int, at_least: int = 0) -> int:
    """The smallest font size a main label (numbers, counts, scores, whose turn)
    may have in an image ``width`` pixels wide: 7 px once shown 400 px wide."""
    return max(at_least, math.ceil(PHONE_MIN_PX * width / PHONE_WIDTH))


def phone_size(width: int, at_least: int = 0) -> int:
    """The font size whose digits and capitals are themselves 7 px tall once
    the image is shown 400 px wide (``main_size`` holds the font size, whose
    digits come out at 5 px): what a board designed for phones uses."""
    return max(at_least, math.ceil(PHONE_MIN_PX / CAP_HEIGHT * width / PHONE_WIDTH))


def shown_height(size: int, width: int) -> float:
    """How tall digits and capitals of this font size are once an image ``width``
    pixels wide is shown 400 px wide."""
    return size * CAP_HEIGHT * PHONE_WIDTH / width


# ------------------------------------------------------------------ the record of what was drawn


class Mark(NamedTuple):
    """One thing drawn: ``kind`` is "label" (text), "piece-label" (a number
    written on its own piece), "piece" (a token, hut, figure, arrow head...
    anything that must not cover a label) or "keepout" (an area pieces are
    not laid on, such as a lake)."""

    kind: str
    box: tuple[float, float, float, float]
    text: str = ""
    size: int = 0
    main: bool = False
    clipped: bool = False   # text that did not fit the box it was given (or the image)

    def moved(self, dx: float, dy: float) -> Mark:
        x0, y0, x1, y1 = self.box
        return Mark(self.kind, (x0 + dx, y0 + dy, x1 + dx, y1 + dy), self.text, self.size, self.main, self.clipped)


_MARKS_ATTR = "_hearth_marks"


def marks(img: Image.Image) -> list[Mark]:
    """Everything the kit recorded on this image (in its pixel coordinates)."""
    return getattr(img, _MARKS_ATTR, [])


def _target(where) -> Image.Image:
    return where._image if isinstance(where, ImageDraw.ImageDraw) else where  # noqa: SLF001 - Pillow keeps the drawn image only there


def record(where, kind: str, box, text: str = "", size: int = 0, main: bool = False,
           clipped: bool = False) -> None:
    """Note a drawn thing on an image (or on the image an ImageDraw draws on)."""
    img = _target(where)
    found = img.__dict__.setdefault(_MARKS_ATTR, [])
    found.append(Mark(kind, (box[0], box[1], box[2], box[3]), text, size, main, clipped))


def piece(where, box) -> None:
    record(where, "piece", box)


def paste(dst: Image.Image, src: Image.Image, xy, mask=None) -> None:
    """``dst.paste(src, xy)`` that also carries src's records over."""
    x, y = int(xy[0]), int(xy[1])
    dst.paste(src, (x, y), mask)
    found = marks(src)
    if found:
        dst.__dict__.setdefault(_MARKS_ATTR, []).extend(m.moved(x, y) for m in found)


def copy(img: Image.Image) -> Image.Image:
    """A copy with its own list of records (cached layers are shared: never append to theirs)."""
    out = img.copy()
    if marks(img):
        out.__dict__[_MARKS_ATTR] = list(marks(img))
    return out


def resized(img: Image.Image, size, resample=Image.Resampling.BILINEAR) -> Image.Image:
    """A scaled copy whose records are scaled too (sizes of labels included)."""
    out = img.resize(size, resample)
    kx, ky = size[0] / img.width, size[1] / img.height
    found = marks(img)
    if found:
        out.__dict__[_MARKS_ATTR] = [
            m._replace(box=(m.box[0] * kx, m.box[1] * ky, m.box[2] * kx, m.box[3] * ky), size=int(m.size * ky))
            for m in found]
    return out


def forget(img: Image.Image) -> Image.Image:
    """Drop the records of an image (a thumbnail whose labels nobody is meant to read)."""
    img.__dict__.pop(_MARKS_ATTR, None)
    return img


# ------------------------------------------------------------------ fonts


_MASKS_BUDGET = 16 * 1024 * 1024   # bytes of rendered text masks kept, all fonts together (a few MB in play)
_masks: OrderedDict = OrderedDict()  # (font key, getmask2 arguments) -> (mask, offset, bytes)
_masks_bytes = 0
_masks_lock = threading.Lock()


def _cache_masks(f: ImageFont.FreeTypeFont, fkey) -> ImageFont.FreeTypeFont:
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
            key = (fkey, text, mode, direction, tuple(features) if features else None, language, stroke_width,
                   anchor, ink if mode == "RGBA" else 0,    # only colour fonts paint the ink into the mask
                   tuple(start) if start else None, args, tuple(sorted(kwargs.items())))
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

    vars(f)["getmask2"] = getmask2   # on this font object only (the checker forbids assigning to a method)
    return f


@lru_cache(maxsize=64)
def font(size: int = 16, bold: bool = False) -> ImageFont.FreeTypeFont:
    return _cache_masks(ImageFont.truetype(str(FONT_FILES[bold]), size), (size, bold))


@lru_cache(maxsize=1)
def _notdef() -> bytes:
    f = ImageFont.truetype(str(FONT_FILES[False]), 20, layout_engine=ImageFont.Layout.BASIC)
    return bytes(f.getmask("\U0010FFFD"))


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether DejaVu Sans draws this character (not its 'missing' box)."""
    if ch.isspace() or ch in "\u200b\u200c\u200d":
        return True
    f = ImageFont.truetype(str(FONT_FILES[False]), 20, layout_engine=ImageFont.Layout.BASIC)
    return bytes(f.getmask(ch)) != _notdef()


def missing_glyphs(value: str) -> set[str]:
    return {ch for ch in value if not has_glyph(ch)}


_MEASURE = ImageDraw.Draw(Image.new("L", (1, 1)))


def text_size(draw: ImageDraw.ImageDraw | None, value: str, size: int, bold: bool = False) -> tuple[float, float]:
    left, top, right, bottom = _MEASURE.textbbox((0, 0), value, font=font(size, bold))
    return right - left, bottom - top


@lru_cache(maxsize=8192)
def text_width(value: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(value)


@lru_cache(maxsize=8192)
def _bbox_at_origin(value: str, size: int, bold: bool, anchor: str, stroke: int) -> tuple[float, float, float, float]:
    return _MEASURE.textbbox((0, 0), value, font=font(size, bold), anchor=anchor, stroke_width=stroke)


def text(draw: ImageDraw.ImageDraw, xy, value: str, size: int = 16, fill=INK, anchor: str = "la",
         bold: bool = False, outline=None, main: bool = False, within=None, record_it: bool = True,
         kind: str = "label"):
    """Draw text and record its box. ``outline`` draws a halo of that colour
    (legible on any ground); ``main`` marks labels a phone reader needs
    (numbers, counts, scores, whose turn): a test holds them to 7 px at 400 px
    wide. ``within`` is the box the text must stay inside (default the image).
    ``kind="piece-label"`` for a number written on its own piece (a hut's
    count); ``record_it=False`` for a piece's letter (part of the piece)."""
    stroke = 2 if outline is not None else 0
    f = font(size, bold)
    # at whole pixels: Pillow renders a text afresh for every fraction of a
    # pixel it starts at, so numbers at fractional centres missed the mask cache
    xy = (round(xy[0]), round(xy[1]))
    draw.text(xy, value, font=f, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=outline)
    if not record_it:
        return None
    b = _bbox_at_origin(value, size, bold, anchor, stroke)
    box = (b[0] + xy[0], b[1] + xy[1], b[2] + xy[0], b[3] + xy[1])
    img = draw._image  # noqa: SLF001 - Pillow keeps the drawn image only there
    limit = within or (0, 0, img.width, img.height)
    clipped = box[0] < limit[0] - 1 or box[1] < limit[1] - 1 or box[2] > limit[2] + 1 or box[3] > limit[3] + 1
    record(draw, kind, box, value, size, main, clipped)
    return box


def fit_size(value: str, size: int, width: float, bold: bool = False, smallest: int = 8) -> int:
    """The largest size up to ``size`` at which the text is at most ``width`` wide."""
    while size > smallest and text_width(value, size, bold) > width:
        size -= 1
    return size


def wrap(value: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Lines of at most ``width`` pixels (words longer than a line are cut by
    characters). Words are measured once each (cached) and lines summed from
    them, with a small margin for kerning across spaces."""
    space = text_width(" ", size, bold)
    limit = width * 0.98
    lines: list[str] = []
    for para in value.split("\n"):
        line, line_w = "", 0.0
        for word in para.split():
            w = text_width(word, size, bold)
            if line and line_w + space + w <= limit:
                line, line_w = f"{line} {word}", line_w + space + w
                continue
            if not line and w <= limit:
                line, line_w = word, w
                continue
            if line:
                lines.append(line)
            while text_width(word, size, bold) > limit and len(word) > 1:
                cut = len(word)
                while cut > 1 and text_width(word[:cut], size, bold) > limit:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line, line_w = word, text_width(word, size, bold)
        lines.append(line)
    return [ln for ln in lines if ln] or [""]


def paragraph(draw: ImageDraw.ImageDraw, xy, value: str, size: int, width: float, fill=INK, bold: bool = False,
              line_gap: float = 1.25, main: bool = False, max_lines: int | None = None) -> float:
    """Wrapped text from its top-left corner; returns the y under its last line."""
    x, y = xy
    lines = wrap(value, size, width, bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and text_width(last + "…", size, bold) > width:
            last = last[:-1]
        lines[-1] = last + "…"
    for line in lines:
        _words(draw, (x, y), line, size, fill, bold, main)
        y += size * line_gap
    return y


def _words(draw: ImageDraw.ImageDraw, xy, line: str, size: int, fill, bold: bool, main: bool) -> None:
    """A line of running text drawn word by word (at whole pixels, as ``wrap``
    measured it) and recorded as one label: event lines differ every turn,
    their words do not, so the rasterised words come from the mask cache
    (a new line cost FreeType a whole render, the slowest part of a legend)."""
    words = line.split(" ")
    if len(words) < 3:
        text(draw, xy, line, size, fill=fill, bold=bold, main=main)
        return
    x0, y = round(xy[0]), round(xy[1])
    f = font(size, bold)
    space = text_width(" ", size, bold)
    x = float(x0)
    for word in words:
        if word:
            draw.text((round(x), y), word, font=f, fill=fill)
        x += text_width(word, size, bold) + space
    top, bottom = _line_extent(size, bold)
    img = draw._image  # noqa: SLF001 - Pillow keeps the drawn image only there
    box = (x0, y + top, x - space, y + bottom)
    clipped = box[0] < -1 or box[1] < -1 or box[2] > img.width + 1 or box[3] > img.height + 1
    record(draw, "label", box, line, size, main, clipped)


@lru_cache(maxsize=256)
def _line_extent(size: int, bold: bool) -> tuple[float, float]:
    """Top and bottom of a line's ink below its top-left anchor (capitals, accents and descenders)."""
    b = _bbox_at_origin("ÉAgjy", size, bold, "la", 0)
    return b[1], b[3]


def paragraph_height(value: str, size: int, width: float, bold: bool = False, line_gap: float = 1.25,
                     max_lines: int | None = None) -> float:
    n = len(wrap(value, size, width, bold))
    return size * line_gap * (min(n, max_lines) if max_lines else n)


def overlaps(a, b, slack: float = 0.5) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


_CELL = 64
_GRID_ATTR = "_hearth_grid"


def _grid(img: Image.Image) -> tuple[dict, list[Mark]]:
    """The recorded marks of an image by 64 px cell, each as (x0, y0, x1, y1, kind, index into
    ``marks(img)``), kept on the image and brought up to date with new records."""
    found = marks(img)
    grid = img.__dict__.get(_GRID_ATTR)
    if grid is None or grid[2] is not found or grid[0] > len(found):
        grid = [0, {}, found]
        img.__dict__[_GRID_ATTR] = grid
    cells = grid[1]
    for i in range(grid[0], len(found)):
        m = found[i]
        x0, y0, x1, y1 = m.box
        entry = (x0, y0, x1, y1, m.kind, i)
        for cx in range(int(x0) // _CELL, int(x1) // _CELL + 1):
            for cy in range(int(y0) // _CELL, int(y1) // _CELL + 1):
                cell = cells.get((cx, cy))
                if cell is None:
                    cells[(cx, cy)] = [entry]
                else:
                    cell.append(entry)
    grid[0] = len(found)
    return cells, found


def _near(img: Image.Image, box) -> list[Mark]:
    """The recorded marks whose boxes touch ``box``."""
    cells, found = _grid(img)
    hits: set[int] = set()
    for cx in range(int(box[0]) // _CELL, int(box[2]) // _CELL + 1):
        for cy in range(int(box[1]) // _CELL, int(box[3]) // _CELL + 1):
            hits.update(t[5] for t in cells.get((cx, cy), ()))
    return [found[i] for i in sorted(hits) if overlaps(found[i].box, box, 0)]


_WEIGHT = {"keepout": 0.2, "piece": 5.0}     # covering a label costs most (10), a keep-out area least


def place(where, w: float, h: float, centres, avoid=("piece", "label", "piece-label", "keepout"),
          margin: float = 2) -> tuple[float, float, float, float]:
    """The box of a w×h thing at the first of ``centres`` where it covers
    nothing recorded on the image (pieces, labels, keep-out areas such as
    lakes) and stays inside it; if none is free, the one covering least
    (weighted: labels most, keep-out areas least).

    Each candidate looks only at the marks in the grid cells it touches (the
    image's grid, kept up to date): placing was 40 % of a Clans board's
    drawing when every candidate was checked against every nearby mark."""
    img = _target(where)
    cells, _found = _grid(img)
    boxes = []
    hw, hh = w / 2, h / 2
    left, right, top, bottom = hw + 1, img.width - hw - 1, hh + 1, img.height - hh - 1
    for cx, cy in centres:
        cx = min(max(cx, left), right)     # slid inside the image
        cy = min(max(cy, top), bottom)
        box = (cx - hw, cy - hh, cx + hw, cy + hh)
        x0, y0, x1, y1 = cx - hw - margin, cy - hh - margin, cx + hw + margin, cy + hh + margin
        free = True
        for gx in range(int(x0) // _CELL, int(x1) // _CELL + 1):
            for gy in range(int(y0) // _CELL, int(y1) // _CELL + 1):
                for t in cells.get((gx, gy), ()):
                    if x0 < t[2] and t[0] < x1 and y0 < t[3] and t[1] < y1 and t[4] in avoid:
                        free = False
                        break
                if not free:
                    break
            if not free:
                break
        if free:
            return box
        boxes.append((box, (x0, y0, x1, y1)))

    def cost(grown) -> float:      # only when no candidate is free
        x0, y0, x1, y1 = grown
        return sum(_WEIGHT.get(m.kind, 10.0) * (min(x1, m.box[2]) - max(x0, m.box[0]))
                   * (min(y1, m.box[3]) - max(y0, m.box[1])) for m in _near(img, grown) if m.kind in avoid)

    return min(boxes, key=lambda b: cost(b[1]))[0]


def keepout(where, box) -> None:
    """An area pieces and tags must not be laid on (a lake), not itself a label or piece."""
    record(where, "keepout", box)
