"""Final scoring: VP track, VP cards, 1 per hut, 1 per strict majority in a
village, and the secret objective card."""

from __future__ import annotations

from .board import is_fire
from .data import ADJ, OBJECTIVES, REGION, TERR
from .state import State


def majorities(state: State, seat: int) -> list[int]:
    """Villages where ``seat`` has strictly more huts than every opponent."""
    out = []
    for key, huts in state["villages"].items():
        mine = huts[seat]
        if mine and all(mine > h for s, h in enumerate(huts) if s != seat):
            out.append(int(key))
    return sorted(out)


def _is_forest(state: State, t: int) -> bool:
    return state["tile"].get(str(t)) == "forest" and t in state["up"]


def objective_points(state: State, seat: int) -> int:
    return points_for(state, OBJECTIVES[state["p"][seat]["obj"]]["kind"], majorities(state, seat))


def points_for(state: State, kind: str, won: list[int]) -> int:
    """What an objective card of ``kind`` scores for the majorities ``won``."""
    if kind == "lake":
        return sum(1 for t in won if TERR[t]["lake"])
    if kind == "big":
        return sum(1 for t in won if sum(state["villages"][str(t)]) >= 3)
    if kind == "forest":
        return sum(1 for t in won if any(_is_forest(state, u) for u in ADJ[t]))
    if kind == "fire":
        return sum(1 for t in won if any(is_fire(state, u) for u in ADJ[t]))
    if kind == "regions":
        return 2 * len({REGION[t] for t in won})
    raise ValueError(kind)


def huts_on_board(state: State, seat: int) -> int:
    return sum(h[seat] for h in state["villages"].values())


def public_score(state: State, seat: int) -> int:
    p = state["p"][seat]
    return p["vp"] + sum(p["cover"].values()) + huts_on_board(state, seat) + len(majorities(state, seat))


def breakdown(state: State, seat: int) -> dict[str, int]:
    p = state["p"][seat]
    return {"track": p["vp"], "cards": sum(p["cover"].values()), "huts": huts_on_board(state, seat),
            "majorities": len(majorities(state, seat)), "objective": objective_points(state, seat),
            "total": total(state, seat)}


def total(state: State, seat: int) -> int:
    return public_score(state, seat) + objective_points(state, seat)
