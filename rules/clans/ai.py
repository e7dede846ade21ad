"""What a Clans seat may know, for the AI seats (``ai/`` searches over these).

Hidden from a seat (Mise en place: « distribuer une [carte clan] face cachée à
chaque joueur […] Remettre la carte inutilisée […] sans en révéler la couleur »):
the other players' clan colours, until the end (FIN DE LA PARTIE: « les joueurs
révèlent leur couleur secrète »), and the state's Rng. Everything else — huts on
the map, villages with their founders and the colours they scored, the score
track per colour, bonus tokens, the epoch — is public.

A seat knows its own colour and that colours are distinct; the rest it guesses
from what the others did (Conseils tactiques: « en faisant attention à leurs
déplacements […] on peut comprendre qu'une certaine couleur N'EST PAS la sienne »).
The state keeps no move history, so the guess reads the villages each player
founded: founding a village that scores a colour hints at that colour, founding
one that kills a colour's lone hut in a battle hints against it. ``belief`` turns
that into a distribution over the ways to deal the unknown colours;
``determinize`` draws from it and ``heuristic`` weights the colours' prospects by it.
"""

from __future__ import annotations

import math
from itertools import permutations
from operator import itemgetter

from rules.core import Rng
from rules.kit.redeal import determinized, pick_weighted

from .data import EPOCHS, LAST_VILLAGE_BONUS, N_COLOURS, N_TERRITORIES, N_VILLAGES, NEIGHBOURS, TERRAIN, epoch_of

# Evidence, in log-odds, from the villages a player founded (tuned against the arena, see the report).
SCORED = 0.12          # per point a founded village gave a colour
UNSCORED = 0.04        # per point it gave others while the colour got nothing there
KILLED = 1.0           # the colour's lone hut died in the founder's battle
CAP = 3.0              # no colour is ever ruled out for certain: a founder is often forced


def evidence(state) -> list[list[float]]:
    """Per seat, log-weights of each colour being its clan, from the villages it founded."""
    logw = [[0.0] * N_COLOURS for _ in range(state.seats)]
    for v in state.villages:
        if v.destroyed or v.founder >= state.seats:
            continue
        row = logw[v.founder]
        for c in range(N_COLOURS):
            if c in v.colours:
                row[c] += SCORED * v.value
            elif c in v.lost:
                row[c] -= KILLED
            else:
                row[c] -= UNSCORED * v.value
    return [[max(-CAP, min(CAP, w)) for w in row] for row in logw]


_DEALS: dict[tuple[int, int], list[tuple[int, ...]]] = {}


def belief(state, seat: int) -> tuple[list[int], list[tuple[tuple[int, ...], float]]]:
    """What ``seat`` may believe of the others' colours: the other seats, and every
    way to give them distinct colours other than its own, with its probability.
    At most 4·3·2 = 24 deals; depends only on public facts and the seat's colour."""
    own = state.clans[seat]
    others = [s for s in range(state.seats) if s != seat]
    deals = _DEALS.get((own, len(others)))
    if deals is None:
        free = [c for c in range(N_COLOURS) if c != own]
        deals = _DEALS[own, len(others)] = list(permutations(free, len(others)))
    if not state.villages:
        return others, [(deal, 1.0 / len(deals)) for deal in deals]
    logw = evidence(state)
    weights = [[math.exp(w) for w in logw[s]] for s in others]
    odds = []
    for deal in deals:
        p = 1.0
        for w, c in zip(weights, deal, strict=True):
            p *= w[c]
        odds.append(p)
    total = sum(odds)
    return others, [(deal, p / total) for deal, p in zip(deals, odds, strict=True)]


def determinize(game, state, seat: int, rng: Rng):
    """A copy of ``state`` with the other seats' colours dealt again from ``seat``'s
    belief and fresh dice; once the game is over the colours are public and kept."""
    if state.end or state.seats <= 1:
        return determinized(game, state, rng, None)

    def redraw(new, rng: Rng) -> None:
        others, deals = belief(state, seat)
        for s, c in zip(others, pick_weighted(rng, deals), strict=True):
            new.clans[s] = c

    return determinized(game, state, rng, redraw)


# ------------------------------------------------------------ heuristic

SCALE = 5.0            # points of lead that make a position clearly better (logistic scale)
PROSPECT = 0.8         # how much of a colour's expected future points is counted
# Conseils tactiques: « Cherchez à "masquer" le plus possible votre propre couleur ». What a colour
# the table is sure of costs, in points (3 measured best of 1.5, 3 and 6 against the flat yardstick;
# bench/README.md, "AI tuning per game").
CONCEAL = 3.0


