"""``/replay``: the whole game re-simulated from its move log as an
animated GIF, under the upload limit.

Frames are the public view (``view(state, None)``) drawn by
:func:`render.draw`, so nothing hidden leaks. The last frame is the live
board exactly as ``/board`` draws it (same table, same events). Every frame
shares the last frame's size; when the file is too big, frames are dropped
(first and last always kept) and then the whole animation is scaled down.
All of it is CPU work: callers run :func:`build_gif` in a worker thread.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

import render
from render.kit import PAPER, Table

MAX_FRAMES = 80
FRAME_MS = 700
LAST_MS = 4000


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


def _quantize(img: Image.Image) -> Image.Image:
    # the same palette reduction as the board PNG, so the last frame equals the live board
    return img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def sample(count: int, limit: int) -> list[int]:
    """Indices of ``limit`` frames out of ``count``, evenly spread, first and last kept."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    picks = sorted({round(i * step) for i in range(limit)})
    if picks[-1] != count - 1:
        picks.append(count - 1)
    return picks


def _encode(images: list[Image.Image]) -> bytes:
    buf = io.BytesIO()
    durations = [FRAME_MS] * (len(images) - 1) + [LAST_MS]
    images[0].save(buf, format="GIF", save_all=True, append_images=images[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return buf.getvalue()


def build_gif(game_key: str, frames: list[Frame], limit: int, live_png: bytes | None = None) -> Animation:
    """Draw, fit to the last frame's size, encode; shrink until under ``limit`` bytes.

    ``live_png``: the live board image; when given it *is* the last frame
    (its palette kept as it is), so the replay ends on exactly what
    ``/board`` shows."""
    picks = sample(len(frames), MAX_FRAMES)
    if live_png is not None:
        last = Image.open(io.BytesIO(live_png))
        last.load()
        drawn = [render.draw(game_key, frames[i].view, frames[i].table) for i in picks[:-1]]
    else:
        drawn = [render.draw(game_key, frames[i].view, frames[i].table) for i in picks]
        last = _quantize(drawn.pop().convert("RGB"))
    canvas_size = last.size
    fitted = []
    for img in drawn:
        canvas = Image.new("RGB", canvas_size, PAPER)
        canvas.paste(img.convert("RGB"), (0, 0))
        fitted.append(canvas)
    sampled = len(picks) < len(frames)
    dropped = False
    scaled = False
    scale = 1.0
    images = fitted + [last]
    while True:
        data = _encode([im if im.mode == "P" else _quantize(im) for im in images])
        if len(data) <= limit:
            return Animation(data, len(images), dropped, scaled, sampled)
        if len(images) > 2:
            images = images[:-1][::2] + [images[-1]]   # every other frame, the last one kept
            dropped = True
            continue
        if scale < 0.1:
            return Animation(data, len(images), dropped, scaled, sampled)   # the caller sees it is too big
        scale *= 0.75
        scaled = True
        size = (max(1, int(canvas_size[0] * scale)), max(1, int(canvas_size[1] * scale)))
        images = [im.convert("RGB").resize(size, Image.Resampling.LANCZOS) for im in images]
        canvas_size = size


def last_frame(data: bytes) -> Image.Image:
    """The final picture of an animation, as shown (for tests and checks)."""
    img = Image.open(io.BytesIO(data))
    img.seek(img.n_frames - 1)
    return img.convert("RGB")
