"""How many taps a decision takes, measured on the real bot process (issue 26).

For each game, one person plays a whole game against AI seats through the Discord client of
the bot (``bot.discord.client.HearthClient``, its command tree and components, with Discord's
HTTP layer captured as the tests capture it: nothing leaves the machine), by pressing
components only: the turn post's "Your move", then the picker's buttons and select menus
(a random option each time, the menu's "More…" pressed as often as the option's page needs),
then Confirm on the preview. It reports, per game: decisions, presses per decision (mean and
most), the share of decisions seen in a preview before they counted, the moves the table
played by itself (a player's only legal move), and the time each interaction took from the
press to its last answer (p50, p95, max); and apart, the time the AI seats take to answer a
confirmed move in their own post (a move posts before the AI answers it, issue 29).

    python bench/taps.py                       # every game, AI level easy, seed 1
    python bench/taps.py --game clans --level normal --seed 3 --json
    python bench/taps.py --game first_sparks --game-seed 273200200011135   # replay one game

A benchmark, not a test: it asserts nothing about its figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.discord.picker_items import ITEMS, MENU_SIZE, PAGE_SIZE  # noqa: E402
from bot.table import Actor, Place, TableService, lobby  # noqa: E402
from bot.table.clock import ManualClock  # noqa: E402
from rules import registry  # noqa: E402
from rules.core import Rng  # noqa: E402
from storage.store import Store  # noqa: E402
from tests.bot.discord.harness import Rest, Wire, invoke, make_client, press, slash  # noqa: E402

PLAYER = dict(user_id=1, name="Ann")
HERE = Place(channel_id=100, guild_id=10)
MAX_DECISIONS = 400


def components(sent) -> list[dict]:
    data = sent.payload.get("data", sent.payload)
    return [c for row in data.get("components") or [] for c in row["components"]]


async def one_game(key: str, level: str, seed: int, players: int, game_seed: int | None = None) -> dict:
    patch = pytest.MonkeyPatch()
    if game_seed is not None:   # replay one game: /game new draws its seed by chance otherwise
        patch.setattr(lobby, "new_seed", lambda: game_seed)
    wire = Wire(patch)
    rest = Rest(patch)   # the AI seats' posts go out as channel messages
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "taps.db")
        service = TableService(store, ManualClock(1_700_000_000.0))
        client = make_client(service)
        client.add_dynamic_items(*ITEMS)
        me = Actor(PLAYER["user_id"], PLAYER["name"])
        times: list[float] = []
        ai_times: list[float] = []

        async def timed(coro) -> None:
            started = time.perf_counter()
            await coro
            times.append(time.perf_counter() - started)

        await timed(invoke(client, slash("game", {"game": key, "ai": players - 1, "level": level}, sub="new"),
                           **PLAYER))
        game = registry.get(key)
        row = await store.open_game_in(HERE.channel_id)
        if row is not None and row.status == "lobby":
            await timed(invoke(client, slash("game", sub="start"), **PLAYER))
        await asyncio.gather(*getattr(client, "later_tasks", set()))   # an AI that opens plays after the start's post
        chooser = Rng(seed)
        seats = await store.seats(row.id) if row is not None else []
        presses_each: list[int] = []
        previews = forced = 0
        decisions = 0
        waiting: list = []   # who the game waits for when it is left unfinished
        while decisions < MAX_DECISIONS:
            row = await store.open_game_in(HERE.channel_id)
            if row is None:
                break
            state = service.context.state_of(row)
            seats = await store.seats(row.id)
            mine = [s for s in game.to_act(state) if seats[s].user_id == me.user_id]
            if not mine:
                waiting = [(s, seats[s].name) for s in game.to_act(state)]
                break   # the AI seats wait for nobody: the game is stuck (reported as unfinished)
            service.clock.advance(20.0)   # a person's pace: the rate limit counts moves per second
            presses, saw_preview = 0, False
            wire.sent.clear()
            await timed(press(client, f"hearth:play:{HERE.channel_id}", **PLAYER))
            presses += 1
            for _ in range(60):
                shown = wire.messages()[-1]
                items = components(shown)
                confirm = [i for i in items if i["custom_id"].startswith("hearth:pc:")]
                if confirm:
                    saw_preview = True
                    wire.sent.clear()
                    await timed(press(client, confirm[0]["custom_id"], **PLAYER))
                    presses += 1
                    started = time.perf_counter()   # the AI seats answer in their own post, after it
                    await asyncio.gather(*getattr(client, "later_tasks", set()))
                    ai_times.append(time.perf_counter() - started)
                    break
                step = service.picking  # the whole list of options, to choose among them as a person would
                picker = (await step.pick(HERE, me, row.version, _path(items))).picker
                target = chooser.randbelow(len(picker.options))
                wire.sent.clear()
                menu = [i for i in items if i["type"] == 3]
                if menu:
                    for _flip in range(target // PAGE_SIZE):
                        more = [i for i in items if i["custom_id"].startswith("hearth:pk:")
                                and i["custom_id"].split(":")[4] == _path_text(items)
                                and i["custom_id"].split(":")[5] != "0"]
                        await timed(press(client, more[0]["custom_id"], **PLAYER))
                        presses += 1
                        items = components(wire.messages()[-1])
                        wire.sent.clear()
                    menu = [i for i in items if i["type"] == 3]
                    which = (target % PAGE_SIZE) // MENU_SIZE
                    await timed(press(client, menu[which]["custom_id"], values=[str(target)], **PLAYER))
                else:
                    options = [i for i in items if i["custom_id"].startswith("hearth:pk:")][:len(picker.options)]
                    await timed(press(client, options[target]["custom_id"], **PLAYER))
                presses += 1
            else:
                raise RuntimeError(f"{key}: no preview after 60 presses")
            if (await store.game(row.id)).version == row.version:
                raise RuntimeError(f"{key}: Confirm did not play: {wire.messages()[-1].content[:200]}")
            presses_each.append(presses)
            previews += saw_preview
            decisions += 1
        finished = await store.open_game_in(HERE.channel_id) is None
        game_seed = (await store.latest_game_in(HERE.channel_id)).seed   # /game new draws it: kept to replay a stuck game
        for entry in await store.log((await store.latest_game_in(HERE.channel_id)).id):
            if entry.kind == "move" and entry.user_id is None and entry.seat is not None \
                    and seats[entry.seat].user_id == me.user_id:
                forced += 1
        await store.close()
    patch.undo()
    times.sort()
    return {
        "game": key, "players": players, "level": level, "seed": seed, "game_seed": game_seed, "finished": finished,
        "waiting_for": [] if finished else waiting, "ai_posts": len(rest.find("POST", "/messages")),
        "decisions": decisions, "presses_mean": round(statistics.mean(presses_each), 2) if presses_each else None,
        "presses_max": max(presses_each, default=None), "preview_share": round(previews / decisions, 3) if decisions else None,
        "forced_by_table": forced, "interactions": len(times),
        "answer_p50_s": round(times[len(times) // 2], 3), "answer_p95_s": round(times[int(len(times) * 0.95)], 3),
        "answer_max_s": round(times[-1], 3),
        "ai_post_p50_s": round(sorted(ai_times)[len(ai_times) // 2], 3) if ai_times else None,
        "ai_post_max_s": round(max(ai_times), 3) if ai_times else None,
    }


def _path_text(items: list[dict]) -> str:
    """The path of the step shown, read from its menu's or first option's custom id."""
    for item in items:
        parts = item["custom_id"].split(":")
        if parts[1] == "pm":
            return parts[4]
    for item in items:
        parts = item["custom_id"].split(":")
        if parts[1] == "pk":
            return ".".join(parts[4].split(".")[:-1]) if parts[4] else ""
    return ""


def _path(items: list[dict]) -> tuple[int, ...]:
    return tuple(int(p) for p in _path_text(items).split(".") if p.isdigit())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game key (repeatable); default: every game")
    parser.add_argument("--level", default="easy", choices=("easy", "normal", "hard"))
    parser.add_argument("--seed", type=int, default=1, help="the person's choices")
    parser.add_argument("--game-seed", type=int, help="the game's own seed (default: drawn by /game new)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    keys = args.game or registry.keys()
    rows = []
    for key in keys:
        players = 2 if registry.get(key).max_players >= 2 else 1
        rows.append(asyncio.run(one_game(key, args.level, args.seed, players, args.game_seed)))
        if not args.json:
            r = rows[-1]
            print(f"{key:15} decisions {r['decisions']:4}  presses/decision {r['presses_mean']} (most {r['presses_max']})"
                  f"  preview {r['preview_share']:.0%}  forced by the table {r['forced_by_table']}"
                  f"  answer p50 {r['answer_p50_s']} s, p95 {r['answer_p95_s']} s, max {r['answer_max_s']} s"
                  f"  (the AI's post after: p50 {r['ai_post_p50_s']} s, max {r['ai_post_max_s']} s)"
                  f"  {'finished' if r['finished'] else 'UNFINISHED'}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
