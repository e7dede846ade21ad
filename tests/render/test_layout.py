"""Nothing hides anything, on a phone: renders many random positions of every
game (random playouts, positions sampled along them) and fails on a piece
covering a label or another piece, on text outside its image or box, on a
character the font cannot draw, and on a main label (numbers, counts,
scores, whose turn) under 7 px once the image is shown 400 px wide: its font
size, and for the games in ``CAPITALS_7PX`` the height of its digits and
capitals themselves.

``--seeds N`` renders more positions (N playouts per player count)."""

from __future__ import annotations

import importlib

import pytest

import render
from bot.table.i18n import event_text, sayer
from render import kit
from rules.core import Rng

NAMES = ["Ana", "Bo", "Cyrille", "Dee", "Evangeline", "Fynn"]
GAMES = {"clans": (2, 4), "carcassonne_hg": (2, 5), "first_sparks": (2, 6), "fire_and_stone": (2, 4),
         "neanderthal": (1, 3)}
PER_PLAYOUT = 16    # positions drawn along each playout
# Games whose main labels are held to 7 px tall digits and capitals at 400 px
# wide (``kit.phone_size``), not only to a 7 px font size (digits 5 px tall).
CAPITALS_7PX = {"clans", "first_sparks", "neanderthal"}


def problems(img, phone: bool = True, capitals: bool = False) -> list[str]:
    """Every way the image breaks the rules of the kit, as readable lines.
    ``phone``: the image a turn post shows, held to 7 px main labels at 400 px
    wide (a game's whole board is exempt when the game draws a focused turn
    image instead: Carcassonne, Fire & Stone, Neanderthal). ``capitals``: the digits and
    capitals of main labels, not only their font size, are 7 px tall there."""
    found = kit.marks(img)
    out = []
    labels = [m for m in found if m.kind in ("label", "piece-label")]
    pieces = [m for m in found if m.kind == "piece"]
    for m in labels:
        missing = kit.missing_glyphs(m.text)
        if missing:
            out.append(f"no glyph for {sorted(missing)!r} in {m.text!r}")
        x0, y0, x1, y1 = m.box
        if m.clipped or x0 < -1 or y0 < -1 or x1 > img.width + 1 or y1 > img.height + 1:
            out.append(f"text outside its box: {m.text!r} at {tuple(round(v) for v in m.box)}")
        if phone and m.main and m.size * kit.PHONE_WIDTH / img.width < kit.PHONE_MIN_PX:
            out.append(f"main label {m.text!r} is {m.size * 400 / img.width:.1f} px at 400 px wide")
        elif phone and capitals and m.main and kit.shown_height(m.size, img.width) < kit.PHONE_MIN_PX - 0.05:
            out.append(f"main label {m.text!r}: digits {kit.shown_height(m.size, img.width):.1f} px tall "
                       f"at 400 px wide")
    plain = [m for m in labels if m.kind == "label"]
    for p, q in pairs(pieces, pieces):
        out.append(f"two pieces overlap at {tuple(round(v) for v in p.box)} / {tuple(round(v) for v in q.box)}")
    for p, m in pairs(pieces, plain):
        out.append(f"a piece at {tuple(round(v) for v in p.box)} covers {m.text!r}")
    for a, b in pairs(plain, plain):
        out.append(f"labels {a.text!r} and {b.text!r} overlap")
    return out


def pairs(first, second, slack: float = 1.5):
    """Overlapping (a, b) pairs, a from ``first`` and b from ``second`` (each
    pair once when both lists are the same), by a sweep along x."""
    same = first is second
    events = sorted([(m.box[0], 0, i) for i, m in enumerate(first)] +
                    ([] if same else [(m.box[0], 1, i) for i, m in enumerate(second)]))
    active: list[tuple[int, int]] = []
    for x, side, i in events:
        mark = (first if side == 0 else second)[i]
        active = [(s, j) for s, j in active if (first if s == 0 else second)[j].box[2] - slack > x]
        for s, j in active:
            other = (first if s == 0 else second)[j]
            if not same and s == side:
                continue
            if kit.overlaps(mark.box, other.box, slack):
                yield (other, mark) if side == 1 or same else (mark, other)
        active.append((side, i))


