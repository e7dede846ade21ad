"""Clans: the rulebook's worked examples, the set-up, the 7-hut rule,
founding order, the end, secrecy, and invariants over random playouts."""

from __future__ import annotations

import json

import pytest

from bot.table.i18n import refusal_text
from rules.clans import GAME
from rules.clans.data import COLOURS, EPOCHS, MAP, N_TERRITORIES, NEIGHBOURS, REGIONS, TERRAIN, epoch_of
from rules.clans.state import State, Village
from rules.core import IllegalMove, Rng, random_playout

RED, BLUE, GREEN, YELLOW, BLACK = range(5)


# ------------------------------------------------------------ helpers


def position(huts: dict[int, dict[int, int]], founded: int = 0, seats: int = 2) -> State:
    """A state with only the given huts ({territory: {colour: count}}) and
    ``founded`` earlier villages (destroyed, on territories left empty)."""
    state = GAME.setup(seats, 1, {})
    state.huts = [[0] * 5 for _ in range(N_TERRITORIES)]
    for t, counts in huts.items():
        for c, n in counts.items():
            state.huts[t][c] = n
    spare = [t for t in range(N_TERRITORIES) if t not in huts]
    state.villages = [Village(spare[i], 1, epoch_of(i), 0, 0, [], [], True) for i in range(founded)]
    return state


def move(state: State, src: int, dst: int, seat: int | None = None):
    seat = state.turn if seat is None else seat
    return GAME.apply(state, GAME.parse(state, seat, f"{src + 1}>{dst + 1}"))


def site(terrain: str) -> tuple[int, int]:
    """A territory of that terrain and one of its neighbours."""
    t = next(t for t in range(N_TERRITORIES) if TERRAIN[t] == terrain)
    return t, NEIGHBOURS[t][0]


def elsewhere(*used: int) -> dict[int, dict[int, int]]:
    """Two neighbouring huts away from ``used``, so the game goes on."""
    near = {n for t in used for n in (t, *NEIGHBOURS[t])}
    t, n = next((t, n) for t in range(N_TERRITORIES) for n in NEIGHBOURS[t] if not {t, n} & near)
    return {t: {YELLOW: 1}, n: {BLACK: 1}}


def fork(terrain_a: str, terrain_b: str) -> tuple[int, int, int]:
    """(s, a, b): a and b both neighbour s but not each other, of the given terrains."""
    for s in range(N_TERRITORIES):
        for a in NEIGHBOURS[s]:
            for b in NEIGHBOURS[s]:
                if TERRAIN[a] == terrain_a and TERRAIN[b] == terrain_b and a != b and b not in NEIGHBOURS[a]:
                    return s, a, b
    raise LookupError("no such fork on the map")


# ------------------------------------------------------------ the map and set-up


def test_map_is_twelve_regions_of_one_forest_mountain_steppe_and_two_grasslands():
    assert N_TERRITORIES == 60 and len(REGIONS) == 12
    for region in REGIONS:
        assert sorted(TERRAIN[t] for t in region) == ["forest", "grassland", "grassland", "mountain", "steppe"]
        # each region is contiguous (rivers inside a region do not exist; borders only)
        seen, todo = {region[0]}, [region[0]]
        while todo:
            for n in NEIGHBOURS[todo.pop()]:
                if n in region and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(region)


def test_adjacency_is_symmetric_connected_and_cut_by_lakes():
    for t in range(N_TERRITORIES):
        for n in NEIGHBOURS[t]:
            assert t in NEIGHBOURS[n] and n != t
    seen, todo = {0}, [0]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == N_TERRITORIES
    cuts = [(a - 1, b - 1) for lake in MAP["lakes"] for a, b in lake["cuts"]]
    assert cuts, "the map has lakes"
    for a, b in cuts:
        assert b not in NEIGHBOURS[a]


def test_adjacency_is_the_drawn_geometry_minus_lakes():
    """Territories sharing a polygon edge are neighbours unless a lake cuts them,
    so the board image and the rules agree."""
    edges: dict[frozenset, set[int]] = {}
    for t in MAP["territories"]:
        p = [tuple(v) for v in t["polygon"]]
        for a, b in zip(p, p[1:] + p[:1]):
            edges.setdefault(frozenset((a, b)), set()).add(t["id"] - 1)
    touching = {frozenset(ts) for ts in edges.values() if len(ts) == 2}
    cuts = {frozenset((a - 1, b - 1)) for lake in MAP["lakes"] for a, b in lake["cuts"]}
    assert cuts <= touching
    assert {frozenset((t, n)) for t in range(N_TERRITORIES) for n in NEIGHBOURS[t]} == touching - cuts


