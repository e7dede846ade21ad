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
frame's size. A long game is sampled (``MAX_FRAMES``, first and last kept);
when the file would pass the limit, the build stops early and starts again
with fewer frames, then smaller ones. All of it is CPU work: callers run
:func:`build_gif` in a worker thread.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PIL import GifImagePlugin, Image, ImageChops

import render
from render.kit import PAPER, Table

MAX_FRAMES = 80
FRAME_MS = 700
LAST_MS = 4000
FEW_FRAMES = 24          # below this many frames, frames get smaller rather than fewer
CHECK_AFTER = 6          # frames written before the size of the whole file is projected


@dataclass
class Frame:
    view: dict
    table: Table


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
            im, at, ms, params = self.pending
            self.pending = (im, at, ms + duration, params)
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


def _fit(img: Image.Image, size: tuple[int, int], scale: float) -> Image.Image:
    """A frame on the canvas of the last one (boards grow as a game goes on), scaled."""
    if img.size != size:
        canvas = Image.new("RGB", size, PAPER)
        canvas.paste(img.convert("RGB"), (0, 0))
        img = canvas
    if scale < 1:
        img = img.convert("RGB").resize((max(1, int(size[0] * scale)), max(1, int(size[1] * scale))),
                                        Image.Resampling.BILINEAR)
    return img


def _write(game_key: str, source: FrameSource, picks: list[int], live: Image.Image | None, palette: Image.Image,
           size: tuple[int, int], scale: float, limit: int, progress: Callable[[int, int], None] | None
           ) -> tuple[bytes, int]:
    """One attempt: every picked frame, drawn and written in turn (raises TooBig)."""
    stream = GifStream(io.BytesIO(), palette, limit)
    wanted = picks[:-1] if live is not None else picks
    try:
        for done, frame in enumerate(source(wanted), start=1):
            img = _fit(render.draw(game_key, frame.view, frame.table), size, scale)
            stream.add(img.convert("RGB"), LAST_MS if live is None and done == len(wanted) else FRAME_MS)
            del img
            if progress is not None:
                progress(done, len(picks))
            if done == CHECK_AFTER and len(picks) > 2 * CHECK_AFTER and stream.projected(len(picks)) > limit:
                raise TooBig()   # heading past the limit: give up early
        if live is not None:
            if scale >= 1:
                stream.add_exact(live, LAST_MS)
            else:
                stream.add(_fit(live.convert("RGB"), size, scale), LAST_MS)
            if progress is not None:
                progress(len(picks), len(picks))
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
    if live_png is not None:
        live = Image.open(io.BytesIO(live_png))
        live.load()
        size = live.size
        palette = shared_palette(live)
    else:
        last = next(iter(source([count - 1])))
        drawn = render.draw(game_key, last.view, last.table)
        size = drawn.size
        palette = shared_palette(drawn)
        del drawn
    scale = 1.0
    dropped = scaled = False
    while True:
        try:
            data, frames = _write(game_key, source, picks, live, palette, size, scale, limit, progress)
            return Animation(data, frames, dropped, scaled, sampled)
        except TooBig as big:
            if scale < 0.1:
                raise   # nothing drawable fits: the caller says so
            if len(picks) > FEW_FRAMES or (len(picks) > 2 and scale <= 0.5):
                keep = max(2, min(len(picks) - 1, int(len(picks) * limit / max(1, big.projected) * 0.85)))
                picks = [picks[i] for i in sample(len(picks), keep)]
                dropped = True
            else:
                scale *= 0.75
                scaled = True


def last_frame(data: bytes) -> Image.Image:
    """The final picture of an animation, as shown (for tests and checks)."""
    img = Image.open(io.BytesIO(data))
    img.seek(img.n_frames - 1)
    return img.convert("RGB")
