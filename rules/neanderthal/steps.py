"""The move picker for Neanderthal (rules/picker.py): each legal move as a few taps, its preview,
and which forced moves the table may play by itself.

The taps follow the phases' own choices. Phase 2 (E), the busiest: the card to hunt, then how many
hunters (or the alpha); a promotion, a husband, a suitor, a recall or the sultan's move each under
one option, then which one. Negotiations (F1): with whom, what (they leave a card, you retreat
from one, a co-operative trade, a divorce), what comes with it (nothing, a marriage, a card given,
asked or exchanged), then which card(s). The payment of a won auction (D7) is one menu, or the
orange discs first when the mixes do not fit one. Every other decision is one question.

A group holding one move only is not a question: its option is that move, saying the rest of its
path ('Promote a hunter to elder · Fire-Keeper', ``_surfaced``). Other tribes are named by their
species, places as 'N3 Irish Elk'.

The preview plays the move, then the automatic steps after it while they stay known (see
``preview``); a forced move is played by the table unless it names a hand card (``may_autoplay``).
"""

from __future__ import annotations

from collections import Counter

from rules import phrases as core_phrases
from rules.picker import Preview, Step
from rules.wording import listing

from . import engine as E
from . import moves as M
from . import phrases as ph
from .choices import legal
from .data import BIOMES
from .model import SEAT_LETTERS, n_seats, parse_daughter_key, player, slot_card

MENU = 25   # the options one select menu shows; the payment is split past it

# ------------------------------------------------------------------ the taps

def move_path(st, move) -> tuple[Step, ...]:
    """The taps leading to ``move`` (see the module's docstring)."""
    return _paths(st, move.seat).get(move.notation) or _full_path(st, move)


_CACHE: list = []   # (state, seat, fingerprint, paths): the last state asked (tree() asks once per move)


# the state's parts no legal move depends on (the decks, the discard, the last events): left out
# of the fingerprint, which is the rest of the state (~1.5 kB), so that a state changed in place is seen
UNREAD = frozenset(("rng", "decks", "events", "unused", "gone", "last"))


def _fingerprint(st) -> tuple:
    return st["rng"].draws, repr([v for k, v in st.items() if k not in UNREAD])


def _paths(st, seat) -> dict:
    """Every legal move's taps, by notation, built once per state (the same object, unchanged)."""
    if _CACHE and _CACHE[0][0] is st and _CACHE[0][1] == seat and _CACHE[0][2] == _fingerprint(st):
        return _CACHE[0][3]
    moves = legal(st, seat)
    full = {m.notation: _full_path(st, m) for m in moves}
    if st["phase"] == "pay" and len(moves) <= MENU:   # D7: the mixes fit one menu
        full = {m.notation: (Step(ph.Q_PAY(), m.notation, _label(m)),) for m in moves}
    paths = _surfaced(full)
    _CACHE[:] = [(st, seat, _fingerprint(st), paths)]
    return paths


def _surfaced(full: dict) -> dict:
    """Where a path's group holds this move alone, the path stops there, its option saying the
    rest of the path (a group of one is no question, and its label alone would hide the move)."""
    below: Counter[tuple] = Counter()
    for steps in full.values():
        for depth in range(1, len(steps) + 1):
            below[tuple(s.key for s in steps[:depth])] += 1
    out = {}
    for notation, steps in full.items():
        for depth in range(len(steps)):
            if below[tuple(s.key for s in steps[:depth + 1])] == 1:
                label = steps[-1].label
                for step in reversed(steps[depth:-1]):
                    label = ph.S_THEN(first=step.label, then=label)
                out[notation] = (*steps[:depth], Step(steps[depth].ask, steps[depth].key, label))
                break
    return out


def _label(move):
    return move.said or move.label or move.notation


def _place(st, key):
    """'N3 Irish Elk', 'B2 Caring Woman' (Q.place_said, said with a slot parameter)."""
    if key[0] in "NS":
        cell = slot_card(st, key)
        return ph.S_PLACE(slot=key, card=ph.card(cell[0])) if cell else key
    owner, i = parse_daughter_key(key)
    return ph.S_PLACE(slot=key, card=ph.card(player(st, owner)["daughters"][i]["id"]))


def _full_path(st, move) -> tuple[Step, ...]:
    phase = st["phase"]
    if phase == "assign":
        return _assign_path(st, move)
    if phase == "nego":
        return _nego_path(st, move)
    if phase == "pay":
        return _pay_path(move)
    return (Step(_question(st, move.seat), move.notation, _one_label(st, move)),)


