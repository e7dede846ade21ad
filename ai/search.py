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

Nodes are keyed by (seat, notation), so the tree is shared across
determinisations. Everything is seeded: for a seed and an iteration budget
the choice is always the same.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from rules.core import Game, Move, Rng

EXPLORATION = 0.7   # UCB constant for rewards in [0, 1]


@dataclass
class Node:
    seat: int | None = None          # who chose the move leading here (None at the root)
    notation: str = ""
    visits: int = 0
    available: int = 0               # iterations in which this move could be chosen
    reward: float = 0.0              # sum of ``seat``'s rewards through this node
    children: dict[tuple[int, str], Node] = field(default_factory=dict)

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0

    def ucb(self) -> float:
        return self.mean() + EXPLORATION * math.sqrt(math.log(max(1, self.available)) / self.visits)


@dataclass(frozen=True)
class Budget:
    iterations: int
    rollout_depth: int
    seconds: float | None = None     # live play only: stop early when the wall clock runs out
    root_moves: tuple[str, ...] | None = None   # only these of the seat's moves at the root (None: all)


@dataclass(frozen=True)
class Outcome:
    notation: str
    visits: int
    mean: float                      # the searching seat's mean reward for this move, 0..1
    iterations: int


def rewards(game: Game, state, seats: int) -> list[float]:
    """Each seat's reward in 0..1: from the final ranks when the game is over,
    else from the game's heuristic."""
    result = game.result(state)
    if result is not None:
        worst = max(result.ranks)
        if worst == 1:
            return [1.0] * seats          # everyone shares first place (or a co-operative win)
        return [1.0 - (r - 1) / (worst - 1) for r in result.ranks]
    return [game.heuristic(state, s) for s in range(seats)]


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
            untried: list[Move] = []
            best, best_move, best_score = None, None, -1.0
            for move in moves:
                child = node.children.get((actor, move.notation))
                if child is None:
                    untried.append(move)
                    continue
                child.available += 1
                score = child.ucb()
                if score > best_score:
                    best, best_move, best_score = child, move, score
            if untried:
                move = untried[rng.randbelow(len(untried))]
                child = Node(actor, move.notation, available=1)
                node.children[(actor, move.notation)] = child
                world, _ = game.apply(world, move)
                path.append(child)
                break
            world, _ = game.apply(world, best_move)
            node = best
            path.append(node)
        for _ in range(budget.rollout_depth):
            acting = game.to_act(world)
            if not acting:
                break
            actor = acting[rng.randbelow(len(acting))]
            moves = game.legal_moves(world, actor)
            world, _ = game.apply(world, moves[rng.randbelow(len(moves))])
        reward = rewards(game, world, seats)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += reward[n.seat]
        if deadline is not None and time.monotonic() > deadline:
            break
    mine = [n for (s, _), n in root.children.items() if s == seat]
    mine.sort(key=lambda n: (-n.visits, -n.mean(), n.notation))
    return [Outcome(n.notation, n.visits, n.mean(), done) for n in mine]
