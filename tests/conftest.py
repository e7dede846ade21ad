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


@pytest.fixture(autouse=True, scope="session")
def quick_ai():
    """The table's AI searches a dozen futures per decision in tests (its levels'
    budgets are for live play): games where it plays absent seats stay fast."""
    from bot.table import ai_seats
    ai_seats.ITERATION_CAP = 12
    yield
    ai_seats.ITERATION_CAP = None
