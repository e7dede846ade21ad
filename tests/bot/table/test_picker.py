"""Issue 26: every game played from its first turn to its final score by the move picker alone —
taps chosen at random, each ending on a preview then Confirm — through the table service, in
English and once in French. The picker never offers a question with one answer, every step is
private, every confirm goes through ``/move``'s path; a picker left open while the game moved
on is refused cleanly with a fresh one; nobody but the acting player may open one."""

from __future__ import annotations

import pytest

from bot.table import Actor, Place, TableService
from bot.table.clock import ManualClock
from rules import registry
from rules.core import Rng
from storage.store import Store
from tests.bot.conftest import ANN, BOB, CID, HERE, started

TABLE = Place(channel_id=7, guild_id=7)
NEEDS = {("neanderthal", 1): {"mode": "solo"}}
MAX_DECISIONS = {"fire_and_stone": 300}   # Fire & Stone runs ~2000 decisions: its first 300 by taps
TAPS_AT_MOST = 40                          # taps for one decision before the test calls it lost


def tables():
    for key in ("clans", "carcassonne_hg", "first_sparks", "fire_and_stone", "neanderthal"):
        game = registry.get(key)
        yield pytest.param(key, max(2, game.min_players), "en", id=f"{key}-en")
    yield pytest.param("clans", 3, "fr", id="clans-fr")


@pytest.mark.parametrize("key,players,locale", list(tables()))
async def test_every_game_plays_to_the_end_by_taps(tmp_path, key, players, locale):
    store = await Store.open(tmp_path / "picker.db")
    try:
        service = TableService(store, ManualClock(1_700_000_000.0), render_images=False)
        await service.note_guild_locale(TABLE.guild_id, locale)
        people = [Actor(200 + i, f"P{i + 1}", locale=locale) for i in range(players)]
        game = registry.get(key)
        assert (await service.new_game(TABLE, people[0], key, game.resolve_options(NEEDS.get((key, players), {})),
                                       seed=3)).ok
        for p in people[1:]:
            assert (await service.join(TABLE, p)).ok
        assert (await service.start(TABLE, people[0])).ok
        chooser = Rng(17)
        decisions = taps = 0
        while decisions < MAX_DECISIONS.get(key, 10_000):
            row = await store.open_game_in(TABLE.channel_id)
            if row is None:
                break
            state = service.context.state_of(row)
            seats = await store.seats(row.id)
            seat = game.to_act(state)[0]
            person = next(p for p in people if p.user_id == seats[seat].user_id)
            reply = await service.pick(TABLE, person)
            for _ in range(TAPS_AT_MOST):
                assert reply.ok and reply.ephemeral and reply.picker is not None, reply.text
                taps += 1
                picker = reply.picker
                if picker.confirm:
                    break
                assert len(picker.options) >= 2, f"a question with one answer: {reply.text}"
                assert all(label.strip() for label in picker.options)
                choice = chooser.randbelow(len(picker.options))
                reply = await service.pick(TABLE, person, picker.version, (*picker.path, choice))
            else:
                pytest.fail(f"{key}: no preview after {TAPS_AT_MOST} taps")
            done = await service.confirm_pick(TABLE, person, picker.version, picker.path)
            assert done.ok, done.text
            decisions += 1
        over = await store.open_game_in(TABLE.channel_id)
        if key not in MAX_DECISIONS:
            assert over is None, f"{key}: not finished after {decisions} decisions"
        assert decisions > 0 and taps >= decisions
    finally:
        await store.close()


async def test_a_picker_left_open_is_refused_with_a_fresh_one(service):
    await started(service)
    first = await service.pick(HERE, ANN)
    assert first.picker is not None
    path = (0,) if not first.picker.confirm else first.picker.path
    step = await service.pick(HERE, ANN, first.picker.version, path)
    while not step.picker.confirm:
        step = await service.pick(HERE, ANN, step.picker.version, (*step.picker.path, 0))
    # the game moves on meanwhile (Ann plays by typing)
    assert (await service.move(HERE, ANN, "take 1")).ok
    before = await service.store.game((await service.store.open_game_in(HERE.channel_id)).id)
    late = await service.confirm_pick(HERE, ANN, step.picker.version, step.picker.path)
    after = await service.store.game(before.id)
    assert not late.ok and late.picker is not None, "refused, with a fresh picker in its place"
    assert late.picker.version == after.version and after.version == before.version, "nothing was played"


async def test_only_the_player_to_act_opens_a_picker(service):
    await started(service)
    assert (await service.pick(HERE, ANN)).picker is not None
    refused = await service.pick(HERE, BOB)
    assert not refused.ok and refused.picker is None and "Ann" in refused.text
    outsider = await service.pick(HERE, CID)
    assert not outsider.ok and outsider.picker is None


async def test_the_turn_post_offers_your_move(service):
    reply = await started(service)
    assert [c.command for c in reply.choices] == ["play"]


@pytest.fixture
def quiet():
    registry.register("quiet_pebbles", "tests.quiet_pebbles")
    yield
    registry.unregister("quiet_pebbles")


async def test_a_forced_move_is_played_by_the_table_and_said(service, quiet):
    await started(service, key="quiet_pebbles")
    reply = await service.move(HERE, ANN, "take 2")
    assert reply.ok
    said = "\n".join([reply.text] + [f.text for f in reply.followups])
    assert "Ann has only one move, which the table plays: end the turn." in said
    row = await service.store.open_game_in(HERE.channel_id)
    state = service.context.state_of(row)
    assert registry.get("quiet_pebbles").to_act(state) == [1], "Bob's turn: Ann's `end` was played for her"


async def test_the_table_setting_turns_forced_moves_off(service, quiet):
    await started(service, key="quiet_pebbles")
    assert (await service.game_settings(HERE, ANN, autoplay="off")).ok
    await service.move(HERE, ANN, "take 2")
    row = await service.store.open_game_in(HERE.channel_id)
    assert registry.get("quiet_pebbles").to_act(service.context.state_of(row)) == [0], "Ann is asked for `end`"
    shown = await service.game_settings(HERE, ANN)
    assert "forced moves played by the table: off" in shown.text


async def test_hint_gives_one_tap_to_its_preview(service):
    await service.new_game(HERE, ANN, "clans", ai=1, level="easy", seed=8)
    await service.start(HERE, ANN, "join")
    reply = await service.hint(HERE, ANN)
    assert reply.ok and [c.command for c in reply.choices] == ["pick"]
    notation = reply.text.split("`")[1].split(" — ")[0]
    button = reply.choices[0]
    path = tuple(int(p) for p in button.arg.split("."))
    preview = await service.pick(HERE, ANN, button.version, path)
    assert preview.picker is not None and preview.picker.confirm, "the button opens the hint's preview"
    assert f"`/move {notation}`" in preview.text
    played = await service.confirm_pick(HERE, ANN, button.version, path)
    assert played.ok
    first = (await service.store.log((await service.store.latest_game_in(HERE.channel_id)).id))[0]
    assert first.text == notation, "Confirm plays the hinted move"


async def test_a_reminder_carries_your_move(service, clock):
    await started(service)
    clock.advance(25 * 3600)
    reminders = [n for n in await service.due_notices() if not n.announces]
    assert reminders and [c.command for c in reminders[0].choices] == ["play"]