def positions(key: str, seeds: list[int], lang: str | None = None, counts: range | None = None):
    """(view, table) of positions sampled along random playouts, at every player count (or
    ``counts``); ``lang``: the table reads that language (its events and the board's words)."""
    game = importlib.import_module(f"rules.{key}").GAME
    low, high = GAMES[key]
    say = sayer(lang) if lang else None
    for players in counts or range(low, high + 1):
        for seed in seeds:
            opts = game.resolve_options({"mode": "solo"} if key == "neanderthal" and players == 1 else {})
            state = game.setup(game.seat_count(players, opts), seed, opts)
            chooser = Rng(seed * 7919 + players)
            history = []
            events = []
            while True:
                acting = game.to_act(state)
                history.append((len(history), state, acting,
                                [event_text(lang, e) if lang else e.text for e in events if e.private_to is None]))
                if not acting or len(history) > 3000:
                    break
                seat = acting[chooser.randbelow(len(acting))]
                moves = game.legal_moves(state, seat)
                state, events = game.apply(state, moves[chooser.randbelow(len(moves))])
            step = max(1, len(history) // PER_PLAYOUT)
            picks = history[::step][:PER_PLAYOUT - 1] + [history[-1]]
            names = NAMES[:game.seat_count(players, opts)]
            result = game.result(history[-1][1])
            for index, st, acting, evs in picks:
                finished = not acting
                table = kit.Table(names=names, to_act=acting, title=game.display_name(), last_events=evs,
                                  finished=finished, ranks=result.ranks if finished and result else None,
                                  say=say)
                yield f"{key} {players}p seed {seed} move {index}", game.view(st, None), table


@pytest.mark.parametrize("key", sorted(GAMES))
def test_nothing_hides_anything(key, seeds):
    failures = []
    for where, view, table in positions(key, seeds[:max(1, len(seeds) - 2)]):   # default: one playout a count
        for name, img in render.images_for_checks(key, view, table):
            for line in problems(img, phone=name == "focus" or not render.has_focus(key),
                                 capitals=key in CAPITALS_7PX):
                failures.append(f"{where} ({name}): {line}")
    assert not failures, f"{len(failures)} problems, first ones:\n" + "\n".join(failures[:25])


@pytest.mark.parametrize("key", sorted(GAMES))
def test_nothing_hides_anything_in_french(key, seeds):
    """French words run longer than English ones: the same checks on a French table, at the
    largest player count (the most names, rows and pieces)."""
    failures = []
    high = GAMES[key][1]
    for where, view, table in positions(key, seeds[:1], "fr", range(high, high + 1)):
        for name, img in render.images_for_checks(key, view, table):
            for line in problems(img, phone=name == "focus" or not render.has_focus(key),
                                 capitals=key in CAPITALS_7PX):
                failures.append(f"{where} fr ({name}): {line}")
    assert not failures, f"{len(failures)} problems, first ones:\n" + "\n".join(failures[:25])


def test_the_checker_fails_on_what_it_should():
    """A deliberately bad image: each rule of the check catches its case."""
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (1200, 300))
    d = ImageDraw.Draw(img)
    kit.text(d, (10, 10), "12", size=20, main=True)              # 20 px at 1200 wide: under 7 at 400
    kit.badge(d, 0, 18, 20, 12)                                   # covers the "12"
    kit.text(d, (1180, 200), "cut off", size=30)                  # runs off the right edge
    kit.text(d, (300, 100), "box \ue000", size=30)                # a private-use character: no glyph
    found = "\n".join(problems(img))
    assert "main label '12'" in found and "covers '12'" in found
    assert "text outside its box: 'cut off'" in found and "no glyph" in found


def test_an_en_dash_and_other_drawn_signs_have_glyphs():
    for ch in "–—·×→←↑↓▶★✓…éèàçœ€°±≤≥":
        assert kit.has_glyph(ch), ch
    assert not kit.has_glyph("\ue000")


def test_the_height_check_fails_on_a_font_size_of_7_px_only():
    """A 7 px font size has digits 5 px tall: the capitals check catches it,
    and ``kit.phone_size`` is the size that passes."""
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (900, 200))
    d = ImageDraw.Draw(img)
    kit.text(d, (10, 10), "12", size=kit.main_size(900), main=True)
    kit.text(d, (200, 10), "34", size=kit.phone_size(900), main=True)
    assert problems(img) == []
    found = problems(img, capitals=True)
    assert len(found) == 1 and "'12'" in found[0]
