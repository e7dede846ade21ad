"""The table service: lobby, turns, refusals, undo, resign, restart."""

from __future__ import annotations

import asyncio

from bot.table import Actor, Place, TableService
from storage.store import Store
from tests.bot.conftest import ANN, BOB, CID, HERE, MOD, snapshot, started


async def test_lobby_join_leave_start(service):
    r = await service.new_game(HERE, ANN, "pebbles", seed=1)
    assert r.ok and "Pebbles" in r.text
    assert (await service.join(HERE, BOB)).ok
    again = await service.join(HERE, BOB)
    assert not again.ok and again.ephemeral and "already" in again.text
    assert (await service.leave(HERE, BOB)).ok
    assert (await service.join(HERE, BOB)).ok
    refused = await service.start(HERE, BOB)
    assert not refused.ok and "Ann" in refused.text
    r = await service.start(HERE, ANN)
    assert r.ok and not r.ephemeral
    assert r.mentions == [ANN.user_id]
    assert r.image and r.image[:8] == b"\x89PNG\r\n\x1a\n"
    late = await service.join(HERE, CID)
    assert not late.ok and "started" in late.text


async def test_one_game_per_channel_and_threads_are_channels(service):
    await service.new_game(HERE, ANN, "pebbles")
    busy = await service.new_game(HERE, BOB, "pebbles")
    assert not busy.ok and "already has a game" in busy.text
    thread = Place(channel_id=101, guild_id=10)
    assert (await service.new_game(thread, BOB, "pebbles")).ok


async def test_unknown_game_and_bad_options_are_refused(service, store):
    before = await snapshot(store)
    r = await service.new_game(HERE, ANN, "chess")
    assert not r.ok and "Unknown game" in r.text
    r = await service.new_game(HERE, ANN, "pebbles", {"speed": "fast"})
    assert not r.ok and "no option" in r.text
    assert await snapshot(store) == before


async def test_table_full(service):
    await service.new_game(HERE, ANN, "pebbles")
    for i in range(3):
        assert (await service.join(HERE, Actor(20 + i, f"P{i}"))).ok
    r = await service.join(HERE, Actor(30, "Late"))
    assert not r.ok and "full" in r.text


async def test_turn_enforcement_leaves_store_unchanged(service, store):
    await started(service)
    before = await snapshot(store)
    cases = [
        (BOB, "take 1", "not your turn"),
        (CID, "take 1", "not playing"),
        (ANN, "take 9", "not a legal move"),
        (ANN, "", "Type a move"),
        (ANN, "x" * 10_000, "too long"),
        (ANN, "'; DROP TABLE games; --", "not a legal move"),
        (ANN, "\u202e\x00🔥", "Type a move"),
        (ANN, "take 7\u202e\x00", "not a legal move"),
    ]
    for actor, text, expect in cases:
        r = await service.move(HERE, actor, text)
        assert not r.ok and r.ephemeral, text
        assert expect.lower() in r.text.lower(), (text, r.text)
        assert len(r.text) < 400
    assert await snapshot(store) == before


async def test_a_turn_in_two_steps_posts_each_step(service):
    # issue 15: every public event is posted by the command that caused it, even when the same seat
    # goes on (this test asserted the old behaviour, a private sub-step, until then)
    await started(service)
    step = await service.move(HERE, ANN, "take 2")
    assert step.ok and not step.ephemeral, "a sub-step's public event goes to the channel at once"
    assert "Ann takes 2." in step.text and step.mentions == [], "Ann goes on: nobody is pinged again"
    note = step.followups[-1]
    assert note.ephemeral and [c.command for c in note.choices] == ["play"], "the mover goes on by the picker"
    assert "Your secret is" in note.text, "private events reach only the mover"
    assert "secret" not in step.text.lower()
    post = await service.move(HERE, ANN, "shout")
    assert post.ok and not post.ephemeral
    assert "Ann shouts." in post.text and "Ann takes 2." not in post.text, "each event is posted once"
    assert post.mentions == [BOB.user_id]
    assert "secret" not in post.text.lower()


async def test_moves_are_case_and_space_insensitive(service):
    await started(service)
    assert (await service.move(HERE, ANN, "  TAKE   3 ")).ok


