"""Board images: one module per game (``render/<key>.py`` with
``draw(view, table) -> PIL.Image``) on top of the shared ``render.kit``."""

from __future__ import annotations

import importlib

from PIL import Image

from render.kit import Table, encode_png


def draw(game_key: str, view: dict, table: Table) -> Image.Image:
    module = importlib.import_module(f"render.{game_key}")
    return module.draw(view, table)


def board_png(game_key: str, view: dict, table: Table) -> bytes:
    """Draw and encode: CPU work, so callers run it in a worker thread."""
    return encode_png(draw(game_key, view, table))
