"""Async play in the local table: `!wait` prints the reminders and deadline
actions that fall due, every new command works from a script, an exported
game loads with `hearth local --load` and replays to the identical state."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.local.table import LocalTable, load_file, user_id_of
from bot.table import TableService
from bot.table.clock import ManualClock
from storage.store import Store
from tests.bot.local.conftest import play

ROOT = Path(__file__).resolve().parents[3]


OPEN = ["@ann /game new pebbles", "@bob /game join", "@ann /game start"]


async def test_wait_prints_due_reminders_and_deadline_actions(table):
    await play(table, OPEN + ["@ann /game settings 24 48 auto", "@ann /move take 1", "@ann /move end"])
    out = await play(table, ["!wait 23h"])
    assert "Reminder" not in out
    out = await play(table, ["!wait 13h"])
    assert "(the clock moves on by 13 h 0 min)" in out
    assert out.count("Reminder") == 1, "the 24 h reminder and the deadline warning, both due, print once"
    assert ("[#table] @bob ⏰ Reminder: bob, your turn in **Pebbles** has waited 1 d 12 h; the deadline runs out "
            "in 12 h 0 min, then the table will choose a move for the absent seat.") in out
    out = await play(table, ["!wait 13h"])
    assert "Reminder" not in out
    assert "[#table] @ann ⌛ Deadline: bob did not move within 48 h; the table played for them" in out
    assert "ann, your turn." in out
    assert "[#table status message updated] 📌 **Pebbles** — ann to play since" in out


async def test_reminder_text_says_plainly_it_is_a_reminder(table):
    await play(table, OPEN + ["@ann /game settings reminder:10", "@ann /move take 1", "@ann /move end"])
    out = await play(table, ["!wait 11h"])
    assert "[#table] @bob ⏰ Reminder: bob, it is your turn in **Pebbles** (waiting for 11 h 0 min)." in out
    assert (await play(table, ["!wait 1h"])).count("Reminder") == 0


async def test_new_commands_from_a_script(table, tmp_path):
    out = await play(table, OPEN)
    assert "[#table status message pinned] 📌 **Pebbles** — ann to play since" in out
    out = await play(table, ["@bob /notify dm", "@ann /move take 2", "@ann /move end"])
    assert "[#table → bob only] Turn notices for you: **by direct message**." in out
    assert "[DM → bob] Your turn in **Pebbles** (#table)." in out
    assert "@bob" not in out.split("Turn notices")[1], "no channel ping for a DM player"
    out = await play(table, ["!wait 3h", "@ann /remind", "@ann /remind", "@cid /game list", "@bob /game mine",
                             "@ann /log since", "@bob /vacation 2", "@cid /game settings deadline:5"])
    assert "[#table] Nudge from ann: bob" in out and "nudge again in 4 h" in out
    assert "**Pebbles** #table — bob to play, for 3 h 0 min" in out
    assert "[#table → bob only] Games waiting on you:" in out
    assert "[#table → ann only] Nothing has happened since your last move." in out
    assert "bob is on vacation in **Pebbles**" in out
    assert "[#table → cid only] Only the creator" in out
    out = await play(table, ["@bob /handover cid", "@cid /accept", "@cid /move take 1", "@cid /move end"])
    assert "[#table] @cid bob offers their seat in **Pebbles** to cid." in out
    assert "[buttons: Take the seat → /accept]" in out
    assert "cid takes over bob's seat" in out and "cid takes 1." in out
    out = await play(table, ["@ann /replay"])
    gif = next(line for line in out.splitlines() if "[image:" in line).split("[image: ")[1].rstrip("]")
    assert gif.endswith(".gif") and Image.open(gif).n_frames == 5
    out = await play(table, ["@ann /resign yes", "@ann /game export", "@ann /stats"])
    assert "[#table status message updated] 📌 **Pebbles** — 1. cid" in out, "the pin shows the result"
    path = next(line for line in out.splitlines() if "[file:" in line).split("[file: ")[1].rstrip("]")
    assert json.loads(Path(path).read_text())["game"] == "pebbles"
    assert "**ann**: 1 game, 0 wins, average rank 2.00" in out and "1. cid" in out


async def test_game_new_in_a_thread_switches_channel(table):
    out = await play(table, ["@ann /game new pebbles thread:yes", "@bob /game join"])
    assert "[#table] (thread #table-pebbles-1 created; the table moves there)" in out
    assert "[#table-pebbles-1] bob joined." in out
    assert await play(table, ["#table @cid /game new pebbles"]), "the parent channel stays free"
    assert "[#table] cid opened a table" in table.out.getvalue()


async def test_exported_game_loads_and_replays_identically(table, tmp_path):
    await play(table, OPEN + ["@ann /move take 3", "@ann /move end", "@bob /move roll", "@bob /undo yes",
                              "@bob /move take 2", "@bob /move end", "@bob /resign yes", "@ann /game export"])
    out = table.out.getvalue()
    path = next(line for line in out.splitlines() if "[file:" in line).split("[file: ")[1].rstrip("]")
    row = await table.service.store.latest_game_in(table.place().channel_id)

    other = await Store.open(tmp_path / "other.db")
    try:
        clock = ManualClock(0)
        fresh = LocalTable(TableService(other, clock, render_images=False), clock, out=io.StringIO())
        assert await load_file(fresh, path)
        text = fresh.out.getvalue()
        assert f"(loaded {path} into #loaded-1" in text and "Pebbles" in text
        loaded = await other.latest_game_in(fresh.place().channel_id)
        assert loaded.state == row.state and loaded.status == row.status == "finished"
        assert loaded.result == row.result
        out = await play(table, [f"#elsewhere @cid /game import {path}", "@cid /game import /no/such/file.json"])
        assert "[#elsewhere] cid imported a finished game of **Pebbles**" in out
        assert "[#elsewhere → cid only] That file cannot be imported: no file." in out
        Path(tmp_path / "bad.json").write_text('{"format": "hearth-game", "game": "pebbles"}')
        assert not await load_file(fresh, str(tmp_path / "bad.json"))
        assert "does not replay" in fresh.out.getvalue()
    finally:
        await other.close()


def test_hearth_local_load_from_the_command_line(tmp_path):
    """The real CLI: export from one database, load into another, replay, compare."""
    script = tmp_path / "game.txt"
    script.write_text("\n".join(["@ann /game new fire_and_stone", "@bob /game join", "@ann /game start",
                                 "@ann /resign yes", "@ann /game export"]))
    db = tmp_path / "a.db"
    env = {"HEARTH_LOCALE": "en", "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "-m", "bot.cli", "local", "--db", str(db), "--images", str(tmp_path / "i"),
                          "--seed", "5", "--script", str(script)], cwd=ROOT, capture_output=True, text=True,
                         env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    exported = next(line for line in run.stdout.splitlines() if "[file:" in line).split("[file: ")[1].rstrip("]")
    empty = tmp_path / "empty.txt"
    empty.write_text("@ann /game status\n")
    run = subprocess.run([sys.executable, "-m", "bot.cli", "local", "--db", str(tmp_path / "b.db"), "--images",
                          str(tmp_path / "j"), "--load", exported, "--script", str(empty)], cwd=ROOT,
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "(loaded" in run.stdout and "#loaded-1" in run.stdout
    assert "Fire & Stone** — finished" in run.stdout or "finished" in run.stdout
    data = json.loads(Path(exported).read_text())
    import sqlite3
    a = sqlite3.connect(db).execute("SELECT state FROM games").fetchone()[0]
    b = sqlite3.connect(tmp_path / "b.db").execute("SELECT state FROM games").fetchone()[0]
    assert a == b == data["state"]
    assert user_id_of("ann") == data["seats"][0]["user_id"]
