"""On the table service: ``/log`` pages hold every entry,
display names are neutralised before they reach public text, and ``/hand``
still answers once the game is over."""

from __future__ import annotations

import dataclasses
import re

from bot.table import Actor, Place
from bot.table import people as seating
from bot.table.names import public_name
from bot.table.show import LOG_PAGE, log_pages
from rules import registry
from rules.core import Rng
from tests.bot.conftest import ANN, BOB, CID, HERE, started

ENTRY = re.compile(r"^`#\s*(\d+)`", re.M)


async def random_moves(service, store, people, count: int, seed: int = 3) -> int:
    """Play ``count`` random legal moves in HERE's game; returns its id."""
    row = await store.open_game_in(HERE.channel_id)
    game = registry.get(row.key)
    seats = await store.seats(row.id)
    chooser = Rng(seed)
    for _ in range(count):
        row = await store.open_game_in(HERE.channel_id)
        if row is None:
            break
        state = service.context.state_of(row)
        acting = game.to_act(state)
        seat = acting[chooser.randbelow(len(acting))]
        moves = game.legal_moves(state, seat)
        owner = next(p for p in people if p.user_id == seats[seat].user_id)
        assert (await service.move(HERE, owner, moves[chooser.randbelow(len(moves))].notation)).ok
    return (await store.latest_game_in(HERE.channel_id)).id


async def test_log_pages_split_between_entries_and_hold_every_entry(service, store):
    people = [ANN, BOB, CID]
    await started(service, tuple(people), key="neanderthal")
    game_id = await random_moves(service, store, people, 150)
    versions = [entry.version for entry in await store.log(game_id)]
    first = await service.log(HERE, CID, 1)
    pages = int(re.search(r"page 1/(\d+)", first.text)[1])
    seen: list[int] = []
    sizes: list[int] = []
    for page in range(1, pages + 1):
        text = (await service.log(HERE, CID, page)).text
        assert len(text) <= 1990, f"page {page} is {len(text)} characters"
        lines = text.split("\n")[1:]
        assert all(ENTRY.match(line) for line in lines), f"page {page} starts a line inside an entry"
        assert all(not line.endswith("…") or len(line) > 1800 for line in lines), "no entry is cut short"
        seen += [int(v) for v in ENTRY.findall(text)]
        sizes.append(len(lines))
    assert seen == versions, "every entry on exactly one page, in order"
    assert min(sizes[:-1]) < LOG_PAGE, "long entries filled a page by characters (the case that lost entries)"


def test_log_pages_unit():
    lines = [f"`#{i:>3}` " + "x" * (50 + 37 * i % 400) for i in range(1, 60)]
    book = log_pages(lines, 1000)
    assert [line for page in book for line in page] == lines
    assert all(len("\n".join(page)) <= 1000 and len(page) <= LOG_PAGE for page in book)
    huge = log_pages(["a" * 5000, "b"], 1000)
    assert [len(page) for page in huge] == [1, 1] and len(huge[0][0]) == 1000 and huge[0][0].endswith("…")


def test_public_name_keeps_the_name_and_drops_the_rest():
    assert public_name("Ann") == "Ann"
    assert public_name("Zoé Dupont-Moreau") == "Zoé Dupont-Moreau"
    assert public_name("**Bob**") == "Bob"
    assert public_name("__ann_b__") == "ann b"
    assert public_name("@everyone") == "everyone"
    assert public_name("<@&123> boss") == "&123 boss"
    assert public_name("# Big") == "Big" and public_name("> quoted") == "quoted" and public_name("-# tiny") == "tiny"
    assert public_name("Eve\u202egnp.exe") == "Evegnp.exe", "no right-to-left override"
    assert public_name("a\u200bb\x00c\u2066") == "abc", "no zero-width or control characters"
    assert public_name("[click](https://x.y)") == "click(https://x.y)", "no masked link"
    assert public_name("||spoiler|| ~~x~~ `code`") == "spoiler x code"
    assert public_name("\u202e\u200b") == "player" and len(public_name("n" * 100)) == 32


