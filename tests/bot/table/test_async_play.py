"""Async play on the table service: reminders and deadlines on a frozen
and advanced clock (also across a restart), notification choices, settings,
vacations, nudges, the glance commands, seat hand-over, stats, replay and
export. Time only moves when the test moves the ManualClock."""

from __future__ import annotations

import io
import json
import re

import pytest
from openskill.models import PlackettLuce
from PIL import Image

from bot.table import Actor, Place, TableService, marks
from bot.table.archive import export_data, load_game, replay_data
from bot.table.clock import ManualClock
from bot.table.replay import effective_moves
from render.animation import last_frame
from storage.store import Store
from tests.bot.conftest import ANN, BOB, CID, HERE, MOD, snapshot, started

H = 3600.0


async def settings(service, **values):
    reply = await service.game_settings(HERE, ANN, **values)
    assert reply.ok, reply.text
    return reply


async def bob_waits(service):
    """Ann plays a whole turn: Bob is waited for from now."""
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")


async def game_row(service):
    return await service.store.open_game_in(HERE.channel_id)


# ------------------------------------------------------------ reminders and deadlines


async def test_reminder_falls_due_once_on_a_frozen_then_advanced_clock(service, clock):
    await started(service)
    await settings(service, reminder=10)
    await bob_waits(service)
    clock.advance(9.9 * H)
    assert await service.due_notices() == [], "nothing is due before 10 h"
    assert await service.due_notices() == [], "a frozen clock never makes anything due"
    clock.advance(0.2 * H)
    notices = await service.due_notices()
    assert len(notices) == 1
    note = notices[0]
    assert note.text.startswith("⏰ Reminder: Bob") and "waiting for 10 h" in note.text
    assert note.mentions == [2] and note.channel_id == HERE.channel_id and not note.ephemeral
    assert await service.due_notices() == [], "a reminder is sent once"
    clock.advance(10 * H)
    assert len(await service.due_notices()) == 1, "and repeated after the interval"


async def test_reminders_and_deadline_survive_a_restart_without_a_flood(store, tmp_path):
    clock = ManualClock(1_700_000_000.0)
    service = TableService(store, clock, render_images=False)
    await started(service)
    await settings(service, reminder=2, deadline=30, policy="auto")
    await bob_waits(service)
    clock.advance(2.5 * H)
    assert len(await service.due_notices()) == 1
    timer = await service.tables.timer((await game_row(service)).id)
    assert timer.next_reminder == clock.now() + 2 * H, "the next due time is stored in the database"
    await store.close()

    # the bot is down for a day; a new store and service on the same file
    clock.advance(20 * H)
    store2 = await Store.open(tmp_path / "hearth.db")
    try:
        service2 = TableService(store2, clock, render_images=False)
        notices = await service2.due_notices()
        assert len(notices) == 1, "ten missed reminders are sent as one"
        assert "Reminder" in notices[0].text and "22 h" in notices[0].text
        assert await service2.due_notices() == []
        clock.advance(1.9 * H)
        assert await service2.due_notices() == [], "the next one counts from the one sent, not from the missed ones"
        # past the 'deadline is near' time (at 22.5 h) and the deadline itself (30 h): only the deadline acts
        clock.advance(10 * H)
        notices = await service2.due_notices()
        assert len(notices) == 1
        text = notices[0].text
        assert text.startswith("⌛ Deadline: Bob did not move within 30 h; the table played for them")
        assert "Ann, your turn." in text and notices[0].mentions == [1]
        row = await service2.store.open_game_in(HERE.channel_id)
        log = await service2.store.log(row.id)
        assert [e.seat for e in log[-2:]] == [1, 1] and all(e.user_id is None for e in log[-2:]), \
            "the table moved for Bob, and the log says so"
        assert await service2.due_notices() == []
    finally:
        await store2.close()


async def test_warning_before_the_deadline_names_the_policy(service, clock):
    await started(service)
    await settings(service, reminder=0, deadline=8, policy="skip")
    await bob_waits(service)
    clock.advance(5.9 * H)
    assert await service.due_notices() == []
    clock.advance(0.2 * H)   # a quarter of the time left
    [warn] = await service.due_notices()
    assert warn.text.startswith("⏰ Reminder: Bob") and "runs out in 1 h 54 min" in warn.text
    assert "skip the turn" in warn.text


