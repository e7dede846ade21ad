"""The move picker: a player's move by taps, seen before it counts.

The game groups its legal moves into small questions (:func:`rules.picker.tree`); this room
answers one tap at a time, for the presser alone: the question at ``path`` (the index chosen at
each level so far) with its options, or, once ``path`` ends on a move, its preview — the board
as the move leaves it, drawn from the presser's side, and what the move does in words — with
Confirm and Back. Confirm plays the move through the same path as ``/move``, checked against the
version the picker was opened at: a picker left open while the game moved on is refused, and a
fresh one offered in its place. Taps cost nothing (they change nothing): only the confirmed move
counts against the rate limit, as a move.
"""

from __future__ import annotations

import asyncio

import render
from bot.table import people
from bot.table.context import TableContext
from bot.table.i18n import event_text, say, sayer, t
from bot.table.play import Play
from bot.table.values import Actor, Picker, Place, Refused, Reply
from render.kit import Table
from rules.core import Move
from rules.picker import Node, Option, tree
from rules.wording import Said
from storage.store import GameRow, GameStatus, SeatRow

MAX_PATH = 12            # taps deep at most (a forged path is refused before it is walked)


class Picking:
    def __init__(self, ctx: TableContext, play: Play) -> None:
        self.ctx = ctx
        self.play = play

    async def _position(self, place: Place, actor: Actor):
        ctx = self.ctx
        row = await ctx.open_row(place, actor.locale)
        seats = await ctx.store.seats(row.id)
        if row.status != GameStatus.ACTIVE:
            raise Refused(ctx.not_active_text(row, seats, actor.locale))
        game = ctx.game_of(row)
        state = ctx.state_of(row)
        seat = ctx.acting_seats(game, state, seats, actor)[0]
        return row, seats, game, state, seat

    async def pick(self, place: Place, actor: Actor, version: int | None = None, path: tuple[int, ...] = (),
                   page: int = 0) -> Reply:
        """The picker's step at ``path``: a question, or the preview of the move it ends on.
        A step of an older version opens a fresh picker, saying why."""
        loc = actor.locale
        row, seats, game, state, seat = await self._position(place, actor)
        note = ""
        if version is not None and version != row.version:
            note, path, page = t(loc, "picker_moved_on") + "\n", (), 0
        path = tuple(path)[:MAX_PATH]
        root = tree(game, state, seat)
        if not root.options:
            raise Refused(t(loc, "picker_nothing"))
        reached = root.walk(path)
        if reached is None:
            note, path, page, reached = t(loc, "picker_moved_on") + "\n", (), 0, root
        names = people.names(seats, loc)
        trail = self._trail(root, path, loc, names)
        if isinstance(reached, Node) and reached.single() is None:
            ask = self._words(reached.ask, loc, names) if reached.ask is not None else ""
            labels = [self._words(o.label, loc, names) for o in reached.options]
            head = t(loc, "picker_head", game=game.display_name(loc))
            text = note + head + ("\n" + trail if trail else "") + "\n**" + ask + "**"
            return Reply(text, ephemeral=True, game_id=row.id, version=row.version, locale=loc,
                         picker=Picker(row.id, row.version, path, ask, labels, max(0, page)))
        option = reached if isinstance(reached, Option) else reached.options[0]
        if isinstance(reached, Node):   # the whole tree is one move: its preview at once
            path = (0,)
        return await self._preview(row, seats, game, state, seat, option.move, path, loc, note + trail)

    async def _preview(self, row: GameRow, seats: list[SeatRow], game, state, seat: int, move: Move,
                       path: tuple[int, ...], loc, head: str) -> Reply:
        names = people.names(seats, loc)
        shown = game.preview(state, move, seat)
        said = [people.fill(event_text(loc, e), names) for e in shown.events if e.private_to in (None, seat)]
        label = self._words(move.said or move.label or move.notation, loc, names)
        lines = [head] if head else []
        lines.append(t(loc, "picker_preview", move=move.notation, label=label))
        lines += [f"• {line}" for line in said]
        if shown.note is not None:
            lines.append(f"_{self._words(shown.note, loc, names)}_")
        lines.append(t(loc, "picker_confirm_hint"))
        reply = Reply("\n".join(lines), ephemeral=True, game_id=row.id, version=row.version, locale=loc,
                      picker=Picker(row.id, row.version, path, label, [], 0, confirm=True))
        reply.image = await self._image(row, seats, game, shown.state, seat, said, loc)
        reply.image_name = "preview.png"
        return reply

    async def _image(self, row: GameRow, seats: list[SeatRow], game, state, seat: int, events: list[str], loc):
        """The board as the preview leaves it, seen from the presser's seat."""
        if not self.ctx.boards.enabled:
            return None
        names = people.names(seats, loc)
        table = Table(names=names, to_act=game.to_act(state) if game.result(state) is None else [],
                             title=t(loc, "picker_image_title", game=game.display_name(loc)), last_events=events[-4:], finished=False, locale=loc,
                             say=sayer(loc))
        return await asyncio.to_thread(render.board_png, row.key, game.view(state, seat), table, True)

    async def confirm(self, place: Place, actor: Actor, version: int, path: tuple[int, ...]) -> Reply:
        """Play the move the picker previewed, if the game is still where the picker was opened."""
        loc = actor.locale
        row, _seats, game, state, seat = await self._position(place, actor)
        if row.version != version:
            fresh = await self.pick(place, actor)
            fresh.text = t(loc, "picker_stale") + "\n" + fresh.text
            fresh.ok = False
            return fresh
        reached = tree(game, state, seat).walk(tuple(path)[:MAX_PATH])
        if not isinstance(reached, Option) or reached.move is None:
            root = tree(game, state, seat)
            single = root.single()
            if single is None:
                raise Refused(t(loc, "picker_stale"))
            reached = Option(single.notation, single.notation, move=single)
        return await self.play.move(place, actor, reached.move.notation, expected_version=version)

    def _trail(self, root: Node, path: tuple[int, ...], loc, names: list[str]) -> str:
        """What was chosen so far, in words: 'Territory 17 › Territory 18'."""
        parts: list[str] = []
        node: Node | Option = root
        for index in path:
            if not isinstance(node, Node) or not 0 <= index < len(node.options):
                break
            option = node.options[index]
            parts.append(self._words(option.label, loc, names))
            node = option.child if option.child is not None else option
        return " › ".join(parts)

    def _words(self, text: Said | str, loc, names: list[str]) -> str:
        return people.fill(say(loc, text) if isinstance(text, Said) else str(text), names)
