"""The rules contract every game implements, plus the pieces they share.

A game is a pure state machine: no I/O, no asyncio, no Discord, no Pillow.
All randomness comes from :class:`Rng`, whose state lives inside the game
state, so a game is exactly reproducible from (seed, options, seats, moves):
the move log *is* the game, the stored state only a snapshot of it.

Seats are numbered ``0 .. n-1``. The table service maps seats to people.
"""

from __future__ import annotations

import importlib
import json
import sys
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from rules import phrases
from rules.picker import Preview, Step
from rules.wording import Said, listing, phrase

MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64


class IllegalMove(ValueError):
    """A move the rules refuse. ``str(exc)`` is shown to the player as is,
    so it must be a short, friendly English sentence that reveals nothing
    hidden; ``said`` the message key and parameters the bot translates in the reader's
    language (:mod:`rules.wording`), made by :meth:`of`."""

    def __init__(self, message: str, said: Said | None = None) -> None:
        super().__init__(message)
        self.said = said

    @classmethod
    def of(cls, said: Said) -> IllegalMove:
        return cls(said.english(), said=said)



# --------------------------------------------------------------------- RNG


class Rng:
    """SplitMix64: a tiny seeded PRNG whose whole state is one integer.

    It lives in the game state (``to_json`` gives ``[state, draws]``), so a
    saved game continues with the same dice. ``draws`` counts calls; the
    table service uses it to mark random moves as undo barriers.
    """

    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0, draws: int = 0) -> None:
        self.state = seed & MASK64
        self.draws = draws

    def _next(self) -> int:
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling: no modulo bias). ``_next`` is
        written out here: every move of a random playout or a search draws through this."""
        if n == 1:   # one choice (most often: one seat to act): the draw is counted, its value unused
            self.draws += 1
            self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
            return 0
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _TWO64 - _TWO64 % n
        while True:
            self.draws += 1
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in ``[a, b]``, both included (like ``random.randint``)."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        return (self._next() >> 11) / float(1 << 53)

    def choice(self, seq):
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, in place: ``j = self.randbelow(i + 1)`` for i from the end, the draws
        written out (every game shuffles its decks when a playout starts)."""
        state, draws = self.state, self.draws
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                draws += 1
                z = state = (state + 0x9E3779B97F4A7C15) & MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state, self.draws = state, draws

    def roll(self, sides: int = 6) -> int:
        return self.randbelow(sides) + 1          # randint(1, sides), one call fewer

    def rolls(self, n: int, sides: int = 6) -> list[int]:
        """``n`` rolls of a die, ``[self.roll(sides) for _ in range(n)]``: the same draws, written
        out in one call (a search rolls dice by the thousand)."""
        if sides <= 0:
            raise ValueError("rolls needs sides > 0")
        limit = _TWO64 - _TWO64 % sides
        state, draws, out = self.state, self.draws + n, []
        for _ in range(n):
            while True:   # a draw at or past the limit is drawn again (and counted): almost never
                z = state = (state + 0x9E3779B97F4A7C15) & MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                z ^= z >> 31
                if z < limit:
                    break
                draws += 1
            out.append(z % sides + 1)
        self.state, self.draws = state, draws
        return out

    def to_json(self) -> list[int]:
        return [self.state, self.draws]

    @classmethod
    def from_json(cls, data) -> "Rng":
        return cls(int(data[0]), int(data[1]))


# ---------------------------------------------------------- values passed


