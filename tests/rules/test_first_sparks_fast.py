"""The tile-laying moves of The First Sparks are made in a few passes (board.spot_columns,
moves.spot_moves); they must be the moves the plain construction makes: one per spot and
side, numbered as the board lists the spots, labelled with the drawn tile's grounds."""

from __future__ import annotations

import pytest

from rules.core import Move, Rng
from rules.first_sparks import GAME
from rules.first_sparks import phrases as ph
from rules.first_sparks.board import TILE_BY_ID, ring, spot_choices, spots_of
from rules.first_sparks.queries import GROUND_WORD


@pytest.mark.parametrize("players", [2, 4, 6])
def test_tile_laying_moves_are_the_spots_the_board_lists(players, seeds):
    checked = 0
    for seed in seeds[:3]:
        state = GAME.setup(players, seed, {})
        chooser = Rng(seed ^ 0x711E)
        while state.phase == "build":
            seat = GAME.to_act(state)[0]
            moves = GAME.legal_moves(state, seat)
            top, bottom = (ph.GROUND[GROUND_WORD[g]]() for g in TILE_BY_ID[state.pile[0]]["grounds"])
            plain = []
            for k, (upper, lower) in enumerate(spots_of(state.tiles), start=1):
                plain.append(Move(seat, f"{k}a", ph.L_SPOT(spot=k, top=top, bottom=bottom),
                                  ("tile", *upper, ring(upper).index(lower))))
                plain.append(Move(seat, f"{k}b", ph.L_SPOT(spot=k, top=bottom, bottom=top),
                                  ("tile", *lower, ring(lower).index(upper))))
            assert moves == plain
            assert [(m.seat, m.notation, m.data, m.label) for m in moves] == \
                [(m.seat, m.notation, m.data, m.label) for m in plain]
            assert [m.said for m in moves] == [m.said for m in plain]
            assert [(a, da, b, db) for a, da, b, db in spot_choices(state.tiles)] == \
                [(plain[i].notation, plain[i].data, plain[i + 1].notation, plain[i + 1].data)
                 for i in range(0, len(plain), 2)]
            state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
            checked += 1
    assert checked


def test_starving_choices_are_the_members_whose_loss_keeps_one_group(seeds):
    """Phase 2, « Nourrir sa tribu »: a member removed for hunger must leave the clan in one group.
    The choices come from one walk (cut_regions); here each member is tried, on many groups."""
    from rules.first_sparks.board import connected
    from rules.first_sparks.queries import board_of, starve_choices

    tried = 0
    for seed in seeds[:3]:
        state = random_playout_state(4, seed)
        board = board_of(state)
        chooser = Rng(seed ^ 0x57A2)
        for _ in range(60):
            group = [1 + chooser.randbelow(board.regions)]
            for _ in range(chooser.randbelow(14)):          # grow a group, a touching region at a time
                options = sorted({n for r in group for n, _m in board.adjacent(r)} - set(group))
                if not options:
                    break
                group.append(options[chooser.randbelow(len(options))])
            if chooser.randbelow(4) == 0:                    # now and then a group in two parts
                group.append(1 + chooser.randbelow(board.regions))
            regs = sorted(set(group))
            state.members[0] = regs
            assert starve_choices(state, 0) == [r for r in regs if connected(set(regs) - {r}, board)]
            tried += 1
    assert tried


def random_playout_state(players: int, seed: int):
    """A state after the landscape is laid and the first members are placed."""
    state = GAME.setup(players, seed, {})
    chooser = Rng(seed)
    while state.phase in ("build", "neutral", "first", "second"):
        moves = GAME.legal_moves(state, GAME.to_act(state)[0])
        state, _ = GAME.apply(state, moves[chooser.randbelow(len(moves))])
    return state
