"""Issue 15, point 4: a public post leaves the caller no private '✓'.

The interaction is deferred privately (the 'thinking' note); a public post
closes that note, goes out as a public follow-up, and then the note is
deleted. Errors and private replies stay as the caller's note. Asserted on
the HTTP calls discord.py makes (captured at the webhook adapter)."""

from __future__ import annotations

import pytest

from bot.discord.buttons import MoveButton, ResignButton, UndoButton
from tests.bot.discord.harness import invoke, make_client, slash

ANN = dict(user_id=1, name="Ann")
BOB = dict(user_id=2, name="Bob")
ORIGINAL = "/messages/@original"


@pytest.fixture
def client(service):
    c = make_client(service)
    c.add_dynamic_items(MoveButton, UndoButton, ResignButton)
    return c


def deleted(wire) -> list:
    return [s for s in wire.sent if s.method == "DELETE" and s.path.endswith(ORIGINAL)]


def left_with_check_mark(wire) -> bool:
    """A '✓' edit of the note that no later call deletes."""
    marked = False
    for s in wire.sent:
        if s.method == "PATCH" and s.path.endswith(ORIGINAL) and s.content == "✓":
            marked = True
        elif s.method == "DELETE" and s.path.endswith(ORIGINAL):
            marked = False
    return marked


async def test_a_public_post_leaves_no_private_check_mark(client, wire):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    public = [m for m in wire.messages() if m.method == "POST" and not m.ephemeral]
    assert len(public) == 1 and "opened a table" in public[0].content
    calls = [(s.method, s.path.endswith(ORIGINAL)) for s in wire.sent]
    post_at = wire.sent.index(public[0])
    assert ("DELETE", True) in calls[post_at + 1:], "the closed note is deleted after the public post"
    assert not left_with_check_mark(wire)


async def test_every_public_command_of_a_turn_cleans_up(client, wire):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)
    await invoke(client, slash("move", {"move": "take 2"}), **ANN)   # a sub-step: public post + private note
    await invoke(client, slash("move", {"move": "end"}), **ANN)
    publics = [m for m in wire.messages() if m.method == "POST" and not m.ephemeral]
    assert len(publics) == 5 and len(deleted(wire)) == 5, "one public post and one cleaned note per command"
    assert not left_with_check_mark(wire)
    notes = [m for m in wire.messages() if m.ephemeral]
    assert any("continues" in m.content for m in notes), "the mover's private note is still sent"


async def test_errors_and_private_replies_stay(client, wire):
    await invoke(client, slash("game", {"game": "pebbles"}, sub="new"), **ANN)
    await invoke(client, slash("game", sub="join"), **BOB)
    await invoke(client, slash("game", sub="start"), **ANN)
    wire.sent.clear()
    await invoke(client, slash("move", {"move": "take 1"}), **BOB)   # not Bob's turn
    await invoke(client, slash("hand"), **ANN)
    assert not deleted(wire), "a private answer is the note itself: never deleted"
    answers = wire.messages()
    assert len(answers) == 2 and all(m.ephemeral for m in answers)
    assert "not your turn" in answers[0].content.lower() and "secret number" in answers[1].content
