"""The First Sparks (Die ersten Funken, F. Friese): the Game the table plays.

A round: 1 buy technologies (offer, one chance each to buy, spoilage), 2 hunt and feed (reverse
order), 3 expand (reverse order), 4 bureaucracy (automatic). Steps without a real choice are
played automatically (``flow``), so the table only ever waits for a decision.

The rules live in modules named after what they hold: ``setup`` (Mise en place), ``market``
(phase 1), ``harvest`` (phase 2), ``expansion`` (phase 3), ``bureaucracy`` (phase 4),
``repetition`` (rounds that repeat), ``flow`` (the steps by phase, who acts), ``choices`` (the
legal moves), ``view`` (what people see), ``ai`` (what an AI seat may know); this class binds them
to the contract of ``rules.core.Game`` and refuses bad input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import phrases as core_phrases
from rules.core import Event, Game, IllegalMove, Move, Option, Result, Rng, normalize_notation
from rules.wording import Said

from . import ai, bureaucracy, choices, expansion, flow, harvest, market, pieces, repetition, setup, steps, text, view
from . import moves as book
from . import phrases as ph
from .queries import (
    MAX_MEMBERS,
    MAX_NEW,
    board_of,
    can_buy,
    cost_to_buy,
    current_market,
    expansion_cost,
    expansion_extra,
    may_own,
)
from .repetition import CYCLE_WINDOW
from .state import State

__all__ = ["CYCLE_WINDOW", "FirstSparks"]

# each phase's move handler (a dict of bound methods made on every move cost a search ~3%)
HANDLERS: dict[str, Callable[[State, Move, list[Event]], None]] = {
    "build": setup.play_build, "neutral": setup.play_start, "first": setup.play_start,
    "second": setup.play_second, "buy": market.play_buy, "hunt": harvest.play_hunt, "expand": expansion.play_expand,
}
_advance = flow.advance


class FirstSparks(Game):
    key = "first_sparks"
    name = "The First Sparks"
    name_fr = "Les Premières Étincelles"   # the French edition (Filosofia)
    score_unit = "members"                  # public_scores: the clans' members on the map
    min_players = 2
    max_players = 6
    rules_en = text.RULES_EN
    move_path, preview, may_autoplay = steps.move_path, steps.preview, steps.may_autoplay   # the picker

    def rules_pages(self) -> list[tuple[str, Said | str, Said | str]]:
        return text.PAGES

    # Mise en place 2: the herbs start cards are dealt at random and the highest number plays first
    # (setup deals them from the game's Rng), « l'ordre du tour est choisi aléatoirement »
    first_player = "random"
    first_player_rule = (
        "Chance: each player draws a herbs start card (rulebook: \"Each player takes one at random\", our "
        "translation); the highest number plays first.",
        "Le hasard : « Chaque joueur en prend une au hasard » (carte herbes) ; le plus grand numéro commence.")

    def first_seat(self, state: State) -> int:
        """Mise en place 2 and 5: the highest herbs card is the first player, who lays the first tile
        in the middle (no choice, so the table lays it): the second player is the first one asked."""
        return state.order[0]

    options = (Option("map", "build: players lay the drawn tiles in turn (rulebook); layout: a fixed layout",
                      ("build", "layout"), "build",
                      "build : les joueurs posent les tuiles tirées à tour de rôle ; layout : disposition fixe"),)

    def setup(self, seats: int, seed: int, options: dict[str, str]) -> State:
        return setup.setup(seats, seed, options)

    # ------------------------------------------------------------ who acts, what it may do

    to_act = staticmethod(flow.to_act)
    legal_moves = staticmethod(choices.legal_moves)

    # ------------------------------------------------------------ the steps, for tests and tools
    # (the rulebook's examples set a position up, then run one step of a phase on it)

    start_round = staticmethod(market.start_round)
    end_buying = staticmethod(market.end_buying)
    hunt = staticmethod(harvest.hunt)
    pay = staticmethod(pieces.pay)
    start_expansion = staticmethod(expansion.start_expansion)
    bureaucracy = staticmethod(bureaucracy.bureaucracy)
    stalemate = staticmethod(repetition.stalemate)
    position_digest = staticmethod(repetition.position_digest)
    round_end_digest = staticmethod(repetition.round_end_digest)
    watch_cycles = staticmethod(repetition.watch_cycles)

    # ----------------------------------------------------------------- parse

    def parse(self, state: State, seat: int, text_in: str) -> Move:
        if seat not in flow.to_act(state):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        wanted = normalize_notation(text_in).replace("#", "")   # "offer #12" is "offer 12"
        moves = choices.legal_moves(state, seat)
        for move in moves:
            if normalize_notation(move.notation) == wanted:
                return move
        if wanted.isdigit() and state.phase in ("second", "expand") and not state.neutral_due:
            self._refuse_region(state, seat, int(wanted))
        if wanted.startswith("offer") and state.phase == "buy" and not state.offer and state.drop is None:
            self._refuse_offer(state, seat, wanted[5:])
        try:
            return super().parse(state, seat, text_in)
        except IllegalMove as exc:     # the generic refusal: name the phase
            if exc.said is None or exc.said.key != core_phrases.NOT_LEGAL.key or state.phase not in ph.PHASE:
                raise
            raise IllegalMove.of(ph.NOT_LEGAL(phase=ph.PHASE[state.phase](), **exc.said.params)) from None

    @staticmethod
    def _refuse_region(state: State, seat: int, r: int) -> None:
        """Why a new member cannot go on region ``r`` (it cannot: its move is not a legal one)."""
        if not 1 <= r <= board_of(state).regions:
            raise IllegalMove.of(ph.NO_REGION(r=r, last=board_of(state).regions))
        if expansion_extra(state, seat, r) is None:
            raise IllegalMove.of(ph.NOT_NEXT(r=r))
        # Phase 3: at most 5 new members a round; 15 members in all (the clan's pieces)
        if state.placed_now >= MAX_NEW:
            raise IllegalMove.of(ph.TOO_MANY_NEW(placed=state.placed_now, most=MAX_NEW))
        if len(state.members[seat]) >= MAX_MEMBERS:
            raise IllegalMove.of(ph.CLAN_FULL(size=len(state.members[seat]), most=MAX_MEMBERS))
        raise IllegalMove.of(ph.CANNOT_AFFORD(r=r, cost=expansion_cost(state, seat, r), food=state.food[seat]))

    @staticmethod
    def _refuse_offer(state: State, seat: int, number: str) -> None:
        """Why card ``number`` cannot be offered (it cannot: its move is not a legal one)."""
        card = int(number) if number.isdigit() else None
        current = current_market(state)
        if card in state.market and card not in current:
            raise IllegalMove.of(ph.FUTURE(card=card))
        if card is not None and card in current:
            if not may_own(state, seat, card):
                raise IllegalMove.of(ph.ALREADY_KNOW(card=ph.card(card)))
            raise IllegalMove.of(ph.CANNOT_PAY(card=ph.card(card), cost=cost_to_buy(state, card),
                                               food=state.food[seat]))
        raise IllegalMove.of(ph.ONLY_CURRENT())

    # ------------------------------------------------------------------ play

    def clone(self, state: State) -> State:
        return state.copy()

    def apply(self, state: State, move: Move) -> tuple[State, list[Event]]:
        """Game.apply without its indirections (a search applies thousands of moves a second):
        the copy, then ``play``, whose event list is always a new one."""
        new = state.copy()
        return new, self.play(new, move)

    def play(self, state: State, move: Move) -> list[Event]:
        if move.seat not in flow.to_act(state):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        ev: list[Event] = []
        previous = state.last
        state.last = {"seat": move.seat}
        if state.phase == "expand" and previous.get("seat") == move.seat:   # show the whole turn's members
            state.last["regions"] = list(previous.get("regions", []))
        if not _forced(state, move):
            state.chose = True
        HANDLERS[state.phase](state, move, ev)
        _advance(state, ev)
        return ev

    # ---------------------------------------------------------- what people see (view.py)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def private_said(self, state: State, seat: int) -> list[Said]:
        return view.private_said(state, seat)

    def status_said(self, state: State) -> list[Said]:
        return view.status_said(state)

    def public_scores(self, state: State) -> list[float]:
        return view.public_scores(state)

    def result(self, state: State) -> Result | None:
        return view.result(state)

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> State:
        return State.from_json(data)

    # ------------------------------------------------------------ what an AI seat may know (see ai.py)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return ai.determinize(self, state, seat, rng)

    def heuristic(self, state: State, seat: int) -> float:
        return ai.heuristic(self, state, seat)

    def default_move(self, state: State, seat: int, rng: Rng | None = None) -> Move:
        """An absent clan passes, declines, stops expanding; otherwise the first choice. Asked whether
        to end a game whose rounds cycle, it agrees: an absent player does not hold the table up."""
        moves = choices.legal_moves(state, seat)
        if not moves:
            raise IllegalMove.of(core_phrases.NO_LEGAL_MOVE())
        if state.vote is not None:
            return book.AGREE[seat]
        for m in moves:
            if m.notation in ("pass", "decline", "done", "none", "discard"):
                return m
        return moves[0]


def _forced(state: State, move: Move) -> bool:
    """Whether this was the seat's only legal move (a Fire clan is asked even
    then, to keep its food secret); used by the stalemate safeguard."""
    act, seat = move.data[0], move.seat
    if act == "pass":
        return not market.can_offer(state, seat)
    if act == "decline":
        assert state.offer is not None
        return not can_buy(state, seat, state.offer["card"])
    if act == "skip" and state.phase == "expand":
        return not expansion.placements(state, seat)
    return False
