"""What a player reads: in the reader's language, in whole sentences."""

from __future__ import annotations

import re

import pytest

from bot.table.lobby import first_player_line
from rules import registry
from storage.store import SeatRow

FRENCH_WORDS = re.compile(r"\b(le|la|les|du|qui|sera|joueur|premier|plateau|chaque|hasard|une)\b")
GAMES = ["clans", "carcassonne_hg", "first_sparks", "fire_and_stone", "neanderthal"]


@pytest.mark.parametrize("key", GAMES)
def test_the_start_post_quotes_the_rulebook_in_the_readers_language(key):
    """English start posts quoted French rulebook sentences (Neanderthal's a whole one, with « le
    symbole la plus »): English says it in English, marked as our translation."""
    game = registry.get(key)
    seats = [SeatRow(0, 1, "ann", False), SeatRow(1, 2, "bob", False)]
    english = first_player_line(game, seats, "", "en", [0])
    assert "«" not in english and not FRENCH_WORDS.search(english), english
    if '"' in english:
        assert "our translation" in english, english
    french = first_player_line(game, seats, "", "fr", [0])
    assert "symbole la plus" not in french and "Decide" not in french and "our translation" not in french, french


# ------------------------------------------------------------ French reads French

def test_french_counts_and_titles():
    """« 0 auroch », « Préparer la 1 tuile choisie », « Die ersten Funken » in French posts."""
    from bot.table.i18n import say
    from rules.carcassonne_hg import phrases as carc
    from rules.fire_and_stone import phrases as fs

    assert say("fr", carc.ANIMAL["aurochs"](n=0)) == "0 aurochs"
    for n in (0, 1, 2):
        text = say("fr", fs.L_COOK(n=n))
        assert "la 1 " not in text and "la 0 " not in text, text
    assert registry.get("first_sparks").display_name("fr") == "Les Premières Étincelles"
    assert registry.get("carcassonne_hg").display_name("fr") == "Carcassonne : Chasseurs et Cueilleurs"


def test_french_catalogue_words():
    from babel.messages.pofile import read_po

    from bot.table.i18n import LOCALE_DIR

    with open(LOCALE_DIR / "fr" / "LC_MESSAGES" / "rules.po", "rb") as f:
        rules = {m.context: m.string for m in read_po(f)}
    assert rules["carcassonne_hg.tile.aurochs"][0] == "{n} aurochs", "0 and 1 take the singular in French"
    assert "la {n}" not in rules["fire_and_stone.label.cook"][0]


@pytest.mark.parametrize("loc", ["fr", "en"])
async def test_a_sub_step_note_says_the_move_in_words(service, loc):
    """« Done: done. » / « Fait : monogamy »: the note after a step that leaves the turn going on
    says the move's label in the reader's language, then what was typed."""
    from bot.table import Actor, Place
    from bot.table.i18n import label_text

    here = Place(channel_id=500, guild_id=50)
    ann, bob = Actor(1, "Ann", locale=loc), Actor(2, "Bob", locale=loc)
    await service.new_game(here, ann, "fire_and_stone", seed=3)
    await service.join(here, bob)
    await service.start(here, ann, "join")
    row = await service.store.open_game_in(here.channel_id)
    game, state = service.context.game_of(row), service.context.state_of(row)
    seat = game.to_act(state)[0]
    first = game.legal_moves(state, seat)[0]
    mover = (ann, bob)[seat]
    reply = await service.move(here, mover, first.notation)
    notes = [r.text for r in (reply, *reply.followups) if r.ephemeral]
    assert notes, reply.text
    words = label_text(loc, first)
    head = notes[0].splitlines()[0]
    expected = ("You played: " if loc == "en" else "Vous avez joué : ") + f"{words} (`{first.notation}`)."
    assert head.startswith(expected), head




async def test_french_settings_notify_and_busy_read_french(service):
    """« skip », « dm », « automatique (on seulement …) », « (clans, lobby) » in French replies."""
    from bot.table import Actor, Place

    here = Place(channel_id=600, guild_id=60)
    ann, bob = Actor(1, "Ann", locale="fr"), Actor(2, "Bob", locale="fr")
    await service.new_game(here, ann, "clans", seed=3)
    shown = (await service.game_settings(here, ann)).text
    assert "passer le tour (`skip`)" in shown and "on seulement" not in shown, shown
    assert "activés seulement tant qu'une personne joue" in shown
    busy = (await service.new_game(here, bob, "clans", seed=4)).text
    assert "lobby" not in busy and "(clans" not in busy and "**Clans** (en attente de lancement)" in busy, busy
    mode = (await service.notify(ann, "dm")).text
    assert "**par message privé**" in mode and "**dm**" not in mode, mode
    asked = (await service.notify(bob, None)).text
    assert "**dans le salon de la partie**" in asked and "**channel**" not in asked, asked
    english = (await service.notify(Actor(3, "Cid"), "both")).text
    assert english == "Turn notices for you: **in the channel and by direct message**.", english


