"""The map: placed tiles, their features (union-find) and the open frontier.

Every zone of every placed tile is a node. Two union-finds join them:
``parent`` joins zones of one feature (a forest, a meadow, a river: rivers
stop at lakes and springs); ``system`` joins rivers *and* lakes into river
systems (for huts). ``open`` counts, at each feature root, the middle ports
of its forest or river zones that face an empty square: 0 means complete.
Only the placements are stored; everything else is rebuilt by replaying them.

``frontier`` maps every empty square beside the map to the edges a tile put
there must match (N E S W; ``.`` where no tile is beside it), kept up to date
as tiles are added, so listing where a tile fits is a table lookup per square
(the search asks this on every placement).
"""

from __future__ import annotations

from operator import itemgetter

from .data import DELTA, TILES, Tile, facing_port


class Board:
    __slots__ = ("at", "placed", "base", "node_place", "node_zone", "parent", "system", "open", "nodes", "system_nodes",
                 "frontier",
                 "_order", "_spots")

    def __init__(self) -> None:
        self.at: dict[tuple[int, int], int] = {}        # square -> placement index
        self.placed: list[tuple[int, int, int, int]] = []  # (tile id, x, y, rotation)
        self.base: list[int] = []                       # placement -> its first node
        self.node_place: list[int] = []
        self.node_zone: list[int] = []
        self.parent: list[int] = []
        self.system: list[int] = []
        self.open: list[int] = []
        self.nodes: list[tuple[int, ...]] = []            # at each feature root, its nodes (tuples: shared by copies)
        self.system_nodes: list[tuple[int, ...]] = []     # the same for river systems
        self.frontier: dict[tuple[int, int], str] = {}   # empty square -> edges it needs, N E S W or "."
        self._order: list[tuple[int, int]] | None = None    # the frontier north to south, west to east
        self._spots: tuple[int, list] | None = None         # (tile id, spots) of the last ``spots`` call

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
        b.nodes = list(self.nodes)
        b.system_nodes = list(self.system_nodes)
        b.frontier = dict(self.frontier)
        b._order = self._order            # never changed in place: ``add`` drops them
        b._spots = self._spots
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
            self.nodes[ra] = self.nodes[ra] + self.nodes[rb]

    def _union_system(self, a: int, b: int) -> None:
        ra, rb = self.find_system(a), self.find_system(b)
        if ra != rb:
            self.system[rb] = ra
            self.system_nodes[ra] = self.system_nodes[ra] + self.system_nodes[rb]

    # ---- queries

    def tile_at(self, placement: int) -> Tile:
        return TILES[self.placed[placement][0]]

    def node(self, placement: int, zone: int) -> int:
        return self.base[placement] + zone

    def zone_of(self, node: int):
        return TILES[self.placed[self.node_place[node]][0]].zones[self.node_zone[node]]

    def members(self, root: int, system: bool = False) -> list[int]:
        """The nodes of a feature (or of a river system), in ascending order."""
        return sorted(self.system_nodes[root] if system else self.nodes[root])

    def fits(self, tile: Tile, rot: int, x: int, y: int) -> bool:
        """Whether the tile, turned ``rot``, may go on (x, y): an empty square
        beside the map whose every neighbour it matches."""
        need = self.frontier.get((x, y))
        return need is not None and _matches(need, tile.rot_edges[rot])

    def spots(self, tile_id: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """Where the tile fits: (x, y, rotations), north to south then west to east."""
        cached = self._spots
        if cached is not None and cached[0] == tile_id:
            return cached[1]
        order = self._order
        if order is None:
            order = self._order = sorted(self.frontier, key=_north_to_south)
        tile, frontier, out = TILES[tile_id], self.frontier, []
        fitting = _FITTING[tile_id]
        for square in order:
            need = frontier[square]
            rots = fitting.get(need)
            if rots is None:
                rots = _rotations_for(tile, need)
            if rots:
                out.append((square[0], square[1], rots))
        self._spots = (tile_id, out)
        return out

    # ---- placing

    def add(self, tile_id: int, x: int, y: int, rot: int) -> int:
        """Put a tile down (fit is the caller's business); join its zones to
        the neighbours' features. Returns the placement index."""
        tile = TILES[tile_id]
        index = len(self.placed)
        base = len(self.parent)
        at, placed, open_, find = self.at, self.placed, self.open, self.find
        placed.append((tile_id, x, y, rot))
        at[(x, y)] = index
        self.base.append(base)
        neighbours = [at.get((x + dx, y + dy)) for dx, dy in DELTA]
        n_zones = len(tile.zones)
        self.node_place.extend([index] * n_zones)
        self.node_zone.extend(range(n_zones))
        self.parent.extend(range(base, base + n_zones))
        self.system.extend(range(base, base + n_zones))
        open_.extend([0] * n_zones)
        self.nodes.extend((n,) for n in range(base, base + n_zones))
        self.system_nodes.extend((n,) for n in range(base, base + n_zones))
        for port, z, counts_open, river in _ports(tile, rot):
            node = base + z
            other = neighbours[port // 3]
            if other is None:
                if counts_open:
                    open_[find(node)] += 1
                continue
            otile, _ox, _oy, orot = placed[other]
            onode = self.base[other] + TILES[otile].port_zone[orot][_FACING[port]]
            if counts_open:
                open_[find(onode)] -= 1   # that side of theirs is now closed
            self._union(node, onode)
            if river:
                self._union_system(node, onode)
        for z, zone in enumerate(tile.zones):
            if zone.kind == "river" and zone.lake >= 0:
                self._union_system(base + z, base + zone.lake)
        frontier, edges = self.frontier, tile.rot_edges[rot]
        frontier.pop((x, y), None)
        for side, (dx, dy) in enumerate(DELTA):
            square = (x + dx, y + dy)
            if square not in self.at:     # that square's far side must now match this tile's edge
                need = frontier.get(square, "....")
                far = (side + 2) % 4
                frontier[square] = need[:far] + edges[side] + need[far + 1:]
        self._order = self._spots = None
        return index


_north_to_south = itemgetter(1, 0)      # sort squares by (y, x)
_FACING = tuple(facing_port(p) for p in range(12))
_PORTS: dict[tuple[int, int], tuple[tuple[int, int, bool, bool], ...]] = {}


def _ports(tile: Tile, rot: int) -> tuple[tuple[int, int, bool, bool], ...]:
    """(port, zone, counts_open, river) for each port of the tile turned ``rot``:
    ``counts_open`` for the middle port of a forest or river (see ``open``)."""
    ports = _PORTS.get((tile.id, rot))
    if ports is None:
        ports = _PORTS[(tile.id, rot)] = tuple(
            (port, z, port % 3 == 1 and tile.zones[z].kind in ("forest", "river"), tile.zones[z].kind == "river")
            for port, z in enumerate(tile.port_zone[rot]))
    return ports


# _FITTING[tile id][needed edges] -> the tile's rotations that match them (filled as met:
# at most 81 edge patterns per tile)
_FITTING: list[dict[str, tuple[int, ...]]] = [{} for _ in TILES]


def _rotations_for(tile: Tile, need: str) -> tuple[int, ...]:
    fitting = _FITTING[tile.id]
    rots = fitting.get(need)
    if rots is None:
        rots = fitting[need] = tuple(r for r in tile.rotations if _matches(need, tile.rot_edges[r]))
    return rots


def _matches(need: str, edges: str) -> bool:
    return all(n == "." or n == e for n, e in zip(need, edges, strict=True))
