"""Scoring: completed forests and rivers during play, huts and hunters at the end.

Every score goes to the majority of the figures concerned; tied leaders all
score the full value.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from typing import Any

from rules.core import Event
from rules.kit import said_event
from rules.wording import Said, listing
from rules.wording import seat as player

from . import phrases as ph
from .board import Board
from .data import TILES
from .state import State

ROLE_OF_KIND = {"forest": "gatherer", "river": "fisher", "meadow": "hunter"}


def majority(seats: list[int]) -> list[int]:
    """The seats holding the most of these figures (all the tied ones)."""
    if len(seats) < 2:
        return list(seats)          # nobody, or one figure: the common case in a search
    counts: dict[int, int] = {}
    for s in seats:
        counts[s] = counts.get(s, 0) + 1
    best = max(counts.values())
    return sorted(s for s, c in counts.items() if c == best)


def feature_value(board: Board, root: int, nodes: list[int] | None = None) -> dict:
    """Parts and contents of the feature of ``root`` (its ``nodes`` when the
    caller has them already)."""
    parts = nuggets = mushrooms = deer = mammoth = aurochs = tiger = 0
    fire = False
    shrine_nodes: list[int] = []
    lakes: set[int] = set()
    bases, placed = board.base, board.placed
    for n in board.members(root) if nodes is None else nodes:
        placement = bisect_right(bases, n) - 1
        base = bases[placement]
        lake, contents = _SCORED[placed[placement][0]][n - base]
        parts += 1
        if lake >= 0:                       # a river into a lake of its tile
            lakes.add(base + lake)
        if contents is not None:
            n_nuggets, n_mushrooms, n_deer, n_mammoth, n_aurochs, n_tiger, has_fire, shrine = contents
            nuggets += n_nuggets
            mushrooms += n_mushrooms
            deer += n_deer
            mammoth += n_mammoth
            aurochs += n_aurochs
            tiger += n_tiger
            fire = fire or has_fire
            if shrine:
                shrine_nodes.append(n)
    fish = sum(board.zone_of(lake).fish for lake in lakes)   # a lake at both ends counts once
    return {"parts": parts, "fish": fish, "nuggets": nuggets, "mushrooms": mushrooms, "deer": deer,
            "mammoth": mammoth, "aurochs": aurochs, "tiger": tiger, "fire": fire, "shrine_nodes": shrine_nodes}


# per tile, per zone: the lake a river runs into (or -1), and what counts on the zone when its
# feature scores (nuggets, mushrooms, deer, mammoths, aurochs, tigers, fire, shrine) or None
_SCORED = [tuple((zone.lake, (zone.nugget, zone.mushrooms, zone.deer, zone.mammoth, zone.aurochs, zone.tiger,
                              zone.fire, zone.shrine)
                  if any((zone.nugget, zone.mushrooms, zone.deer, zone.mammoth, zone.aurochs, zone.tiger, zone.fire,
                          zone.shrine)) else None)
                 for zone in tile.zones) for tile in TILES]

# per tile: (zone, fish) of its rivers and lakes (the nodes of river systems: a river has no fish)
_WATERS = [tuple((z, zone.fish if zone.kind == "lake" else 0) for z, zone in enumerate(tile.zones)
                 if zone.kind in ("river", "lake")) for tile in TILES]
# per tile: (zone, deer, mammoths, aurochs, tigers, fire, shrine) of its meadows with game, fire or a shrine
_GAME = [tuple((z, zone.deer, zone.mammoth, zone.aurochs, zone.tiger, zone.fire, zone.shrine)
               for z, zone in enumerate(tile.zones)
               if zone.kind == "meadow" and (zone.deer or zone.mammoth or zone.aurochs or zone.tiger or zone.fire
                                             or zone.shrine)) for tile in TILES]

DURING = {"forest": 0, "river": 1}          # State.during's columns


def award(state: State, seats: list[int], points: int, what: tuple, kind: str | None = None) -> list[Event]:
    """Tied leaders all score the full value (« ils marquent tous les points »). ``what``: the feature
    scored, as ``what_said`` takes it. ``kind``: a forest or river scored during play, counted apart
    for the final summary."""
    if not seats or points <= 0:
        return []
    state.scores = list(state.scores)          # a new list: State.copy shares it
    for s in seats:
        state.scores[s] += points
    if kind is not None and state.during is not None:
        state.during = [list(p) for p in state.during]      # a new list too
        for s in seats:
            state.during[s][DURING[kind]] += points
    return [_score_event(tuple(seats), points, what)]


# A score's event and the words for what scored, made once each (immutable; a search scores
# thousands of features): by the seats, the points and the feature's key (see what_said).

@cache
def _score_event(seats: tuple[int, ...], points: int, what: tuple) -> Event:
    if len(seats) == 1:
        said = ph.SCORES(who=player(seats[0]), n=points, what=what_said(*what))
    else:
        said = ph.SCORE_EACH(who=listing([player(s) for s in seats]), n=points, what=what_said(*what))
    return said_event(said, seat=seats[0])


@cache
def what_said(kind: str, *counts) -> Said:
    """What scored, in words: ("forest", parts, mushroom clearings), ("river", parts, fish),
    ("huts", fish), ("meadow", deer left, deer eaten, tigers fled?, mammoths, aurochs, shrine?)."""
    if kind == "forest":
        parts, clearings = counts
        return (ph.FOREST_DONE_MUSHROOMS(parts=ph.PARTS_FOREST(n=parts), clearings=ph.CLEARINGS(n=clearings))
                if clearings else ph.FOREST_DONE(parts=ph.PARTS_FOREST(n=parts)))
    if kind == "river":
        parts, fish = counts
        return ph.RIVER_DONE(parts=ph.PARTS_RIVER(n=parts), fish=ph.FISH(n=fish))
    if kind == "huts":
        return ph.HUT_SYSTEM(fish=ph.FISH(n=counts[0]))
    deer, eaten, fled, mammoth, aurochs, shrine = counts
    parts = [ph.ANIMAL["deer"](n=deer)]
    if eaten:
        parts[0] = ph.DEER_EATEN(deer=parts[0], n=eaten)
    if fled:
        parts.append(ph.TIGERS_FLED())
    parts += [ph.ANIMAL["mammoth"](n=mammoth), ph.ANIMAL["aurochs"](n=aurochs)]
    if shrine:
        parts.append(ph.SHRINE_ALONE())
    return ph.MEADOW(game=listing(parts, style="comma"))


def score_completed(state: State, root: int, kind: str) -> tuple[list[Event], bool]:
    """Score a just-completed forest or river and send its figures home.
    Returns the events and whether it held a gold nugget."""
    board = state.board
    role = ROLE_OF_KIND[kind]
    on_it = [f for f in state.figures if f[1] == role and board.find(f[2]) == root]
    if not on_it:                           # nobody scores it: only a gold nugget in a forest counts
        return [], kind == "forest" and any(board.find(n) == root for n in board.nuggets)
    info = feature_value(board, root)
    scorers = majority([f[0] for f in on_it])
    if kind == "forest":
        # « 2 points par portion de forêt »; « Chaque clairière aux champignons sacrés ajoute 2 points »
        points = 2 * info["parts"] + 2 * info["mushrooms"]
        what = ("forest", info["parts"], info["mushrooms"])
    else:
        # « 1 point par "tronçon" de rivière et 1 point par poisson se trouvant dans un lac à l'extrémité »
        points = info["parts"] + info["fish"]
        what = ("river", info["parts"], info["fish"])
    events = award(state, scorers, points, what, kind)
    for f in on_it:
        state.figures.remove(f)
        state.men[f[0]] += 1
        if f[0] == state.turn:
            # Rulebook, "Retour des hommes dans la réserve": men come home only at the end of the
            # turn, so the player « ne peut donc pas replacer au même tour un homme qu'il vient de
            # récupérer » — not even on the bonus tile, which is the same turn (see game.end_turn).
            state.recovered += 1
    return events, kind == "forest" and info["nuggets"] > 0


def final_scoring(state: State) -> list[Event]:
    """End of the game: unfinished forests and rivers score nothing, then huts
    score their river systems' fish and hunters their meadows' game."""
    board = state.board
    state.final = list(state.final)            # a new list: State.copy shares it
    events: list[Event] = []
    home = [f for f in state.figures if f[1] in ("gatherer", "fisher")]
    for f in home:
        state.figures.remove(f)
        state.men[f[0]] += 1
    if home:
        events.append(said_event(ph.GO_HOME(n=len(home))))
    # huts: one score per river system
    systems: dict[int, list[int]] = {}
    meadows: dict[int, list[list]] = {}
    for f in state.figures:
        if f[1] == "hut":
            systems.setdefault(board.find_system(f[2]), []).append(f[0])
        elif f[1] == "hunter":
            meadows.setdefault(board.find(f[2]), []).append(f)
    # what the scored systems and meadows hold, in one pass over the map's water and game: per
    # system its fish and its first node (the smallest), per meadow [deer, mammoths, aurochs,
    # tigers, fire, shrine nodes]
    fish_of = dict.fromkeys(systems, 0)
    first_of: dict[int, int] = {}
    game_of: dict[int, list[Any]] = {root: [0, 0, 0, 0, False, []] for root in meadows}
    find, find_system = board.find, board.find_system
    for base, (tile_id, _x, _y, _rot) in zip(board.base, board.placed):
        if fish_of:
            for z, fish in _WATERS[tile_id]:
                root = find_system(base + z)
                if root in fish_of:
                    fish_of[root] += fish
                    if root not in first_of:
                        first_of[root] = base + z
        if game_of:
            for z, deer, mammoth, aurochs, tiger, fire, shrine in _GAME[tile_id]:
                held = game_of.get(find(base + z))
                if held is not None:
                    held[0] += deer
                    held[1] += mammoth
                    held[2] += aurochs
                    held[3] += tiger
                    held[4] = held[4] or fire
                    if shrine:
                        held[5].append(base + z)
    for root, seats in sorted(systems.items()):
        fish = fish_of[root]
        scorers = majority(seats)
        events += award(state, scorers, fish, ("huts", fish))
        state.final.append({"kind": "huts", "node": first_of[root], "points": fish, "seats": scorers})
    # hunters: one score per meadow
    for root, hunters in sorted(meadows.items()):
        game = game_of[root]
        info = {"deer": game[0], "mammoth": game[1], "aurochs": game[2], "tiger": game[3], "fire": game[4],
                "shrine_nodes": game[5]}
        tigers = 0 if info["fire"] else info["tiger"]
        deer = max(0, info["deer"] - tigers)
        points = 2 * (deer + info["mammoth"] + info["aurochs"])
        on_shrine = sorted({f[0] for f in hunters if f[2] in info["shrine_nodes"]})
        scorers = on_shrine or majority([f[0] for f in hunters])
        events += award(state, scorers, points, ("meadow", deer, info["deer"] - deer,
                                                  bool(info["fire"] and info["tiger"]), info["mammoth"],
                                                  info["aurochs"], bool(on_shrine)))
        state.final.append({"kind": "meadow", "node": root, "points": points, "seats": scorers})
    return events
