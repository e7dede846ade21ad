"""The map: placed tiles, their features (union-find) and the open frontier.

Every zone of every placed tile is a node. Two union-finds join them:
``parent`` joins zones of one feature (a forest, a meadow, a river: rivers
stop at lakes and springs); ``system`` joins rivers *and* lakes into river
systems (for huts). ``open`` counts, at each feature root, the middle ports
of its forest or river zones that face an empty square: 0 means complete.
Only the placements are stored; everything else is rebuilt by replaying them.

The frontier, every empty square beside the map, is ``order``: its squares
north to south then west to east (the spot numbering) as integers
(``square``: they sort the same way), with ``order_needs`` the edges a tile
put there must match (N E S W, two bits a side: see ``need_code``) in the
same order. Both are kept up to date as tiles are added (a square is found
by bisection), so listing where a tile fits is a table lookup per square (a
search asks it on every placement); ``frontier`` is the same as a dict.

A copy (one per placed tile in a search) copies every per-node list, so there
are as few as the rules need; a feature's nodes are found by walking its ports
when it is scored (``members``). What a feature holds (``contents``, at its
root) and the fish of a river system's lakes (``fish``, at its system root)
are kept as running totals, joined with the unions: the AI's heuristic reads
them for every figure on every position a search judges.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import product
from typing import NamedTuple

from .data import DELTA, TILES, Tile, facing_port


class Contents(NamedTuple):
    """What a forest, river or meadow holds, summed over its zones (a lake's own: kind "lake")."""

    kind: str
    parts: int              # its zones
    mushrooms: int
    nuggets: int
    deer: int
    mammoth: int
    aurochs: int
    tiger: int
    fire: bool
    lakes: tuple[int, ...]  # the lake nodes a river flows into
    shrines: tuple[int, ...]  # a meadow's shrine nodes

    def joined(self, other: Contents) -> Contents:
        """What the feature made of these two holds."""
        lakes = self.lakes + other.lakes
        if self.lakes and other.lakes:          # a river whose two ends meet one lake counts it once
            lakes = tuple(sorted(set(lakes)))
        return Contents(self.kind, self.parts + other.parts, self.mushrooms + other.mushrooms,
                        self.nuggets + other.nuggets, self.deer + other.deer, self.mammoth + other.mammoth,
                        self.aurochs + other.aurochs, self.tiger + other.tiger, self.fire or other.fire, lakes,
                        self.shrines + other.shrines)


class Board:
    __slots__ = ("at", "placed", "base", "parent", "system", "open", "order", "order_needs", "nuggets", "contents",
                 "fish", "_spots")

    def __init__(self) -> None:
        self.at: dict[tuple[int, int], int] = {}        # square -> placement index
        self.placed: list[tuple[int, int, int, int]] = []  # (tile id, x, y, rotation)
        self.base: list[int] = []                       # placement -> its first node (see place_of)
        self.parent: list[int] = []
        self.system: list[int] = []
        self.open: list[int] = []
        self.order: list[int] = []                      # the frontier's squares, sorted (see ``square``)
        self.order_needs: list[int] = []                # the edges each of them needs, in the same order
        self.nuggets: tuple[int, ...] = ()              # the nodes with a gold nugget (a new tuple when one comes)
        self.contents: list[Contents] = []              # at a feature's root: what the feature holds
        self.fish: list[int] = []                       # at a river system's root: the fish in its lakes
        self._spots: tuple[int, list] | None = None         # (tile id, spots) of the last ``spots`` call

    # ---- copying and storage

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.at = self.at.copy()     # not dict(): that walks a dict with deleted entries key by key
        b.placed = self.placed.copy()
        b.base = self.base.copy()
        b.parent = self.parent.copy()
        b.system = self.system.copy()
        b.open = self.open.copy()
        b.order = self.order.copy()
        b.order_needs = self.order_needs.copy()
        b.nuggets = self.nuggets
        b.contents = self.contents.copy()
        b.fish = self.fish.copy()
        b._spots = self._spots  # noqa: SLF001 - a copy of its own class; never changed in place: ``add`` drops it
        return b

    def to_json(self) -> list:
        return [list(p) for p in self.placed]

    @classmethod
    def from_json(cls, data: list) -> Board:
        b = cls()
        for tile, x, y, rot in data:
            b.add(tile, x, y, rot)
        return b

    # ---- union-find

    def find(self, n: int) -> int:
        parent = self.parent
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    def find_system(self, n: int) -> int:
        system = self.system
        while system[n] != n:
            system[n] = system[system[n]]
            n = system[n]
        return n

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra
            self.open[ra] += self.open[rb]

    def _union_system(self, a: int, b: int) -> None:
        ra, rb = self.find_system(a), self.find_system(b)
        if ra != rb:
            self.system[rb] = ra
            self.fish[ra] += self.fish[rb]

    # ---- queries

    def tile_at(self, placement: int) -> Tile:
        return TILES[self.placed[placement][0]]

    def node(self, placement: int, zone: int) -> int:
        return self.base[placement] + zone

    def place_of(self, node: int) -> int:
        """The placement a node belongs to (its tile's nodes are numbered from ``base``)."""
        return bisect_right(self.base, node) - 1

    def zone_index(self, node: int) -> int:
        """Which zone of its tile a node is."""
        return node - self.base[bisect_right(self.base, node) - 1]

    def zone_of(self, node: int):
        placement = bisect_right(self.base, node) - 1
        return TILES[self.placed[placement][0]].zones[node - self.base[placement]]

    def members(self, root: int, system: bool = False) -> list[int]:
        """The nodes of the feature (or river system) of ``root``, in ascending order.
        A feature is walked port to port from ``root`` (the very joins ``add`` makes);
        a river system, wanted only by the final scoring, is found by a scan."""
        if system:
            find = self.find_system
            return [n for n in range(len(self.system)) if find(n) == find(root)]
        at, placed, base = self.at, self.placed, self.base
        seen, todo = {root}, [root]
        while todo:
            node = todo.pop()
            placement = bisect_right(base, node) - 1
            tile_id, x, y, rot = placed[placement]
            for dx, dy, facing in _PORT_STEPS[tile_id * 4 + rot][node - base[placement]]:
                other = at.get((x + dx, y + dy))
                if other is not None:
                    otile, _ox, _oy, orot = placed[other]
                    joined = base[other] + _PORT_ZONE[otile * 4 + orot][facing]
                    if joined not in seen:
                        seen.add(joined)
                        todo.append(joined)
        return sorted(seen)

    @property
    def frontier(self) -> dict[tuple[int, int], int]:
        """Every empty square beside the map -> the edges a tile put there must match (``need_code``)."""
        return {square_xy(sq): need for sq, need in zip(self.order, self.order_needs)}

    def need(self, x: int, y: int) -> int | None:
        """The edges a tile put on (x, y) must match, or None when it is not beside the map (or taken)."""
        if not (-_OFF < x < _OFF and -_OFF < y < _OFF):     # beyond any map (see ``square``)
            return None
        sq = (y + _OFF) * _ROW + x + _OFF
        order = self.order
        i = bisect_left(order, sq)
        return self.order_needs[i] if i < len(order) and order[i] == sq else None

    def fits(self, tile: Tile, rot: int, x: int, y: int) -> bool:
        """Whether the tile, turned ``rot``, may go on (x, y): an empty square
        beside the map whose every neighbour it matches."""
        need = self.need(x, y)
        # the table lists the tile's distinct turns; a turn that looks like one of them is checked edge by edge
        return need is not None and (rot in _FITTING[tile.id][need] or _matches(need, _EDGE_CODES[tile.id][rot]))

    def turns_that_fit(self, tile_id: int) -> list[tuple[int, ...]]:
        """For each pattern of needed edges (the values of ``frontier``), the
        tile's rotations that match it."""
        return _FITTING[tile_id]

    def turn_masks(self, tile_id: int) -> list[int]:
        """``turns_that_fit`` as bit masks (bit r: rotation r fits; 0: none does)."""
        return _MASKS[tile_id]

    def fits_somewhere(self, tile_id: int) -> bool:
        return any(map(_FITTING[tile_id].__getitem__, self.order_needs))

    def spots(self, tile_id: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """Where the tile fits: (x, y, rotations), north to south then west to east."""
        cached = self._spots
        if cached is not None and cached[0] == tile_id:
            return cached[1]
        fitting = _FITTING[tile_id] or _fitting(tile_id)
        out = [(sq % _ROW - _OFF, sq // _ROW - _OFF, rots)
               for sq, need in zip(self.order, self.order_needs) if (rots := fitting[need])]
        self._spots = (tile_id, out)
        return out

    # ---- placing

    def add(self, tile_id: int, x: int, y: int, rot: int) -> int:
        """Put a tile down (fit is the caller's business); join its zones to
        the neighbours' features and update the frontier. Returns the placement
        index. (The hot path of a search: the unions and their finds are written
        out here, each find as ``find`` does it.)"""
        index = len(self.placed)
        base = len(self.parent)
        at, bases, parent, system, open_ = self.at, self.base, self.parent, self.system, self.open
        order, needs = self.order, self.order_needs
        placed = self.placed
        placed.append((tile_id, x, y, rot))
        at[(x, y)] = index
        bases.append(base)
        turned = tile_id * 4 + rot
        new = range(base, base + _ZONE_COUNT[tile_id])
        parent.extend(new)
        system.extend(new)
        open_.extend(_ZEROS[tile_id])
        contents = self.contents
        contents.extend(_contents(tile_id, base) if _NODES_IN_CONTENTS[tile_id] else _CONTENTS[tile_id])
        self.fish.extend(_FISH[tile_id])
        sq = (y + _OFF) * _ROW + x + _OFF
        i = bisect_left(order, sq)
        beside = 0          # what the square needed: a side with a tile beside it has its bits set
        if i < len(order) and order[i] == sq:
            beside = needs[i]
            del order[i], needs[i]
        for dx, dy, step, edge, open_zone, ports, side_bits in _SIDES[turned]:
            if not beside & side_bits:                  # no tile on that side
                if open_zone >= 0:                      # a forest or river left open on that side
                    n = base + open_zone
                    while parent[n] != n:
                        parent[n] = parent[parent[n]]
                        n = parent[n]
                    open_[n] += 1
                there = sq + step                       # that square must now match this tile's edge
                i = bisect_left(order, there)
                if i < len(order) and order[i] == there:
                    needs[i] |= edge
                else:
                    order.insert(i, there)
                    needs.insert(i, edge)
                continue
            other = at[(x + dx, y + dy)]
            other_tile, _ox, _oy, other_rot = placed[other]
            other_zone, other_base = _PORT_ZONE[other_tile * 4 + other_rot], bases[other]
            for z, facing, counts_open, river in ports:
                node, onode = base + z, other_base + other_zone[facing]
                rb = onode
                while parent[rb] != rb:
                    parent[rb] = parent[parent[rb]]
                    rb = parent[rb]
                root = node
                while parent[root] != root:
                    parent[root] = parent[parent[root]]
                    root = parent[root]
                if root != rb:                          # one feature now
                    parent[rb] = root
                    open_[root] += open_[rb]
                    contents[root] = contents[root].joined(contents[rb])
                if counts_open:
                    open_[root] -= 1                    # the middle port of theirs is now closed
                if river:                               # one river system now
                    self._union_system(node, onode)
        for z, lake in _LAKES[tile_id]:
            self._union_system(base + z, base + lake)
        if _NUGGETS[tile_id]:
            self.nuggets += tuple(base + z for z in _NUGGETS[tile_id])
        self._spots = None
        return index


def square(x: int, y: int) -> int:
    """A square as one integer, ordered north to south then west to east (|x|, |y| < 128:
    the map has 91 tiles)."""
    return (y + _OFF) * _ROW + x + _OFF


def square_xy(sq: int) -> tuple[int, int]:
    return sq % _ROW - _OFF, sq // _ROW - _OFF


_OFF, _ROW = 128, 256        # the map has 91 tiles: |x|, |y| <= 91
_FAR_SIDE = (2, 3, 0, 1)
# per tile and turn (tile id * 4 + turn), per zone: each port it reaches as the step to the
# square beside (dx, dy) and the port facing it there
_PORT_STEPS = [tuple(tuple((*DELTA[p // 3], facing_port(p)) for p in range(12) if tile.port_zone[rot][p] == z)
                     for z in range(len(tile.zones)))
               for tile in TILES for rot in range(4)]


def _joins(tile: Tile, rot: int) -> tuple:
    """How the tile turned ``rot`` joins its neighbours: per side, (zone, facing
    port, counts_open, river) for each of its zones there (``counts_open``: it
    holds the middle port of a forest or river, see ``open``); per side, the
    zone whose middle port counts as open when no tile is there (or -1); and
    (river, lake) for every river flowing into a lake of the tile.

    A forest or meadow side is one zone on every tile (checked below), so it
    joins the tile beside by one port; a river side joins by its three (meadow,
    river, meadow)."""
    zones, port_zone = tile.zones, tile.port_zone[rot]
    kinds = [zones[z].kind for z in port_zone]
    sides = []
    for side in range(4):
        ports = [(port_zone[p], facing_port(p), p % 3 == 1 and kinds[p] in ("forest", "river"), kinds[p] == "river")
                 for p in range(3 * side, 3 * side + 3)]
        if kinds[3 * side + 1] != "river":
            assert len({z for z, _f, _c, _r in ports}) == 1, f"{tile.name}: a forest or meadow side of two zones"
            z, facing, _c, _r = ports[0]
            ports = [(z, facing, any(c for _z, _f, c, _r in ports), False)]
        sides.append(tuple(ports))
    open_middles = tuple(next((z for z, _f, counts_open, _r in ports if counts_open), -1) for ports in sides)
    lakes = tuple((z, zone.lake) for z, zone in enumerate(zones) if zone.kind == "river" and zone.lake >= 0)
    return tuple(sides), open_middles, lakes


_JOINS = [_joins(tile, rot) for tile in TILES for rot in range(4)]     # [tile id * 4 + rot], made once
_PORT_ZONE = [tile.port_zone[rot] for tile in TILES for rot in range(4)]
_ZONE_COUNT = [len(tile.zones) for tile in TILES]
_ZEROS = [(0,) * len(tile.zones) for tile in TILES]
_LAKES = [_joins(tile, 0)[2] for tile in TILES]      # (river, lake) of a tile: the same whatever its turn
_NUGGETS = [tuple(z for z, zone in enumerate(tile.zones) if zone.nugget) for tile in TILES]
_FISH = [tuple(zone.fish if zone.kind == "lake" else 0 for zone in tile.zones) for tile in TILES]


def _contents(tile_id: int, base: int) -> tuple[Contents, ...]:
    """Each zone's ``Contents`` for the tile placed with its first node at ``base``."""
    return tuple(Contents(zone.kind, 1, zone.mushrooms, zone.nugget, zone.deer, zone.mammoth, zone.aurochs, zone.tiger,
                          zone.fire, (base + zone.lake,) if zone.kind == "river" and zone.lake >= 0 else (),
                          (base + z,) if zone.shrine else ())
                 for z, zone in enumerate(TILES[tile_id].zones))


# tiles whose contents name nodes (a river into a lake, a shrine) are made per placement; the rest once
_NODES_IN_CONTENTS = [any(c.lakes or c.shrines for c in _contents(tile.id, 0)) for tile in TILES]
_CONTENTS = [_contents(tile.id, 0) for tile in TILES]


# Needed edges as integers: two bits a side, N lowest; 0 where no tile is beside the square.
_EDGE_BITS = {".": 0, "F": 1, "M": 2, "R": 3}


def need_code(edges: str) -> int:
    """``"F.M."`` (N E S W, ``.`` for no tile there) as the integer ``frontier`` keeps."""
    return sum(_EDGE_BITS[e] << 2 * side for side, e in enumerate(edges))


# per tile and turn: its edges as a need code, and each side's edge placed on the far side of the
# neighbour's code (what the neighbour's square then needs on that side)
_EDGE_CODES = [[need_code(edges) for edges in tile.rot_edges] for tile in TILES]
_EDGE_SIDES = [[tuple(_EDGE_BITS[edges[side]] << 2 * _FAR_SIDE[side] for side in range(4)) for edges in tile.rot_edges]
               for tile in TILES]
# per tile and turn, per side (N E S W): the step to the square beside (dx, dy and as a ``square``
# difference), the edge that square must then match, the zone left open on that side (or -1),
# how the side's three ports join a tile there (see ``_joins``), and the side's bits in a need code
_SIDES = [tuple((dx, dy, dy * _ROW + dx, _EDGE_SIDES[tile.id][rot][side], _JOINS[tile.id * 4 + rot][1][side],
                 _JOINS[tile.id * 4 + rot][0][side], 3 << 2 * side) for side, (dx, dy) in enumerate(DELTA))
          for tile in TILES for rot in range(4)]


# _FITTING[tile id][need code] -> the tile's rotations that match it, for each of the 256 codes
# (a rotation matches the 16 codes made of its own edges and no-tile sides). Made once, at import.
def _fitting(tile_id: int) -> list[tuple[int, ...]]:
    tile = TILES[tile_id]
    table: list[tuple[int, ...]] = [()] * 256
    for r in tile.rotations:
        for need in product(*((".", edge) for edge in tile.rot_edges[r])):
            table[need_code("".join(need))] += (r,)
    return table


_FITTING: list[list[tuple[int, ...]]] = [_fitting(_tile.id) for _tile in TILES]
_MASKS = [[sum(1 << r for r in rots) for rots in table] for table in _FITTING]


def _matches(need: int, edges: int) -> bool:
    """Whether edges (a code with every side set) meet the need on each side it has."""
    sides = ((need | need >> 1) & 0x55) * 3         # 0b11 on each side the need has
    return edges & sides == need
