"""What people see: the view a seat (or the channel) may have, the hand, the status line,
the scores and the final result. Never anything hidden: face-down tiles are "?", the
forests and the other tribes' game tiles are counts, objectives wait for the end."""

from __future__ import annotations

import json
from typing import Any

from rules.core import Result, rank_by
from rules.wording import Said, lines, listing
from rules.wording import seat as player

from . import phrases as ph
from . import scoring
from .board import region_open
from .data import MARKER_START, REGIONS
from .state import State


def view(state: State, seat: int | None) -> dict[str, Any]:
    tiles = {}
    for key, kind in state["tile"].items():
        tiles[key] = kind if int(key) in state["up"] else "?"
    head = state["pending"][0] if state["pending"] and not state["over"] else None
    public_head: dict[str, Any] | None = None
    if head:
        public_head = {k: v for k, v in head.items() if k != "pot"}
        if "pot" in head:
            public_head["pot"] = len(head["pot"])
    out: dict[str, Any] = {
        "players": state["n"],
        "tiles": tiles,
        "forest": {k: len(v) for k, v in state["forest"].items()},
        "villages": state["villages"],
        "explorers": [p["ex"] for p in state["p"]],
        "track": state["track"],
        "open": [r for r in REGIONS if region_open(state, r)],
        "inv_row": state["inv_row"], "inv_deck": len(state["inv_deck"]),
        "vp_deck": state["vp_deck"],
        "stacks": {r: len(v) for r, v in state["stacks"].items()},
        "cave": state["cave"] if state["cave_up"] else None,
        "discard": state["discard"],
        "bag_supply": state["bag_supply"],
        "draft": state["draft"],
        "tribes": [{"food": p["food"], "bags": p["bags"], "tracks": p["tracks"], "game": len(p["game"]),
                    "inv": p["inv"], "cover": p["cover"], "vp": p["vp"], "huts": p["huts"],
                    "marker": p.get("marker", MARKER_START)}
                   for p in state["p"]],
        "turn": state["turn"], "pending": public_head, "end": state["end"], "over": state["over"],
        "last": state["last"],
        "scores": public_scores(state),
    }
    if state["over"]:
        out["objectives"] = [p["obj"] for p in state["p"]]
        out["final"] = [scoring.breakdown(state, s) for s in range(state["n"])]
    out = json.loads(json.dumps(out))  # no aliasing of the live state
    if seat is not None:
        p = state["p"][seat]
        out["me"] = {"seat": seat, "objective": p["obj"], "game": p["game"]}
        if head and head["s"] == seat and head["k"] == "forest":
            out["me"]["forest"] = state["forest"][str(head["t"])]
        if head and head["s"] == seat and head["k"] == "cook":
            out["me"]["pot"] = head["pot"]
    return out


def private_said(state: State, seat: int) -> list[Said]:
    p = state["p"][seat]
    said = [ph.HAND_OBJECTIVE(card=ph.OBJECTIVE[p["obj"]]())]
    if p["game"]:
        said.append(ph.HAND_GAME(tiles=listing([ph.NUMBERED(i=i + 1, what=ph.game_tile(g))
                                                for i, g in enumerate(p["game"])], "comma")))
    else:
        said.append(ph.HAND_NO_GAME())
    head = state["pending"][0] if state["pending"] and not state["over"] else None
    if head and head["s"] == seat and head["k"] == "forest":
        tiles = [ph.NUMBERED(i=f"g{i + 1}", what=ph.game_tile(g))
                 for i, g in enumerate(state["forest"][str(head["t"])])]
        said.append(ph.HAND_FOREST(t=head["t"], tiles=listing(tiles, "comma")))
    if head and head["s"] == seat and head["k"] == "cook" and head["pot"]:
        said.append(ph.HAND_POT(tiles=listing([str(i) for i in sorted(head["pot"])], "comma")))
    return said


def status_said(state: State) -> list[Said]:
    opened = listing([r for r in REGIONS if region_open(state, r)], "comma")
    ending = state["end"] is not None and not state["over"]
    return [(ph.STATUS_ENDING if ending else ph.STATUS)(track=state["track"], regions=opened)]


def public_scores(state: State) -> list[float]:
    """Everything but the secret objective."""
    return [scoring.public_score(state, s) for s in range(state["n"])]


def result(state: State) -> Result | None:
    if not state["over"]:
        return None
    scores = [scoring.total(state, s) for s in range(state["n"])]
    ranks = rank_by([(sc,) for sc in scores])   # the most VP wins; the rulebook breaks no tie
    winners = [player(s) for s in range(state["n"]) if ranks[s] == 1]
    wins = ph.WINS(n=len(winners), winners=listing(winners), best=max(scores))
    # FIN DE PARTIE: each tribe's points by the rulebook's heads, its objective card named
    parts = []
    for s in range(state["n"]):
        b = scoring.breakdown(state, s)
        parts.append(ph.SCORE_LINE(who=player(s), total=b["total"], track=b["track"], cards=b["cards"],
                                   huts=b["huts"], majorities=b["majorities"], objective=b["objective"],
                                   card=ph.OBJECTIVE[state["p"][s]["obj"]]()))
    return Result.of(scores, ranks, ph.SUMMARY_WINS(wins=wins, players=lines(parts)))
