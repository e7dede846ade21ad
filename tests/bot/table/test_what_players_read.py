"""Issue 15, point 3: what a new user read wrong while playing the five games through the local table
in English and in French, each fixed and kept so here."""

from __future__ import annotations

import pytest

from bot.table import Actor, Place
from rules import registry
from rules.core import Event, Move
from tests.bot.conftest import ANN, BOB, HERE, started
from tests.bot.table.steps_game import Steps

FR_ANN = Actor(ANN.user_id, ANN.name, locale="fr")
FR_BOB = Actor(BOB.user_id, BOB.name, locale="fr")


class Quiet(Steps):
    """Steps where `step 0` (stay put) tells the channel nothing, and several seats may act at once."""

    key = "quiet"
    max_players = 3

    def legal_moves(self, s, seat):
        return [Move(seat, f"step {n}", f"walk {n}", n) for n in (0, 1)] if seat == s.turn else []

    def play(self, s, move):
        s.walked[move.seat] += move.data
        s.turn = (s.turn + 1) % len(s.walked)
        return [Event(f"{{p{move.seat}}} walks {move.data}.", seat=move.seat)] if move.data else []


GAME = Quiet()


@pytest.fixture
def quiet():
    registry.register("quiet", __name__)
    yield
    registry.unregister("quiet")


def every_text(reply) -> str:
    return "\n".join([reply.text] + [every_text(f) for f in reply.followups])


async def test_a_move_that_tells_nothing_still_says_who_played_what(service, quiet):
    """Fire & Stone's 'cook nothing' posted only whose turn it was: the channel could not tell what happened."""
    await started(service, key="quiet")
    post = await service.move(HERE, ANN, "step 0")
    assert post.ok and not post.ephemeral
    assert post.text.startswith("Ann plays `step 0`.") and "Bob, your turn." in post.text
    post = await service.move(HERE, FR_BOB, "step 1")
    assert "Bob walks 1." in post.text and "plays" not in post.text, "only when nothing else was told"
    await service.note_guild_locale(HERE.guild_id, "fr")
    post = await service.move(HERE, ANN, "step 0")
    assert post.text.startswith("Ann joue `step 0`.")


async def test_a_finished_game_says_it_is_over_not_that_there_is_none(service, store):
    await started(service)
    for who, move in ((ANN, "take 3"), (ANN, "end"), (BOB, "take 3"), (BOB, "end"), (ANN, "take 3"), (ANN, "end"),
                      (BOB, "take 3"), (BOB, "end")):
        assert (await service.move(HERE, who, move)).ok
    assert (await store.latest_game_in(HERE.channel_id)).status == "finished"
    for reply in (await service.move(HERE, ANN, "take 1"), await service.undo(HERE, BOB)):
        assert not reply.ok and reply.text.startswith("This game is over: `/game status` gives the result")
    reply = await service.move(HERE, FR_ANN, "take 1")
    assert reply.text.startswith("Cette partie est terminée") and "finished" not in reply.text
    empty = await service.move(Place(channel_id=999, guild_id=10), ANN, "take 1")
    assert empty.text.startswith("There is no game in this channel.")


async def test_seats_that_play_on_together_are_plural(service):
    from bot.table.i18n import tn
    assert tn("en", "still_to_play", 2, who="Ann, Bob") == "Ann, Bob play on."
    assert tn("en", "still_to_play", 1, who="Ann") == "Ann plays on."
    assert tn("fr", "still_to_play", 2, who="Ann, Bob") == "Ann, Bob continuent de jouer."


async def test_the_first_player_named_is_the_one_the_game_draws(service):
    """The First Sparks draws its own first player, Mise en place 2: « le joueur avec la carte de départ
    ayant le plus grand numéro place un membre de son clan sur la place 1 du tour de jeu » (issue 27:
    'dee starts' was said while bob held the highest herbs card; dee, the second player, is only the
    first asked, the first player's tile being laid for it in the middle, Mise en place 5)."""
    from rules.first_sparks import GAME as SPARKS
    people = [ANN, BOB, Actor(3, "Cid")]
    for seed in range(1, 6):
        place = Place(channel_id=500 + seed, guild_id=10)
        await service.new_game(place, ANN, "first_sparks", seed=seed)
        for p in people[1:]:
            await service.join(place, p)
        post = await service.start(place, ANN)
        row = await service.store.open_game_in(place.channel_id)
        names = [s.name for s in await service.store.seats(row.id)]
        state = SPARKS.setup(3, row.seed, {})
        highest = max(range(3), key=lambda s: state.cards[s][0])
        assert post.text.splitlines()[1].split(" starts:")[0] == names[highest], (post.text, names)
    place = Place(channel_id=600, guild_id=10)
    await service.new_game(place, ANN, "neanderthal", seed=1)
    await service.join(place, BOB)
    post = await service.start(place, ANN)
    assert post.text.splitlines()[1].startswith("Who plays first: Species boards are dealt at random")