def _bonus(territory: int, number: int) -> int:
    """What a village on ``territory`` founded as the ``number``-th (0-based) adds to
    its huts, or -1 if it is destroyed (La valeur d'un village: favourable +bonus,
    hostile 0; the 12th always +5)."""
    if number >= N_VILLAGES - 1:
        return LAST_VILLAGE_BONUS
    row = EPOCHS[epoch_of(number)]
    if TERRAIN[territory] == row["hostile"]:
        return -1
    return row["bonus"] if row["favourable"] in (TERRAIN[territory], "all") else 0


BONUS = [[_bonus(t, number) for t in range(N_TERRITORIES)] for number in range(N_VILLAGES)]
_NEAR = [itemgetter(*ns) if len(ns) > 1 else (lambda sizes, n=ns[0]: (sizes[n],)) for ns in NEIGHBOURS]
# The last state judged, its huts list and its prospects, as one tuple: decisions run in
# threads (the table's AI seats), so it is read and replaced whole, never piecewise.
_last: tuple = (None, None, None)


def prospects(state) -> list[float]:
    """Each colour's expected points from villages still to come, read off the map.

    A group close to isolation (few occupied neighbours) is likely to be founded
    soon, and at the value of the current epoch; the others share what is left of
    the twelve villages. A colour scores where it has a hut that survives the
    battle (Combat entre clans: all five colours present kill the lone huts).
    The search judges one position for every seat in turn: the last one is kept."""
    global _last
    seen, huts_seen, known = _last
    if seen is state and huts_seen is state.huts:
        return known
    founded = len(state.villages)
    left = N_VILLAGES - founded
    out = [0.0] * N_COLOURS
    if left > 0 and not state.end:
        sizes = state.group_sizes()
        soon, later = BONUS[founded], BONUS[min(N_VILLAGES - 2, founded + 2)]
        groups = []
        total = 0.0
        for t in range(N_TERRITORIES):
            n = sizes[t]
            if n:
                around = _NEAR[t](sizes)
                near = len(around) - around.count(0)
                raw = (1.0 + n / 7.0) / (1 + near)
                total += raw
                groups.append((t, n, near, raw))
        share = left / total
        huts_of = state.huts
        for t, n, near, raw in groups:
            huts = huts_of[t]
            battle = 0 not in huts
            if battle:
                n -= huts.count(1)
            # soon founded: this epoch's terrain; later: it grows and the epoch moves on
            bonus = soon[t] if near <= 1 else later[t]
            if bonus < 0:
                continue
            gain = min(1.0, share * raw) * (n + bonus + (near > 1))
            for c in range(N_COLOURS):
                if huts[c] > battle:
                    out[c] += gain
    _last = (state, state.huts, out)
    return out


def estimates(state, seat: int) -> list[float]:
    """Every seat's expected final score (track + bonus tokens) as ``seat`` can
    judge it: its own colour is known, the others' are weighted by its belief."""
    ahead = prospects(state)
    worth = [state.scores[c] + PROSPECT * ahead[c] for c in range(N_COLOURS)]
    out = [float(state.chips(s)) for s in range(state.seats)]
    out[seat] += worth[state.clans[seat]]
    if state.seats > 1:
        others, deals = belief(state, seat)
        for deal, p in deals:
            for s, c in zip(others, deal, strict=True):
                out[s] += p * worth[c]
    return out


def exposure(state, seat: int) -> float:
    """0..1: how sure the table can be of ``seat``'s colour from the villages it founded
    (0: no more than at the start; 1: certain). A known colour is one the others avoid
    scoring and kill in battles (Conseils tactiques), so the heuristic charges for it."""
    row = evidence(state)[seat]
    weights = [math.exp(w) for w in row]
    p = weights[state.clans[seat]] / sum(weights)
    return max(0.0, (p - 1 / N_COLOURS) / (1 - 1 / N_COLOURS))


def heuristic(game, state, seat: int) -> float:
    """0..1: a logistic of the seat's expected lead over its best opponent, less what the
    colour it gave away costs it (``CONCEAL`` times its ``exposure``) until the end."""
    if state.end:
        finals = game.final_scores(state)
        lead = finals[seat] - max(f for s, f in enumerate(finals) if s != seat)
        return 1.0 / (1.0 + math.exp(-lead / SCALE))
    mine = estimates(state, seat)
    best = max(v for s, v in enumerate(mine) if s != seat)
    lead = mine[seat] - best
    if CONCEAL and state.seats > 1:
        lead -= CONCEAL * exposure(state, seat)
    return 1.0 / (1.0 + math.exp(-lead / SCALE))
