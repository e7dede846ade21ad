"""The rules kit (rules/kit/): the flow driver, the redeal for ``determinize``, the fast
event constructor and the copy-on-write helpers, each on its own and as the games use them."""

from __future__ import annotations

import re
from operator import itemgetter
from pathlib import Path

import pytest

from rules import registry
from rules.core import Event, Rng
from rules.kit import Deal, Flow, FlowStuck, determinized, own, pick_weighted, rng_copy, said_event

# ------------------------------------------------------------ flow


def _counting_flow(limit: int = 200) -> Flow[dict]:
    """deal → bid (a seat decides) ; score → (loops back to deal while rounds remain) → over."""
    def deal(st: dict, ev: list[Event]) -> bool | None:
        st["round"] += 1
        ev.append(Event(f"round {st['round']}"))
        st["phase"] = "bid"
        return None

    def score(st: dict, ev: list[Event]) -> bool | None:
        ev.append(Event("scored"))
        st["phase"] = "deal" if st["round"] < 3 else "over"
        return None

    def check(st: dict, ev: list[Event]) -> bool | None:
        return True            # found a seat with a choice: it waits here

    return Flow("test", {"deal": deal, "score": score, "check": check}, ("bid", "over"), key="phase", limit=limit)


def test_the_flow_runs_automatic_steps_until_a_seat_decides():
    flow = _counting_flow()
    st, ev = {"phase": "deal", "round": 0}, []
    flow.advance(st, ev)
    assert st == {"phase": "bid", "round": 1}
    assert [e.text for e in ev] == ["round 1"]
    assert flow.waits(st)
    st["phase"] = "score"                      # the bid was made: a move sets the next phase
    flow.advance(st, ev)
    assert (st["phase"], st["round"]) == ("bid", 2)
    assert [e.text for e in ev] == ["round 1", "scored", "round 2"]


def test_the_flow_rests_in_a_waiting_phase_and_when_a_step_says_it_waits():
    flow = _counting_flow()
    st = {"phase": "over", "round": 3}
    flow.advance(st, [])
    assert st == {"phase": "over", "round": 3}
    st = {"phase": "check", "round": 0}
    flow.advance(st, [])
    assert st["phase"] == "check" and not flow.waits(st)


def test_the_flow_refuses_an_undeclared_phase_and_a_flow_that_never_rests():
    with pytest.raises(FlowStuck, match="'nowhere'"):
        _counting_flow().advance({"phase": "nowhere", "round": 0}, [])
    loop = Flow("loop", {"a": lambda st, ev: st.update(phase="b"), "b": lambda st, ev: st.update(phase="a")},
                ("over",), phase_of=itemgetter("phase"), limit=10)
    with pytest.raises(FlowStuck, match="10 steps"):
        loop.advance({"phase": "a"}, [])


def test_a_phase_cannot_both_wait_and_run():
    with pytest.raises(ValueError, match="bid"):
        Flow("bad", {"bid": lambda st, ev: True}, ("bid", "over"), key="phase")
    with pytest.raises(ValueError, match="not both"):
        Flow("vague", {}, ("over",))


@pytest.mark.parametrize("module,flow", [("rules.neanderthal.engine", "FLOW"),
                                         ("rules.carcassonne_hg.game", "TURN_FLOW")])
def test_the_games_run_on_the_kit_flow_and_declare_every_phase_they_enter(module, flow):
    import importlib

    engine = importlib.import_module(module)
    driver = getattr(engine, flow)
    assert isinstance(driver, Flow) and engine.advance == driver.advance
    entered = set()   # every phase a line of the game's package sets (``x.phase = "a" if … else "b"`` too)
    for path in Path(engine.__file__).parent.glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.search(r'(\["(phase|rel_then)"\]|\.phase) = ', line):
                value = re.sub(r'\["[a-z_]+"\]', "", line.split("=", 1)[1].split("#")[0])   # no subscripts
                entered |= set(re.findall(r'"([a-z_]+)"', value))
            entered |= set(re.findall(r'"then": "([a-z_]+)"', line))   # a phase to go on to later
    assert entered and entered <= driver.phases, sorted(entered - driver.phases)


# ------------------------------------------------------------ redeal


