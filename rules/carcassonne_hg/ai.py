"""What a Carcassonne H&G seat may know, for the AI seats (``ai/`` searches over these).

Nothing on the table is secret: the map, the figures, the scores and the drawn
tile are shown to all (the tile « montrée à tous »), and which tiles remain in
each stack follows from them (the deck is known, every tile drawn is shown).
Hidden is only the order of the face-down stacks (the land tiles, and the bonus
tiles: rulebook, "Mise en place": « face cachée »), that is, every future draw.
The state keeps each stack as a multiset drawn from with the state's Rng, so
``determinize`` puts each stack in a canonical order and gives the state fresh
dice (``reseed``): a world that knows nothing of the real next tile.

``heuristic`` judges a position from the public board only: the scores, plus
what each seat's figures should still bring by the rulebook's scoring.
"""

from __future__ import annotations

import math

from rules.core import Rng
from rules.kit.redeal import Deal, determinized

from .board import Contents
from .data import deck
from .scoring import majority
from .state import State

LAND_TILES = len(deck("land"))


def determinize(game, state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` whose stacks are in a canonical order and whose dice are
    drawn from ``rng``: the same for every state that ``seat`` cannot tell apart."""
    return determinized(game, state, rng, _sort_stacks)


def _sort_stacks(new: State, rng: Rng) -> None:
    """Each stack as a sorted ``Deal`` with no shuffle: the game draws from a stack at random
    when it draws (``game.draw``), so its order is nowhere; new lists, as the clone shares them."""
    new.land = Deal(new.land).rest()
    new.bonus = Deal(new.bonus).rest()


# ------------------------------------------------------------ heuristic

# Rough values, in points, of what is not scored yet (the rulebook's scoring, "Décompte"):
CLOSE_CHANCE = 0.72     # per open side of a forest or river: the chance it is ever closed
NUGGET = 3.0            # a completed forest's gold nugget: a bonus tile and its figure step
MAN_IN_SUPPLY = 2.5     # a man in the supply, at the start (fewer chances as the stack runs out)
HUT_IN_SUPPLY = 1.5
MEADOW_GROWTH = 3.0     # what a meadow's hunter may still gain, at the start
SCALE = 6.0             # points of lead for a heuristic of 0.73


def estimate(state: State) -> list[float]:
    """Every seat's expected final score as anyone can judge it from the table: the
    score, the features its figures hold (shared by the majority, as scored), and
    its supply's chances to come."""
    points = [float(s) for s in state.scores]
    if state.phase == "over":
        return points
    board = state.board
    left = len(state.land) / LAND_TILES        # how much of the game remains
    holders: dict[int, list[list]] = {}         # feature root -> the men on it
    huts: dict[int, list[int]] = {}             # river system root -> the seats of its huts
    for figure in state.figures:
        if figure[1] == "hut":
            huts.setdefault(board.find_system(figure[2]), []).append(figure[0])
        else:
            holders.setdefault(board.find(figure[2]), []).append(figure)
    contents, fish = board.contents, board.fish
    for root, figures in holders.items():
        feature = contents[root]
        value = feature_points(board, root, feature, len(state.land), left)
        if feature.shrines and (on_shrine := sorted({f[0] for f in figures if f[2] in feature.shrines})):
            scorers = on_shrine                         # the shrine's hunter scores alone
        else:
            scorers = majority([f[0] for f in figures])
        for s in scorers:
            points[s] += value
    for root, seats in huts.items():
        for s in majority(seats):
            points[s] += fish[root]
    for s in range(state.seats):
        points[s] += left * (MAN_IN_SUPPLY * min(state.men[s], 3) + HUT_IN_SUPPLY * state.huts[s])
    return points


def heuristic(game, state: State, seat: int) -> float:
    """0..1: a logistic of the seat's expected lead over its best opponent."""
    points = _estimates(game, state)
    best = max(p for s, p in enumerate(points) if s != seat)
    return 1.0 / (1.0 + math.exp(-(points[seat] - best) / SCALE))


def _estimates(game, state: State) -> list[float]:
    """``estimate``, with the best figure choice of the seat about to put one. A search asks
    for every seat's heuristic of one position in a row: the last answer is kept (with the
    position it was for, which nothing changes once a search has made it)."""
    key = (len(state.board.placed), len(state.figures), state.phase, state.turn, tuple(state.scores))
    if _LAST[0] is state and _LAST[1] == key:
        return _LAST[2]
    points = estimate(state)
    if state.phase == "figure":        # the seat to act is about to put a figure: count its best choice
        points[state.turn] += _best_choice(game, state)
    _LAST[:] = [state, key, points]
    return points


_LAST: list = [None, None, None]


def feature_points(board, root: int, f: Contents, tiles_left: int, left: float) -> float:
    """The points a forest, river or meadow should bring its holders."""
    if f.kind == "meadow":
        # Meadows score at the end whatever their size: 2 per deer (less one per tiger, unless a
        # fire chased them), mammoth and aurochs ("Décompte final").
        deer = max(0, f.deer - (0 if f.fire else f.tiger))
        return 2.0 * (deer + f.mammoth + f.aurochs) + left * MEADOW_GROWTH
    # Forests and rivers score only when completed ("Forêt achevée", "Rivière achevée").
    open_sides = board.open[root]
    chance = CLOSE_CHANCE ** open_sides if tiles_left >= open_sides else 0.0
    if f.kind == "forest":
        done = 2.0 * f.parts + 2.0 * f.mushrooms + (NUGGET if f.nuggets else 0.0)
    else:       # a river: 1 per part and 1 per fish in the lakes at its ends
        done = float(f.parts + sum(board.zone_of(lake).fish for lake in f.lakes))
    return chance * done


def _best_choice(game, state: State) -> float:
    """The best of the figure step's choices (its moves' data: role, zone), valued like a
    held feature less the figure's worth in the supply."""
    board = state.board
    left = len(state.land) / LAND_TILES
    features, systems = {}, {}
    for move in game.legal_moves(state, state.turn):
        _, role, zone = move.data
        if role == "hut":
            systems[board.find_system(board.node(state.current, zone))] = role
        elif role is not None:
            features[board.find(board.node(state.current, zone))] = role
    contents, fish = board.contents, board.fish
    best = max((fish[root] - left * HUT_IN_SUPPLY for root in systems), default=0.0)
    for root in features:
        best = max(best, feature_points(board, root, contents[root], len(state.land), left) - left * MAN_IN_SUPPLY)
    return best
