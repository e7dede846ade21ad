"""The ``hearth`` command.

    hearth                      Discord bot if DISCORD_TOKEN is set, else the local table
                                (HEARTH_SHARDS / HEARTH_SHARD_IDS: which shards this process runs)
    hearth local [--script F]   the local table (interactive, or lines from a file)
    hearth selfplay GAME ...    full games by random legal moves
    hearth arena GAME --seats … AI levels played against each other
    hearth commands             the slash-command payload registered with Discord, as JSON
    hearth sync                 register the slash commands with Discord now
    hearth verify               replay every stored game from its log and compare
    hearth backup PATH          consistent online copy of the database
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
import threading
import time
from pathlib import Path

from bot.config import BadSetting, Settings, load_settings
from storage import UnusableSetting, open_store


def main(argv: list[str] | None = None) -> int:
    try:
        settings = load_settings()   # the one read of the settings: each bad one is a line, and exit code 2
    except BadSetting as exc:
        for problem in exc.problems:
            print(f"hearth: {problem}", file=sys.stderr)
        return 2
    from bot.table.i18n import set_default_locale
    set_default_locale(settings.locale)
    parser = argparse.ArgumentParser(prog="hearth", description="Prehistoric board games by chat.")
    sub = parser.add_subparsers(dest="cmd")

    local = sub.add_parser("local", help="the local table in this terminal")
    local.add_argument("--script", help="run the lines of this file instead of reading the terminal")
    local.add_argument("--db", default=settings.db, help=f"database file (default {settings.db})")
    local.add_argument("--images", default=settings.images, help="folder for board images")
    local.add_argument("--seed", type=int, help="fix the seeds of new games (reproducible scripts)")
    local.add_argument("--admin", action="append", default=[], help="a local name with Manage Channels")
    local.add_argument("--load", help="replay a game exported with /game export into its own channel first")
    local.add_argument("--lang", help="the language you read and the table's server speaks: en or fr "
                                      "(default: HEARTH_LOCALE; `!lang` changes it)")

    sp = sub.add_parser("selfplay", help="play full games by random legal moves")
    sp.add_argument("game")
    sp.add_argument("--players", type=int, required=True)
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--options", default="", help="table options, key=value")
    sp.add_argument("--store", action="store_true", help="go through the table service and a database")
    sp.add_argument("--render", action="store_true", help="render the board after every move (implies --store)")

    ar = sub.add_parser("arena", help="AI levels played against each other (a benchmark)")
    ar.add_argument("game")
    ar.add_argument("--seats", required=True, help="seat specs, e.g. ai:normal,random (random, ai:easy|normal|hard)")
    ar.add_argument("--games", type=int, default=10)
    ar.add_argument("--seed", type=int, default=1)
    ar.add_argument("--options", default="", help="table options, key=value")
    ar.add_argument("--iterations", type=int, help="search iterations per decision (default: the level's)")
    ar.add_argument("--json", action="store_true", help="figures as JSON")
    ar.add_argument("--quiet", action="store_true", help="no progress line per game (on stderr)")

    sub.add_parser("commands", help="print the slash-command payload as JSON")
    sub.add_parser("sync", help="register slash commands with Discord now")
    ver = sub.add_parser("verify", help="replay every stored game and compare with its saved state")
    ver.add_argument("--db", default=settings.db)
    bak = sub.add_parser("backup", help="consistent online backup of the database")
    bak.add_argument("path")
    bak.add_argument("--db", default=settings.db)
    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")

    args = parser.parse_args(argv)
    logging.basicConfig(level=getattr(logging, settings.log_level),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    if args.cmd is None:
        args.cmd = "run" if settings.token else "local"
        if args.cmd == "local":
            args = parser.parse_args(["local"])
    try:
        return _dispatch(args, parser, settings)
    except UnusableSetting as exc:   # a database setting we cannot use: one clear line, nothing created
        print(f"hearth: {exc}", file=sys.stderr)
        return 2


def _dispatch(args: argparse.Namespace, parser: argparse.ArgumentParser, settings: Settings) -> int:
    if args.cmd == "local":
        try:
            return asyncio.run(_local(args))
        except KeyboardInterrupt:   # Ctrl-C: _local said goodbye (a second press may land anywhere: stay quiet)
            return 130
    if args.cmd == "selfplay":
        from bot.ops.selfplay import selfplay
        return selfplay(args)
    if args.cmd == "arena":
        from bot.ops.arena import main as arena_main
        return arena_main(args)
    if args.cmd == "commands":
        from bot.discord.client import command_payload
        print(json.dumps(command_payload(), indent=2, ensure_ascii=False))
        return 0
    if args.cmd in ("run", "sync"):
        from bot.discord.shards import plan_of
        shards = plan_of(settings)   # HEARTH_SHARDS, HEARTH_SHARD_IDS
        if not settings.token:
            print("DISCORD_TOKEN is not set: see .env.example (or run `hearth local`).", file=sys.stderr)
            return 2
        from bot.discord.client import run_bot
        return run_bot(settings, sync_only=args.cmd == "sync", shards=shards)
    if args.cmd == "verify":
        return asyncio.run(_verify(args.db))
    if args.cmd == "backup":
        return asyncio.run(_backup(args.db, args.path))
    parser.print_help()
    return 2


async def _local(args) -> int:
    from bot.local.table import LocalTable, banner, restore_clock, start_line
    from bot.table import TableService
    from bot.table.names import terminal_text

    store = await open_store(args.db)
    clock = await restore_clock(store)   # never back before the last session's `!wait`
    service = TableService(store, clock)
    table = LocalTable(service, clock, images=Path(args.images), admins={a.lower() for a in args.admin},
                       seed=args.seed)
    try:
        if args.lang and not await table.set_language(args.lang):
            from bot.table.i18n import languages
            print(f"hearth local: --lang is one of {', '.join(languages())}", file=sys.stderr)
            return 2
        await table.announce_pending()
        if getattr(args, "load", None):
            from bot.local.table import load_file
            if not await load_file(table, args.load):
                return 1
        if args.script:
            # a byte that is not UTF-8 reaches the table as a lone surrogate, which it refuses kindly
            for line in Path(args.script).read_text(encoding="utf-8", errors="surrogateescape").splitlines():
                if line.strip():
                    print(f"> {terminal_text(line.strip())}", flush=True)
                if not await table.handle(line):
                    break
        else:
            print(f"{start_line(table.lang, args.db, args.images)}\n{banner(table.lang)}\n", flush=True)
            table.background = True   # a person at the prompt: /replay is drawn while they go on
            while True:
                prompt = f"#{table.channel} @{table.user or '?'}> "
                typed = await _next_line(prompt)
                if typed is None:
                    await table.finish_pending()   # the input ended (a pipe): replays being drawn still print
                    break
                if not await table.handle(typed):
                    break
    except asyncio.CancelledError:   # Ctrl-C: asyncio.run cancels this task, then raises KeyboardInterrupt
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # a second press must not break the store's closing
        from bot.table.i18n import t
        print("\n" + t(table.lang, "local_bye"), flush=True)
        raise
    finally:
        await store.close()
    return 0


async def _next_line(prompt: str) -> str | None:
    """The next line typed at the terminal (None at its end), read in a daemon thread of its own:
    the loop's executor threads are waited for when asyncio.run ends, so Ctrl-C at a prompt waited
    for Enter. The thread reads the file descriptor itself (os.read), holding none of Python's
    stdin locks, so the process can end while it waits."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()

    def read() -> None:
        line = STDIN.line(prompt)

        def settle() -> None:
            if not future.done():
                future.set_result(line)

        try:
            loop.call_soon_threadsafe(settle)
        except RuntimeError:
            pass   # the loop closed meanwhile (Ctrl-C): nobody waits for this line

    threading.Thread(target=read, name="hearth-input", daemon=True).start()
    return await future


