"""Secrets: over random playouts of every registered game, two states that
differ only in what the rules hide (secret colours, hands, deck order,
face-down tiles, hidden food, sealed bids, the dice to come) must give the
same public outputs: the channel view (the board image's input), status
line, scores, whose turn, the public events of a move that reveals nothing
(the log lines) and the refusal a seat gets for a bad move.

Each game's hidden parts come from its own module (see ``HIDERS``): a
hider returns the state's JSON with the hidden information redrawn,
keeping what seat ``keep`` knows. A new game must add its hider here; the
test fails for a registered game without one."""

from __future__ import annotations

import copy
import json

import pytest

from rules import registry
from rules.core import IllegalMove, Rng

MASK = (1 << 64) - 1


def _rng(d: dict, r: Rng) -> None:
    """The dice to come are hidden from everyone."""
    if isinstance(d.get("rng"), list):
        d["rng"] = [(d["rng"][0] ^ (r.randbelow(1 << 62) | 1)) & MASK, d["rng"][1]]


def _shuffled(items: list, r: Rng) -> list:
    out = list(items)
    r.shuffle(out)
    return out


def hide_clans(d, r, keep):
    if d["end"]:
        return d
    colours = [c for c in range(5) if keep is None or c != d["clans"][keep]]
    r.shuffle(colours)
    d["clans"] = [d["clans"][s] if s == keep else colours.pop() for s in range(len(d["clans"]))]
    return d


def hide_carcassonne(d, r, keep):
    d["land"] = _shuffled(d["land"], r)
    d["bonus"] = _shuffled(d["bonus"], r)
    return d


def hide_fire_and_stone(d, r, keep):
    if d["over"]:
        return d
    from rules.fire_and_stone.data import OBJECTIVES
    down = [k for k in d["tile"] if int(k) not in d["up"]]
    kinds = _shuffled([d["tile"][k] for k in down], r)
    d["tile"].update(zip(down, kinds))
    for region, stacks in d["stacks"].items():
        flat = _shuffled([t for s in stacks for t in s], r)
        d["stacks"][region] = [[flat.pop() for _ in s] for s in stacks]
    d["inv_deck"] = _shuffled(d["inv_deck"], r)
    if not d["cave_up"]:      # the cave card lies face down until someone explores it
        from rules.fire_and_stone.data import CAVES
        caves = sorted(c for c in CAVES if d["opts"]["cave"] == "any" or CAVES[c]["beginner"])
        d["cave"] = caves[r.randbelow(len(caves))]
    head = d["pending"][0] if d["pending"] else None
    looking = str(head["t"]) if head and head.get("k") == "forest" and head.get("s") == keep else None
    # game tiles nobody but their holder has seen: forests and the other tribes' tiles, redistributed
    slots = [("f", k) for k in d["forest"] if k != looking] + \
            [("p", s) for s in range(d["n"]) if s != keep and not (head and head.get("k") == "cook"
                                                                    and head.get("s") == s)]
    pool = [g for kind, k in slots for g in (d["forest"][k] if kind == "f" else d["p"][k]["game"])]
    r.shuffle(pool)
    for kind, k in slots:
        target = d["forest"][k] if kind == "f" else d["p"][k]["game"]
        target[:] = [pool.pop() for _ in target]
    objectives = sorted(OBJECTIVES)
    for s, p in enumerate(d["p"]):
        if s != keep:
            p["obj"] = objectives[r.randbelow(len(objectives))]
    return d


def hide_first_sparks(d, r, keep):
    if d["phase"] == "over":
        return d
    shown = 1 if d["phase"] == "build" else 0
    d["pile"] = d["pile"][:shown] + _shuffled(d["pile"][shown:], r)
    d["deck"] = _shuffled(d["deck"], r)
    from rules.first_sparks.queries import kind
    for s in range(d["n"]):
        if s != keep and any(kind(c) == "fire" for c in d["cards"][s]):
            d["food"][s] += 1 + r.randbelow(3)
    return d


def hide_neanderthal(d, r, keep):
    d["events"] = _shuffled(d["events"], r)
    d["unused"] = _shuffled(d["unused"], r)
    for region in ("N", "S"):
        iced = [i for i, c in enumerate(d["rows"][region]) if c is not None and c[1]]
        pool = _shuffled(d["decks"][region] + [d["rows"][region][i][0] for i in iced], r)
        for i in iced:
            d["rows"][region][i] = [pool.pop(), True]
        d["decks"][region] = pool
    # hands of equal size held by other seats may be any of each other's
    sizes: dict[int, list[int]] = {}
    for s, p in enumerate(d["pl"]):
        if s != keep:
            sizes.setdefault(len(p["hand"]), []).append(s)
    for group in sizes.values():
        hands = _shuffled([d["pl"][s]["hand"] for s in group], r)
        for s, hand in zip(group, hands):
            d["pl"][s]["hand"] = hand
    others = [s for s in d["bids"] if int(s) != keep]
    bids = _shuffled([d["bids"][s] for s in others], r)
    d["bids"].update(zip(others, bids))
    return d


