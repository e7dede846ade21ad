"""What a ``/replay`` frame says (issue 16, point 5): who played, which
move, and the move's public events in the reader's language — the same
events the log keeps and ``/log`` shows."""

from __future__ import annotations

from bot.table import people as seating
from bot.table.i18n import entry_events
from bot.table.replay import effective_moves, replay_frames
from tests.bot.conftest import HERE
from tests.bot.table.test_replay_builds import play_a_while


async def frames_of_the_game(service, loc, wanted):
    row = await service.store.open_game_in(HERE.channel_id)
    game = service.context.game_of(row)
    seats = await service.store.seats(row.id)
    log = await service.store.log(row.id)
    moves = [p for p in effective_moves(log) if p.kind == "move"]
    names = seating.names(seats)
    source = replay_frames(game, len(seats), row.seed, row.options, moves, names, loc)
    return game, log, moves, list(source(wanted))


async def test_each_frame_says_who_played_which_move_and_what_happened_in_the_readers_language(service):
    await play_a_while(service, moves=5)
    game, log, moves, frames = await frames_of_the_game(service, None, [0, 1, 2, 3, 4, 5])
    assert frames[0].caption.seat is None and frames[0].caption.lines == []
    by_version = {row.version: row for row in log}
    for i, frame in enumerate(frames[1:], start=1):
        caption = frame.caption
        assert caption.head == f"{game.display_name(None)} · {i}/5"
        assert caption.seat == moves[i - 1].seat
        logged = entry_events(None, by_version[moves[i - 1].version])
        assert caption.lines == logged and logged, f"move {i}: the events the log keeps"
    french = (await frames_of_the_game(service, "fr", [1]))[3][0].caption
    assert french.head.startswith(game.display_name("fr"))
    assert len(french.lines) == len(frames[1].caption.lines)
    assert all(fr != en for fr, en in zip(french.lines, frames[1].caption.lines)), french.lines


async def test_a_frame_after_moves_not_shown_names_them_all_and_tells_their_last_events(service):
    await play_a_while(service, moves=5)
    game, log, moves, frames = await frames_of_the_game(service, None, [0, 4])
    caption = frames[1].caption
    assert caption.head.endswith("1–4/5") and caption.seat == moves[3].seat
    by_version = {row.version: row for row in log}
    told = [e for p in moves[:4] for e in entry_events(None, by_version[p.version])]
    assert caption.lines == told[-8:]
