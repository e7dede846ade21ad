"""Fire & Stone (Klaus-Jürgen Wrede): explore, gather, cook, build villages.

The state is a plain JSON dict (cheap to clone). A turn is split into small
moves by the same seat: move explorer 1, then its choices (take or leave a
tile, cook, build, which fire to go back to), then explorer 2. Pending
decisions sit in ``state["pending"]``; the head of that queue says who acts
and what they may choose.
"""

from __future__ import annotations

import json

from rules import phrases as core_phrases
from rules.core import (
    Event,
    Game,
    IllegalMove,
    Move,
    Option,
    Result,
    Rng,
    normalize_notation,
    rank_by,
)
from rules.wording import Said, lines, listing
from rules.wording import seat as player

from . import ai, scoring, steps, text
from . import phrases as ph
from .data import (
    ADJ,
    ALL_INV,
    BAG_SUPPLY,
    CAVES,
    DISCOVERY,
    FOOD_ICON,
    GAME_TILES,
    GATHER_KINDS,
    HUT_EFFECTS,
    HUTS_EACH,
    INVENTIONS,
    MARKER_START,
    OBJECTIVES,
    PRINTED_FIRE,
    REGION,
    REGIONS,
    SEA,
    STACKS_PER_REGION,
    START,
    START_BAGS,
    START_GATHER,
    STARTING,
    TERR,
    TERR_IDS,
    VP_DECK,
)
from .listed import listed
from .text import RULES_EN

OPEN_AT = {"I": 0, "II": 3, "III": 9}
TERR_NOTATION = {t: str(t) for t in TERR_IDS}
MOVE_DATA = {t: ("move", t) for t in TERR_IDS}
# A turn with two explorers starts with a choice of either (TOUR DE JEU: « jouez d'abord complètement le
# premier explorateur, puis le second »: the pawns are identical, so the first is whichever the player
# moves first): ``from>to`` says which one, data ("move", to, which pawn).
PICK_DATA = tuple({t: ("move", t, e) for t in TERR_IDS} for e in (0, 1))       # [pawn][to]
PICK_NOTATION = {a: {b: f"{a}>{b}" for b in TERR_IDS} for a in TERR_IDS}        # [from][to]
EFFECT = {i: card["effect"] for i, card in ALL_INV.items()}


_LAST_OPENING = max(OPEN_AT.values())
_OPENED = [tuple(r for r in REGIONS if track >= OPEN_AT[r]) for track in range(_LAST_OPENING + 1)]


def _opened(track: int) -> tuple[str, ...]:
    """The open regions once ``track`` hut tiles are on the hut track."""
    return _OPENED[min(track, _LAST_OPENING)]


def _reach(origin: int, steps: int, boats: bool, stay: bool, opened: tuple[str, ...]) -> tuple[int, ...]:
    """Sorted territories at 1..``steps`` steps from ``origin`` through open regions
    (rulebook, 1. Déplacement: "jusqu'à 2 territoires de distance", adjacent ones,
    never ending where it started unless an invention allows it)."""
    dist = {origin: 0}
    frontier = [origin]
    for step in range(1, steps + 1):
        nxt = []
        for t in frontier:
            for u in ADJ[t] + (SEA[t] if boats else ()):
                if u not in dist and REGION[u] in opened:
                    dist[u] = step
                    nxt.append(u)
        frontier = nxt
    out = [t for t, d in dist.items() if d >= 1]
    if stay:
        out.append(origin)
    return tuple(sorted(out))


def _copy_tribe(p: dict) -> dict:
    """A copy of one tribe's board that shares nothing with it (see ``clone``)."""
    return dict(p, tracks=[list(tr) for tr in p["tracks"]], game=list(p["game"]), inv=list(p["inv"]),
                cover=dict(p["cover"]), ex=list(p["ex"]))


