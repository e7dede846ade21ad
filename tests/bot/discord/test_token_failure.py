"""Issue 15, point 2: a wrong DISCORD_TOKEN ends in one clear line and exit
code 2 — no traceback, and never the token, even when Discord's answer
repeats it. discord.py's real login runs; only its HTTP layer is captured
(``HTTPClient.request`` answers 401 as Discord does)."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord
import pytest
from discord.http import HTTPClient

import bot.cli as cli
from bot.config import Settings
from bot.discord.client import run_bot

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.wrongwrongwrongwrongwrongwrong0123456"


@pytest.fixture
def refused(monkeypatch):
    """Discord answers 401, echoing the token in its message."""
    calls: list[str] = []

    async def request(http, route, **kwargs):
        calls.append(f"{route.method} {route.path} {http.token}")
        raise discord.HTTPException(SimpleNamespace(status=401, reason="Unauthorized"),
                                    {"message": f"401: Unauthorized (token {http.token})", "code": 0})

    monkeypatch.setattr(HTTPClient, "request", request)
    return calls


def everything_said(capsys, caplog) -> str:
    out = capsys.readouterr()
    return out.out + out.err + caplog.text


def test_run_bot_with_a_refused_token_says_one_line(tmp_path, refused, capsys, caplog):
    caplog.set_level(logging.DEBUG)
    settings = Settings(token=TOKEN, db=str(tmp_path / "h.db"), dev_guild=None, locale="en", log_level="INFO",
                        images="x")
    assert run_bot(settings) == 2
    assert refused == [f"GET /users/@me {TOKEN}"], "discord.py really tried to log in with the token"
    out = capsys.readouterr()
    lines = [line for line in out.err.splitlines() if line.strip()]
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "refused" in lines[0], out.err
    assert TOKEN not in out.out + out.err + caplog.text
    assert "Traceback" not in out.err + caplog.text


def test_hearth_run_exits_2(tmp_path, refused, capsys, caplog, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("HEARTH_DB", str(tmp_path / "h.db"))
    assert cli.main(["run"]) == 2
    said = everything_said(capsys, caplog)
    assert TOKEN not in said and "Traceback" not in said and "DISCORD_TOKEN" in said