async def test_deadline_skip_passes_where_the_rules_allow(service, clock):
    await started(service)
    await settings(service, deadline=5, policy="skip")
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    await service.move(HERE, BOB, "take 2")   # Bob is mid-turn: 'end' (a pass) or 'shout'
    clock.advance(5 * H)
    [note] = await service.due_notices()
    assert "the table passed for them (`end`)" in note.text
    log = await service.store.log((await game_row(service)).id)
    assert log[-1].text == "end" and log[-1].user_id is None


async def test_deadline_skip_says_so_when_no_pass_is_allowed(service, clock):
    await started(service)
    await settings(service, deadline=5, policy="skip")
    await bob_waits(service)   # Bob must take or roll: no pass at the start of a turn
    clock.advance(5 * H)
    [note] = await service.due_notices()
    head = note.text.splitlines()[0]
    assert "the rules allow no pass here, so the table played for them (" in head
    played = re.findall(r"`([^`]+)`", head)
    assert played[0] in ("take 1", "take 2", "take 3", "roll") and played[1:] == ["end"], \
        "a move where no pass exists, then the pass that ends the turn"


async def test_a_proposal_waits_only_its_answer_window_even_without_a_deadline(service, clock, monkeypatch):
    """A game may give an answer a time limit (Neanderthal F1 proposals): the table then
    answers once with the game's default move, whatever the table's deadline policy."""
    from tests.pebbles import Pebbles
    monkeypatch.setattr(Pebbles, "answer_hours", lambda self, s: 2.0)
    await started(service)
    await settings(service, reminder=0, deadline=0)
    await bob_waits(service)
    clock.advance(1.6 * H)
    [warn] = await service.due_notices()
    assert "answer no for you" in warn.text
    clock.advance(0.5 * H)
    [note] = await service.due_notices()
    head = note.text.splitlines()[0]
    assert head.startswith("⌛ Bob did not answer the proposal within 2 h; the table answered for them (`")
    assert len(re.findall(r"`([^`]+)`", head)) == 1, "one answer, not a whole turn"
    seats = await service.store.seats((await game_row(service)).id)
    assert not seats[1].is_bot, "answering once does not take the seat over"


async def test_the_table_deadline_wins_when_it_is_shorter_than_the_answer_window(service, clock, monkeypatch):
    from tests.pebbles import Pebbles
    monkeypatch.setattr(Pebbles, "answer_hours", lambda self, s: 48.0)
    await started(service)
    await settings(service, reminder=0, deadline=5, policy="table")
    await bob_waits(service)
    clock.advance(5 * H)
    [note] = await service.due_notices()
    assert "the table plays their seat from now on" in note.text


async def test_deadline_table_policy_takes_the_seat(service, clock):
    await started(service)
    await settings(service, deadline=5, policy="table")
    await bob_waits(service)
    clock.advance(6 * H)
    [note] = await service.due_notices()
    assert "the table plays their seat from now on" in note.text
    seats = await service.store.seats((await game_row(service)).id)
    assert seats[1].is_bot and not seats[0].is_bot
    await service.move(HERE, ANN, "take 1")
    reply = await service.move(HERE, ANN, "end")
    assert "Bob takes" in reply.text, "the table plays Bob's seat right after Ann"


async def test_a_move_in_time_cancels_the_deadline(service, clock):
    await started(service)
    await settings(service, deadline=5, policy="auto")
    await bob_waits(service)
    clock.advance(4 * H)
    await service.move(HERE, BOB, "take 1")
    await service.move(HERE, BOB, "end")
    clock.advance(2 * H)
    assert await service.due_notices() == [], "Ann's own clock started 2 h ago"


# ------------------------------------------------------------ notifications


