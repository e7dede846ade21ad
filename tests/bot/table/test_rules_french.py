"""Issue 15, point 3: French players read French. The games whose texts are converted to message keys
(``CONVERTED``) are played by random moves in French — the players' and the server's locale ``fr`` —
and every text they read must come from a lookup in the ``rules`` catalogue: checked by key, never by
guessing words. Each event, refusal, move label and result carries a message key (``said``); that key
and every key nested in its parameters must have a filled, reviewed French entry; and what the channel,
the private replies, the buttons and the autocomplete show is exactly that rendering, placeholders all
filled."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

import render
from bot.table import Actor, Place, Reply, TableService, results
from bot.table import people as seating
from bot.table.clock import ManualClock
from bot.table.i18n import LABEL, LOCALE_DIR, RULES_DOMAIN, say
from rules import registry
from rules.core import IllegalMove, Rng, random_playout
from rules.wording import PHRASES
from storage.store import Store

CONVERTED = ("fire_and_stone", "clans", "first_sparks", "carcassonne_hg", "neanderthal")     # all five
HERE = Place(channel_id=7, guild_id=77)
MAX_MOVES = 150          # commands per game through the service (the pure-rules playout below goes to the end)


def entries(lang: str) -> dict[str, str | tuple]:
    """Reviewed entries of one language's rules catalogue, by key (msgctxt)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{RULES_DOMAIN}.po").open("rb") as fh:
        cat = read_po(fh, locale=lang)
    return {m.context: m.string for m in cat if m.id and not m.fuzzy}


FRENCH = entries("fr")
RULES_LANGUAGES = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{RULES_DOMAIN}.po"))


def keys_in(said: dict) -> list[str]:
    """Every message key a stored ``said`` uses, nested parameters included."""
    out = [said["key"]]
    for value in (said.get("params") or {}).values():
        if isinstance(value, dict) and "key" in value:
            out += keys_in(value)
        elif isinstance(value, dict):
            for item in value.get("list", []) + value.get("lines", []) + value.get("sentences", []):
                if isinstance(item, dict) and "key" in item:
                    out += keys_in(item)
    return out


def assert_french(said, what: str) -> str:
    """``said`` (a Said or its JSON) is fully translated: returns its French rendering."""
    assert said is not None, f"{what}: no message key (an English-only text)"
    data = said if isinstance(said, dict) else said.to_json()
    for key in keys_in(data):
        assert key in PHRASES, f"{what}: unknown key {key}"
        entry = FRENCH.get(key)
        assert entry and all(entry if isinstance(entry, tuple) else [entry]), f"{what}: {key} has no French"
    text = say("fr", data)
    assert "{" not in text.replace("{p", ""), f"{what}: placeholder left in {text!r}"
    return text


def tables():
    for key in CONVERTED:
        game = registry.get(key)
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(key, players, id=f"{key}-{players}")


@pytest.mark.parametrize("key,players", list(tables()))
def test_a_whole_random_game_says_everything_by_key(key, players):
    """Pure rules, to the end: every event, every legal move's label and the result have keys with French."""
    game = registry.get(key)
    seen = {"events": 0, "labels": 0, "hands": 0}

    def check(state):
        for seat in game.to_act(state):
            for move in game.legal_moves(state, seat):
                assert_french(move.said, f"{key} label {move.notation}")
                seen["labels"] += 1

    play = random_playout(game, players, seed=players * 31 + 5, check=[check])
    seats = game.seat_count(players, game.resolve_options({}))
    state = game.setup(seats, players * 31 + 5, game.resolve_options({}))
    for number, move in enumerate(play.moves):
        if number % 7 == 0:     # /hand of every seat and /game status, every few moves (all by key too)
            for line in game.status_said(state) or [None]:
                assert_french(line, f"{key} status")
            for seat in range(seats):
                for line in game.private_said(state, seat) or [None]:
                    assert_french(line, f"{key} /hand of seat {seat}")
                seen["hands"] += 1
        state, events = game.apply(state, move)
        for event in events:
            assert_french(event.said, f"{key} event {event.text!r}")
            assert say("en", event.said) == event.text, "an English reader reads the stored English"
            seen["events"] += 1
    assert play.finished, f"{key} did not finish"
    result = game.result(play.state)
    summary = assert_french(result.summary_said, f"{key} result")
    for seat in range(len(result.scores)):
        assert f"{{p{seat}}}" in summary, "the summary names every player"
    assert seen["events"] > 10 and seen["labels"] > 10 and seen["hands"] > 2


