"""Clans (Leo Colovini): move whole groups of huts, found villages, score
for your secret colour. The rulebook (clans.fr.txt) is the authority."""

from __future__ import annotations

import re
from itertools import compress
from operator import itemgetter

from rules import phrases as core_phrases
from rules.core import Event, Game, IllegalMove, Move, Result, Rng, rank_by
from rules.kit import said_event
from rules.picker import Preview, Step
from rules.wording import lines, listing, sentences
from rules.wording import seat as player

from . import ai, text
from . import phrases as ph
from .data import (
    COLOURS,
    EPOCHS,
    LAST_VILLAGE_BONUS,
    N_COLOURS,
    N_TERRITORIES,
    N_VILLAGES,
    NEIGHBOURS,
    REGIONS,
    TERRAIN,
    chips_left_in_epoch,
    epoch_of,
    label,
)
from .state import State, Village

BIG_GROUP = 7          # a group this large no longer moves, except onto a larger-or-equal one
ROMAN = ["I", "II", "III", "IV", "V"]
_MOVE_TEXT = re.compile(r"\s*(\d{1,3})\s*(?:>|-|–|→|to|\s)\s*(\d{1,3})\s*", re.IGNORECASE)
_VILLAGE_TEXT = re.compile(r"\s*(?:village|v)\s*(\d{1,3})\s*", re.IGNORECASE)


def may_move(state: State, src: int, dst: int) -> bool:
    """The 7-hut rule: a group of 7+ only moves onto a group of 7+ at least as large."""
    size = state.size(src)
    return size < BIG_GROUP or state.size(dst) >= size


def occupied_neighbours(state: State, t: int) -> list[int]:
    return [n for n in NEIGHBOURS[t] if any(state.huts[n])]


def village_value(size: int, terrain: str, number: int) -> tuple[int, int, bool]:
    """(value, bonus, destroyed) of the village numbered ``number`` (0-based)
    with ``size`` huts after the battle, on ``terrain``."""
    row = EPOCHS[epoch_of(number)]
    if size == 0:                                # the battle left nobody: nothing to score
        return 0, 0, False
    if number == N_VILLAGES - 1:                 # the 12th: always +5, whatever the terrain
        return size + LAST_VILLAGE_BONUS, LAST_VILLAGE_BONUS, False
    if terrain == row["hostile"]:
        return 0, 0, True
    if row["favourable"] in (terrain, "all"):
        return size + row["bonus"], row["bonus"], False
    return size, 0, False


def found_village(state: State, t: int, founder: int) -> list[Event]:
    """Found the village on ``t``: battle, value by epoch and terrain, scoring.
    The founder takes the top bonus token, even if the village is destroyed."""
    number = len(state.villages)
    huts = state.huts[t] = state.huts[t][:]           # copy on write (State.copy shares the lists)
    epoch = epoch_of(number)
    lost = [c for c in range(N_COLOURS) if huts[c] == 1] if all(huts) else []   # battle: all 5 colours
    for c in lost:
        huts[c] = 0
    size = sum(huts)
    value, bonus, destroyed = village_value(size, TERRAIN[t], number)
    colours = [] if destroyed else [c for c in range(N_COLOURS) if huts[c]]
    for c in colours:
        state.scores[c] += value
    if destroyed:
        state.huts[t] = [0] * N_COLOURS
    state.villages.append(Village(t, founder, epoch, size, value, colours, lost, destroyed))
    events = [_village_event(state.villages[-1], number, bonus)]
    if len(state.villages) == N_VILLAGES:
        state.end, state.pending = "twelve", []
    elif epoch_of(len(state.villages)) != epoch:
        events.append(_epoch_event(epoch_of(len(state.villages))))
    return events


def _colours(colours: list[int], style: str = "standard") -> dict:
    return listing((ph.COLOUR[c]() for c in colours), style)