def hide_pebbles(d, r, keep):
    d["secret"] = [v if s == keep else 100 + r.randbelow(900) for s, v in enumerate(d["secret"])]
    return d


HIDERS = {"clans": hide_clans, "carcassonne_hg": hide_carcassonne, "fire_and_stone": hide_fire_and_stone,
          "first_sparks": hide_first_sparks, "neanderthal": hide_neanderthal, "pebbles": hide_pebbles}

GARBAGE = ["zzz", "", "take 99", "1>2", "N9x9", "ask A N1", "pass pass", "g9"]


def twin(game, state, keep, r: Rng):
    d = copy.deepcopy(json.loads(json.dumps(game.to_json(state))))
    _rng(d, r)
    d = HIDERS[game.key](d, r, keep)
    return game.from_json(d)


def public(game, state) -> dict:
    return {"view": json.dumps(game.view(state, None), sort_keys=True, default=str),
            "status": game.status_text(state), "status_fr": game.status_text(state, "fr"),
            "scores": game.public_scores(state), "to_act": game.to_act(state)}


def refusal(game, state, seat, text):
    try:
        game.parse(state, seat, text)
    except IllegalMove as exc:
        return str(exc), exc.said.to_json() if exc.said is not None else None
    except Exception as exc:  # noqa: BLE001 - an exception text is an error message too
        return f"{type(exc).__name__}: {exc}"
    return "accepted"


def public_events(game, state, move):
    draws = game.rng_draws(state)
    new, events = game.apply(state, move)
    reveal = any(e.reveal for e in events) or game.rng_draws(new) != draws
    return new, reveal, [(e.text, e.said.to_json() if e.said is not None else None) for e in events
                         if e.private_to is None]


