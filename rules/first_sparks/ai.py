"""What a First Sparks seat may know, for the AI seats (``ai/`` searches over these).

``determinize`` redraws everything the seat cannot see, consistently with what
it sees; ``heuristic`` judges a position from what the seat sees.

Hidden from a seat (Mise en place and phase 1/4 of the rulebook):
- the landscape tiles still to draw (5: « mélangez-les face cachée »): which
  tiles, and in which order; the tile just drawn is shown (``view``: drawn);
- the technology deck (8: « une pioche face cachée »): which cards and in which
  order, and which cards went back to the box unseen (8: « remettez face cachée
  dans la boîte »; 2 players: « retirez-en 2 au hasard face cachée »). Public:
  the « mélanger » card under the deck (8: « placez la carte mélanger
  dessous »), the cards put under it in phase 4 (« sous la pioche », below the
  shuffle card: each was seen in the market), and at 6 players #15 on top
  (« placez la carte #15 sur le dessus »). Once the shuffle card is drawn the
  whole deck is shuffled (« Mélangez bien les cartes restantes »): its order is
  unknown, and it is drawn again among the deck and the unseen boxed cards (the
  state does not record which deck cards were seen going under it);
- the state's Rng (every future shuffle).
Not hidden: a Fire clan's food (Détails des connaissances, Feu: it may hide its
tokens). ``view`` shows no number, but every gain (harvest, bonus grain) and
every payment (prices, members, feeding) is announced, so the record tells it.
"""

from __future__ import annotations

import math

from rules.core import Game, Rng, rank_by
from rules.kit.redeal import Deal, determinized

from .data import DATA, IS_TOOL, KIND, SHUFFLE, TILES
from .harvest import harvest_value, tool_harvest
from .queries import (
    END_SIZE,
    MAX_MEMBERS,
    MAX_NEW,
    MEMBER_COST,
    board_of,
    cost_to_buy,
    current_market,
    knows,
    may_own,
    open_regions,
    spoilage,
    tool_limit,
)
from .state import State

REMOVED_2P = len(DATA["removed_2p"])
_SIX_TOP = 15          # 6 players: « placez la carte #15 sur le dessus de la pioche »


