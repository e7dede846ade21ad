"""Issue 27, section 4: a bad token answered by a Discord server error (5xx) or a gateway close
4004 ends in one clear line and an exit code — no traceback, and never the token, even when the
answer's body echoes it. discord.py's real login runs; only its HTTP layer (and, for the close,
the gateway connection) is replaced."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord
import pytest
from discord.http import HTTPClient

import bot.cli as cli
from bot.config import Settings
from bot.discord.client import run_bot

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.fivexxfivexxfivexxfivexxfivexx0123456"
ME = {"id": "123456789012345678", "username": "hearth", "discriminator": "0", "avatar": None, "bot": True}
APP = {"id": ME["id"], "name": "hearth", "description": "", "icon": None, "bot_public": True,
       "bot_require_code_grant": False, "owner": ME, "verify_key": "0" * 64, "flags": 0}


def settings(tmp_path) -> Settings:
    return Settings(token=TOKEN, db=str(tmp_path / "h.db"), dev_guild=None, locale="en", log_level="INFO", images="x")


def said(capsys, caplog) -> tuple[list[str], str]:
    out = capsys.readouterr()
    return [line for line in out.err.splitlines() if line.strip()], out.out + out.err + caplog.text


def test_a_server_error_echoing_the_token_says_one_line_without_it(tmp_path, monkeypatch, capsys, caplog):
    caplog.set_level(logging.DEBUG)

    async def request(http, route, **kwargs):
        raise discord.DiscordServerError(SimpleNamespace(status=503, reason="Service Unavailable"),
                                         f"<html>upstream rejected Authorization: Bot {http.token}</html>")

    monkeypatch.setattr(HTTPClient, "request", request)
    assert run_bot(settings(tmp_path)) == 1
    lines, everything = said(capsys, caplog)
    assert len(lines) == 1 and "503" in lines[0] and "try again" in lines[0], lines
    assert TOKEN not in everything and "Traceback" not in everything


@pytest.mark.parametrize("code, exit_code, words", [(4004, 2, "DISCORD_TOKEN"), (4013, 1, "4013")])
def test_a_gateway_close_says_one_line(tmp_path, monkeypatch, capsys, caplog, code, exit_code, words):
    """4004 is Discord's 'Authentication failed' close: the token was refused at the gateway."""
    caplog.set_level(logging.DEBUG)

    async def request(http, route, **kwargs):
        return {"/users/@me": ME, "/oauth2/applications/@me": APP}.get(route.path, {})

    async def connect(client, *, reconnect=True):
        raise discord.ConnectionClosed(SimpleNamespace(close_code=code), shard_id=0)

    monkeypatch.setattr(HTTPClient, "request", request)
    monkeypatch.setattr(discord.AutoShardedClient, "connect", connect)
    assert run_bot(settings(tmp_path)) == exit_code
    lines, everything = said(capsys, caplog)
    assert len(lines) == 1 and words in lines[0], lines
    assert TOKEN not in everything and "Traceback" not in everything


def test_hearth_run_with_a_server_error_exits_1(tmp_path, monkeypatch, capsys, caplog):
    async def request(http, route, **kwargs):
        raise discord.DiscordServerError(SimpleNamespace(status=502, reason="Bad Gateway"), {"message": http.token})

    monkeypatch.setattr(HTTPClient, "request", request)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("HEARTH_DB", str(tmp_path / "h.db"))
    assert cli.main(["run"]) == 1
    lines, everything = said(capsys, caplog)
    assert TOKEN not in everything and "Traceback" not in everything and len(lines) == 1
