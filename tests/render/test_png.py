"""The hand-written PNG: any decoder reads back exactly the palette image, whichever deflate wrote it."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import png


def board_like(width: int = 500, height: int = 400) -> Image.Image:
    """Flat colours, a gradient and anti-aliased text: what boards are made of."""
    img = Image.new("RGB", (width, height), (246, 240, 226))
    d = ImageDraw.Draw(img)
    for x in range(0, width, 5):
        d.line([(x, 0), (x, height // 3)], fill=(x % 256, 120, 255 - x % 256), width=5)
    d.ellipse((40, 150, 260, 360), fill=(40, 96, 196), outline=(34, 30, 28), width=3)
    d.text((280, 200), "Hearth 42 — Clans", fill=(34, 30, 28), font_size=28)
    return img


@pytest.mark.parametrize("with_isal", [True, False])
def test_the_png_decodes_to_the_palette_image(monkeypatch, with_isal):
    if not with_isal:
        monkeypatch.setattr(png, "isal_zlib", None)
    img = board_like()
    data = png.encode_png(img)
    assert data[:8] == png.SIGNATURE
    back = Image.open(io.BytesIO(data))
    back.load()
    want = png.palette_image(img)
    assert back.mode == "P" and back.size == img.size
    assert back.tobytes() == want.tobytes()
    assert back.convert("RGB").tobytes() == want.convert("RGB").tobytes()


def test_a_small_image_and_a_grey_one():
    small = board_like(60, 40)
    back = Image.open(io.BytesIO(png.encode_png(small)))
    assert back.convert("RGB").tobytes() == png.palette_image(small).convert("RGB").tobytes()
    grey = board_like().convert("L")
    back = Image.open(io.BytesIO(png.encode_png(grey)))
    assert back.mode == "L" and back.tobytes() == grey.tobytes()


def test_the_palette_stays_close_to_the_drawn_colours():
    img = board_like()
    back = png.palette_image(img).convert("RGB")
    worst = max(high for _low, high in ImageChops.difference(img, back).getextrema())
    assert 0 < worst <= 64     # the image has more than 256 colours: some move, none far


def test_the_zlib_stream_is_whole():
    data = png.deflate(bytes(range(256)) * 100)
    assert zlib.decompress(data) == bytes(range(256)) * 100
