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

from rules.core import Rng, reseed

from .data import CROPS, DATA, FOOD_VALUE, IS_TOOL, KIND, SHUFFLE, TILES
from .queries import END_SIZE, hunt_plans, knows, spoilage
from .state import State

REMOVED_2P = len(DATA["removed_2p"])
_SIX_TOP = 15          # 6 players: « placez la carte #15 sur le dessus de la pioche »


def determinize(game, state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` with everything ``seat`` cannot see drawn again from ``rng``.

    Each pool is sorted before it is shuffled, so the result depends only on what
    the seat sees and on ``rng``."""
    new = game.clone(state)
    if state.phase != "over":
        if state.phase == "build" and len(state.pile) > 1:
            _redraw_pile(new, rng)
        _redraw_cards(new, rng)
    reseed(new, rng)
    return new


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
    pool = sorted(unseen + boxed)
    rng.shuffle(pool)
    state.deck = deck[:top] + pool[:len(unseen)] + deck[cut:]
    if boxed:
        state.box = state.box[:start] + pool[len(unseen):] + state.box[end:]


def _redraw_pile(state: State, rng: Rng) -> None:
    """The landscape tiles still to draw: any of the unseen tiles allowed at this
    player count (Mise en place 5), in any order; the drawn one (``pile[0]``) stays."""
    seen = {t[0] for t in state.tiles} | {state.pile[0]}
    pool = sorted(t["id"] for t in TILES if t["players"] <= max(state.n, 3) and t["id"] not in seen)
    rng.shuffle(pool)
    state.pile = state.pile[:1] + pool[:len(state.pile) - 1]


# ------------------------------------------------------------ heuristic

# Clan size decides the game (Fin de la partie: the largest clan wins, ties by food left).
# A new member costs 1, 2, 3, 4, 5 food as a turn's 1st..5th (plus mountains and crowding),
# so food is worth about a third of a member; what a round's harvest leaves after feeding
# the clan (phase 2) is what pays for growth in the rounds still to come.
FOOD_MEMBER = 0.3
SURPLUS_MEMBER = 0.35      # per food of surplus per round, over the rounds left
TOOL_MEMBER = 0.25         # a tool not yet hunting (no ground touched, or an empty space)
KNOWLEDGE_MEMBER = 0.4
SCALE = 1.5                # members of lead that make a position clearly won


def _income(state: State, s: int) -> int:
    """Food value of this clan's harvest now: herbs and fields (Plough +1 per field),
    and its best hunt from today's harvest spaces (phase 2)."""
    crops = 0
    plough = None
    for c in state.cards[s]:
        k = KIND[c]
        if k == "herbs":
            crops += CROPS[c]
        elif k == "field":
            if plough is None:
                plough = knows(state, s, "plough")
            crops += CROPS[c] + (1 if plough else 0)
    hunted = max(sum(n * FOOD_VALUE[f] for f, n in taken.items()) for _, taken in hunt_plans(state, s))
    return crops + hunted


def estimate(state: State, s: int, rounds_left: float) -> float:
    """Seat ``s``'s expected clan size at the end, in members."""
    size = state.size(s)
    food = state.food[s]
    if state.phase == "over":
        return size + 0.001 * food          # ties: the most food left (Fin de la partie)
    tools = sum(1 for c in state.cards[s] if IS_TOOL[c])
    knowledge = sum(1 for c in state.cards[s] if not IS_TOOL[c])
    surplus = _income(state, s) - size
    if surplus < 0:                         # members starve (phase 2: each unfed member is removed)
        growth = surplus * min(1.0, rounds_left)
    else:
        growth = SURPLUS_MEMBER * surplus * rounds_left
    keep = food - (0 if knows(state, s, "fire") else spoilage(food))
    return (size + FOOD_MEMBER * keep + growth
            + TOOL_MEMBER * tools + KNOWLEDGE_MEMBER * knowledge)


def rounds_left(state: State) -> float:
    """Rounds the game may still last: the last one once a clan has 13 members,
    else about one per two members the largest clan still lacks."""
    if state.ending:
        return 0.3
    biggest = max(state.size(s) for s in range(state.n))
    return max(0.5, min(4.0, (END_SIZE - biggest) / 2))


def heuristic(game, state: State, seat: int) -> float:
    """0..1: a logistic of the seat's estimated lead over its best opponent."""
    left = rounds_left(state)
    mine = estimate(state, seat, left)
    best = max(estimate(state, s, left) for s in range(state.n) if s != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best) / SCALE))

