"""compose.yaml cannot run here (no Docker, no registry): its shape is
checked instead — two bot processes on shards 0 and 1 of 2, both on the
PostgreSQL service, which they wait for. PyYAML is not a dependency, so a
reader of the small YAML subset the file uses (block mappings and lists,
flow lists, quoted scalars, a literal block, one anchor) reads it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.discord.shards import ShardPlan, shard_plan

COMPOSE = Path(__file__).resolve().parents[2] / "compose.yaml"


def _scalar(text: str):
    text = text.strip()
    if text.startswith("[") or text.startswith('"'):
        return json.loads(text)
    return text


def read_yaml(text: str) -> dict:
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    anchors: dict[str, object] = {}

    def block(i: int, indent: int):
        """The node whose lines start at ``i`` with this indent; returns (node, next line)."""
        if lines[i].lstrip().startswith("- "):
            items = []
            while i < len(lines) and _indent(lines[i]) == indent and lines[i].lstrip().startswith("- "):
                items.append(_scalar(lines[i].lstrip()[2:]))
                i += 1
            return items, i
        node: dict = {}
        while i < len(lines) and _indent(lines[i]) == indent:
            key, _, rest = lines[i].strip().partition(":")
            rest = rest.strip()
            i += 1
            anchor = None
            if rest.startswith("&"):
                anchor, rest = rest[1:], ""
            if rest.startswith("*"):
                node[key] = anchors[rest[1:]]
            elif rest == "|":
                inner = _indent(lines[i])
                body = []
                while i < len(lines) and _indent(lines[i]) >= inner:
                    body.append(lines[i][inner:])
                    i += 1
                node[key] = "\n".join(body) + "\n"
            elif rest:
                node[key] = _scalar(rest)
            elif i < len(lines) and _indent(lines[i]) > indent:
                node[key], i = block(i, _indent(lines[i]))
            else:
                node[key] = None
            if anchor:
                anchors[anchor] = node[key]
        return node, i

    node, end = block(0, 0)
    assert end == len(lines), f"unread line: {lines[end]!r}"
    return node


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


@pytest.fixture(scope="module")
def compose() -> dict:
    return read_yaml(COMPOSE.read_text(encoding="utf-8"))


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


def test_the_reader_reads_what_it_is_given():
    text = "a:\n  b: \"x\"\n  c: [1, 2]\n  d: &k\n    e: |\n      line\n  f: *k\nl:\n  - one\n"
    assert read_yaml(text) == {"a": {"b": "x", "c": [1, 2], "d": {"e": "line\n"}, "f": {"e": "line\n"}},
                               "l": ["one"]}
