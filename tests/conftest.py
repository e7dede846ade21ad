"""Shared test options: ``--seeds N`` widens every randomized playout test
(a few seeds run by default so the suite stays fast on 2 cores)."""

from __future__ import annotations

import pytest


def pytest_addoption(parser):
    parser.addoption("--seeds", type=int, default=3,
                     help="seeds per game and player count in random playout tests (default 3)")


@pytest.fixture(scope="session")
def seeds(request) -> list[int]:
    return list(range(1, request.config.getoption("--seeds") + 1))


def seed_count(config) -> int:
    return config.getoption("--seeds")
