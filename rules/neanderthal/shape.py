"""The Neanderthal state's shape, typed (issue 28): what each key of the state dict holds.

The state stays a plain dict (JSON as it is, copied by ``model.copy_state``), and its keys
stay the short ones it has always had: they are the stored form of every saved game (a
rename would need an ``upgrade`` of every stored state) and the form the rules' own tests
read (``st["pl"]``, ``st["pend"]``…). What was missing was a declaration of them: the
``TypedDict``s below give each key its type, and a comment its full name and meaning.
``tests/rules/test_neanderthal_shape.py`` checks the declaration against playouts, so a key
the engine starts to use without declaring it here fails a test. (No ``from __future__ import
annotations`` here: ``NotRequired`` must be seen at run time for ``__optional_keys__`` to list
those keys.)
"""

from typing import Any, Literal, NotRequired, TypedDict

from rules.core import Rng

Colour = Literal["o", "w", "k"]          # orange, white, black discs (data.COLOURS)
Cell = list[Any]                         # a Europe slot: [card id, face down (ice)] or None


class Husband(TypedDict):
    s: int                               # seat: the tribe the husband comes from
    a: bool                              # alpha: the husband is that tribe's alpha
    imm: Colour | None                   # immature: the disc still on him (B3), or None


class Daughter(TypedDict):
    id: str                              # the daughter card
    discs: list[Colour]                  # discs placed on it; replaced on change, never changed in place
    hus: Husband | None                  # her husband, replaced on change


class Card(TypedDict):
    id: str                              # a domestic animal or an invention
    discs: list[Colour]


class Elder(TypedDict):
    imm: Colour | None                   # immature: the disc on it (B3), or None once mature


class Player(TypedDict):
    """One seat's tableau, ``st["pl"][seat]`` (model.py's layout notes say more)."""

    pool: list[int]                      # unassigned hunters by species seat (own index: own cubes)
    grave: int                           # own cubes in the common grave
    alpha: Literal["grave", "pool", "party", "husband"]   # where the alpha cylinder is
    vocab: dict[str, int]                # vocabulary: free discs by colour ("o", "w", "k")
    portals: dict[str, list[Colour]]     # "venus" | "shaman" | "bison" -> discs on that portal
    tribal: bool                         # the tribal side is up (the speech's second state)
    elders: list[Elder | None]           # ranks 0..6, each None or an elder; replaced on change
    daughters: list[Daughter]
    trophies: list[str]                  # animal cards won as trophies
    hand: list[str]                      # hand cards (B2), hidden from the others
    domestic: list[Card]                 # domestic animals
    inventions: list[Card]
    sexcard: int                         # sexuality card index
    sex: Literal["harem", "libertine", "monogamy"] | None   # sexuality chosen (C), None until then
    mpi: list[Colour]                    # discs on the sexuality card (its MPI)


class Auction(TypedDict):
    """The open auction of the event card (D7)."""

    seats: list[int]                     # bidders, in bidding order (set at opening, never changed)
    turn: int                            # index in ``seats`` of the bidder to speak
    lead: int | None                     # seat of the highest bid so far
    n: int                               # the highest bid, in discs
    passes: int                          # passes in a row since the lead


class State(TypedDict):
    """The whole state, ``st``. Keys marked NotRequired appear once their phase first runs."""

    sp: list[str]                        # species: each seat's ("green" | "yellow" | "red")
    coop: bool                           # cooperative variant
    solo: bool                           # solo variant
    rng: Rng                             # the dice ([state, draws] when stored)
    round: int                           # round number (1-based once started)
    phase: str                           # the flow's phase (engine.STEPS or engine.WAITING)
    events: list[str]                    # event deck: face-down daughter cards still to come
    unused: list[str]                    # daughters set aside, unseen (the Würm glaciation draws there)
    event: str | None                    # the round's event card, face up
    order: list[int]                     # player order this round (from the card's bar)
    rows: dict[str, list[Any]]           # Europe: "N" and "S" rows of slots, each a Cell or None
    decks: dict[str, list[str]]          # biome decks by row, face down; replaced on change
    gone: list[str]                      # open discard: cards seen face up
    gone_down: list[str]                 # ice discarded unseen (D1)
    fresh: list[str]                     # cards dealt into Europe this round
    parties: dict[str, dict[str, dict[str, Any]]]   # hunting parties: slot -> seat -> {"c": cubes, "a": alpha, loot}
    evq: list[str]                       # event queue: the card's events not yet run
    pend: dict[str, Any]                 # pending decision's context (what a waiting phase needs, its "then")
    bids: dict[str, Any]                 # sealed answers only (the auction itself is open)
    auc: Auction | None                  # the open auction
    chaos_lost: list[int]                # per seat, losses to chaos this round (the expatriation reads it)
    fight: dict[str, Any] | None         # the combat in progress (E): keys, attacker, hits, victim…
    alpha_use: dict[str, Any]            # alpha powers used during the hunts
    alpha_ask: dict[str, Any] | None     # an alpha power offered, awaiting the answer
    offers: list[Any]                    # cards offered to take: [seat, what, card, slot], the head first
    hc: dict[str, Any] | None            # hunt in course: slot, predator, seats in order
    cur: int                             # index of the current seat in ``order``
    acted: list[int]                     # seats done in the current phase
    nego: dict[str, Any] | None          # negotiation (F1): proposals queue, proposals left, the current one
    last: list[Any]                      # the last move's events, for the view
    pl: list[Player]                     # players: each seat's tableau
    answer_h: NotRequired[int]           # hours to answer a proposal (table option)
    placed: NotRequired[list[str]]       # slots hunters were sent to, in the order assigned (A4)
    recalls: NotRequired[dict[str, int]] # per seat id, recalls still allowed in the assignment phase
    hq: NotRequired[list[str]]           # hunt queue: slots still to hunt
    contested: NotRequired[list[str]]    # slots shared by several tribes, ordered by the first player (A4)
    lone: NotRequired[dict[str, int]]    # uncontested slots -> the seat that orders their hunts (A4)
    hunt_opts: NotRequired[list[str] | None]   # hunt options: the slots the chooser may hunt next
    hunt_next: NotRequired[str | None]   # the slot hunted next
    hunt_who: NotRequired[int | None]    # the seat choosing the next hunt
    retry: NotRequired[list[Any] | None] # [seat, slot]: a party that may hunt the replacement card (G7)
    rel: NotRequired[list[Any]]          # releases: dependants the seats must still give up
    rel_then: NotRequired[str]           # the phase that follows the releases
    event_won: NotRequired[int | None]   # the seat that won the event card's auction
    sultan: NotRequired[dict[str, Any]]  # seat, round, seen: husbands' arrangements of its phase 2 (E4)


def declared_keys() -> frozenset[str]:
    """Every key a state may hold (for the test that keeps this declaration true)."""
    return frozenset(State.__required_keys__ | State.__optional_keys__)


def required_keys() -> frozenset[str]:
    """The keys every state holds from set-up on."""
    return frozenset(State.__required_keys__)


def player_keys() -> frozenset[str]:
    return frozenset(Player.__required_keys__)
