"""Fire & Stone (Klaus-Jürgen Wrede): explore, gather, cook, build villages.

The state is a plain JSON dict (``state.State`` declares its keys). A turn is split into
small moves by the same seat: move explorer 1, then its choices (take or leave a tile, cook,
build, which fire to go back to), then explorer 2. Pending decisions sit in a queue,
``state["pending"]``, run by the kit's queue-shaped flow (``turns.FLOW``): the head of that
queue says who acts and what they may choose.

Where the rest lives: ``state`` (the typed state, its copies and stored form), ``board``
(what the boards say: reach, fires, costs), ``choices`` (the legal moves and their words),
``moves`` (what a move does), ``turns`` (the flow), ``views`` (what people see), ``steps``
(the move picker), ``ai`` (determinize and heuristic), ``scoring`` (the final count).
"""

from __future__ import annotations

from typing import Any

from rules import phrases as core_phrases
from rules.core import Event, Game, IllegalMove, Move, Option, Result, Rng, normalize_notation
from rules.wording import Said

from . import ai, board, moves, state, steps, text, turns, views
from . import choices as legal
from . import phrases as ph
from .data import (
    BAG_SUPPLY,
    CAVES,
    DISCOVERY,
    FOOD_ICON,
    GAME_TILES,
    HUTS_EACH,
    INVENTIONS,
    MARKER_START,
    OBJECTIVES,
    REGION,
    REGIONS,
    STACKS_PER_REGION,
    START,
    START_BAGS,
    START_GATHER,
    STARTING,
    TERR,
    VP_DECK,
)
from .state import Decision, State, Tribe
from .text import RULES_EN

OPEN_AT = board.OPEN_AT
_PLAY = moves.PLAY
_fork = state.fork
_is_legal = legal.is_legal


