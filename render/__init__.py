"""Board images: one module per game (``render/<key>.py`` with
``draw(view, table) -> PIL.Image``) on top of the shared ``render.kit``."""

from __future__ import annotations

import importlib

from PIL import Image

from render.kit import Table, encode_png


def draw(game_key: str, view: dict, table: Table) -> Image.Image:
    try:
        module = importlib.import_module(f"render.{game_key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"render.{game_key}":
            raise   # the renderer exists but is broken: say so, do not hide it
        from render import generic as module
    return module.draw(view, table)


def board_png(game_key: str, view: dict, table: Table) -> bytes:
    """Draw and encode: CPU work, so callers run it in a worker thread."""
    return encode_png(draw(game_key, view, table))