class _Lines:
    """Lines of standard input read straight from its file descriptor (UTF-8; a byte that is
    not becomes a lone surrogate, which the table refuses kindly)."""

    def __init__(self, fd: int = 0) -> None:
        self.fd = fd
        self.pending = b""

    def line(self, prompt: str) -> str | None:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        while b"\n" not in self.pending:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                rest, self.pending = self.pending, b""
                return rest.decode("utf-8", "surrogateescape") if rest else None
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode("utf-8", "surrogateescape").rstrip("\r")


STDIN = _Lines()


async def _verify(db: str) -> int:
    from bot.ops.verify import verify_all

    store = await open_store(db)
    try:
        bad = 0
        started = time.perf_counter()
        reports = await verify_all(store)
        for report in reports:
            if not report.ok:
                bad += 1
                print(f"game {report.game_id} ({report.key}, channel {report.channel_id}): {report.problem}")
        print(f"{len(reports)} games checked, {bad} do not reproduce their stored state, "
              f"{time.perf_counter() - started:.1f} s")
        return 1 if bad else 0
    finally:
        await store.close()


async def _backup(db: str, path: str) -> int:
    from storage.errors import NotSupported

    store = await open_store(db)
    try:
        await store.backup(path)
    except NotSupported as exc:
        print(f"hearth backup: {exc}", file=sys.stderr)
        return 2
    finally:
        await store.close()
    print(f"backed up {db} to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
