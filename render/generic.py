"""The fallback board for a game without its own renderer: the legend
(seats, scores, whose turn, last events) and the public view as text."""

from __future__ import annotations

import json

from PIL import Image, ImageDraw

from render import kit


def draw(view: dict, table: kit.Table) -> Image.Image:
    lines = json.dumps(view, ensure_ascii=False, sort_keys=True)[:1200]
    rows = [lines[i:i + 90] for i in range(0, len(lines), 90)]
    body = Image.new("RGB", (900, 20 + 20 * len(rows)), kit.PAPER)
    d = ImageDraw.Draw(body)
    for i, row in enumerate(rows):
        kit.text(d, (12, 10 + 20 * i), row, size=14, fill=kit.MUTED)
    return kit.stack([kit.legend(table, 900, scores=view.get("scores")), body])
