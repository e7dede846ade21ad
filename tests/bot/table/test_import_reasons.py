"""Issue 15: why ``/game import`` (and ``hearth local --load``) refuses a file, in the reader's language —
the reason included, a refused move in the rules' own words."""

from __future__ import annotations

import io
import json

import pytest

from bot.local.table import LocalTable, load_file
from bot.table import Actor, Place, TableService
from bot.table.clock import ManualClock

THERE = Place(channel_id=300, guild_id=10)
ANNE = Actor(1, "Anne", locale="fr")
ANN = Actor(1, "Ann", locale="en")


def export(**changes) -> dict:
    """A finished Clans game whose first logged move is 99>98 (no such territory)."""
    data = {"format": "hearth-game", "version": 1, "game": "clans", "options": {}, "seed": 1, "status": "finished",
            "result": None, "created_at": 0,
            "seats": [{"seat": 0, "user_id": 1, "name": "Ann", "table_plays": False},
                      {"seat": 1, "user_id": 2, "name": "Bob", "table_plays": False}],
            "log": [{"version": 3, "kind": "move", "seat": 0, "user_id": 1, "text": "99>98", "barrier": False,
                     "events": [], "at": 0}],
            "state": None}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not ...}


@pytest.mark.parametrize("changes,french,english", [
    ({"game": "chess"}, "il contient une partie de « chess », un jeu que ce bot ne connaît pas",
     "it holds a game of 'chess', which this bot does not know"),
    ({"seed": ...}, "le champ « seed » manque", "the field 'seed' is missing"),
    ({"seed": "many"}, "un champ contient une valeur du mauvais type", "a field holds a value of the wrong kind"),
    ({}, "l'entrée n° 3 de l'historique, `9998`, ne se rejoue pas (il n'y a pas de territoire 99 : ils sont "
     "numérotés de 1 à 60).",
     "log entry #3, `9998`, does not replay (there is no territory 99"),
])
async def test_an_import_refused_says_why_in_the_readers_language(service, changes, french, english):
    blob = json.dumps(export(**changes)).encode()
    refused = await service.import_game(THERE, ANNE, blob)
    assert not refused.ok and refused.text.startswith("Ce fichier ne peut pas être importé : "), refused.text
    assert french in refused.text, refused.text
    assert english.split(" ")[1] not in refused.text
    refused = await service.import_game(THERE, ANN, blob)
    assert english in refused.text, refused.text


async def test_local_load_says_why_in_the_tables_language(store, tmp_path):
    clock = ManualClock(1_700_000_000.0)
    table = LocalTable(TableService(store, clock, render_images=False), clock, out=io.StringIO())
    assert await table.set_language("fr")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(export()))
    assert not await load_file(table, str(tmp_path / "none.json"))
    assert not await load_file(table, str(bad))
    (tmp_path / "text.json").write_text("hello")
    assert not await load_file(table, str(tmp_path / "text.json"))
    out = table.out.getvalue()
    assert f"il n'y a pas de fichier {tmp_path / 'none.json'}" in out
    assert "bad.json ne se rejoue pas : l'entrée n° 3 de l'historique, `9998`, ne se rejoue pas (il n'y a pas" in out
    assert "text.json ne se rejoue pas : pas du JSON" in out
    assert "No such file" not in out and "Errno" not in out and "Expecting value" not in out
