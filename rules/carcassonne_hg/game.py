"""Carcassonne: Hunters & Gatherers (2002): the Game.

A turn is one or two moves by the same seat: place the drawn tile (`7b`:
legal spot 7, turned b), then, when a figure could go on it, the figure
step (`hunter nw`, `hut lake`, `none`). Completed forests and rivers score
after the figure step; a gold nugget forest then hands the same seat a
bonus tile (another place + figure step). The next tile is drawn at the end
of the turn: that draw is public (an undo barrier).
"""

from __future__ import annotations

import re
from functools import cache
from operator import attrgetter

from rules import phrases as core_phrases
from rules.core import Event, Game, IllegalMove, Move, Result, Rng, echo, normalize_notation, rank_by
from rules.kit import Flow, said_event
from rules.picker import Preview, Step
from rules.wording import Said, lines, listing
from rules.wording import seat as player

from . import ai, text
from . import phrases as ph
from .board import Board
from .data import START, TILES, deck
from .moves import ROT_LETTERS, placement_moves
from .scoring import final_scoring, score_completed
from .state import HUTS, MEN, State

ROLES = ("hunter", "gatherer", "fisher", "hut")


class CarcassonneHG(Game):
    key = "carcassonne_hg"
    name = "Carcassonne: Hunters & Gatherers"
    name_fr = "Carcassonne : Chasseurs et Cueilleurs"
    min_players = 2
    max_players = 5
    rules_en = text.RULES_EN

    def rules_pages(self):
        return text.PAGES
    # Rulebook, "Mise en place": the youngest player picks the first player; the table cannot
    # know who is youngest, so chance picks.
    first_player = "random"
    first_player_rule = (
        "The rulebook has the youngest player choose who starts (\"The youngest player decides who will be the "
        "first player\", our translation); the table cannot know ages, so the first player is drawn at random.",
        "La règle fait choisir le premier joueur par le plus jeune (« Le joueur le plus jeune décide qui sera "
        "le premier joueur ») ; la table ne connaît pas les âges : le premier joueur est tiré au sort.")

    # ---- set-up and storage

    def setup(self, seats: int, seed: int, options: dict[str, str]) -> State:
        state = State(seats=seats, rng=Rng(seed), board=Board(), scores=[0] * seats, men=[MEN] * seats,
                      huts=[HUTS] * seats, land=deck("land"), bonus=deck("bonus"), during=[[0, 0] for _ in range(seats)])
        state.board.add(START, 0, 0, TILES[START].start_rotation)
        draw(state, bonus=False)
        return state

    def to_json(self, state: State) -> dict:
        return state.to_json()

    def from_json(self, data: dict) -> State:
        return State.from_json(data)

    def clone(self, state: State) -> State:
        return state.copy()

    # ---- play

    def to_act(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.turn]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat != state.turn or state.phase == "over":       # not in to_act
            return []
        if state.phase == "place":
            if state.hand < 0:
                return []
            return placement_moves(state.board, state.hand, seat)
        tile_id, _x, _y, rot = state.board.placed[state.current]
        moves = [_figure_move(seat, role, zone, label, tile_id * 4 + rot) for role, zone, label in step_options(state)]
        moves.append(_figure_move(seat, None, -1, "", -1))
        return moves

    def parse(self, state: State, seat: int, text_in: str) -> Move:
        if seat not in self.to_act(state):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        moves = self.legal_moves(state, seat)
        wanted = normalize_notation(text_in)
        for move in moves:
            if normalize_notation(move.notation) == wanted:
                return move
        if not wanted:
            raise IllegalMove.of(core_phrases.TYPE_A_MOVE())
        if state.phase == "place":
            combined = _COMBINED.match(text_in.casefold())
            if combined:
                return self._parse_whole_turn(state, seat, combined)
            return parse_placement(state, moves, text_in)
        return parse_figure(state, moves, text_in)

    def _parse_whole_turn(self, state: State, seat: int, m: re.Match) -> Move:
        """`7b hunter nw`: the placement and the figure step in one command."""
        first = self.parse(state, seat, f"{m.group(1)} {m.group(2) or ''}".strip())
        after, _ = self.apply(state, first)
        role_text = f"{m.group(3)} {m.group(4)}".strip()
        if after.phase != "figure":
            if m.group(3) == "none":
                return first
            raise IllegalMove.of(ph.R_NO_FIGURE_THERE(first=first.notation))
        second = self.parse(after, seat, role_text)
        return Move(seat, f"{first.notation} {second.notation}", lambda: ph.L_THEN(first=first.said, second=second.said),
                    ("turn", first.data, second.data))

    def apply(self, state: State, move: Move) -> tuple[State, list[Event]]:
        """Game.apply without its indirections (a search applies thousands of moves a second):
        the copy, then ``play``, whose event list is always a new one."""
        new = state.copy()
        return new, self.play(new, move)

    def play(self, state: State, move: Move) -> list[Event]:
        data = move.data            # read once: a placement works it out when read
        kind = data[0]
        if kind == "turn":
            events = self.play(state, Move(move.seat, "", data=data[1]))
            if state.phase == "figure":
                events += self.play(state, Move(move.seat, "", data=data[2]))
            return events
        if kind == "place":
            _, x, y, rot = data
            events = place(state, x, y, rot)
        else:
            _, role, zone = data
            events = put_figure(state, role, zone)
        if state.phase == "finish":    # score, bonus tile or next turn, up to the next decision
            advance(state, events)
        return events

    # ---- the move picker (rules/picker.py)

    def move_path(self, state: State, move: Move) -> tuple[Step, ...]:
        """A placement: the spot (numbered as the turn image numbers them: the notation's number),
        then the turn, among those that fit there (a spot with one is not asked); the figure step
        is the next move, one tap among its few choices (`none` included). Up to ~50 spots late in
        a game: the bot pages them, 25 a page."""
        data = move.data
        if data[0] == "place":
            _, x, y, rot = data
            spot = move.notation[:-1]
            return (Step(ph.ASK_SPOT(), f"spot {spot}", ph.SPOT(spot=spot, where=text.where(x, y))),
                    Step(ph.ASK_TURN(spot=spot), f"turn {ROT_LETTERS[rot]}",
                         ph.TURN(turn=ROT_LETTERS[rot], degrees=90 * rot)))
        figure = move.said or move.label
        if data[1] is not None:    # the zone in words, then the code: it is the name drawn on the tile
            figure = ph.FIGURE_OPTION(figure=figure, code=move.notation)
        return (Step(ph.ASK_FIGURE(), move.notation, figure),)

    def preview(self, state: State, move: Move, seat: int) -> Preview:
        """The map with the tile (or the figure) placed and what it scores, played up to the next
        draw and no further: the next tile (or the bonus tile a gold nugget earns) comes from the
        face-down stack, so the preview holds the draw back (``State.draw_held``) and says so."""
        held = state.copy()
        held.draw_held = True
        after, events = self.apply(held, move)
        if after.phase != "place":                    # the figure step next, or the game over
            return Preview(after, events)
        note = ph.BONUS_TILE_LATER() if after.in_bonus else ph.NEXT_TILE_LATER()
        return Preview(after, events, partial=True, note=note)

    def may_autoplay(self, state: State, move: Move) -> bool:
        """A forced move (one spot, one turn) may be played by the table: nothing is hidden but the
        stacks' order, and the legal moves follow from the map and the tile shown to all, so that
        a seat had one move tells nobody anything. (The figure step is never forced: `none` is
        always one of at least two choices.)"""
        return True

    # ---- AI seats (see ai.py: only the stacks' order and the dice are hidden)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return ai.determinize(self, state, seat, rng)

    def heuristic(self, state: State, seat: int) -> float:
        return ai.heuristic(self, state, seat)

    # ---- what people see

    def view(self, state: State, seat: int | None) -> dict:
        board = state.board
        figures = [[s, role, board.place_of(n), board.zone_index(n)] for s, role, n in state.figures]
        out = {
            "seats": state.seats, "scores": list(state.scores), "men": list(state.men), "huts": list(state.huts),
            "tiles": [list(p) for p in board.placed], "figures": figures, "turn": state.turn,
            "phase": state.phase, "hand": state.hand, "in_bonus": state.in_bonus, "recent": list(state.recent),
            "land_left": len(state.land), "bonus_left": len(state.bonus), "removed": list(state.removed),
            "spots": [], "options": [], "current": state.current,
            "final": [{"kind": f["kind"], "placement": board.place_of(f["node"]), "zone": board.zone_index(f["node"]),
                       "points": f["points"], "seats": f["seats"]} for f in state.final],
        }
        if state.phase == "place":
            out["spots"] = [[k, x, y, list(rots)] for k, (x, y, rots) in enumerate(spots(state), start=1)]
        elif state.phase == "figure":
            out["options"] = [[role, zone, label] for role, zone, label in step_options(state)]
        return out

    def status_said(self, state: State):
        left = ph.STATUS_LEFT(land=len(state.land), bonus=len(state.bonus))
        if state.phase == "over":
            return [ph.STATUS_OVER(), left]
        if state.phase == "place":
            tile = text.tile_said(TILES[state.hand])
            now = (ph.STATUS_PLACE_BONUS if state.in_bonus else ph.STATUS_PLACE)(tile=tile)
        else:
            now = ph.STATUS_FIGURE()
        return [now, left]

    def private_said(self, state: State, seat: int):
        return [ph.HAND_NOTHING_HIDDEN(), ph.HAND_SUPPLY(men=ph.MEN(n=state.men[seat]), huts=ph.HUTS(n=state.huts[seat]))]

    def public_scores(self, state: State) -> list[float]:
        return list(state.scores)

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        scores = list(state.scores)
        ranks = rank_by([(s,) for s in scores])      # « Le vainqueur est le joueur ayant le plus de points »
        winners = [player(s) for s in range(state.seats) if ranks[s] == 1]
        wins = ph.WINS(n=len(winners), winners=listing(winners), best=ph.POINTS(n=max(scores)))
        return Result.of(scores, ranks, ph.SUMMARY(wins=wins, players=lines(score_lines(state))))


