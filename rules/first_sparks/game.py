"""The First Sparks (Die ersten Funken, F. Friese): the rules as a state machine.

A round: 1 buy technologies (offer, one chance each to buy, spoilage),
2 hunt and feed (reverse order), 3 expand (reverse order), 4 bureaucracy
(automatic). Steps without a real choice are played automatically, so the
table only ever waits for a decision.
"""

from __future__ import annotations

import hashlib
from dataclasses import fields

from rules import phrases as core_phrases
from rules.core import Event, Game, IllegalMove, Move, Option, Result, Rng, normalize_notation, rank_by
from rules.wording import lines, listing
from rules.wording import seat as player

from . import ai, steps, text
from . import moves as book
from . import phrases as ph
from .board import TILE_BY_ID, cell_centre, layout, spot_columns
from .data import (
    ANIMAL_VALUES,
    ANIMALS,
    CARDS,
    CROPS,
    DATA,
    EXPANSION_COST,
    FOOD_VALUE,
    KIND,
    PAY_ORDER,
    PRICE,
    SHUFFLE,
    TILES,
    TOKEN_COUNT,
    TOOL_FOOD,
    is_tool,
    kind,
    price,
    table_take,
)
from .queries import (
    END_SIZE,
    GROUND_WORD,
    MAX_MEMBERS,
    MAX_NEW,
    _hunt_takes,
    _step_back,
    board_of,
    can_buy,
    cost_to_buy,
    current_market,
    current_size,
    expansion_cost,
    expansion_extra,
    hunt_plans,
    knows,
    market_size,
    may_own,
    open_regions,
    order_by_size,
    restock_amounts,
    restock_of,
    spoilage,
    starve_choices,
    tile_spots,
    tool_limit,
    tools_of,
)
from .state import State

# words the events say again and again, in their stored (JSON) form, worked out once: a search applies
# thousands of moves and each says who, which card, how much food
WHO = tuple(player(s) for s in range(8))                  # seats, and the 2-player neutral clan
CARD_WORDS = {c: ph.card(c).to_json() for c in [*CARDS, SHUFFLE]}
TILE_GROUND_WORDS = {tid: tuple(GROUND_WORD[g] for g in t["grounds"]) for tid, t in TILE_BY_ID.items()}
TILE_WORDS = {tid: ph.TILE_GROUNDS(a=ph.GROUND[a](), b=ph.GROUND[b]()).to_json()
              for tid, (a, b) in TILE_GROUND_WORDS.items()}
_AMOUNTS: dict[tuple[str, int], dict] = {}


def amount_words(food: str, n: int) -> dict:
    """'3 crops', '1 mammoth'."""
    said = _AMOUNTS.get((food, n))
    if said is None:
        said = _AMOUNTS[food, n] = ph.FOOD_AMOUNT[food](n=n).to_json()
    return said


def _order_said(order: list[int]) -> dict:
    return listing((WHO[s] for s in order), "comma")


def _harvest(seat: int, crops: int, takes: tuple[int, ...]) -> Event:
    got = ([amount_words("crop", crops)] if crops else []) + [amount_words(f, n) for f, n in zip(ANIMALS, takes,
                                                                                                strict=True) if n]
    return Event.of(ph.HARVESTS(who=WHO[seat], got=listing(got, "comma")) if got
                    else ph.HARVESTS_NOTHING(who=WHO[seat]), seat=seat)


# the events said most often, each made once (an Event is immutable): by their parameters
PASSES = book.Book(lambda s: Event.of(ph.PASSES(who=WHO[s]), seat=s))                       # [seat]
STOPS = book.Book(lambda s: Event.of(ph.STOPS(who=WHO[s]), seat=s))                         # [seat]
STARVES = book.Book(lambda s, r: Event.of(ph.STARVES(who=WHO[s], region=r), seat=s))       # [seat, region]
SETTLES_FOR = book.Book(lambda s, r, cost: Event.of(ph.SETTLES_FOR(who=WHO[s], region=r, cost=cost),
                                                    seat=s))                                # [seat, region, cost]
ANSWERS = book.Book(lambda said, s, c: Event.of(said(who=WHO[s], card=CARD_WORDS[c]), seat=s))  # [phrase, seat, card]
COMES = book.Book(lambda c: Event.of(ph.COMES(card=CARD_WORDS[c]), reveal=True))           # [card]
UNDER_DECK = book.Book(lambda c: Event.of(ph.UNDER_DECK(card=CARD_WORDS[c])))              # [card]
NOBODY_BOUGHT = book.Book(lambda c: Event.of(ph.NOBODY_BOUGHT(card=c)))                    # [card]
TURN_ORDER = book.Book(lambda *order: Event.of(ph.TURN_ORDER(order=_order_said(order))))   # [seats in order]
HARVESTS = book.Book(_harvest)                                     # [seat, crops, tokens taken (ANIMALS order)]
LAYS = book.Book(lambda s, t: Event.of(ph.LAYS(who=WHO[s], tile=t, grounds=TILE_WORDS[t]), seat=s))   # [seat, tile]
DRAWS = book.Book(lambda s, t: Event.of(ph.DRAWS(who=WHO[s], tile=t, grounds=TILE_WORDS[t]), reveal=True))
SETTLES = book.Book(lambda said, s, r: Event.of(said(who=WHO[s], region=r), seat=s))      # [phrase, seat, region]
NO_SECOND = book.Book(lambda s: Event.of(ph.NO_SECOND(who=WHO[s]), seat=s))                 # [seat]
ROUND = book.Book(lambda n, c: Event.of(ph.ROUND_BONUS(round=n, card=c) if c else ph.ROUND(round=n)))  # [round, card]
OFFERS = book.Book(lambda s, c, cost: Event.of(ph.OFFERS(who=WHO[s], card=CARD_WORDS[c], cost=cost), seat=s))
SELLS = book.Book(lambda said, s, c, cost: Event.of(said(who=WHO[s], card=CARD_WORDS[c], cost=cost), seat=s))
SPOILED = book.Book(lambda s, lost: Event.of(ph.SPOILED(who=WHO[s], lost=lost), seat=s))   # [seat, food lost]
CANNOT_FEED = book.Book(lambda s, fed, need, reveal: Event.of(ph.CANNOT_FEED(who=WHO[s], fed=fed, need=need),
                                                                seat=s, reveal=reveal))     # [seat, fed, need, reveal]


