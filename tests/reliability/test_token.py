"""The token never reaches a log: through a real logging handler, in the
message, its arguments, an exception's traceback or a stack, from any
logger, once the bot has installed its filter."""

from __future__ import annotations

import io
import logging

import pytest

import bot.discord.client as app
from bot.config import Settings
from bot.discord.client import TokenFilter

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"


@pytest.fixture
def captured():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    handler.addFilter(TokenFilter(TOKEN))
    root = logging.getLogger()
    root.addHandler(handler)
    loggers = [root, logging.getLogger("discord"), logging.getLogger("hearth")]
    old = [(lg, lg.level, lg.disabled) for lg in loggers]
    for lg in loggers:     # other tests quiet discord.py's loggers: hear everything here
        lg.setLevel(logging.DEBUG)
        lg.disabled = False
    yield stream
    root.removeHandler(handler)
    for lg, level, disabled in old:
        lg.setLevel(level)
        lg.disabled = disabled


def test_token_in_message_arguments_and_tracebacks_is_scrubbed(captured):
    log = logging.getLogger("discord.http")
    log.debug("POST with Authorization: Bot " + TOKEN)
    log.info("login with %s for %r", TOKEN, {"token": TOKEN})
    try:
        raise RuntimeError(f"bad token {TOKEN}")
    except RuntimeError:
        logging.getLogger("hearth.discord").exception("start failed")
    logging.getLogger("hearth").warning("stack", stack_info=True, extra={"t": TOKEN})
    logging.getLogger("hearth").error("%s", TOKEN, stack_info=True)
    text = captured.getvalue()
    assert TOKEN not in text
    assert text.count("[token]") >= 4
    assert "RuntimeError: bad token [token]" in text, "the traceback is kept, without the token"


def test_run_bot_installs_the_filter_on_every_handler(monkeypatch, captured):
    stream = io.StringIO()
    plain = logging.StreamHandler(stream)
    logging.getLogger().addHandler(plain)
    monkeypatch.setattr(app.asyncio, "run", lambda coro: coro.close())
    try:
        settings = Settings(token=TOKEN, db=":memory:", dev_guild=None, locale="en", log_level="INFO", images="x")
        assert app.run_bot(settings) == 0
        logging.getLogger("discord.gateway").warning("identify %s", TOKEN)
        assert TOKEN not in stream.getvalue() and "[token]" in stream.getvalue()
        assert TOKEN not in repr(settings) and TOKEN not in str(settings)
    finally:
        logging.getLogger().removeHandler(plain)


def test_no_token_no_scrubbing(captured):
    flt = TokenFilter("")
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "hello %s", ("world",), None)
    assert flt.filter(record) and record.getMessage() == "hello world"