def score_lines(state: State) -> list[Said]:
    """Each player's points as the rulebook scores them: completed forests and rivers during play,
    then « Décompte final »: huts (fish of their river system) and hunters (game of their meadow)."""
    final = {"huts": [0] * state.seats, "meadow": [0] * state.seats}
    for scored in state.final:
        for s in scored["seats"]:
            final[scored["kind"]][s] += scored["points"]
    out = []
    for s in range(state.seats):
        huts, hunters = final["huts"][s], final["meadow"][s]
        if state.during is None:
            out.append(ph.SCORE_LINE_OLD(who=player(s), total=state.scores[s], huts=huts, hunters=hunters,
                                         during=state.scores[s] - huts - hunters))
        else:
            forests, rivers = state.during[s]
            out.append(ph.SCORE_LINE(who=player(s), total=state.scores[s], forests=forests, rivers=rivers,
                                     huts=huts, hunters=hunters))
    return out


# ------------------------------------------------------------------ turn flow


def spots(state: State) -> list[tuple[int, int, tuple[int, ...]]]:
    """Legal spots for the tile in hand (the board keeps the last answer)."""
    return state.board.spots(state.hand) if state.hand >= 0 else []


def draw(state: State, bonus: bool) -> list[Event]:
    """Draw until a tile fits (tiles that fit nowhere are removed). Leaves
    ``state.hand`` at -1 when the stack runs out. A preview's state draws nothing
    (``State.draw_held``): the tile to place is not known yet."""
    if state.draw_held:
        state.hand, state.phase, state.in_bonus = -1, "place", bonus
        return []
    events: list[Event] = []
    stack = list(state.bonus if bonus else state.land)     # a new list: State.copy shares the stacks
    if bonus:
        state.bonus = stack
    else:
        state.land = stack
    state.hand = -1
    while stack:
        tile = stack.pop(state.rng.randbelow(len(stack)))
        if state.board.fits_somewhere(tile):
            state.hand = tile
            state.phase = "place"
            state.in_bonus = bonus
            events.append(_drawn_event(state.turn, tile, bonus))
            return events
        state.removed = state.removed + [tile]
        events.append(said_event(ph.FITS_NOWHERE(tile=text.tile_said(TILES[tile])), reveal=True))
    return events