# what the stalemate safeguard compares: every field of the state but the counters (round, ledger,
# placed, starved), what the image highlights (last) and the safeguard's own; dicts are compared as
# sorted items, so a state loaded from JSON gives the same digest
POSITION_FIELDS = tuple(f.name for f in fields(State)
                        if f.name not in ("rng", "round", "ledger", "placed", "starved", "last", "chose", "calm",
                                                          "echo", "seen", "stall", "vote"))
CYCLE_WINDOW = 12   # round ends remembered by the cycle watch: a round ending as one of these began a cycle

MARKET_FIELDS = ("market", "deck", "box", "stage", "bonus", "bonus_rank")

# ------------------------------------------------------------------- the game


class FirstSparks(Game):
    key = "first_sparks"
    name = "The First Sparks"
    name_fr = "Les Premières Étincelles"   # the French edition (Filosofia)
    score_unit = "members"                  # public_scores: the clans' members on the map
    min_players = 2
    max_players = 6
    rules_en = text.RULES_EN
    move_path, preview, may_autoplay = steps.move_path, steps.preview, steps.may_autoplay   # the picker

    def rules_pages(self):
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

    # ---------------------------------------------------------------- set-up

    def setup(self, seats: int, seed: int, options: dict[str, str]) -> State:
        n = seats
        rng = Rng(seed)
        herbs = list(range(1, n + 1))
        rng.shuffle(herbs)
        pile = [t["id"] for t in TILES if t["players"] <= max(n, 3)]
        rng.shuffle(pile)
        pile = pile[:DATA["tiles_in_play"][str(n)]]
        state = State(n=n, tiles=[], rng=rng)
        state.cards = [[h] for h in herbs]
        state.order = sorted(range(n), key=lambda s: herbs[s], reverse=True)
        state.food = [DATA["start_food"]] * n          # in crops: 1 of value 1, two of value 3
        state.held = [[0] * len(ANIMALS) for _ in range(n)]
        state.ledger = [DATA["start_food"] * n, 0]
        clans = n + (1 if n == 2 else 0)
        state.members = [[] for _ in range(clans)]
        state.placed = [0] * clans
        state.starved = [0] * clans
        state.spaces = dict(DATA["start_spaces"])
        numbered = [c for c in CARDS if c >= 7]
        if n == 2:
            state.box = list(DATA["removed_2p"])
            numbered = [c for c in numbered if c not in state.box]
            state.market = numbered[:6]
        else:
            state.market = numbered[:8]
        deck = [c for c in numbered if c not in state.market]
        if n == 6:
            deck.remove(15)
        rng.shuffle(deck)
        removed = DATA["removed_from_deck"][str(n)]
        state.box += deck[:removed]
        deck = deck[removed:]
        if n == 6:
            deck.insert(0, 15)
        state.deck = deck + [SHUFFLE]
        if (options or {}).get("map", "build") == "layout":
            state.tiles = [list(p) for p in layout(pile)]
            self._start_placement(state)
        else:
            # the first player lays the first tile in the middle; then, in turn order,
            # each player draws and lays one (2 players: the first lays two)
            state.tiles = [[pile[0], 0, 0, 1]]
            state.pile = pile[1:]
            state.phase = "build"
            state.queue = list(state.order[:2]) if n == 2 else list(state.order[1:len(pile)])
        return state

    def _start_placement(self, state: State) -> None:
        if state.n == 2:
            state.phase = "neutral"
            state.queue = [state.order[1]]
        else:
            state.phase = "first"
            state.queue = list(reversed(state.order))

    # ------------------------------------------------------------ who acts

    def to_act(self, state: State) -> list[int]:
        phase = state.phase
        if phase != "buy":
            return [] if phase == "over" else [state.queue[0]]
        if state.vote is not None:
            return [state.vote["ask"][0]]
        if state.drop is not None:
            return [state.drop]
        offer = state.offer
        if offer:
            return [offer["by"]] if offer.get("decide") else [offer["ask"][0]]
        return [self._proposer(state)]

    def _proposer(self, state: State) -> int:
        done = state.done
        for s in state.order:
            if s not in done:
                return s
        raise StopIteration     # as next() on an empty generator: every seat is done

    # ---------------------------------------------------------- legal moves

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        if phase == "build":
            return self._build_moves(state, seat)
        if phase in ("neutral", "first"):
            neutral = phase == "neutral"
            clan = state.neutral if neutral else seat
            return list(map(book.START[seat, clan, neutral].__getitem__, self._free_starts(state)))
        if phase == "second":
            moves = [book.SECOND[seat, r, c] for r, c in self._placements(state, seat)]
            moves.append(book.NO_SECOND[seat])
            return moves
        if phase == "buy":
            return self._buy_moves(state, seat)
        if phase == "hunt":
            if state.starve:
                return [book.STARVE[seat, r] for r in starve_choices(state, seat)]
            return [book.HUNT[seat, cards, tuple(taken.items())] for cards, taken in hunt_plans(state, seat)]
        if phase == "expand":
            if state.neutral_due:
                return [book.NEUTRAL[seat, r] for r in self._neutral_spots(state)]
            moves = [book.NEW[seat, r, c] for r, c in self._placements(state, seat)]
            moves.append(book.DONE[seat])
            return moves
        return []

    def _build_moves(self, state: State, seat: int) -> list[Move]:
        up, down = TILE_GROUND_WORDS[state.pile[0]]
        return book.spot_moves(seat, *spot_columns(state.tiles), up, down)

    def _free_starts(self, state: State) -> list[int]:
        region_hex = board_of(state).region_hex
        taken = {region_hex[r - 1] for regs in state.members for r in regs}
        return [i + 1 for i, h in enumerate(region_hex) if h not in taken]

    def _placements(self, state: State, seat: int) -> list[tuple[int, int]]:
        if state.placed_now >= MAX_NEW or len(state.members[seat]) >= MAX_MEMBERS:
            return []
        base = EXPANSION_COST[state.placed_now + 1] - EXPANSION_COST[state.placed_now]
        food = state.food[seat]
        if food < base:             # no region costs less than the base
            return []
        return [(r, base + extra) for r, extra in open_regions(state, seat) if base + extra <= food]

    def _must_ask(self, state: State, seat: int) -> bool:
        """A Fire clan is asked to stop expanding even when it cannot pay,
        so that skipping it does not tell the table its food is short."""
        if not knows(state, seat, "fire") or state.placed_now >= MAX_NEW or state.size(seat) >= MAX_MEMBERS:
            return False
        return bool(open_regions(state, seat))

    def _neutral_spots(self, state: State) -> list[int]:
        return [r for r, _extra in open_regions(state, state.neutral)]

    def _buy_moves(self, state: State, seat: int) -> list[Move]:
        if state.vote is not None:
            return [book.AGREE[seat], book.REFUSE[seat]]
        if state.drop is not None:
            return [book.DROP[seat, c] for c in tools_of(state, seat)]
        offer = state.offer
        if offer and offer.get("decide"):
            c = offer["card"]
            if can_buy(state, seat, c):
                return [book.TAKE[seat, c], book.DISCARD[seat, c]]
            return [book.DISCARD[seat, c]]
        if offer:
            c = offer["card"]
            if can_buy(state, seat, c):
                return [book.BUY[seat, c, cost_to_buy(state, c)], book.DECLINE[seat]]
            return [book.DECLINE[seat]]
        free = self._free_discard(state, seat)
        moves = [book.OFFER[seat, c, cost_to_buy(state, c)]
                 for c in current_market(state) if can_buy(state, seat, c) or (free and may_own(state, seat, c))]
        moves.append(book.PASS[seat])
        if self._may_propose(state, seat):
            moves.insert(0, book.END[seat])     # first: the way out of a cycle, where nothing else matters
        return moves

    @staticmethod
    def _may_propose(state: State, seat: int) -> bool:
        """Once the round ends cycle, each player may propose ending the game once, on its own phase 1 turn."""
        return state.stall is not None and seat not in state.stall["proposed"]

    def _can_offer(self, state: State, seat: int) -> bool:
        """Whether the proposer has any card to offer (else passing is its only move)."""
        free = self._free_discard(state, seat)
        food, bonus = state.food[seat], state.bonus
        for c in state.market[:current_size(state)]:
            if c != SHUFFLE and (free or PRICE[c] - (c == bonus) <= food) and may_own(state, seat, c):
                return True
        return False

    def _free_discard(self, state: State, seat: int) -> bool:
        """2 players: the first player's first offer of the round may be removed instead of bought."""
        return state.n == 2 and seat == state.order[0] and not state.discard_used

    # ----------------------------------------------------------------- parse

    def parse(self, state: State, seat: int, text_in: str) -> Move:
        if seat not in self.to_act(state):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        wanted = normalize_notation(text_in).replace("#", "")   # "offer #12" is "offer 12"
        moves = self.legal_moves(state, seat)
        for move in moves:
            if normalize_notation(move.notation) == wanted:
                return move
        if wanted.isdigit() and state.phase in ("second", "expand") and not state.neutral_due:
            r = int(wanted)
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
        if wanted.startswith("offer") and state.phase == "buy" and not state.offer and state.drop is None:
            number = wanted[5:]
            card = int(number) if number.isdigit() else None
            if card in state.market and card not in current_market(state):
                raise IllegalMove.of(ph.FUTURE(card=card))
            if card in current_market(state) and not may_own(state, seat, card):
                raise IllegalMove.of(ph.ALREADY_KNOW(card=ph.card(card)))
            if card in current_market(state):
                raise IllegalMove.of(ph.CANNOT_PAY(card=ph.card(card), cost=cost_to_buy(state, card),
                                                   food=state.food[seat]))
            raise IllegalMove.of(ph.ONLY_CURRENT())
        try:
            return super().parse(state, seat, text_in)
        except IllegalMove as exc:     # the generic refusal: name the phase
            if exc.said is None or exc.said.key != core_phrases.NOT_LEGAL.key or state.phase not in ph.PHASE:
                raise
            raise IllegalMove.of(ph.NOT_LEGAL(phase=ph.PHASE[state.phase](), **exc.said.params)) from None

    # ------------------------------------------------------------------ play

    def clone(self, state: State) -> State:
        return state.copy()

    def apply(self, state: State, move: Move) -> tuple[State, list[Event]]:
        """Game.apply without its indirections (a search applies thousands of moves a second):
        the copy, then ``play``, whose event list is always a new one."""
        new = state.copy()
        return new, self.play(new, move)

    def play(self, state: State, move: Move) -> list[Event]:
        if move.seat not in self.to_act(state):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        ev: list[Event] = []
        previous = state.last
        state.last = {"seat": move.seat}
        if state.phase == "expand" and previous.get("seat") == move.seat:   # show the whole turn's members
            state.last["regions"] = list(previous.get("regions", []))
        if not self._forced(state, move):
            state.chose = True
        getattr(self, _HANDLERS[state.phase])(state, move, ev)
        self._advance(state, ev)
        return ev

    def _forced(self, state: State, move: Move) -> bool:
        """Whether this was the seat's only legal move (a Fire clan is asked even
        then, to keep its food secret); used by the stalemate safeguard."""
        act, seat = move.data[0], move.seat
        if act == "pass":
            return not self._can_offer(state, seat)
        if act == "decline":
            return not can_buy(state, seat, state.offer["card"])
        if act == "skip" and state.phase == "expand":
            return not self._placements(state, seat)
        return False

    def _play_build(self, state: State, move: Move, ev: list[Event]) -> None:
        _, col, row, edge = move.data
        tid = state.pile.pop(0)
        state.tiles.append([tid, col, row, edge])
        state.last["tile"] = len(state.tiles) - 1
        ev.append(LAYS[move.seat, tid])
        state.queue.pop(0)
        if not state.queue:
            state.pile = []
            self._start_placement(state)
        else:
            nxt = state.pile[0]
            ev.append(DRAWS[state.queue[0], nxt])

    def _play_start(self, state: State, move: Move, ev: list[Event]) -> None:
        """A free first member (or the neutral clan's first member)."""
        _, clan, region = move.data
        self._put(state, clan, region)
        if clan == state.neutral:
            ev.append(SETTLES[ph.SETTLES_NEUTRAL, move.seat, region])
        else:
            ev.append(SETTLES[ph.SETTLES, move.seat, region])
        state.queue.pop(0)
        if state.phase == "neutral":
            state.phase, state.queue = "first", list(reversed(state.order))
        elif not state.queue:
            state.phase, state.queue = "second", list(state.order)

    def _play_second(self, state: State, move: Move, ev: list[Event]) -> None:
        if move.data[0] == "place":
            self._pay_place(state, move.seat, move.data[1], ev)
        else:
            ev.append(NO_SECOND[move.seat])
        state.queue.pop(0)
        if not state.queue:
            state.order = order_by_size(state)
            ev.append(TURN_ORDER[tuple(state.order)])
            self.start_round(state, ev)

    def _play_hunt(self, state: State, move: Move, ev: list[Event]) -> None:
        if move.data[0] == "starve":
            region = move.data[1]
            self._remove(state, move.seat, region)
            state.starve -= 1
            ev.append(STARVES[move.seat, region])
            state.last["regions"] = [region]
        else:
            self.hunt(state, move.seat, list(move.data[1]), ev)
        if not state.starve:
            state.queue.pop(0)

    def _play_expand(self, state: State, move: Move, ev: list[Event]) -> None:
        act, seat = move.data[0], move.seat
        if act == "neutral":
            self._put(state, state.neutral, move.data[1])
            state.neutral_due -= 1
            ev.append(Event.of(ph.GROWS_NEUTRAL(who=WHO[seat], region=move.data[1]), seat=seat))
        elif act == "place":
            self._pay_place(state, seat, move.data[1], ev)
            state.placed_now += 1
            if state.size(seat) >= END_SIZE and not state.ending:
                state.ending = True
                ev.append(Event.of(ph.LAST_ROUND(who=WHO[seat], size=state.size(seat))))
        else:
            ev.append(STOPS[seat])
            state.queue.pop(0)
            state.placed_now = 0

    # --------------------------------------------------------- board pieces

    def _put(self, state: State, clan: int, region: int) -> None:
        state.__dict__.pop("_open", None)          # open regions change
        state.members[clan].append(region)
        state.members[clan].sort()
        state.placed[clan] += 1
        state.last.setdefault("regions", []).append(region)

    def _remove(self, state: State, clan: int, region: int) -> None:
        state.__dict__.pop("_open", None)
        state.members[clan].remove(region)
        state.starved[clan] += 1

    def pay(self, state: State, seat: int, amount: int) -> None:
        """Pay food back to the general reserve. Tokens matter for the restock (the reserve holds
        every token no clan holds), so the clan hands in its hunted tokens, largest first while
        they fit, then crops, and breaks a token for change in crops only when it must — as in
        the spoilage example: 1 mammoth, 1 berry, 2 crops pay 2 with the berry."""
        held = state.held[seat]
        state.food[seat] -= amount
        state.ledger[1] += amount
        assert state.food[seat] >= 0
        if not any(held):           # all in crops
            return
        crops = state.food[seat] + amount - sum(n * v for n, v in zip(held, ANIMAL_VALUES, strict=True))
        rest = amount
        for i in PAY_ORDER:
            while held[i] and ANIMAL_VALUES[i] <= rest:
                held[i] -= 1
                rest -= ANIMAL_VALUES[i]
        for i in reversed(PAY_ORDER):       # not enough crops: the smallest tokens, change in crops
            while held[i] and rest > crops:
                held[i] -= 1
                rest -= ANIMAL_VALUES[i]

    def _gain(self, state: State, seat: int, amount: int) -> None:
        state.food[seat] += amount
        state.ledger[0] += amount

    def _pay_place(self, state: State, seat: int, region: int, ev: list[Event]) -> None:
        cost = expansion_cost(state, seat, region)
        self.pay(state, seat, cost)
        self._put(state, seat, region)
        ev.append(SETTLES_FOR[seat, region, cost])

    # ------------------------------------------------------------ phase 1

    def start_round(self, state: State, ev: list[Event]) -> None:
        state.round += 1
        state.phase = "buy"
        state.done = []
        state.offer = None
        state.discard_used = False
        # "Piochez des cartes pour remplir le marché à chaque fois que nécessaire" (phase 1): a market
        # emptied by cards leaving without replacement (drawn below the bonus card, or unsold in
        # stage 2) is filled again from the deck before the round's offers; the book has no other
        # rule for it, and an empty market beside a full deck would never change again
        if not state.market and state.deck:
            while len(state.market) < market_size(state) and state.deck:
                self._refill(state, ev)
        cur = current_market(state)
        state.bonus = cur[0] if cur else None
        state.bonus_rank = state.bonus
        ev.append(ROUND[state.round, state.bonus])

    def _play_buy(self, state: State, move: Move, ev: list[Event]) -> None:
        seat, act = move.seat, move.data[0]
        if act == "drop":
            card = move.data[1]
            state.cards[seat].remove(card)
            state.box.append(card)
            state.drop = None
            ev.append(Event.of(ph.GIVES_UP(who=WHO[seat], card=CARD_WORDS[card]), seat=seat))
            return
        if act == "pass":
            state.done.append(seat)
            ev.append(PASSES[seat])
            return
        if act in ("end", "agree", "refuse"):
            self._play_vote(state, seat, act, ev)
            return
        if act == "offer":
            card = move.data[1]
            free = self._free_discard(state, seat)
            if free:
                state.discard_used = True
            pos = state.order.index(seat)
            # a clan that cannot pay is not asked, except a Fire clan (its food is secret)
            ask = [s for s in state.order[pos + 1:] if s not in state.done and may_own(state, s, card)
                   and (can_buy(state, s, card) or knows(state, s, "fire"))]
            state.offer = {"card": card, "by": seat, "ask": ask, "yes": None, "free": free}
            state.last["card"] = card
            ev.append(OFFERS[seat, card, cost_to_buy(state, card)])
        elif act in ("buy", "decline"):
            offer = state.offer
            offer["ask"].pop(0)
            if act == "buy":
                offer["yes"] = seat
            said = ph.WANTS if act == "buy" else ph.DECLINES
            ev.append(ANSWERS[said, seat, offer["card"]])
        elif act == "take":
            self._sell(state, seat, state.offer["card"], ev)
            return
        elif act == "discard":
            self._discard_offer(state, seat, ev)
            return
        offer = state.offer
        if offer and not offer["ask"]:
            if offer["yes"] is not None:
                self._sell(state, offer["yes"], offer["card"], ev)
            elif offer["free"]:
                offer["decide"] = True
            else:
                self._sell(state, offer["by"], offer["card"], ev)

    def _sell(self, state: State, seat: int, card: int, ev: list[Event]) -> None:
        cost = price(card)
        bonus = card == state.bonus
        if bonus:
            self._gain(state, seat, 1)
            state.bonus = None
        self.pay(state, seat, cost)
        state.market.remove(card)
        state.__dict__.pop("_open", None)          # Palaver changes the surcharges
        state.cards[seat].append(card)
        state.cards[seat].sort()
        state.done.append(seat)
        state.offer = None
        state.last["card"] = card
        said = ph.BUYS_BONUS if bonus else ph.BUYS
        ev.append(SELLS[said, seat, card, cost])
        if kind(card) == "intelligence":
            _step_back(state.order, seat)
            ev.append(Event.of(ph.STEPS_BACK(who=WHO[seat])))
        self._refill(state, ev)
        if len(tools_of(state, seat)) > tool_limit(state, seat):
            state.drop = seat

    def _discard_offer(self, state: State, seat: int, ev: list[Event]) -> None:
        card = state.offer["card"]
        state.market.remove(card)
        state.box.append(card)
        if card == state.bonus:
            state.bonus = None
        state.offer = None
        state.last["card"] = card
        food = TOOL_FOOD.get(kind(card))
        if food:
            gone = min(table_take(card, state.spaces[food]), state.spaces[food])
            state.spaces[food] -= gone
            ev.append(Event.of(ph.REMOVES_WITH(who=WHO[seat], card=CARD_WORDS[card],
                                               food=amount_words(food, gone)), seat=seat))
        else:
            ev.append(Event.of(ph.REMOVES(who=WHO[seat], card=CARD_WORDS[card]), seat=seat))
        self._refill(state, ev)

    def _refill(self, state: State, ev: list[Event]) -> None:
        """Draw one card into the market (phase 1 sale or phase 4)."""
        if not state.deck:
            return
        card = state.deck.pop(0)
        if card == SHUFFLE:
            state.market.append(SHUFFLE)
            state.rng.shuffle(state.deck)
            ev.append(Event.of(ph.SHUFFLED()))
        elif state.bonus_rank is not None and card < state.bonus_rank:
            state.box.append(card)
            ev.append(Event.of(ph.DRAWN_LOW(card=CARD_WORDS[card]), reveal=True))
        else:
            state.market.append(card)
            ev.append(COMES[card])
        state.market.sort()

    def end_buying(self, state: State, ev: list[Event]) -> None:
        if state.bonus is not None and state.bonus in state.market:
            state.market.remove(state.bonus)
            state.box.append(state.bonus)
            ev.append(NOBODY_BOUGHT[state.bonus])
            state.bonus = None
            state.bonus_rank = None
            self._refill(state, ev)
        state.bonus = state.bonus_rank = None
        for seat in state.order:
            if knows(state, seat, "fire"):
                continue
            lost = spoilage(state.food[seat])
            if lost:
                self.pay(state, seat, lost)
                ev.append(SPOILED[seat, lost])
        state.phase = "hunt"
        state.queue = list(reversed(state.order))

    # ------------------------------------------------------------ phase 2

    def hunt(self, state: State, seat: int, order: list[int], ev: list[Event],
              taken: dict[str, int] | None = None) -> None:
        """Harvest with the tools in this order (``taken``: the plan's tokens by food, when known)."""
        crops = 0
        plough = None
        for c in state.cards[seat]:
            k = KIND[c]
            if k == "herbs":
                crops += CROPS[c]
            elif k == "field":
                if plough is None:
                    plough = knows(state, seat, "plough")
                crops += CROPS[c] + (1 if plough else 0)
        if crops:
            self._gain(state, seat, crops)
        took = [0, 0, 0, 0]
        for i, food in enumerate(ANIMALS):
            if taken is not None:
                takes = taken.get(food, 0)
            else:
                cards = [c for c in order if TOOL_FOOD.get(KIND[c]) == food]
                if not cards:
                    continue
                takes = sum(_hunt_takes(state, seat, food, cards))
            if takes:
                state.spaces[food] -= takes
                state.held[seat][i] += takes
                self._gain(state, seat, takes * FOOD_VALUE[food])
                took[i] = takes
        ev.append(HARVESTS[seat, crops, tuple(took)])
        need = state.size(seat)
        fed = min(need, state.food[seat])
        self.pay(state, seat, fed)
        if fed < need:
            state.starve = need - fed
            # a Fire clan's food is secret: saying how many it can feed reveals it (an undo barrier)
            ev.append(CANNOT_FEED[seat, fed, need, knows(state, seat, "fire")])

    # ------------------------------------------------------------ phase 3

    def start_expansion(self, state: State, ev: list[Event]) -> None:
        state.phase = "expand"
        state.queue = list(reversed(state.order))
        state.placed_now = 0
        if state.n == 2:
            first = state.order[0]
            room = MAX_MEMBERS - state.size(state.neutral)
            state.neutral_due = max(0, min(room, state.size(first) - state.size(state.neutral)))

    # ------------------------------------------------------------ phase 4

    def bureaucracy(self, state: State, ev: list[Event]) -> None:
        state.order = order_by_size(state)
        ev.append(TURN_ORDER[tuple(state.order)])
        amounts = restock_of(state.n, board_of(state))
        for i, food in enumerate(ANIMALS):
            # the reserve holds every token not on a harvest space nor in a clan's hands (12 mammoths
            # in all; « tous les jetons » form the reserve); only the field is « illimité »
            in_hands = sum(h[i] for h in state.held)
            state.spaces[food] += max(0, min(amounts[i], TOKEN_COUNT[food] - state.spaces[food] - in_hands))
        if state.stage == 1 and SHUFFLE in state.market:
            state.market.remove(SHUFFLE)
            gone = state.market.pop(0) if state.market else None
            state.box += [SHUFFLE] + ([gone] if gone else [])
            state.stage = 2
            ev.append(Event.of(ph.SHUFFLE_LEAVES_WITH(card=gone) if gone else ph.SHUFFLE_LEAVES()))
        elif state.stage == 1 and state.market:
            top = state.market.pop()
            state.deck.append(top)
            ev.append(UNDER_DECK[top])
            self._refill(state, ev)

    def stalemate(self, state: State) -> bool:
        """Safeguard (no rule of the book): the round just played left the position
        as the previous one did and nobody had a choice in it, so every later round
        repeats it and no clan can ever reach 13 members. Left out of the position:
        harvest spaces no clan can hunt from, and the cards when no clan can pay for
        any card still to come; both only drift, and without a choice nothing else
        ever depends on them."""
        if state.chose:
            state.chose, state.calm = False, None
            return False
        digest = self.position_digest(state)
        if digest == state.calm:
            return True
        state.calm = digest
        return False

    def position_digest(self, state: State) -> str:
        """The position the stalemate safeguard compares, as a short digest."""
        # a harvest space no clan can hunt from only fills up and changes nothing else: without a
        # choice (a purchase or a new member) no clan will ever hunt there, so it is left out
        hunted = {f for s in range(state.n) for f in hunt_plans(state, s)[0][1]}
        # when no clan can pay for any card still to come (the bonus grain included), the market, the
        # deck and their shuffles change nothing else either: food is part of the position
        cheapest = min((PRICE[c] for c in state.market + state.deck if c != SHUFFLE), default=None)
        cards_inert = cheapest is None or max(state.food) + 1 < cheapest
        position = [] if cards_inert else [state.rng.state, state.rng.draws]
        for name in POSITION_FIELDS:
            value = getattr(state, name)
            if name == "spaces":
                value = {f: n for f, n in value.items() if f in hunted}
            elif cards_inert and name in MARKET_FIELDS:
                continue
            position.append(sorted(value.items()) if isinstance(value, dict) else value)
        return hashlib.blake2b(repr(position).encode(), digest_size=12).hexdigest()

    @staticmethod
    def round_end_digest(state: State) -> str:
        """Everything a round's end leaves that a later round depends on, as a short digest: the
        rest is set again by the next round (queue, done, offer…), fixed (tiles) or follows from
        this (the box holds the cards no one else holds)."""
        cheapest = min((PRICE[c] for c in state.market + state.deck if c != SHUFFLE), default=None)
        if cheapest is None or max(state.food) + 1 < cheapest:     # no clan can pay for any card to come
            cards = None
        else:
            cards = (state.market, state.deck, state.stage, state.rng.state, state.rng.draws)
        position = (state.order, state.food, state.cards, state.members, sorted(state.spaces.items()),
                    state.held, cards)
        return hashlib.blake2b(repr(position).encode(), digest_size=12).hexdigest()

    def watch_cycles(self, state: State, ev: list[Event]) -> None:
        """The cycle watch (no rule of the book; issue 27). « Fin du jeu » ends the game only when a clan
        places its 13th member, and nothing forces a clan to expand (phase 3: « au maximum » 5 new
        members, none required), so clans that keep stopping could play for ever, the round ends coming
        back every few rounds. When a round ends exactly as one of the last CYCLE_WINDOW round ends did,
        the game does not end by itself (the clans could still change it): the channel is told, and
        from then on each player may propose, once, in phase 1, to end the game as it stands; it ends if
        every other player agrees (``_play_vote``), ranked as « Fin du jeu » says (the largest clan,
        then the most food). A round end never seen in the window lifts the offer. Only a round in which
        no player had a choice ends the game by itself (``stalemate``)."""
        digest = self.round_end_digest(state)
        seen = state.seen or []
        if digest in seen:
            if state.stall is None:
                before = state.round - (len(seen) - seen.index(digest))
                state.stall = {"since": state.round, "proposed": []}
                ev.append(Event.of(ph.CYCLE(round=state.round, before=before)))
        elif state.stall is not None:
            state.stall = None
            ev.append(Event.of(ph.CYCLE_OVER()))
        state.seen = (seen + [digest])[-CYCLE_WINDOW:]      # a new list: copies share the old one

    def _play_vote(self, state: State, seat: int, act: str, ev: list[Event]) -> None:
        """``end``: a proposal to end the game as it stands; every other player answers in turn order,
        ``agree`` or ``refuse``; one refusal and play goes on (the proposer's phase 1 turn resumes)."""
        if act == "end":
            pos = state.order.index(seat)
            state.vote = {"by": seat, "ask": state.order[pos + 1:] + state.order[:pos]}
            state.stall = {**state.stall, "proposed": [*state.stall["proposed"], seat]}
            ev.append(Event.of(ph.PROPOSES_END(who=WHO[seat]), seat=seat))
        elif act == "refuse":
            state.vote = None
            ev.append(Event.of(ph.REFUSES_END(who=WHO[seat]), seat=seat))
        else:
            ask = state.vote["ask"][1:]
            ev.append(Event.of(ph.AGREES_END(who=WHO[seat]), seat=seat))
            state.vote = {**state.vote, "ask": ask} if ask else None
            if not ask:
                state.phase = "over"
                ev.append(Event.of(ph.AGREED_END()))

    # --------------------------------------------------------- auto-advance

    def _advance(self, state: State, ev: list[Event]) -> None:
        """Play every step that needs no decision, until one does."""
        for _ in range(100000):
            phase = state.phase
            if phase == "buy":
                if state.drop is not None or state.vote is not None:
                    return
                if state.offer:
                    if state.offer.get("decide") or state.offer["ask"]:
                        return
                if len(state.done) < state.n:
                    seat = self._proposer(state)
                    if self._can_offer(state, seat) or knows(state, seat, "fire") or self._may_propose(state, seat):
                        return
                    state.done.append(seat)
                    ev.append(PASSES[seat])
                    continue
                self.end_buying(state, ev)
            elif phase == "hunt":
                if not state.queue:
                    self.start_expansion(state, ev)
                    continue
                seat = state.queue[0]
                if state.starve:
                    choices = starve_choices(state, seat)
                    if state.starve < state.size(seat) and len(choices) > 1:
                        return
                    r = choices[0] if state.starve < state.size(seat) else state.members[seat][0]
                    self._remove(state, seat, r)
                    state.starve -= 1
                    ev.append(STARVES[seat, r])
                    if not state.starve:
                        state.queue.pop(0)
                    continue
                plans = hunt_plans(state, seat)
                if len(plans) > 1:
                    return
                self.hunt(state, seat, list(plans[0][0]), ev, plans[0][1])
                if not state.starve:
                    state.queue.pop(0)
            elif phase == "expand":
                if not state.queue:
                    if state.ending:
                        state.phase = "over"
                        ev.append(Event.of(ph.OVER()))
                        return
                    if self.stalemate(state):
                        state.phase = "over"
                        ev.append(Event.of(ph.STALEMATE()))
                        return
                    self.watch_cycles(state, ev)
                    self.bureaucracy(state, ev)
                    self.start_round(state, ev)
                    continue
                seat = state.queue[0]
                if state.neutral_due:
                    if self._neutral_spots(state):
                        return
                    state.neutral_due = 0
                if self._placements(state, seat) or self._must_ask(state, seat):
                    return
                state.queue.pop(0)
                state.placed_now = 0
            elif phase == "second":
                if self._placements(state, state.queue[0]):
                    return
                state.queue.pop(0)
                if not state.queue:
                    state.order = order_by_size(state)
                    self.start_round(state, ev)
            else:
                return
        raise AssertionError("first_sparks: advance did not settle")

    # ---------------------------------------------------------- what people see

    def view(self, state: State, seat: int | None) -> dict:
        board = board_of(state)
        clans = len(state.members)
        food = []
        for s in range(state.n):
            hidden = knows(state, s, "fire") and s != seat and state.phase != "over"  # the end shows all
            food.append(None if hidden else state.food[s])
        offer = None
        if state.offer:
            offer = {"card": state.offer["card"], "by": state.offer["by"], "ask": list(state.offer["ask"]),
                     "yes": state.offer["yes"], "decide": bool(state.offer.get("decide"))}
        return {
            "players": state.n, "phase": state.phase, "round": state.round, "stage": state.stage,
            "to_act": self.to_act(state), "order": list(state.order),
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
            "card_info": {str(c): self._card_info(c)
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

    @staticmethod
    def _card_info(card: int) -> dict:
        if card == SHUFFLE:
            return {"kind": "shuffle"}
        info = dict(CARDS[card])
        return {k: v for k, v in info.items() if k in ("kind", "price", "crops", "table")}

    def private_said(self, state: State, seat: int):
        tools = tools_of(state, seat)
        know = [c for c in state.cards[seat] if not is_tool(c)]
        food = (ph.HAND_FOOD_HIDDEN if knows(state, seat, "fire") else ph.HAND_FOOD)(food=state.food[seat])
        return [food,
                ph.HAND_TOOLS(n=len(tools), limit=tool_limit(state, seat), tools=_cards_or_dash(tools)),
                ph.HAND_KNOWLEDGE(cards=_cards_or_dash(know)),
                ph.HAND_SIZE(size=state.size(seat))]

    def status_said(self, state: State):
        phase = ph.PHASE[state.phase]()
        lines = [ph.STATUS_ROUND(round=state.round, phase=phase) if state.round else phase]
        if state.phase == "buy" and state.offer:
            lines.append(ph.STATUS_OFFER(card=ph.card(state.offer["card"])))
        if state.ending and state.phase != "over":
            lines.append(ph.STATUS_LAST_ROUND())
        if state.vote is not None:
            lines.append(ph.STATUS_VOTE(who=WHO[state.vote["by"]], waiting=WHO[state.vote["ask"][0]]))
        elif state.stall is not None and state.phase != "over":
            lines.append(ph.STATUS_CYCLE())
        if state.neutral is not None:
            lines.append(ph.STATUS_NEUTRAL(size=state.size(state.neutral)))
        return lines

    def public_scores(self, state: State) -> list[float]:
        return [state.size(s) for s in range(state.n)]

    def result(self, state: State) -> Result | None:
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

    def to_json(self, state: State) -> dict:
        return state.to_json()

    def from_json(self, data: dict) -> State:
        return State.from_json(data)

    # ------------------------------------------------------------ what an AI seat may know (see ai.py)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return ai.determinize(self, state, seat, rng)

    def heuristic(self, state: State, seat: int) -> float:
        return ai.heuristic(self, state, seat)

    def default_move(self, state: State, seat: int, rng: Rng | None = None) -> Move:
        """An absent clan passes, declines, stops expanding; otherwise the first choice. Asked whether
        to end a game whose rounds cycle, it agrees: an absent player does not hold the table up."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove.of(core_phrases.NO_LEGAL_MOVE())
        if state.vote is not None:
            return book.AGREE[seat]
        for m in moves:
            if m.notation in ("pass", "decline", "done", "none", "discard"):
                return m
        return moves[0]


# each phase's move handler, by name (a dict of bound methods made on every move cost a search ~3%)
_HANDLERS = {"build": "_play_build", "neutral": "_play_start", "first": "_play_start", "second": "_play_second",
             "buy": "_play_buy", "hunt": "_play_hunt", "expand": "_play_expand"}


def _cards_or_dash(cards: list[int]):
    return listing([ph.card(c) for c in cards], "comma") if cards else "—"