@pytest.mark.parametrize("loc", ["en", "fr"])
async def test_log_lines_say_what_a_move_without_public_events_was(service, loc):
    """/log lines showed only the typed code (`pass`, `c1`, `ok`) where a move caused no public
    event: they say the move's label (in the reader's language) after it."""
    from bot.table import Actor, Place
    from bot.table.i18n import label_text

    here = Place(channel_id=700, guild_id=70)
    ann, bob = Actor(1, "Ann", locale=loc), Actor(2, "Bob", locale=loc)
    await service.new_game(here, ann, "fire_and_stone", seed=3)
    await service.join(here, bob)
    await service.start(here, ann, "join")
    labels = {}
    for _ in range(12):
        row = await service.store.open_game_in(here.channel_id)
        game, state = service.context.game_of(row), service.context.state_of(row)
        seat = game.to_act(state)[0]
        move = game.legal_moves(state, seat)[0]
        labels[move.notation] = label_text(loc, move)
        assert (await service.move(here, (ann, bob)[seat], move.notation)).ok
    text = (await service.log(here, ann)).text
    bare = [line for line in text.splitlines()[1:] if line.rstrip().endswith("`")]
    assert not bare, bare
    assert any(f"`{n}` — {w}" in text for n, w in labels.items() if w), text


def test_clumsy_sentences_read_as_sentences():
    """« A member of dee starves », « (one of it the bonus grain) », « Your hand is empty
    (limit 0) », « Epoch II begins » said by the event and again by the status line under it."""
    from bot.table.i18n import say
    from rules.clans import phrases as clans
    from rules.first_sparks import phrases as sparks
    from rules.neanderthal import phrases as ne

    assert say("en", sparks.STARVES(who="dee", region=4)) == "dee loses a member to hunger on region 4."
    bought = say("en", sparks.BUYS_BONUS(who="dee", card="Fire", cost=3))
    assert "one of it" not in bought and bought.endswith("the bonus grain included."), bought
    empty = say("en", ne.HAND_EMPTY(limit=0))
    assert "(limit 0)" not in empty and "one card per mature elder" in empty, empty
    assert say("en", clans.EPOCH_BEGINS(epoch="II", terms="x")) == "Epoch II begins."
    assert say("fr", clans.EPOCH_BEGINS(epoch="II", terms="x")) == "L'époque II commence."


async def test_the_final_hand_has_no_blank_line_under_its_heading(service):
    from tests.bot.conftest import ANN, BOB, HERE, started

    await started(service)
    await service.resign(HERE, BOB)
    row = await service.store.latest_game_in(HERE.channel_id)
    assert row.status != "active"
    text = (await service.hand(HERE, ANN)).text
    head, _, rest = text.partition("\n")
    assert head.endswith("What only you saw at the end:") and rest and not rest.startswith("\n"), repr(text)


@pytest.mark.parametrize("key, players, unit_en, unit_fr", [
    ("carcassonne_hg", 2, "0 points", "0 point"), ("first_sparks", 3, "clan member", "membre")])
async def test_the_pinned_status_line_gives_its_numbers_a_unit(service, key, players, unit_en, unit_fr):
    """« ann: 0 · bob: 0 »: points, or (The First Sparks) clan members on the map."""
    from bot.table import Actor, Place

    for loc, unit in (("en", unit_en), ("fr", unit_fr)):
        here = Place(channel_id=800 if loc == "en" else 801, guild_id=80 if loc == "en" else 81)
        await service.note_guild_locale(here.guild_id, loc)
        people = [Actor(1 + i, n, locale=loc) for i, n in enumerate(["Ann", "Bob", "Cid"][:players])]
        await service.new_game(here, people[0], key, seed=3)
        for p in people[1:]:
            await service.join(here, p)
        post = await service.start(here, people[0], "join")
        status = await service.status_for(post)
        assert unit in status.split(" · ", 1)[1], status
        assert unit in (await service.status(here, people[0])).text


async def test_a_turn_image_against_the_ai_keeps_the_players_own_move(service, monkeypatch):
    """The AI's events (drawing, placing, scoring, a bonus tile…) pushed the player's own move off
    the turn image's legend (its last four lines): each mover's first event stays."""
    from bot.table import Actor, Place

    here = Place(channel_id=900, guild_id=90)
    ann = Actor(1, "Ann")
    shown: list[list[str]] = []
    real = service.context.boards.png

    async def spy(row, seats, state, events=None, *args, **kwargs):
        shown.append(list(events or []))
        return await real(row, seats, state, events, *args, **kwargs)

    monkeypatch.setattr(service.context.boards, "png", spy)
    await service.new_game(here, ann, "carcassonne_hg", seed=3, ai=1, level="easy")
    await service.start(here, ann, "join")
    checked = 0
    for _ in range(30):
        move = (await service.legal(here, ann, "", limit=1))[0].notation
        shown.clear()
        reply = await service.move(here, ann, move)
        assert reply.ok, reply.text
        if not reply.ephemeral and "Hearth AI" in reply.text and shown:
            legend = shown[-1]
            mine = [line for line in legend if line.startswith(("{p0} places", "{p0} puts", "{p0} builds"))]
            assert len(legend) <= 4 and (mine or "{p0} places" not in " ".join(legend)), legend
            assert mine or not any(x in reply.text for x in ("Ann places", "Ann puts", "Ann builds")), legend
            checked += 1
    assert checked