# Events and figure moves are immutable and few: each is made once (a search makes them on every move).

@cache
def _drawn_event(seat: int, tile: int, bonus: bool) -> Event:
    said = (ph.DRAWS_BONUS if bonus else ph.DRAWS)(who=player(seat), tile=text.tile_said(TILES[tile]))
    return said_event(said, seat=seat, reveal=True)


@cache
def _nugget_event(seat: int) -> Event:
    return said_event(ph.NUGGET_BONUS(who=player(seat)))


@cache
def _placed_event(seat: int, bonus: bool, x: int, y: int) -> Event:
    # where: squares east/west and north/south of the start tile (see text.where)
    said = (ph.PLACES_BONUS if bonus else ph.PLACES)(who=player(seat), where=text.where(x, y))
    return said_event(said, seat)


@cache
def _figure_move(seat: int, role: str | None, zone: int, label: str, turned: int) -> Move:
    """The figure step's move: typed `hunter nw` (the zone's code), read 'hunter in the north-west
    meadow' (the zone in words, ``text.zone_words``). ``turned``: tile id * 4 + turn."""
    if role is None:
        return Move(seat, "none", ph.L_NONE(), ("figure", None, -1))
    return Move(seat, f"{role} {label}", lambda: ph.L_FIGURE[role](zone=_ZONE_WORDS[turned][zone]),
                ("figure", role, zone))


