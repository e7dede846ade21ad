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

import os
from collections.abc import Mapping
from dataclasses import dataclass

MAX_SHARDS = 10_000      # far beyond any bot Hearth will be; a typo's guard


class BadShardSetting(ValueError):
    """A shard setting this process cannot run with (one line for the operator)."""


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

    def client_options(self) -> dict:
        """The keyword arguments of discord.py's ``AutoShardedClient``."""
        options: dict = {}
        if self.count is not None:
            options["shard_count"] = self.count
            options["shard_ids"] = list(self.ids) if self.ids is not None else list(range(self.count))
        return options

    def describe(self) -> str:
        if self.count is None:
            return "all shards (as many as Discord recommends)"
        ids = self.ids if self.ids is not None else range(self.count)
        return f"shards {', '.join(map(str, ids))} of {self.count}"


def shard_plan(environ: Mapping[str, str] | None = None) -> ShardPlan:
    """The plan the settings describe; :class:`BadShardSetting` says what is wrong in one line."""
    env = os.environ if environ is None else environ
    total = env.get("HEARTH_SHARDS", "").strip()
    wanted = env.get("HEARTH_SHARD_IDS", "").strip()
    if not total:
        if wanted:
            raise BadShardSetting("HEARTH_SHARD_IDS needs HEARTH_SHARDS (the total number of shards) too; "
                                  "see .env.example")
        return ShardPlan()
    if not total.isdigit() or not 1 <= int(total) <= MAX_SHARDS:
        raise BadShardSetting(f"HEARTH_SHARDS must be a whole number from 1 to {MAX_SHARDS} (got {total[:20]!r})")
    count = int(total)
    if not wanted:
        return ShardPlan(count, None)
    ids: list[int] = []
    for part in wanted.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) >= count:
            raise BadShardSetting(f"HEARTH_SHARD_IDS must list shard numbers from 0 to {count - 1}, "
                                  f"separated by commas (got {part[:20]!r})")
        if int(part) in ids:
            raise BadShardSetting(f"HEARTH_SHARD_IDS lists shard {part} twice")
        ids.append(int(part))
    return ShardPlan(count, tuple(sorted(ids)))
