"""Fire & Stone components, loaded once from data.json (see the
"reconstructed" notes there: most card and map facts are not published)."""

from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads((Path(__file__).with_name("data.json")).read_text(encoding="utf-8"))

REGIONS = ("I", "II", "III")
GATHER_KINDS = ("apple", "nut", "mushroom", "root")
KIND_EN = {"apple": "apple", "nut": "nut", "mushroom": "mushroom", "root": "root", "forest": "forest",
           "hut": "hut", "fire": "fire", "cache": "secret cache", "cave": "cave"}
KIND_FR = {"apple": "pomme", "nut": "noix", "mushroom": "champignon", "root": "racine", "forest": "forêt",
           "hut": "hutte", "fire": "feu", "cache": "cache secrète", "cave": "grotte"}

TERR = {t["id"]: t for t in DATA["map"]["territories"]}
TERR_IDS = sorted(TERR)
ADJ = {t: tuple(TERR[t]["adj"]) for t in TERR_IDS}
SEA: dict[int, tuple[int, ...]] = {t: () for t in TERR_IDS}
for a, b in DATA["map"]["sea_routes"]:
    SEA[a] += (b,)
    SEA[b] += (a,)
REGION = {t: TERR[t]["region"] for t in TERR_IDS}
PRINTED_FIRE = frozenset(t for t in TERR_IDS if TERR[t]["fire"])
START = next(t for t in TERR_IDS if TERR[t]["start"])
FOOD_ICON = {r: [t for t in TERR_IDS if REGION[t] == r and not TERR[t]["fire"]] for r in REGIONS}

GAME_TILES = [tuple(v) for v in DATA["game_tiles"]["tiles"]]  # (food, bags) by id
STACKS_PER_REGION = {r: DATA["game_stacks"][r] for r in REGIONS}
DISCOVERY = {r: DATA["discovery_tiles"][r] for r in REGIONS}

INVENTIONS = {c["id"]: c for c in DATA["inventions"]["cards"]}
STARTING = {c["id"]: c for c in DATA["starting_inventions"]["cards"]}
ALL_INV = {**INVENTIONS, **STARTING}
CAVES = {c["id"]: c for c in DATA["cave_cards"]["cards"]}
OBJECTIVES = {c["id"]: c for c in DATA["objectives"]["cards"]}

VP_DECK = list(DATA["vp_cards"]["values_bottom_to_top"])  # last = top of the pile
HUT_EFFECTS = {int(k): v for k, v in DATA["hut_track"]["effects"].items()}
HUT_SPACES = DATA["hut_track"]["spaces"]
START_GATHER = DATA["starting_gathering"]["by_colour"]
BAG_SUPPLY = DATA["bags_supply"]
START_BAGS = DATA["start_bags"]
HUTS_EACH = DATA["huts_per_player"]
MARKER_START = DATA["cave_cards"]["markers"]["start"]  # where each tribe's marker starts: its colour card


def game_text(gid: int) -> str:
    food, bags = GAME_TILES[gid]
    parts = []
    if bags:
        parts.append(f"{bags} bag")
    if food:
        parts.append(f"{food} food")
    return " + ".join(parts)
