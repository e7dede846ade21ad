"""``/replay``: the whole game as an animated GIF, drawn and encoded one
frame at a time, under the upload limit.

Frames are the public view (``view(state, None)``) drawn by
:func:`render.draw`, so nothing hidden leaks. The caller gives a function
that yields the frames asked for (it re-simulates the game as it goes), so
only one frame is ever held: each is drawn, quantised, compared with what
the viewer shows so far, and only the changed rectangle is written (GIF
frames may cover part of the canvas). Peak memory is a few frames' worth,
whatever the length of the game.

The last frame is the live board exactly as ``/board`` draws it (its PNG is
passed in and written with its own palette). Every frame shares the last
frame's size. Frames before it that carry a :class:`Caption` get a band of
fixed height at the top, the board a little smaller under it: who played,
which move, what happened (the board never moves, so a frame still costs
only what changed; the live board's own legend tells the last move). A map that grows
(Carcassonne) is drawn on the last frame's grid and scale, so a frame
differs from the one before only where a tile or figure landed. A long
game is sampled (``MAX_FRAMES``, first and last kept);
when the file would pass the limit, the build stops early and starts again
with fewer frames, then smaller ones. All of it is CPU work: callers run
:func:`build_gif` in a worker thread.
"""

from __future__ import annotations

import importlib
import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

import render
from render import kit
from render.kit import PAPER, Table
from render.pieces import letters_for

MAX_FRAMES = 160         # every move of a Carcassonne game (at most ~150); longer games are sampled
FRAME_MS = 700
SHORTEST_MS = 450        # a frame of a game with many moves: still time to read its line
WHOLE_MS = 60_000        # a replay of many frames aims at about a minute
LAST_MS = 4000
SMALLEST_WIDTH = 640     # a replay of every move is made smaller, down to this width, before it drops moves
FEW_FRAMES = 24          # below this many frames, frames get smaller rather than fewer
CHECK_AFTER = 6          # frames written before the size of the whole file is projected


@dataclass
class Caption:
    """What a replay frame says above the board: which move, who played it,
    what happened (the move's public events, in the reader's language, seats
    as ``{p0}``…)."""

    head: str                    # the game and the move, e.g. "Carcassonne · 12/137" (a range when sampled)
    seat: int | None = None      # who played (a badge and the name); None for the set-up
    lines: list[str] = field(default_factory=list)   # oldest first; the band shows the last few


@dataclass
class Frame:
    view: dict
    table: Table
    caption: Caption | None = None


@dataclass
class Animation:
    data: bytes
    frames: int
    dropped: bool = False     # frames left out to fit the upload limit
    scaled: bool = False
    sampled: bool = False     # a long game: one frame every few moves


FrameSource = Callable[[list[int]], Iterable[Frame]]
"""Given the sorted indices of the frames wanted (0 = the set-up), yields those frames in order."""


class TooBig(Exception):
    """The file being written would pass the limit (it is abandoned, not finished)."""

    def __init__(self, projected: int = 0) -> None:
        super().__init__(projected)
        self.projected = projected    # the size the whole file was heading for, in bytes


def _quantize(img: Image.Image, colours: int = 256) -> Image.Image:
    # the same palette reduction as the board PNG, so the last frame equals the live board
    return img.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def sample(count: int, limit: int) -> list[int]:
    """Indices of ``limit`` frames out of ``count``, evenly spread, first and last kept."""
    if count <= limit:
        return list(range(count))
    limit = max(2, limit)
    step = (count - 1) / (limit - 1)
    picks = sorted({round(i * step) for i in range(limit)})
    if picks[-1] != count - 1:
        picks.append(count - 1)
    return picks