def test_epoch_table_has_twelve_tokens_and_rising_bonus():
    assert [e["chips"] for e in EPOCHS] == [4, 3, 2, 2, 1]
    assert [e["bonus"] for e in EPOCHS] == [1, 2, 3, 4, 5]
    assert (EPOCHS[0]["favourable"], EPOCHS[0]["hostile"]) == ("forest", "mountain")
    assert EPOCHS[1]["hostile"] == "grassland" and EPOCHS[2]["favourable"] == "steppe"
    assert EPOCHS[4]["favourable"] == "all" and EPOCHS[4]["hostile"] is None


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_one_hut_of_each_colour_per_region_and_distinct_secret_clans(seats):
    state = GAME.setup(seats, 11, {})
    for region in REGIONS:
        assert all(sum(state.huts[t]) == 1 for t in region)
        assert sorted(state.huts[t].index(1) for t in region) == [0, 1, 2, 3, 4]
    assert len(state.clans) == seats == len(set(state.clans))
    assert state.scores == [0] * 5 and not state.villages
    assert GAME.to_act(state) == [0]


# ------------------------------------------------------------ moves


def test_huts_move_only_all_together_onto_an_occupied_neighbour():
    v, s = site("steppe")
    rest = elsewhere(s, v)
    far = next(iter(rest))
    state = position({s: {RED: 1, BLUE: 2}, v: {GREEN: 1}, **rest})
    notations = {m.notation for m in GAME.legal_moves(state, 0)}
    assert f"{s + 1}>{v + 1}" in notations
    empty = next(n for n in NEIGHBOURS[s] if n != v)
    with pytest.raises(IllegalMove, match="empty: huts only move onto occupied"):
        GAME.parse(state, 0, f"{s + 1}>{empty + 1}")
    with pytest.raises(IllegalMove, match="not neighbours"):
        GAME.parse(state, 0, f"{s + 1}>{far + 1}")
    with pytest.raises(IllegalMove, match="no territory 61"):
        GAME.parse(state, 0, "61>1")
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.parse(state, 1, f"{s + 1}>{v + 1}")
    after, _ = move(state, s, v)
    assert after.huts[s] == [0] * 5 and after.huts[v] == [1, 2, 1, 0, 0]


def test_a_lake_cuts_adjacency():
    a, b = (x - 1 for x in MAP["lakes"][0]["cuts"][0])
    state = position({a: {RED: 1}, b: {BLUE: 1}, NEIGHBOURS[a][0]: {GREEN: 1}, NEIGHBOURS[b][0]: {BLACK: 1}})
    with pytest.raises(IllegalMove, match="not neighbours"):
        GAME.parse(state, 0, f"{a + 1}>{b + 1}")


def test_seven_hut_limit():
    """A group of 7+ cannot move, except onto a group of 7+ at least as large;
    smaller groups may still join it (rulebook, illustration 1)."""
    big, small = site("grassland")
    other = next(n for n in NEIGHBOURS[small] if n != big and n not in NEIGHBOURS[big])
    state = position({big: {BLACK: 4, RED: 3}, small: {BLUE: 3}, other: {GREEN: 1}})
    notations = {m.notation for m in GAME.legal_moves(state, 0)}
    assert f"{small + 1}>{big + 1}" in notations
    assert not any(n.startswith(f"{big + 1}>") for n in notations)
    with pytest.raises(IllegalMove, match="7 or more only moves onto a group at least as large"):
        GAME.parse(state, 0, f"{big + 1}>{small + 1}")
    # 7 onto 8: the smaller big group moves onto the larger, not the reverse
    state = position({big: {BLACK: 7}, small: {BLUE: 8}, other: {GREEN: 1}})
    notations = {m.notation for m in GAME.legal_moves(state, 0)}
    assert f"{big + 1}>{small + 1}" in notations and f"{small + 1}>{big + 1}" not in notations
    # equal big groups: the mover picks the direction
    state = position({big: {BLACK: 7}, small: {BLUE: 7}, other: {GREEN: 1}})
    notations = {m.notation for m in GAME.legal_moves(state, 0)}
    assert {f"{big + 1}>{small + 1}", f"{small + 1}>{big + 1}"} <= notations


# ------------------------------------------------------------ villages: the rulebook's examples


def test_illustration_3_battle_removes_lone_huts_of_a_five_colour_village():
    """9 huts: 4 black, 2 red, 1 green, 1 yellow, 1 blue. All 5 colours are
    there, so blue, yellow and green are removed: 6 huts are left and count."""
    v, s = site("steppe")     # steppe is neither favourable nor hostile in epoch I
    state = position({v: {BLACK: 4, RED: 2}, s: {GREEN: 1, YELLOW: 1, BLUE: 1}})
    after, events = move(state, s, v)
    village = after.villages[-1]
    assert village.lost == [BLUE, GREEN, YELLOW]
    assert after.huts[v] == [2, 0, 0, 0, 4] and village.huts == 6 and village.value == 6
    assert after.scores == [6, 0, 0, 0, 6]
    assert any("Battle: the lone huts (blue, green, yellow) are removed" in e.text for e in events)