def public(reply: Reply) -> list[str]:
    out = [] if reply.ephemeral else [reply.text]
    for extra in reply.followups:
        out += public(extra)
    return out


def private(reply: Reply) -> list[str]:
    out = [reply.text] if reply.ephemeral else []
    for extra in reply.followups:
        out += private(extra)
    return out


def all_choices(reply: Reply) -> list:
    out = list(reply.choices)
    for extra in reply.followups:
        out += all_choices(extra)
    return out


@pytest.mark.parametrize("key,players", list(tables()))
async def test_french_table_reads_french(tmp_path, key, players):
    """Through the table service, players and server in French: channel posts, private notes, buttons,
    autocomplete and refusals are the French renderings of the rules' keys."""
    store = await Store.open(tmp_path / "fr.db")
    try:
        service = TableService(store, ManualClock(1_700_000_000.0), render_images=False)
        await service.note_guild_locale(HERE.guild_id, "fr")
        people = [Actor(200 + i, f"J{i + 1}", locale="fr") for i in range(players)]
        game = registry.get(key)
        assert (await service.new_game(HERE, people[0], key, seed=players)).ok
        for p in people[1:]:
            assert (await service.join(HERE, p)).ok
        reply = await service.start(HERE, people[0])
        assert reply.ok, reply.text
        row = await store.open_game_in(HERE.channel_id)
        game_id = row.id
        seats = await store.seats(game_id)
        names = [s.name for s in seats]
        channel = public(reply)
        chooser = Rng(players ^ 0xF4)
        refusals = 0
        for step in range(MAX_MOVES):
            row = await store.open_game_in(HERE.channel_id)
            if row is None:
                break
            state = service.context.state_of(row)
            acting = game.to_act(state)
            seat = acting[chooser.randbelow(len(acting))]
            owner = next(p for p in people if p.user_id == seats[seat].user_id)
            moves = game.legal_moves(state, seat)
            # autocomplete: the French label of each legal move
            offered = {m.notation: m.label for m in await service.legal(HERE, owner, "", limit=10**6)}
            for m in moves:
                expect = seating.fill(assert_french(m.said, f"label {m.notation}"), names)
                assert seating.fill(offered[m.notation], names) == expect
            if step % 10 == 3:   # a refusal, in French, with its reason
                typed = "99999" if step % 20 == 3 else "zz"
                with pytest.raises(IllegalMove) as refused:
                    game.parse(state, seat, typed)
                shown = seating.fill(assert_french(refused.value.said, f"refusal of {typed}"), names)
                answer = await service.move(HERE, owner, typed)
                assert not answer.ok and answer.text == shown
                refusals += 1
            move = moves[chooser.randbelow(len(moves))]
            _, events = game.apply(state, move)
            reply = await service.move(HERE, owner, move.notation)
            assert reply.ok, reply.text
            channel += public(reply)
            note = "\n".join(private(reply))
            for event in events:
                text = seating.fill(assert_french(event.said, f"event {event.text!r}"), names)
                if event.private_to is not None:
                    assert text in note, (text, note)
            for choice in all_choices(reply):
                if choice.command == "move":
                    after = service.context.state_of(await store.game(game_id))
                    labelled = {m.notation: m for s in game.to_act(after) for m in game.legal_moves(after, s)}
                    expect = assert_french(labelled[choice.arg].said, f"button {choice.arg}")
                    assert choice.label == seating.fill(expect, names)[:80]
        assert refusals
        # every public event of the log, by key, reached the channel in French, in order
        told = "\n".join(channel)
        cursor = 0
        for entry in await store.log(game_id):
            if entry.kind != "move":
                continue
            assert len(entry.messages) == len(entry.events)
            for message in entry.messages:
                if message and message.get(LABEL):
                    continue   # the label /log shows for a move without public events: never a channel event
                shown = seating.fill(assert_french(message, f"logged v{entry.version}"), names)
                found = told.find(shown, cursor)
                assert found >= 0, f"{shown!r} not in the channel in order"
                cursor = found + len(shown)
        final = await store.latest_game_in(HERE.channel_id)
        if final.status == "finished":
            result = results.final_result(final, game, service.context.state_of(final))
            summary = seating.fill(assert_french(result.summary_said, "result"), names)
            assert summary in told
        # /log, read in French, shows the same renderings
        page = await service.log(HERE, people[0], page=1)
        assert "{p" not in page.text
    finally:
        await store.close()