async def test_notification_choice_is_honoured(service, clock):
    await started(service)
    assert "channel" in (await service.notify(BOB, None)).text
    await service.notify(BOB, "dm")
    await service.move(HERE, ANN, "take 1")
    post = await service.move(HERE, ANN, "end")
    assert post.mentions == [] and "Bob, your turn." in post.text, "no channel ping for a DM player"
    assert post.direct == [(2, f"Your turn in **Pebbles** ({marks.channel(100)}).")]

    await service.notify(ANN, "both")
    await service.move(HERE, BOB, "take 1")
    post = await service.move(HERE, BOB, "end")
    assert post.mentions == [1] and [uid for uid, _ in post.direct] == [1]

    await service.notify(BOB, "mute")
    await service.move(HERE, ANN, "take 1")
    post = await service.move(HERE, ANN, "end")
    assert post.mentions == [] and post.direct == [] and "Bob, your turn." in post.text

    await service.notify(BOB, "dm")
    await settings(service, reminder=1)
    clock.advance(1.5 * H)
    [reminder] = await service.due_notices()
    assert reminder.mentions == [] and reminder.direct[0][0] == 2 and "Reminder" in reminder.direct[0][1]


async def test_notify_refuses_nonsense(service, store):
    before = await snapshot(store)
    reply = await service.notify(BOB, "carrier pigeon")
    assert not reply.ok and reply.ephemeral and "channel, dm, both, mute" in reply.text
    assert await service.tables.notify_mode(2) == "channel"
    assert await snapshot(store) == before


async def test_turn_post_carries_the_pinned_status(service):
    await started(service)
    await service.move(HERE, ANN, "take 2")
    post = await service.move(HERE, ANN, "end")
    assert post.status.startswith("📌 **Pebbles** — Bob to play since " + marks.SEP + "t:")
    assert "Ann: 2 points · Bob: 0 points" in post.status


# ------------------------------------------------------------ settings, vacation, /remind


async def test_settings_only_for_creator_or_moderator_and_checked(service, store):
    await started(service)
    before = await snapshot(store)
    row = await game_row(service)
    reply = await service.game_settings(HERE, BOB, deadline=10)
    assert not reply.ok and "Only the creator" in reply.text
    for bad in ({"reminder": -1}, {"deadline": "soon"}, {"policy": "explode"}, {"vacation": 1000}):
        reply = await service.game_settings(HERE, ANN, **bad)
        assert not reply.ok and reply.ephemeral, bad
    assert await snapshot(store) == before
    assert (await service.tables.settings(row.id)).deadline_hours == 0
    shown = await service.game_settings(HERE, BOB)
    assert shown.ephemeral and "reminder every 24 h; deadline off" in shown.text
    reply = await service.game_settings(HERE, MOD, deadline=48, policy="table")
    assert reply.ok and "deadline 48 h" in reply.text and "policy: take the seat over (`table`)" in reply.text


async def test_vacation_pauses_the_clock_within_the_allowance(service, clock):
    await started(service)
    await settings(service, reminder=0, deadline=24, vacation=3)
    await bob_waits(service)
    clock.advance(10 * H)
    reply = await service.vacation(HERE, BOB, "2")
    assert reply.ok and "Bob is on vacation" in reply.text and "1 day of allowance left" in reply.text
    too_much = await service.vacation(HERE, BOB, "2")
    assert not too_much.ok and "1 day left" in too_much.text
    clock.advance(24 * H)
    assert await service.due_notices() == [], "the 24 h deadline moved by the 2 days of vacation"
    clock.advance(38.5 * H)   # 10 + 24 + 38.5 = 72.5 h = 24 h + 48 h + a bit
    [note] = await service.due_notices()
    assert note.text.startswith("⌛ Deadline: Bob")
    assert not (await service.vacation(HERE, BOB, "soon")).ok
    assert not (await service.vacation(HERE, Actor(7, "Eve"), "1")).ok


async def test_vacation_end_gives_back_the_days(service, clock):
    await started(service)
    await service.vacation(HERE, BOB, "3")
    clock.advance(24 * H)
    back = await service.vacation(HERE, BOB, "end")
    assert back.ok and "back" in back.text
    used, until = await service.tables.vacation((await game_row(service)).id, 2)
    assert used == 24 * H and until == clock.now()
    assert not (await service.vacation(HERE, BOB, "end")).ok


