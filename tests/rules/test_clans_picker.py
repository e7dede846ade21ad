"""The Clans move picker (rules/picker.py, Clans.move_path / preview / may_autoplay): the territory
to move from, then the one to move onto; the founding order as one tap; a preview that shows the
villages a move founds and scores and never a secret clan; forced moves played by the table."""

from __future__ import annotations

from functools import cache

import pytest

from bot.table.i18n import say
from rules.clans import GAME
from rules.clans import phrases as ph
from rules.clans.data import N_COLOURS, N_TERRITORIES, NEIGHBOURS, label
from rules.core import Rng
from rules.picker import tree
from tests.positions import playout_points


@cache
def positions() -> tuple:
    out = []
    for players in (2, 4):
        for seed in (1, 2):
            out += playout_points(GAME, players, seed, {}, chooser_seed=seed * 5 + players, every=3)
    return tuple(out)


def walk_leaves(node, path=()):
    """(the options chosen, the move) for every leaf of a picker tree."""
    for option in node.options:
        if option.child is None:
            yield (*path, option), option.move
        else:
            yield from walk_leaves(option.child, (*path, option))


def test_the_picker_asks_the_territory_to_move_from_then_where_to():
    checked = 0
    for state in positions():
        for seat in GAME.to_act(state):
            legal = GAME.legal_moves(state, seat)
            root = tree(GAME, state, seat, legal)
            assert sorted(m.notation for m in root.moves()) == sorted(m.notation for m in legal)
            if state.pending:            # the founding order: one tap, one option a village
                assert [o.move.notation for o in root.options] == [m.notation for m in legal]
                assert root.ask.key == ph.ASK_VILLAGE.key
                continue
            sources = sorted({m.data[1] for m in legal})
            # the first question: each territory whose huts can move, once, in map order
            assert [o.key for o in root.options] == [f"from {label(s)}" for s in sources]
            assert root.ask.key == ph.ASK_FROM.key
            for option, src in zip(root.options, sources, strict=True):
                onto = [m.data[2] for m in legal if m.data[1] == src]
                if len(onto) == 1:       # one place to go: the first tap is the move
                    assert option.child is None and option.move.data == ("move", src, onto[0])
                    continue
                assert [o.key for o in option.child.options] == [f"to {label(d)}" for d in onto]
                assert len(option.child.options) <= max(len(n) for n in NEIGHBOURS)
                assert all(o.child is None for o in option.child.options)     # two taps at most
                assert option.child.ask.params == {"n": state.size(src), "t": label(src)}
            checked += 1
    assert checked > 20


def test_the_opening_lists_every_territory_once_in_map_order():
    """60 territories hold a hut at the start: the first question lists them 1 to 60 (the bot pages
    them, 25 a page, so a page reads 1–25, 26–50, 51–60); each has 2 to 6 places to go."""
    state = GAME.setup(3, 4, {})
    root = tree(GAME, state, 0)
    assert [o.key for o in root.options] == [f"from {t}" for t in range(1, N_TERRITORIES + 1)]
    assert {len(o.child.options) for o in root.options if o.child} <= set(range(2, 7))


def test_labels_read_in_english_and_french():
    state = GAME.setup(2, 3, {})
    root = tree(GAME, state, 0)
    first = root.options[16]                                    # territory 17, 1 hut at the start
    assert say(None, root.ask) == "Move the huts of which territory?"
    assert say("fr", root.ask) == "Déplacer les huttes de quel territoire ?"
    assert say(None, first.label) == "Territory 17 (1 hut)"
    assert say("fr", first.label) == "Territoire 17 (1 hutte)"
    assert say(None, first.child.ask) == "Move the 1 hut of territory 17 onto:"
    assert say("fr", first.child.ask) == "Déplacer 1 hutte du territoire 17 vers :"
    onto = first.child.options[0]
    later, _ = GAME.apply(state, onto.move)                     # the next player sees 2 huts there
    counts = {o.key: say(None, o.label) for o in tree(GAME, later, 1).options}
    target = onto.key.removeprefix("to ")
    assert counts[f"from {target}"] == f"Territory {target} (2 huts)"
    assert say("fr", tree(GAME, later, 1).options[0].label).startswith("Territoire ")


def pending_state(seed: int):
    """The first position of a random 2-player game where the mover must order the villages
    their move founds (« Fondation de villages »: an epoch change or the twelfth village)."""
    state = GAME.setup(2, seed, {})
    chooser = Rng(seed)
    while not state.pending:
        moves = GAME.legal_moves(state, state.turn)
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    return state