class FireAndStone(Game):
    key = "fire_and_stone"
    name = "Fire & Stone"
    name_fr = "Fire & Stone"
    min_players = 2
    max_players = 4
    options = (
        Option("starting_inventions", "Variant: each tribe picks a starting invention", ("off", "on"), "off",
               "Variante : chaque tribu choisit une invention de départ"),
        Option("start_tile", "3 players: everyone starts with the sun or the moon gathering tile",
               ("sun", "moon"), "sun", "À 3 joueurs : tous commencent avec la tuile Soleil ou Lune"),
        Option("cave", "Cave card: any, or only beginner cards", ("any", "beginner"), "any",
               "Carte Grotte : n'importe laquelle, ou seulement débutant"),
    )
    rules_en = RULES_EN
    move_path, preview, may_autoplay = steps.move_path, steps.preview, steps.may_autoplay   # the picker

    def rules_pages(self) -> list[tuple[str, Said | str, Said | str]]:
        return text.PAGES

    # MISE EN PLACE 11: the table draws the first player by shuffling the seats; seat 0 starts.
    first_player = "random"
    first_player_rule = ("The first player is drawn at random (rulebook: \"Randomly determine who will be the first "
                         "player\", our translation).",
                         "Le premier joueur est tiré au hasard (règle : « Déterminez au hasard qui sera le "
                         "premier joueur »).")
    schema_version = state.SCHEMA_VERSION

    def __init__(self) -> None:
        # the turn's flow (turns.py), asking this game which fires are open when one is chosen
        self.flow = turns.flow(lambda: self.fires_in)
        self._advance = self.flow.advance

    # ------------------------------------------------------------ set-up

    def setup(self, seats: int, seed: int, options: dict[str, str]) -> State:
        opts = self.resolve_options(options)
        rng = Rng(seed)
        tile: dict[str, str] = {}
        for region in REGIONS:
            bag = [kind for kind, count in DISCOVERY[region].items() for _ in range(count)]
            rng.shuffle(bag)
            for t, kind in zip(FOOD_ICON[region], bag, strict=True):
                tile[str(t)] = kind
        game_ids = list(range(len(GAME_TILES)))
        rng.shuffle(game_ids)
        stacks: dict[str, list[list[int]]] = {}
        for region in REGIONS:
            stacks[region] = []
            for _ in range(STACKS_PER_REGION[region]):
                stacks[region].append(game_ids[:3])
                game_ids = game_ids[3:]
        caves = sorted(c for c in CAVES if opts["cave"] == "any" or CAVES[c]["beginner"])
        inv_deck = sorted(INVENTIONS)
        rng.shuffle(inv_deck)
        objectives = sorted(OBJECTIVES)
        rng.shuffle(objectives)
        players: list[Tribe] = []
        for s in range(seats):
            tracks: list[list[Any]] = [[None, 0], [None, 0]]
            colour = START_GATHER[s]
            if seats == 4:
                tracks = [[colour["sun"], 1], [colour["moon"], 1]]
            elif seats == 3:
                tracks = [[colour[opts["start_tile"]], 1], [None, 0]]
            players.append({"food": 0, "bags": START_BAGS, "tracks": tracks, "game": [], "inv": [], "cover": {},
                            "vp": 0, "huts": HUTS_EACH, "ex": [START, None], "obj": objectives[s],
                            "marker": MARKER_START})
        new: State = {
            "n": seats, "opts": opts, "rng": [],
            "tile": tile, "up": [], "forest": {}, "villages": {}, "stacks": stacks,
            "cave": rng.choice(caves), "cave_up": False,
            "inv_row": [inv_deck.pop(0) for _ in range(3)], "inv_deck": inv_deck,
            # All 24 bag tokens start in the supply (MATÉRIEL COMMUN: « 24 jetons Sac »; MISE EN PLACE 7
            # puts them by the board and step 8 gives none to the players): the 2 starting bags are
            # printed on the tribe board (LE PLATEAU TRIBU: « 1 nourriture par sac (donc 2 au début
            # de la partie). Lorsque vous gagnez des jetons Sac, vous augmentez la capacité »).
            "vp_deck": list(VP_DECK), "track": 0, "bag_supply": BAG_SUPPLY,
            "discard": [], "p": players, "turn": 0, "ex": 0, "pending": [], "end": None, "over": False,
            "last": None, "draft": None,
        }
        if opts["starting_inventions"] == "on":
            cards = sorted(STARTING)
            rng.shuffle(cards)
            new["draft"] = cards[:seats]
            # The last player chooses first, then anticlockwise.
            new["pending"] = [{"k": "draft", "s": s} for s in range(seats - 1, -1, -1)]
        else:
            new["pending"] = [{"k": "move", "s": 0, "e": 0}]
        new["rng"] = rng.to_json()
        return new

    # ------------------------------------------------------------ storage and copies (state.py)

    def upgrade(self, schema: int, data: dict[str, Any]) -> dict[str, Any]:
        return state.upgrade(schema, data)

    def to_json(self, st: State) -> dict[str, Any]:
        return state.to_json(st)

    def from_json(self, data: dict[str, Any]) -> State:
        return state.from_json(data)

    def clone(self, st: State) -> State:
        """A fully independent copy (callers may change any part of it)."""
        return state.clone(st)

    def apply(self, st: State, move: Move) -> tuple[State, list[Event]]:
        """Pure, as in Game.apply, but on a copy-on-write fork (``state.fork``)."""
        new = _fork(st)
        return new, self.play(new, move)

    # ------------------------------------------------------------ the boards (board.py), for tests and render

    has = staticmethod(board.has)
    cave_rule = staticmethod(board.cave_rule)
    gain_food = staticmethod(board.gain_food)
    gain_bags = staticmethod(board.gain_bags)
    is_fire = staticmethod(board.is_fire)
    region_open = staticmethod(board.region_open)
    reachable = staticmethod(board.reachable)
    build_cost = staticmethod(board.build_cost)
    leave_food = staticmethod(board.leave_food)
    gather_targets = staticmethod(board.gather_targets)
    describe = staticmethod(legal.describe)
    label = staticmethod(legal.label)

    def fires_in(self, st: State, region: str | None) -> list[int]:
        """The fires of ``region`` (None: any) an explorer may go to (``board.fires_in``)."""
        return board.fires_in(st, region)

    def choices(self, st: State, head: Decision) -> list[legal.Choice]:
        """What may be chosen at ``head`` other than an explorer's move (``choices.choices``)."""
        return legal.choices(st, head, self.fires_in)

    def options_for(self, st: State, head: Decision) -> list[Move]:
        return legal.options_for(st, head, self.fires_in)

    def destinations(self, st: State, seat: int, e: int) -> list[int]:
        """Territories this explorer may end its move on (up to 2 steps, 3 with
        the sled; locked regions cannot be entered; sea routes need Boats)."""
        return list(board.reachable(st, seat, e))

    # ------------------------------------------------------------ who acts, what may be done

    def to_act(self, st: State) -> list[int]:
        if st["over"] or not st["pending"]:
            return []
        return [st["pending"][0]["s"]]

    def legal_moves(self, st: State, seat: int) -> list[Move]:
        if seat not in self.to_act(st):
            return []
        return legal.options_for(st, st["pending"][0], self.fires_in)

    def parse(self, st: State, seat: int, text: str) -> Move:
        if seat in self.to_act(st) and st["pending"][0]["k"] == "move":
            wanted = normalize_notation(text)
            if wanted.isdigit() and len(wanted) < 4:
                t = int(wanted)
                legal = {m.notation: m for m in self.legal_moves(st, seat)}
                if str(t) in legal:
                    return legal[str(t)]
                # either explorer first: a bare territory moves the original explorer when it can reach
                # it (as it always did: move logs typed before the choice replay unchanged), else the other
                there = sorted((m for m in legal.values() if m.data[1] == t), key=lambda m: m.data[2])
                if there:
                    return there[0]
                if t not in TERR:
                    raise IllegalMove.of(ph.NO_TERRITORY(t=t, last=len(TERR)))
                if not board.region_open(st, REGION[t]):
                    # MISE EN PLACE / piste des huttes: region II opens with the 3rd hut tile, III with the 9th
                    raise IllegalMove.of(ph.REGION_CLOSED(region=REGION[t], need=OPEN_AT[REGION[t]],
                                                          track=st["track"]))
                raise IllegalMove.of(ph.OUT_OF_REACH(t=t))
        try:
            return super().parse(st, seat, text)
        except IllegalMove as exc:     # the generic refusal: name the decision the seat is at
            if exc.said is None or exc.said.key != core_phrases.NOT_LEGAL.key or st["pending"][0]["k"] not in ph.STEP:
                raise
            raise IllegalMove.of(ph.NOT_LEGAL(step=ph.STEP[st["pending"][0]["k"]](), **exc.said.params)) from None

    # ------------------------------------------------------------ play (moves.py), then the flow (turns.py)

    def play(self, st: State, move: Move) -> list[Event]:
        if move.seat not in self.to_act(st):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        head: Decision = st["pending"][0]
        if not _is_legal(st, head, move, self.fires_in):
            raise IllegalMove.of(core_phrases.NOT_LEGAL_NOW())
        # No move draws at random (every tile is placed at set-up), so ``st["rng"]`` stays as it is.
        events: list[Event] = []
        _PLAY[move.data[0]](st, head, move, events)
        self._advance(st, events)
        return events

    # ------------------------------------------------------------ what an AI seat may know (ai.py)

    def determinize(self, st: State, seat: int, rng: Rng) -> State:
        return ai.determinize(self, st, seat, rng)

    def heuristic(self, st: State, seat: int) -> float:
        return ai.heuristic(st, seat)

    # ------------------------------------------------------------ what people see (views.py)

    def view(self, st: State, seat: int | None) -> dict[str, Any]:
        return views.view(st, seat)

    def private_said(self, st: State, seat: int) -> list[Said]:
        return views.private_said(st, seat)

    def status_said(self, st: State) -> list[Said]:
        return views.status_said(st)

    def public_scores(self, st: State) -> list[float]:
        """Everything but the secret objective."""
        return views.public_scores(st)

    def result(self, st: State) -> Result | None:
        return views.result(st)

    def default_move(self, st: State, seat: int, rng: Rng | None = None) -> Move:
        """For an absent seat: decline optional choices (keep the food, cook
        nothing, build nothing); moves and forced choices are drawn at random."""
        legal = self.legal_moves(st, seat)
        if not legal:
            raise IllegalMove.of(core_phrases.NO_LEGAL_MOVE())
        for pref in ("ok", "leave", "pass", "stay"):
            for m in legal:
                if m.notation == pref:
                    return m
        return legal[rng.randbelow(len(legal))] if rng is not None else legal[0]
