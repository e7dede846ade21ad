"""Issue 15: the local table speaks a language (``--lang fr`` / ``!lang``), and a table may choose the
language of its public posts (``/game settings lang:…``) apart from the server's."""

from __future__ import annotations

import io
import re
import sys

import pytest

from bot import cli
from bot.local.table import LocalTable
from bot.table import TableService
from bot.table.clock import ManualClock
from tests.bot.local.conftest import play

OPEN = ["@ann /game new clans", "@bob /game join", "@ann /game start"]


@pytest.fixture
def table(store, tmp_path):
    clock = ManualClock(1_700_000_000.0)
    return LocalTable(TableService(store, clock, render_images=False), clock, out=io.StringIO(), seed=3)


def channel(out: str) -> str:
    """The lines the channel shows (public posts and their continuation lines)."""
    keep, public = [], False
    for line in out.splitlines():
        if line.startswith("["):
            public = line.startswith("[#table]")
        if public:
            keep.append(line)
    return "\n".join(keep)


async def test_a_french_table_reads_french(table):
    assert await table.set_language("fr")
    out = await play(table, OPEN + ["@ann /move 99>98", "@ann /game status", "@bob /hand", "@ann !moves 1"])
    posts = channel(out)
    assert "a ouvert une table de **Clans**" in posts and "bob a rejoint la table" in posts
    assert "**Clans** commence !" in posts and "à vous de jouer" in posts
    assert "Votre clan secret est" in out, "private replies are French too"
    assert "Il n'y a pas de territoire 99" in out, "refusals too"
    for english in ("opened a table", "begins!", "your turn", "Your secret clan", "is not a legal move"):
        assert english not in out


async def test_lang_switches_the_player_and_the_server(table):
    out = await play(table, ["!lang fr", "@ann /game new clans"])
    assert "(langue : fr" in out and "a ouvert une table de **Clans**" in out
    out = await play(table, ["!lang en", "@bob /game join", "!lang de"])
    assert "(language: en" in out and "bob joined" in out
    assert "!lang is one of en, fr." in out, "a language the bot lacks is refused"
    assert table.lang == "en"


async def test_a_table_setting_makes_its_public_posts_another_language(table):
    await table.set_language("fr")             # a French "server" and a French reader
    await play(table, OPEN)
    out = await play(table, ["@ann /game settings lang:en"])
    assert "ann changed the settings." in out and "language of the public posts: en" in out
    out = await play(table, ["@ann !moves", "@bob /hand"])
    move = re.search(r"^  (\d+>\d+) ", out, re.M)[1]
    out = await play(table, [f"@ann /move {move}", "@bob /hand", "@bob /game settings"])
    posts = channel(out)
    assert "bob, your turn." in posts, posts
    assert "Votre clan secret est" in out, "a private reply keeps the reader's language"
    assert "langue des messages publics : en" in out
    out = await play(table, ["@ann /game settings lang:server"])
    assert "langue des messages publics : celle du serveur" in out
    out = await play(table, ["@ann /game settings lang:xx"])
    assert "lang vaut en, fr, ou `server`" in out


def test_hearth_local_takes_lang(tmp_path, monkeypatch, capsys):
    script = tmp_path / "game.txt"
    script.write_text("\n".join(OPEN + ["@bob /move 1>2"]) + "\n", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["hearth"])
    code = cli.main(["local", "--script", str(script), "--db", str(tmp_path / "g.db"), "--images",
                     str(tmp_path / "img"), "--seed", "4", "--lang", "fr"])
    out = capsys.readouterr().out
    assert code == 0 and "**Clans** commence !" in out and "begins!" not in out
    assert cli.main(["local", "--script", str(script), "--db", str(tmp_path / "h.db"), "--lang", "xx"]) == 2


async def test_the_local_tables_own_marks_read_french(store, tmp_path):
    """Issue 15: what the local table adds around the replies (private, DM, image, file, buttons, the pinned
    status, the clock, an admin) is in the table's language too."""
    clock = ManualClock(1_700_000_000.0)
    table = LocalTable(TableService(store, clock), clock, images=tmp_path / "images", out=io.StringIO(), seed=3)
    assert await table.set_language("fr")
    out = await play(table, ["@ann /game new pebbles", "@bob /game join", "@ann /game start", "@bob /notify dm",
                             "@ann /move take 2", "@ann /move end", "@bob /board", "!wait 2h", "!admin cid",
                             "@bob /handover cid", "@bob /resign yes", "@ann /game export"])
    assert "[#table message d'état épinglé] 📌 **Pebbles**" in out, out
    assert "[#table message d'état mis à jour] 📌 **Pebbles**" in out
    assert "[#table → pour bob seulement] " in out
    assert "[MP → bob] " in out
    assert re.search(r"^    \[image : .*\.png\]$", out, re.M)
    assert re.search(r"^    \[fichier : .*\.json\]$", out, re.M)
    assert "    [boutons : " in out
    assert "(l'horloge avance de 2 h 0 min)" in out and "(cid peut maintenant gérer les salons)" in out
    for english in (" only]", "[DM", "[image:", "[file:", "[buttons:", "status message", "clock moves", "may now"):
        assert english not in out, english
