"""What the rules ask of a state: costs, limits, the market, turn order (the harvest: harvest.py).
Pure functions, shared by the game and the tests."""

from __future__ import annotations

from functools import lru_cache

from .board import TILE_BY_ID, Board, Spot, build, connected, spots_of
from .data import ANIMALS, DATA, EXPANSION_COST, IS_TOOL, KIND, KNOWLEDGE, SHUFFLE, kind, price
from .state import State

MAX_MEMBERS = 15
END_SIZE = 13
MAX_NEW = 5
# phase 3: what a new member costs, by how many the clan placed before it this turn (1, 2, 3, 4, 5
# food for the turn's 1st..5th), before the region's surcharge
MEMBER_COST: tuple[int, ...] = tuple(b - a for a, b in zip(EXPANSION_COST, EXPANSION_COST[1:]))


def board_of(state: State) -> Board:
    """The board of the laid tiles, kept on the state while its tiles list is
    the same object of the same length (copies share it once it is built)."""
    cached = state.__dict__.get("_board")
    tiles = state.tiles
    if cached is not None and cached[0] is tiles and cached[1] == len(tiles):
        return cached[2]
    board = build(tuple(tuple(p) for p in tiles))
    state.__dict__["_board"] = (tiles, len(tiles), board)
    return board


GROUND_WORD = {"bush": "berry", "lake": "fish", "forest": "bear", "valley": "mammoth"}


def tile_words(tid: str) -> str:
    return " + ".join(GROUND_WORD[g] for g in TILE_BY_ID[tid]["grounds"])


def tile_spots(state: State) -> list[Spot]:
    return spots_of(state.tiles)


# ------------------------------------------------------------------ queries


def knows(state: State, seat: int, what: str) -> bool:
    for c in state.cards[seat]:
        if KIND[c] == what:
            return True
    return False


def tools_of(state: State, seat: int) -> list[int]:
    return [c for c in state.cards[seat] if IS_TOOL[c]]


def tool_limit(state: State, seat: int) -> int:
    return 4 if knows(state, seat, "works") else 3


def current_size(state: State) -> int:
    """How many of the lowest market cards may be offered."""
    if state.stage == 2:
        return len(state.market)
    return 3 if state.n == 2 else 4


def market_size(state: State) -> int:
    """Cards the market holds when full: 8 (2 players: 6); 6 (4) once the
    shuffle card has left it (rulebook, phase 4 and the 2-player changes)."""
    full = 6 if state.n == 2 else 8
    return full - 2 if state.stage == 2 else full


def current_market(state: State) -> list[int]:
    return [c for c in state.market[:current_size(state)] if c != SHUFFLE]


def cost_to_buy(state: State, card: int) -> int:
    """The price after the bonus grain lying on the card."""
    return price(card) - (1 if card == state.bonus else 0)


def may_own(state: State, seat: int, card: int) -> bool:
    return not (kind(card) in KNOWLEDGE and knows(state, seat, kind(card)))


def can_buy(state: State, seat: int, card: int) -> bool:
    return may_own(state, seat, card) and state.food[seat] >= cost_to_buy(state, card)


def grounds_touched(state: State, clan: int, food: str) -> int:
    """Distinct hunting grounds of this food next to the clan's members."""
    board = board_of(state)
    region_food, region_hex = board.region_food, board.region_hex
    return len({region_hex[r - 1] for r in state.members[clan] if region_food[r - 1] == food})


def expansion_extra(state: State, clan: int, region: int) -> int | None:
    """Mountain and crowding surcharge for putting a member of ``clan`` on
    ``region``; None when the region is not open to it."""
    if region in state.members[clan]:
        return None
    own = set(state.members[clan])
    links = [m for r, m in board_of(state).adjacent(region) if r in own]
    if not links:
        return None
    extra = 0 if not all(links) else 1
    others = sum(1 for c, regs in enumerate(state.members) if c != clan and region in regs)
    if others:
        crowd = others + 1
        if clan < state.n and knows(state, clan, "palaver"):
            crowd -= 1
        extra += crowd
    return extra


def open_regions(state: State, clan: int) -> list[tuple[int, int]]:
    """Every region open to ``clan`` with its surcharge, in region order: the
    same as ``expansion_extra`` region by region, in one pass over the clan's
    neighbours. Kept on the state until a member or a card moves (the game
    drops it then, and a copy starts without it)."""
    memo = state.__dict__.setdefault("_open", {})
    key = ([(id(m), len(m)) for m in state.members], id(state.cards[clan]) if clan < state.n else 0)
    got = memo.get(clan)
    if got is not None and got[0] == key:
        return got[1]
    out = _open_regions(state, clan)
    memo[clan] = (key, out)
    return out