def test_illustration_5_forest_village_in_epoch_1_is_worth_6_to_each_colour():
    """5 huts (3 blue, 1 yellow, 1 red) in a forest in epoch I: 5 + 1 = 6
    points for blue, yellow and red; the founder takes a bonus token."""
    v, s = site("forest")
    state = position({v: {BLUE: 3}, s: {YELLOW: 1, RED: 1}})
    after, _ = move(state, s, v, seat=0)
    assert after.villages[-1].value == 6
    assert after.scores == [6, 6, 0, 6, 0]
    assert after.chips(0) == 1 and after.chips(1) == 0


def test_favourable_steppe_in_epoch_3_adds_3():
    v, s = site("steppe")
    state = position({v: {RED: 2}, s: {GREEN: 1}}, founded=7)
    assert epoch_of(7) == 2
    after, _ = move(state, s, v)
    assert after.villages[-1].value == 3 + 3
    assert after.scores == [6, 0, 6, 0, 0]


def test_hostile_plain_in_epoch_2_destroys_the_village():
    v, s = site("grassland")
    state = position({v: {RED: 2, BLUE: 1}, s: {GREEN: 1}}, founded=4)
    after, events = move(state, s, v, seat=0)
    village = after.villages[-1]
    assert village.destroyed and village.value == 0 and village.epoch == 1
    assert after.huts[v] == [0] * 5 and after.scores == [0] * 5
    assert after.chips(0) == 1, "the founder takes the token even for a destroyed village"
    assert any("destroyed" in e.text for e in events)


def test_battle_can_leave_nobody_yet_the_founder_takes_the_token():
    v, s = site("forest")
    state = position({v: {RED: 1, BLUE: 1, GREEN: 1}, s: {YELLOW: 1, BLACK: 1}})
    after, events = move(state, s, v, seat=0)
    assert after.huts[v] == [0] * 5 and after.scores == [0] * 5
    assert after.villages[-1].value == 0 and after.chips(0) == 1
    assert "nobody scores" in events[1].text


def test_each_colour_scores_the_full_value_whatever_its_number_of_huts():
    v, s = site("steppe")
    state = position({v: {BLACK: 5}, s: {RED: 1}})
    after, _ = move(state, s, v)
    assert after.scores[BLACK] == after.scores[RED] == 6


def test_two_villages_at_once_across_an_epoch_change_mover_chooses_the_order():
    """One token left in epoch I; a move isolates a forest and a grassland.
    Forest first: +1 in epoch I, then the grassland falls in epoch II where
    it is hostile. Grassland first: plain value in epoch I, then the forest
    is neutral in epoch II."""
    s, forest, plain = fork("forest", "grassland")
    state = position({s: {RED: 1}, forest: {BLUE: 1}, plain: {GREEN: 2}, **elsewhere(s, forest, plain)},
                     founded=3)
    after, events = move(state, s, forest, seat=0)
    assert GAME.to_act(after) == [0] and sorted(after.pending) == sorted([forest, plain])
    choices = GAME.legal_moves(after, 0)
    assert {m.notation for m in choices} == {f"village {forest + 1}", f"village {plain + 1}"}
    with pytest.raises(IllegalMove, match="choose which comes first"):
        GAME.parse(after, 0, f"{forest + 1}>{plain + 1}")

    forest_first, _ = GAME.apply(after, GAME.parse(after, 0, f"village {forest + 1}"))
    assert [v.epoch for v in forest_first.villages[3:]] == [0, 1]
    assert forest_first.villages[3].value == 2 + 1 and forest_first.villages[4].destroyed
    assert forest_first.scores == [3, 3, 0, 0, 0]

    plain_first, _ = GAME.apply(after, GAME.parse(after, 0, f"Village {plain + 1}"))
    assert plain_first.villages[3].value == 2 and plain_first.villages[4].value == 2
    assert plain_first.scores == [2, 2, 2, 0, 0]
    assert plain_first.chips(0) == forest_first.chips(0) == 2
    assert GAME.to_act(plain_first) == [1]


def test_villages_in_the_same_epoch_are_founded_without_asking():
    s, a, b = fork("steppe", "grassland")
    state = position({s: {RED: 1}, a: {BLUE: 1}, b: {GREEN: 1}, **elsewhere(s, a, b)})
    after, _ = move(state, s, a)
    assert not after.pending and len(after.villages) == 2 and GAME.to_act(after) == [1]


