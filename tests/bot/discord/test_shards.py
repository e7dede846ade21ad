"""Several processes: the shard settings, the one process that syncs the
slash commands, start-up announcements by the process serving the guild."""

from __future__ import annotations

import discord
import pytest

from bot.cli import main
from bot.discord.client import COMMANDS_LEASE, HearthClient
from bot.discord.notice_loop import ANNOUNCE_LATE
from bot.discord.shards import BadShardSetting, ShardPlan, shard_plan
from bot.table import Actor, Place
from storage.leases import Leases
from tests.bot.discord.harness import Rest

GUILD_ON_0 = 10                      # (10 >> 22) % 2 == 0
GUILD_ON_1 = (1 << 22) * 3 + 5       # (… >> 22) % 2 == 1


@pytest.fixture
def rest(monkeypatch):
    return Rest(monkeypatch)


def test_shard_settings_read_and_defaults():
    assert shard_plan({}) == ShardPlan(None, None)
    assert shard_plan({"HEARTH_SHARDS": "2"}) == ShardPlan(2, None)
    assert shard_plan({"HEARTH_SHARDS": " 4 ", "HEARTH_SHARD_IDS": "3, 1"}) == ShardPlan(4, (1, 3))
    assert ShardPlan(2, None).client_options() == {"shard_count": 2, "shard_ids": [0, 1]}
    assert ShardPlan().client_options() == {}, "unset: as many shards as Discord recommends, all here"
    assert ShardPlan(2, (1,)).describe() == "shards 1 of 2"


@pytest.mark.parametrize("env, says", [
    ({"HEARTH_SHARDS": "two"}, "HEARTH_SHARDS must be a whole number"),
    ({"HEARTH_SHARDS": "0"}, "HEARTH_SHARDS must be a whole number"),
    ({"HEARTH_SHARDS": "-1"}, "HEARTH_SHARDS must be a whole number"),
    ({"HEARTH_SHARDS": "2", "HEARTH_SHARD_IDS": "2"}, "from 0 to 1"),
    ({"HEARTH_SHARDS": "2", "HEARTH_SHARD_IDS": "0,,1"}, "from 0 to 1"),
    ({"HEARTH_SHARDS": "3", "HEARTH_SHARD_IDS": "1,1"}, "lists shard 1 twice"),
    ({"HEARTH_SHARD_IDS": "0"}, "needs HEARTH_SHARDS"),
])
def test_a_bad_shard_setting_is_one_line_and_exit_code_2(env, says, monkeypatch, tmp_path, capsys):
    with pytest.raises(BadShardSetting, match=says):
        shard_plan(env)
    monkeypatch.chdir(tmp_path)                 # no .env of the developer's
    for name in ("HEARTH_SHARDS", "HEARTH_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "not-a-real-token" not in err


def test_a_guild_is_served_by_the_process_running_its_shard():
    zero, one = ShardPlan(2, (0,)), ShardPlan(2, (1,))
    assert zero.serves(GUILD_ON_0) and not one.serves(GUILD_ON_0)
    assert one.serves(GUILD_ON_1) and not zero.serves(GUILD_ON_1)
    assert zero.serves(None) and not one.serves(None), "DMs and the local table: shard 0"
    assert ShardPlan().serves(GUILD_ON_1) and ShardPlan(2, None).serves(GUILD_ON_1)


def test_the_client_runs_the_shards_it_is_given(service):
    client = HearthClient(service, shards=ShardPlan(2, (1,)))
    assert client.shard_count == 2 and client.shard_ids == [1]
    default = HearthClient(service)
    assert default.shard_count is None and default.shard_ids is None


async def synced(client, monkeypatch) -> list:
    calls = []

    async def sync(guild=None):
        calls.append(guild)
        return []

    monkeypatch.setattr(client.tree, "sync", sync)
    await client.setup_hook()
    for loop in (getattr(client, "notice_loop", None), getattr(client, "health_loop", None)):
        if loop is not None:
            loop.cancel()
    return calls


async def test_only_the_process_running_shard_0_syncs_the_commands(service, monkeypatch):
    assert await synced(HearthClient(service, shards=ShardPlan(2, (1,))), monkeypatch) == []
    assert await synced(HearthClient(service, shards=ShardPlan(2, (0,))), monkeypatch) == [None]
    assert await synced(HearthClient(service, shards=ShardPlan(2, (0,))), monkeypatch) == [], \
        "unchanged commands are not synced again"


async def test_two_processes_starting_together_sync_once(service, store, monkeypatch):
    other_process = Leases(store, "other")
    assert await other_process.claim([COMMANDS_LEASE], service.clock.now()) == [COMMANDS_LEASE]
    assert await synced(HearthClient(service), monkeypatch) == [], "the other process is syncing"
    await other_process.release([COMMANDS_LEASE])
    assert await synced(HearthClient(service), monkeypatch) == [None]


async def unannounced_game(service, guild_id: int, channel_id: int) -> None:
    service.announce_after_post = True      # as the Discord client runs it
    here = Place(channel_id=channel_id, guild_id=guild_id)
    await service.new_game(here, Actor(1, "Ann"), "pebbles", seed=1)
    await service.join(here, Actor(2, "Bob"))
    await service.start(here, Actor(1, "Ann"), "join")
    await service.move(here, Actor(1, "Ann"), "take 2")
    await service.move(here, Actor(1, "Ann"), "end")      # saved, never posted: the process 'died'


async def test_start_up_announcements_come_from_the_process_serving_the_guild(service, rest):
    await unannounced_game(service, GUILD_ON_0, 100)
    await unannounced_game(service, GUILD_ON_1, 200)
    shard_1 = HearthClient(service, shards=ShardPlan(2, (1,)))
    await shard_1.announce_pending()
    assert rest.find("POST", "/channels/200/messages") and not rest.find("POST", "/channels/100/messages")
    rest.calls.clear()
    shard_0 = HearthClient(service, shards=ShardPlan(2, (0,)))
    await shard_0.announce_pending()
    assert rest.find("POST", "/channels/100/messages") and not rest.find("POST", "/channels/200/messages"), \
        "each announced once, by its own shard's process"


async def test_a_clean_stop_releases_the_processs_leases(service, store, monkeypatch):
    async def disconnect(self) -> None:    # discord.py's own close needs a gateway it never opened here
        pass

    monkeypatch.setattr(discord.AutoShardedClient, "close", disconnect)
    client = HearthClient(service)
    leases = service.reminders.leases
    assert await leases.claim(["game:1", "game:2"], service.clock.now())
    await client.close()
    assert await Leases(store, "other").claim(["game:1", "game:2"], service.clock.now()) == ["game:1", "game:2"]


async def test_a_move_left_unposted_by_a_dead_process_is_posted_by_another(service, rest, clock):
    await unannounced_game(service, GUILD_ON_1, 200)     # shard 1's process saved it, then died
    shard_0 = HearthClient(service, shards=ShardPlan(2, (0,)))
    clock.advance(ANNOUNCE_LATE - 1)
    await shard_0.announce_pending(late_after=ANNOUNCE_LATE)
    assert not rest.find("POST", "/channels/200/messages"), "its own process may still be posting it"
    clock.advance(1)
    await shard_0.announce_pending(late_after=ANNOUNCE_LATE)
    assert len(rest.find("POST", "/channels/200/messages")) >= 1
    rest.calls.clear()
    await shard_0.announce_pending(late_after=ANNOUNCE_LATE)
    assert not rest.calls, "posted once"