async def test_remind_nudges_the_waited_for_player_and_is_rate_limited(service, clock):
    await started(service)
    await bob_waits(service)
    clock.advance(3 * H)
    nudge = await service.remind(HERE, ANN)
    assert nudge.ok and not nudge.ephemeral and nudge.mentions == [2]
    assert "Nudge from Ann: Bob" in nudge.text and "3 h" in nudge.text
    again = await service.remind(HERE, ANN)
    assert not again.ok and again.ephemeral and "nudge again in 4 h" in again.text
    own = await service.remind(HERE, BOB)
    assert not own.ok and "your own turn" in own.text
    assert not (await service.remind(HERE, Actor(7, "Eve"))).ok
    clock.advance(4 * H)
    assert (await service.remind(HERE, ANN)).ok


# ------------------------------------------------------------ the glance


async def test_game_list_mine_and_log_since(service, clock):
    await started(service)
    other = Place(channel_id=200, guild_id=10)
    await service.new_game(other, CID, "pebbles", seed=2)
    await bob_waits(service)
    clock.advance(2 * H)
    listing = await service.game_list(HERE, CID)
    assert f"**Pebbles** {marks.channel(100)} — Bob to play, for 2 h 0 min" in listing.text
    assert f"**Pebbles** {marks.channel(200)} — waiting to start (Cid)" in listing.text
    assert "No game" in (await service.mine(HERE, ANN)).text
    mine = await service.mine(HERE, BOB)
    assert marks.channel(100) in mine.text and marks.channel(200) not in mine.text and mine.ephemeral
    await service.move(HERE, BOB, "take 3")
    await service.move(HERE, BOB, "shout")
    since = await service.log_since(HERE, ANN)
    assert since.ephemeral and "Since your last move" in since.text
    assert "`take 3`" in since.text and "`shout`" in since.text and "`take 1`" not in since.text
    assert "Nothing has happened" in (await service.log_since(HERE, BOB)).text
    assert not (await service.log_since(HERE, CID)).ok


# ------------------------------------------------------------ seats


async def test_handover_to_a_member_who_accepts(service, store):
    await started(service)
    offer = await service.handover(HERE, BOB, (3, "Cid", False))
    assert offer.ok and offer.mentions == [3] and offer.choices[0].command == "accept"
    before = await snapshot(store)
    assert not (await service.accept(HERE, ANN)).ok, "only the named member may accept"
    assert not (await service.handover(HERE, BOB, (1, "Ann", False))).ok, "Ann is already seated"
    assert not (await service.handover(HERE, BOB, (8, "Robot", True))).ok
    assert await snapshot(store) == before
    taken = await service.accept(HERE, CID)
    assert taken.ok and "Cid takes over Bob's seat" in taken.text
    seats = await store.seats((await game_row(service)).id)
    assert [s.name for s in seats] == ["Ann", "Cid"]
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    assert (await service.move(HERE, CID, "take 1")).ok
    assert not (await service.move(HERE, BOB, "end")).ok
    assert not (await service.accept(HERE, CID)).ok, "an offer is taken once"


async def test_handover_to_the_table(service, store):
    await started(service)
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    reply = await service.handover(HERE, BOB, None)
    assert reply.ok and "left their seat in **Pebbles** to the table" in reply.text
    assert "Bob takes" in reply.text and "Ann, your turn." in reply.text, "the table played Bob's waiting turn"
    assert (await store.seats((await game_row(service)).id))[1].is_bot


async def test_finished_game_results_stay(service, store):
    await finish(service, ANN, BOB)
    before = await snapshot(store)
    assert not (await service.handover(HERE, ANN, (3, "Cid", False))).ok
    assert await snapshot(store) == before


# ------------------------------------------------------------ stats


async def finish(service, first, second, takes=(3, 3), place=HERE, seed=1):
    """A whole game of pebbles: each seat always takes ``takes[seat]`` (or what is left), then ends."""
    await service.new_game(place, first, "pebbles", seed=seed)
    await service.join(place, second)
    await service.start(place, first)
    players = [first, second]
    while True:
        row = await service.store.latest_game_in(place.channel_id)
        if row.status != "active":
            break
        seat = service.context.game_of(row).to_act(service.context.state_of(row))[0]
        pile = service.context.state_of(row).pile
        assert (await service.move(place, players[seat], f"take {min(takes[seat], pile)}")).ok
        assert (await service.move(place, players[seat], "end")).ok
    assert row.status == "finished"
    return row