def test_twelfth_village_gets_5_ends_the_game_and_later_ones_do_not_count():
    s, a, b = fork("mountain", "grassland")
    state = position({s: {RED: 1}, a: {BLUE: 2}, b: {GREEN: 3}}, founded=11)
    after, _ = move(state, s, a, seat=0)
    assert after.pending and not after.end
    done, events = GAME.apply(after, GAME.parse(after, 0, f"village {b + 1}"))
    assert len(done.villages) == 12 and done.end == "twelve" and GAME.to_act(done) == []
    assert done.villages[-1].value == 3 + 5
    assert done.scores == [0, 0, 8, 0, 0], "the other village of that move does not count"
    assert events[-1].reveal and GAME.result(done) is not None


def test_game_ends_at_once_when_no_move_is_possible():
    v, s = site("steppe")
    state = position({v: {RED: 1}, s: {BLUE: 1}}, founded=2)
    after, events = move(state, s, v)
    assert after.end == "stuck" and len(after.villages) == 3 and GAME.to_act(after) == []
    assert any("No move is possible" in e.text for e in events)


def test_final_score_adds_one_point_per_bonus_token_and_ties_share_victory():
    state = position({}, founded=12)
    state.end = "twelve"
    state.clans = [RED, BLUE]
    state.scores = [10, 11, 0, 0, 0]
    state.villages[0].founder = 0       # seat 0: 1 token, seat 1: 11 tokens
    for v in state.villages[1:]:
        v.founder = 1
    result = GAME.result(state)
    assert result.scores == [11, 22] and result.ranks == [2, 1]
    state.scores = [21, 11, 0, 0, 0]
    assert GAME.result(state).ranks == [1, 1]


# ------------------------------------------------------------ secrecy


def _public(state: State) -> str:
    return json.dumps([GAME.view(state, None), GAME.status_text(state), GAME.public_scores(state)])


def _refusal(state: State, seat: int, typed: str) -> str:
    try:
        return GAME.parse(state, seat, typed).notation
    except IllegalMove as err:
        return f"{err} / {refusal_text('fr', err)}"


def test_secret_colours_never_reach_the_public_before_the_end(seeds):
    """Two games identical but for the secret clans look the same in public,
    move after move, until the end reveals the colours."""
    for seed in seeds:
        a = GAME.setup(4, seed, {})
        b = a.copy()
        b.clans = b.clans[1:] + b.clans[:1]
        chooser = Rng(seed)
        while GAME.to_act(a):
            assert _public(a) == _public(b)
            assert "my_colour" not in GAME.view(a, None) and "clans" not in GAME.view(a, None)
            seat = GAME.to_act(a)[0]
            assert GAME.view(a, seat)["my_colour"] == COLOURS[a.clans[seat]]
            assert COLOURS[a.clans[seat]] in GAME.private_text(a, seat)
            moves = GAME.legal_moves(a, seat)
            for typed in ("1>2", "30>31", "61>2", "hello", f"{moves[0].notation}x"):
                assert _refusal(a, seat, typed) == _refusal(b, seat, typed)
            m = moves[chooser.randbelow(len(moves))]
            a, events_a = GAME.apply(a, m)
            b, events_b = GAME.apply(b, m)
            hidden = [e for e in events_a if not e.reveal]
            assert [e.text for e in hidden] == [e.text for e in events_b if not e.reveal]
        assert GAME.view(a, None)["clans"] == [COLOURS[c] for c in a.clans]


# ------------------------------------------------------------ random playouts


def _check_invariants(before: State, after: State) -> None:
    removed = sum(len(v.lost) + (v.huts if v.destroyed else 0) for v in after.villages)
    assert sum(map(sum, after.huts)) == 60 - removed
    assert all(x >= y for x, y in zip(after.scores, before.scores)), "scores never decrease"
    assert len(after.villages) <= 12
    for c in range(5):
        assert after.scores[c] == sum(v.value for v in after.villages if c in v.colours)
    assert sum(after.chips(s) for s in range(after.seats)) == len(after.villages)
    for v in after.villages:   # a village never moves nor grows
        assert not any(any(after.huts[n]) for n in NEIGHBOURS[v.territory])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_the_invariants(players, seeds):
    for seed in seeds:
        previous = [GAME.setup(players, seed, {})]

        def check(state, previous=previous):
            _check_invariants(previous[0], state)
            previous[0] = state

        out = random_playout(GAME, players, seed, check=[check])
        assert out.finished and out.state.end in ("twelve", "stuck")
        result = GAME.result(out.state)
        assert result.scores == [out.state.scores[c] + out.state.chips(s) for s, c in enumerate(out.state.clans)]