def _village_event(v: Village, number: int, bonus: int) -> Event:
    parts = [ph.FOUNDS(who=player(v.founder), number=number + 1, t=label(v.territory),
                       terrain=ph.TERRAIN[TERRAIN[v.territory]](), epoch=ROMAN[v.epoch])]
    if v.lost:       # "Lutte entre les clans": all 5 colours present, lone huts removed
        parts.append(ph.BATTLE(colours=_colours(v.lost, "comma")))
    if v.destroyed:  # hostile territory: destroyed, no points
        parts.append(ph.HOSTILE(n=v.huts))
    elif not v.colours:
        parts.append(ph.NOBODY())
    elif bonus:
        parts.append(ph.SCORES_BONUS(n=v.huts, bonus=bonus, value=ph.POINTS(n=v.value),
                                     colours=_colours(v.colours)))
    else:
        parts.append(ph.SCORES(n=v.huts, value=ph.POINTS(n=v.value), colours=_colours(v.colours)))
    return said_event(ph.VILLAGE(parts=sentences(parts)), v.founder)


def _epoch_said(epoch: int):
    """'mountain +2, grassland hostile': what the epoch favours and forbids (tableau des époques)."""
    row = EPOCHS[epoch]
    fav = ph.EVERY_TERRAIN() if row["favourable"] == "all" else ph.TERRAIN[row["favourable"]]()
    if row["hostile"]:
        return ph.EPOCH_TERMS_HOSTILE(favourable=fav, bonus=row["bonus"], hostile=ph.TERRAIN[row["hostile"]]())
    return ph.EPOCH_TERMS(favourable=fav, bonus=row["bonus"])


def _epoch_event(epoch: int) -> Event:
    return said_event(ph.EPOCH_BEGINS(epoch=ROMAN[epoch], terms=_epoch_said(epoch)))


# Ready-made moves: ``_MOVES[seat][s][n]`` holds the moves of ``seat`` from
# territory ``s`` holding ``n`` huts, one per neighbour (in ``NEIGHBOURS[s]``
# order). A move is immutable and its label depends only on these, so each is
# built once and reused (its label lazily); 60 territories × at most 60 huts ×
# 4 seats bound it.
ALL_HUTS = N_COLOURS * len(REGIONS)      # the largest group there can be
_MOVES: dict[int, list[list[tuple[Move, ...] | None]]] = {}
_NEIGHBOUR_SIZES = [itemgetter(*ns) if len(ns) > 1 else (lambda sizes, n=ns[0]: (sizes[n],)) for ns in NEIGHBOURS]


def _moves_from(ready: list, seat: int, s: int, n: int) -> tuple[Move, ...]:
    def move(d: int) -> Move:
        return Move(seat, f"{label(s)}>{label(d)}", lambda: ph.L_MOVE(n=n, src=label(s), dst=label(d)),
                    ("move", s, d))

    moves = ready[s][n] = tuple(move(d) for d in NEIGHBOURS[s])
    return moves