def test_the_founding_order_is_one_tap_in_both_languages():
    state = pending_state(1)                    # villages on 19 and 38 to order
    root = tree(GAME, state, state.turn)
    assert root.options and all(o.child is None for o in root.options)
    t = state.pending[0]
    n = state.size(t)
    assert say(None, root.options[0].label) == f"Territory {label(t)} ({n} huts) first"
    assert say("fr", root.options[0].label) == f"Territoire {label(t)} ({n} huttes) d'abord"
    assert say("fr", root.ask) == "Votre déplacement fonde plusieurs villages : lequel vient en premier ?"


def twin(state, seat: int):
    """The same position with the other seats' secret colours dealt otherwise."""
    other = state.copy()
    free = [c for c in range(N_COLOURS) if c not in state.clans]
    for s in range(state.seats):
        if s != seat:
            other.clans[s] = free.pop() if free else other.clans[s]
    assert other.clans != state.clans
    return other


def test_a_preview_shows_the_move_played_and_its_villages_scored():
    found = 0
    for state in positions():
        for move in GAME.legal_moves(state, state.turn) if GAME.to_act(state) else []:
            after, events = GAME.apply(state, move)
            if after.end or len(after.villages) == len(state.villages):
                continue
            shown = GAME.preview(state, move, state.turn)
            assert not shown.partial
            assert GAME.view(shown.state, state.turn) == GAME.view(after, state.turn)
            assert [e.said for e in shown.events] == [e.said for e in events]
            found += 1
            break
    assert found >= 3


def last_moves():
    """(state, move) where the move founds the twelfth village (or leaves no move): the game ends."""
    for seed in range(1, 6):
        state = GAME.setup(3, seed, {})
        chooser = Rng(seed)
        while GAME.to_act(state):
            moves = GAME.legal_moves(state, state.turn)
            for move in moves:
                if GAME.apply(state, move)[0].end:
                    yield state, move
                    break
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])


def test_the_last_move_previews_the_village_but_keeps_the_clans_secret():
    """FIN DE LA PARTIE: « C'est maintenant que les joueurs révèlent leur couleur secrète »: once the
    game has ended, which a preview has not."""
    checked = 0
    for state, move in last_moves():
        seat = state.turn
        after, _ = GAME.apply(state, move)
        shown = GAME.preview(state, move, seat)
        view = GAME.view(shown.state, seat)
        assert "clans" not in view and view["my_colour"] == GAME.view(state, seat)["my_colour"]
        assert view["villages"] == GAME.view(after, seat)["villages"]      # the last village, scored
        assert shown.partial and shown.note.key == ph.PREVIEW_END.key
        assert not any(e.reveal for e in shown.events) and shown.events
        other = twin(state, seat)
        other_move = next(m for m in GAME.legal_moves(other, seat) if m.notation == move.notation)
        again = GAME.preview(other, other_move, seat)
        assert GAME.view(again.state, seat) == view
        assert [e.said for e in again.events] == [e.said for e in shown.events]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_a_forced_move_is_played_by_the_table():
    """Only the map decides which moves are legal (« A partir de 7 huttes ou plus, un groupe de huttes
    ne peut cependant plus être déplacé […] le groupe plus petit peut-être déplacé vers le groupe plus
    grand »), never the secret colours: a seat with one legal move tells nobody anything by it, so
    the table may play it."""
    state = GAME.setup(2, 1, {})
    a = 0
    b = NEIGHBOURS[a][0]
    state.huts = [[0] * N_COLOURS for _ in range(N_TERRITORIES)]
    state.huts[a] = [2, 2, 2, 1, 1]          # 8 huts: too many to move onto 2
    state.huts[b] = [1, 1, 0, 0, 0]
    legal = GAME.legal_moves(state, 0)
    assert [m.notation for m in legal] == [f"{label(b)}>{label(a)}"]
    assert tree(GAME, state, 0).single() == legal[0]
    assert GAME.may_autoplay(state, legal[0]) is True
    assert [m.notation for m in GAME.legal_moves(twin(state, 0), 0)] == [legal[0].notation]


@pytest.mark.parametrize("players", [2, 4])
def test_twin_states_give_the_same_picker_and_previews(players):
    for state in playout_points(GAME, players, 7, {}, chooser_seed=3, every=4)[::2]:
        if not GAME.to_act(state):
            continue
        seat = state.turn
        other = twin(state, seat)
        moves = GAME.legal_moves(state, seat)
        assert [m.notation for m in tree(GAME, other, seat).moves()] == [m.notation for m in tree(GAME, state, seat).moves()]
        for move in moves[:: max(1, len(moves) // 5)]:
            mine = GAME.preview(state, move, seat)
            theirs = GAME.preview(other, next(m for m in GAME.legal_moves(other, seat) if m.notation == move.notation),
                                  seat)
            assert GAME.view(mine.state, seat) == GAME.view(theirs.state, seat)
            assert [e.said for e in mine.events] == [e.said for e in theirs.events]
