"""What people see: the board's view (the image and the AI's ``view``), the hand, the status line,
the scores and the result. A Fire clan's food is hidden from the others until the end (Feu)."""

from __future__ import annotations

from typing import Any

from rules.core import Result, rank_by
from rules.wording import Said, lines, listing

from . import phrases as ph
from .board import TILE_BY_ID, cell_centre
from .data import CARDS, SHUFFLE, is_tool
from .events import WHO
from .flow import to_act
from .queries import board_of, current_size, knows, restock_amounts, tile_spots, tool_limit, tools_of
from .state import State


def view(state: State, seat: int | None) -> dict[str, Any]:
    board = board_of(state)
    clans = len(state.members)
    food: list[int | None] = []
    for s in range(state.n):
        hidden = knows(state, s, "fire") and s != seat and state.phase != "over"  # the end shows all
        food.append(None if hidden else state.food[s])
    offer = None
    if state.offer:
        offer = {"card": state.offer["card"], "by": state.offer["by"], "ask": list(state.offer["ask"]),
                 "yes": state.offer["yes"], "decide": bool(state.offer.get("decide"))}
    return {
        "players": state.n, "phase": state.phase, "round": state.round, "stage": state.stage,
        "to_act": to_act(state), "order": list(state.order),
        "hexes": [[x, y, g, p] for (x, y), g, p
                  in zip(board.hex_centres, board.hex_grounds, board.hex_offsets, strict=True)],
        "drawn": (TILE_BY_ID[state.pile[0]]["grounds"] + [state.pile[0]]) if state.phase == "build" else None,
        "spots": [[i, *cell_centre(*a), *cell_centre(*b)] for i, (a, b) in enumerate(tile_spots(state), 1)]
        if state.phase == "build" else [],
        "mountains": [[list(a), list(b)] for a, b in board.mountain_segments],
        "members": [list(m) for m in state.members], "neutral": state.neutral,
        "sizes": [state.size(c) for c in range(clans)],
        "food": food, "fire": [knows(state, s, "fire") for s in range(state.n)],
        "cards": [list(c) for c in state.cards],
        "card_info": {str(c): card_info(c)
                      for c in set(state.market) | {c for cs in state.cards for c in cs}},
        "market": list(state.market), "current": current_size(state), "bonus": state.bonus,
        "deck": len(state.deck), "box": len(state.box),
        "spaces": dict(state.spaces), "restock": restock_amounts(state.n, board.ground_counts()),
        "offer": offer, "drop": state.drop, "done": list(state.done),
        "neutral_due": state.neutral_due, "ending": state.ending,
        "cycle": state.stall is not None,
        "vote": None if state.vote is None else {"by": state.vote["by"], "ask": list(state.vote["ask"])},
        "last": {k: (list(v) if isinstance(v, list) else v) for k, v in state.last.items()},
    }


def card_info(card: int) -> dict[str, Any]:
    if card == SHUFFLE:
        return {"kind": "shuffle"}
    info = dict(CARDS[card])
    return {k: v for k, v in info.items() if k in ("kind", "price", "crops", "table")}


def private_said(state: State, seat: int) -> list[Said]:
    tools = tools_of(state, seat)
    know = [c for c in state.cards[seat] if not is_tool(c)]
    food = (ph.HAND_FOOD_HIDDEN if knows(state, seat, "fire") else ph.HAND_FOOD)(food=state.food[seat])
    return [food,
            ph.HAND_TOOLS(n=len(tools), limit=tool_limit(state, seat), tools=_cards_or_dash(tools)),
            ph.HAND_KNOWLEDGE(cards=_cards_or_dash(know)),
            ph.HAND_SIZE(size=state.size(seat))]


def status_said(state: State) -> list[Said]:
    phase = ph.PHASE[state.phase]()
    said = [ph.STATUS_ROUND(round=state.round, phase=phase) if state.round else phase]
    if state.phase == "buy" and state.offer:
        said.append(ph.STATUS_OFFER(card=ph.card(state.offer["card"])))
    if state.ending and state.phase != "over":
        said.append(ph.STATUS_LAST_ROUND())
    if state.vote is not None:
        said.append(ph.STATUS_VOTE(who=WHO[state.vote["by"]], waiting=WHO[state.vote["ask"][0]]))
    elif state.stall is not None and state.phase != "over":
        said.append(ph.STATUS_CYCLE())
    if state.neutral is not None:
        said.append(ph.STATUS_NEUTRAL(size=state.size(state.neutral)))
    return said


def public_scores(state: State) -> list[float]:
    return [state.size(s) for s in range(state.n)]


def result(state: State) -> Result | None:
    if state.phase != "over":
        return None
    scores = [state.size(s) for s in range(state.n)]
    ranks = rank_by([(state.size(s), state.food[s]) for s in range(state.n)])
    # Fin de partie: the largest clan wins; a tie goes to the most food left
    winners = [s for s in range(state.n) if ranks[s] == 1]
    named = listing([WHO[s] for s in winners])
    members = ph.MEMBERS(n=max(scores))
    if scores.count(max(scores)) > 1:     # the tie-break on food decided (or shared) the victory
        headline = ph.WINS_ON_FOOD(n=len(winners), winners=named, members=members, food=state.food[winners[0]])
    else:
        headline = ph.WINS(winners=named, members=members)
    players = [ph.SCORE_LINE(who=WHO[s], size=state.size(s), food=state.food[s]) for s in range(state.n)]
    return Result.of(scores, ranks, ph.SUMMARY(headline=headline, players=lines(players)))


def _cards_or_dash(cards: list[int]) -> dict[str, Any] | str:
    return listing([ph.card(c) for c in cards], "comma") if cards else "—"
