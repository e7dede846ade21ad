"""``/stats``: games, wins, average rank and an OpenSkill rating per player,
per server and optionally per game, with a leaderboard.

Each AI level is one player of its own (its AI user id), named by its level,
so it has a rating on the leaderboard, and the caller sees their record
against each level they have met.

Everything is computed from the finished games' stored results, in the
order they finished, so the numbers can always be rebuilt and never drift
from the games themselves."""

from __future__ import annotations

from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.table.ai_seats import ai_level, ai_name, shown_name
from bot.table.i18n import decimal, t, tn
from bot.table.values import Actor, Place, Reply, refusal
from rules import registry
from rules.core import echo
from storage.store import GameStatus, Store

BOARD_SIZE = 10


@dataclass
class Line:
    user_id: int
    name: str
    games: int = 0
    wins: int = 0
    rank_total: float = 0.0
    rating: PlackettLuceRating | None = None
    keys: set = field(default_factory=set)
    # against each AI level met: [games, games this player finished ahead of it]
    versus_ai: dict[str, list[int]] = field(default_factory=dict)

    @property
    def average_rank(self) -> float:
        return self.rank_total / self.games if self.games else 0.0

    @property
    def ordinal(self) -> float:
        return self.rating.ordinal() if self.rating is not None else 0.0


async def compute(store: Store, guild_id: int | None, key: str | None = None) -> dict[int, Line]:
    """Stats of every player of the server's finished games (one game key or all)."""
    model = PlackettLuce()
    lines: dict[int, Line] = {}
    rows = [r for r in await store.games(guild_id, (GameStatus.FINISHED,)) if r.result and (key is None or r.key == key)]
    rows.sort(key=lambda r: (r.updated_at, r.id))
    for row in rows:
        seats = await store.seats(row.id)
        ranks = (row.result or {}).get("ranks") or []
        best: dict[int, int] = {}   # one person with several seats counts once, with their best seat
        for seat in seats:
            if seat.seat < len(ranks):
                best[seat.user_id] = min(best.get(seat.user_id, 10 ** 6), int(ranks[seat.seat]))
        for uid, rank in best.items():
            level = ai_level(uid)
            name = ai_name(level) if level else next(s.name for s in seats if s.user_id == uid)
            line = lines.setdefault(uid, Line(uid, name))
            line.name = name
            line.games += 1
            line.wins += rank == 1
            line.rank_total += rank
            line.keys.add(row.key)
            if line.rating is None:
                line.rating = model.rating(name=str(uid))
        for uid, rank in best.items():
            for other, other_rank in best.items():
                level = ai_level(other)
                if level and not ai_level(uid):
                    record = lines[uid].versus_ai.setdefault(level, [0, 0])
                    record[0] += 1
                    record[1] += rank < other_rank
        if len(best) >= 2:
            people = [u for u in best if lines[u].rating is not None]   # all of them: each was rated above
            rated = model.rate([[r] for u in people if (r := lines[u].rating) is not None],
                               ranks=[best[u] for u in people])
            for uid, team in zip(people, rated):
                lines[uid].rating = team[0]
    return lines


def leaderboard(lines: dict[int, Line]) -> list[Line]:
    return sorted(lines.values(), key=lambda ln: (-ln.ordinal, -ln.wins, ln.average_rank, ln.name))


async def stats(store: Store, place: Place, actor: Actor, player: tuple | None = None,
                key: str | None = None) -> Reply:
    loc = actor.locale
    scope = ""
    if key:
        try:
            game = registry.get(str(key)[:40])
        except KeyError:
            return refusal(t(loc, "unknown_game", key=echo(str(key)), keys=", ".join(registry.keys())))
        key, scope = game.key, f" — {game.display_name(loc)}"
    lines = await compute(store, place.guild_id, key)
    who_id, who_name = (player[0], player[1]) if player else (actor.user_id, actor.name)
    out = []
    mine = lines.get(who_id)
    if mine is not None:
        out.append(t(loc, "stats_player", name=shown_name(mine.user_id, mine.name, loc), scope=scope, games=tn(loc, "stats_games", mine.games),
                     wins=tn(loc, "stats_wins", mine.wins),
                     avg=decimal(mine.average_rank, 2, loc), rating=decimal(mine.ordinal, 1, loc)))
        for level, (games, ahead) in sorted(mine.versus_ai.items()):
            out.append(t(loc, "stats_versus_ai", ai=ai_name(level, locale=loc), games=tn(loc, "stats_games", games),
                         ahead=tn(loc, "stats_ahead", ahead)))
    elif player is not None or lines:
        out.append(t(loc, "stats_nobody", name=who_name, scope=scope))
    if not lines:
        out.append(t(loc, "stats_empty"))
    else:
        out.append(t(loc, "stats_head", scope=scope))
        for pos, line in enumerate(leaderboard(lines)[:BOARD_SIZE], start=1):
            out.append(t(loc, "stats_line", pos=pos, name=shown_name(line.user_id, line.name, loc), rating=decimal(line.ordinal, 1, loc),
                         games=tn(loc, "stats_games", line.games), wins=tn(loc, "stats_wins", line.wins),
                         avg=decimal(line.average_rank, 2, loc)))
    return Reply("\n".join(out)[:1990], ephemeral=True)