def determinize(game: Game, state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` with everything ``seat`` cannot see drawn again from ``rng``
    (``rules.kit.redeal``: each pool sorted, then shuffled, so the copy depends only on
    what the seat sees and on ``rng``), and fresh dice."""
    return determinized(game, state, rng, None if state.phase == "over" else _redraw)


def _redraw(state: State, rng: Rng) -> None:
    if state.phase == "build" and len(state.pile) > 1:
        _redraw_pile(state, rng)
    _redraw_cards(state, rng)


def _hidden_box(state: State) -> tuple[int, int]:
    """Where the cards boxed unseen at set-up lie in ``state.box`` (Mise en place 8;
    2 players: after the 8 listed cards): set-up puts them first, play only appends."""
    start = REMOVED_2P if state.n == 2 else 0
    return start, start + DATA["removed_from_deck"][str(state.n)]


def _redraw_cards(state: State, rng: Rng) -> None:
    """The unseen cards dealt again between the deck's unknown places and the box's unseen ones."""
    deck = state.deck
    start, end = _hidden_box(state)
    boxed = state.box[start:end]
    if SHUFFLE in deck:
        # stage 1: [#15 at 6 players] + unseen cards + shuffle card + cards put under it (all seen)
        cut = deck.index(SHUFFLE)
        top = 1 if state.n == 6 and cut and deck[0] == _SIX_TOP else 0
        unseen = deck[top:cut]
    else:
        top, cut, unseen = 0, len(deck), deck
    if not boxed and len(unseen) < 2:
        return
    deal = Deal(unseen + boxed, rng)
    state.deck = deck[:top] + deal.take(len(unseen)) + deck[cut:]
    if boxed:
        state.box = state.box[:start] + deal.rest() + state.box[end:]


def _redraw_pile(state: State, rng: Rng) -> None:
    """The landscape tiles still to draw: any of the unseen tiles allowed at this
    player count (Mise en place 5), in any order; the drawn one (``pile[0]``) stays."""
    seen = {t[0] for t in state.tiles} | {state.pile[0]}
    deal = Deal((t["id"] for t in TILES if t["players"] <= max(state.n, 3) and t["id"] not in seen), rng)
    state.pile = state.pile[:1] + deal.take(len(state.pile) - 1)


# ------------------------------------------------------------ heuristic

# Clan size decides the game (Fin de la partie: the largest clan wins, ties by food left), and the game
# ends only when a clan places its 13th member (Fin du jeu): food is worth what it becomes. A seat is
# judged by the clan it would have if it kept expanding as the rules let it (phase 3: 1, 2, 3, 4, 5 food
# for a turn's 1st..5th new member, plus the surcharges; at most 5 a turn) while its harvest can feed
# the members (phase 2: 1 food each, every round to the end). Members it would only place later count
# for less (LATER per round of waiting), so that a seat never keeps putting its growth off: a clan
# that only ever saves grows nothing, and a table of such clans never ends.
LATER = 0.8                # a member placed a round later is worth this much of one placed now
FOOD_END = 0.001           # food left at the end breaks ties only (Fin de la partie)
FOOD_SPARE = 0.05          # food the projection did not spend: the rounds after the estimate may use
SPARE_MOST = 10            # some of it (a few members, a card), never a hoard
TOOL_MEMBER = 0.25         # a tool not yet hunting (no ground touched, or an empty space)
KNOWLEDGE_MEMBER = 0.4
SCALE = 1.5                # members of lead that make a position clearly won


def _displaced(state: State, s: int) -> int:
    """Food a round the clan loses when a new tool displaces one (« au maximum que trois cartes
    outils »): its weakest tool's harvest when it holds its limit, else nothing."""
    tools = [c for c in state.cards[s] if IS_TOOL[c]]
    if len(tools) < tool_limit(state, s):
        return 0
    return min(tool_harvest(state, s, c) for c in tools)


def _card_gain(state: State, s: int, card: int, displaced: int) -> int:
    """Food a round this card adds to the clan's harvest as it stands (a field its crops, a hunting
    tool what today's space would give where the clan touches the ground; herbs and knowledge nothing
    here), less what the tool it displaces gave (``_displaced``)."""
    if not IS_TOOL[card] or KIND[card] == "herbs":
        return 0
    return tool_harvest(state, s, card) - displaced


def _target(state: State, s: int) -> tuple[int, int, bool] | None:
    """The card of the current market this clan would save for: (price, food a round it adds, Fire?),
    the best gain for its price; None when no card there adds anything it can use."""
    best: tuple[float, tuple[int, int, bool]] | None = None
    displaced: int | None = None            # the same for every card: worked out once, when needed
    for c in current_market(state):
        if not may_own(state, s, c):
            continue
        fire = KIND[c] == "fire"
        if displaced is None and IS_TOOL[c]:
            displaced = _displaced(state, s)
        gain = _card_gain(state, s, c, displaced or 0)
        if gain <= 0 and not fire:
            continue
        p = cost_to_buy(state, c)
        key = (gain + (2 if fire else 0)) / p
        if best is None or key > best[0]:
            best = (key, (p, gain, fire))
    return best[1] if best else None


def _steps_left_this_round(state: State, s: int) -> tuple[bool, bool, int | None]:
    """What seat ``s`` still does in the current round: (rots, hunts, expands from which new member —
    None: its expansion is over)."""
    phase = state.phase
    if phase == "buy":
        return True, True, 0
    if phase == "hunt":
        if state.starve and state.queue[0] == s:    # it has hunted and fed what it could: starving now
            return False, False, 0
        return False, s in state.queue, 0 if s in state.queue else None
    if phase == "expand":
        if s not in state.queue:
            return False, False, None
        return False, False, state.placed_now if state.queue[0] == s else 0
    return False, False, None       # set-up: the first round starts with a purchase


def _expand(size: int, food: int, income: int, placed: int, extra: int, room: int, upkeep_rounds: int,
            fire: bool, reserve: int) -> tuple[int, int]:
    """Members placed in one expansion turn, from its ``placed``-th on: each while the clan can pay
    for it (keeping ``reserve`` for a card) and its harvest can feed it in every round still to come.
    Returns (new size, food)."""
    while placed < MAX_NEW and size < room:
        cost = MEMBER_COST[placed] + extra
        if cost > food - reserve:
            break
        # what the food left and the harvest of the rounds to come feed (spoilage eats a third)
        kept = food - cost if fire else (food - cost) * 2 // 3
        if upkeep_rounds and (income <= size or kept + upkeep_rounds * (income - size - 1) < 0):
            break           # phase 2 must feed it: from the harvest, once the stock is gone
        food -= cost
        size += 1
        placed += 1
    return size, food


def estimate(state: State, s: int, rounds_left: float) -> float:
    """Seat ``s``'s expected clan size at the end, in members (see the notes above)."""
    size = state.size(s)
    food = state.food[s]
    if state.phase == "over":
        return size + 0.001 * food          # ties: the most food left (Fin de la partie)
    income = harvest_value(state, s)          # the rules' own harvest, as if it came now
    fire = knows(state, s, "fire")
    opened = open_regions(state, s) if size else []
    extra = min((e for _, e in opened), default=0)
    room = min(MAX_MEMBERS, board_of(state).regions) if opened or not size else size
    rots, hunts, placed = _steps_left_this_round(state, s)
    rounds = 0 if state.ending else max(0, math.ceil(rounds_left - 0.5))     # whole rounds after this one
    # a card worth saving for: bought at the first purchase the food allows, if it repays itself
    buys = state.phase != "buy" or (s not in state.done and (not state.offer or state.offer["by"] == s))
    target = _target(state, s) if rounds else None
    if state.phase == "hunt" and state.starve and state.queue[0] == s:
        size -= state.starve                # the members it is removing (phase 2: « meurent de faim »)
    value = float(size)
    # before phase 3 the round's expansion is the next one, as it is for a clan whose phase 3 is over: a
    # clan that stops expanding does not gain by the round starting (the next state is a phase 1's)
    weight = 1.0 if state.phase == "expand" else LATER
    for r in range(rounds + 1):
        if r:                                           # a whole round: phase 1 spoilage, 2 hunt, 3 expand
            rots, hunts, placed, buys = True, True, 0, True
        if target and buys and rots and food >= target[0]:
            food -= target[0]
            income += target[1]
            fire = fire or target[2]
            value += KNOWLEDGE_MEMBER * target[2]
            target = None
        if rots and not fire:
            food -= spoilage(food)
        if hunts:
            food += income - size
            if food < 0:                                # phase 2: unfed members starve, for sure: no
                value += max(food, 1 - size)            # discount, or a member placed to starve would pay
                size = max(1, size + food)
                food = 0
        if placed is not None:
            reserve = target[0] if target and r < rounds and target[1] * (rounds - r) >= target[0] // 2 else 0
            grown, food = _expand(size, food, income, placed, extra, room, rounds - r, fire, min(reserve, food))
            value += (grown - size) * weight
            size = grown
        weight *= LATER
    tools = sum(1 for c in state.cards[s] if IS_TOOL[c])
    knowledge = sum(1 for c in state.cards[s] if not IS_TOOL[c])
    spare = FOOD_END * food if state.ending else FOOD_SPARE * min(food, SPARE_MOST)
    return value + spare + TOOL_MEMBER * tools + KNOWLEDGE_MEMBER * knowledge


def rounds_left(state: State) -> float:
    """Rounds the game may still last: the last one once a clan has 13 members,
    else about one per two members the largest clan still lacks."""
    if state.ending:
        return 0.3
    biggest = max(state.size(s) for s in range(state.n))
    return max(0.5, min(4.0, (END_SIZE - biggest) / 2))


def heuristic(game: Game, state: State, seat: int) -> float:
    """0..1: a logistic of the seat's estimated lead over its best opponent. Once the rounds go round in
    circles (the cycle watch), the game is as good as over: the seat's reward for ending it now, so that
    ending it (proposing, agreeing) is never worse than going round again."""
    if state.stall is not None:
        ranks = rank_by([(state.size(s), state.food[s]) for s in range(state.n)])
        worst = max(ranks)
        return 1.0 if worst == 1 else 1.0 - (ranks[seat] - 1) / (worst - 1)
    left = rounds_left(state)
    mine = estimate(state, seat, left)
    best = max(estimate(state, s, left) for s in range(state.n) if s != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best) / SCALE))

