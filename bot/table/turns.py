"""How a move becomes history and a post: :class:`Turns`.

``commit`` applies a move (and the moves of seats the table plays after
it), saves each with the version check, and builds the reply: the public
post of what the command did — every public event is posted by the command
that caused it, even when the same seat acts next — with the private parts
(the mover's 'continue' note, private events) as ephemeral follow-ups. A
sub-step with no public event is answered privately only.

With ``Turns.ai_after_post`` on (a front end that posts notices sets it), a
player's move is saved and posted at once, and the AI seats that act next are
not played in the command: its reply's ``then`` plays them (:meth:`table_seats_after`,
under the game's lease, consecutive AI turns in one post) once the front end has
posted the player's move. ``post`` builds
the one public message: what happened since the channel last heard, the
board, and who acts now (mentioned only when the turn passed). Every room
that moves a game (play, seats, reminders) goes through here.
"""

from __future__ import annotations

import functools

from bot.table import people, results
from bot.table.ai_seats import ai_move
from bot.table.context import TableContext
from bot.table.i18n import LABEL, default_locale, entry_events, event_text, label_text, status_line, t, tn
from bot.table.notices import Notices
from bot.table.values import Actor, Choice, Reply, message_chunks
from rules.core import Event, Game, Move
from rules.phrases import FORCED
from storage.leases import Leases, game_lease
from storage.store import GameRow, GameStatus, LogKind, SeatRow, VersionConflict

POST_EVENTS = 100        # events written out in one post (more only from a long chain of table-played turns)
POST_CHARS = 1800        # a post longer than this goes on in further messages (room left for mentions)
MAX_TABLE_MOVES = 10000  # moves the table plays in a row for its own seats



IMAGE_EVENTS = 4   # the lines a board's legend shows


def image_events(entries, loc, events: list[str]) -> list[str]:
    """The lines the turn image's legend shows: the last few events, but never without each
    mover's first one — against the table's AI seats, the AI's events used to push the player's
    own move off the image."""
    tagged = [(entry.seat, e) for entry in entries for e in entry_events(loc, entry)]
    if len(tagged) != len(events):   # quiet moves: what the post says of them
        return events[-IMAGE_EVENTS:]
    keep: list[int] = []
    movers: set = set()
    for i, (seat, _e) in enumerate(tagged):
        if seat not in movers:
            movers.add(seat)
            keep.append(i)
    keep = keep[-IMAGE_EVENTS:]
    for i in range(len(tagged) - 1, -1, -1):
        if len(keep) >= IMAGE_EVENTS:
            break
        if i not in keep:
            keep.append(i)
    return [tagged[i][1] for i in sorted(keep)]


def logged_label(game, state, move) -> list:
    """What ``/log`` says of a move that caused no public event (`pass`, `c1`, `ok` alone read as
    nothing): its label, kept as the log keeps events (the key and parameters, to be read in each
    reader's language). Not for a sealed move, whose log shows none of its content."""
    if game.log_text(state, move) != move.notation:
        return []
    said = move.said
    if said is not None:
        return [{"text": said.english(), **said.to_json(), LABEL: True}]
    return [{"text": move.label, LABEL: True}] if move.label and move.label != move.notation else []


def said_move(ctx, loc, move, names: list[str]) -> str:
    """A move as the note after it says it: its label in the reader's language, then what was typed
    (``Monogamie (`monogamy`)``, not ``monogamy``, nor ``done`` after « Done: »)."""
    label = people.fill(label_text(loc, move), names).strip()
    if not label or label.lower() == move.notation.lower():
        return f"`{move.notation}`"
    return f"{label} (`{move.notation}`)"