def test_neanderthal_before_the_first_round_says_set_up():
    from bot.table.i18n import status_line
    game = registry.get("neanderthal")
    state = game.setup(2, 1, game.resolve_options({}))
    assert status_line("en", game, state) == "Set-up (10 event cards to come) · choosing sexualities"
    assert status_line("fr", game, state) == "Mise en place (10 cartes événement à venir) · choix des sexualités"


async def test_public_scores_are_written_as_each_language_writes_them(service):
    await started(service)
    await service.move(HERE, ANN, "take 2")
    status = await service.status(HERE, FR_ANN)
    assert "Ann : 2 points · Bob : 0 point" in status.text
    status = await service.status(HERE, ANN)
    assert "Ann: 2 points · Bob: 0 points" in status.text


async def test_the_local_table_asks_for_a_missing_option_in_the_readers_language(store, tmp_path):
    import io

    from bot.local.table import LocalTable, command_help
    from bot.table import TableService
    from bot.table.clock import ManualClock
    clock = ManualClock(1_700_000_000.0)
    table = LocalTable(TableService(store, clock, render_images=False), clock, out=io.StringIO())
    await table.set_language("fr")
    await table.handle("@ann /move")
    assert "/move demande move : Votre coup ; l'autocomplétion liste les coups permis." in table.out.getvalue()
    assert "Voir vos informations privées" in command_help("fr") and "Your move" not in command_help("fr")


def neanderthal_at(phase: str):
    game = registry.get("neanderthal")
    state = game.setup(3, 4, game.resolve_options({}))
    while state["phase"] != phase:
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, game.default_move(state, seat))
    return game, state, game.to_act(state)[0]


def refusal(game, state, seat, typed, locale="en") -> str:
    from bot.table.i18n import refusal_text
    from rules.core import IllegalMove
    with pytest.raises(IllegalMove) as refused:
        game.parse(state, seat, typed)
    return refusal_text(locale, refused.value)


def test_neanderthal_refusals_give_the_reason_and_the_numbers():
    game, state, seat = neanderthal_at("bid")
    bids = [int(m.notation.split()[1]) for m in game.legal_moves(state, seat) if m.notation.startswith("bid ")]
    text = refusal(game, state, seat, "bid 99")
    assert text == f"You cannot bid 99 now: a bid now is {min(bids)} to {max(bids)} discs."
    assert refusal(game, state, seat, "bid 99", "fr").startswith("Vous ne pouvez pas enchérir 99 maintenant")
    assert refusal(game, state, seat, "zzz").startswith("'zzz' is not a legal move now (culture auction). Try: ")
    game, state, seat = neanderthal_at("assign")
    most = max(int(m.notation.split("x")[1]) for m in game.legal_moves(state, seat) if m.notation.startswith("N1x"))
    assert refusal(game, state, seat, "n1x99") == f"You cannot send 99 to N1: {most} hunters at most now."


async def test_a_solo_players_seats_are_named_in_the_tables_language(service, store):
    """Neanderthal alone: one person runs three species, each seat named after its species — in French
    'ann · Archaïque', not the English 'Archaic'."""
    place = Place(channel_id=700, guild_id=70)
    await service.note_guild_locale(70, "fr")
    await service.new_game(place, FR_ANN, "neanderthal", {"mode": "solo"}, seed=2)
    post = await service.start(place, FR_ANN)
    assert post.ok
    names = sorted(s.name for s in await store.seats((await store.open_game_in(700)).id))
    assert names == ["Ann · Archaïque", "Ann · Cro-Magnon", "Ann · Néanderthal"]


async def test_a_turn_that_goes_on_lists_its_moves_as_codes_to_type(service):
    """The note of a turn that goes on ends with a few legal moves: codes to type, in backticks, so
    that a French sentence around them does not read as broken French (`hunter nw`)."""
    await started(service)
    post = await service.move(HERE, ANN, "take 1")
    [note] = [f for f in post.followups if f.ephemeral]   # the mover's own note beside the channel's post
    hint = note.text.split("Your turn continues: ", 1)[1].split("\n")[0]
    assert hint.startswith("`") and all(part.strip().startswith("`") for part in hint.rstrip("…").split(", ")), hint
