"""The search's shortcuts in Carcassonne say what the plain rules say.

Placement moves are packed in one integer and read back when asked; the board keeps its
frontier as sorted squares and its gold nuggets apart; final scoring gathers systems and
meadows in one pass over the tiles. Along random playouts each is checked against a plain
recount: the spots the board lists, moves made by Move's own constructor, every node's zone,
and each feature's members walked port to port."""

from __future__ import annotations

import pytest

from rules.carcassonne_hg import GAME
from rules.carcassonne_hg.data import TILES
from rules.carcassonne_hg.moves import ROT_LETTERS
from rules.carcassonne_hg.scoring import feature_value, majority
from rules.core import Move, Rng


def _playout(players: int, seed: int):
    """Every state of a random playout, the last one finished."""
    state = GAME.setup(players, seed, {})
    chooser = Rng(seed ^ 0xFA57)
    states = [state]
    while GAME.to_act(state):
        moves = GAME.legal_moves(state, state.turn)
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 5])
def test_placement_moves_are_the_spots_the_board_lists(players, seeds):
    for seed in seeds[:2]:
        for state in _playout(players, seed):
            if state.phase != "place":
                continue
            moves = GAME.legal_moves(state, state.turn)
            plain = [Move(state.turn, f"{k}{ROT_LETTERS[r]}", data=("place", x, y, r))
                     for k, (x, y, rots) in enumerate(state.board.spots(state.hand), start=1) for r in rots]
            assert moves == plain
            assert [(m.seat, m.notation, m.data) for m in moves] == [(m.seat, m.notation, m.data) for m in plain]
            assert {hash(m) for m in moves} == {hash(m) for m in plain}


def test_the_frontier_is_every_empty_square_beside_the_map(seeds):
    for state in _playout(3, seeds[0]):
        board = state.board
        beside = {(x + dx, y + dy) for (x, y) in board.at for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))}
        assert set(board.frontier) == beside - set(board.at)
        assert board.order == sorted(board.order)
        for (x, y), need in board.frontier.items():
            assert board.need(x, y) == need
        for square in board.at:
            assert board.need(*square) is None


def test_the_board_keeps_every_gold_nugget(seeds):
    board = _playout(4, seeds[0])[-1].board
    nodes = range(len(board.parent))
    assert board.nuggets == tuple(n for n in nodes if board.zone_of(n).nugget)


@pytest.mark.parametrize("players", [2, 5])
def test_the_running_totals_are_what_each_feature_and_river_system_holds(players, seeds):
    """``Board.contents`` and ``Board.fish`` (joined with the unions, read by the AI's heuristic)
    against a recount of each feature's members and each river system's lakes, at every third
    state of a playout, checked once the game is over (later placements must not reach earlier boards)."""
    states = _playout(players, seeds[0])
    for state in states[::3] + states[-1:]:
        board = state.board
        nodes = range(len(board.parent))
        for root in {board.find(n) for n in nodes}:
            members = board.members(root)
            zones = [board.zone_of(n) for n in members]
            held = board.contents[root]
            assert held.kind == zones[0].kind and held.parts == len(members)
            for part in ("mushrooms", "nugget", "deer", "mammoth", "aurochs", "tiger"):
                assert getattr(held, "nuggets" if part == "nugget" else part) == sum(getattr(z, part) for z in zones)
            assert held.fire == any(z.fire for z in zones)
            assert sorted(held.shrines) == [n for n, z in zip(members, zones) if z.shrine]
            lakes = {n - board.zone_index(n) + z.lake for n, z in zip(members, zones) if z.kind == "river" and z.lake >= 0}
            assert sorted(held.lakes) == sorted(lakes) and len(held.lakes) == len(lakes)
        for root in {board.find_system(n) for n in nodes}:
            lakes = [board.zone_of(n) for n in board.members(root, system=True)]
            assert board.fish[root] == sum(z.fish for z in lakes if z.kind == "lake")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_final_scoring_agrees_with_a_plain_recount(players, seeds):
    """Huts score the fish of their river system's lakes, hunters their meadow's game (rulebook,
    « Décompte final »), each recounted here from the features' members."""
    for seed in seeds[:2]:
        states = _playout(players, seed)
        before, end = states[-2], states[-1]
        board = end.board
        figures = [f for f in before.figures if f[1] in ("hut", "hunter")]
        expected = []
        systems: dict[int, list[int]] = {}
        for seat, role, node in figures:
            if role == "hut":
                systems.setdefault(board.find_system(node), []).append(seat)
        for root, seats in sorted(systems.items()):
            members = board.members(root, system=True)
            fish = sum(board.zone_of(n).fish for n in members if board.zone_of(n).kind == "lake")
            expected.append({"kind": "huts", "node": members[0], "points": fish, "seats": majority(seats)})
        meadows: dict[int, list[list]] = {}
        for f in figures:
            if f[1] == "hunter":
                meadows.setdefault(board.find(f[2]), []).append(f)
        for root, hunters in sorted(meadows.items()):
            info = feature_value(board, root)
            deer = max(0, info["deer"] - (0 if info["fire"] else info["tiger"]))
            on_shrine = sorted({f[0] for f in hunters if f[2] in info["shrine_nodes"]})
            expected.append({"kind": "meadow", "node": root, "points": 2 * (deer + info["mammoth"] + info["aurochs"]),
                             "seats": on_shrine or majority([f[0] for f in hunters])})
        assert end.final == expected


def test_a_bonus_tile_comes_exactly_after_a_forest_with_a_gold_nugget(seeds):
    """« Forêt achevée et tuiles bonus »: whoever completes a forest with a gold nugget plays a
    bonus tile, whether or not anyone gathered there; no other forest brings one, nor a bonus tile."""
    bonuses = 0
    for players in (2, 4):
        for seed in seeds[:3]:
            states = _playout(players, seed)
            for before, after in zip(states, states[1:]):
                if before.phase == "figure":
                    placed = before.current
                elif before.phase == "place" and after.phase != "figure":
                    placed = len(after.board.placed) - 1
                else:
                    continue                # the tile's figure step is still to come
                board = after.board
                tile_id = board.placed[placed][0]
                completed = {board.find(board.node(placed, z)) for z, zone in enumerate(TILES[tile_id].zones)
                             if zone.kind == "forest"}
                nugget = any(feature_value(board, root)["nuggets"] for root in completed if board.open[root] == 0)
                if after.in_bonus:
                    bonuses += 1
                    assert nugget and not before.in_bonus
                elif nugget and not before.in_bonus and before.bonus:
                    assert len(after.removed) > len(before.removed)     # no bonus tile fitted anywhere
    assert bonuses