def place(state: State, x: int, y: int, rot: int) -> list[Event]:
    tile = TILES[state.hand]
    if not state.board.fits(tile, rot, x, y):
        raise IllegalMove.of(ph.R_NOT_FIT())
    state.board = state.board.copy()          # copy on write: State.copy shares the board
    index = state.board.add(state.hand, x, y, rot)
    state.recent = state.recent + [index] if state.in_bonus else [index]
    state.current = index
    state.hand = -1
    events = [_placed_event(state.turn, state.in_bonus, x, y)]
    state.options = figure_options(state)
    state.phase = "figure" if state.options else "finish"
    return events


def step_options(state: State) -> list[tuple[str, int, str]]:
    """The figure step's choices: those worked out when the tile was placed
    (a loaded state works them out again)."""
    if state.phase != "figure":
        return []
    return state.options or figure_options(state)


def figure_options(state: State) -> list[tuple[str, int, str]]:
    """(role, zone, name) for every figure the seat may put on the tile just placed."""
    if state.phase not in ("figure", "place") or state.current < 0:
        return []
    seat = state.turn
    men, huts = state.men[seat] - state.recovered > 0, state.huts[seat] > 0   # see State.recovered
    if not men and not huts:
        return []
    board = state.board
    tile_id, _x, _y, rot = board.placed[state.current]
    roles, water_here = _TILE_ROLES[tile_id]
    men_roles = roles if men else ()                  # only the figures that could be in the way count
    huts = huts and water_here
    # the features (and river systems) already held: their roots, each found as Board.find does
    # without shortening paths (written out: a search asks this on every placement). A man's role
    # is his feature's kind, so a root says both.
    parent, system = board.parent, board.system
    taken: set[int] = set()
    taken_huts: set[int] = set()
    for _s, role, node in state.figures:
        if role in men_roles:
            while parent[node] != node:
                node = parent[node]
            taken.add(node)
        elif huts and role == "hut":
            while system[node] != node:
                node = system[node]
            taken_huts.add(node)
    labels = _ZONE_NAMES[tile_id * 4 + rot]
    out: list[tuple[str, int, str]] = []
    hut_systems: dict[int, int] = {}
    node = board.base[state.current]
    for z, role, water, lake in _ZONE_ROLES[tile_id]:
        if men and role:
            root = node
            while parent[root] != root:
                root = parent[root]
            if root not in taken:
                out.append((role, z, labels[z]))
        if huts and water:
            root = node
            while system[root] != root:
                root = system[root]
            if root not in taken_huts and (lake or root not in hut_systems):
                hut_systems[root] = z      # one hut choice per system, on its lake when it has one
        node += 1
    for z in sorted(hut_systems.values()):
        out.append(("hut", z, labels[z]))
    return out


# per tile: (zone, kind) of its forests and rivers, the features that score when completed
_CLOSABLE = [tuple((z, zone.kind) for z, zone in enumerate(tile.zones) if zone.kind in ("forest", "river"))
             for tile in TILES]
