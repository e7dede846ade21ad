"""One-off tool: derive the 2002 (1st edition) tile set from the 2020 list.

Usage: python -m rules.carcassonne_hg.derive ../shared/data/carcassonne_hg_tiles.json > data.json

The 2002 per-tile list is not public. Following section 6 of
shared/data/carcassonne_hg.md: take the 79 start+land tiles of the 2020
edition, read menhir as gold nugget, drop the fish printed on river parts
(2002 fish live only in lakes), and put no aurochs on land tiles (the 2002
rulebook: aurochs are only on bonus tiles). The 12 bonus tiles are the four
special ones (shrine, fire, mushrooms, aurochs) plus eight plain ones.
Not imported at run time.
"""

from __future__ import annotations

import json
import sys

SIDES = "NESW"

# Land aurochs become mammoths (the 2002 drawings show mammoths where 2020 has
# aurochs on the start tile and T24), except T05, drawn with a deer in a corner meadow.
AUROCHS_TO = {"T05": ("deer", 2)}

BONUS = [
    # (source type, name, changes)
    ("T81", "shrine", "shrine meadow with a tiger only (2002 picture), forest with a gold nugget"),
    ("T85", "fire", "fire and one tiger (2002 picture)"),
    ("T87", "mushrooms", "one sacred-mushroom clearing in the forest"),
    ("T80", "aurochs", "no mammoth: the 2002 aurochs tile has only the aurochs"),
    ("T82", "plain", "2020 menhir tile kept as a plain bonus tile"),
    ("T83", "plain", "2020 menhir tile kept as a plain bonus tile"),
    ("T84", "plain", "2020 menhir tile kept; the 2002 rulebook draws this curve with a mammoth"),
    ("T86", "plain", "2020 menhir tile kept as a plain bonus tile"),
    ("T89", "plain", "lake of 4 fish: the 2002 rulebook draws this layout with 4 fish (2020: 3)"),
    ("T90", "plain", "2020 menhir tile kept as a plain bonus tile"),
    ("T79", "plain", "the second 2020 mushroom tile, without mushrooms (section 6 guess)"),
    ("T91", "plain", "a second lake tile: the 2020 raft tile without its raft (section 6 guess)"),
]


def convert(t: dict, bonus_kind: str | None = None) -> tuple[dict, list[str]]:
    notes: list[str] = []
    zones = sorted(t["zones"], key=lambda z: z["zone"])
    index = {z["zone"]: i for i, z in enumerate(zones)}
    out = []
    for z in zones:
        kind = z["type"]
        if kind == "meadow":
            q = {"kind": "meadow", "touches": z["touches"]}
            for a in z["animals"]:
                if a == "aurochs" and t["deck"] != "menhir_bonus":
                    a = "mammoth"
                    notes.append("land aurochs drawn as a mammoth (2002: aurochs only on bonus tiles)")
                q[a] = q.get(a, 0) + 1
            if bonus_kind == "shrine":
                q.pop("mammoth", None)
                q["shrine"] = True
            if bonus_kind == "fire":
                q["fire"] = True
                q["tiger"] = 1
            if bonus_kind == "aurochs":
                q.pop("mammoth", None)
        elif kind == "forest":
            q = {"kind": "forest", "touches": z["touches"]}
            if z.get("menhir"):
                q["nugget"] = 1
            if bonus_kind == "mushrooms" and z.get("mushrooms"):
                q["mushrooms"] = 1
        elif kind == "river":
            q = {"kind": "river", "touches": z["touches"]}
            if z["lake"] is not None:
                q["lake"] = index[z["lake"]]
            elif z["ends_in_spring"]:
                q["spring"] = True
            if z["fish"]:
                notes.append("fish on the river part dropped (2002: fish only in lakes)")
        else:
            q = {"kind": "lake", "fish": z["fish"]}
            if t["type"] == "T89":
                q["fish"] = 4
        out.append(q)
    if t["type"] in AUROCHS_TO:
        animal, zone_no = AUROCHS_TO[t["type"]]
        for q in out:
            if q["kind"] == "meadow":
                q.pop("mammoth", None)
        out[index[zone_no]][animal] = out[index[zone_no]].get(animal, 0) + 1
        notes = ["the 2002 rulebook draws this tile with a deer in a corner meadow, 2020 an aurochs"]
    tile = {"name": t["type"], "count": t["count"],
            "edges": "".join(t["edges"][s][0].upper() for s in SIDES), "zones": out}
    return tile, sorted(set(notes))


def main(path: str) -> None:
    src = json.load(open(path))["v2_2020"]["tile_types"]
    by_type = {t["type"]: t for t in src}
    land, start = [], None
    for t in src:
        if t["deck"] == "menhir_bonus":
            continue
        tile, notes = convert(t)
        if notes:
            tile["reconstructed"] = "; ".join(notes)
        if t["deck"] == "start":
            tile["name"] = "volcano"
            tile["reconstructed"] = ("2020 start tile T56 with the 2002 volcano (gold nugget) and the mammoth "
                                     "the 2002 rulebook draws")
            tile["start_rotation"] = 3
            start = tile
        else:
            land.append(tile)
    bonus = []
    for source, kind, why in BONUS:
        tile, _ = convert(by_type[source], kind)
        tile["name"] = f"{kind}-{source}" if kind == "plain" else kind
        tile["source"] = source
        tile["reconstructed"] = why
        bonus.append(tile)
    data = {
        "about": "Carcassonne: Hunters & Gatherers, 1st edition (2002): start tile, 78 land tiles, 12 bonus tiles.",
        "reconstructed": ("No per-tile list of the 2002 edition is public. Derived from the complete 2020 list "
                          "(shared/data/carcassonne_hg.md section 6): same layouts, menhir read as gold nugget, "
                          "river fish dropped, land aurochs drawn as mammoths; bonus tiles from the 2020 menhir "
                          "tiles. Counts, animals and fish may differ from a real 2002 box: correct them here."),
        "conventions": {
            "edges": "N, E, S, W: F forest, M meadow, R river (a river edge has meadow on both halves)",
            "touches": "sides a zone reaches: N (whole side) or half sides N.w N.e E.n E.s S.e S.w W.s W.n",
            "river": "lake = index of the zone (in this tile's list) the river flows into; spring = it rises here",
            "rotation": "start_rotation: quarter turns clockwise of the start tile on the table",
        },
        "start": start,
        "land": land,
        "bonus": bonus,
    }
    json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