async def test_stats_and_ratings_after_several_games(service):
    # Ann beats Bob twice (taking 3 while Bob takes 1), Cid beats Ann once
    await finish(service, ANN, BOB, (3, 1), Place(101, 10))
    await finish(service, BOB, ANN, (1, 3), Place(102, 10))
    await finish(service, CID, ANN, (3, 2), Place(103, 10))
    await finish(service, CID, BOB, (3, 1), Place(104, 99))   # another server: not counted
    reply = await service.stats(Place(105, 10), ANN)
    assert reply.ephemeral
    lines = reply.text.splitlines()
    assert lines[0] == "**Ann**: 3 games, 2 wins, average rank 1.33, rating " + lines[0].split("rating ")[1]
    # the same ratings by hand, in the order the games finished
    model = PlackettLuce()
    ann, bob, cid = (model.rating(name=n) for n in ("1", "2", "3"))
    [[ann], [bob]] = model.rate([[ann], [bob]], ranks=[1, 2])
    [[bob], [ann]] = model.rate([[bob], [ann]], ranks=[2, 1])
    [[cid], [ann]] = model.rate([[cid], [ann]], ranks=[1, 2])
    assert lines[0].endswith(f"rating {ann.ordinal():.1f}.")
    board = lines[2:]
    assert [ln.split(" — ")[0] for ln in board] == ["1. Cid", "2. Ann", "3. Bob"] or \
        [ln.split(" — ")[0] for ln in board] == ["1. Ann", "2. Cid", "3. Bob"]
    bob_line = next(ln for ln in board if "Bob" in ln)
    assert f"rating {bob.ordinal():.1f} · 2 games · 0 wins · average rank 2.00" in bob_line
    per_game = await service.stats(Place(105, 10), ANN, (3, "Cid", False), "pebbles")
    assert per_game.text.startswith("**Cid** — Pebbles: 1 game, 1 win, average rank 1.00")
    assert not (await service.stats(Place(105, 10), ANN, None, "chess")).ok


# ------------------------------------------------------------ replay and export


async def test_replay_last_frame_equals_the_live_board(service):
    await started(service)
    for who, move in ((ANN, "take 2"), (ANN, "shout"), (BOB, "roll"), (BOB, "end"), (ANN, "take 1")):
        assert (await service.move(HERE, who, move)).ok
    reply = await service.replay(HERE, Actor(7, "Eve"))
    assert reply.ok and not reply.ephemeral and reply.image_name.endswith(".gif")
    gif = Image.open(io.BytesIO(reply.image))
    assert gif.format == "GIF" and gif.n_frames == 6, "set-up and five moves"
    board = await service.board(HERE, Actor(7, "Eve"))
    live = Image.open(io.BytesIO(board.image)).convert("RGB")
    frame = last_frame(reply.image)
    assert frame.size == live.size
    assert frame.tobytes() == live.tobytes(), "the replay ends on exactly the live board"
    first = Image.open(io.BytesIO(reply.image))
    assert first.convert("RGB").tobytes() != frame.tobytes(), "the first frame is the set-up, not the end"