def test_french_is_a_rules_language():
    assert "fr" in RULES_LANGUAGES


@pytest.mark.parametrize("lang", RULES_LANGUAGES)
def test_every_rules_phrase_renders_in_both_languages(lang):
    """The catalogue test: each declared phrase, with sample values and counts 0, 1, 2, renders in English
    and in each catalogue's language with every field filled and no field lost or invented; the template
    is up to date."""
    registry.all_games()
    render.declare_words()          # the boards' words too (render/<game>_words.py)
    translated = entries(lang)
    with (LOCALE_DIR / f"{RULES_DOMAIN}.pot").open("rb") as fh:
        template = {m.context for m in read_po(fh) if m.id}
    assert template == set(PHRASES), "bot/locale/rules.pot is stale: python -m bot.table.rules_catalogue"
    from bot.table.i18n import fields_of
    converted = tuple(f"{k}." for k in CONVERTED) + ("core.",)
    for key, phrase in PHRASES.items():
        if not key.startswith(converted):
            continue
        entry = translated.get(key)
        forms = list(entry) if isinstance(entry, tuple) else [entry]
        assert entry and all(forms), f"{key}: no translation in {lang}"
        english = fields_of(phrase.one) | fields_of(phrase.other or "")
        for form in forms:
            assert fields_of(form) <= english, f"{key}: {lang} invents a field"
        if phrase.is_plural:
            assert fields_of(forms[-1]) == english, f"{key}: {lang} plural loses a field"
        else:
            assert fields_of(forms[0]) == english, f"{key}: {lang} loses a field"
        for n in (0, 1, 2):
            params = {name: f"<{name}>" for name in english}
            if phrase.is_plural:
                params[phrase.count] = n
            for reader in ("en", lang):
                text = say(reader, {"key": key, "params": params})
                assert "{" not in text, f"{key} ({reader}, n={n}): {text!r}"
                if phrase.is_plural and "{" + phrase.count + "}" in phrase.other:
                    assert str(n) in text, f"{key} ({reader}): the count is shown"


def test_plural_forms_follow_each_language():
    from rules.clans import phrases as ph
    assert say("en", ph.MOVES(who="A", n=1, src=3, dst=4)) == "A moves 1 hut from 3 onto 4."
    assert say("en", ph.MOVES(who="A", n=2, src=3, dst=4)) == "A moves 2 huts from 3 onto 4."
    assert say("fr", ph.MOVES(who="A", n=1, src=3, dst=4)) == "A déplace 1 hutte de 3 vers 4."
    assert say("fr", ph.MOVES(who="A", n=0, src=3, dst=4)) == "A déplace 0 hutte de 3 vers 4."   # French: 0 is singular
    assert say("en", ph.MOVES(who="A", n=0, src=3, dst=4)) == "A moves 0 huts from 3 onto 4."


def test_old_logs_of_plain_english_still_read():
    from bot.table.i18n import logged
    assert logged("fr", "{p0} did something.", None) == "{p0} did something."
    assert logged("fr", "gone", {"text": "gone", "key": "no.such.key"}) == "gone"


async def test_games_still_in_english_keep_working_in_a_french_table(service, store):
    """A game whose rules emit plain English (Pebbles here; Carcassonne and Neanderthal today) is logged
    and shown as before: the log keeps the strings, with no message key."""
    from tests.bot.conftest import ANN, BOB, started
    from tests.bot.conftest import HERE as PEBBLES
    await started(service)
    ann = Actor(ANN.user_id, ANN.name, locale="fr")
    reply = await service.move(PEBBLES, ann, "take 1")
    assert reply.ok and "Ann takes 1." in "\n".join(public(reply) + private(reply))
    row = await store.latest_game_in(PEBBLES.channel_id)
    entry = (await store.log(row.id))[-1]
    assert entry.events and entry.messages == (None,) * len(entry.events)
    shown = await service.log(PEBBLES, Actor(BOB.user_id, BOB.name, locale="fr"))
    assert "Ann takes 1." in shown.text
