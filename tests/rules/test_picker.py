"""The move picker's contract, for every game (rules/picker.py): along random playouts, the
moves reachable by taps are exactly the legal moves; no question has one answer (but a
forced decision: one move in all); every question and label reads in English and French;
and the preview of a move shows nothing the presser may not see (twin states that differ
only in hidden information give the same picker and the same preview)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rules import registry
from rules.core import Game, Rng
from rules.picker import Node, Preview, tree
from rules.wording import PHRASES, Said
from tests.positions import playout_points

PO = Path(__file__).resolve().parents[2] / "bot" / "locale" / "fr" / "LC_MESSAGES" / "rules.po"


@cache
def french_keys() -> frozenset[str]:
    """The rules phrases that have a French translation."""
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    out = set()
    for message in catalog:
        text = message.string
        filled = any(text) if isinstance(text, tuple) else bool(text)
        if message.context and filled and not message.fuzzy:
            out.add(message.context)
    return frozenset(out)


def said_keys(said: Said) -> list[str]:
    """Every phrase key a text says, the nested ones included (a parameter that happens to be
    called ``key`` is a value, not a phrase)."""
    out = [said.key]

    def walk(value) -> None:
        if isinstance(value, dict):
            if "key" in value:           # a nested phrase: its key, then its own parameters
                out.append(value["key"])
                for inner in (value.get("params") or {}).values():
                    walk(inner)
            else:                        # a listing or sentences
                for inner in value.values():
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for param in (said.to_json().get("params") or {}).values():
        walk(param)
    return out


def check_text(text, where: str) -> None:
    """A question or a label: a phrase translated into French, or a bare notation."""
    if isinstance(text, Said):
        for key in said_keys(text):
            assert key in PHRASES, f"{where}: unknown phrase {key}"
            assert key in french_keys(), f"{where}: phrase {key} has no French translation"
        assert text.english().strip(), f"{where}: empty text"
    else:
        assert isinstance(text, str) and text.strip(), f"{where}: empty text {text!r}"
        assert len(text) <= 40, f"{where}: a plain label must be a short notation, not a sentence: {text!r}"


def check_node(node: Node, where: str, root: bool) -> int:
    """Walk a picker tree: every question asked, no question with one answer (but a forced
    root), distinct options. Returns the deepest path's length."""
    if not (root and node.single() is not None):
        assert len(node.options) >= 2, f"{where}: a question with {len(node.options)} option(s)"
    assert node.ask is not None, f"{where}: a question without words"
    check_text(node.ask, f"{where} question")
    keys = [o.key for o in node.options]
    assert len(keys) == len(set(keys)), f"{where}: two options share a key"
    depth = 0
    for option in node.options:
        check_text(option.label, f"{where} option {option.key}")
        if option.child is not None:
            depth = max(depth, check_node(option.child, f"{where}>{option.key}", False))
        else:
            assert option.move is not None
    return depth + 1


def positions(key: str, seed: int) -> list:
    game = registry.get(key)
    out = []
    for players in sorted({game.min_players, game.max_players}):
        opts = game.resolve_options({})
        opts = game.options_for_players(players, opts)
        n = game.seat_count(players, opts)
        out += playout_points(game, n, seed, opts, chooser_seed=seed * 7 + players, every=5)
    return out


@pytest.mark.parametrize("key", registry.keys())
def test_picker_reaches_every_legal_move_and_nothing_else(key, seeds):
    game: Game = registry.get(key)
    deepest = 0
    for seed in seeds[:2]:
        for state in positions(key, seed):
            for seat in game.to_act(state):
                legal = game.legal_moves(state, seat)
                root = tree(game, state, seat, legal)
                reached = root.moves()
                assert sorted(m.notation for m in reached) == sorted(m.notation for m in legal)
                assert len(reached) == len(set(reached))
                deepest = max(deepest, check_node(root, f"{key} seed {seed} seat {seat}", True))
    assert deepest >= 1


def preview_key(game: Game, state, seat: int, move) -> tuple:
    """What a preview shows the presser: the view drawn, the events said, the note."""
    shown: Preview = game.preview(state, move, seat)
    events = tuple((e.said.to_json() if e.said is not None else e.text, e.seat) for e in shown.events
                   if e.private_to in (None, seat))
    note = shown.note.to_json() if isinstance(shown.note, Said) else shown.note
    return repr(game.view(shown.state, seat)), events, shown.partial, repr(note)


@pytest.mark.parametrize("key", registry.keys())
def test_twin_states_give_the_same_picker_and_preview(key, seeds):
    """Two states that differ only in what the presser cannot see (hidden cards, stack order,
    future dice: ``determinize`` draws them again) show the same tree and the same previews."""
    game: Game = registry.get(key)
    assert game.has_ai, f"{key} has no determinize: its hidden information cannot be varied"
    checked = 0
    for seed in seeds[:1]:
        for state in positions(key, seed)[::3]:
            for seat in game.to_act(state)[:1]:
                twin_a = game.determinize(state, seat, Rng(1))
                twin_b = game.determinize(state, seat, Rng(2))
                tree_a, tree_b = tree(game, twin_a, seat), tree(game, twin_b, seat)
                assert [m.notation for m in tree_a.moves()] == [m.notation for m in tree_b.moves()]
                for move in tree_a.moves()[:6]:
                    other = next(m for m in tree_b.moves() if m.notation == move.notation)
                    assert preview_key(game, twin_a, seat, move) == preview_key(game, twin_b, seat, other), \
                        f"{key} seed {seed}: the preview of {move.notation} tells what seat {seat} cannot see"
                    checked += 1
    assert checked > 0
