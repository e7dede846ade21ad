"""Information-set Monte Carlo tree search (single observer).

After Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG 2012), the SO-ISMCTS variant; OpenSpiel's ``ismcts``
was read to check the shape, none of its code is used. Each iteration:

1. **determinise**: draw one state consistent with what the searching seat
   may see (``Game.determinize``) — the search never looks at anything else;
2. **select** down the tree by UCB1 over the moves *available in this
   determinisation* (a move's ``available`` count replaces the parent's visit
   count, since hidden information makes moves come and go between iterations);
3. **expand** one untried move;
4. **roll out** by random legal moves up to ``rollout_depth`` moves, then
   judge the position: the result's ranks when the game ended, else the
   game's ``heuristic`` for every seat;
5. **back up** each seat's reward along the path (a node keeps the reward of
   the seat that chose it).

Two options of the budget lean on the game's heuristic where random play says
little (Chaslot et al. 2008, "Progressive strategies for MCTS"; Gelly & Silver
2007, prior knowledge as virtual visits):

- ``prior_visits``: a node met for the first time judges each of its moves
  one move ahead (the heuristic of the position after it, for the seat that
  moves) and counts that value as that many visits already made. Selection
  then goes where the moves look good instead of trying every move once, so
  300 iterations search two or three moves deep instead of one wide layer.
- ``rollout_depth`` short (even 0): the leaf is judged by the heuristic after
  a few random moves, not after a random game (Lorentz 2016, "Early playout
  termination in MCTS").

Nodes are keyed by (seat, notation), so the tree is shared across
determinisations. Everything is seeded: for a seed and an iteration budget
the choice is always the same.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from rules.core import Game, Judge, Move, Rng

EXPLORATION = 0.7   # UCB constant for rewards in [0, 1]


@dataclass
class Node:
    seat: int | None = None          # who chose the move leading here (None at the root)
    notation: str = ""
    visits: int = 0
    available: int = 0               # iterations in which this move could be chosen
    reward: float = 0.0              # sum of ``seat``'s rewards through this node
    prior_visits: float = 0.0        # virtual visits at the prior's value (see ``Budget.prior_visits``)
    prior: float = 0.0
    children: dict[tuple[int, str], Node] = field(default_factory=dict)

    def mean(self) -> float:
        """The mean reward, the prior's virtual visits included (0 with neither)."""
        weight = self.visits + self.prior_visits
        return (self.reward + self.prior_visits * self.prior) / weight if weight else 0.0

    def ucb(self, exploration: float = EXPLORATION) -> float:
        weight = self.visits + self.prior_visits
        return self.mean() + exploration * math.sqrt(math.log(max(1, self.available)) / weight)


@dataclass(frozen=True)
class Budget:
    iterations: int
    rollout_depth: int
    seconds: float | None = None     # live play only: stop early when the wall clock runs out
    root_moves: tuple[str, ...] | None = None   # only these of the seat's moves at the root (None: all)
    prior_visits: float = 0.0        # > 0: new nodes judge their moves one move ahead (see the module's notes)
    exploration: float = EXPLORATION
    greedy: float = 0.0              # chance that a rollout move is the best one move ahead, not a random one
    greedy_sample: int = 0           # > 0: judge only that many of the moves, drawn at random (a cheaper greedy move)
    judge: Judge | None = None       # the heuristic to read instead of the game's (AiTuning.judge)


@dataclass(frozen=True)
class Outcome:
    notation: str
    visits: int
    mean: float                      # the searching seat's mean reward for this move, 0..1
    iterations: int


def rewards(game: Game, state, seats: int, judge: Judge | None = None) -> list[float]:
    """Each seat's reward in 0..1: from the final ranks when the game is over,
    else from ``judge`` (default: the game's heuristic)."""
    result = game.result(state)
    if result is not None:
        worst = max(result.ranks)
        if worst == 1:
            return [1.0] * seats          # everyone shares first place (or a co-operative win)
        return [1.0 - (r - 1) / (worst - 1) for r in result.ranks]
    return [(judge or game.heuristic)(state, s) for s in range(seats)]


def reward_of(game: Game, state, seat: int, seats: int, judge: Judge | None = None) -> float:
    """``rewards(game, state, seats, judge)[seat]``, without judging the other seats."""
    if game.result(state) is not None:
        return rewards(game, state, seats)[seat]
    return (judge or game.heuristic)(state, seat)


