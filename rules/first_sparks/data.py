"""Component data, loaded once from data.json (see the 'reconstructed' notes there)."""

from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads((Path(__file__).with_name("data.json")).read_text(encoding="utf-8"))

CARDS: dict[int, dict] = {int(k): v for k, v in DATA["cards"].items()}
SHUFFLE = 99  # the "mélanger" card: ranks above every technology while in the market
FOOD_VALUE: dict[str, int] = DATA["food_values"]
ANIMALS = ("berry", "fish", "bear", "mammoth")
ANIMAL_VALUES = tuple(FOOD_VALUE[f] for f in ANIMALS)
PAY_ORDER = tuple(sorted(range(len(ANIMALS)), key=lambda i: -ANIMAL_VALUES[i]))   # largest token first
GROUND_FOOD: dict[str, str] = DATA["ground_food"]
FOOD_GROUND = {food: ground for ground, food in GROUND_FOOD.items()}
TOOL_FOOD: dict[str, str] = DATA["tool_kinds"]
KNOWLEDGE = ("fire", "plough", "works", "palaver", "intelligence")
TOOL_KINDS = ("herbs", "field", "basket", "rod", "bow", "spear")
EXPANSION_COST: list[int] = DATA["expansion_cost"]
TILES: list[dict] = DATA["tiles"]
TOKEN_COUNT: dict[str, int] = {t["food"]: t["count"] for t in DATA["tokens"].values() if t["food"] != "crop"}

NAMES = {
    "herbs": ("Herbs", "Herbes"), "field": ("Field", "Champ"), "basket": ("Basket", "Panier"),
    "rod": ("Fishing rod", "Canne à pêche"), "bow": ("Bow", "Arc"), "spear": ("Mammoth spear", "Lance"),
    "fire": ("Fire", "Feu"), "plough": ("Plough", "Charrue"), "works": ("Works", "Travaux"),
    "palaver": ("Palaver", "Palabres"), "intelligence": ("Intelligence", "Intelligence"),
    "shuffle": ("Shuffle", "Mélanger"),
}
FOOD_NAMES = {"crop": ("crop", "céréale"), "berry": ("berries", "baies"), "fish": ("fish", "poissons"),
              "bear": ("bears", "ours"), "mammoth": ("mammoths", "mammouths")}


# per card number (a list lookup is the hot path of move generation); "" where no card has the number
KIND: list[str] = [""] * (SHUFFLE + 1)
for _number, _card in CARDS.items():
    KIND[_number] = _card["kind"]
KIND[SHUFFLE] = "shuffle"
IS_TOOL: list[bool] = [k in TOOL_KINDS for k in KIND]
CROPS: list[int] = [CARDS[c].get("crops", 0) if c in CARDS else 0 for c in range(SHUFFLE + 1)]
PRICE: list[int] = [CARDS[c]["price"] if c in CARDS else 0 for c in range(SHUFFLE + 1)]


def kind(card: int) -> str:
    return KIND[card]


def is_tool(card: int) -> bool:
    return IS_TOOL[card]


def price(card: int) -> int:
    return PRICE[card]


def card_name(card: int, fr: bool = False) -> str:
    name = NAMES[kind(card)][1 if fr else 0]
    return name if card == SHUFFLE else f"{name} #{card}"


def _table(card: int, tokens: int) -> int:
    take = 0
    for least, amount in CARDS[card]["table"]:
        if tokens >= least:
            take = amount
    return take


MOST_TOKENS = max(TOKEN_COUNT.values()) + 3      # a full space and two virtual tokens, with room
TAKES: dict[int, tuple[int, ...]] = {c: tuple(_table(c, k) for k in range(MOST_TOKENS + 1))
                                     for c, card in CARDS.items() if "table" in card}


def table_take(card: int, tokens: int) -> int:
    """How many tokens this tool's harvest table gives when ``tokens``
    (real + virtual) lie on its harvest space."""
    return TAKES[card][min(tokens, MOST_TOKENS)]
