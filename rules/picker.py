"""The move picker's tree: a seat's legal moves grouped into small taps.

A game says, for each legal move, the path of taps that leads to it
(:meth:`rules.core.Game.move_path`): Clans ``from 17`` then ``to 18``;
Carcassonne the spot, the rotation, the figure. :func:`tree` folds those
paths into a tree of questions and options, and skips every question that
has one answer (a player is never asked a question with one answer). The
bot walks the tree by indexes (``path``: the chosen option's index at each
level), so it stays free of game knowledge; every legal move is one leaf
and every leaf one legal move.

A preview (:class:`Preview`, from :meth:`rules.core.Game.preview`) is what
the last tap shows before the move counts: the state after the move, as far
as the presser may know it, and the events it will cause.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.wording import Said


@dataclass(frozen=True)
class Step:
    """One tap on the way to a move: the question asked at that point (the same for
    every option of one level), the option's ``key`` (unique among its siblings:
    moves whose paths share a key share that tap) and its ``label``."""

    ask: Said | str
    key: str
    label: Said | str


@dataclass
class Option:
    key: str
    label: Said | str
    child: Node | None = None        # the next question; None on a leaf
    move: Any = None                 # the legal move (rules.core.Move) on a leaf


@dataclass
class Node:
    ask: Said | str | None
    options: list[Option] = field(default_factory=list)

    def walk(self, path: Sequence[int]) -> Node | Option | None:
        """The node reached by choosing ``path`` (indexes), or the leaf option when the path
        ends on a move; None for a path that leads nowhere (a stale or forged one)."""
        node: Node | Option = self
        for index in path:
            if not isinstance(node, Node) or not 0 <= index < len(node.options):
                return None
            option = node.options[index]
            node = option.child if option.child is not None else option
        return node

    def moves(self) -> list[Any]:
        """Every move below this node, in tree order."""
        out: list[Any] = []
        for option in self.options:
            if option.child is None:
                out.append(option.move)
            else:
                out.extend(option.child.moves())
        return out

    def path_of(self, move: Any) -> tuple[int, ...] | None:
        """The indexes that lead to ``move`` (None when it is not in the tree)."""
        for index, option in enumerate(self.options):
            if option.child is None:
                if option.move == move:
                    return (index,)
            else:
                below = option.child.path_of(move)
                if below is not None:
                    return (index, *below)
        return None

    def single(self) -> Any:
        """The move when the whole tree is one move (a forced decision), else None."""
        if len(self.options) == 1 and self.options[0].child is None:
            return self.options[0].move
        return None


@dataclass
class Preview:
    """What the presser sees before a move counts.

    ``state`` is the position to draw (the presser's view of it is drawn), after the move
    as far as the presser may know it; ``events`` what the move does, said as the events
    are; ``partial`` when the move draws or reveals something, so the preview stops at
    what is known (``note`` says what is left to chance or hidden, e.g. "then the next
    tile is drawn")."""

    state: Any
    events: list[Any] = field(default_factory=list)
    partial: bool = False
    note: Said | str | None = None


def tree(game, state, seat: int, moves: Sequence[Any] | None = None) -> Node:
    """The picker tree of ``seat``'s legal moves (``moves`` if given): the paths of
    :meth:`Game.move_path` merged by key, each one-option level folded away."""
    root = Node(None)
    for move in (game.legal_moves(state, seat) if moves is None else moves):
        steps = list(game.move_path(state, move)) or [Step("", move.notation, move.notation)]
        node = root
        for depth, step in enumerate(steps):
            if node.ask is None:
                node.ask = step.ask
            last = depth == len(steps) - 1
            found = next((o for o in node.options if o.key == step.key), None)
            if found is None:
                found = Option(step.key, step.label)
                node.options.append(found)
            if last:
                if found.child is not None or found.move is not None:
                    raise ValueError(f"{game.key}: two moves share the picker path {[s.key for s in steps]}")
                found.move = move
            else:
                if found.move is not None:
                    raise ValueError(f"{game.key}: a move's path is a prefix of another's: {[s.key for s in steps]}")
                if found.child is None:
                    found.child = Node(None)
                node = found.child
    return _folded(root)


def _folded(node: Node) -> Node:
    """Skip every question with one answer: its only option's child takes its place."""
    for option in node.options:
        if option.child is not None:
            option.child = _folded(option.child)
            only = option.child.options
            if len(only) == 1 and only[0].child is None:   # one move left below: the option is that move
                option.move, option.child = only[0].move, None
    while len(node.options) == 1 and node.options[0].child is not None:
        node = node.options[0].child
    return node
