"""The tiles, loaded once from data.json and prepared for fast play.

Geometry: each tile side s (0 N, 1 E, 2 S, 3 W) has three ports, numbered
clockwise round the tile: 3s is the first half of the side (N.w, E.n, S.e,
W.s), 3s+1 its middle (where a river crosses), 3s+2 the second half (N.e,
E.s, S.w, W.n). Turning a tile r quarter turns clockwise moves port p to
(p + 3r) % 12. Port 3s+k meets port 3((s+2)%4) + (2-k) of the neighbour.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

SIDES = "NESW"
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))  # x grows east, y grows south
HALF_PORT = {"N.w": 0, "N.e": 2, "E.n": 3, "E.s": 5, "S.e": 6, "S.w": 8, "W.s": 9, "W.n": 11}
ANIMALS = ("deer", "mammoth", "aurochs", "tiger")


def facing_port(port: int) -> int:
    side, k = divmod(port, 3)
    return 3 * ((side + 2) % 4) + (2 - k)


@dataclass(frozen=True)
class Zone:
    kind: str                 # forest | meadow | river | lake
    ports: tuple[int, ...]    # unrotated ports it reaches (empty for a lake)
    lake: int = -1            # river: index of the lake zone it flows into
    spring: bool = False
    fish: int = 0
    nugget: int = 0
    mushrooms: int = 0
    deer: int = 0
    mammoth: int = 0
    aurochs: int = 0
    tiger: int = 0
    fire: bool = False
    shrine: bool = False

    @property
    def middles(self) -> tuple[int, ...]:
        """Middle ports: a forest or river is open while one of them faces no tile."""
        return tuple(p for p in self.ports if p % 3 == 1)


@dataclass(frozen=True)
class Tile:
    id: int
    name: str
    deck: str                       # start | land | bonus
    count: int
    edges: str                      # unrotated, N E S W
    zones: tuple[Zone, ...]
    rotations: tuple[int, ...]      # rotations that give different placements
    rot_edges: tuple[str, ...]      # edges after r quarter turns
    port_zone: tuple[tuple[int, ...], ...]  # [r][port] -> zone index or -1
    start_rotation: int = 0

    def side_edge(self, rot: int, side: int) -> str:
        return self.rot_edges[rot][side]


def _zone(raw: dict) -> Zone:
    ports: list[int] = []
    for t in raw.get("touches", []):
        if t in HALF_PORT:
            ports.append(HALF_PORT[t])
        else:
            s = SIDES.index(t)
            ports.extend([3 * s + 1] if raw["kind"] == "river" else [3 * s, 3 * s + 1, 3 * s + 2])
    return Zone(kind=raw["kind"], ports=tuple(sorted(ports)), lake=raw.get("lake", -1),
                spring=bool(raw.get("spring")), fish=raw.get("fish", 0), nugget=raw.get("nugget", 0),
                mushrooms=raw.get("mushrooms", 0), deer=raw.get("deer", 0), mammoth=raw.get("mammoth", 0),
                aurochs=raw.get("aurochs", 0), tiger=raw.get("tiger", 0), fire=bool(raw.get("fire")),
                shrine=bool(raw.get("shrine")))


def _check(name: str, edges: str, zones: tuple[Zone, ...]) -> tuple[int, ...]:
    """Every port belongs to exactly one zone whose kind fits the edge."""
    port_zone = [-1] * 12
    for i, z in enumerate(zones):
        for p in z.ports:
            assert port_zone[p] == -1, f"{name}: port {p} in two zones"
            port_zone[p] = i
    for s, e in enumerate(edges):
        for k in range(3):
            zi = port_zone[3 * s + k]
            want = {"F": "forest", "M": "meadow", "R": "river" if k == 1 else "meadow"}[e]
            assert zi >= 0 and zones[zi].kind == want, f"{name}: side {SIDES[s]} port {k} is not {want}"
    return tuple(port_zone)


def _tile(tid: int, raw: dict, deck: str) -> Tile:
    zones = tuple(_zone(z) for z in raw["zones"])
    base = _check(raw["name"], raw["edges"], zones)
    port_zone, rot_edges, rotations, seen = [], [], [], set()
    for r in range(4):
        pz = [-1] * 12
        for p, z in enumerate(base):
            pz[(p + 3 * r) % 12] = z
        port_zone.append(tuple(pz))
        rot_edges.append("".join(raw["edges"][(s - r) % 4] for s in range(4)))
        if tuple(pz) not in seen:   # symmetric turns give the same placement
            seen.add(tuple(pz))
            rotations.append(r)
    return Tile(id=tid, name=raw["name"], deck=deck, count=raw.get("count", 1), edges=raw["edges"], zones=zones,
                rotations=tuple(rotations), rot_edges=tuple(rot_edges), port_zone=tuple(port_zone),
                start_rotation=raw.get("start_rotation", 0))


def _load() -> tuple[Tile, ...]:
    raw = json.loads((Path(__file__).with_name("data.json")).read_text(encoding="utf-8"))
    tiles = [_tile(0, raw["start"], "start")]
    for deck in ("land", "bonus"):
        for t in raw[deck]:
            tiles.append(_tile(len(tiles), t, deck))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _load()
START = 0
BY_NAME = {t.name: t.id for t in TILES}


def deck(kind: str) -> list[int]:
    """Tile ids of a deck, one entry per physical tile, in data order."""
    return [t.id for t in TILES if t.deck == kind for _ in range(t.count)]
