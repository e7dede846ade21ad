"""The games Hearth hosts, by key. A game registers by adding one line to
``_MODULES``: the module must define ``GAME``, an instance of
:class:`rules.core.Game`. Modules are imported on first use so that the
bot starts fast and a broken game cannot hide behind another."""

from __future__ import annotations

import importlib

from rules.core import Game

_MODULES: dict[str, str] = {
    "clans": "rules.clans",
    "carcassonne_hg": "rules.carcassonne_hg",
    "fire_and_stone": "rules.fire_and_stone",
    "first_sparks": "rules.first_sparks",
    "neanderthal": "rules.neanderthal",
}

_loaded: dict[str, Game] = {}


def register(key: str, module: str) -> None:
    """Add a game at run time (tests register their own small games)."""
    _MODULES[key] = module
    _loaded.pop(key, None)


def unregister(key: str) -> None:
    _MODULES.pop(key, None)
    _loaded.pop(key, None)


def keys() -> list[str]:
    return list(_MODULES)


def get(key: str) -> Game:
    """The game of that key; ``KeyError`` with the known keys otherwise."""
    key = (key or "").strip().lower()
    if key not in _MODULES:
        raise KeyError(f"Unknown game '{key}'. Known games: {', '.join(_MODULES)}")
    if key not in _loaded:
        game = importlib.import_module(_MODULES[key]).GAME
        assert game.key == key, f"{_MODULES[key]} registers {game.key!r}, not {key!r}"
        _loaded[key] = game
    return _loaded[key]


def all_games() -> list[Game]:
    return [get(k) for k in _MODULES]
