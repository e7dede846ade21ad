"""compose.yaml cannot run here (no Docker, no registry): its shape is
checked instead — two bot processes on shards 0 and 1 of 2, both on the
PostgreSQL service, which they wait for. PyYAML (test extra) reads it as
Docker Compose would."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.discord.shards import ShardPlan, shard_plan

COMPOSE = Path(__file__).resolve().parents[2] / "compose.yaml"


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))


def test_two_bot_processes_share_the_shards_of_one_postgresql(compose):
    services = compose["services"]
    assert set(services) == {"db", "bot-0", "bot-1"}
    assert services["db"]["image"].startswith("postgres:")
    assert "pgdata" in compose["volumes"]
    plans = []
    for name in ("bot-0", "bot-1"):
        bot = services[name]
        env = bot["environment"]
        assert env["HEARTH_DB"].startswith("postgresql://") and "@db:5432/" in env["HEARTH_DB"]
        assert bot["depends_on"]["db"]["condition"] == "service_healthy", "the database first"
        assert bot["env_file"] == ".env", "the token comes from .env, never from the file"
        assert "DISCORD_TOKEN" not in env
        assert ".[postgres]" in bot["build"]["dockerfile_inline"]
        assert "COPY . " not in bot["build"]["dockerfile_inline"], "the image never holds .env"
        plans.append(shard_plan(env))
    assert plans == [ShardPlan(2, (0,)), ShardPlan(2, (1,))], "every shard run once"
    assert plans[0].syncs_commands and not plans[1].syncs_commands