class GifStream:
    """Writes an animated GIF frame by frame into ``out``. Every in-between
    frame is mapped onto one shared palette (of at most 255 colours: the
    256th index is 'unchanged'), so a part of the board that did not change
    maps to the same pixels frame after frame; each frame is written only
    over the rectangle that changed, its unchanged pixels transparent (long
    runs that cost next to nothing). A frame that changes nothing adds its
    duration to the one before. Holds the picture shown so far and one
    frame waiting for its duration."""

    def __init__(self, out: io.BytesIO, palette: Image.Image, limit: int | None = None) -> None:
        self.out = out
        self.palette = palette
        self.limit = limit
        self.shown: Image.Image | None = None
        self.pending: tuple[Image.Image, tuple[int, int], int, dict] | None = None
        self.frames = 0
        self.first = 0          # bytes of the header and the first (whole) frame

    def projected(self, total: int) -> int:
        """The size the file is heading for with ``total`` frames: the first
        and the last (live) frames whole, the others like those so far."""
        if self.frames < 2:
            return self.out.tell() * total // max(1, self.frames)
        each = (self.out.tell() - self.first) / (self.frames - 1)
        return int(2 * self.first + each * max(0, total - 2))

    def add(self, rgb: Image.Image, duration: int) -> None:
        """An in-between frame (RGB, the size of the canvas), on the shared palette."""
        self._add(rgb.quantize(palette=self.palette, dither=Image.Dither.NONE), duration, own_palette=False)

    def add_exact(self, frame: Image.Image, duration: int) -> None:
        """A palette frame shown exactly as it is, with its own colour table (the live board)."""
        self._add(frame, duration, own_palette=True)

    def _add(self, frame: Image.Image, duration: int, own_palette: bool) -> None:
        rgb = frame.convert("RGB")
        if self.shown is None:
            header, _ = GifImagePlugin.getheader(frame, None, {"loop": 0, "duration": duration})
            for chunk in header:
                self.out.write(chunk)
            self.shown = rgb
            self.pending = (frame, (0, 0), duration, {})
            return
        box = ImageChops.difference(self.shown, rgb).getbbox()
        if box is None:   # nothing changed: the frame before stays longer
            assert self.pending is not None   # a frame was shown, so one waits to be written
            im, at, ms, kept = self.pending
            self.pending = (im, at, ms + duration, kept)
            return
        self._flush()
        crop = frame.crop(box)
        params: dict = {"include_color_table": True} if own_palette else {}
        free = _free_index(crop) if own_palette else UNCHANGED
        if free is not None:
            r, g, b = ImageChops.difference(self.shown.crop(box), rgb.crop(box)).split()
            unchanged = ImageChops.lighter(ImageChops.lighter(r, g), b).point([255] + [0] * 255, "1")
            crop.paste(free, mask=unchanged)
            params["transparency"] = free
        self.shown = rgb
        self.pending = (crop, box[:2], duration, params)

    def _flush(self) -> None:
        assert self.pending is not None   # called once a first frame was shown
        im, at, ms, params = self.pending
        for chunk in GifImagePlugin.getdata(im, offset=at, duration=ms, disposal=1, **params):
            self.out.write(chunk)
        self.pending = None
        self.frames += 1
        if self.frames == 1:
            self.first = self.out.tell()
        if self.limit is not None and self.out.tell() > self.limit:
            raise TooBig(self.out.tell())

    def close(self) -> bytes:
        self._flush()
        self.out.write(b";")
        return self.out.getvalue()


UNCHANGED = 255   # the palette index of 'unchanged' in in-between frames


def shared_palette(frame: Image.Image) -> Image.Image:
    """The palette every in-between frame is mapped onto: the last frame's
    colours (the live board has them all but a move's highlight), at most
    255 of them."""
    if frame.mode != "P":
        frame = _quantize(frame.convert("RGB"), 255)
    palette = Image.new("P", (1, 1))
    palette.putpalette((frame.getpalette("RGB") or [])[:3 * UNCHANGED])
    return palette


def _free_index(frame: Image.Image) -> int | None:
    """A palette index no pixel uses (to mark unchanged pixels), or None."""
    used = frame.histogram()
    colours = len(frame.getpalette("RGB") or []) // 3
    table = 2
    while table < colours:
        table *= 2
    return next((i for i in range(min(256, table)) if i >= len(used) or not used[i]), None)


