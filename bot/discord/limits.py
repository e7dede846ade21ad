"""How often one person may call the costly commands (board renders,
moves): a token bucket per (user, kind), on the table's clock so that tests
and the local table can move time by hand.

A bucket holds up to ``burst`` tokens and gains ``rate`` per second; a
call takes one. An empty bucket answers with the seconds to wait.
"""

from __future__ import annotations

import math

from bot.commands import Rule, limits

# command name -> (bucket, rule), from the declarations. Buttons count as the command they stand for;
# the picker's taps count nothing: only the move it confirms counts, as a move.
COSTLY: dict[str, tuple[str, Rule]] = {name: (rule.bucket, rule) for name, rule in limits().items()}

MAX_KEYS = 10_000     # forget the oldest buckets beyond this (memory stays bounded)


class RateLimiter:
    def __init__(self, clock, rules: dict[str, tuple[str, Rule]] | None = None) -> None:
        self.clock = clock
        self.rules = COSTLY if rules is None else rules
        self._buckets: dict[tuple[int, str], tuple[float, float]] = {}   # key -> (tokens, at)

    def tracked(self) -> int:
        """How many (user, command) buckets are kept now (bounded by MAX_KEYS)."""
        return len(self._buckets)

    def take(self, user_id: int, command: str) -> float:
        """Spend one call of ``command`` for this user: 0 when allowed,
        else how many seconds until the next call is allowed."""
        spec = self.rules.get(command)
        if spec is None:
            return 0.0
        kind, rule = spec
        now = self.clock.now()
        key = (user_id, kind)
        tokens, at = self._buckets.get(key, (float(rule.burst), now))
        tokens = min(float(rule.burst), tokens + max(0.0, now - at) / rule.per)
        if tokens >= 1.0:
            self._buckets.pop(key, None)
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > MAX_KEYS:
                self._buckets.pop(next(iter(self._buckets)))
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1.0 - tokens) * rule.per

    @staticmethod
    def seconds(wait: float) -> int:
        """The whole number of seconds to tell a person (never 0)."""
        return max(1, math.ceil(wait))
