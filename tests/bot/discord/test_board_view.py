"""``/board view:`` through discord.py's own objects: the option is a
choice of the real command tree (with its French names), and the reply
carries the image of the view asked for."""

from __future__ import annotations

import pytest
from discord.app_commands import TranslationContextLocation as Where

import render
from bot.discord.translate import french
from tests.bot.discord.harness import invoke, make_client, slash

ANN = dict(user_id=1, name="Ann")
BOB = dict(user_id=2, name="Bob")
EVE = dict(user_id=5, name="Eve")


@pytest.fixture
def client(service):
    return make_client(service)


async def test_board_view_is_a_choice_and_shows_that_view(client, wire, monkeypatch):
    command = client.tree.get_command("board")
    [param] = command.parameters
    assert param.name == "view" and not param.required
    assert [c.value for c in param.choices] == ["full", "area"]
    await invoke(client, slash("game", {"game": "carcassonne_hg"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)
    asked: list[bool] = []
    real = render.board_png

    def spy(key, view, table, focus=False):
        asked.append(focus)
        return real(key, view, table, focus)

    monkeypatch.setattr(render, "board_png", spy)
    wire.sent.clear()
    await invoke(client, slash("board", {"view": "area"}), **EVE)
    await invoke(client, slash("board"), **EVE)
    posts = [m for m in wire.messages() if m.files == ["board.png"]]
    assert len(posts) == 2
    assert asked == [False], "the area was the start post's image already (same version); the whole board is new"


def test_the_view_option_speaks_french():
    assert french("view", Where.parameter_name) == "vue"
    assert french("area of the last turn", Where.choice_name) == "zone du dernier tour"
    assert french("full board", Where.choice_name) == "plateau entier"