def frame_ms(frames: int) -> int:
    """How long each frame shows: 0.7 s, less in a replay of many frames (about a minute in all)."""
    return max(SHORTEST_MS, min(FRAME_MS, WHOLE_MS // max(1, frames)))


# ------------------------------------------------------------------ the band: who played, what happened

BAND_LINES = 3      # event lines under the head line (the latest ones when a move told more)


def band_size(width: int) -> int:
    """The band's type size: 8.5 px tall once the image is shown 400 px wide (main labels need 7)."""
    return kit.main_size(width, max(14, math.ceil(8.5 * width / kit.PHONE_WIDTH)))


def band_height(width: int) -> int:
    size = band_size(width)
    return int(size * 0.6) * 2 + int(size * 1.35) + int(BAND_LINES * size * 1.25) + 2


def draw_band(caption: Caption, table: Table, width: int) -> Image.Image:
    """The band above a replay frame, always the same height: the badge and
    name of who played and the move, then the move's last events, wrapped."""
    size = band_size(width)
    pad = int(size * 0.6)
    img = Image.new("RGB", (width, band_height(width)), PAPER)
    d = ImageDraw.Draw(img)
    x, inner = pad, width - 2 * pad
    head = caption.head
    if caption.seat is not None:
        r = size * 0.62
        with letters_for(table.names or []):
            kit.badge(d, caption.seat, x + r, pad + size * 0.62, r)
        x += int(2 * r + size * 0.4)
        head = f"{kit.name_of(table, caption.seat)} · {head}"
    kit.paragraph(d, (x, pad), head, size, width - pad - x, bold=True, main=True, max_lines=1)
    lines = [line for event in caption.lines for line in kit.wrap(kit.with_names(event, table), size, inner)]
    if len(lines) > BAND_LINES:
        lines = lines[-BAND_LINES:]
        lines[0] = "… " + lines[0]
    y: float = pad + int(size * 1.35)
    for line in lines:
        kit.paragraph(d, (pad, y), line, size, inner, max_lines=1, main=True)
        y += size * 1.25
    d.line((0, img.height - 2, width, img.height - 2), fill=kit.MUTED, width=2)
    return img


# ------------------------------------------------------------------ a map that grows, on the last frame's grid

class Grid:
    """A board whose map grows and rescales as the game goes (Carcassonne):
    each frame's map is put on the grid and scale of the last frame's, over a
    plain ground, and what is drawn under the map (panel, legend) follows
    below it, shrunk if it would not fit. So a frame differs from the one
    before only where a tile or figure landed.

    Uses the renderer's public ``layout(view)`` (west x, north y, columns,
    rows, tile size), ``tile_box(view, x, y)`` and ``PAD`` (the map tops the
    image). The map's textured ground is laid flat (its few shades found in
    the map's margin), so that a map growing by a row, which shifts the
    texture, changes only the new tiles. Left out of replay frames: the
    legal spots and the tile in hand or the figure choice — a replay shows
    what was played, not what could have been (and they would change the
    whole frame every move)."""

    def __init__(self, module, target: dict, size: tuple[int, int]) -> None:
        self.module = module
        self.target = target
        self.size = size
        self.ground: Image.Image | None = None     # the canvas with the whole map's ground laid
        self.shade: tuple[int, ...] | float = PAPER  # the ground's one colour

    @staticmethod
    def prepare(view: dict) -> dict:
        return {**view, "spots": [], "hand": -1, "current": -1}

    def flatten(self, part: Image.Image) -> Image.Image:
        """The map with its ground in one colour: the shades that make the
        margin (at least a tenth of it each), laid as the first frame's commonest."""
        margin = part.crop((0, 0, part.width, self.module.PAD))
        colours: Sequence[tuple[int, tuple[int, ...] | float]] = margin.getcolors(margin.width * margin.height) or []
        counts = sorted(colours, reverse=True)
        shades = [colour for n, colour in counts if n * 10 >= margin.width * margin.height]
        if self.ground is None:
            self.shade = shades[0] if shades else PAPER
            self.ground = Image.new("RGB", self.size, PAPER)
            self.ground.paste(self.shade, self._map(self.target)[0])
        flat = Image.new("RGB", part.size, self.shade)
        for shade in shades:
            if shade != self.shade:
                same = ImageChops.difference(part, Image.new("RGB", part.size, shade)).convert("L")
                part.paste(flat, mask=same.point([255] + [0] * 255))
        return part

    def _map(self, view: dict) -> tuple[tuple[int, int, int, int], int, tuple[int, int]]:
        """The map's box in the image drawn from ``view``, its tile size, its north-west square."""
        min_x, min_y, cols, rows, tile = self.module.layout(view)
        x0, y0, _x1, _y1 = self.module.tile_box(view, min_x, min_y)
        pad = self.module.PAD
        return (x0 - pad, y0 - pad, x0 + cols * tile + pad, y0 + rows * tile + pad), tile, (min_x, min_y)

    def fit(self, img: Image.Image, view: dict) -> Image.Image:
        box, tile, (min_x, min_y) = self._map(view)
        target_box, target_tile, _nw = self._map(self.target)
        part = self.flatten(img.crop(box))
        out = self.ground.copy() if self.ground is not None else Image.new("RGB", self.size, PAPER)
        k = target_tile / tile
        if k != 1:
            part = part.resize((max(1, round(part.width * k)), max(1, round(part.height * k))),
                               Image.Resampling.BILINEAR)
        tx, ty, _tx1, _ty1 = self.module.tile_box(self.target, min_x, min_y)
        pad = self.module.PAD
        out.paste(part, (round(tx - pad * k), round(ty - pad * k)))
        rest = img.crop((0, box[3], img.width, img.height))
        room = self.size[1] - target_box[3]
        k = min(self.size[0] / rest.width, room / rest.height) if room > 0 else 1
        if k != 1:   # drawn for a narrower image: as wide as the last frame's (its type as large), if it fits
            rest = rest.resize((max(1, round(rest.width * k)), max(1, round(rest.height * k))),
                               Image.Resampling.BILINEAR)
        if room > 0:
            out.paste(rest, ((self.size[0] - rest.width) // 2, target_box[3]))
        return out


def growing_module(game_key: str):
    """The renderer of a game whose map grows and rescales as it does (it says so with
    ``GROWS = True``): a replay draws every frame on the final map's grid."""
    try:
        module = importlib.import_module(f"render.{game_key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"render.{game_key}":
            raise
        return None   # drawn by the generic renderer: nothing grows
    return module if getattr(module, "GROWS", False) else None


# ------------------------------------------------------------------ one attempt at the file

@dataclass
class Canvas:
    """Where every frame goes: the last frame's size, the band at its top (0
    without captions), the scale of this attempt, the grid of a growing map.
    The last frame is the live board exactly as ``/board`` shows it (its own
    legend tells the last move); the frames before it show their board a
    little smaller under the band, always at the same place."""

    size: tuple[int, int]
    scale: float = 1.0
    band: int = 0
    grid: Grid | None = None

    def band_for(self, caption: Caption | None) -> int:
        """The band's height: none without captions, nor on a board too short to give it a quarter."""
        height = band_height(self.size[0])
        return height if caption is not None and height * 4 <= self.size[1] else 0

    def compose(self, img: Image.Image, frame: Frame, live: bool = False) -> Image.Image:
        """A drawn board (or the live one) as the frame shown: on the canvas, under its band, scaled."""
        img = img.convert("RGB")
        if img.size != self.size:
            canvas = Image.new("RGB", self.size, PAPER)
            canvas.paste(img, (0, 0))
            img = canvas
        if self.band and not live and frame.caption is not None:
            w, h = self.size
            k = (h - self.band) / h
            small = img.resize((max(1, round(w * k)), h - self.band), Image.Resampling.BILINEAR)
            img = Image.new("RGB", self.size, PAPER)
            img.paste(draw_band(frame.caption, frame.table, w), (0, 0))
            img.paste(small, ((w - small.width) // 2, self.band))
        return self.scaled(img)

    def scaled(self, img: Image.Image) -> Image.Image:
        if self.scale < 1:
            w, h = self.size
            img = img.resize((max(1, int(w * self.scale)), max(1, int(h * self.scale))), Image.Resampling.BILINEAR)
        return img


def _write(game_key: str, source: FrameSource, picks: list[int], live: Image.Image | None, palette: Image.Image,
           canvas: Canvas, limit: int, progress: Callable[[int, int], None] | None) -> tuple[bytes, int]:
    """One attempt: every picked frame, drawn and written in turn (raises TooBig).
    With a live board the last pick is asked for too (for its caption), not drawn."""
    stream = GifStream(io.BytesIO(), palette, limit)
    ms = frame_ms(len(picks))
    try:
        for done, frame in enumerate(source(picks), start=1):
            if done == 1:   # frames that carry a caption have the band over the board
                canvas.band = canvas.band_for(frame.caption)
            if live is not None and done == len(picks):
                if canvas.scale >= 1:
                    stream.add_exact(live, LAST_MS)
                else:
                    stream.add(canvas.compose(live, frame, live=True), LAST_MS)
            else:
                view = canvas.grid.prepare(frame.view) if canvas.grid else frame.view
                img = render.draw(game_key, view, frame.table)
                if canvas.grid:
                    img = canvas.grid.fit(img, view)
                stream.add(canvas.compose(img, frame), LAST_MS if done == len(picks) else ms)
                del img
            if progress is not None:
                progress(done, len(picks))
            if done == CHECK_AFTER and len(picks) > 2 * CHECK_AFTER and stream.projected(len(picks)) > limit:
                raise TooBig()   # heading past the limit: give up early
        return stream.close(), stream.frames
    except TooBig:
        raise TooBig(stream.projected(len(picks))) from None


def build_gif(game_key: str, source: FrameSource, count: int, limit: int, live_png: bytes | None = None,
              progress: Callable[[int, int], None] | None = None) -> Animation:
    """Draw, fit to the last frame's size, encode as frames come; under
    ``limit`` bytes by fewer frames, then smaller ones.

    ``source``: yields the frames asked for; ``count``: how many there are
    (set-up and one a move). ``live_png``: the live board image; when given
    it *is* the last frame (its palette kept as it is), so the replay ends
    on exactly what ``/board`` shows. ``progress(done, total)`` is called
    after each frame (from the worker thread)."""
    picks = sample(count, MAX_FRAMES)
    sampled = len(picks) < count
    live = None
    module = growing_module(game_key)
    last_view = None
    if module is not None or live_png is None:
        last = next(iter(source([count - 1])))
        last_view = last.view
    if live_png is not None:
        live = Image.open(io.BytesIO(live_png))
        live.load()
        size = live.size
        palette = shared_palette(live)
    else:
        assert last_view is not None   # read above: no live image
        if module is not None:
            last_view = Grid.prepare(last_view)
        drawn = render.draw(game_key, last_view, last.table)
        size = drawn.size
        palette = shared_palette(drawn)
        del drawn
    grid = Grid(module, last_view, size) if module is not None and last_view is not None else None
    canvas = Canvas(size, grid=grid)
    dropped = scaled = False
    while True:
        try:
            data, frames = _write(game_key, source, picks, live, palette, canvas, limit, progress)
            return Animation(data, frames, dropped, scaled, sampled)
        except TooBig as big:
            if canvas.scale < 0.1:
                raise   # nothing drawable fits: the caller says so
            floor = min(1.0, SMALLEST_WIDTH / canvas.size[0])
            if not sampled and canvas.scale > floor and limit / max(1, big.projected) >= (floor / canvas.scale) ** 2:
                # every move is shown and smaller frames would fit: smaller rather than fewer, down to a width
                # still larger than a phone's (a bold step: the later frames of a growing map cost more)
                canvas.scale = max(floor, canvas.scale * min(0.85, 0.9 * math.sqrt(limit / max(1, big.projected))))
                scaled = True
            elif len(picks) > FEW_FRAMES or (len(picks) > 2 and canvas.scale <= 0.5):
                keep = max(2, min(len(picks) - 1, int(len(picks) * limit / max(1, big.projected) * 0.85)))
                picks = [picks[i] for i in sample(len(picks), keep)]
                dropped = True
            else:
                canvas.scale *= 0.75
                scaled = True


def last_frame(data: bytes) -> Image.Image:
    """The final picture of an animation, as shown (for tests and checks)."""
    img = Image.open(io.BytesIO(data))
    img.seek(getattr(img, "n_frames", 1) - 1)   # a GIF's frame count (not declared by ImageFile)
    return img.convert("RGB")
