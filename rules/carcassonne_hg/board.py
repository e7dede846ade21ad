"""The map: placed tiles, their features (union-find) and the open frontier.

Every zone of every placed tile is a node. Two union-finds join them:
``parent`` joins zones of one feature (a forest, a meadow, a river: rivers
stop at lakes and springs); ``system`` joins rivers *and* lakes into river
systems (for huts). ``open`` counts, at each feature root, the middle ports
of its forest or river zones that face an empty square: 0 means complete.
Only the placements are stored; everything else is rebuilt by replaying them.
"""

from __future__ import annotations

from .data import DELTA, TILES, Tile, facing_port


class Board:
    __slots__ = ("at", "placed", "base", "node_place", "node_zone", "parent", "system", "open", "frontier")

    def __init__(self) -> None:
        self.at: dict[tuple[int, int], int] = {}        # square -> placement index
        self.placed: list[tuple[int, int, int, int]] = []  # (tile id, x, y, rotation)
        self.base: list[int] = []                       # placement -> its first node
        self.node_place: list[int] = []
        self.node_zone: list[int] = []
        self.parent: list[int] = []
        self.system: list[int] = []
        self.open: list[int] = []
        self.frontier: set[tuple[int, int]] = set()

    # ---- copying and storage

    def copy(self) -> "Board":
        b = Board.__new__(Board)
        b.at = dict(self.at)
        b.placed = list(self.placed)
        b.base = list(self.base)
        b.node_place = list(self.node_place)
        b.node_zone = list(self.node_zone)
        b.parent = list(self.parent)
        b.system = list(self.system)
        b.open = list(self.open)
        b.frontier = set(self.frontier)
        return b

    def to_json(self) -> list:
        return [list(p) for p in self.placed]

    @classmethod
    def from_json(cls, data: list) -> "Board":
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

    # ---- queries

    def tile_at(self, placement: int) -> Tile:
        return TILES[self.placed[placement][0]]

    def node(self, placement: int, zone: int) -> int:
        return self.base[placement] + zone

    def zone_of(self, node: int):
        return TILES[self.placed[self.node_place[node]][0]].zones[self.node_zone[node]]

    def members(self, root: int, system: bool = False) -> list[int]:
        find = self.find_system if system else self.find
        return [n for n in range(len(self.parent)) if find(n) == root]

    def fits(self, tile: Tile, rot: int, x: int, y: int) -> bool:
        if (x, y) in self.at:
            return False
        edges = tile.rot_edges[rot]
        touching = False
        for side, (dx, dy) in enumerate(DELTA):
            other = self.at.get((x + dx, y + dy))
            if other is None:
                continue
            touching = True
            otile, _ox, _oy, orot = self.placed[other]
            if TILES[otile].rot_edges[orot][(side + 2) % 4] != edges[side]:
                return False
        return touching

    def spots(self, tile_id: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """Where the tile fits: (x, y, rotations), north to south then west to east."""
        tile = TILES[tile_id]
        out = []
        for x, y in sorted(self.frontier, key=lambda p: (p[1], p[0])):
            rots = tuple(r for r in tile.rotations if self.fits(tile, r, x, y))
            if rots:
                out.append((x, y, rots))
        return out

    # ---- placing

    def add(self, tile_id: int, x: int, y: int, rot: int) -> int:
        """Put a tile down (fit is the caller's business); join its zones to
        the neighbours' features. Returns the placement index."""
        tile = TILES[tile_id]
        index = len(self.placed)
        base = len(self.parent)
        self.placed.append((tile_id, x, y, rot))
        self.at[(x, y)] = index
        self.base.append(base)
        neighbours = [self.at.get((x + dx, y + dy)) for dx, dy in DELTA]
        for z, zone in enumerate(tile.zones):
            node = base + z
            self.node_place.append(index)
            self.node_zone.append(z)
            self.parent.append(node)
            self.system.append(node)
            self.open.append(0)
        port_zone = tile.port_zone[rot]
        for port, z in enumerate(port_zone):
            zone = tile.zones[z]
            node = base + z
            counts_open = port % 3 == 1 and zone.kind in ("forest", "river")
            other = neighbours[port // 3]
            if other is None:
                if counts_open:
                    self.open[self.find(node)] += 1
                continue
            otile, _ox, _oy, orot = self.placed[other]
            onode = self.base[other] + TILES[otile].port_zone[orot][facing_port(port)]
            if counts_open:
                self.open[self.find(onode)] -= 1   # that side of theirs is now closed
            self._union(node, onode)
            if zone.kind == "river":
                self._union_system(node, onode)
        for z, zone in enumerate(tile.zones):
            if zone.kind == "river" and zone.lake >= 0:
                self._union_system(base + z, base + zone.lake)
        self.frontier.discard((x, y))
        for dx, dy in DELTA:
            if (x + dx, y + dy) not in self.at:
                self.frontier.add((x + dx, y + dy))
        return index
