"""The First Sparks in the move picker (rules/picker.py): each decision by taps, seen before it counts.

Bound to the game as methods (``move_path``, ``preview``, ``may_autoplay``: the first
parameter is the game). A decision is one phase's own choice: where the drawn tile goes
(the spot, then which way round when the spots do not fit one menu), a region (by its
hunting ground first when more than a menu's worth are free), a card to offer, an answer,
a tool to give up, a hunt, a member who starves.

What a preview may show: the deck's order and the tiles still to draw are secret, and so is
the food of a clan that knows Fire (Feu: « gardez vos réserves de nourriture cachées »).
A move whose own effect is known but that then draws (a card into the market, the next
landscape tile) shows its effect and stops where the draw comes; so does one after which
the table would say something only a Fire clan's food decides: whether it feeds all its
members, whether the game ends at the round's end (the repetition safeguards compare food),
the final count.
"""

from __future__ import annotations

from typing import NoReturn, SupportsIndex

from rules import phrases as core_phrases
from rules.core import Event, Game, Move
from rules.picker import Preview, Step
from rules.wording import Said

from . import phrases as ph
from .board import spot_columns
from .moves import SpotMove
from .queries import board_of, knows
from .state import State

MENU = 25            # options one select menu shows
# the events that say what a draw brought: a card into the market, one under the bonus card, the shuffle,
# the next landscape tile
DRAW_KEYS = frozenset({ph.COMES.key, ph.DRAWN_LOW.key, ph.SHUFFLED.key, ph.DRAWS.key})
HARVEST_KEYS = frozenset({ph.HARVESTS.key, ph.HARVESTS_NOTHING.key})
# what a round's end says first: the new turn order (phase 4), or the end of the game
ROUND_END_KEYS = frozenset({ph.TURN_ORDER.key, ph.OVER.key, ph.STALEMATE.key, ph.REPEATED.key})


# ------------------------------------------------------------------ the picker's tree


def move_path(game: Game, state: State, move: Move) -> tuple[Step, ...]:
    phase, act = state.phase, move.data[0]
    said = _said(move)
    if phase == "build":
        return _spot_path(state, move)
    if phase in ("neutral", "first"):
        return _start_path(game, state, move)
    if phase == "second" or (phase == "expand" and act in ("place", "skip")):
        ask = ph.ASK_SECOND() if phase == "second" else ph.ASK_PLACE()
        if act == "skip":
            return (Step(ask, move.notation, said),)
        region, cost = move.data[1], move.data[2]
        return (Step(ask, move.notation, ph.L_REGION_COST(r=region, ground=_ground(state, region), cost=cost)),)
    if act == "neutral":
        region = move.data[1]
        return (Step(ph.ASK_NEUTRAL(), move.notation, ph.L_REGION(r=region, ground=_ground(state, region))),)
    if act == "starve":
        region = move.data[1]
        return (Step(ph.ASK_STARVE(), move.notation, ph.L_REGION(r=region, ground=_ground(state, region))),)
    if act == "hunt":
        return (Step(ph.ASK_HUNT(), move.notation, said),)
    if act in ("offer", "pass"):
        return (Step(ph.ASK_OFFER(), move.notation, said),)
    if act in ("buy", "decline") and state.offer is not None:
        return (Step(ph.ASK_ANSWER(card=ph.card(state.offer["card"])), move.notation, said),)
    if act in ("take", "discard") and state.offer is not None:
        return (Step(ph.ASK_DECIDE(card=ph.card(state.offer["card"])), move.notation, said),)
    if act == "drop":
        return (Step(ph.ASK_DROP(), move.notation, said),)
    return (Step(core_phrases.PICK_MOVE(), move.notation, move.said or move.notation),)


def _said(move: Move) -> Said | str:
    """The move's label as a phrase (every move of this game has one), else its English."""
    return move.said or move.label


def _ground(state: State, region: int) -> Said:
    return ph.GROUND[board_of(state).food_of(region)]()


def _spot_path(state: State, move: Move) -> tuple[Step, ...]:
    """``3a``: the drawn tile on spot 3, its first ground above. One tap when every way fits a
    menu, else the spot, then which way round."""
    assert isinstance(move, SpotMove), "a tile is laid by a SpotMove"
    spot, top, bottom = move.words
    if len(spot_columns(state.tiles)[0]) <= MENU:
        return (Step(ph.ASK_SPOT(), move.notation, _said(move)),)
    return (Step(ph.ASK_SPOT(), str(spot), ph.L_SPOT_ONLY(spot=spot)),
            Step(ph.ASK_ROUND(spot=spot), move.notation[-1],
                 ph.L_ROUND(top=ph.GROUND[top](), bottom=ph.GROUND[bottom]())))


