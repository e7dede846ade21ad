"""Store throughput on both backends (storage/loadtest.py), PostgreSQL on a
server started here like the tests' — for a person or the benchmark:

    .venv/bin/python -m tests.storage.measure [--games 100] [--seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from pathlib import Path

from storage.loadtest import measure
from tests.pg_server import PostgresServer


async def both(games: int, seconds: float) -> list[dict]:
    figures = []
    with tempfile.TemporaryDirectory() as folder:
        figures.append(await measure(str(Path(folder) / "load.db"), games=games, seconds=seconds))
    with PostgresServer() as server:
        figures.append(await measure(await server.create_database(), games=games, seconds=seconds))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for line in asyncio.run(both(args.games, args.seconds)):
        print(json.dumps(line))


if __name__ == "__main__":
    main()