async def test_replay_fits_the_upload_limit(service):
    await started(service)
    for who, move in ((ANN, "take 2"), (ANN, "shout"), (BOB, "take 1"), (BOB, "end")):
        await service.move(HERE, who, move)
    full = await service.replay(HERE, ANN)
    small = await service.replay(HERE, ANN, limit=len(full.image) // 3)
    assert len(small.image) <= len(full.image) // 3
    assert "skipped" in small.text or "scaled" in small.text


async def test_export_then_load_replays_to_the_identical_state(service, tmp_path):
    await started(service)
    moves = [(ANN, "take 3"), (ANN, "end"), (BOB, "roll"), (BOB, "shout"), (ANN, "take 2")]
    for who, move in moves:
        await service.move(HERE, who, move)
    await service.undo(HERE, ANN, confirm=True)
    players = [ANN, BOB]
    while (row := await service.store.latest_game_in(HERE.channel_id)).status == "active":
        state = service.context.state_of(row)
        seat = state.turn
        await service.move(HERE, players[seat], "end" if state.must_close else f"take {min(2, state.pile)}")
    row = await service.store.latest_game_in(HERE.channel_id)
    assert row.status == "finished"
    reply = await service.export(HERE, CID)
    assert reply.ok and reply.image_name.endswith(".json")
    data = json.loads(reply.image)
    assert data["seed"] == row.seed and data["game"] == "pebbles" and [s["name"] for s in data["seats"]] == \
        ["Ann", "Bob"]
    assert any(e["kind"] == "undo" for e in data["log"])
    game, state = replay_data(data)
    assert game.dump(state) == row.state

    other = await Store.open(tmp_path / "other.db")
    try:
        copy = TableService(other, ManualClock(0), render_images=False)
        game_id = await load_game(copy.context, 555, data)
        loaded = await other.game(game_id)
        assert loaded.state == row.state and loaded.status == "finished" and loaded.result == row.result
        def same(moves):
            return [(p.seat, p.user_id, p.text, p.barrier, p.kind) for p in moves]
        assert same(effective_moves(await other.log(game_id))) == same(effective_moves(await service.store.log(row.id)))

        def unnumbered(exported):   # the copy skipped the lobby's versions; everything else is equal
            return exported | {"created_at": 0, "log": [e | {"version": 0} for e in exported["log"]]}
        assert unnumbered(await export_data(copy.context, game_id)) == unnumbered(data)
    finally:
        await other.close()


async def test_export_of_a_game_in_play_is_refused(service, store):
    await started(service)
    reply = await service.export(HERE, ANN)
    assert not reply.ok and reply.ephemeral and "once it is over" in reply.text
    assert reply.image is None


async def test_a_tampered_export_does_not_load(service, tmp_path):
    await finish(service, ANN, BOB)
    data = json.loads((await service.export(HERE, ANN)).image)
    data["log"][0]["text"] = "take 9"
    from bot.table.archive import ExportError
    try:
        replay_data(data)
    except ExportError as exc:
        assert "does not replay" in str(exc)
    else:
        raise AssertionError("a bad move must not replay")


# ------------------------------------------------------------ every real game


@pytest.mark.parametrize("key,players", [("clans", 3), ("carcassonne_hg", 2), ("first_sparks", 3),
                                         ("fire_and_stone", 2), ("neanderthal", 2)])
@pytest.mark.parametrize("policy", ["skip", "auto"])
async def test_deadlines_move_every_real_game_on(store, key, players, policy):
    """The deadline policy uses only the generic rules API (legal moves,
    default_move with the table's rng), so it works for every game."""
    clock = ManualClock(1_700_000_000.0)
    service = TableService(store, clock, render_images=False)
    people = [Actor(i + 1, f"P{i}") for i in range(players)]
    await service.new_game(HERE, people[0], key, seed=4)
    for person in people[1:]:
        await service.join(HERE, person)
    await service.start(HERE, people[0])
    await service.game_settings(HERE, people[0], reminder=0, deadline=2, policy=policy)
    versions = []
    for _ in range(6):
        clock.advance(2.01 * H)
        [note] = await service.due_notices()
        assert note.text.startswith("⌛ Deadline: P") and not note.ephemeral
        versions.append((await service.store.latest_game_in(HERE.channel_id)).version)
    assert versions == sorted(set(versions)), "each deadline moved the game on"
    log = await service.store.log((await service.store.latest_game_in(HERE.channel_id)).id)
    assert log and all(e.user_id is None for e in log)


async def test_new_settings_count_from_the_change(service, clock):
    await started(service)
    await bob_waits(service)
    clock.advance(72 * H)
    assert await service.due_notices() != [], "the default 24 h reminder"
    await settings(service, reminder=0, deadline=10)
    clock.advance(7 * H)
    assert await service.due_notices() == [], "Bob waited 3 days already, but the deadline counts from the change"
    clock.advance(2 * H)
    [warn] = await service.due_notices()
    assert "the deadline runs out in 1 h 0 min" in warn.text
    clock.advance(1 * H)
    [note] = await service.due_notices()
    assert note.text.startswith("⌛ Deadline: Bob did not move within 10 h")


async def test_a_new_player_gets_a_fresh_clock(service, clock):
    await started(service)
    await settings(service, reminder=0, deadline=10)
    await bob_waits(service)
    clock.advance(8 * H)
    await service.handover(HERE, BOB, (3, "Cid", False))
    await service.accept(HERE, CID)
    clock.advance(7 * H)
    assert await service.due_notices() == [], "Cid's 10 h started when Cid took the seat"
    clock.advance(3 * H)
    [note] = await service.due_notices()
    assert note.text.startswith("⌛ Deadline: Cid")


async def test_game_import_replays_a_finished_game_into_a_channel(service, store):
    await finish(service, ANN, BOB, (3, 1))
    blob = (await service.export(HERE, ANN)).image
    there = Place(channel_id=300, guild_id=10)
    reply = await service.import_game(there, CID, blob)
    assert reply.ok and "imported a finished game of **Pebbles**" in reply.text
    original = await store.latest_game_in(HERE.channel_id)
    copy = await store.latest_game_in(300)
    assert copy.state == original.state and copy.status == "finished" and copy.guild_id is None
    assert (await service.board(there, CID)).ok
    stats = await service.stats(there, ANN)
    assert "1 game," in stats.text, "an imported copy never counts in the server's stats"
    before = await snapshot(store)
    for bad in (b"", b"not json", json.dumps({"format": "hearth-game", "status": "active"}).encode(),
                blob.replace(b'"take 3"', b'"take 9"', 1)):
        refused = await service.import_game(there, CID, bad)
        assert not refused.ok and refused.ephemeral and "cannot be imported" in refused.text
    assert await snapshot(store) == before
    await service.new_game(there, CID, "pebbles", seed=3)
    assert "game in progress" in (await service.import_game(there, CID, blob)).text


async def test_no_reminders_while_on_vacation(service, clock):
    await started(service)
    await settings(service, reminder=1)
    await bob_waits(service)
    clock.advance(0.5 * H)
    await service.vacation(HERE, BOB, "1")
    for _ in range(23):
        clock.advance(1 * H)
        assert await service.due_notices() == [], "Bob is away"
    clock.advance(1 * H)
    [reminder] = await service.due_notices()
    assert reminder.text.startswith("⏰ Reminder: Bob")


async def test_each_ai_level_has_its_own_rating_and_the_player_their_record_against_it(service):
    for channel, level in ((201, "easy"), (202, "easy"), (203, "hard")):
        place = Place(channel, 10)
        assert (await service.new_game(place, ANN, "pebbles", ai=1, level=level, seed=channel)).ok
        assert (await service.start(place, ANN, "join")).ok
        while (row := await service.store.latest_game_in(channel)).status == "active":
            state = service.context.state_of(row)
            assert (await service.move(place, ANN, "end" if state.must_close else f"take {min(3, state.pile)}")).ok
    rows = [await service.store.latest_game_in(c) for c in (201, 202, 203)]
    ahead = {"easy": sum(r.result["ranks"][0] < r.result["ranks"][1] for r in rows[:2]),
             "hard": int(rows[2].result["ranks"][0] < rows[2].result["ranks"][1])}
    reply = await service.stats(Place(204, 10), ANN)
    lines = reply.text.splitlines()
    assert lines[1] == f"· against **Hearth AI · easy**: 2 games, finished ahead of it {ahead['easy']} " \
                       + ("time" if ahead["easy"] == 1 else "times")
    assert lines[2].startswith("· against **Hearth AI · hard**: 1 game, ")
    board = "\n".join(lines[3:])
    assert "Hearth AI · easy — rating" in board and "Hearth AI · hard — rating" in board
    french = await service.stats(Place(204, 10), Actor(ANN.user_id, "Ann", locale="fr"))
    assert "· contre **IA Hearth · facile** : 2 parties" in french.text
    assert "IA Hearth · difficile — cote" in french.text and "Hearth AI" not in french.text
