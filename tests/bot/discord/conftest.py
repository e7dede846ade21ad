"""Fixtures of the Discord-layer tests: discord.py's own objects, the HTTP layer captured."""

from __future__ import annotations

import pytest

from tests.bot.discord.harness import Wire


@pytest.fixture
def wire(monkeypatch):
    """The interaction webhooks discord.py calls, recorded and answered as Discord would."""
    return Wire(monkeypatch)
