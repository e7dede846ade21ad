"""The Clans components, loaded once from data.json.

Territories are numbered 0..59 in code and shown as 1..60 (``label``).
Only what the rules need is exposed here; the renderer reads the polygons
and lakes from ``MAP`` itself.
"""

from __future__ import annotations

import json
from pathlib import Path

_DATA = json.loads((Path(__file__).with_name("data.json")).read_text(encoding="utf-8"))

COLOURS: list[str] = _DATA["colours"]          # red, blue, green, yellow, black
COLOURS_FR: list[str] = _DATA["colours_fr"]
TERRAINS: list[str] = _DATA["terrains"]        # forest, mountain, steppe, grassland
TERRAINS_FR: list[str] = _DATA["terrains_fr"]
EPOCHS: list[dict] = _DATA["epochs"]           # chips, bonus, favourable, hostile
LAST_VILLAGE_BONUS: int = _DATA["last_village_bonus"]
MAP: dict = _DATA["map"]

N_COLOURS = len(COLOURS)
N_TERRITORIES = len(MAP["territories"])
N_VILLAGES = sum(e["chips"] for e in EPOCHS)   # 12: the game ends with the 12th

TERRAIN: list[str] = [t["terrain"] for t in MAP["territories"]]
REGIONS: list[list[int]] = [[] for _ in range(max(t["region"] for t in MAP["territories"]))]
for _t in MAP["territories"]:
    REGIONS[_t["region"] - 1].append(_t["id"] - 1)
NEIGHBOURS: list[tuple[int, ...]] = [tuple(a - 1 for a in t["adjacent"]) for t in MAP["territories"]]


def label(territory: int) -> int:
    """The number printed on the board."""
    return territory + 1


def epoch_of(villages_founded: int) -> int:
    """The epoch (0-based) in which the next village is founded."""
    taken = 0
    for epoch, row in enumerate(EPOCHS):
        taken += row["chips"]
        if villages_founded < taken:
            return epoch
    return len(EPOCHS) - 1


def chips_left_in_epoch(villages_founded: int) -> int:
    """Bonus tokens still on the current epoch's row."""
    epoch = epoch_of(villages_founded)
    return sum(e["chips"] for e in EPOCHS[:epoch + 1]) - villages_founded
