"""Positions met along a seeded random playout, for tests that check something at many points of
a game (the AI's determinisation tests of every game use it)."""

from __future__ import annotations

from rules.core import Game, Rng


def playout_points(game: Game, players: int, seed: int, options: dict, chooser_seed: int, every: int,
                   keep=lambda state, step: state) -> list:
    """The set-up, then one state every ``every`` moves (through ``keep``), and the last state;
    moves chosen by ``Rng(chooser_seed)`` for the first acting seat."""
    state = game.setup(players, seed, options)
    chooser = Rng(chooser_seed)
    out, step = [state], 0
    while game.to_act(state):
        moves = game.legal_moves(state, game.to_act(state)[0])
        state, _ = game.apply(state, moves[chooser.randbelow(len(moves))])
        step += 1
        if step % every == 0:
            out.append(keep(state, step))
    out.append(state)
    return out