class Move:
    """One legal move. ``notation`` is the canonical text a player types;
    ``parse(state, seat, move.notation)`` must give the same move back.
    ``label`` is a longer human description (autocomplete shows it).
    ``data`` is whatever the game needs to apply it (JSON-able, hashable).

    ``label`` may be a :class:`rules.wording.Said` (``said`` keeps it for the bot
    to translate; ``label`` is its English), or a callable taking no argument
    giving a text or a ``Said``: it is called on
    first read only, so a search that lists thousands of moves and reads no
    label pays nothing for them. A move is immutable, compared and hashed by
    ``(seat, notation, data)``: two moves with the same notation are the same
    move, whatever their labels say.
    """

    __slots__ = ("seat", "notation", "data", "_label")
    _label: str | Said | Callable[[], str | Said]

    if TYPE_CHECKING:   # the slots, read-only (a subclass may work them out from its own, as properties)
        @property
        def seat(self) -> int: ...
        @property
        def notation(self) -> str: ...
        @property
        def data(self) -> Any: ...

    def __init__(self, seat: int, notation: str, label: str | Said | Callable[[], str | Said] = "",
                 data: Any = None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "notation", notation)
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "_label", label)

    @property
    def label(self) -> str:
        label = self._resolved()
        return label.english() if isinstance(label, Said) else label

    @property
    def said(self) -> Said | None:
        """The label as a message key and parameters, when the game gave one."""
        label = self._resolved()
        return label if isinstance(label, Said) else None

    def _resolved(self) -> str | Said:
        label = self._label
        if callable(label):
            label = label()
            object.__setattr__(self, "_label", label)
        return label

    def __setattr__(self, name, value):
        raise AttributeError("Move is immutable")

    def __eq__(self, other) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.seat == other.seat and self.notation == other.notation and self.data == other.data

    def __hash__(self) -> int:
        return hash((self.seat, self.notation, self.data))

    def __repr__(self) -> str:
        return f"Move(seat={self.seat!r}, notation={self.notation!r}, label={self.label!r}, data={self.data!r})"

    def display(self) -> str:
        if self.label and self.label != self.notation:
            return f"{self.notation} — {self.label}"
        return self.notation


class Event:
    """Something that happened, for the channel message and the log.

    ``seat`` is the seat it is about (or None). An event with
    ``private_to`` set is shown only to that seat (for example "you drew
    tile 17"), never in the channel. ``reveal`` marks that hidden
    information became public: the move becomes an undo barrier.
    ``said`` is the event as a message key and parameters (see
    :mod:`rules.wording`); ``text`` is then its English, worked out on first
    read — a search applies thousands of moves and reads no event.
    :meth:`of` makes one. Treat it as immutable (nothing sets its fields after
    it is made; it is compared and hashed by all of them): plain slots, no
    guard on assignment, because a search makes events by the thousand and a
    guarded ``__setattr__`` tripled what one costs to make.
    """

    __slots__ = ("_text", "seat", "private_to", "reveal", "said")
    _text: str | None
    seat: int | None
    private_to: int | None
    reveal: bool
    said: Said | None

    def __init__(self, text: str | None = "", seat: int | None = None, private_to: int | None = None,
                 reveal: bool = False, said: Said | None = None) -> None:
        self._text = text
        self.seat = seat
        self.private_to = private_to
        self.reveal = reveal
        self.said = said

    @classmethod
    def of(cls, said: Said, seat: int | None = None, private_to: int | None = None, reveal: bool = False) -> Event:
        return cls(None, seat=seat, private_to=private_to, reveal=reveal, said=said)

    @property
    def text(self) -> str:
        text = self._text
        if text is None:   # made by `of`: its English, once
            text = self._text = self.said.english() if self.said is not None else ""
        return text

    def _fields(self) -> tuple:
        return (self.text, self.seat, self.private_to, self.reveal, self.said)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Event(text={self.text!r}, seat={self.seat!r}, private_to={self.private_to!r}, "
                f"reveal={self.reveal!r}, said={self.said!r})")

    def stored(self) -> str | dict:
        """How the log keeps it: the English text, with the key and parameters when it has them."""
        if self.said is None:
            return self.text
        return {"text": self.text, **self.said.to_json()}