async def test_hostile_names_reach_public_posts_neutralised(service, store):
    mallory = Actor(66, "**@everyone**\u202e <@&1>")
    place = Place(channel_id=HERE.channel_id, guild_id=HERE.guild_id)
    opened = await service.new_game(place, mallory, "pebbles", seed=1)
    joined = await service.join(place, Actor(67, "__Bob__"))
    start = await service.start(place, mallory)
    for reply in (opened, joined, start):
        assert reply.ok and not reply.ephemeral
        text = reply.text.replace("**Pebbles**", "")
        for bad in ("**", "__", "@", "\u202e", "<@&"):
            assert bad not in text, (bad, reply.text)
    seats = await store.seats((await store.open_game_in(HERE.channel_id)).id)
    assert [s.name for s in seats] == ["everyone &1", "Bob"]
    assert "everyone &1" in start.text and "Bob" in start.text


async def test_every_command_cleans_the_names_it_brings_in(service, store):
    """Not only the lobby: settings, vacation, a person named in /game handover or /stats, and
    names stored before names were cleaned, all reach public text neutralised."""
    await started(service)
    hostile = "**@here**\u202e"
    row = await store.open_game_in(HERE.channel_id)
    settings = await service.game_settings(HERE, Actor(ANN.user_id, hostile), reminder=12)
    vacation = await service.vacation(HERE, Actor(BOB.user_id, hostile), 1)
    offer = await service.handover(HERE, BOB, (77, "<@&5> __Zed__", False))
    for reply in (settings, vacation, offer):
        assert reply.ok, reply.text
        for bad in ("**@", "@here", "\u202e", "<@&", "__"):
            assert bad not in reply.text.replace("**Pebbles**", ""), (bad, reply.text)
    assert "&5 Zed" in offer.text
    # a name stored raw (a game from before names were cleaned) is cleaned where posts read it
    raw = [dataclasses.replace(s, name=hostile) for s in await store.seats(row.id)]
    assert seating.names(raw) == ["here", "here"] and seating.seated_list(raw) == "here, here"
    assert seating.who([0, 1], raw) == "here"


async def test_hand_after_the_game_is_over(service, store):
    await started(service)
    for _ in range(40):
        for actor in (ANN, BOB):
            if (await service.move(HERE, actor, "take 3")).ok:
                await service.move(HERE, actor, "end")
    assert (await store.open_game_in(HERE.channel_id)) is None, "the game is over"
    assert (await service.board(HERE, ANN)).ok
    hand = await service.hand(HERE, ANN)
    assert hand.ok and hand.ephemeral
    assert "over" in hand.text and "secret number" in hand.text, hand.text
    assert not (await service.hand(HERE, CID)).ok, "a spectator still has no hand"



async def test_a_post_too_long_to_tell_every_event_counts_the_rest_in_the_readers_language(service, store,
                                                                                         monkeypatch):
    from bot.table import turns
    monkeypatch.setattr(turns, "POST_EVENTS", 1)      # the cut of a runaway chain of table-played turns
    people = [ANN, BOB, CID]
    await started(service, tuple(people), key="neanderthal")
    game = registry.get("neanderthal")
    chooser = Rng(5)
    cut = []
    for _ in range(300):
        row = await store.open_game_in(HERE.channel_id)
        if row is None or cut:
            break
        state = service.context.state_of(row)
        seats = await store.seats(row.id)
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        owner = next(p for p in people if p.user_id == seats[seat].user_id)
        french = dataclasses.replace(owner, locale="fr")
        reply = await service.move(HERE, french, moves[chooser.randbelow(len(moves))].notation)
        cut += [line for line in reply.text.split("\n") if line.startswith("… (")]
    assert cut, "some move told more than one event"
    assert re.fullmatch(r"… \(1 événement plus ancien dans `/log`\)|… \(\d+ événements plus anciens dans `/log`\)",
                        cut[0]), cut[0]