class Clans(Game):
    key = "clans"
    name = "Clans"
    name_fr = "Clans"
    min_players = 2
    max_players = 4
    rules_en = text.RULES_EN

    def rules_pages(self):
        return text.PAGES

    # Rulebook, "Début": the players choose who starts, so the table's seating order decides.
    first_player = "seated"
    first_player_rule = (
        "The rulebook lets the players choose who starts (\"Decide who plays first\", our translation): "
        "the seating order decides, unless the table gives another order.",
        "La règle laisse les joueurs choisir qui commence (« Décidez du premier qui joue ») : "
        "l'ordre des places décide, sauf si la table en donne un autre.")

    # ---- set-up

    def setup(self, seats: int, seed: int, options: dict[str, str]) -> State:
        rng = Rng(seed)
        huts = [[0] * N_COLOURS for _ in range(N_TERRITORIES)]
        for region in REGIONS:          # one hut of each colour per region, at random
            colours = list(range(N_COLOURS))
            rng.shuffle(colours)
            for t, c in zip(region, colours, strict=True):
                huts[t][c] = 1
        deck = list(range(N_COLOURS))
        rng.shuffle(deck)
        return State(seats=seats, huts=huts, clans=deck[:seats], rng=rng)

    # ---- play

    def to_act(self, state: State) -> list[int]:
        return [] if state.end else [state.turn]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state.end or seat != state.turn:
            return []
        if state.pending:
            return [Move(seat, f"village {label(t)}", ph.L_VILLAGE(t=label(t)), ("village", t))
                    for t in state.pending]
        # The same pairs, in the same order, as ``occupied_neighbours`` and ``may_move``
        # give, from the group sizes counted once; the Move objects come ready-made
        # (a search lists them thousands of times).
        sizes = state.group_sizes()
        ready = _MOVES.get(seat) or _MOVES.setdefault(seat, [[None] * (ALL_HUTS + 1) for _ in sizes])
        out: list[Move] = []
        for s in range(N_TERRITORIES):
            n = sizes[s]
            if n:
                moves = ready[s][n] or _moves_from(ready, seat, s, n)
                around = _NEIGHBOUR_SIZES[s](sizes)
                if n < BIG_GROUP:           # onto any occupied neighbour
                    out += compress(moves, around)
                else:                       # the 7-hut rule
                    out += compress(moves, [size >= n for size in around])
        return out

    def _any_move(self, state: State) -> bool:
        """Whether any group may still move (the rulebook's end when none can);
        sizes are counted only as far as needed (there almost always is one)."""
        sizes = state.group_sizes()
        for s in range(N_TERRITORIES):
            n = sizes[s]
            if n:
                for d in NEIGHBOURS[s]:
                    size = sizes[d]
                    if size and (n < BIG_GROUP or size >= n):
                        return True
        return False

    def play(self, state: State, move: Move) -> list[Event]:
        seat = move.seat
        sizes = state.group_sizes()[:]          # a new list: the parent state shares the old one
        founded = len(state.villages)
        if move.data[0] == "village":
            state.pending.remove(move.data[1])
            events = found_village(state, move.data[1], seat)
        else:
            _, src, dst = move.data
            n = state.size(src)
            events = [said_event(ph.MOVES(who=player(seat), n=n, src=label(src), dst=label(dst)), seat)]
            # new lists, never changed in place: a clone shares the untouched ones (State.copy)
            state.huts[dst] = [a + b for a, b in zip(state.huts[dst], state.huts[src], strict=True)]
            state.huts[src] = [0] * N_COLOURS
            sizes[dst], sizes[src] = sizes[dst] + sizes[src], 0
            state.last_move = [src, dst]
            state.fresh = len(state.villages)
            # only a neighbour of the emptied territory can have become isolated
            state.pending = [t for t in NEIGHBOURS[src] if any(state.huts[t]) and not occupied_neighbours(state, t)]
        events += self._found_while_order_is_free(state, seat)
        for village in state.villages[founded:]:        # a battle or hostile land removed huts there
            sizes[village.territory] = sum(state.huts[village.territory])
        state.sizes, state.sizes_of = sizes, state.huts
        if not state.pending and not state.end:
            state.turn = (state.turn + 1) % state.seats
            if not self._any_move(state):
                state.end = "stuck"
                events.append(said_event(ph.STUCK()))
        if state.end:
            events.append(self._reveal(state))
        return events

    def _found_while_order_is_free(self, state: State, seat: int) -> list[Event]:
        """Found pending villages by themselves while their order cannot
        matter: as long as they all fall in the current epoch. Otherwise the
        mover chooses (epoch change, or which one is the 12th)."""
        events: list[Event] = []
        while state.pending and (len(state.pending) == 1
                                 or len(state.pending) <= chips_left_in_epoch(len(state.villages))):
            events += found_village(state, state.pending.pop(0), seat)
        return events

    def _reveal(self, state: State) -> Event:
        finals = self.final_scores(state)
        parts = [ph.REVEAL_ONE(who=player(s), colour=ph.COLOUR[c](), track=state.scores[c], chips=state.chips(s),
                               total=finals[s])
                 for s, c in enumerate(state.clans)]
        return said_event(ph.REVEAL(scores=listing(parts)), reveal=True)

    # ---- parsing, with explanations

    def parse(self, state: State, seat: int, typed: str) -> Move:
        if seat not in self.to_act(state):
            raise IllegalMove.of(core_phrases.NOT_YOUR_TURN())
        moves = {m.notation: m for m in self.legal_moves(state, seat)}
        if state.pending:
            choices = listing((f"village {label(t)}" for t in state.pending), style="or")
            found = _VILLAGE_TEXT.fullmatch(typed or "")
            if found and f"village {int(found.group(1))}" in moves:
                return moves[f"village {int(found.group(1))}"]
            raise IllegalMove.of(ph.SEVERAL(choices=choices))
        found = _MOVE_TEXT.fullmatch(typed or "")
        if not found:
            try:
                return super().parse(state, seat, typed)
            except IllegalMove as exc:     # the generic refusal: say what a move is here
                if exc.said is None or exc.said.key != core_phrases.NOT_LEGAL.key:
                    raise
                raise IllegalMove.of(ph.NOT_A_MOVE(**exc.said.params)) from None
        src, dst = int(found.group(1)) - 1, int(found.group(2)) - 1
        move = moves.get(f"{src + 1}>{dst + 1}")
        if move:
            return move
        raise self._why_not(state, src, dst)

    def _why_not(self, state: State, src: int, dst: int) -> IllegalMove:
        for t in (src, dst):
            if not 0 <= t < N_TERRITORIES:
                return IllegalMove.of(ph.NO_TERRITORY(t=t + 1, last=N_TERRITORIES))
        s, d = label(src), label(dst)
        if not any(state.huts[src]):
            return IllegalMove.of(ph.EMPTY_SOURCE(t=s))
        if not any(state.huts[dst]):
            return IllegalMove.of(ph.EMPTY_TARGET(t=d))
        if dst not in NEIGHBOURS[src]:
            return IllegalMove.of(ph.NOT_NEIGHBOURS(src=s, dst=d))
        return IllegalMove.of(ph.TOO_BIG(size=state.size(src), src=s, dst=d, big=BIG_GROUP))

    # ---- the move picker (rules/picker.py)

    def move_path(self, state: State, move: Move) -> tuple[Step, ...]:
        """The territory to move from, then the one to move onto; a founding order is one tap.
        The first question lists every territory whose huts can move, in map order: 60 at the
        opening, one fewer with each move (each empties a territory), so more than 25 for much of
        the game (the bot pages it, 25 a page). A question in front of it (a range of numbers)
        would cost a tap on every decision, where paging costs one only past the first page
        (3.1 taps a decision on average, confirm included, over random games). The second
        question has at most 6 answers."""
        if move.data[0] == "village":
            t = move.data[1]
            return (Step(ph.ASK_VILLAGE(), move.notation, ph.VILLAGE_FIRST(t=label(t), n=state.size(t))),)
        _, src, dst = move.data
        n = state.size(src)
        return (Step(ph.ASK_FROM(), f"from {label(src)}", ph.TERRITORY(t=label(src), n=n)),
                Step(ph.ASK_TO(n=n, t=label(src)), f"to {label(dst)}", ph.TERRITORY(t=label(dst), n=state.size(dst))))

    def preview(self, state: State, move: Move, seat: int) -> Preview:
        """The map after the move, its villages founded and scored: nothing is drawn in Clans,
        and a village's scores are public (the track), the colours behind them are not (the view
        shows the presser only their own). The move that ends the game reveals every clan: its
        preview shows the last village scored, the clans still secret, and says so."""
        after, events = self.apply(state, move)
        if not after.end:
            return Preview(after, events)
        shown = after.copy()
        shown.end, shown.turn = "", seat            # the view of a game in play: clans stay hidden
        return Preview(shown, [e for e in events if not e.reveal], partial=True, note=ph.PREVIEW_END())

    def may_autoplay(self, state: State, move: Move) -> bool:
        """A forced move may be played by the table: which moves are legal follows from the huts
        on the map alone (public), never from the secret colours, so that a seat had one move
        tells nobody anything."""
        return True

    # ---- what people see

    def final_scores(self, state: State) -> list[int]:
        return [state.scores[c] + state.chips(s) for s, c in enumerate(state.clans)]

    def view(self, state: State, seat: int | None) -> dict:
        founded = len(state.villages)
        epoch = epoch_of(founded)
        view = {
            "huts": [h[:] for h in state.huts],
            "villages": [{"territory": label(v.territory), "founder": v.founder, "epoch": v.epoch + 1,
                          "huts": v.huts, "value": v.value, "colours": [COLOURS[c] for c in v.colours],
                          "lost": [COLOURS[c] for c in v.lost], "destroyed": v.destroyed,
                          "fresh": i >= state.fresh} for i, v in enumerate(state.villages)],
            "epoch": epoch + 1,
            "chips_left": [max(0, min(e["chips"], sum(x["chips"] for x in EPOCHS[:i + 1]) - founded))
                           for i, e in enumerate(EPOCHS)],
            "scores": dict(zip(COLOURS, state.scores, strict=True)),
            "chips": [state.chips(s) for s in range(state.seats)],
            "turn": None if state.end else state.turn,
            "pending": [label(t) for t in state.pending],
            "last_move": [label(t) for t in state.last_move],
            "over": bool(state.end),
            "end": state.end,
        }
        if state.end:  # colours are revealed at the end
            view["clans"] = [COLOURS[c] for c in state.clans]
            view["final"] = self.final_scores(state)
        elif seat is not None and 0 <= seat < state.seats:
            view["my_colour"] = COLOURS[state.clans[seat]]
        return view

    def private_said(self, state: State, seat: int):
        return [ph.HAND_CLAN(colour=ph.COLOUR[state.clans[seat]]()), ph.HAND_CHIPS(n=state.chips(seat))]

    def status_said(self, state: State):
        if state.end:
            return [ph.STATUS_OVER()]
        founded = len(state.villages)
        epoch = epoch_of(founded)
        # the score track is public (which colour a player holds is not): every colour's points so far
        track = [ph.STATUS_SCORE(colour=ph.COLOUR[c](), points=state.scores[c]) for c in range(len(COLOURS))]
        return [ph.STATUS_EPOCH(epoch=ROMAN[epoch], terms=_epoch_said(epoch), founded=founded, total=N_VILLAGES,
                                n=chips_left_in_epoch(founded)),
                ph.STATUS_SCORES(scores=listing(track, "comma"))]

    def public_scores(self, state: State) -> list[int] | None:
        return self.final_scores(state) if state.end else None

    def result(self, state: State) -> Result | None:
        if not state.end:
            return None
        finals = self.final_scores(state)
        ranks = rank_by([(f,) for f in finals])   # no tie-break in the rulebook: shared victory
        winners = [ph.WINNER(who=player(s), colour=ph.COLOUR[state.clans[s]]()) for s in range(state.seats)
                   if ranks[s] == 1]
        wins = ph.WINS(n=len(winners), winners=listing(winners), best=ph.POINTS(n=max(finals)))
        # FIN DE LA PARTIE: each marker on the victory point scale, plus 1 point per bonus token
        players = [ph.SCORE_LINE(who=player(s), colour=ph.COLOUR[c](), total=finals[s], track=state.scores[c],
                                 chips=state.chips(s)) for s, c in enumerate(state.clans)]
        return Result.of(finals, ranks, ph.SUMMARY(wins=wins, players=lines(players)))

    # ---- what an AI seat may know (see ai.py)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return ai.determinize(self, state, seat, rng)

    def heuristic(self, state: State, seat: int) -> float:
        return ai.heuristic(self, state, seat)

    # ---- storage

    def to_json(self, state: State) -> dict:
        return state.to_json()

    def from_json(self, data: dict) -> State:
        return State.from_json(data)

    def clone(self, state: State) -> State:
        return state.copy()


GAME = Clans()
