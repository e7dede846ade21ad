"""Games of The First Sparks recorded by the code of 2026-11-28, before it moved onto the rules kit
(issue 28): the same moves must still give the same game — the same legal moves, the same dice drawn,
the same events in the same order, the same stored states — and the AI seats must still see it the
same (the same heuristic values, the same determinized copies).

``saved/first_sparks_before_kit.json`` holds, per game, the moves played (mostly the heuristic's
favourite, some random ones from a seeded chooser), a short digest of each step (``rules``: what the
rules did; ``ai``: what the AI read) and the stored state at the end. Regenerate it only on purpose: ``python -m tests.rules.test_first_sparks_saved``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from rules.core import Rng
from rules.first_sparks import GAME
from rules.wording import Said

SAVED_PATH = Path(__file__).parent / "saved" / "first_sparks_before_kit.json"
GAMES = [(2, 1, "build"), (3, 2, "build"), (4, 3, "build"), (5, 4, "layout"), (6, 5, "build"), (2, 6, "layout"),
         (4, 7, "layout"), (3, 8, "build"), (6, 9, "layout"), (5, 10, "build")]


def _words(value):
    return value.to_json() if isinstance(value, Said) else repr(value)


def _digest(value) -> str:
    return hashlib.blake2b(json.dumps(value, default=_words, sort_keys=True).encode(), digest_size=6).hexdigest()


def rules_step(state, seat: int, move, events) -> str:
    """What the rules did on this step: the move's legal neighbours, its dice, its events in order."""
    return _digest([seat, move.notation, [m.notation for m in GAME.legal_moves(state, seat)], state.rng.draws,
                    [[e.said, e.seat, e.private_to, e.reveal] for e in events]])


def ai_step(state, step: int) -> str:
    """What the AI reads of the position: every seat's heuristic, and each acting seat's determinized copy."""
    values = [repr(GAME.heuristic(state, s)) for s in range(state.n)]
    copies = [GAME.dump(GAME.determinize(state, s, Rng(step))) for s in GAME.to_act(state)]
    return _digest([values, copies])


def play(players: int, seed: int, layout: str, moves=None):
    """Play the game (``moves``: the recorded ones, else random ones); returns the record."""
    opts = GAME.resolve_options({"map": layout})
    state = GAME.setup(players, seed, opts)
    chooser = Rng(seed ^ 0x5A7ED)
    played, rules, ai = [], [], []
    step = 0
    while GAME.to_act(state):
        ai.append(ai_step(state, step))
        if moves is None:
            acting = GAME.to_act(state)
            seat = acting[chooser.randbelow(len(acting))]
            legal = GAME.legal_moves(state, seat)
            if chooser.randbelow(5):        # mostly the move the heuristic likes best: games that go far
                move = max(legal, key=lambda m: GAME.heuristic(GAME.apply(state, m)[0], seat))
            else:
                move = legal[chooser.randbelow(len(legal))]
        else:
            if step >= len(moves):
                break
            seat, notation = moves[step]
            move = GAME.parse(state, seat, notation)
        before = state
        state, events = GAME.apply(state, move)
        played.append([seat, move.notation])
        rules.append(rules_step(before, seat, move, events) + rules_step(state, seat, move, []))
        step += 1
    return {"players": players, "seed": seed, "map": layout, "moves": played, "rules": rules, "ai": ai,
            "final": GAME.dump(state)}


SAVED = json.loads(SAVED_PATH.read_text(encoding="utf-8")) if SAVED_PATH.exists() else []


@pytest.mark.parametrize("saved", SAVED, ids=lambda s: f"{s['players']}p-seed{s['seed']}-{s['map']}")
def test_a_game_recorded_before_the_kit_plays_the_same(saved):
    again = play(saved["players"], saved["seed"], saved["map"], saved["moves"])
    assert again["moves"] == saved["moves"]
    for step, (now, then) in enumerate(zip(again["rules"], saved["rules"], strict=True)):
        assert now == then, f"step {step} ({saved['moves'][step]}): the rules did something else"
    for step, (now, then) in enumerate(zip(again["ai"], saved["ai"], strict=True)):
        assert now == then, f"step {step}: the AI reads the position differently"
    assert again["final"] == saved["final"]
    assert not GAME.to_act(GAME.load(saved["final"])), "the recorded game ended"


def test_the_recording_is_there():
    assert len(SAVED) == len(GAMES)


if __name__ == "__main__":
    SAVED_PATH.parent.mkdir(exist_ok=True)
    records = [play(*game) for game in GAMES]
    SAVED_PATH.write_text(json.dumps(records, indent=0) + "\n", encoding="utf-8")
    print([(r["players"], len(r["moves"])) for r in records], SAVED_PATH.stat().st_size)
