"""The seeded RNG every game draws from: SplitMix64 with rejection sampling. Its draws are part of
every stored game (a game replays from its seed), so a faster version must draw exactly the same."""

from __future__ import annotations

from rules.core import Rng

MASK = (1 << 64) - 1


def reference(seed: int):
    """SplitMix64 as published (Steele, Lea, Flood 2014), written plainly."""
    state = seed & MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def reference_below(stream, n: int) -> tuple[int, int]:
    limit = (1 << 64) - (1 << 64) % n
    tries = 0
    while True:
        tries += 1
        x = next(stream)
        if x < limit:
            return x % n, tries


def test_draws_match_splitmix64_with_rejection_and_count_every_draw():
    rng, stream, draws = Rng(2026), reference(2026), 0
    for n in [1, 2, 3, 6, 7, 52, 1000, (1 << 63) + 5, (1 << 64) - 1] * 40:
        want, tries = reference_below(stream, n)
        draws += tries
        assert rng.randbelow(n) == want
    for _ in range(500):
        want, tries = reference_below(stream, 6)
        draws += tries
        assert rng.roll() == want + 1
    assert rng.draws == draws, "every raw draw is counted (undo barriers read it)"
    assert Rng.from_json(rng.to_json()).randbelow(97) == reference_below(stream, 97)[0]


def test_rolls_are_the_draws_of_that_many_single_rolls():
    for seed in range(30):
        for n, sides in ((0, 6), (1, 6), (7, 6), (5, 1), (9, 7), (4, 1000), (12, (1 << 63) + 5)):   # the last: many redraws
            fast, plain = Rng(seed), Rng(seed)
            assert fast.rolls(n, sides) == [plain.roll(sides) for _ in range(n)]
            assert (fast.state, fast.draws) == (plain.state, plain.draws)


def test_shuffle_is_fisher_yates_over_randbelow():
    for seed in range(30):
        for size in (0, 1, 2, 5, 52, 90):
            fast, plain = Rng(seed), Rng(seed)
            items, want = list(range(size)), list(range(size))
            fast.shuffle(items)
            for i in range(size - 1, 0, -1):
                j = plain.randbelow(i + 1)
                want[i], want[j] = want[j], want[i]
            assert items == want
            assert (fast.state, fast.draws) == (plain.state, plain.draws)