# per tile, per zone: (zone, the role a man takes there or None, whether a hut may go there, is it a lake)
_ROLE_OF_KIND = {"meadow": "hunter", "forest": "gatherer", "river": "fisher"}
_ZONE_ROLES = [tuple((z, _ROLE_OF_KIND.get(zone.kind), zone.kind in ("river", "lake"), zone.kind == "lake")
                     for z, zone in enumerate(tile.zones)) for tile in TILES]
# per tile and turn (tile id * 4 + turn): the names its zones are typed by (text.zone_names), and
# read by (text.zone_words)
_ZONE_NAMES = [text.zone_names(tile, rot) for tile in TILES for rot in range(4)]
_ZONE_WORDS = [text.zone_words(tile, rot) for tile in TILES for rot in range(4)]
# per tile: the roles a man may take on it, and whether a hut may go on it
_TILE_ROLES = [(frozenset(role for _z, role, _w, _l in zones if role), any(water for _z, _r, water, _l in zones))
               for zones in _ZONE_ROLES]


def put_figure(state: State, role: str | None, zone: int) -> list[Event]:
    events: list[Event] = []
    if role is not None:
        seat = state.turn
        for r, z, _label in step_options(state):
            if z == zone and r == role:
                break
        else:
            raise IllegalMove.of(ph.R_FIGURE_NOT_THERE())
        if role == "hut":
            state.huts[seat] -= 1
        else:
            state.men[seat] -= 1
        state.figures.append([seat, role, state.board.node(state.current, zone)])
        tile_id, _x, _y, rot = state.board.placed[state.current]
        events.append(_figure_event(seat, role, tile_id * 4 + rot, zone))
    state.phase = "finish"
    return events


@cache
def _figure_event(seat: int, role: str, turned: int, zone: int) -> Event:
    """'{p0} puts a hunter in the north-west meadow.' (``turned``: tile id * 4 + turn)."""
    return said_event(ph.PUTS_IN[role](who=player(seat), zone=_ZONE_WORDS[turned][zone]), seat=seat)


# The turn's flow (rules.kit.flow): a seat decides in "place" (the drawn tile) and "figure" (the
# figure step); "finish" and "end_turn" run by themselves, within the move that led there, so a
# stored state only ever rests in "place", "figure" or "over".


def finish_tile(state: State, events: list[Event]) -> None:
    """"finish": score what the tile completed, send figures home, then hand out the
    bonus tile (the same seat places it: "place") or end the turn ("end_turn")."""
    board = state.board
    tile_id = board.placed[state.current][0]
    base, find, open_ = board.base[state.current], board.find, board.open
    nugget = False
    done: list[int] = []
    for z, kind in _CLOSABLE[tile_id]:
        root = find(base + z)
        if open_[root] != 0 or root in done:
            continue
        done.append(root)
        scored, has_nugget = score_completed(state, root, kind)
        events += scored
        nugget = nugget or has_nugget
    state.current = -1
    state.options = []
    state.phase = "end_turn"
    if nugget and not state.in_bonus:
        if state.bonus:
            events.append(_nugget_event(state.turn))
            events += draw(state, bonus=True)          # a tile that fits: "place", the same seat
        else:
            events.append(said_event(ph.NUGGET_NONE()))


def end_turn(state: State, events: list[Event]) -> None:
    """"end_turn": the next seat draws ("place"), or the stack is out and the game ends ("over")."""
    # The bonus tile is part of the turn that earned it: the player « rejoue » it and « son tour
    # s'arrête là » after it (rulebook, "Forêt achevée et tuiles bonus"). Only now may the men who
    # came home during the turn be placed again ("Retour des hommes dans la réserve").
    state.in_bonus = False
    state.recovered = 0
    if state.land:
        state.turn = (state.turn + 1) % state.seats
        events += draw(state, bonus=False)
        if state.hand >= 0 or state.draw_held:
            return
    state.phase = "over"
    state.hand = -1
    events.append(said_event(ph.LAST_TILE()))
    events += final_scoring(state)