# one question per decision phase whose moves are one tap each (the others: _question)
ONE_TAP = {
    "sex": ph.Q_SEX, "blizzard": ph.Q_BLIZZARD, "discard": ph.Q_DISCARD, "action": ph.Q_ACTION,
    "expat": ph.Q_EXPAT, "council": ph.Q_ORDER, "hunt_order": ph.Q_NEXT,
}


def _question(st, seat):
    """The question of a decision that is one tap: the same for every move of the seat (B4's alpha
    swap, offered beside any phase's moves, included)."""
    phase = st["phase"]
    if phase == "bid":
        return ph.Q_BID(card=ph.card(st["event"]))
    if phase == "fighting":
        return ph.Q_HIT() if st["fight"]["step"] == "target" else ph.Q_VICTIM()
    if phase == "chaos":
        pend = st["pend"][str(seat)]
        return ph.Q_CHAOS() if pend["kill"] > 0 or pend["elder"] else ph.Q_FLIP()
    if phase == "alpha":   # E5: the question names the card, the answer is yes or no
        return ph.Q_ALPHA(place=_place(st, st["alpha_ask"][1]))
    if phase == "take":
        return ph.Q_TAKE(card=ph.card(st["offers"][0][2]))
    if phase == "release":
        return ph.Q_RELEASE(colour=ph.COLOUR[st["rel"][0][1]]())
    ask = ONE_TAP.get(phase)
    return ask() if ask else core_phrases.PICK_MOVE()


def _one_label(st, move):
    """A one-tap move's option: other tribes by species, places by card, the alpha's yes or no."""
    data = move.data
    kind = data[0]
    if kind in ("hit", "send"):
        return _seat_said(st, data[1])
    if kind == "order":
        return ph.S_ORDER(order=listing([_seat_said(st, s) for s in data[1]], "comma"))
    if kind == "apower":
        return ph.S_POWER() if data[1] else ph.S_ROLL()
    if kind == "next":
        return _place(st, data[1])
    if kind in ("ckill", "fkill") and isinstance(data[1], int) and data[1] != move.seat:
        return ph.S_WANDERER(seat=_seat_said(st, data[1]))   # D6: a wanderer, named by its species
    return _label(move)


def _assign_path(st, move) -> tuple[Step, ...]:
    """E: the card, then who goes; the other assignments under one option each."""
    data = move.data
    kind = data[0]
    root = ph.Q_ASSIGN()
    p = player(st, move.seat)
    if kind == "hunt":
        _, key, k = data
        place = _place(st, key)
        who = ph.S_THE_ALPHA() if k == 0 else ph.S_HUNTERS(n=k)
        return (Step(root, key, ph.S_HUNT_AT(place=place)),
                Step(ph.Q_HOW_MANY(place=place), "a" if k == 0 else str(k), who))
    if kind == "promote":
        return (Step(root, "promote", ph.S_PROMOTE()), Step(ph.Q_PROMOTE(), move.notation, ph.ELDER[data[1]]()))
    if kind == "wed":
        card = ph.CARD[p["daughters"][data[1]]["id"]]()
        return Step(root, "wed", ph.S_WED()), Step(ph.Q_WED(), move.notation, card)
    if kind == "court":
        _, key, alpha = data
        place = _place(st, key)
        return (Step(root, "court", ph.S_COURT()), Step(ph.Q_COURT(), key, place),
                Step(ph.Q_SUITOR(place=place), "a" if alpha else "h", ph.S_THE_ALPHA() if alpha else ph.S_A_HUNTER()))
    if kind == "recall":
        return Step(root, "recall", ph.S_RECALL()), Step(ph.Q_RECALL(), move.notation, _label(move))
    if kind == "sultan":
        _, i, j = data
        return (Step(root, "sultan", ph.L_SULTAN()),
                Step(ph.Q_SULTAN_FROM(), str(i + 1), ph.S_SULTAN_FROM(card=ph.card(p["daughters"][i]["id"]))),
                Step(ph.Q_SULTAN_TO(), str(j + 1), ph.CARD[p["daughters"][j]["id"]]()))
    return (Step(root, move.notation, _label(move)),)   # the alpha swap, done


def _pay_path(move) -> tuple[Step, ...]:
    """D7, when the mixes do not fit one menu: the orange discs, then the rest."""
    if move.data[0] != "pay":   # B4's alpha swap, beside the payments
        return (Step(ph.Q_PAY_ORANGE(), move.notation, _label(move)),)
    discs = dict(move.data[1])
    orange = discs.get("o", 0)
    return (Step(ph.Q_PAY_ORANGE(), str(orange), ph.S_PAY_ORANGE(n=orange)),
            Step(ph.Q_PAY_REST(), move.notation, _label(move)))