class Result:
    """Final outcome. ``scores[seat]`` is the final score; ``ranks[seat]`` is
    1 for the winner(s); tied seats share a rank (shared victory).
    ``summary_said`` is the summary as message key and parameters
    (:mod:`rules.wording`); ``summary`` its English. Made by :meth:`of`, both
    are worked out on first read: a search ends thousands of games and reads
    no summary. Treat it as immutable; compared by all of its fields."""

    __slots__ = ("scores", "ranks", "_summary", "_said")
    scores: Sequence[float]
    ranks: list[int]
    _summary: str | None
    _said: Said | Callable[[], Said] | None

    def __init__(self, scores: Sequence[float], ranks: list[int], summary: str | None = "",
                 summary_said: Said | Callable[[], Said] | None = None) -> None:
        self.scores = scores
        self.ranks = ranks
        self._summary = summary
        self._said = summary_said

    @classmethod
    def of(cls, scores: Sequence[float], ranks: list[int], said: "Said | Callable[[], Said]") -> Result:
        """The result with its summary ``said``, or a callable giving it (called on first read)."""
        return cls(scores, ranks, None, said)

    @property
    def summary_said(self) -> Said | None:
        said = self._said
        if callable(said):
            said = self._said = said()
        return said

    @property
    def summary(self) -> str | None:
        if self._summary is None and self.summary_said is not None:
            self._summary = self.summary_said.english()
        return self._summary

    def _fields(self) -> tuple:
        return (self.scores, self.ranks, self.summary, self.summary_said)

    def __eq__(self, other) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Result(scores={self.scores!r}, ranks={self.ranks!r}, summary={self.summary!r}, "
                f"summary_said={self.summary_said!r})")

    @property
    def winners(self) -> list[int]:
        return [s for s, r in enumerate(self.ranks) if r == 1]

    def to_json(self) -> dict:
        data = {"scores": list(self.scores), "ranks": list(self.ranks), "summary": self.summary}
        if self.summary_said is not None:
            data["summary_said"] = self.summary_said.to_json()
        return data


def rank_by(keys: list[tuple]) -> list[int]:
    """Competition ranking (1, 2, 2, 4) from per-seat sort keys, higher is better.
    Seats with equal keys share a rank."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    ranks = [0] * len(keys)
    for pos, seat in enumerate(order):
        if pos and keys[seat] == keys[order[pos - 1]]:
            ranks[seat] = ranks[order[pos - 1]]
        else:
            ranks[seat] = pos + 1
    return ranks


@dataclass(frozen=True)
class Option:
    """A table option (variant) a game offers at ``/game new``. Its description is a
    phrase, ``<game>.option.<key>``, declared with the game (see ``Game.__init_subclass__``)
    and translated in the rules catalogue; ``description_fr`` is kept only as that
    entry's source."""

    key: str
    description: str
    choices: tuple[str, ...]
    default: str
    description_fr: str | None = None


# --------------------------------------------------------------- contract


def normalize_notation(text: str) -> str:
    """How typed text is compared with notations: case, spaces, dashes and
    Unicode look-alikes do not matter."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in text if ch.isalnum() or ch in "><+=:/.,#@")


def echo(text: str, limit: int = 40) -> str:
    """User text made safe to quote back: no control or bidi characters,
    no Discord markup or mentions, cut short."""
    clean = "".join(ch for ch in unicodedata.normalize("NFKC", text)
                    if unicodedata.category(ch)[0] != "C" and ch not in "`*_~|@<>\\")
    clean = " ".join(clean.split())
    return clean[:limit] + ("…" if len(clean) > limit else "")


Judge = Callable[[Any, int], float]   # (state, seat) -> 0..1: a level's own heuristic (AiTuning.judge)


@dataclass(frozen=True)
class AiTuning:
    """A game's own settings for the AI's search at one level, where the defaults were measured
    to play badly (``ai.search.Budget`` says what each does); a game sets them in its
    ``rules/<key>/ai_tuning.py`` (:meth:`Game.ai_tuning`), and the measurements are in
    bench/README.md. ``root_width``: search only that many of the seat's moves, the best by a
    one-move look-ahead (a wide root leaves each move about one rollout); ``rollout_depth``:
    shorter rollouts where random play decides results and the heuristic reads positions better;
    ``greedy`` (and ``greedy_sample``): rollout moves that are the best one move ahead, so that a
    rollout plays like the seats would; ``prior_visits``: every node's moves judged one move ahead
    before any is tried; ``exploration``: the UCB constant (smaller where rewards are heuristic
    values close to each other); ``iterations_scale``: the level's iterations times this (where a
    narrow root repays more); ``judge``: a heuristic ``(state, seat) -> 0..1`` this level reads
    instead of :meth:`Game.heuristic` (a level that judges positions better, not only longer).
    None: the level's default."""

    root_width: int | None = None
    rollout_depth: int | None = None
    prior_visits: float = 0.0
    exploration: float | None = None
    greedy: float = 0.0
    greedy_sample: int = 0
    iterations_scale: float = 1.0
    judge: Judge | None = None