async def test_status_board_hand_log_for_spectators_and_players(service):
    await started(service)
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    status = await service.status(HERE, CID)
    assert status.ok and "Bob" in status.text and "11 pebbles" in status.text
    board = await service.board(HERE, CID)
    assert board.ok and board.image
    hand = await service.hand(HERE, ANN)
    assert hand.ephemeral and "secret number" in hand.text
    spectator_hand = await service.hand(HERE, CID)
    assert not spectator_hand.ok and spectator_hand.ephemeral
    log = await service.log(HERE, CID)
    assert "take 1" in log.text and "end" in log.text


async def test_finished_game(service, store):
    await started(service)
    seen_over = False
    for _ in range(40):
        for actor in (ANN, BOB):
            r = await service.move(HERE, actor, "take 3")
            if r.ok:
                r = await service.move(HERE, actor, "end")
                seen_over = seen_over or "Game over" in r.text
    assert seen_over
    row = await store.latest_game_in(HERE.channel_id)
    assert row.status == "finished" and row.result["ranks"]
    status = await service.status(HERE, CID)
    assert "finished" in status.text
    # a new game may now open in the same channel
    assert (await service.new_game(HERE, BOB, "pebbles")).ok


async def test_undo_own_move_until_someone_else_acts(service, store):
    await started(service)
    await service.move(HERE, ANN, "take 2")
    version = (await store.open_game_in(HERE.channel_id)).version
    preview = await service.undo(HERE, ANN)
    assert preview.ok and "take 2" in preview.text and preview.choices
    row = await store.open_game_in(HERE.channel_id)
    assert row.version == version, "a preview changes nothing"
    done = await service.undo(HERE, ANN, confirm=True)
    assert done.ok and "took back" in done.text
    row = await store.open_game_in(HERE.channel_id)
    assert '"pile":12' in row.state
    # after Bob acts, Ann cannot take back
    await service.move(HERE, ANN, "take 1")
    await service.move(HERE, ANN, "end")
    await service.move(HERE, BOB, "take 1")
    r = await service.undo(HERE, ANN, confirm=True)
    assert not r.ok and "someone else" in r.text


async def test_undo_never_crosses_a_random_draw(service):
    await started(service)
    await service.move(HERE, ANN, "roll")
    r = await service.undo(HERE, ANN, confirm=True)
    assert not r.ok and "at random" in r.text


async def test_stale_undo_button_is_refused(service, store):
    await started(service)
    await service.move(HERE, ANN, "take 2")
    preview = await service.undo(HERE, ANN)
    await service.move(HERE, ANN, "end")
    r = await service.undo(HERE, ANN, confirm=True, expected_version=preview.choices[0].version)
    assert not r.ok and "changed" in r.text


async def test_resign_two_players_ends_the_game(service, store):
    await started(service)
    r = await service.resign(HERE, BOB)
    assert r.ok and "resigned" in r.text
    row = await store.latest_game_in(HERE.channel_id)
    assert row.status == "finished"
    assert row.result["ranks"] == [1, 2]


async def test_resign_with_three_players_lets_the_table_play_the_seat(service, store):
    await started(service, (ANN, BOB, CID))
    await service.resign(HERE, BOB)
    await service.move(HERE, ANN, "take 1")
    post = await service.move(HERE, ANN, "end")
    # Bob's seat was played by the table; Cid is asked next
    assert post.mentions == [CID.user_id]
    log = await store.log((await store.open_game_in(HERE.channel_id)).id)
    assert [e.user_id for e in log if e.seat == 1 and e.kind == "move"] == [None, None]


async def test_cancel_only_by_creator_or_moderator(service):
    await started(service)
    r = await service.cancel(HERE, BOB)
    assert not r.ok and "Ann" in r.text
    assert (await service.cancel(HERE, MOD)).ok
    assert not (await service.move(HERE, ANN, "take 1")).ok


async def test_concurrent_moves_exactly_one_applies(service, store):
    await started(service)
    results = await asyncio.gather(*[service.move(HERE, ANN, "take 1") for _ in range(20)])
    assert sum(r.ok for r in results) == 1
    row = await store.open_game_in(HERE.channel_id)
    assert '"pile":11' in row.state
    assert len(await store.log(row.id)) == 1


async def test_two_processes_on_one_file_never_lose_a_move(tmp_path, clock):
    """Two stores (two connections, as two bot processes would have) race
    on the same game: each move lands once, in order."""
    path = tmp_path / "shared.db"
    s1, s2 = await Store.open(path), await Store.open(path)
    a, b = TableService(s1, clock, render_images=False), TableService(s2, clock, render_images=False)
    await started(a)
    outcomes = await asyncio.gather(a.move(HERE, ANN, "take 1"), b.move(HERE, ANN, "take 2"))
    assert sum(r.ok for r in outcomes) == 1
    log = await s1.log((await s1.open_game_in(HERE.channel_id)).id)
    assert len(log) == 1
    await s1.close()
    await s2.close()


