"""The landscape: tiles placed on a grid of flat-topped hexagons, built into regions.

Each tile is two hexagons side by side; each hexagon holds one hunting
ground in its centre and is cut into three lozenges, the regions around that
ground. Vertices of a hexagon sit at 0°, 60°, … clockwise on screen; edge k
runs from vertex k to vertex k+1 and faces the neighbour at 60k+30°.
A hexagon has a lozenge offset p (0 or 1): its lozenge r runs from vertex
2r+p to vertex 2r+p+2, so it owns edges 2r+p and 2r+p+1. Regions are
numbered from 1: hexagon h, lozenge r is ``3h + r + 1`` (hexagons in the order
the tiles were placed). Two regions touch when they share an edge; a
mountain may lie on that edge (+1 to expand across it).

A placement is ``(tile id, col, row, d)``: the tile's first hexagon on cell
(col, row) (odd columns half a cell lower) and its second across edge d.
The tile as printed (data.json) has d = 1 (second hexagon below the first);
other directions turn it by 60° steps, mountains included.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .data import DATA, GROUND_FOOD, TILES

SQ3 = math.sqrt(3.0)
TILE_BY_ID = {t["id"]: t for t in TILES}

Placement = tuple[str, int, int, int]
Spot = tuple[tuple[int, int], tuple[int, int]]    # the two cells a tile laid there would cover


@dataclass(frozen=True)
class Board:
    cells: tuple[tuple[int, int], ...]                 # grid cell of each hexagon
    hex_centres: tuple[tuple[float, float], ...]       # in hexagon-size units
    hex_grounds: tuple[str, ...]                        # bush, lake, forest, valley
    hex_offsets: tuple[int, ...]                        # lozenge offset p of each hexagon
    hex_tiles: tuple[int, ...]                          # which placed tile each hexagon belongs to
    region_hex: tuple[int, ...]                         # index 0 = region 1
    neighbours: tuple[tuple[tuple[int, bool], ...], ...]  # per region: (other region, mountain?)
    mountain_segments: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    region_food: tuple[str, ...] = ()                   # index 0 = region 1: the food of its ground

    @property
    def regions(self) -> int:
        return len(self.region_hex)

    def ground_of(self, region: int) -> int:
        return self.region_hex[region - 1]

    def food_of(self, region: int) -> str:
        return self.region_food[region - 1]

    def adjacent(self, region: int) -> tuple[tuple[int, bool], ...]:
        return self.neighbours[region - 1]

    def polygon(self, region: int) -> list[tuple[float, float]]:
        """The lozenge: the hexagon's centre and three of its vertices."""
        h, r = divmod(region - 1, 3)
        cx, cy = self.hex_centres[h]
        return [(cx, cy)] + [vertex(cx, cy, 2 * r + self.hex_offsets[h] + i) for i in range(3)]

    def ground_counts(self) -> dict[str, int]:
        counts = {food: 0 for food in GROUND_FOOD.values()}
        for g in self.hex_grounds:
            counts[GROUND_FOOD[g]] += 1
        return counts

    def __hash__(self) -> int:     # boards are cached by their placements: identity is enough
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other


def vertex(cx: float, cy: float, k: int) -> tuple[float, float]:
    a = math.radians(60 * (k % 6))
    return (cx + math.cos(a), cy + math.sin(a))


def cell_centre(col: int, row: int) -> tuple[float, float]:
    return (1.5 * col, SQ3 * (row + 0.5 * (col & 1)))


@lru_cache(maxsize=4096)
def neighbour_cell(col: int, row: int, k: int) -> tuple[int, int]:
    """The cell across edge k of (col, row)."""
    x, y = cell_centre(col, row)
    a = math.radians(60 * k + 30)
    nx, ny = x + SQ3 * math.cos(a), y + SQ3 * math.sin(a)
    c = round(nx / 1.5)
    return c, round(ny / SQ3 - 0.5 * (c & 1))