def _without(items: list, item) -> list:
    """A new list without the first ``item`` (copy-on-write: the old list may be shared)."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _lift(state, t: int) -> str:
    """The tile on ``t`` leaves the board; returns its kind (copy-on-write, see ``_fork``)."""
    tile = dict(state["tile"])
    kind = tile.pop(str(t))
    state["tile"] = tile
    state["up"] = _without(state["up"], t)
    return kind


# Destinations depend only on (origin, steps, boats, stay, open regions): worked out once each.
_REACH: dict[tuple, tuple[int, ...]] = {}


def _ev(said: Said, seat: int | None = None, private_to: int | None = None, reveal: bool = False) -> Event:
    """An event as a message key with parameters (phrases.py), which the bot translates:
    ``Event.of`` without its keyword plumbing (two events a move)."""
    return Event(None, seat, private_to, reveal, said)


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

    def rules_pages(self):
        return text.PAGES

    # MISE EN PLACE 11: the table draws the first player by shuffling the seats; seat 0 starts.
    first_player = "random"
    first_player_rule = ("The first player is drawn at random (rulebook: \"Randomly determine who will be the first "
                         "player\", our translation).",
                         "Le premier joueur est tiré au hasard (règle : « Déterminez au hasard qui sera le "
                         "premier joueur »).")
    # 2: the bag supply holds all 24 tokens (the 2 starting bags are printed on the tribe board).
    schema_version = 2

    # ------------------------------------------------------------ set-up

    def setup(self, seats: int, seed: int, options: dict[str, str]) -> dict:
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
        players = []
        for s in range(seats):
            tracks = [[None, 0], [None, 0]]
            colour = START_GATHER[s]
            if seats == 4:
                tracks = [[colour["sun"], 1], [colour["moon"], 1]]
            elif seats == 3:
                tracks = [[colour[opts["start_tile"]], 1], [None, 0]]
            players.append({"food": 0, "bags": START_BAGS, "tracks": tracks, "game": [], "inv": [], "cover": {},
                            "vp": 0, "huts": HUTS_EACH, "ex": [START, None], "obj": objectives[s],
                            "marker": MARKER_START})
        state = {
            "n": seats, "opts": opts, "rng": None,
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
            state["draft"] = cards[:seats]
            # The last player chooses first, then anticlockwise.
            state["pending"] = [{"k": "draft", "s": s} for s in range(seats - 1, -1, -1)]
        else:
            state["pending"] = [{"k": "move", "s": 0, "e": 0}]
        state["rng"] = rng.to_json()
        return state

    # ------------------------------------------------------------ storage

    def upgrade(self, schema: int, data: dict) -> dict:
        """Schema 1 took each tribe's 2 starting bags out of the 24 tokens; they are
        printed on the tribe board (see setup), so those tokens go back to the supply."""
        if schema < 2:
            data = dict(data, bag_supply=data["bag_supply"] + START_BAGS * data["n"])
        return data

    def to_json(self, state) -> dict:
        return json.loads(json.dumps(state))

    def from_json(self, data: dict):
        return json.loads(json.dumps(data))

    def clone(self, state):
        """A fully independent copy (callers may change any part of it)."""
        new = dict(state)
        for key in ("opts", "tile", "last"):
            if state[key] is not None:
                new[key] = dict(state[key])
        for key in ("rng", "up", "inv_row", "inv_deck", "vp_deck", "discard", "draft", "end"):
            if state[key] is not None:
                new[key] = list(state[key])
        new["pending"] = [dict(h, pot=list(h["pot"])) if "pot" in h else dict(h) for h in state["pending"]]
        new["p"] = [_copy_tribe(p) for p in state["p"]]
        new["forest"] = {k: list(v) for k, v in state["forest"].items()}
        new["villages"] = {k: list(v) for k, v in state["villages"].items()}
        new["stacks"] = {r: [list(st) for st in v] for r, v in state["stacks"].items()}
        return new

    def apply(self, state, move: Move):
        """Pure, as in Game.apply, but on a copy-on-write fork (see ``_fork``)."""
        new = self._fork(state)
        return new, self.play(new, move)

    @staticmethod
    def _fork(state):
        """The copy ``play`` works on: the state's own dict, its queue of decisions
        (``pending``), its list of tribes and the acting tribe's board, whose numbers
        (food, bags, VP, huts) a move changes in place. Everything else (the tiles,
        decks, the decisions in the queue, each tribe's lists, other tribes' boards)
        is shared with ``state`` and only ever replaced by ``play``, never changed
        in place: copy-on-write, since a move changes one or two of them at most."""
        new = dict(state)
        pending = state["pending"]
        new["pending"] = list(pending)
        new["p"] = tribes = list(state["p"])
        if pending:
            s = pending[0]["s"]
            tribes[s] = dict(tribes[s])
        return new

    # ------------------------------------------------------------ helpers

    @staticmethod
    def has(p: dict, effect: str) -> bool:
        """An uncovered invention of this tribe gives that effect."""
        cover = p["cover"]
        for i in p["inv"]:
            if EFFECT[i] == effect and i not in cover:
                return True
        return False

    @staticmethod
    def cave_rule(state, kind: str, territory: int) -> int:
        """+1 when the revealed cave card's permanent rule ``kind`` applies there."""
        if not state["cave_up"]:
            return 0
        rule = CAVES[state["cave"]]["rule"]
        if not rule or rule["kind"] != kind:
            return 0
        return 1 if rule["scope"] == "all" or REGION[territory] == rule["scope"] else 0

    @staticmethod
    def gain_food(p: dict, amount: int) -> int:
        """Food only fits in free bags; the surplus is lost. Returns what was kept."""
        kept = max(0, min(amount, p["bags"] - p["food"]))
        p["food"] += kept
        return kept

    @staticmethod
    def gain_bags(state, p: dict, amount: int) -> int:
        got = min(amount, state["bag_supply"])
        state["bag_supply"] -= got
        p["bags"] += got
        return got

    @staticmethod
    def is_fire(state, t: int) -> bool:
        return t in PRINTED_FIRE or (state["tile"].get(str(t)) == "fire" and t in state["up"])

    @staticmethod
    def region_open(state, region: str) -> bool:
        return state["track"] >= OPEN_AT[region]

    def fires_in(self, state, region: str | None) -> list[int]:
        places = PRINTED_FIRE.union(t for t in state["up"] if state["tile"].get(str(t)) == "fire")
        return sorted(t for t in places if (region is None or REGION[t] == region)
                      and self.region_open(state, REGION[t]))

    def destinations(self, state, seat: int, e: int) -> list[int]:
        """Territories this explorer may end its move on (up to 2 steps, 3 with
        the sled; locked regions cannot be entered; sea routes need Boats)."""
        return list(self.reachable(state, seat, e))

    def reachable(self, state, seat: int, e: int) -> tuple[int, ...]:
        """``destinations`` as the shared tuple it is kept as (never to be changed)."""
        p = state["p"][seat]
        if p["inv"]:
            key = (p["ex"][e], 3 if self.has(p, "move3") else 2, self.has(p, "boats"), self.has(p, "stay"),
                   _opened(state["track"]))
        else:
            key = (p["ex"][e], 2, False, False, _opened(state["track"]))
        found = _REACH.get(key)
        if found is None:
            found = _REACH[key] = _reach(*key)
        return found

    def describe(self, state, t: int) -> Said:
        """Public words for what lies on a territory."""
        kind = state["tile"].get(str(t))
        huts = sum(state["villages"].get(str(t), []))
        if kind and t not in state["up"]:
            return ph.FACE_DOWN()
        if kind == "forest":
            return ph.FOREST_WITH(n=len(state["forest"].get(str(t), [])))
        if kind:
            return ph.KIND[kind]()
        if t in PRINTED_FIRE:
            return ph.KIND["fire"]()
        if huts:
            return ph.VILLAGE_WITH(n=huts)
        return ph.FOOD_ICON()

    def build_cost(self, state, seat: int, t: int) -> int:
        p = state["p"][seat]
        here = sum(state["villages"].get(str(t), []))
        discount = (1 if self.has(p, "build_minus") else 0) + self.cave_rule(state, "build_minus", t)
        return max(0, here - discount)

    # ------------------------------------------------------------ who acts, what may be done

    def to_act(self, state) -> list[int]:
        if state["over"] or not state["pending"]:
            return []
        return [state["pending"][0]["s"]]

    def legal_moves(self, state, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        return self.options_for(state, state["pending"][0])

    def options_for(self, state, head: dict) -> list[Move]:
        """The moves open to the seat at ``head`` of the queue. Their labels are worded
        only when read (autocomplete), never in a search."""
        s = head["s"]
        source = (self, state, head)
        if head["k"] == "move":  # the most frequent decision by far
            if "pick" in head:
                ex = state["p"][s]["ex"]
                notation, data = PICK_NOTATION[ex[0]], PICK_DATA[0]
                moves = [listed(s, notation[t], data[t], source) for t in self.reachable(state, s, 0)]
                if ex[1] != ex[0]:      # two pawns on one territory make the same moves: listed once
                    notation, data = PICK_NOTATION[ex[1]], PICK_DATA[1]
                    moves += [listed(s, notation[t], data[t], source) for t in self.reachable(state, s, 1)]
                return moves
            return [listed(s, TERR_NOTATION[t], MOVE_DATA[t], source) for t in self.reachable(state, s, head["e"])]
        return [listed(s, notation, data, source) for notation, data in self.choices(state, head)]

    def choices(self, state, head: dict) -> list[tuple[str, tuple]]:
        """What may be chosen at a decision other than an explorer's move, as
        (notation, data) pairs: what the rules allow, without words (see ``label``)."""
        s, k = head["s"], head["k"]
        p = state["p"][s]
        if k == "draft":
            return [(f"s{i + 1}", ("draft", card)) for i, card in enumerate(state["draft"])]
        if k == "forest":
            tiles = state["forest"].get(str(head["t"]), [])
            return [(f"g{i + 1}", ("forest", i)) for i in range(len(tiles))] + [("pass", ("pass",))]
        if k == "cook":
            pot = head["pot"]
            return [(f"c{i + 1}", ("pot", i)) for i in range(len(p["game"])) if i not in pot] + [("ok", ("cook",))]
        if k == "gather":
            kind = state["tile"][str(head["t"])]
            out = [(f"t{i + 1}", ("take", i, False)) if how == "place" else (f"x{i + 1}", ("take", i, True))
                   for i, how in self.gather_targets(p, kind)]
            return out + [("leave", ("leave",))]
        if k == "card":
            out = []
            if state["vp_deck"]:
                out += [(f"v{i + 1}", ("vp", inv)) for i, inv in enumerate(p["inv"]) if inv not in p["cover"]]
            out += [(f"i{i + 1}", ("invent", inv)) for i, inv in enumerate(state["inv_row"]) if inv not in p["inv"]]
            return sorted(out)  # inventions first (notations differ, so only they are compared)
        if k == "build":
            if p["huts"] > 0:
                if head.get("eden"):
                    can = p["bags"] - p["food"] >= sum(state["villages"].get(str(head["t"]), []))
                else:
                    can = p["food"] >= self.build_cost(state, s, head["t"])
                if can:
                    return [("build", ("build",)), ("pass", ("pass",))]
            return []
        if k == "fire":
            region = None if (head["why"] == "return" and self.has(p, "any_fire")) else head["region"]
            out = [(f"f{t}", ("fire", t)) for t in self.fires_in(state, region)]
            if head.get("stay") is not None:
                out.append(("stay", ("stay",)))
            return out
        if k == "buy":
            if p["food"] >= head["n"] and (head["what"] == "vp" or state["bag_supply"] > 0):
                return [("buy", ("buy",)), ("pass", ("pass",))]
            return []
        return []

    def label(self, state, head: dict, data: tuple) -> Said:
        """The words of a move listed at ``head`` (see ``options_for``), for autocomplete."""
        s, what = head["s"], data[0]
        if what == "move":
            t = data[1]
            if len(data) == 3:      # either explorer first: say which
                origin = state["p"][s]["ex"][data[2]]
                return ph.L_MOVE_FROM(origin=origin, t=t, region=REGION[t], what=self.describe(state, t))
            return ph.L_MOVE(t=t, region=REGION[t], what=self.describe(state, t))
        p = state["p"][s]
        if what in ("draft", "invent"):
            return ph.L_DRAFT(name=ph.INVENTION[data[1]](), text=ph.INVENTION_TEXT[data[1]]())
        if what == "forest":
            return ph.L_FOREST_TAKE(i=data[1] + 1)
        if what == "pass":
            return {"forest": ph.L_FOREST_DONE, "build": ph.L_NO_BUILD, "buy": ph.L_NO_BUY}[head["k"]]()
        if what == "pot":
            return ph.L_POT(i=data[1] + 1)
        if what == "cook":
            return ph.L_COOK(n=len(head["pot"])) if head["pot"] else ph.L_COOK_NOTHING()
        if what == "take":
            _, i, empty = data
            kind = state["tile"][str(head["t"])]
            if empty:
                return ph.L_EMPTY_TAKE(i=i + 1, old=ph.KIND[p["tracks"][i][0]](), kind=ph.KIND[kind]())
            held = p["tracks"][i]
            where = ph.L_TRACK_HOLDS(kind=ph.KIND[held[0]](), level=held[1]) if held[1] else ph.L_TRACK_EMPTY()
            return ph.L_TAKE(kind=ph.KIND[kind](), i=i + 1, holds=where)
        if what == "leave":
            return ph.L_LEAVE(food=self.leave_food(state, s, head["t"]))
        if what == "vp":
            return ph.L_VP_CARD(value=state["vp_deck"][-1], name=ph.INVENTION[data[1]]())
        if what == "build":
            if head.get("eden"):
                return ph.L_BUILD_EDEN(food=sum(state["villages"].get(str(head["t"]), [])))
            return ph.L_BUILD(food=self.build_cost(state, s, head["t"]))
        if what == "fire":
            return ph.L_FIRE(t=data[1])
        if what == "stay":
            return ph.L_STAY()
        # "buy"
        price = ph.BUY_VP() if head["what"] == "vp" else ph.BUY_BAG()
        return (ph.L_BUY_MARKER if head.get("marker") else ph.L_BUY)(cost=head["n"], what=price)

    def gather_targets(self, p: dict, kind: str) -> list[tuple[int, str]]:
        """Where a gathering tile may go (rulebook: "placez-la sur la case libre
        la plus basse de l'une de vos deux pistes", one kind per track): any
        track already holding that kind or still empty, the player's choice;
        only when both tracks hold other kinds, one of them is emptied first
        (its tiles are discarded)."""
        tracks = p["tracks"]
        fits = [i for i in (0, 1) if tracks[i][1] == 0 or tracks[i][0] == kind]
        if fits:
            return [(i, "place") for i in fits]
        return [(0, "empty"), (1, "empty")]

    def leave_food(self, state, seat: int, t: int) -> int:
        p = state["p"][seat]
        return 2 + (1 if self.has(p, "leave_plus") else 0) + self.cave_rule(state, "leave_plus", t)

    # ------------------------------------------------------------ parse with friendlier refusals

    def parse(self, state, seat: int, text: str) -> Move:
        if seat in self.to_act(state) and state["pending"][0]["k"] == "move":
            wanted = normalize_notation(text)
            if wanted.isdigit() and len(wanted) < 4:
                t = int(wanted)
                legal = {m.notation: m for m in self.legal_moves(state, seat)}
                if str(t) in legal:
                    return legal[str(t)]
                # either explorer first: a bare territory moves the original explorer when it can reach
                # it (as it always did: move logs typed before the choice replay unchanged), else the other
                there = sorted((m for m in legal.values() if m.data[1] == t), key=lambda m: m.data[2])
                if there:
                    return there[0]
                if t not in TERR:
                    raise IllegalMove.of(ph.NO_TERRITORY(t=t, last=len(TERR)))
                if not self.region_open(state, REGION[t]):
                    # MISE EN PLACE / piste des huttes: region II opens with the 3rd hut tile, III with the 9th
                    raise IllegalMove.of(ph.REGION_CLOSED(region=REGION[t], need=OPEN_AT[REGION[t]],
                                                          track=state["track"]))
                raise IllegalMove.of(ph.OUT_OF_REACH(t=t))
        try:
            return super().parse(state, seat, text)
        except IllegalMove as exc:     # the generic refusal: name the decision the seat is at
            if exc.said is None or exc.said.key != core_phrases.NOT_LEGAL.key or state["pending"][0]["k"] not in ph.STEP:
                raise
            raise IllegalMove.of(ph.NOT_LEGAL(step=ph.STEP[state["pending"][0]["k"]](), **exc.said.params)) from None

    # ------------------------------------------------------------ play

    def play(self, state, move: Move) -> list[Event]:
        if move.seat not in self.to_act(state):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        head = state["pending"][0]
        if not self._is_legal(state, head, move):
            raise IllegalMove.of(core_phrases.NOT_LEGAL_NOW())
        # No move draws at random (every tile is placed at set-up), so ``state["rng"]`` stays as it is.
        events: list[Event] = []
        getattr(self, "_do_" + move.data[0])(state, head, move, events)
        self._settle(state, events)
        return events

    def _is_legal(self, state, head: dict, move: Move) -> bool:
        """``move in options_for(state, head)``, without building every Move for
        an explorer's move (the most frequent decision by far)."""
        if move.seat != head["s"]:
            return False
        data = move.data
        if head["k"] != "move":
            return (move.notation, data) in self.choices(state, head)
        if "pick" in head:
            if not (isinstance(data, tuple) and len(data) == 3 and data[0] == "move" and data[2] in (0, 1)):
                return False
            ex, e = state["p"][head["s"]]["ex"], data[2]
            return ((e == 0 or ex[1] != ex[0]) and move.notation == PICK_NOTATION[ex[e]].get(data[1])
                    and data[1] in self.reachable(state, head["s"], e))
        return (isinstance(data, tuple) and len(data) == 2 and data[0] == "move"
                and data[1] in self.reachable(state, head["s"], head["e"])
                and move.notation == TERR_NOTATION[data[1]])

    # Each _do_ pops or updates the head pending decision and may push new ones.

    def _do_draft(self, state, head, move, events):
        card = move.data[1]
        state["pending"].pop(0)
        state["draft"] = _without(state["draft"], card)
        self._gain_invention(state, head["s"], card, events)
        if not state["pending"]:
            state["draft"] = None
            state["pending"] = [{"k": "move", "s": 0, "e": 0}]

    def _do_move(self, state, head, move, events):
        s, e, t = head["s"], head["e"], move.data[1]
        if "pick" in head:          # the player chose which explorer goes first: the other follows
            e = move.data[2]
            state["second"] = 1 - e
        p = state["p"][s]
        state["pending"].pop(0)
        ex = list(p["ex"])
        origin, ex[e] = ex[e], t
        p["ex"] = ex
        state["last"] = {"s": s, "from": origin, "to": t}
        events.append(_ev(ph.MOVES(who=player(s), origin=origin, t=t), seat=s))
        self._arrive(state, s, e, t, events)

    def _arrive(self, state, s, e, t, events):
        p = state["p"][s]
        key = str(t)
        kind = state["tile"].get(key)
        if self.has(p, "water_food") and (TERR[t]["lake"] or TERR[t]["coast"]):
            self.gain_food(p, 1)
        new: list[dict] = []
        if kind and t not in state["up"]:
            state["up"] = state["up"] + [t]
            events.append(_ev(ph.REVEALS(who=player(s), t=t, kind=ph.KIND[kind]()), seat=s, reveal=True))
            if self.has(p, "reveal_food"):
                self.gain_food(p, 1)
            new = self._discover(state, s, e, t, kind, events)
        else:
            new = self._action(state, s, e, t, events)
        if self.has(p, "fire_food") and self.is_fire(state, t):
            self.gain_food(p, 1)
        state["pending"][0:0] = new

    def _discover(self, state, s, e, t, kind, events) -> list[dict]:
        """Discovery effect of a freshly revealed tile, then its action."""
        p = state["p"][s]
        key = str(t)
        region = REGION[t]
        if kind == "forest":
            stacks = state["stacks"][region]
            state["stacks"] = {**state["stacks"], region: stacks[1:]}  # copy-on-write (see _fork)
            state["forest"] = {**state["forest"], key: list(stacks[0]) if stacks else []}
            return self._action(state, s, e, t, events)
        if kind == "fire":
            p["vp"] += 1
            events.append(_ev(ph.FIRE_VP(who=player(s)), seat=s))
            return self._action(state, s, e, t, events)
        if kind == "cache":
            self.gain_bags(state, p, 1)
            self.gain_food(p, 1)
            _lift(state, t)
            events.append(_ev(ph.CACHE(who=player(s)), seat=s))
            return []
        if kind == "hut":
            _lift(state, t)
            if p["huts"] > 0:
                self._place_hut(state, s, t, events)
            return self._hut_track(state, s, e, t, events)
        if kind == "cave":
            state["cave_up"] = True
            card = CAVES[state["cave"]]
            events.append(_ev(ph.CAVE_IS(name=ph.CAVE[state["cave"]](), text=ph.CAVE_TEXT[state["cave"]]()),
                              reveal=True))
            disc = card["discovery"]
            if disc.get("bags"):
                self.gain_bags(state, p, disc["bags"])
            if disc.get("food"):
                self.gain_food(p, disc["food"])
            if disc.get("vp"):
                p["vp"] += disc["vp"]
            return self._action(state, s, e, t, events)
        return self._action(state, s, e, t, events)  # gathering tiles: no discovery effect

    def _action(self, state, s, e, t, events) -> list[dict]:
        """The action of what the explorer finds (never a discovery effect)."""
        p = state["p"][s]
        key = str(t)
        kind = state["tile"].get(key)
        if kind == "forest":
            if state["forest"].get(key):
                left = 2 if self.has(p, "forest_two") else 1
                self._show_forest(state, s, t, events)
                return [{"k": "forest", "s": s, "t": t, "left": left}]
            return []
        if kind == "fire" or (kind is None and t in PRINTED_FIRE):
            return [{"k": "cook", "s": s, "t": t, "pot": []}] if p["game"] else []
        if kind in GATHER_KINDS:
            return [{"k": "gather", "s": s, "t": t}]
        if kind == "cave":
            action = CAVES[state["cave"]]["action"]
            if not action:
                return []
            if action.get("marker") and p.get("marker") == "cave":
                events.append(_ev(ph.MARKER_USED(who=player(s)), seat=s))
                return []
            if action["kind"] == "eden":
                return [{"k": "build", "s": s, "e": e, "t": t, "eden": True}]
            if action["kind"] == "food":
                got = self.gain_food(p, action["n"])
                said = ph.CAVE_FOOD(who=player(s), food=got) if got else ph.CAVE_FOOD_NONE(who=player(s))
                events.append(_ev(said, seat=s))
                return []
            if action["kind"] == "fire":
                return [{"k": "cook", "s": s, "t": t, "pot": []}] if p["game"] else []
            return [{"k": "buy", "s": s, "what": "vp" if action["kind"] == "buy_vp" else "bag", "n": action["n"],
                     "marker": bool(action.get("marker"))}]
        if sum(state["villages"].get(key, [])):
            return [{"k": "build", "s": s, "e": e, "t": t}]
        # Only a food icon left.
        gain = 1 + (1 if self.has(p, "plain_plus") else 0) + self.cave_rule(state, "plain_plus", t)
        got = self.gain_food(p, gain)
        events.append(_ev(ph.GATHERS(who=player(s), food=got) if got else ph.GATHERS_NONE(who=player(s)), seat=s))
        return []

    def _show_forest(self, state, s, t, events):
        tiles = state["forest"][str(t)]
        shown = listing(ph.NUMBERED(i=i + 1, what=ph.game_tile(g)) for i, g in enumerate(tiles))
        # The player looks at hidden tiles: an undo barrier.
        events.append(_ev(ph.FOREST_HOLDS(t=t, tiles=shown), private_to=s, reveal=True))

    def _place_hut(self, state, s, t, events):
        p = state["p"][s]
        village = list(state["villages"].get(str(t), [0] * state["n"]))
        village[s] += 1
        state["villages"] = {**state["villages"], str(t): village}  # copy-on-write (see _fork)
        p["huts"] -= 1
        state["last"] = dict(state["last"] or {}, built=t)
        if p["huts"] == 0:
            self._trigger_end(state, s, events, ph.END_LAST_HUT)

    def _hut_track(self, state, s, e, t, events) -> list[dict]:
        state["track"] += 1
        n = state["track"]
        events.append(_ev(ph.HUT_TILE(n=n), seat=s))
        effect = HUT_EFFECTS.get(n)
        new = [self._return_to_fire(state, s, e, t)]
        if effect == "open_II":
            events.append(_ev(ph.REGION_OPEN(region="II")))
        elif effect == "open_III":
            events.append(_ev(ph.REGION_OPEN(region="III")))
        elif effect == "end":
            self._trigger_end(state, s, events, ph.END_TRACK)
        elif effect == "second_explorer":
            events.append(_ev(ph.SECOND_EXPLORER()))
            for i in range(state["n"]):
                seat = (s + i) % state["n"]
                first = t if seat == s else state["p"][seat]["ex"][0]
                new.append({"k": "fire", "s": seat, "e": 1, "why": "second", "region": REGION[first]})
        return new

    def _return_to_fire(self, state, s, e, t) -> dict:
        head = {"k": "fire", "s": s, "e": e, "why": "return", "region": REGION[t]}
        if self.has(state["p"][s], "may_stay"):
            head["stay"] = t
        return head

    def _trigger_end(self, state, s, events, why):
        if state["end"] is None:
            # The trigger's turn counts as one of its two; the others play twice more.
            state["end"] = [2] * state["n"]
            state["trigger"] = s
            events.append(_ev(why(who=player(s))))

    def _do_forest(self, state, head, move, events):
        s, t = head["s"], head["t"]
        tiles = list(state["forest"][str(t)])
        gid = tiles.pop(move.data[1])
        state["forest"] = {**state["forest"], str(t): tiles}  # copy-on-write (see _fork)
        p = state["p"][s]
        p["game"] = p["game"] + [gid]
        events.append(_ev(ph.FOREST_TAKES(who=player(s), t=t), seat=s))
        events.append(_ev(ph.YOU_TOOK(tile=ph.game_tile(gid)), private_to=s))
        left = head["left"] - 1
        if left <= 0 or not tiles:
            state["pending"].pop(0)
        else:
            state["pending"][0] = dict(head, left=left)  # copy-on-write (see _fork)
            self._show_forest(state, s, t, events)

    def _do_pass(self, state, head, move, events):
        state["pending"].pop(0)

    def _do_pot(self, state, head, move, events):
        state["pending"][0] = dict(head, pot=head["pot"] + [move.data[1]])  # copy-on-write (see _fork)

    def _do_cook(self, state, head, move, events):
        s = head["s"]
        p = state["p"][s]
        state["pending"].pop(0)
        pot = sorted(head["pot"])
        if not pot:
            return
        cooked = [p["game"][i] for i in pot]
        p["game"] = [g for i, g in enumerate(p["game"]) if i not in pot]
        bonus = (1 if self.has(p, "cook_plus") else 0) + self.cave_rule(state, "cook_plus", head["t"])
        # All rewards together: new bags first, so the food can fill them.
        bags = self.gain_bags(state, p, sum(GAME_TILES[g][1] for g in cooked))
        food = sum(GAME_TILES[g][0] + bonus for g in cooked)
        kept = self.gain_food(p, food)
        state["discard"] = state["discard"] + cooked
        shown = listing(ph.game_tile(g) for g in cooked)
        events.append(_ev(ph.COOKS(who=player(s), tiles=shown, n=bags, food=kept), seat=s, reveal=True))

    def _do_take(self, state, head, move, events):
        s, t = head["s"], head["t"]
        p = state["p"][s]
        state["pending"].pop(0)
        _, i, empty = move.data
        kind = _lift(state, t)
        p["tracks"] = [list(tr) for tr in p["tracks"]]  # copy-on-write (see _fork)
        track = p["tracks"][i]
        if empty:
            events.append(_ev(ph.EMPTIES(who=player(s), kind=ph.KIND[track[0]]()), seat=s))
            track[:] = [None, 0]
        track[0] = kind
        track[1] = min(3, track[1] + (2 if self.has(p, "double_" + kind) else 1))
        if self.has(p, "take_plus"):
            self.gain_food(p, 1)
        events.append(_ev(ph.TAKES(who=player(s), kind=ph.KIND[kind](), level=track[1]), seat=s))
        if track[1] >= 3:
            track[:] = [None, 0]  # the three tiles are discarded once the card is taken
            card = {"k": "card", "s": s}
            if self.choices(state, card):
                state["pending"].insert(0, card)

    def _do_leave(self, state, head, move, events):
        s, t = head["s"], head["t"]
        state["pending"].pop(0)
        got = self.gain_food(state["p"][s], self.leave_food(state, s, t))
        events.append(_ev(ph.LEAVES(who=player(s), food=got) if got else ph.LEAVES_NONE(who=player(s)), seat=s))

    def _gain_invention(self, state, s, inv, events):
        p = state["p"][s]
        p["inv"] = p["inv"] + [inv]
        instant = ALL_INV[inv]["instant"]
        if instant.get("bags"):
            self.gain_bags(state, p, instant["bags"])
        if instant.get("food"):
            self.gain_food(p, instant["food"])
        events.append(_ev(ph.GAINS_INVENTION(who=player(s), name=ph.INVENTION[inv]()), seat=s))

    def _do_invent(self, state, head, move, events):
        s, inv = head["s"], move.data[1]
        state["pending"].pop(0)
        state["inv_row"] = _without(state["inv_row"], inv)
        self._gain_invention(state, s, inv, events)
        if state["inv_deck"]:
            new = state["inv_deck"][0]
            state["inv_deck"] = state["inv_deck"][1:]
            state["inv_row"] = state["inv_row"] + [new]
            events.append(_ev(ph.NEW_INVENTION(name=ph.INVENTION[new]()), reveal=True))

    def _do_vp(self, state, head, move, events):
        s, inv = head["s"], move.data[1]
        state["pending"].pop(0)
        value = state["vp_deck"][-1]
        state["vp_deck"] = state["vp_deck"][:-1]
        p = state["p"][s]
        p["cover"] = {**p["cover"], inv: value}
        events.append(_ev(ph.TAKES_VP(who=player(s), value=value, name=ph.INVENTION[inv]()), seat=s))

    def _do_build(self, state, head, move, events):
        s, t = head["s"], head["t"]
        p = state["p"][s]
        state["pending"].pop(0)
        here = sum(state["villages"].get(str(t), []))
        if head.get("eden"):
            self.gain_food(p, here)
            events.append(_ev(ph.BUILDS_EDEN(who=player(s), t=t, food=here), seat=s))
        else:
            cost = self.build_cost(state, s, t)
            p["food"] -= cost
            events.append(_ev(ph.BUILDS(who=player(s), t=t, food=cost), seat=s))
        self._place_hut(state, s, t, events)
        state["pending"].insert(0, self._return_to_fire(state, s, head["e"], t))

    def _do_fire(self, state, head, move, events):
        s, t = head["s"], move.data[1]
        state["pending"].pop(0)
        # Copy-on-write: ``_settle`` also places other tribes' second explorers,
        # whose boards ``_fork`` did not copy.
        p = state["p"][s]
        ex = list(p["ex"])
        ex[head["e"]] = t
        state["p"][s] = dict(p, ex=ex)
        said = ph.SECOND_TO_FIRE if head["why"] == "second" else ph.TO_FIRE
        events.append(_ev(said(who=player(s), t=t), seat=s))

    def _do_stay(self, state, head, move, events):
        state["pending"].pop(0)

    def _do_buy(self, state, head, move, events):
        s = head["s"]
        p = state["p"][s]
        state["pending"].pop(0)
        p["food"] -= head["n"]
        if head["what"] == "vp":
            p["vp"] += 1
        else:
            self.gain_bags(state, p, 1)
        what = ph.BUY_VP() if head["what"] == "vp" else ph.BUY_BAG()
        events.append(_ev(ph.PAYS(who=player(s), cost=head["n"], what=what), seat=s))
        if head.get("marker"):
            self._use_marker(state, s, events)

    @staticmethod
    def _use_marker(state, s, events):
        """A once-per-tribe cave action: the tribe's marker leaves its colour
        card for the cave card (rulebook: 1 marker per player "pour certaines
        cartes Grotte"; which cards is reconstructed in data.json)."""
        state["p"][s]["marker"] = "cave"
        events.append(_ev(ph.MARKER(who=player(s)), seat=s))

    def _settle(self, state, events):
        """Drop decisions with nothing to choose, make forced ones, and move on
        to the next explorer or the next turn when nothing is pending."""
        while not state["over"]:
            if state["pending"]:
                head = state["pending"][0]
                if head["k"] == "move":
                    if self.reachable(state, head["s"], head["e"]):
                        return  # a real choice: the explorer waits for its player
                    state["pending"].pop(0)
                    continue
                opts = self.choices(state, head)
                if not opts:
                    state["pending"].pop(0)
                    continue
                if head["k"] == "fire" and len(opts) == 1:
                    notation, data = opts[0]
                    self._do_fire(state, head, Move(head["s"], notation, data=data), events)
                    continue
                return
            seat = state["turn"]
            p = state["p"][seat]
            if state["ex"] == 0 and p["ex"][1] is not None:
                state["ex"] = 1
                state["pending"].append({"k": "move", "s": seat, "e": state.pop("second", 1)})
                continue
            if state["end"] is not None:
                state["end"] = list(state["end"])
                state["end"][seat] -= 1
            nxt = (seat + 1) % state["n"]
            if state["end"] is not None and state["end"][nxt] <= 0:
                state["over"] = True
                events.append(_ev(ph.OVER()))
                return
            state["turn"], state["ex"] = nxt, 0
            state.pop("second", None)
            if state["p"][nxt]["ex"][1] is None:
                state["pending"].append({"k": "move", "s": nxt, "e": 0})
            else:       # two explorers: the player moves either first
                state["pending"].append({"k": "move", "s": nxt, "e": 0, "pick": True})

    # ------------------------------------------------------------ what an AI seat may know (see ai.py)

    def determinize(self, state, seat: int, rng: Rng):
        return ai.determinize(self, state, seat, rng)

    def heuristic(self, state, seat: int) -> float:
        return ai.heuristic(self, state, seat)

    # ------------------------------------------------------------ what people see

    def view(self, state, seat: int | None) -> dict:
        tiles = {}
        for key, kind in state["tile"].items():
            tiles[key] = kind if int(key) in state["up"] else "?"
        head = state["pending"][0] if state["pending"] and not state["over"] else None
        public_head = None
        if head:
            public_head = {k: v for k, v in head.items() if k != "pot"}
            if "pot" in head:
                public_head["pot"] = len(head["pot"])
        out = {
            "players": state["n"],
            "tiles": tiles,
            "forest": {k: len(v) for k, v in state["forest"].items()},
            "villages": state["villages"],
            "explorers": [p["ex"] for p in state["p"]],
            "track": state["track"],
            "open": [r for r in REGIONS if self.region_open(state, r)],
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
            "scores": self.public_scores(state),
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

    def private_said(self, state, seat: int):
        p = state["p"][seat]
        lines = [ph.HAND_OBJECTIVE(card=ph.OBJECTIVE[p["obj"]]())]
        if p["game"]:
            lines.append(ph.HAND_GAME(tiles=listing([ph.NUMBERED(i=i + 1, what=ph.game_tile(g))
                                                     for i, g in enumerate(p["game"])], "comma")))
        else:
            lines.append(ph.HAND_NO_GAME())
        head = state["pending"][0] if state["pending"] and not state["over"] else None
        if head and head["s"] == seat and head["k"] == "forest":
            tiles = [ph.NUMBERED(i=f"g{i + 1}", what=ph.game_tile(g))
                     for i, g in enumerate(state["forest"][str(head["t"])])]
            lines.append(ph.HAND_FOREST(t=head["t"], tiles=listing(tiles, "comma")))
        if head and head["s"] == seat and head["k"] == "cook" and head["pot"]:
            lines.append(ph.HAND_POT(tiles=listing([str(i) for i in sorted(head["pot"])], "comma")))
        return lines

    def status_said(self, state):
        opened = listing([r for r in REGIONS if self.region_open(state, r)], "comma")
        ending = state["end"] is not None and not state["over"]
        return [(ph.STATUS_ENDING if ending else ph.STATUS)(track=state["track"], regions=opened)]

    def public_scores(self, state) -> list[float]:
        """Everything but the secret objective."""
        return [scoring.public_score(state, s) for s in range(state["n"])]

    def result(self, state) -> Result | None:
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

    def default_move(self, state, seat: int, rng: Rng | None = None) -> Move:
        """For an absent seat: decline optional choices (keep the food, cook
        nothing, build nothing); moves and forced choices are drawn at random."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove.of(core_phrases.NO_LEGAL_MOVE())
        for pref in ("ok", "leave", "pass", "stay"):
            for m in moves:
                if m.notation == pref:
                    return m
        return moves[rng.randbelow(len(moves))] if rng is not None else moves[0]