def _seat_said(st, seat):
    return ph.S_SEAT(species=ph.SPECIES_NAME[st["sp"][seat]](), letter=SEAT_LETTERS[seat])


def _thing(st, seat, x):
    """A card a deal names: a hand card (slug→id), a tableau card (t1, x2…) or `hand` (their choice)."""
    if x == "hand":
        return ph.S_THEIR_CHOICE()
    if x in BIOMES:
        return ph.S_HAND_CARD(card=ph.card(x))
    kind, i = x[0], int(x[1:]) - 1
    items = player(st, seat)[{"d": "daughters", "t": "trophies", "x": "domestic", "i": "inventions"}[kind]]
    item = items[i]
    return ph.THING_TABLEAU(card=ph.card(item if isinstance(item, str) else item["id"]), code=x)


def _nego_path(st, move) -> tuple[Step, ...]:
    """F1: with whom, what, what comes with it, which card(s); K2 trades: with whom, what you give,
    what you get; a divorce: which husband. Answers and `done` are one tap."""
    data = move.data
    kind = data[0]
    seat = move.seat
    if st["nego"]["prop"]:   # an answer (or B4's alpha swap beside it)
        return (Step(ph.Q_ANSWER(), move.notation, _label(move)),)
    root = ph.Q_NEGO()
    if kind == "divorce":
        return Step(root, "divorce", ph.S_DIVORCE()), Step(ph.Q_DIVORCE(), move.notation, _label(move))
    if kind not in ("ask", "retreat", "swap"):
        return (Step(root, move.notation, _label(move)),)   # done
    t = data[1]
    them = ph.SPECIES_NAME[st["sp"][t]]()
    first = Step(root, SEAT_LETTERS[t], _seat_said(st, t))
    what = ph.Q_NEGO_WHAT(seat=them)
    if kind == "swap":   # K2: a disc or an I card for a disc or an I card
        _, _, c1, c2 = data
        gift = ph.DISC_A[c1]() if c1 in ph.DISC_A else ph.THE_INVENTION(card=ph.card(c1))
        want = ph.ICARD_OF(seat=them) if c2 == "icard" else ph.DISC_A[c2]()
        return (first, Step(what, "trade", ph.S_COOP_TRADE()),
                Step(ph.Q_COOP_GIVE(seat=them), c1, gift), Step(ph.Q_COOP_GET(), c2, want))
    _, _, key, extra, arg, arg2 = data
    place = _place(st, key)
    second = Step(what, f"{kind} {key}", (ph.S_THEY_LEAVE if kind == "ask" else ph.S_YOU_RETREAT)(place=place))
    deal = ph.Q_DEAL()
    if not extra:
        return first, second, Step(deal, "none", ph.S_DEAL_NONE())
    if extra == "wed":
        owner = seat if kind == "ask" else t
        bride = ph.CARD[player(st, owner)["daughters"][arg]["id"]]()
        return first, second, Step(deal, "wed", ph.S_DEAL_WED()), Step(ph.Q_DEAL_WED(), str(arg + 1), bride)
    if extra == "give":
        return first, second, Step(deal, "give", ph.S_DEAL_GIVE()), Step(ph.Q_DEAL_GIVE(), arg, _thing(st, seat, arg))
    if extra == "get":
        return (first, second, Step(deal, "get", ph.S_DEAL_GET()),
                Step(ph.Q_DEAL_GET(seat=them), arg, _thing(st, t, arg)))
    return (first, second, Step(deal, "swap", ph.S_DEAL_SWAP()), Step(ph.Q_DEAL_SWAP(), arg, _thing(st, seat, arg)),
            Step(ph.Q_DEAL_FOR(seat=them), arg2, _thing(st, t, arg2)))


# ------------------------------------------------------------------ the preview

