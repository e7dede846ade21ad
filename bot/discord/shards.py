"""Which gateway shards this process runs, from ``HEARTH_SHARDS`` (how many
in all) and ``HEARTH_SHARD_IDS`` (the ones this process runs, comma-separated).

Discord requires sharding from 2,500 servers: each guild belongs to shard
``(guild_id >> 22) % shards`` and its events (commands, buttons) reach only
the process running that shard. Unset, one process runs every shard, as many
as Discord recommends (discord.py's auto-sharded client). Slash commands are
synced by the process that runs shard 0 only; reminders go out from whichever
process leases the game (they are posted over REST, which needs no shard).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypedDict

from bot.config import BadSetting, Settings, load_settings

BadShardSetting = BadSetting   # a shard setting is checked with the others, in bot.config


class ShardOptions(TypedDict, total=False):
    shard_count: int
    shard_ids: list[int]


@dataclass(frozen=True)
class ShardPlan:
    count: int | None = None          # None: as many as Discord recommends
    ids: tuple[int, ...] | None = None   # None: every shard

    @property
    def syncs_commands(self) -> bool:
        """Only one process registers the slash commands: the one running shard 0."""
        return self.ids is None or 0 in self.ids

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of that guild (DMs and the local
        table, with no guild, belong to shard 0)."""
        if self.ids is None or self.count is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.count
        return shard in self.ids

    def client_options(self) -> ShardOptions:
        """The keyword arguments of discord.py's ``AutoShardedClient``."""
        options: ShardOptions = {}
        if self.count is not None:
            options["shard_count"] = self.count
            options["shard_ids"] = list(self.ids) if self.ids is not None else list(range(self.count))
        return options

    def describe(self) -> str:
        if self.count is None:
            return "all shards (as many as Discord recommends)"
        ids = self.ids if self.ids is not None else range(self.count)
        return f"shards {', '.join(map(str, ids))} of {self.count}"


def plan_of(settings: Settings) -> ShardPlan:
    """The plan the settings describe (``HEARTH_SHARDS``, ``HEARTH_SHARD_IDS``, checked by :mod:`bot.config`)."""
    return ShardPlan(settings.shards, settings.shard_ids)


def shard_plan(environ: Mapping[str, str] | None = None) -> ShardPlan:
    """The plan of ``environ`` (default: this process's environment and ``.env``); a bad setting
    raises :class:`BadShardSetting`, whose text says what is wrong, one line a setting."""
    return plan_of(load_settings(environ))
