"""Neanderthal's move picker (rules/neanderthal/steps.py, issue 26): the taps reach exactly the
legal moves at positions of every player count and variant (and of tribal play, where
negotiations, elder actions and hands come in), in few taps; previews show the move's known
part and nothing the presser may not see; forced moves are played by the table only where that
tells nothing hidden."""

from __future__ import annotations

from functools import cache

from bot.table.i18n import say  # the bot's own reading of the catalogue
from rules.core import Move, Rng
from rules.neanderthal import GAME, steps
from rules.neanderthal import phrases as ph
from rules.neanderthal.data import BIOMES
from rules.neanderthal.model import player
from rules.picker import Node, tree
from tests.rules.test_neanderthal import (
    ARCHAIC,
    CROMAGNON,
    NEANDERTHAL,
    PREFERRED,
    card,
    empty_rows,
    fresh,
    put,
    tribal_start,
)
from tests.rules.test_neanderthal_negotiation import coop_position, three_on_the_deer
from tests.rules.test_picker import check_node, preview_key

MODES = (("standard", 2), ("standard", 3), ("coop", 2), ("coop", 3), ("solo", 1))
# the most taps (page flips included) one decision may take, by phase; every other phase is one tap
DEEPEST = {"assign": 3, "nego": 5, "pay": 2}


def playout(st, seed: int, biased: bool, every: int = 1) -> list:
    """(state, seat, move chosen) along a seeded playout; ``biased`` prefers the rarer moves
    (proposals, elder actions, courting…) as tests/rules/test_neanderthal.py does."""
    chooser = Rng(seed)
    out = []
    for step in range(4000):
        acting = GAME.to_act(st)
        if not acting:
            break
        seat = acting[chooser.randbelow(len(acting))]
        moves = GAME.legal_moves(st, seat)
        good = [m for m in moves if m.notation.startswith(PREFERRED)] if biased else []
        pool = good if good and chooser.randbelow(3) else moves
        move = pool[chooser.randbelow(len(pool))]
        if step % every == 0:
            out.append((st, seat, move))
        st, _ = GAME.apply(st, move)
    return out


@cache
def decisions() -> tuple:
    """Decisions met in playouts of every variant and player count, and of tribal play."""
    out = []
    for mode, players in MODES:
        opts = GAME.options_for_players(players, GAME.resolve_options({"mode": mode}))
        for seed in (1, 2):
            out += playout(GAME.setup(GAME.seat_count(players, opts), seed, opts), seed * 7 + players, False)
    for seed in (1, 2, 3):
        for mode in ("standard", "coop"):
            out += playout(tribal_start(seed, mode), seed, True)
    return tuple(out)