def _open_regions(state: State, clan: int) -> list[tuple[int, int]]:
    board = board_of(state)
    members = state.members[clan]
    own = set(members)                  # looked up once per neighbour
    every_link_a_mountain: dict[int, bool] = {}
    neighbours = board.neighbours
    last = len(neighbours)
    for r in members:
        if r > last:            # not on this board (only a hand-made test position has such)
            continue
        for n, m in neighbours[r - 1]:
            if n not in own:
                every_link_a_mountain[n] = every_link_a_mountain.get(n, True) and m
    if not every_link_a_mountain:
        return []
    crowd: dict[int, int] = {}
    for c, regs in enumerate(state.members):
        if c != clan:
            for r in regs:
                if r in every_link_a_mountain:
                    crowd[r] = crowd.get(r, 0) + 1
    palaver = clan < state.n and knows(state, clan, "palaver")
    out = []
    for r in sorted(every_link_a_mountain):
        extra = 1 if every_link_a_mountain[r] else 0
        others = crowd.get(r)
        if others:
            extra += others if palaver else others + 1
        out.append((r, extra))
    return out


def expansion_cost(state: State, seat: int, region: int) -> int | None:
    extra = expansion_extra(state, seat, region)
    if extra is None:
        return None
    return MEMBER_COST[state.placed_now] + extra


def restock_amounts(players: int, counts: dict[str, int]) -> dict[str, int]:
    """Tokens added to each harvest space in phase 4: the table by player
    count plus one per hunting ground of that food on the board."""
    base = DATA["restock"][str(players)]
    return {f: base[f] + counts.get(f, 0) for f in ANIMALS}


@lru_cache(maxsize=1024)
def restock_of(players: int, board: Board) -> tuple[int, ...]:
    """``restock_amounts`` for this board, in ANIMALS order (the same every round)."""
    amounts = restock_amounts(players, board.ground_counts())
    return tuple(amounts[f] for f in ANIMALS)


def spoilage(food: int) -> int:
    return food // 3


def order_by_size(state: State) -> list[int]:
    """Largest clan first; ties: the highest technology (herbs included) first;
    then a clan with Intelligence steps back one place."""
    order = sorted(range(state.n), key=lambda s: (state.size(s), max(state.cards[s], default=0)),
                   reverse=True)
    for seat in list(order):
        if knows(state, seat, "intelligence"):
            step_back(order, seat)
    return order


def step_back(order: list[int], seat: int) -> None:
    """Intelligence: the clan steps back one place in turn order (none when it is last)."""
    i = order.index(seat)
    if i + 1 < len(order):
        order[i], order[i + 1] = order[i + 1], order[i]


def starve_choices(state: State, seat: int) -> list[int]:
    """Members whose removal leaves the rest in one group."""
    regs = state.members[seat]
    if len(regs) <= 2:          # one member or none is left: a group
        return list(regs)
    board = board_of(state)
    group = set(regs)
    if not connected(group, board):     # not one group already (a hand-made position): each tried
        return [r for r in regs if connected(group - {r}, board)]
    cut = cut_regions(group, board)
    return [r for r in regs if r not in cut]


def cut_regions(group: set[int], board: Board) -> set[int]:
    """The regions of a group of touching regions whose removal splits it (its articulation
    points), found in one depth-first walk instead of one walk per region (Hopcroft–Tarjan: a
    region splits the group when some branch below it reaches no region above it)."""
    start = next(iter(group))
    order = {start: 0}                      # when each region was reached
    low = {start: 0}                        # the earliest region its branch reaches back to
    above: dict[int, int | None] = {start: None}
    cut: set[int] = set()
    branches = 0                            # the start's: it splits the group when it has two
    walk = [(start, iter(board.adjacent(start)))]
    while walk:
        region, rest = walk[-1]
        for n, _mountain in rest:
            if n not in group:
                continue
            if n not in order:
                order[n] = low[n] = len(order)
                above[n] = region
                if region == start:
                    branches += 1
                walk.append((n, iter(board.adjacent(n))))
                break
            if n != above[region] and order[n] < low[region]:
                low[region] = order[n]
        else:
            walk.pop()
            if walk:
                up = walk[-1][0]
                if low[region] < low[up]:
                    low[up] = low[region]
                if up != start and low[region] >= order[up]:
                    cut.add(up)
    if branches > 1:
        cut.add(start)
    return cut