def test_a_deal_forgets_the_order_the_seat_never_saw():
    a, b = Deal(["c", "a", "d", "b"], Rng(7)), Deal(["b", "d", "a", "c"], Rng(7))
    assert a.cards == b.cards
    assert sorted(a.cards) == ["a", "b", "c", "d"]
    assert Deal(["c", "a", "b"]).rest() == ["a", "b", "c"]          # no rng: canonical order only


def test_a_deal_is_really_shuffled_by_its_rng():
    orders = {tuple(Deal(range(8), Rng(seed)).cards) for seed in range(20)}
    assert len(orders) > 15


def test_a_deal_deals_from_the_front_the_back_and_what_fits():
    deal = Deal(range(10))
    assert deal.take(2) == [0, 1]
    assert deal.take(2, fits=lambda c: c % 3 == 0) == [3, 6]      # the others keep their order
    assert deal.take_last(2) == [9, 8]
    assert len(deal) == 4
    empty = Deal([1, 2])
    assert empty.take(5, fits=lambda c: c > 1) == [2] and empty.rest() == [1] and empty.rest() == []


def test_the_rest_of_a_deal_is_what_was_not_taken():
    deal = Deal(range(10))
    deal.take(2)
    deal.take(2, fits=lambda c: c % 3 == 0)
    deal.take_last(2)
    assert deal.rest() == [2, 4, 5, 7]


def test_pick_weighted_follows_the_weights():
    rng = Rng(3)
    picks = [pick_weighted(rng, [("a", 0.8), ("b", 0.2)]) for _ in range(2000)]
    assert 0.75 < picks.count("a") / len(picks) < 0.85
    assert pick_weighted(Rng(1), [("only", 1.0 - 1e-12)]) == "only"    # rounding short of 1: the last


def test_determinized_copies_redraws_then_reseeds():
    game = registry.get("clans")
    state = game.setup(3, 4, game.resolve_options({}))
    seen = []
    new = determinized(game, state, Rng(9), lambda copy, rng: seen.append(copy))
    assert seen == [new] and new is not state
    assert new.rng.to_json() != state.rng.to_json() and new.rng.draws == state.rng.draws
    assert game.to_json(state) == game.to_json(game.from_json(game.to_json(state)))   # the input untouched
    untouched = determinized(game, state, Rng(9), None)
    assert untouched.clans == state.clans and untouched.rng.state == new.rng.state


@pytest.mark.parametrize("key", ["clans", "carcassonne_hg", "neanderthal"])
def test_the_games_determinize_through_the_kit(key, monkeypatch):
    """Each of the three games' determinize goes through rules.kit.redeal.determinized."""
    import importlib

    ai = importlib.import_module(f"rules.{key}.ai")
    calls = []
    real = ai.determinized

    def spy(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(ai, "determinized", spy)
    game = registry.get(key)
    opts = game.options_for_players(2, game.resolve_options({}))
    state = game.setup(game.seat_count(2, opts), 1, opts)
    game.determinize(state, 0, Rng(2))
    assert calls == [state]


# ------------------------------------------------------------ events and copies


def test_said_event_is_event_of_without_its_plumbing():
    from rules.clans import phrases as ph

    said = ph.STUCK()
    assert said_event(said) == Event.of(said)
    assert said_event(said, 2, 1, True) == Event.of(said, seat=2, private_to=1, reveal=True)
    event = said_event(said, seat=1, reveal=True)
    assert (event.seat, event.private_to, event.reveal, event.said) == (1, None, True, said)


def test_own_copies_one_entry_and_leaves_the_shared_one_alone():
    shared = {"hand": [1, 2], "discs": {"o": 1}}
    mine = dict(shared)                         # a move's copy of the top level
    own(mine, "hand").append(3)
    own(mine, "discs")["o"] = 5
    assert shared == {"hand": [1, 2], "discs": {"o": 1}}
    assert mine == {"hand": [1, 2, 3], "discs": {"o": 5}}
    rows = [[0], [1]]
    mine_rows = rows[:]
    own(mine_rows, 1).append(9)
    assert rows == [[0], [1]] and mine_rows == [[0], [1, 9]]


def test_rng_copy_gives_the_same_dice_to_come_but_its_own():
    rng = Rng(42)
    rng.roll()
    copy = rng_copy(rng)
    assert copy is not rng and copy.draws == rng.draws
    assert copy.rolls(5) == rng_copy(rng).rolls(5)
    assert rng.to_json() != copy.to_json()      # the copy drew; the original did not move
