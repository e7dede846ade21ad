"""Board images: one module per game (``render/<key>.py`` with
``draw(view, table) -> PIL.Image``) on top of the shared ``render.kit``.

A game whose whole board cannot be read on a phone (Carcassonne late in a
game, Fire & Stone) also has ``draw_focus(view, table)``: the part the last
turn changed at a readable scale beside a small overview of the whole. The
turn post shows that (``focus=True``); ``/board`` shows the whole board."""

from __future__ import annotations

import importlib

from PIL import Image

from render.kit import Table, encode_png
from render.pieces import letters_for


def _module(game_key: str):
    try:
        return importlib.import_module(f"render.{game_key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"render.{game_key}":
            raise   # the renderer exists but is broken: say so, do not hide it
        from render import generic
        return generic


def declare_words() -> None:
    """Import every game's renderer, so that every phrase a board can draw is declared
    (``rules.wording.PHRASES``): what the catalogue template and its tests list."""
    from rules import registry
    for key in registry.keys():
        _module(key)


def has_focus(game_key: str) -> bool:
    """Whether the game draws a focused turn image distinct from its whole board."""
    return hasattr(_module(game_key), "draw_focus")


def draw(game_key: str, view: dict, table: Table, focus: bool = False) -> Image.Image:
    module = _module(game_key)
    with letters_for(table.names or []):   # the badges wear the players' initials
        if focus and hasattr(module, "draw_focus"):
            return module.draw_focus(view, table)
        return module.draw(view, table)


def board_png(game_key: str, view: dict, table: Table, focus: bool = False) -> bytes:
    """Draw and encode: CPU work, so callers run it in a worker thread.
    ``focus=True`` for the turn post (the changed area, readable on a phone);
    the default, the whole board, for ``/board``."""
    return encode_png(draw(game_key, view, table, focus))


def images_for_checks(game_key: str, view: dict, table: Table) -> list[tuple[str, Image.Image]]:
    """Every image a view can be shown as (for the layout tests)."""
    out = [("board", draw(game_key, view, table))]
    if has_focus(game_key):
        out.append(("focus", draw(game_key, view, table, focus=True)))
    return out