async def test_restart_continues_and_announces_unposted_moves(tmp_path, clock):
    path = tmp_path / "restart.db"
    s1 = await Store.open(path)
    svc = TableService(s1, clock)
    await started(svc)
    await svc.move(HERE, ANN, "take 1")
    # the process 'dies' after saving Ann's end but before announcing it
    row = await s1.open_game_in(HERE.channel_id)
    game = svc.context.game_of(row)
    state = svc.context.state_of(row)
    move = game.parse(state, 0, "end")
    new_state, events = game.apply(state, move)
    await s1.record(row.id, row.version, state=game.dump(new_state), kind="move", seat=0, user_id=ANN.user_id,
                    text="end", barrier=False, events=[e.text for e in events], now=clock.now())
    await s1.close()
    s2 = await Store.open(path)
    svc2 = TableService(s2, clock)
    pending = await svc2.pending_announcements()
    assert len(pending) == 1 and "Ann ends." in pending[0][1].text and pending[0][1].mentions == [BOB.user_id]
    assert await svc2.pending_announcements() == [], "announced once, not again"
    assert (await svc2.move(HERE, BOB, "take 3")).ok
    await s2.close()


async def test_one_person_playing_several_seats_gets_told_apart(service, store):
    """Solo variants: one person owns every seat; each seat keeps a distinct name."""
    from rules import registry
    game = registry.get("pebbles")
    original = game.seat_owners
    game.seat_owners = lambda players, options: [0, 0]
    try:
        await service.new_game(HERE, ANN, "pebbles", seed=1)
        r = await service.start(HERE, ANN)
    finally:
        game.seat_owners = original
    assert r.ok
    seats = await store.seats((await store.open_game_in(HERE.channel_id)).id)
    assert [s.name for s in seats] == ["Ann · seat 1", "Ann · seat 2"]
    assert (await service.move(HERE, ANN, "take 1")).ok


async def test_cancelling_a_game_in_play_updates_its_pinned_status(service):
    await started(service)
    reply = await service.cancel(HERE, ANN)
    assert reply.ok and reply.game_id is not None
    assert reply.status and "abandoned" in reply.status


async def test_rules_longer_than_one_message_come_whole_in_follow_ups(service):
    """Discord takes 2000 characters a message: long rules go on in follow-ups, nothing cut."""
    from bot.table import message_chunks
    from bot.table.rulebook import pages_of
    from rules import registry
    for game in registry.all_games():
        for loc in ("en", "fr"):
            r = await service.rules(game.key, Actor(1, "Ann", locale=loc))
            parts = [r.text] + [f.text for f in r.followups]
            assert all(len(p) <= 1990 for p in parts) and all(f.ephemeral for f in r.followups)
            whole = "".join(page.text for page in pages_of(game, loc))
            assert "".join(parts).replace("\n", "").replace(" ", "") == whole.replace("\n", "").replace(" ", "")
    long_line = "word " * 900
    assert all(len(p) <= 1990 for p in message_chunks(long_line)) and len(message_chunks(long_line)) == 3


async def test_one_person_running_seats_that_act_together_may_move_any_of_them(service):
    """Solo Neanderthal: one person runs three species that all choose a sexuality at
    once; a choice legal only for the third seat is that seat's move, not an error."""
    from rules import registry
    assert (await service.new_game(HERE, ANN, "neanderthal", {"mode": "solo"}, seed=7)).ok
    assert (await service.start(HERE, ANN)).ok
    game = registry.get("neanderthal")
    row = await service.store.open_game_in(HERE.channel_id)
    state = service.context.state_of(row)
    acting = game.to_act(state)
    assert len(acting) == 3
    first = {m.notation for m in game.legal_moves(state, acting[0])}
    seat, only_later = next((s, m.notation) for s in acting[1:] for m in game.legal_moves(state, s)
                            if m.notation not in first)
    typed = {m.notation for m in await service.legal(HERE, ANN, "")}
    assert only_later in typed and first <= typed
    r = await service.move(HERE, ANN, only_later)
    assert r.ok, r.text
    after = service.context.state_of(await service.store.open_game_in(HERE.channel_id))
    assert seat not in game.to_act(after) and acting[0] in game.to_act(after)
