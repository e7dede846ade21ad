"""Loads data.json once. Every card value there not printed in the rulebook
is marked ``reconstructed``; a player with the game may correct data only."""

from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads((Path(__file__).with_name("data.json")).read_text(encoding="utf-8"))
BIOMES: dict = DATA["biomes"]
DAUGHTERS: dict = DATA["daughters"]
ELDERS: dict = {int(k): v for k, v in DATA["elders"].items() if k.isdigit()}
SLOTS: dict = {k: v for k, v in DATA["portal_slots"].items() if k != "reconstructed"}
SEXUALITY: dict = DATA["sexuality"]
SPECIES: dict = DATA["species"]
SPECIES_ORDER = ("green", "yellow", "red")
COLOURS = ("o", "w", "k")
COLOUR_NAMES = {"o": "orange", "w": "white", "k": "black"}
CUBES = 18
DISCS_PER_COLOUR = 5