class Game:
    """Base class of every game. Subclass it in ``rules/<key>/`` and register
    an instance in ``rules/registry.py``.

    A state is whatever the game likes (a dataclass, a dict); it must survive
    ``from_json(to_json(state))`` unchanged. The base ``apply`` clones the
    state and calls ``play`` on the copy, so ``play`` may mutate freely.
    """

    key: ClassVar[str]
    name: ClassVar[str]
    name_fr: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    schema_version: ClassVar[int] = 1
    rules_en: ClassVar[str] = ""     # the rules in one text (English); their pages: ``rules_pages``
    # How the rulebook picks the first player. "random": by chance, or by a fact the table
    # cannot know (the youngest, whoever last did X), so `/game start` without an order
    # shuffles the seats; "seated": the seating (join) order. ``first_player_rule`` says why,
    # in English and French, quoting the rulebook, for the start post.
    first_player: ClassVar[str] = "seated"
    first_player_rule: ClassVar[tuple[str, str]] = ("", "")
    # What ``public_scores`` count, for the pinned status line: "points", or "members" (clan
    # members on the map, as The First Sparks scores).
    score_unit: ClassVar[str] = "points"

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for opt in cls.__dict__.get("options", ()):    # the option texts, for the catalogue
            phrase(f"{cls.key}.option.{opt.key}", opt.description, "an option of /game new: what it changes")

    def option_said(self, opt: Option) -> Said:
        """An option's description, for the bot to word in the reader's language."""
        return Said(f"{self.key}.option.{opt.key}", {})

    # ---- seats and set-up

    def seat_count(self, players: int, options: dict[str, str]) -> int:
        """How many seats a table of ``players`` people has. A solo variant
        may give one person several seats (see ``seat_owners``)."""
        return players

    def seat_owners(self, players: int, options: dict[str, str]) -> list[int]:
        """For each seat, the index of the player (in seating order) who plays it."""
        return list(range(self.seat_count(players, options)))

    def seat_label(self, state, seat: int) -> str | Said | None:
        """A short public name for a seat (e.g. its species, a phrase the bot says in the table's
        language), used to tell apart the seats of one person in a solo variant."""
        return None

    def check_players(self, players: int, options: dict[str, str]) -> None:
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove.of(phrases.PLAYER_RANGE(low=self.min_players, high=self.max_players, given=players))

    def display_name(self, locale: str | None = None) -> str:
        """The game's name in the reader's language (French when it has one)."""
        return self.name_fr if self.name_fr and (locale or "").startswith("fr") else self.name

    def resolve_options(self, given: dict[str, str] | None) -> dict[str, str]:
        """Fill defaults and refuse unknown options or values, politely."""
        given = dict(given or {})
        out: dict[str, str] = {}
        known = {o.key: o for o in self.options}
        for key in given:
            if key not in known and known:
                raise IllegalMove.of(phrases.NO_SUCH_OPTION(typed=echo(str(key)), names=listing(list(known), "comma")))
            if key not in known:
                raise IllegalMove.of(phrases.NO_OPTIONS(typed=echo(str(key))))
        for opt in self.options:
            value = str(given.get(opt.key, opt.default)).strip().lower()
            if value not in opt.choices:
                raise IllegalMove.of(phrases.BAD_OPTION_VALUE(option=opt.key, choices=listing(list(opt.choices), "or")))
            out[opt.key] = value
        return out

    def options_for_players(self, players: int, options: dict[str, str]) -> dict[str, str]:
        """The options a table of ``players`` people plays with, from those chosen at
        ``/game new`` (a game whose variant follows from the head count, such as a
        solo mode, overrides this). Called at ``/game start``, before ``check_players``."""
        return options

    def setup(self, seats: int, seed: int, options: dict[str, str]) -> Any:
        raise NotImplementedError

    # ---- play

    def to_act(self, state) -> list[int]:
        """Seats that must act now (several where the rules act together);
        empty once the game is over."""
        raise NotImplementedError

    def legal_moves(self, state, seat: int) -> list[Move]:
        raise NotImplementedError

    def first_seat(self, state) -> int | None:
        """The seat the rulebook makes first player, where a game draws it itself and another seat
        acts first (The First Sparks: the first player's tile is laid for it); None: the first to act."""
        return None

    def parse(self, state, seat: int, text: str) -> Move:
        """Turn typed text into one of ``legal_moves``. The default matches
        normalised notations; override for richer grammars or better errors."""
        if seat not in self.to_act(state):
            raise IllegalMove.of(phrases.NOT_YOUR_TURN())
        wanted = normalize_notation(text)
        if not wanted:
            raise IllegalMove.of(phrases.TYPE_A_MOVE())
        moves = self.legal_moves(state, seat)
        for move in moves:
            if normalize_notation(move.notation) == wanted:
                return move
        sample = ", ".join(m.notation for m in moves[:6])
        more = "…" if len(moves) > 6 else ""
        raise IllegalMove.of(phrases.NOT_LEGAL(typed=echo(text), sample=sample + more))

    def apply(self, state, move: Move) -> tuple[Any, list[Event]]:
        """Pure: returns a new state and the events; ``state`` is untouched."""
        new = self.clone(state)
        events = self.play(new, move)
        return new, list(events or [])

    def play(self, state, move: Move) -> list[Event]:
        """Mutate ``state`` (a private copy) by ``move``; return events."""
        raise NotImplementedError

    def clone(self, state):
        return self.from_json(json.loads(json.dumps(self.to_json(state))))

    def rng_draws(self, state) -> int:
        """How many random numbers the state's RNG has drawn; the service
        compares it before and after a move to find random moves."""
        rng = getattr(state, "rng", None)
        if rng is None and isinstance(state, dict):
            rng = state.get("rng")
        if isinstance(rng, Rng):
            return rng.draws
        if isinstance(rng, (list, tuple)) and len(rng) == 2:
            return int(rng[1])
        return 0

    def log_text(self, state, move: Move) -> str:
        """The move as the public log (``/log``) shows it, from the state it
        is played in. A sealed decision (a bid made while others still
        decide) must show none of its content; the notation itself stays in
        the stored log for replays."""
        return move.notation

    def answer_hours(self, state) -> float | None:
        """Hours the acting seats have to answer another seat's proposal
        before the table answers for them with ``default_move`` (a refusal),
        whatever the game's own deadline; None when the state waits for no
        answer. A proposal must not hold a game up forever."""
        return None

    def default_move(self, state, seat: int, rng: Rng) -> Move:
        """The move the table makes for an absent or resigned seat: by
        default a random legal one, drawn from ``rng`` (which the service
        seeds from the game, so replays repeat it). Games may choose better."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove.of(phrases.NO_LEGAL_MOVE())
        return moves[rng.randbelow(len(moves))]

    # ---- the move picker (rules/picker.py): every move by taps, seen before it counts

    def move_path(self, state, move: Move) -> Iterable[Step]:
        """The taps that lead to ``move`` in the picker, first to last: each a
        :class:`rules.picker.Step` (the question, the option's key, its label). Moves that
        share a first tap share its key (Clans: ``from 17``, then ``to 18``). The default
        is one tap per move, which suits a decision among a few moves; a game whose turns
        offer dozens of moves overrides it so that no question has more options than a
        player can read on a phone (25 fit one menu; the bot pages past that)."""
        return (Step(phrases.PICK_MOVE(), move.notation, move.said or move.label or move.notation),)

    def preview(self, state, move: Move, seat: int) -> Preview:
        """What the picker shows before ``move`` counts, from ``seat``'s side: the state
        after the move and its events. A move that draws at random or reveals hidden
        information is not played ahead (the preview would tell the presser what the draw
        brings and let them change their mind): the default then shows the position before
        it, with a note; a game overrides this to show the part that is known (Carcassonne:
        the tile placed, not the next tile drawn). Never show what ``seat`` may not see:
        twin states that differ only in hidden information must give the same preview."""
        after, events = self.apply(state, move)
        if self.rng_draws(after) != self.rng_draws(state) or any(e.reveal for e in events):
            return Preview(state, [], partial=True, note=phrases.PREVIEW_HIDDEN())
        return Preview(after, [e for e in events if e.private_to in (None, seat)])

    def may_autoplay(self, state, move: Move) -> bool:
        """Whether the table may play ``move`` by itself when it is the seat's only legal
        move (a forced decision). False where that the choice was forced would tell the
        other players something the rules hide (e.g. that a secret hand holds no card of
        some kind): the seat is then asked as usual."""
        return True

    # ---- what an AI seat may know (the ai/ package searches over these)

    def determinize(self, state, seat: int, rng: Rng):
        """A copy of ``state`` in which everything ``seat`` may not see is drawn
        again from ``rng``, consistently with what it sees: other seats' hands
        and secrets, deck and stack order, face-down tiles, sealed bids — and
        the state's own dice, re-seeded (:func:`reseed`), so that no future roll
        or draw is known. Two states that differ only in what ``seat`` cannot see
        must give the same result for the same ``rng``. A game without it has no
        AI players (the table then plays absent seats by ``default_move``)."""
        raise NotImplementedError(f"{self.key} has no determinize yet")

    def ai_tuning(self, level: str) -> AiTuning:
        """The AI's search settings at ``level``: ``TUNING[level]`` of the game package's
        ``ai_tuning`` module (a level it does not name plays as ``normal``), else the defaults.
        Read on first use, like the games themselves (``rules.registry``)."""
        module = self._ai_tuning_module()
        if module is None:
            return AiTuning()
        tuning: dict[str, AiTuning] = module.TUNING
        return tuning.get(level) or tuning.get("normal") or AiTuning()

    def ai_level_unproven(self, level: str) -> bool:
        """Whether games have not yet shown ``level`` stronger than the level below it here
        (``UNPROVEN`` of the game's ``ai_tuning`` module): the bot tells a player who seats one,
        rather than let the level's name promise what it does not give (issue 29)."""
        module = self._ai_tuning_module()
        return module is not None and level in getattr(module, "UNPROVEN", ())

    def _ai_tuning_module(self) -> ModuleType | None:
        package = sys.modules[type(self).__module__].__package__ or ""
        name = f"{package}.ai_tuning"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return None

    @property
    def has_ai(self) -> bool:
        """Whether AI players can sit at this game (it can hide from them what they may not see)."""
        return type(self).determinize is not Game.determinize

    def heuristic(self, state, seat: int) -> float:
        """How well ``seat`` stands, from 0 (worst) to 1 (best), judged from what
        that seat may see; a search uses it where it stops short of the end.
        The default compares public scores; games give a better judgement."""
        scores = self.public_scores(state)
        if not scores or seat >= len(scores):
            return 0.5
        low, high = min(scores), max(scores)
        return 0.5 if high == low else (scores[seat] - low) / (high - low)

    # ---- what people see

    def view(self, state, seat: int | None) -> dict:
        """JSON-able picture of the state for ``seat`` (None: spectators and
        the channel image). Must hold nothing that seat may not see."""
        raise NotImplementedError

    def private_said(self, state, seat: int) -> list[Said] | None:
        """What ``/hand`` tells this seat, privately: one phrase a line (``rules.wording``), which the
        bot words in the reader's language. None: the game words it itself in ``private_text``."""
        if type(self).private_text is not Game.private_text:
            return None            # a game whose texts are not message keys yet words /hand itself
        return [phrases.NO_PRIVATE()]

    def status_said(self, state) -> list[Said] | None:
        """The public status, a line or two (phase, scores; nothing hidden), as phrases (see
        ``private_said``). None: the game words it itself in ``status_text``."""
        return None

    def private_text(self, state, seat: int, locale: str | None = None) -> str:
        """``/hand`` in English (logs, tests); the bot words ``private_said`` in the reader's language."""
        return "\n".join(s.english() for s in self.private_said(state, seat) or ())

    def status_text(self, state, locale: str | None = None) -> str:
        """The status in English (see ``private_text``)."""
        said = self.status_said(state)
        return "" if said is None else "\n".join(s.english() for s in said)

    def public_scores(self, state) -> Sequence[float] | None:
        return None

    def result(self, state) -> Result | None:
        raise NotImplementedError

    # ---- storage

    def to_json(self, state) -> dict:
        raise NotImplementedError

    def from_json(self, data: dict) -> Any:
        raise NotImplementedError

    def dump(self, state) -> str:
        """The stored text of a state, with its schema version."""
        return json.dumps({"schema": self.schema_version, "state": self.to_json(state)},
                          separators=(",", ":"), sort_keys=True)

    def load(self, text: str):
        data = json.loads(text)
        schema = data.get("schema", 1)
        if schema > self.schema_version:
            raise ValueError(f"{self.key}: stored schema {schema} is newer than this code ({self.schema_version})")
        return self.from_json(self.upgrade(schema, data["state"]))

    def upgrade(self, schema: int, data: dict) -> dict:
        """Bring JSON of an older schema up to date (override when the state changes)."""
        return data

    def rules_text(self) -> str:
        """The rules in one English text (the bot reads ``rules_pages``, in the reader's language)."""
        return self.rules_en

    def rules_pages(self) -> list[tuple[str, Said | str, Said | str]]:
        """``/rules`` as pages: (topic, title — empty for the shared topic's title, text), topics
        the same in every language — ideally overview, turn, scoring, notation. Declare them with
        :func:`declare_pages`: titles and texts are phrases, translated in the catalogues like every
        other text. None: the bot splits ``rules_text`` by its headings."""
        return []


def declare_pages(key: str, pages: Iterable[tuple[str, str, str]]) -> list[tuple[str, Said | str, Said | str]]:
    """A game's ``/rules`` pages, (topic, English title or "" for the shared one, English text),
    declared as phrases ``<key>.rules.<topic>`` (and ``….title``): the catalogue's template picks
    them up; their French is in rules.po."""
    note = "a /rules page: keep its **headings** and `notation` as they are"
    return [(topic, phrase(f"{key}.rules.{topic}.title", title)() if title else "",
             phrase(f"{key}.rules.{topic}", text, note)()) for topic, title, text in pages]


def reseed(state, rng: Rng) -> None:
    """Give ``state`` fresh dice drawn from ``rng`` (its draw count kept), whether
    the state keeps its Rng as an attribute or as a ``"rng"`` entry."""
    fresh = rng.randbelow(1 << 63)
    holder = getattr(state, "rng", None)
    if isinstance(holder, Rng):
        state.rng = Rng(fresh, holder.draws)        # a new object: the original state keeps its own
    elif isinstance(state, dict) and isinstance(state.get("rng"), Rng):
        state["rng"] = Rng(fresh, state["rng"].draws)
    elif isinstance(state, dict) and isinstance(state.get("rng"), (list, tuple)):
        state["rng"] = [fresh, int(state["rng"][1])]


# ------------------------------------------------------------ playouts


@dataclass
class Playout:
    state: Any
    moves: list[Move] = field(default_factory=list)
    finished: bool = False


def random_playout(game: Game, players: int, seed: int, options: dict | None = None,
                   max_moves: int = 20000, check: "Iterable | None" = None) -> Playout:
    """Play a whole game by uniformly random legal moves. The choices come
    from a separate RNG (seeded from ``seed``), never from the game's own.
    ``check(state)`` callables run after every move (invariants)."""
    opts = game.resolve_options(options)
    state = game.setup(game.seat_count(players, opts), seed, opts)
    chooser = Rng(seed ^ 0x5EED)
    out = Playout(state)
    checks = list(check or [])
    # the loop a search runs, once per move: the methods are looked up once, not on every move
    to_act, legal_moves, apply, below, played = game.to_act, game.legal_moves, game.apply, chooser.randbelow, \
        out.moves.append
    for _ in range(max_moves):
        acting = to_act(state)
        if not acting:
            out.finished = game.result(state) is not None
            break
        seat = acting[below(len(acting))]
        moves = legal_moves(state, seat)
        if not moves:
            raise AssertionError(f"{game.key}: seat {seat} must act but has no legal move")
        move = moves[below(len(moves))]
        state, _events = apply(state, move)
        played(move)
        for fn in checks:
            fn(state)
    out.state = state
    return out
