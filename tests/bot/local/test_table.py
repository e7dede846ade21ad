"""The local table: Discord's command words in a terminal or a script,
on the same service; a restart on the same database continues the game."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from bot.local.table import LocalTable
from bot.table.clock import ManualClock
from rules import registry
from rules.core import Rng

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def table(service, clock):
    return LocalTable(service, ManualClock(0), out=io.StringIO())


def test_line_parsing(table):
    assert table.parse("@ann /game new clans") == ("game new", {"game": "clans"})
    assert table.user == "ann"
    assert table.parse("/game new first_sparks options:map=layout") == (
        "game new", {"game": "first_sparks", "options": "map=layout"})
    assert table.parse("@bob /move 7b hunter nw") == ("move", {"move": "7b hunter nw"})
    assert table.parse("/undo yes 2") == ("undo", {"confirm": "yes", "count": "2"})
    assert table.parse("/undo count:2 confirm:yes") == ("undo", {"confirm": "yes", "count": "2"})
    assert table.parse("#other @cid /board") == ("board", {})
    assert table.channel == "other" and table.user == "cid"
    with pytest.raises(ValueError, match="needs move"):
        table.parse("/move")
    with pytest.raises(ValueError, match="Unknown command"):
        table.parse("/dance")
    with pytest.raises(ValueError, match="start with '/'"):
        table.parse("hello")


async def test_a_session_prints_replies_and_mentions(table):
    for line in ["@ann /game new pebbles", "@bob /game join", "@ann /game start", "@bob /move take 1",
                 "@ann /move take 1", "@ann /hand"]:
        assert await table.handle(line)
    out = table.out.getvalue()
    assert "[#table] @ann" in out, "the turn post mentions who acts, as @name"
    assert "[#table → bob only] It is not your turn" in out
    assert "[#table → ann only] Your secret number" in out
    assert "[buttons: Your move → !play]" in out
    assert "[buttons: Join → /game join" in out and "Start → /game start]" in out, "the lobby's buttons, as commands"
    assert not await table.handle("!quit")


def _script_for(key: str, players: int, seed: int) -> list[str]:
    """A whole game as local-table lines: seats join, start, then random legal moves."""
    names = ["ann", "bob", "cid", "dan", "eve"][:players]
    game = registry.get(key)
    opts = game.resolve_options({})
    state = game.setup(game.seat_count(players, opts), seed, opts)
    owners = game.seat_owners(players, opts)
    lines = [f"@{names[0]} /game new {key}"] + [f"@{n} /game join" for n in names[1:]] + [f"@{names[0]} /game start"]
    chooser = Rng(seed)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        move = moves[chooser.randbelow(len(moves))]
        lines.append(f"@{names[owners[seat]]} /move {move.notation}")
        state, _ = game.apply(state, move)
    return lines


def _run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env={"PATH": "/usr/bin:/bin", "HEARTH_LOG_LEVEL": "WARNING"})


def test_script_end_to_end_with_a_restart(tmp_path):
    """A whole game of Clans from a script, stopped halfway and resumed by a
    second process on the same database."""
    lines = _script_for("clans", 2, seed=8)
    half = len(lines) // 2
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("\n".join(lines[:half] + ["@ann /move 99>98", "@zed /hand"]) + "\n")
    second.write_text("@bob /game status\n" + "\n".join(lines[half:]) + "\n@ann /game status\n")
    db, images = tmp_path / "t.db", tmp_path / "img"
    one = _run(["local", "--script", str(first), "--db", str(db), "--images", str(images), "--seed", "7"])
    assert one.returncode == 0, one.stderr
    assert "There is no territory 99" in one.stdout or "It is not your turn" in one.stdout
    assert "not playing" in one.stdout
    two = _run(["local", "--script", str(second), "--db", str(db), "--images", str(images), "--seed", "7"])
    assert two.returncode == 0, two.stderr
    assert "Game over" in two.stdout
    assert "**Clans** — finished." in two.stdout
    pngs = sorted(images.glob("*.png"))
    assert len(pngs) > 10 and all(p.read_bytes()[:4] == b"\x89PNG" for p in pngs)
    verify = _run(["verify", "--db", str(db)])
    assert verify.returncode == 0 and "0 do not reproduce" in verify.stdout
