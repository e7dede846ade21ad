"""Issue 27, section 4: what a person types at the local table comes back neutralised (no bidi
controls, no `@everyone`, no terminal escape codes), a name that is not text is refused kindly,
and `/game import <path>` reads at most the size it accepts."""

from __future__ import annotations

import io

import pytest

from bot.local.table import LocalTable
from bot.table import TableService
from bot.table.clock import ManualClock
from tests.bot.local.conftest import play

ESC = "\x1b"
RLO = "\u202e"


@pytest.mark.parametrize("line", [
    f"@ann /gam{RLO}abc", "@ann /game foo@everyone", f"@ann /move{ESC}[31mred", f"@ann /wat{RLO}",
    f"@ann !wa{ESC}[2J", f"@ann !wait 3{ESC}[2Jh", "@ann !ping@here", f"@ann /game list 1 2 {ESC}]0;pwned{chr(7)}",
    "@ann /game new @everyone",
])
async def test_parser_errors_quote_typed_text_neutralised(table, line):
    out = await play(table, ["@ann /game new pebbles", line])
    said = out.split("\n", 1)[1]
    assert said.strip(), "the line gets an answer"
    assert ESC not in said and RLO not in said and chr(7) not in said, repr(said)
    assert "@everyone" not in said and "@here" not in said, said


@pytest.mark.parametrize("name", ["\udcedbob", "b\ud800ob", "\u202eann", "bo\x1b[2Jb"])
async def test_a_name_that_is_not_plain_text_is_refused_kindly(table, store, name):
    out = await play(table, [f"@{name} /game new pebbles"])
    assert "codec" not in out and "surrogates" not in out, out
    assert "name" in out.lower(), out
    out.encode("utf-8")   # printable as it is: no lone surrogate left
    assert await store.open_game_in(table.place().channel_id) is None, "nobody seated under it"
    out = await play(table, ["@ann /game new pebbles", "@ann /game join", f"@bob /handover {name}"])
    out.encode("utf-8")
    assert "codec" not in out


async def test_a_member_named_with_a_lone_surrogate_is_refused(table):
    out = await play(table, ["@ann /game new pebbles", "@bob /game join", "@ann /game start",
                             "@bob /handover \udced"])
    out.encode("utf-8")
    assert "codec" not in out and "name" in out.lower()


async def test_import_reads_at_most_the_limit(table, tmp_path):
    """`/game import /dev/zero` read the whole file before cutting it (20 GB grew). A pipe that
    never ends stands for it here: the writer counts what the table took before it stopped."""
    import os
    import threading

    fifo = tmp_path / "endless.json"
    os.mkfifo(fifo)
    written = [0]

    def writer():
        chunk = b"0" * 65536
        with open(fifo, "wb", buffering=0) as pipe:
            try:
                while written[0] < 64 * 1024 * 1024:
                    written[0] += pipe.write(chunk)
            except BrokenPipeError:
                pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    out = await play(table, [f"@ann /game import {fifo}"])
    thread.join(timeout=10)
    assert not thread.is_alive(), "the table closed the file"
    assert written[0] <= 6 * 1024 * 1024 + 1024 * 1024, f"read {written[0]} bytes"
    assert "larger than 5 MB" in out, out


async def test_replay_at_the_terminal_leaves_the_prompt_free(store, tmp_path, monkeypatch):
    """The local /replay blocked the prompt for 7–27 s: at a terminal (``background``) it is drawn
    while the next lines are answered, and printed when ready."""
    import asyncio

    from tests.bot.table.test_replay_builds import WAIT, Gate

    clock = ManualClock(1_700_000_000.0)
    table = LocalTable(TableService(store, clock), clock, images=tmp_path / "images", out=io.StringIO(),
                       background=True)
    table.service.replaying.replays.folder = tmp_path / "replays"
    await play(table, ["@ann /game new pebbles", "@bob /game join", "@ann /game start", "@ann /move take 1"])
    gate = Gate(monkeypatch, hold=True)
    out = await asyncio.wait_for(play(table, ["@bob /replay"]), WAIT)
    assert "Replay of" not in out and "replay" in out.lower(), out
    assert await asyncio.to_thread(gate.entered.wait, WAIT)
    out = await asyncio.wait_for(play(table, ["@bob /game status"]), WAIT)
    assert "Replay of" not in out and "Pebbles" in out, "answered while the replay is drawn"
    gate.release.set()
    await asyncio.wait_for(table.finish_pending(), WAIT)
    assert "[#table] Replay of **Pebbles**" in table.out.getvalue()
    assert "[image: " in table.out.getvalue().split("Replay of", 1)[1]


async def test_wait_says_the_time_in_the_readers_words(table):
    """`!wait 2d` echoed « 2d » in French: the duration is said as the table says durations."""
    out = await play(table, ["!lang fr", "@ann !wait 2d", "@ann !wait 90m"])
    assert "(l'horloge avance de 2 j 0 h)" in out and "(l'horloge avance de 1 h 30 min)" in out, out
    assert "2d" not in out