def preview(game, st, move, seat) -> Preview:
    """The move itself, then the automatic steps it unlocks for as long as they roll no die,
    draw or reveal no card and show nothing hidden (each step is tried on a copy and kept only
    then): the position shown is the move's known part, and the note says what comes once
    the move counts (the next event card, the attacks, the hunts). A card the move itself
    draws for the row (G7: a card taken into hand is replaced) is shown as a gap."""
    after = game.clone(st)
    ev: list = []
    M.play_move(after, move, ev)
    if after["rng"].draws != st["rng"].draws:   # the move itself rolls: nothing of it is known before
        return Preview(st, [], partial=True, note=ph.PV_LATER())
    drawn = _cards(_hidden(st, seat)) - _cards(_hidden(after, seat))
    if drawn:
        if not _mask(st, after, drawn):
            return Preview(st, [], partial=True, note=ph.PV_LATER())
        return _shown(after, ev, seat, ph.PV_DRAWN())
    note = None
    for _ in range(200):
        step = E.STEPS.get(after["phase"])
        if step is None:
            break
        if after["phase"] == "action" and _hands_decide(after, seat):
            note = ph.PV_HANDS()
            break
        trial = game.clone(after)
        more: list = []
        waits = step(trial, more)
        if (trial["rng"].draws != after["rng"].draws or any(e.reveal for e in more)
                or _hidden(trial, seat) != _hidden(after, seat)):
            note = _what_comes(after["phase"])
            break
        after, ev = trial, ev + more
        if waits:
            break
    return _shown(after, ev, seat, note)


def _hands_decide(st, seat) -> bool:
    """Whether a tribe still to act in phase 6 holds cards: what it does there (I3: a D or I card
    played, or a pass) depends on its hand, hidden from ``seat``, so the preview stops before."""
    return any(s != seat and s not in st["acted"] and player(st, s)["tribal"] and player(st, s)["hand"]
               for s in range(n_seats(st)))


def _shown(after, ev, seat, note) -> Preview:
    after["last"] = M.last_events(ev)
    return Preview(after, [e for e in ev if e.private_to in (None, seat)], partial=note is not None, note=note)


def _hidden(st, seat) -> tuple:
    """What ``seat`` cannot see (ai.determinize redraws it): the event deck and the daughters set
    aside, the biome decks, the ice, the other hands. A step that changes any of it reveals or
    draws something."""
    ice = [cell for r in ("N", "S") for cell in st["rows"][r] if cell is not None and cell[1]]
    hands = [player(st, s)["hand"] for s in range(n_seats(st)) if s != seat]
    # (cards discarded face down, where a state keeps them apart)
    return st["events"], st["unused"], st["decks"], ice, hands, st.get("gone_down", ())


def _cards(hidden: tuple) -> set:
    events, unused, decks, ice, hands, down = hidden
    return {*events, *unused, *decks["N"], *decks["S"], *(cell[0] for cell in ice), *(c for h in hands for c in h),
            *down}


def _mask(st, after, drawn: set) -> bool:
    """Hide the cards the move drew into the rows: a new card shows as a gap, a melted one as
    the ice it was. False when a drawn card went anywhere else (nothing then to show)."""
    left = set(drawn)
    for r in ("N", "S"):
        cells = after["rows"][r] = list(after["rows"][r])
        for i, cell in enumerate(cells):
            if cell is not None and cell[0] in drawn:
                before = st["rows"][r][i]
                cells[i] = before if before is not None and before[1] else None
                left.discard(cell[0])
    return not left


def _what_comes(phase: str):
    if phase == "round":
        return ph.PV_ROUND()
    if phase == "events":
        return ph.PV_EVENTS()
    if phase in ("combat", "fighting"):
        return ph.PV_ATTACKS()
    if phase in ("hunt", "hunting"):
        return ph.PV_HUNTS()
    return ph.PV_LATER()


# ------------------------------------------------------------------ forced moves

# Moves whose choices come from the mover's hand (B2: hidden from the others): the hand-limit
# discard, the tribal elders' actions (I3), a card given, asked or exchanged in a deal, the card
# an accepted proposal gives (F1, K2).
def names_hand_card(st, move) -> bool:
    hand = player(st, move.seat)["hand"]
    return any(isinstance(x, str) and x in hand for x in move.data[1:])


def may_autoplay(st, move) -> bool:
    """Whether the table may play a forced move at once (issue 26). Everything a Neanderthal
    decision depends on is public (the auction is open, sexualities face up, parties, discs and
    tableaux on the table) except the hands (B2) and the decks. A forced move that names a hand
    card would tell the others that the hand held no other choice; the only one the rules can
    force is the hand-limit discard of a lone card, and that one is forced by the hand's size,
    which the others see (card backs, B2), and reveals its card anyway. Every other forced
    move (a lone bid, payment, dependant, target, disc to free) is forced by what all see,
    except a tribe's lone `pass` in phase 6 (I3): its elders could play a card of some kind
    (choices.asked_to_act), so the pass is forced only because its hand holds none of them."""
    if names_hand_card(st, move):
        return move.data[0] == "discard" and len(player(st, move.seat)["hand"]) == 1
    if move.data == ("pass",) and st["phase"] == "action":
        p = player(st, move.seat)
        return not (p["tribal"] and p["hand"])
    return True
