"""The local table's edges, each found by a new user (huge waits, made-up names, restarts, help, export)."""

from __future__ import annotations

import io
import json
import re
import time
from pathlib import Path

from bot.local.table import CLOCK_KEY, LocalTable, restore_clock
from tests.bot.local.conftest import play

ROOT = Path(__file__).resolve().parents[3]
OPEN = ["@ann /game new pebbles", "@bob /game join", "@ann /game start"]


async def test_a_huge_wait_is_refused_and_nothing_crashes(table):
    await play(table, OPEN)
    out = await play(table, ["!wait 999999999999d", "@ann /move take 1", "@ann /move end", "@bob /log"])
    assert "at most 3650 days" in out and "the clock moves on" not in out
    assert "[#table] @bob ann ends." in out and "[#table → bob only] Log of Pebbles, page 1/1:" in out
    out = await play(table, ["!wait 3650d", "@bob /move take 1", "@bob /game status"])
    assert "(the clock moves on by 3650 d 0 h)" in out and "bob takes 1." in out


async def test_nobody_is_seated_under_a_made_up_name(table, store):
    out = await play(table, ["/game new pebbles", "/game join"])
    assert out.count("Who is speaking? Start the line with @name") == 2
    assert await store.open_game_in(table.place().channel_id) is None, "no table opened by 'you'"
    out = await play(table, ["@ann", "/game new pebbles"])
    assert "[#table] ann opened a table" in out, "`@name` alone switches who speaks"


async def test_moves_speak_as_the_named_person_and_say_when_cut(table):
    await play(table, ["@ann /game new clans", "@bob /game join", "@ann /game start"])
    out = await play(table, ["@cid !moves"])
    assert "(no legal move for you now)" in out and "Commands start with" not in out
    out = await play(table, ["@ann !moves"])
    listed = [line for line in out.splitlines() if re.match(r"\s+\d+>\d+ — ", line)]
    total = int(re.search(r"… and (\d+) more \((\d+) in all\)", out)[2])
    assert len(listed) == 40 and total > 40 and "!moves <start of a move>" in out
    assert table.user == "ann", "the speaker stays for the next lines"


async def test_help_lists_every_command_with_its_options(table):
    out = await play(table, ["!help"])
    assert "/game new <game> [options] [thread] [ai] [level] — Open a table" in out
    assert "/move <move> — Make your move" in out and "/undo [confirm] [count]" in out
    assert "!wait <30h|2d|90m>" in out and "Lines look like Discord" not in out, "not the banner again"


async def test_export_writes_the_file_it_names(table, tmp_path):
    await play(table, OPEN + ["@ann /resign yes"])
    out = await play(table, ["@ann /game export"])
    named = re.search(r"hearth local --load (\S+?\.json)", out)[1]
    written = Path(re.search(r"\[file: (.+)\]", out)[1])
    assert written == Path(named) == tmp_path / "images" / written.name, "the command names the file where it is"
    assert json.loads(written.read_text())["game"] == "pebbles"


async def test_image_numbers_go_on_after_a_restart(table, store, tmp_path):
    out = await play(table, OPEN)
    first = re.findall(r"\[image: .*/(\d+)-", out)
    fresh = LocalTable(table.service, table.clock, images=tmp_path / "images", out=io.StringIO())
    out = await play(fresh, ["@ann /board"])
    again = re.findall(r"\[image: .*/(\d+)-", out)
    assert first == ["0001"] and again == ["0002"], (first, again)


async def test_the_clock_survives_a_restart_after_a_wait(table, store):
    await play(table, OPEN + ["!wait 3000d"])
    waited = table.clock.now()
    assert float(await store.meta_get(CLOCK_KEY)) == waited
    clock = await restore_clock(store)
    assert clock.now() == waited > time.time(), "no jump back after the restart"
    await store.meta_set(CLOCK_KEY, "1000")
    assert abs((await restore_clock(store)).now() - time.time()) < 60, "never before the real time"


async def test_mentions_after_a_restart_use_names(table, store, tmp_path):
    await play(table, OPEN)
    fresh = LocalTable(table.service, table.clock, images=None, out=io.StringIO())
    out = await play(fresh, ["@ann /move take 1", "@ann /move end"])
    assert "[#table] @bob " in out, out


def test_local_images_are_ignored_by_git():
    assert "hearth-images/" in (ROOT / ".gitignore").read_text().splitlines()


def test_a_database_setting_it_cannot_use_is_one_line_and_exit_2(tmp_path):
    """`--db postgresql:` (no //) once made a folder named 'postgresql:' holding a SQLite
    file; now any setting the store cannot use is refused in one line, creating nothing."""
    import subprocess
    import sys
    for setting in ("postgresql:", "mysql://host/db", str(tmp_path / "missing" / "hearth.db")):
        done = subprocess.run([sys.executable, "-m", "bot.cli", "verify", "--db", setting], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "nothing was created"