def check_state(game, state, r: Rng, problems: list[str], where: str) -> None:
    base = public(game, state)
    n = _seats(game, state)
    for keep in [None, *range(n)]:
        other = twin(game, state, keep, r)
        got = public(game, other)
        for key in base:
            if got[key] != base[key]:
                problems.append(f"{where}: public {key} depends on hidden information "
                                f"(keep={keep}): {_diff(base[key], got[key])}")
        if keep is None:
            continue
        # what seat `keep` is told: /hand, its refusals and its legal moves (autocomplete)
        for loc in (None, "fr"):
            mine, twin_mine = game.private_text(state, keep, loc), game.private_text(other, keep, loc)
            if mine != twin_mine:
                problems.append(f"{where}: /hand of seat {keep} depends on others' secrets: {_diff(mine, twin_mine)}")
        for text in GARBAGE:
            a, b = refusal(game, state, keep, text), refusal(game, other, keep, text)
            if a != b:
                problems.append(f"{where}: refusal of {text!r} to seat {keep} depends on others' secrets: "
                                f"{a!r} vs {b!r}")
        if keep in base["to_act"]:
            moves = game.legal_moves(state, keep)
            if [m.notation for m in moves] != [m.notation for m in game.legal_moves(other, keep)]:
                problems.append(f"{where}: seat {keep}'s legal moves depend on others' secrets")
                continue
            # a move that reveals nothing must tell the channel the same in both worlds
            for move in moves[:: max(1, len(moves) // 3)][:3]:
                new_a, reveal_a, ev_a = public_events(game, state, move)
                try:
                    new_b, reveal_b, ev_b = public_events(game, other, game.parse(other, keep, move.notation))
                except Exception:  # noqa: BLE001 - the redrawn world may not allow it; nothing to compare
                    continue
                if reveal_a or reveal_b:
                    continue
                if not game.to_act(new_a) or not game.to_act(new_b):
                    continue      # the game ends: everything is shown (and nothing can be undone)
                if ev_a != ev_b:
                    problems.append(f"{where}: move {move.notation!r} (not marked as revealing) tells the channel "
                                    f"hidden information: {_diff(ev_a, ev_b)}")
                elif public(game, new_a) != public(game, new_b):
                    problems.append(f"{where}: after {move.notation!r} (not marked as revealing) the public view "
                                    f"shows hidden information: {_diff(public(game, new_a), public(game, new_b))}")


def _seats(game, state) -> int:
    d = game.to_json(state)
    for key in ("n", "seats"):
        if isinstance(d.get(key), int):
            return d[key]
    for key in ("taken", "sp", "clans", "p"):
        if isinstance(d.get(key), list):
            return len(d[key])
    return len(game.view(state, None).get("players", [])) or 1


def _diff(a, b) -> str:
    a, b = str(a), str(b)
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    return f"…{a[max(0, i - 60):i + 60]!r} vs …{b[max(0, i - 60):i + 60]!r}"


def test_every_registered_game_has_a_hider():
    assert set(registry.keys()) <= set(HIDERS), "add a hider for the new game in tests/reliability/test_secrets.py"


@pytest.mark.parametrize("key", ["clans", "carcassonne_hg", "fire_and_stone", "first_sparks", "neanderthal",
                                 "pebbles"])
def test_public_outputs_do_not_depend_on_hidden_information(key, seeds):
    game = registry.get(key)
    problems: list[str] = []
    counts = sorted({game.min_players, game.max_players, min(game.max_players, 3)})
    for players in counts:
        for seed in seeds:
            opts = game.resolve_options({})
            state = game.setup(game.seat_count(players, opts), seed, opts)
            chooser = Rng(seed * 7919 + players)
            r = Rng(seed ^ 0xC0FFEE)
            step = 0
            while game.to_act(state) and step < 400:
                if step % 5 == 0 or step < 3:
                    check_state(game, state, r, problems, f"{key} {players}p seed {seed} move {step}")
                    if len(problems) > 8:
                        break
                acting = game.to_act(state)
                seat = acting[chooser.randbelow(len(acting))]
                moves = game.legal_moves(state, seat)
                state, _ = game.apply(state, moves[chooser.randbelow(len(moves))])
                step += 1
    assert not problems, "\n".join(problems[:8])


def test_the_check_sees_a_leak(monkeypatch):
    """The property can fail: a Pebbles whose channel view shows the secrets,
    and one whose refusal names another seat's secret, are both caught."""
    game = registry.get("pebbles")
    state = game.setup(2, 1, {})
    problems: list[str] = []
    monkeypatch.setattr(type(game), "view", lambda self, s, seat: {"pile": s.pile, "secret": s.secret})
    check_state(game, state, Rng(1), problems, "leaky view")
    assert any("public view depends" in p for p in problems)
    monkeypatch.undo()
    problems.clear()

    def parse(self, s, seat, text):
        raise IllegalMove(f"No. (psst: seat 1 holds {s.secret[1]})")
    monkeypatch.setattr(type(game), "parse", parse)
    check_state(game, state, Rng(1), problems, "leaky refusal")
    assert any("refusal" in p for p in problems)


def _outcome(game, state, move):
    new, reveal, events = public_events(game, state, move)
    return reveal, events, public(game, new)


@pytest.mark.parametrize("key", ["clans", "carcassonne_hg", "fire_and_stone", "first_sparks", "neanderthal"])
def test_sealed_decisions_stay_sealed_in_the_log(key, seeds):
    """A decision taken while others still decide (several seats to act),
    whose content the channel cannot see (same public view and events
    whichever move was chosen), must not appear in /log either: the log
    shows ``game.log_text(state, move)``, not the raw notation."""
    game = registry.get(key)
    problems, sealed = [], 0
    for seed in seeds:
        players = min(game.max_players, 3)
        opts = game.resolve_options({})
        state = game.setup(game.seat_count(players, opts), seed, opts)
        chooser = Rng(seed * 31 + 7)
        for step in range(1500):
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[chooser.randbelow(len(acting))]
            moves = game.legal_moves(state, seat)
            if len(acting) > 1 and len(moves) > 1:
                seen: dict[str, tuple[str, str]] = {}
                for move in moves[:12]:
                    reveal, events, after = _outcome(game, state, move)
                    if reveal:
                        continue
                    key_ = json.dumps([events, after], sort_keys=True, default=str)
                    text = game.log_text(state, move)
                    if key_ in seen and seen[key_][1] != text:
                        problems.append(f"{key} seed {seed} move {step}: {seen[key_][0]!r} and {move.notation!r} "
                                        f"look the same to the channel but the log shows {seen[key_][1]!r} vs "
                                        f"{text!r}")
                    seen.setdefault(key_, (move.notation, text))
                sealed += 1
            state, _ = game.apply(state, moves[chooser.randbelow(len(moves))])
            if len(problems) > 5:
                break
    assert not problems, "\n".join(problems[:5])


async def test_the_log_command_shows_log_text(store, clock, monkeypatch):
    """The table service writes the game's log text, not the notation, in /log
    (the notation stays in the log for replays)."""
    from bot.table import TableService
    from tests.reliability.conftest import ANN, BOB, HERE, started
    game = registry.get("pebbles")
    monkeypatch.setattr(type(game), "log_text", lambda self, state, move: "(sealed)", raising=False)
    service = TableService(store, clock, render_images=False)
    await started(service, (ANN, BOB))
    await service.move(HERE, ANN, "take 2")
    log = await service.log(HERE, BOB)
    assert "(sealed)" in log.text and "take 2" not in log.text
    assert [e.text for e in await store.log((await store.latest_game_in(HERE.channel_id)).id)] == ["take 2"]
