"""The queue-shaped flow of the rules kit (rules/kit/queue.py): a state holding a queue of
pending decisions, settled at its head until a seat must decide, refilled when empty; and
Fire & Stone, the game that runs on it."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter, itemgetter

import pytest

from rules.core import Event, Rng
from rules.kit import FlowStuck, QueueFlow


def _turns(rounds: int = 2, limit: int = 200) -> QueueFlow[dict, dict]:
    """Each turn queues a "pick" (asked only while there is something to pick, else dropped),
    a "play" (always asked) and a "bonus" (played by itself when it has one choice only)."""
    def pick(st: dict, head: dict, ev: list[Event]) -> bool:
        if st["cards"]:
            return True
        st["pending"].pop(0)
        ev.append(Event("nothing to pick"))
        return False

    def bonus(st: dict, head: dict, ev: list[Event]) -> bool:
        if len(head["options"]) > 1:
            return True
        st["pending"].pop(0)
        st["score"] += head["options"][0]
        ev.append(Event(f"bonus {head['options'][0]}"))
        return False

    def next_turn(st: dict, ev: list[Event]) -> None:
        if st["turn"] == rounds:
            st["over"] = True
            ev.append(Event("over"))
            return
        st["turn"] += 1
        seat = st["turn"] % 2
        st["pending"] = [{"k": "pick", "s": seat}, {"k": "play", "s": seat},
                         {"k": "bonus", "s": seat, "options": st["bonus"]}]
        ev.append(Event(f"turn {st['turn']}"))

    return QueueFlow("test", {"pick": pick, "bonus": bonus}, next_turn, ("play",), limit=limit)


def _fresh(**kw) -> dict:
    return dict({"pending": [], "over": False, "turn": 0, "cards": [1], "score": 0, "bonus": [2]}, **kw)


def test_the_queue_refills_and_settles_until_a_seat_must_decide():
    flow = _turns()
    st, ev = _fresh(), []
    flow.advance(st, ev)
    assert [e.text for e in ev] == ["turn 1"]
    assert flow.head(st) == {"k": "pick", "s": 1} and flow.to_act(st) == [1]
    st["pending"].pop(0)                         # seat 1 picked: the move pops its decision
    flow.advance(st, ev)
    assert flow.to_act(st) == [1] and flow.head(st)["k"] == "play"    # always asked
    st["pending"].pop(0)
    flow.advance(st, ev)                         # one bonus only: played by the flow, next turn
    assert st["score"] == 2 and [e.text for e in ev][1:] == ["bonus 2", "turn 2"]
    assert flow.to_act(st) == [0]


def test_a_decision_with_nothing_to_choose_is_dropped_and_the_game_ends_on_refill():
    flow = _turns(rounds=1)
    st, ev = _fresh(cards=[], bonus=[1, 3]), []
    flow.advance(st, ev)                         # nothing to pick: dropped, "play" waits
    assert [e.text for e in ev] == ["turn 1", "nothing to pick"] and flow.head(st)["k"] == "play"
    st["pending"].pop(0)
    flow.advance(st, ev)                         # two bonuses: the seat chooses
    assert flow.head(st)["k"] == "bonus"
    st["pending"].pop(0)
    flow.advance(st, ev)
    assert st["over"] and ev[-1].text == "over"
    assert flow.to_act(st) == [] and flow.head(st) is None
    st["pending"] = [{"k": "play", "s": 0}]      # over: whatever is left is nobody's
    assert flow.to_act(st) == []


def test_the_queue_refuses_an_undeclared_kind_and_a_flow_that_never_rests():
    with pytest.raises(FlowStuck, match="'nowhere'"):
        _turns().advance(_fresh(pending=[{"k": "nowhere", "s": 0}]), [])
    never = QueueFlow("never", {}, lambda st, ev: None, limit=10)     # refills nothing, never over
    with pytest.raises(FlowStuck, match="10 steps"):
        never.advance({"pending": [], "over": False}, [])


def test_a_kind_cannot_both_wait_and_be_settled():
    with pytest.raises(ValueError, match="pick"):
        QueueFlow("bad", {"pick": lambda st, head, ev: True}, lambda st, ev: None, ("pick",))


@dataclass
class _Table:
    queue: list[tuple[str, int]] = field(default_factory=list)
    done: bool = False


def test_any_state_shape_through_functions():
    def refill(st: _Table, ev: list[Event]) -> None:
        st.queue.append(("ask", 3))

    flow: QueueFlow[_Table, tuple[str, int]] = QueueFlow(
        "tuples", {}, refill, ("ask",), queue=attrgetter("queue"), over=attrgetter("done"),
        kind=itemgetter(0), seat=itemgetter(1))
    st = _Table()
    flow.advance(st, [])
    assert st.queue == [("ask", 3)] and flow.to_act(st) == [3] and flow.kinds == {"ask"}
    st.done = True
    assert flow.to_act(st) == []
    st.done, st.queue = False, [("nowhere", 0)]
    with pytest.raises(FlowStuck, match="'nowhere'"):
        flow.advance(st, [])


# ------------------------------------------------------------ the game on it


def test_fire_and_stone_runs_on_the_queue_flow_and_declares_every_decision_it_queues():
    import re
    from pathlib import Path

    from rules.fire_and_stone import GAME, turns

    assert isinstance(GAME.flow, QueueFlow)
    queued = set()          # every kind a line of the game's package puts in a decision
    for path in Path(turns.__file__).parent.glob("*.py"):
        queued |= set(re.findall(r'"k": "([a-z_]+)"', path.read_text(encoding="utf-8")))
    assert queued and queued == GAME.flow.kinds, sorted(queued ^ GAME.flow.kinds)
    state = GAME.setup(3, 4, GAME.resolve_options({}))
    chooser = Rng(5)
    while GAME.to_act(state):
        assert GAME.to_act(state) == GAME.flow.to_act(state)
        moves = GAME.legal_moves(state, GAME.to_act(state)[0])
        state = GAME.apply(state, moves[chooser.randbelow(len(moves))])[0]
    assert GAME.flow.to_act(state) == [] and GAME.result(state) is not None


def test_fire_and_stone_determinizes_through_the_kit(monkeypatch):
    from rules.fire_and_stone import GAME, ai

    calls = []
    real = ai.determinized

    def spy(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(ai, "determinized", spy)
    state = GAME.setup(2, 1, GAME.resolve_options({}))
    GAME.determinize(state, 0, Rng(2))
    assert calls == [state]