class Turns:
    def __init__(self, ctx: TableContext, notices: Notices) -> None:
        self.ctx = ctx
        self.notices = notices
        # a player's move posts before the AI seats answer it: they are played by the reply's ``then``
        self.ai_after_post = False

    async def commit(self, row: GameRow, seats: list[SeatRow], state, move: Move, actor: Actor | None,
                     loc) -> Reply:
        """Apply ``move`` (and any table-played seats' moves after it), saving
        each; raises :class:`storage.store.VersionConflict` if another move
        landed first."""
        ctx = self.ctx
        game = ctx.game_of(row)
        names = people.names(seats, loc)
        acting_before = game.to_act(state)
        later = self.ai_after_post and actor is not None   # a player's move: the AI seats answer after its post
        version = row.version
        public: list[str | dict] = []   # the events as stored
        private: list[str] = []
        played: list[str] = []
        movers: set[int] = set()   # seats that moved (the table may have played others after this one)
        actor_id = actor.user_id if actor else None
        # the private events the caller may read: their own seats' (never those of a seat the table plays)
        readers = {s.seat for s in seats if actor_id is not None and s.user_id == actor_id and not s.is_bot}
        forced = False          # the move is a seat's only one, played by the table (said in the post)
        autoplay: bool | None = None
        for _ in range(MAX_TABLE_MOVES):
            draws = game.rng_draws(state)
            new_state, events = game.apply(state, move)
            barrier = game.rng_draws(new_state) != draws or any(e.reveal for e in events)
            # the log keeps the English and, for the rules' keyed texts, the key and parameters to
            # render them in each reader's language
            pub = [e.stored() for e in events if e.private_to is None]
            if forced:
                said = FORCED(who=f"{{p{move.seat}}}", move=move.said or move.label or move.notation)
                pub.insert(0, Event.of(said).stored())
            private += [people.fill(event_text(loc, e), names) for e in events
                        if e.private_to is not None and e.private_to == move.seat and move.seat in readers]
            result = game.result(new_state)
            status = GameStatus.FINISHED if result is not None else GameStatus.ACTIVE
            result_json = results.result_json(result, people.names(seats)) if result else None   # the names as stored
            turn_changed = game.to_act(new_state) != game.to_act(state)
            version = await ctx.store.record(
                row.id, version, state=game.dump(new_state), kind=LogKind.MOVE, seat=move.seat,
                user_id=actor.user_id if actor and seats[move.seat].user_id == actor.user_id else None,
                text=move.notation, public_text=game.log_text(state, move), barrier=barrier,
                events=pub or logged_label(game, state, move),
                now=ctx.clock.now(), status=status,
                result=result_json, turn_changed=turn_changed, **ctx.summary_fields(game, new_state))
            ctx.remember(row.id, version, new_state)
            public += pub
            played.append(said_move(ctx, loc, move, names))
            movers.add(move.seat)
            state = new_state
            actor = None
            # the table plays seats whose player resigned or was replaced
            bots = [s for s in game.to_act(state) if seats[s].is_bot]
            humans = [s for s in game.to_act(state) if not seats[s].is_bot]
            if result is not None:
                break
            if bots and not humans:
                if later:   # the AI seats answer after this post (``ai_after_post``: the reply's ``then``)
                    break
                move, forced = await ai_move(game, row, seats, state, bots[0], version=version), False
                continue
            if autoplay is None:
                autoplay = (await ctx.tables.settings(row.id)).autoplay
            only = self.forced_move(game, state, humans) if autoplay and not bots else None
            if only is None:
                break
            move, forced = only, True
        row = await ctx.row_after(row.id, version, status)
        acting_after = game.to_act(state)
        if acting_after == acting_before and row.status == "active" and len(movers) == 1:
            # a sub-step: the same seat goes on. Its public events are the channel's now (not at the end
            # of the turn); the mover alone reads where they are and what only they may see.
            hint = self.hint(game, state, acting_after[0] if acting_after else None)
            note = Reply(t(loc, "continue", moves="; ".join(played), hint=hint), ephemeral=True,
                         game_id=row.id, version=row.version)
            if private:
                note.text += "\n" + "\n".join(private)
            if not public:   # nothing the channel may see happened: the note is the whole answer
                note.image = await ctx.boards.png(row, seats, state, [], loc, area=True)
                note.choices = self.choices(game, state, acting_after, row, loc)
                return note
            # a step the table took for nobody (a deadline) is marked announced by whoever posts it
            step = await self.post(row, seats, state, [], loc, going_on=True, mark=actor_id is not None)
            note.choices, step.choices = step.choices, []   # the buttons are the mover's, not the channel's
            step.followups.append(note)
            return step
        post = await self.post(row, seats, state, [], loc)
        if private:
            post.followups.append(Reply("\n".join(private), ephemeral=True))
        if later and row.status == "active" and acting_after and all(seats[s].is_bot for s in acting_after):
            return self.answered_after(post, row.id, loc)
        return post

    def answered_after(self, reply: Reply, game_id: int, loc) -> Reply:
        """``reply`` posted now, the AI seats that act next played after it by its ``then`` (a start,
        a resignation or a handover hands the turn to them as a move does)."""
        reply.then = functools.partial(self.table_seats_after, game_id, loc)
        reply.choices = []   # the AI seats' moves are nobody's buttons
        return reply

    async def table_seats_after(self, game_id: int, loc) -> list[Reply]:
        """The turns of the AI seats (and seats handed to the table) that act now, after a player's
        move was posted: played under the game's lease, so that no other process plays them too,
        and told in one post (consecutive AI turns together), a notice for ``channel_id``. Empty
        when there is nothing to play (the game moved on meanwhile: an undo, another process) or
        another process holds the game (its scheduler then plays them: the stalled turn's path)."""
        ctx = self.ctx
        async with Leases(ctx.store).holding(game_lease(game_id), ctx.clock) as held:
            if not held:
                return []
            row = await ctx.store.game(game_id)
            if row is None or row.status != "active" or row.state is None:
                return []
            seats = await ctx.store.seats(row.id)
            game = ctx.game_of(row)
            state = ctx.state_of(row)
            acting = game.to_act(state)
            bots = [s for s in acting if seats[s].is_bot]
            if not bots or len(bots) < len(acting):
                return []   # a person acts now (with the AI, it answers after them)
            # searched outside the game's lock: an /undo meanwhile wins, and this move is dropped
            move = await ai_move(game, row, seats, state, bots[0])
            async with ctx.lock(row.id):
                try:
                    reply = await self.commit(row, seats, state, move, None, loc)
                except VersionConflict:
                    return []
                if reply.ephemeral:   # a sub-step with nothing public: the channel still sees the board
                    row = await ctx.game_row(row.id)
                    reply = await self.post(row, seats, ctx.state_of(row), [], loc)
        reply.followups = [f for f in reply.followups if not f.ephemeral]   # an AI seat's private notes are nobody's
        return [reply]

    async def post(self, row: GameRow, seats: list[SeatRow], state, head: list[str], loc, *,
                   going_on: bool = False, mark: bool = True) -> Reply:
        """The one public message of a command that changed the game: what
        happened since the channel last heard (``head`` lines first), the
        board, and who acts now — mentioned when the turn passed, only named
        when the same seat goes on (``going_on``: no new ping for a sub-step).
        ``mark=False`` leaves the post to be marked announced by its sender."""
        ctx = self.ctx
        game = ctx.game_of(row)
        # the channel reads the server's language (else the caller's, else the bot's default)
        loc = await self.notices.locale_for(row) or loc or default_locale()
        names = people.names(seats, loc)
        entries = await ctx.store.log(row.id, after_version=row.announced)
        events = [e for entry in entries for e in entry_events(loc, entry)]
        if not events:   # moves that changed nothing the channel sees: still say who played what
            events = [e for entry in entries for e in self.quiet_move(loc, entry)]
        # every event is told (a long turn runs over several messages); only a runaway chain of
        # table-played turns is cut, pointing to /log
        lines = list(head) + [people.fill(e, names) for e in events[-POST_EVENTS:]]
        if len(events) > POST_EVENTS:
            lines.insert(len(head), tn(loc, "earlier_events", len(events) - POST_EVENTS))
        acting = game.to_act(state)
        result = game.result(state)
        mentions: list[int] = []
        if result is not None:
            lines.append(t(loc, "game_over", summary=results.summary(result, names, loc)))
        else:
            status = status_line(loc, game, state)
            if status:
                lines.append(people.fill(status, names))
            if going_on:
                lines.append(tn(loc, "still_to_play", len(acting), who=people.who(acting, seats, loc)))
            else:
                lines.append(t(loc, "your_turn", who=people.who(acting, seats, loc)))
                mentions = people.mentions(acting, seats)
        first, *more = message_chunks("\n".join(lines), POST_CHARS)
        reply = Reply(first, mentions=mentions, game_id=row.id, version=row.version,
                      followups=[Reply(part) for part in more], locale=loc)
        reply.image = await ctx.boards.png(row, seats, state, image_events(entries, loc, events), loc, area=True)
        humans = [s for s in acting if not seats[s].is_bot]   # the AI seats' moves are nobody's button
        reply.choices = self.choices(game, state, humans, row, loc) if result is None else []
        await self.notices.route(reply, row, seats, state)   # /notify choices, pinned status text
        if going_on:
            reply.status = ""   # the pinned status (whose turn, since when) is edited when the turn passes
        reply.announces = True
        if mark and not ctx.announce_after_post:
            await ctx.store.mark_announced(row.id, row.version)
        return reply

    @staticmethod
    def quiet_move(loc, entry) -> list[str]:
        """'ann plays `ok`.' for a move that changed nothing the channel sees (cook nothing, take
        nothing more), so a post never shows only whose turn it is now."""
        if entry.kind != "move" or entry.seat is None:
            return []
        return [t(loc, "played", who=f"{{p{entry.seat}}}", move=entry.shown)]

    @staticmethod
    def forced_move(game: Game, state, humans: list[int]) -> Move | None:
        """The move the table plays for a player who has exactly one (issue 26): one seat acts and
        its only legal move may be played without telling the others anything hidden."""
        if len(humans) != 1:
            return None
        moves = game.legal_moves(state, humans[0])
        if len(moves) != 1 or not game.may_autoplay(state, moves[0]):
            return None
        return moves[0]

    @staticmethod
    def choices(game: Game, state, acting: list[int], row: GameRow, loc=None) -> list[Choice]:
        """The turn post's button: "Your move" opens the move picker for whoever presses it (each
        acting player gets their own; anyone else a kind refusal)."""
        if not acting:
            return []
        return [Choice(t(loc, "picker_open")[:80], "play", "", row.id, row.version)]

    @staticmethod
    def hint(game: Game, state, seat: int | None) -> str:
        """A few legal moves of the seat that goes on, for the 'continue' note."""
        if seat is None:
            return ""
        moves = game.legal_moves(state, seat)
        sample = ", ".join(f"`{m.notation}`" for m in moves[:8])   # codes to type, not words to read
        return sample + ("…" if len(moves) > 8 else "")
