"""The landscape: tiles dealt to the slots of a layout, built into regions.

Each tile is two flat-topped hexagons side by side; each hexagon holds one
hunting ground in its centre and is cut into three lozenges, the regions
around that ground. Region ``r`` of a hexagon runs from vertex 2r to vertex
2r+2 (vertices at 0°, 60°, … clockwise on screen), so it owns the hexagon's
edges 2r and 2r+1. Regions are numbered from 1: hexagon h, lozenge r gives
``3h + r + 1``. Two regions touch when they share an edge; a mountain may
lie on that edge (it costs +1 to expand across it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from .data import DATA, GROUND_FOOD, TILES

SQ3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Board:
    hex_centres: tuple[tuple[float, float], ...]     # in hexagon-size units
    hex_grounds: tuple[str, ...]                       # bush, lake, forest, valley
    region_hex: tuple[int, ...]                        # index 0 = region 1
    neighbours: tuple[tuple[tuple[int, bool], ...], ...]  # per region: (other region, mountain?)
    mountain_segments: tuple[tuple[tuple[float, float], tuple[float, float]], ...]

    @property
    def regions(self) -> int:
        return len(self.region_hex)

    def ground_of(self, region: int) -> int:
        return self.region_hex[region - 1]

    def food_of(self, region: int) -> str:
        return GROUND_FOOD[self.hex_grounds[self.region_hex[region - 1]]]

    def adjacent(self, region: int) -> tuple[tuple[int, bool], ...]:
        return self.neighbours[region - 1]

    def ground_counts(self) -> dict[str, int]:
        counts = {food: 0 for food in GROUND_FOOD.values()}
        for g in self.hex_grounds:
            counts[GROUND_FOOD[g]] += 1
        return counts

    def polygon(self, region: int) -> list[tuple[float, float]]:
        h, r = divmod(region - 1, 3)
        cx, cy = self.hex_centres[h]
        return [(cx, cy)] + [_vertex(cx, cy, 2 * r + i) for i in range(3)]


def _vertex(cx: float, cy: float, k: int) -> tuple[float, float]:
    a = math.radians(60 * (k % 6))
    return (cx + math.cos(a), cy + math.sin(a))


def hex_centre(col: int, row: int) -> tuple[float, float]:
    return (1.5 * col, SQ3 * (row + 0.5 * (col & 1)))


@lru_cache(maxsize=64)
def build(tile_ids: tuple[str, ...]) -> Board:
    """The board of these tiles dealt, in order, to the layout for their number."""
    slots = DATA["layouts"][str(len(tile_ids))]
    by_id = {t["id"]: t for t in TILES}
    centres: list[tuple[float, float]] = []
    grounds: list[str] = []
    mountains: set[frozenset] = set()   # pairs of regions with a mountain between
    segments = []
    for slot, tid in zip(slots, tile_ids):
        tile = by_id[tid]
        first = len(centres)
        for side in (0, 1):
            h = first + side
            centres.append(hex_centre(*slot[side]))
            grounds.append(tile["grounds"][side])
            cx, cy = centres[h]
            for spoke in tile["spokes"][side]:
                mountains.add(frozenset((3 * h + spoke + 1, 3 * h + (spoke - 1) % 3 + 1)))
                segments.append(((cx, cy), _vertex(cx, cy, 2 * spoke)))
        if tile["between"]:
            k = _edge_towards(centres[first], centres[first + 1])
            a, b = 3 * first + k // 2 + 1, 3 * (first + 1) + ((k + 3) % 6) // 2 + 1
            mountains.add(frozenset((a, b)))
            cx, cy = centres[first]
            segments.append((_vertex(cx, cy, k), _vertex(cx, cy, k + 1)))
    neighbours: list[list[tuple[int, bool]]] = [[] for _ in range(3 * len(centres))]

    def link(a: int, b: int) -> None:
        m = frozenset((a, b)) in mountains
        neighbours[a - 1].append((b, m))
        neighbours[b - 1].append((a, m))

    for h in range(len(centres)):
        for r in range(3):
            link(3 * h + r + 1, 3 * h + (r + 1) % 3 + 1)
    for h in range(len(centres)):
        for g in range(h + 1, len(centres)):
            if abs(math.dist(centres[h], centres[g]) - SQ3) < 1e-6:
                k = _edge_towards(centres[h], centres[g])
                link(3 * h + k // 2 + 1, 3 * g + ((k + 3) % 6) // 2 + 1)
    return Board(tuple(centres), tuple(grounds), tuple(i // 3 for i in range(3 * len(centres))),
                 tuple(tuple(sorted(n)) for n in neighbours), tuple(segments))


def _edge_towards(a: tuple[float, float], b: tuple[float, float]) -> int:
    """Which edge of hexagon a faces hexagon b (edge k's middle lies at 60k+30°)."""
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    return round((angle - 30) / 60) % 6


def connected(regions: set[int], board: Board) -> bool:
    """Whether these regions form one group of touching regions (empty counts)."""
    if not regions:
        return True
    start = next(iter(regions))
    seen = {start}
    todo = [start]
    while todo:
        r = todo.pop()
        for n, _m in board.adjacent(r):
            if n in regions and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(regions)
