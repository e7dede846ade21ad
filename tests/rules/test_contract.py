"""Contract checks every registered game must pass: random playouts to the
end for every player count, JSON round-trip, notation round-trip, public
views that hold nothing the game marks as secret, and a board image."""

from __future__ import annotations

import json

import pytest

from rules import registry
from rules.core import Game, IllegalMove, Rng, random_playout


def _cases():
    for key in registry.keys():
        game = registry.get(key)
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(key, players, id=f"{key}-{players}p")


@pytest.mark.parametrize("key,players", list(_cases()))
def test_random_playouts_finish(key, players, seeds):
    game: Game = registry.get(key)
    for seed in seeds:
        out = random_playout(game, players, seed)
        assert out.finished, f"{key} {players}p seed {seed}: not finished after {len(out.moves)} moves"
        result = game.result(out.state)
        n = game.seat_count(players, game.resolve_options({}))
        assert len(result.scores) == len(result.ranks) == n
        # someone wins, or (a co-operative game, Neanderthal K2) everyone loses together: nobody first
        assert min(result.ranks) == 1 or set(result.ranks) == {2}


@pytest.mark.parametrize("key,players", list(_cases()))
def test_state_round_trips_and_notation_parses(key, players):
    """Along one playout: dump/load is lossless and every legal move's
    notation parses back to that very move."""
    game: Game = registry.get(key)
    opts = game.resolve_options({})
    state = game.setup(game.seat_count(players, opts), 7, opts)
    chooser = Rng(99)
    for _step in range(400):
        text = game.dump(state)
        again = game.load(text)
        assert game.dump(again) == text
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        moves = game.legal_moves(state, seat)
        assert moves
        for move in moves[:40]:
            assert game.parse(state, seat, move.notation) == move
        state, _ = game.apply(again, moves[chooser.randbelow(len(moves))])


@pytest.mark.parametrize("key", registry.keys())
def test_setup_is_deterministic(key):
    game = registry.get(key)
    opts = game.resolve_options({})
    n = game.seat_count(game.min_players, opts)
    assert game.dump(game.setup(n, 42, opts)) == game.dump(game.setup(n, 42, opts))


@pytest.mark.parametrize("key", registry.keys())
def test_garbage_text_is_refused_politely(key):
    game = registry.get(key)
    opts = game.resolve_options({})
    state = game.setup(game.seat_count(game.max_players, opts), 3, opts)
    seat = game.to_act(state)[0]
    before = game.dump(state)
    for text in ["", "   ", "x" * 10000, "'; DROP TABLE games;--", "\u202e\u0000🔥", "99999>99999"]:
        with pytest.raises(IllegalMove) as err:
            game.parse(state, seat, text)
        assert 0 < len(str(err.value)) <= 300
    assert game.dump(state) == before


@pytest.mark.parametrize("key", registry.keys())
def test_public_view_is_json_and_apply_is_pure(key):
    game = registry.get(key)
    opts = game.resolve_options({})
    state = game.setup(game.seat_count(game.max_players, opts), 5, opts)
    json.dumps(game.view(state, None))
    seat = game.to_act(state)[0]
    before = game.dump(state)
    game.apply(state, game.legal_moves(state, seat)[0])
    assert game.dump(state) == before, "apply must not mutate its input"


@pytest.mark.parametrize("key", registry.keys())
def test_rules_help_is_short_in_both_languages(key):
    """/rules comes in pages (`topic:`): each page is one message, or a follow-up for a long one
    (Neanderthal's notation): two at most."""
    from bot.table import message_chunks
    from bot.table.rulebook import pages_of
    game = registry.get(key)
    assert 200 < len(game.rules_text())
    for locale in ("en", "fr"):
        for page in pages_of(game, locale):
            assert len(message_chunks(page.text)) <= 2, (locale, page.topic)
    assert [p.text for p in pages_of(game, "fr")] != [p.text for p in pages_of(game, "en")], "a French text exists"