def search(game: Game, state, seat: int, seats: int, rng: Rng, budget: Budget) -> list[Outcome]:
    """Search from ``seat``'s point of view; the root's moves with their statistics,
    most visited first."""
    root = Node()
    deadline = time.monotonic() + budget.seconds if budget.seconds else None
    done = 0
    while done < budget.iterations:
        done += 1
        world = game.determinize(state, seat, rng)
        path = [root]
        node = root
        while True:
            acting = game.to_act(world)
            if not acting:
                break
            actor = seat if node is root and seat in acting else acting[rng.randbelow(len(acting))]
            moves = game.legal_moves(world, actor)
            if node is root and actor == seat and budget.root_moves is not None:
                moves = [m for m in moves if m.notation in budget.root_moves] or moves
            if not moves:
                break
            if budget.prior_visits:
                world, node, fresh = _select_with_priors(game, world, node, actor, moves, seats, budget)
                path.append(node)
                if fresh:
                    break
                continue
            untried: list[Move] = []
            best, best_move, best_score = None, None, -1.0
            for move in moves:
                child = node.children.get((actor, move.notation))
                if child is None:
                    untried.append(move)
                    continue
                child.available += 1
                score = child.ucb(budget.exploration)
                if score > best_score:
                    best, best_move, best_score = child, move, score
            if untried:
                move = untried[rng.randbelow(len(untried))]
                child = Node(actor, move.notation, available=1)
                node.children[(actor, move.notation)] = child
                world, _ = game.apply(world, move)
                path.append(child)
                break
            # every move has a node, and UCB scores are never negative: one of them was chosen
            assert best is not None and best_move is not None
            world, _ = game.apply(world, best_move)
            node = best
            path.append(node)
        world = _roll_out(game, world, seats, rng, budget)
        reward = rewards(game, world, seats, budget.judge)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += reward[n.seat]
        if deadline is not None and time.monotonic() > deadline:
            break
    mine = [n for (s, _), n in root.children.items() if s == seat and n.visits]
    mine.sort(key=lambda n: (-n.visits, -n.mean(), n.notation))
    return [Outcome(n.notation, n.visits, n.mean(), done) for n in mine]


def _select_with_priors(game: Game, world, node: Node, actor: int, moves: list[Move], seats: int,
                        budget: Budget) -> tuple[object, Node, bool]:
    """One step down with priors: a move met for the first time is judged one move ahead
    (its ``prior_visits`` virtual visits at that value), then UCB picks among all the moves.
    Returns the position after the chosen move, its node, and whether the node is new to
    the search (never visited: the descent stops there)."""
    best, best_move, best_score, best_after = None, None, -1.0, None
    for move in moves:
        key = (actor, move.notation)
        child = node.children.get(key)
        after = None
        if child is None:
            after, _ = game.apply(world, move)
            child = Node(actor, move.notation, prior_visits=budget.prior_visits,
                         prior=reward_of(game, after, actor, seats, budget.judge))
            node.children[key] = child
        child.available += 1
        score = child.ucb(budget.exploration)
        if score > best_score:
            best, best_move, best_score, best_after = child, move, score, after
    assert best is not None and best_move is not None, "moves is never empty and UCB is never negative"
    if best_after is None:
        best_after, _ = game.apply(world, best_move)
    return best_after, best, best.visits == 0


def _roll_out(game: Game, world, seats: int, rng: Rng, budget: Budget):
    """Up to ``rollout_depth`` moves (fewer when the game ends): each the best move one move
    ahead for the seat that plays it with chance ``greedy``, else a random legal move."""
    for _ in range(budget.rollout_depth):
        acting = game.to_act(world)
        if not acting:
            break
        actor = acting[rng.randbelow(len(acting))]
        moves = game.legal_moves(world, actor)
        if budget.greedy and len(moves) > 1 and (budget.greedy >= 1.0 or rng.random() < budget.greedy):
            world = greedy_move(game, world, actor, moves, seats, rng, budget.greedy_sample, budget.judge)
        else:
            world, _ = game.apply(world, moves[rng.randbelow(len(moves))])
    return world


def greedy_move(game: Game, world, actor: int, moves: list[Move], seats: int, rng: Rng, sample: int = 0,
                judge: Judge | None = None):
    """The position after ``actor``'s best move one move ahead (of ``sample`` random moves, or
    all; the first of equals)."""
    if sample and len(moves) > sample:
        moves = _draw(moves, sample, rng)
    best, best_value = None, -1.0
    for move in moves:
        after, _ = game.apply(world, move)
        value = reward_of(game, after, actor, seats, judge)
        if value > best_value:
            best, best_value = after, value
    return best


def _draw(moves: list[Move], k: int, rng: Rng) -> list[Move]:
    """``k`` of the moves drawn without replacement (a partial Fisher-Yates shuffle)."""
    pool = list(moves)
    for i in range(k):
        j = i + rng.randbelow(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]