def taps_to(root: Node, move) -> int:
    """The taps from the first question to ``move``, a page flip counted as a tap (25 options a page)."""
    def walk(node: Node, taps: int):
        for i, option in enumerate(node.options):
            here = taps + 1 + (i // 25 if len(node.options) > 25 else 0)
            if option.child is None:
                if option.move == move:
                    return here
            else:
                found = walk(option.child, here)
                if found:
                    return found
        return None
    return walk(root, 0)


def keys_to(root: Node, move) -> list[str]:
    """The option keys tapped on the way to ``move``."""
    def walk(node: Node, path):
        for option in node.options:
            if option.child is None:
                if option.move == move:
                    return path + [option.key]
            else:
                found = walk(option.child, path + [option.key])
                if found:
                    return found
        return None
    return walk(root, [])


def option(node: Node, key: str):
    return next(o for o in node.options if o.key == key)


def english(text) -> str:
    return text if isinstance(text, str) else text.english()


# ------------------------------------------------------------------ every legal move, in few taps

def test_the_picker_reaches_exactly_the_legal_moves_in_few_taps():
    """At every decision of the playouts, for every seat to act (simultaneous steps included):
    the leaves are the legal moves, no question has one answer, no menu holds more than 25
    options, and a decision takes at most DEEPEST[phase] taps (one elsewhere)."""
    phases, taps, decided = set(), [], 0
    for i, (st, _, chosen) in enumerate(decisions()):
        for seat in GAME.to_act(st):
            legal = GAME.legal_moves(st, seat)
            root = tree(GAME, st, seat, legal)
            assert sorted(m.notation for m in root.moves()) == sorted(m.notation for m in legal)
            depth = check_node(root, f"{st['phase']} seat {seat}", True)
            assert depth <= DEEPEST.get(st["phase"], 1), (st["phase"], depth)
            assert max_width(root) <= 25
            if i % 8 == 0:   # the French of every label is slow to say: a sample
                labels_fit(root)
            phases.add(st["phase"])
            if chosen.seat == seat and root.single() is None:
                taps.append(taps_to(root, chosen))
                decided += 1
    assert {"sex", "bid", "pay", "assign", "nego", "action", "blizzard", "release", "take"} <= phases
    # issue 26's goal: 4 presses a decision on average, 8 at most, with the entry button and Confirm
    assert sum(taps) / decided <= 2 and max(taps) <= 6


def test_a_move_of_another_kind_gets_an_option_beside_the_phase_s_own():
    """B4 « A n'importe quel moment, vous pouvez échanger votre cylindre Alpha avec un chasseur
    non affecté »: were the swap offered beside any phase's moves, it would be one more option of
    that phase's first question, whatever the phase (no phase's path may assume its own kinds only)."""
    seen = set()
    for st, seat, _ in decisions():
        if st["phase"] in seen:
            continue
        seen.add(st["phase"])
        swap = Move(seat, "alpha", ph.L_ALPHA_SWAP, ("alpha",))
        legal = [m for m in GAME.legal_moves(st, seat) if m.notation != "alpha"]
        root = tree(GAME, st, seat, legal + [swap])
        assert sorted(m.notation for m in root.moves()) == sorted(m.notation for m in legal + [swap])
        check_node(root, f"{st['phase']} with a swap", True)
        assert option(root, "alpha").move == swap
    assert len(seen) >= 12


def test_the_other_tribes_are_named_by_their_species():
    """The war council (A2), a hit (F2) and an expatriation (D6) name species, not seat letters."""
    met = set()
    for st, seat, _ in decisions():
        if st["phase"] in ("council", "fighting", "expat") and st["phase"] not in met:
            root = tree(GAME, st, seat)
            names = [ph.SPECIES_NAME[sp]().english() for sp in st["sp"]]
            for o in root.options:
                if o.move.data[0] in ("order", "hit", "send"):
                    assert any(name in english(o.label) for name in names), english(o.label)
                    met.add(st["phase"])
    assert {"council", "fighting"} <= met


def labels_fit(node: Node) -> None:
    """Discord's limit: 100 characters a label, in English and in French."""
    for o in node.options:
        for lang in ("en", "fr"):
            text = o.label if isinstance(o.label, str) else say(lang, o.label)
            assert len(text) <= 100, text
        if o.child is not None:
            labels_fit(o.child)


def max_width(node: Node) -> int:
    return max([len(node.options)] + [max_width(o.child) for o in node.options if o.child is not None])


def test_phase_2_is_the_card_then_who_goes():
    """E1: « placer les cubes de chasseurs directement dessus »: the first tap names the biome card,
    the second how many hunters (or the alpha) go; the rest of phase 2 under one option each."""
    st = fresh()
    empty_rows(st)
    put(st, "S2", "Red Deer")
    put(st, "S5", "Wild Boar")
    st["phase"], st["cur"], st["order"] = "assign", 0, [ARCHAIC, NEANDERTHAL, CROMAGNON]
    st["recalls"] = {}
    player(st, ARCHAIC)["alpha"] = "pool"
    root = tree(GAME, st, ARCHAIC)
    assert english(root.ask) == "Assignment: where do your hunters go (or are you done)?"
    deer = option(root, "S2")
    assert english(deer.label) == "Hunt S2 Red Deer"
    pool = player(st, ARCHAIC)["pool"][ARCHAIC]
    assert [o.key for o in deer.child.options] == [str(k) for k in range(1, pool + 1)] + ["a"]
    assert english(deer.child.ask) == "Who goes to S2 Red Deer?"
    assert english(deer.child.options[1].label) == "2 hunters"
    assert english(option(deer.child, "a").label) == "The alpha"
    assert root.options[-1].key == "done"
    two = next(m for m in GAME.legal_moves(st, ARCHAIC) if m.notation == "S2x2")
    assert keys_to(root, two) == ["S2", "2"]


def test_a_group_of_one_says_the_whole_move():
    """A promotion with one elder possible is one option, saying which elder (not a question
    with one answer hidden behind 'Promote a hunter to elder')."""
    st = fresh()
    empty_rows(st)
    put(st, "S2", "Red Deer")
    st["phase"], st["cur"], st["order"] = "assign", 0, [ARCHAIC, NEANDERTHAL, CROMAGNON]
    st["recalls"] = {}
    p = player(st, ARCHAIC)
    p["elders"][6] = None
    p["vocab"] = {"o": 1, "w": 1, "k": 1}   # a vocal tribe without portals: the Fire-Keeper only (E2)
    ranks = [m.data[1] for m in GAME.legal_moves(st, ARCHAIC) if m.data[0] == "promote"]
    assert ranks == [6]
    root = tree(GAME, st, ARCHAIC)
    promote = option(root, "promote")
    assert promote.child is None and promote.move.notation == "e6"
    assert english(promote.label) == f"Promote a hunter to elder · {ph.ELDER[6]().english()}"
    p["tribal"] = True   # the chief and the shaman too
    several = option(tree(GAME, st, ARCHAIC), "promote")
    assert several.child is not None and english(several.label) == "Promote a hunter to elder"


def test_negotiation_is_whom_what_and_what_comes_with_it():
    """F1: a tribal chief proposes that a party leave a card « pacifiquement: demande, échange,
    ou offre des cartes de Main ou de Tableau »: whom, which card and who leaves, the deal, the card."""
    st = three_on_the_deer()
    player(st, ARCHAIC)["hand"] = [card("Atlatl"), card("Birch Tar")]
    player(st, NEANDERTHAL)["hand"] = []
    root = tree(GAME, st, ARCHAIC)
    assert english(root.ask) == "Negotiations: with whom (or are you done)?"
    assert [o.key for o in root.options] == ["B", "C", "done"]
    assert english(option(root, "B").label) == f"{ph.SPECIES_NAME[st['sp'][NEANDERTHAL]]().english()} (B)"
    moves = {m.notation: m for m in GAME.legal_moves(st, ARCHAIC)}
    gift = moves["ask B S2 give atlatl"]
    assert keys_to(root, gift) == ["B", "ask S2", "give", card("Atlatl")]
    assert english(option(option(option(root, "B").child, "ask S2").child, "give").child.ask) == \
        "Which card do you give?"
    nothing = moves["ask B S2"]
    assert keys_to(root, nothing) == ["B", "ask S2", "none"]
    what = option(root, "B").child
    assert english(what.ask) == f"What do you propose to {ph.SPECIES_NAME[st['sp'][NEANDERTHAL]]().english()}?"
    deal = option(what, "ask S2").child
    assert english(deal.ask) == "What comes with it?"
    assert english(option(deal, "give").label) == "You give a card"


def test_the_co_operative_trade_is_whom_what_you_give_what_you_get():
    """K2: « un disque ou une carte «I» d'une espèce peut être échangé avec un disque ou une
    carte «I» d'une autre espèce »."""
    st = coop_position()
    root = tree(GAME, st, ARCHAIC)
    move = next(m for m in GAME.legal_moves(st, ARCHAIC) if m.notation == "swap B o>icard")
    assert keys_to(root, move)[-3:] == ["trade", "o", "icard"]
    leaf_parent = option(option(option(root, "B").child, "trade").child, "o").child
    assert english(leaf_parent.ask) == "What do you get in return?"


def test_a_payment_past_one_menu_asks_the_orange_discs_first():
    """D7: the winner places its bid's discs on the daughter; 27 mixes of 7 discs out of five of
    each colour do not fit one menu (25): orange first, then the rest."""
    st = fresh()
    st["event"] = card("Flute Player")   # bids in orange, white and black
    player(st, ARCHAIC)["vocab"] = {"o": 5, "w": 5, "k": 5}
    st["phase"] = "pay"
    st["auc"] = {"seats": [ARCHAIC, NEANDERTHAL, CROMAGNON], "turn": 0, "lead": ARCHAIC, "n": 7, "passes": 2}
    legal = GAME.legal_moves(st, ARCHAIC)
    assert len(legal) == 27
    root = tree(GAME, st, ARCHAIC)
    assert sorted(m.notation for m in root.moves()) == sorted(m.notation for m in legal)
    assert sorted(int(o.key) for o in root.options) == list(range(6))   # 0 to 5 orange discs
    assert max(len(o.child.options) for o in root.options if o.child) == 6   # no orange: 2 to 5 white (rest black)
    assert max_width(root) <= 25
    assert english(root.ask) == "How many orange discs go on your new daughter?"
    st["auc"]["n"] = 2   # 6 mixes: one menu
    assert len(tree(GAME, st, ARCHAIC).options) == 6


def test_simultaneous_steps_get_a_picker_for_every_seat():
    """C: every species chooses its sexuality; phase 6 (I, « ordre indifférent »): every vocal
    tribe acts. Each seat to act gets its own picker with its own choices."""
    st = GAME.setup(3, 4, GAME.resolve_options({}))
    assert st["phase"] == "sex" and len(GAME.to_act(st)) == 3
    for seat in GAME.to_act(st):
        root = tree(GAME, st, seat)
        assert len(root.options) == 2 and english(root.ask) == "Which sexuality does your species take?"
    acting = [(s, seat) for s, seat, _ in decisions() if s["phase"] == "action" and len(GAME.to_act(s)) > 1]
    assert acting
    for s, _ in acting[:10]:
        for seat in GAME.to_act(s):
            assert sorted(m.notation for m in tree(GAME, s, seat).moves()) == \
                sorted(m.notation for m in GAME.legal_moves(s, seat))


def test_questions_and_labels_read_in_french():
    """Every question and option of the picker has a French translation (check_node also checks
    each phrase is known): spot-checks of phase 2, negotiations and a preview's note."""
    st = fresh()
    empty_rows(st)
    put(st, "S2", "Red Deer")
    st["phase"], st["cur"], st["order"], st["recalls"] = "assign", 0, [ARCHAIC, NEANDERTHAL, CROMAGNON], {}
    root = tree(GAME, st, ARCHAIC)
    check_node(root, "assign", True)
    assert say("fr", root.ask) == "Assignation : où vont vos chasseurs (ou avez-vous fini) ?"
    deer = option(root, "S2")
    assert say("fr", deer.label) == f"Chasser S2 {say('fr', ph.CARD[card('Red Deer')]())}"
    assert say("fr", deer.child.options[1].label) == "2 chasseurs"
    nego = tree(GAME, three_on_the_deer(), ARCHAIC)
    check_node(nego, "nego", True)
    assert say("fr", nego.ask) == "Négociations : avec qui (ou avez-vous fini) ?"
    assert say("fr", option(option(nego, "B").child, "retreat S2").label).startswith("Battre en retraite de S2 ")
    assert say("fr", ph.PV_HUNTS()) == "Puis les chasses seront lancées quand le coup comptera."


# ------------------------------------------------------------------ previews

def test_a_move_that_rolls_nothing_is_previewed_as_it_will_be():
    """A mid-phase-2 assignment draws nothing: the preview is the position after it."""
    for st, seat, move in decisions():
        if st["phase"] == "assign" and move.data[0] == "hunt":
            after, events = GAME.apply(st, move)
            if GAME.rng_draws(after) == GAME.rng_draws(st) and after["phase"] == "assign":
                shown = GAME.preview(st, move, seat)
                assert not shown.partial and shown.note is None
                assert GAME.view(shown.state, seat) == GAME.view(after, seat)
                assert [e.said.to_json() for e in shown.events] == [e.said.to_json() for e in events]
                return
    raise AssertionError("no plain assignment met")


def test_the_last_assignment_shows_the_parties_then_says_the_hunts_come():
    """The last `done` of phase 2 leads to the attacks (F2) or the hunts (G), which roll dice:
    the preview shows the parties as they stand, no die, and says what comes."""
    seen = set()
    for st, seat, move in decisions():
        if st["phase"] != "assign" or move.notation != "done":
            continue
        after, _ = GAME.apply(st, move)
        if GAME.rng_draws(after) == GAME.rng_draws(st):
            continue
        shown = GAME.preview(st, move, seat)
        assert shown.partial and shown.state is not st
        assert shown.note.key in (ph.PV_ATTACKS.key, ph.PV_HUNTS.key)
        assert shown.state["rng"].draws == st["rng"].draws
        assert shown.state["parties"] == st["parties"] or shown.state["phase"] != "assign"
        said = [e.said.key for e in shown.events]
        assert not any(k.startswith(("neanderthal.event.hunt", "neanderthal.event.attacks")) for k in said)
        seen.add(shown.note.key)
    assert seen


def test_the_last_action_of_a_round_does_not_show_the_next_event_card():
    """Phase 6's last action ends the round; the next round reveals the top event card (A2),
    hidden until then: the preview shows the action done and stops before the card."""
    met = 0
    for st, seat, move in decisions():
        if st["phase"] != "action" or GAME.to_act(st) != [seat]:
            continue
        after, _ = GAME.apply(st, move)
        if after["round"] == st["round"] or after["phase"] == "over":
            continue
        shown = GAME.preview(st, move, seat)
        assert shown.partial and shown.note.key == ph.PV_ROUND.key
        assert shown.state["events"] == st["events"] and shown.state["event"] == st["event"]
        assert seat in shown.state["acted"] or move.notation == "pass" or shown.state["phase"] == "round"
        met += 1
    assert met


def test_a_card_taken_into_hand_shows_in_hand_and_its_place_waits_for_the_deck():
    """G6/G7: a card taken into hand is replaced from the row's hidden deck: the preview shows the
    card in hand and a gap where the new card will come, never the new card."""
    met = 0
    for st, seat, _ in decisions():
        if st["phase"] != "take" or st["offers"][0][1] != "hand":
            continue
        _, _, cid, key = st["offers"][0]
        if not st["decks"][key[0]]:
            continue
        take = next(m for m in GAME.legal_moves(st, seat) if m.notation == "take")
        shown = GAME.preview(st, take, seat)
        assert shown.partial and shown.note.key == ph.PV_DRAWN.key
        view = GAME.view(shown.state, seat)
        assert cid in view["players"][seat]["hand"]
        assert view["rows"][key[0]][int(key[1:]) - 1] is None
        after, _ = GAME.apply(st, take)
        assert after["rows"][key[0]][int(key[1:]) - 1] is not None   # the real move draws it
        met += 1
    assert met


def twins_agree(st, seat, rngs=(1, 2)) -> int:
    """Twin states drawn from what ``seat`` sees give the same picker (keys, questions, labels)
    and the same preview of every move; returns how many moves were compared."""
    def shape(node: Node):
        return (english(node.ask), [(o.key, english(o.label), shape(o.child) if o.child else o.move.notation)
                                    for o in node.options])
    twins = [GAME.determinize(st, seat, Rng(k)) for k in rngs]
    trees = [tree(GAME, t, seat) for t in twins]
    assert shape(trees[0]) == shape(trees[1])
    for move in trees[0].moves():
        other = next(m for m in trees[1].moves() if m.notation == move.notation)
        assert preview_key(GAME, twins[0], seat, move) == preview_key(GAME, twins[1], seat, other), \
            f"the preview of {move.notation} tells seat {seat} what it cannot see"
    return len(trees[0].moves())


def test_twin_states_give_the_same_picker_and_previews_hands_and_simultaneous_steps():
    """B2: the other hands are hidden (and the decks, the ice, the event deck): at decisions where
    hands count (tribal play: elder actions, deals, answers giving a card) and at simultaneous
    steps (sexualities, phase 6), every seat to act sees the same picker and previews in two
    twins that differ only in what it cannot see."""
    kinds, compared = set(), 0
    for st, _, _ in decisions()[::4]:
        phase = st["phase"]
        hands = any(player(st, s)["hand"] for s in range(len(st["pl"])))
        if not (hands or len(GAME.to_act(st)) > 1):
            continue
        for seat in GAME.to_act(st):
            compared += twins_agree(st, seat)
            kinds.add(phase)
    assert {"action", "nego", "assign"} <= kinds and compared > 200


def test_twins_differ_in_the_next_event_card_yet_the_preview_of_the_last_action_agrees():
    """The step that reveals the next event card would show it: the twins' event decks differ,
    and the previews still agree (they stop before it)."""
    for st, seat, _ in decisions():
        if st["phase"] == "action" and GAME.to_act(st) == [seat] and st["events"]:
            a, b = (GAME.determinize(st, seat, Rng(k)) for k in (3, 4))
            if a["events"][0] != b["events"][0]:
                twins_agree(st, seat, (3, 4))
                return
    raise AssertionError("no last action with differing twins met")


def test_the_preview_does_not_tell_whether_a_tribe_s_hand_lets_it_act():
    """I3: a tribe with a mature shaman may domesticate a D card from its hand, an I card needs a
    knapper or a trapper. Phase 6 passes for a tribe with nothing to play, and the round ends when
    all have acted: whether the other tribe can still act depends on its hidden hand, so the
    preview stops before that (twins holding a D or an I card agree)."""
    st = tribal_start(1)
    while st["phase"] != "action":
        st, _ = GAME.apply(st, GAME.default_move(st, GAME.to_act(st)[0]))
    other = player(st, NEANDERTHAL)
    other["elders"][3] = other["elders"][5] = None   # the shaman's action only: D cards
    tame = next(c for c in st["decks"]["S"] if BIOMES[c]["hand"] and BIOMES[c]["hand"]["kind"] == "D")
    st["decks"]["S"] = [c for c in st["decks"]["S"] if c != tame]
    other["hand"] = [tame]
    st["acted"] = [CROMAGNON]
    assert set(GAME.to_act(st)) == {NEANDERTHAL, ARCHAIC}
    passing = next(m for m in GAME.legal_moves(st, ARCHAIC) if m.notation == "pass")
    shown, kinds = set(), set()
    for k in range(1, 12):
        twin = GAME.determinize(st, ARCHAIC, Rng(k))
        kinds.add(BIOMES[player(twin, NEANDERTHAL)["hand"][0]]["hand"]["kind"])
        shown.add(preview_key(GAME, twin, ARCHAIC, passing))
    assert kinds == {"D", "I"}     # some twins' Neanderthal could act, some could not
    assert len(shown) == 1
    assert GAME.preview(st, passing, ARCHAIC).note.key == ph.PV_HANDS.key


# ------------------------------------------------------------------ forced moves

def test_a_forced_move_the_table_plays_tells_nothing_hidden():
    """Where may_autoplay lets the table play a forced move, the move is forced in every twin
    the other seats may imagine (their determinize redraws the mover's hand): that it was
    forced tells them nothing they cannot see."""
    checked = 0
    for st, _, _ in decisions():
        for seat in GAME.to_act(st):
            legal = GAME.legal_moves(st, seat)
            if len(legal) != 1 or not GAME.may_autoplay(st, legal[0]):
                continue
            for other in range(len(st["pl"])):
                if other != seat:
                    twin = GAME.determinize(st, other, Rng(other + 5))
                    assert len(GAME.legal_moves(twin, seat)) == 1, legal[0].notation
            checked += 1
    assert checked > 50


def test_a_move_naming_a_hand_card_is_not_played_by_the_table_but_a_lone_discard_is():
    """I3: a tribal seat may domesticate or make a tool from its hand; were such a move its
    only one, playing it at once would tell the others what the hand holds. The hand-limit
    discard of a lone card is forced by the hand's size, which all see (B2)."""
    st = tribal_start(1)
    while st["phase"] != "action":
        seat = GAME.to_act(st)[0]
        st, _ = GAME.apply(st, GAME.default_move(st, seat))
    seat = next(s for s in GAME.to_act(st) if any(m.data[0] == "elder" for m in GAME.legal_moves(st, s)))
    tame = next(m for m in GAME.legal_moves(st, seat) if m.data[0] == "elder")
    assert steps.names_hand_card(st, tame) and not GAME.may_autoplay(st, tame)
    st = fresh()
    p = player(st, ARCHAIC)
    p["hand"] = [next(c for c in BIOMES if BIOMES[c]["hand"])]
    for r in range(1, 7):
        p["elders"][r] = None
    st["phase"], st["pend"] = "discard", {"then": "auction"}
    legal = GAME.legal_moves(st, ARCHAIC)
    assert [m.data[0] for m in legal] == ["discard"]
    assert GAME.may_autoplay(st, legal[0])
    p["hand"].append(next(c for c in BIOMES if BIOMES[c]["hand"] and c != p["hand"][0]))
    assert not GAME.may_autoplay(st, GAME.legal_moves(st, ARCHAIC)[0])