@lru_cache(maxsize=4096)
def edge_between(a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """Which edge of cell a faces cell b (None when they do not touch)."""
    for k in range(6):
        if neighbour_cell(*a, k) == b:
            return k
    return None


def layout(tile_ids: Sequence[str]) -> tuple[Placement, ...]:
    """The fixed layout for this many tiles, dealt in order (the 'layout' map option)."""
    slots = DATA["layouts"][str(len(tile_ids))]
    return tuple((tid, slot[0][0], slot[0][1], 1) for slot, tid in zip(slots, tile_ids, strict=True))


def _turned_hex(side_spokes: Sequence[int], turn: int) -> tuple[int, list[int]]:
    """Lozenge offset and spoke indices of a printed hexagon turned by ``turn`` × 60°."""
    p = turn % 2
    return p, [((2 * r + turn - p) // 2) % 3 for r in side_spokes]


@lru_cache(maxsize=2048)
def build(placements: Sequence[Any]) -> Board:
    """The board of these placements (or of tile ids dealt to the fixed layout)."""
    placements = tuple(placements)
    if placements and isinstance(placements[0], str):
        placements = layout(placements)
    cells: list[tuple[int, int]] = []
    centres: list[tuple[float, float]] = []
    grounds: list[str] = []
    offsets: list[int] = []
    owners: list[int] = []
    mountains: set[frozenset[int]] = set()   # pairs of regions with a mountain between
    segments = []
    for index, (tid, col, row, d) in enumerate(placements):
        tile = TILE_BY_ID[tid]
        turn = (d - 1) % 6
        first = len(cells)
        for side, cell in ((0, (col, row)), (1, ring((col, row))[d % 6])):    # ring: one cached lookup per cell
            h = first + side
            cells.append(cell)
            centres.append(cell_centre(*cell))
            grounds.append(tile["grounds"][side])
            owners.append(index)
            p, spokes = _turned_hex(tile["spokes"][side], turn)
            offsets.append(p)
            cx, cy = centres[h]
            for spoke in spokes:
                mountains.add(frozenset((3 * h + spoke + 1, 3 * h + (spoke - 1) % 3 + 1)))
                segments.append(((cx, cy), vertex(cx, cy, 2 * spoke + p)))
        if tile["between"]:
            a = 3 * first + _owner(offsets[first], d) + 1
            b = 3 * (first + 1) + _owner(offsets[first + 1], (d + 3) % 6) + 1
            mountains.add(frozenset((a, b)))
            cx, cy = centres[first]
            segments.append((vertex(cx, cy, d), vertex(cx, cy, d + 1)))
    neighbours: list[list[tuple[int, bool]]] = [[] for _ in range(3 * len(cells))]

    def link(a: int, b: int) -> None:
        m = frozenset((a, b)) in mountains
        neighbours[a - 1].append((b, m))
        neighbours[b - 1].append((a, m))

    for h in range(len(cells)):
        for r in range(3):
            link(3 * h + r + 1, 3 * h + (r + 1) % 3 + 1)
    where = {cell: h for h, cell in enumerate(cells)}
    for h, cell in enumerate(cells):
        for k in range(3):   # edges 0..2 face right/down; the other half is seen from the neighbour
            g = where.get(ring(cell)[k])
            if g is not None:
                link(3 * h + _owner(offsets[h], k) + 1, 3 * g + _owner(offsets[g], (k + 3) % 6) + 1)
    return Board(tuple(cells), tuple(centres), tuple(grounds), tuple(offsets), tuple(owners),
                 tuple(i // 3 for i in range(3 * len(cells))),
                 tuple(tuple(sorted(n)) for n in neighbours), tuple(segments),
                 tuple(GROUND_FOOD[grounds[i // 3]] for i in range(3 * len(cells))))


def _owner(p: int, k: int) -> int:
    """The lozenge of a hexagon with offset p that owns its edge k."""
    return ((k - p) % 6) // 2


def spots(board: Board | None, tiles_placed: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the next tile may go, as (upper cell, lower cell): two empty
    touching cells; the second tile must touch the first, every later one
    at least two other tiles."""
    if tiles_placed == 0 or board is None:
        return [((0, 0), (0, 1))]
    return list(_spots(board.cells, board.hex_tiles, tiles_placed))


def spots_of(placements: Sequence[Sequence[Any]]) -> list[Spot]:
    """``spots`` from the placements themselves (no board to build: only the shape counts)."""
    if not placements:
        return [((0, 0), (0, 1))]
    cells, owners = [], []
    for index, (_tid, col, row, d) in enumerate(placements):
        cells += [(col, row), ring((col, row))[d % 6]]
        owners += [index, index]
    return list(_spots(tuple(cells), tuple(owners), len(placements)))


def spot_choices(placements: Sequence[Sequence[Any]]) -> tuple[tuple[str, tuple, str, tuple], ...]:
    """For each spot (numbered from 1): the notation and move data of laying the
    drawn tile's first ground above ("3a") or below ("3b")."""
    return _spot_choices(_found(placements))


def spot_columns(placements: Sequence[Sequence[Any]]) -> tuple[tuple[str, ...], tuple[tuple, ...]]:
    """``spot_choices`` as two columns, spot after spot and above before below: the notations
    (1a, 1b, 2a…) and the move data (a search lists them on every tile laid)."""
    return _spot_columns(_found(placements))


def _found(placements: Sequence[Sequence[Any]]) -> tuple[Spot, ...]:
    """The spots of the layout of these placements (see ``spots``)."""
    if not placements:
        return (((0, 0), (0, 1)),)
    cells, owners = [], []
    for index, (_tid, col, row, d) in enumerate(placements):
        cell = (col, row)
        cells += [cell, ring(cell)[d % 6]]        # ring: the neighbour cells, worked out once per cell
        owners += [index, index]
    return _spots(tuple(cells), tuple(owners), len(placements))


@lru_cache(maxsize=4096)
def _spot_choices(found: tuple[Spot, ...]) -> tuple[tuple[str, tuple, str, tuple], ...]:
    # ring(a).index(b): edge_between by one cached ring per cell (the two cells of a spot touch)
    return tuple((f"{i}a", ("tile", upper[0], upper[1], ring(upper).index(lower)),
                  f"{i}b", ("tile", lower[0], lower[1], ring(lower).index(upper)))
                 for i, (upper, lower) in enumerate(found, 1))


@lru_cache(maxsize=4096)
def _spot_columns(found: tuple[Spot, ...]) -> tuple[tuple[str, ...], tuple[tuple, ...]]:
    choices = _spot_choices(found)
    return (tuple(n for above, _a, below, _b in choices for n in (above, below)),
            tuple(d for _a, above, _b, below in choices for d in (above, below)))


@lru_cache(maxsize=4096)
def ring(cell: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The six cells around a cell, edge by edge."""
    return tuple(neighbour_cell(cell[0], cell[1], k) for k in range(6))


@lru_cache(maxsize=4096)
def _screen_key(cell: tuple[int, int]) -> tuple[float, float]:
    """Top to bottom, then left to right."""
    x, y = cell_centre(*cell)
    return (y, x)


@lru_cache(maxsize=4096)
def _spots(cells: tuple[tuple[int, int], ...], hex_tiles: tuple[int, ...], tiles_placed: int) -> tuple[Spot, ...]:
    """``spots`` of a layout (the shape only: which tile is where does not matter)."""
    used = set(cells)
    need = 1 if tiles_placed == 1 else 2
    # every empty cell next to the layout, in the order first met, with the tiles it touches
    near: dict[tuple[int, int], set[int]] = {}
    for cell, tile in zip(cells, hex_tiles, strict=True):
        for a in ring(cell):
            if a not in used:
                got = near.get(a)
                if got is None:
                    near[a] = {tile}
                else:
                    got.add(tile)
    # the set is filled in the same order as ever (each empty cell once, in the order first met),
    # so ties in the sort below keep their order and spot numbers stay what they were
    out = set()
    nothing: set[int] = set()
    for a, near_a in near.items():
        enough = len(near_a) >= need        # then any empty cell beside it makes a spot
        for b in ring(a):
            if b in used:
                continue
            if enough:
                out.add((a, b) if _screen_key(a) <= _screen_key(b) else (b, a))
                continue
            near_b = near.get(b, nothing)
            if len(near_b) >= need or len(near_a | near_b) >= need:
                out.add((a, b) if _screen_key(a) <= _screen_key(b) else (b, a))
    return tuple(sorted(out, key=_spot_key))


def _spot_key(spot: Spot) -> tuple[float, float]:
    """Top to bottom, then left to right, by the sum of the two cells' centres
    (the same sums as ``cell_centre``'s, from the cached screen keys)."""
    (ya, xa), (yb, xb) = _screen_key(spot[0]), _screen_key(spot[1])
    return (ya + yb, xa + xb)


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