TURN_FLOW = Flow("carcassonne_hg", {"finish": finish_tile, "end_turn": end_turn}, ("place", "figure", "over"),
                 phase_of=attrgetter("phase"), limit=8)
advance = TURN_FLOW.advance


# ------------------------------------------------------------------ parsing help

_PLACE = re.compile(r"^\s*#?(\d{1,4})\s*(?:[/@ ]\s*)?([a-d]|0|90|180|270)?°?\s*$")
_DEGREES = {"0": 0, "90": 1, "180": 2, "270": 3}
_COMBINED = re.compile(r"^\s*#?(\d{1,4})\s*([a-d]|0|90|180|270)?°?\s+(hunter|gatherer|fisher|hut|none)\b\s*(.*)$")


def parse_placement(state: State, moves: list[Move], typed: str) -> Move:
    m = _PLACE.match(typed.casefold())
    listed = spots(state)
    if not m:
        firsts = {m.notation.rstrip("abcd"): m.notation for m in reversed(moves)}   # one example per spot
        examples = [f"`{n}`" for n in sorted(firsts.values(), key=lambda n: int(n.rstrip("abcd") or 0))[:3]]
        raise IllegalMove.of(ph.R_TYPE_SPOT(typed=echo(typed), examples=listing(examples, style="or")))
    k = int(m.group(1))
    if not 1 <= k <= len(listed):
        raise IllegalMove.of(ph.R_NO_SPOT(k=k, last=len(listed)))
    _x, _y, rots = listed[k - 1]
    turn = m.group(2)
    options = listing([f"{k}{ROT_LETTERS[r]}" for r in rots], style="or")
    if turn is None:
        if len(rots) == 1:
            return next(mv for mv in moves if mv.notation == f"{k}{ROT_LETTERS[rots[0]]}")
        raise IllegalMove.of(ph.R_SAY_TURN(k=k, options=options))
    r = ROT_LETTERS.index(turn) if turn in ROT_LETTERS else _DEGREES[turn]
    for mv in moves:
        if mv.notation == f"{k}{ROT_LETTERS[r]}":
            return mv
    # a symmetric tile: this turn looks the same as a listed one
    tile = TILES[state.hand]
    for rr in rots:
        if tile.port_zone[rr] == tile.port_zone[r]:
            return next(mv for mv in moves if mv.notation == f"{k}{ROT_LETTERS[rr]}")
    raise IllegalMove.of(ph.R_NO_TURN(k=k, turn=ROT_LETTERS[r], options=options))


def parse_figure(state: State, moves: list[Move], typed: str) -> Move:
    words = typed.casefold().split()
    role = words[0] if words and words[0] in ROLES else None
    choices = listing([f"`{mv.notation}`" for mv in moves[:8]], style="or")   # codes to type, set apart from the words
    if role is None:
        raise IllegalMove.of(ph.R_CHOOSE(choices=choices))
    seat = state.turn
    # « L'homme ou la hutte ainsi placé doit être pris dans sa réserve » (Placement des hommes et des huttes)
    if role == "hut" and state.huts[seat] == 0:
        raise IllegalMove.of(ph.R_NO_HUT())
    if role != "hut" and state.men[seat] == 0:
        raise IllegalMove.of(ph.R_NO_MAN(n=MEN))
    if role != "hut" and state.men[seat] <= state.recovered:
        raise IllegalMove.of(ph.R_CAME_HOME(n=state.recovered))
    tile_id, _x, _y, rot = state.board.placed[state.current]
    labels = text.zone_names(TILES[tile_id], rot)
    where = normalize_notation("".join(words[1:]))
    kinds = {"hunter": ("meadow",), "gatherer": ("forest",), "fisher": ("river",), "hut": ("river", "lake")}[role]
    zones = [z for z, zone in enumerate(TILES[tile_id].zones)
             if zone.kind in kinds and normalize_notation(labels[z]) == where]
    if zones:
        said = text.zone_words(TILES[tile_id], rot)
        raise IllegalMove.of(ph.R_TAKEN[role](zone=said[zones[0]], choices=choices))
    typed = echo(typed, 20)   # quoted back safe: no mentions, markup or bidi controls
    raise IllegalMove.of(ph.R_NO_PLACE(typed=typed, role=ph.A_ROLE[role](), choices=choices))