def _start_path(game: Game, state: State, move: Move) -> tuple[Step, ...]:
    """A free first member (or the neutral clan's): the region, by its hunting ground first when
    the free regions do not fit one menu (a ground's three regions are free together)."""
    region = move.data[2]
    ask = ph.ASK_NEUTRAL_START() if state.phase == "neutral" else ph.ASK_FIRST()
    label = ph.L_REGION(r=region, ground=_ground(state, region))
    if len(game.legal_moves(state, move.seat)) <= MENU:
        return (Step(ask, move.notation, label),)
    board = board_of(state)
    hexagon = board.ground_of(region)
    first = 3 * hexagon + 1
    group = ph.L_GROUND_GROUP(first=first, last=first + 2, ground=ph.GROUND[board.food_of(region)]())
    return (Step(ask, f"g{hexagon}", group), Step(ask, move.notation, label))


# ------------------------------------------------------------------ the preview


def preview(game: Game, state: State, move: Move, seat: int) -> Preview:
    after, events = game.apply(state, move)
    secret = [s for s in range(after.n) if s != seat and knows(after, s, "fire")]
    cut = _hidden_from(events, seat, secret)
    if cut is None and (after.phase != "over" or not secret) and after.rng.draws == state.rng.draws:
        return Preview(after, _seen(events, seat))
    if cut is None:                 # only the final count is left to hide
        return Preview(state, _seen(events, seat), partial=True, note=ph.NOTE_OVER())
    known = _seen(events[:cut], seat)
    said = events[cut].said
    key = said.key if said is not None else None
    if key == ph.DRAWS.key:
        return Preview(state, known, partial=True, note=ph.NOTE_TILE())
    if key in DRAW_KEYS:
        return Preview(_before_draw(game, state, move, seat), known, partial=True, note=ph.NOTE_CARD())
    if key in ROUND_END_KEYS:
        return Preview(state, known, partial=True, note=ph.NOTE_ROUND())
    return Preview(state, known, partial=True, note=ph.NOTE_SECRET())


def _hidden_from(events: list[Event], seat: int, secret: list[int]) -> int | None:
    """Where the events start to tell what ``seat`` cannot know yet: a draw; a reveal about
    another clan; the harvest of a clan whose food is ``secret`` (whether it feeds all its
    members says how much food it had); with such a clan, the round's end (the repetition
    safeguards compare every clan's food, so whether the game ends there depends on it)."""
    for i, e in enumerate(events):
        key = e.said.key if e.said is not None else None
        if key in DRAW_KEYS or (e.reveal and e.seat != seat):
            return i
        if secret and (key in ROUND_END_KEYS or (key in HARVEST_KEYS and e.seat in secret)):
            return i
    return None


def _seen(events: list[Event], seat: int) -> list[Event]:
    return [e for e in events if e.private_to in (None, seat)]


class _Drawn(Exception):
    """The move reached the deck: the state it plays on is as the draw finds it."""


class _Deck(list[int]):
    """The deck of a preview: a card drawn from it stops the move there."""

    def pop(self, index: SupportsIndex = -1) -> NoReturn:
        raise _Drawn


def _before_draw(game: Game, state: State, move: Move, seat: int) -> State:
    """The position when the move's first card is drawn into the market (the card bought or
    removed gone from it, the food paid, the members placed), or the one before the move
    when that position cannot be drawn."""
    mid = state.copy()
    mid.deck = _Deck(mid.deck)
    try:
        game.play(mid, move)
    except _Drawn:
        mid.deck = list(mid.deck)
        # the draw comes between two steps of a phase (every clan done buying, or the round's
        # end): no clan is to act there, so the image shows the mover as the one still acting
        if mid.phase == "buy" and mid.offer is None and mid.drop is None and len(mid.done) >= mid.n:
            mid.done = [s for s in mid.done if s != seat]
        elif mid.phase != "buy" and not mid.queue:
            mid.queue = [seat]
        try:
            game.view(mid, seat)
        except (StopIteration, IndexError):
            return state
        return mid
    return state


# ------------------------------------------------------------------ forced moves


def may_autoplay(game: Game, state: State, move: Move) -> bool:
    """A forced move is played by the table unless that it was forced tells the others
    something the rules hide. Only a Fire clan's food is hidden from the other clans (the deck
    decides no one's moves), and a Fire clan's choices depend on its food when it buys (what it
    can pay for) and expands (which regions it can pay for): « has nothing to buy and passes »
    would say its food is short. So a Fire clan's forced move is played by the table only when
    it would be forced whatever its food (e.g. it already knows every card on offer); the game
    asks such a clan even then (``FirstSparks._must_ask``), and so does the table."""
    seat = move.seat
    if not knows(state, seat, "fire"):
        return True
    rich = state.copy()
    rich.food = list(rich.food)
    rich.food[seat] = 10 ** 6
    return len(game.legal_moves(rich, seat)) <= 1
