"""Every reply text of the table, in English: the source of the gettext catalogues.

Each text is ``msg(key, english)`` or, when it holds a count, ``plural(key, one, other)`` (the
count is ``{n}``, or the text says which field it counts). The key becomes the catalogue entry's
``msgctxt`` and the English text its ``msgid``, so a translator sees the English sentence (the
stable key beside it) in any gettext tool, and fixing an English text marks its translations fuzzy.
Translations live in ``bot/locale/<lang>/LC_MESSAGES/hearth.po``; ``bot/locale/README.md`` says how
to extract, update and add a language. Texts are looked up by :func:`bot.table.i18n.t` and
:func:`bot.table.i18n.tn`; ``{name}`` fields are filled there.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    key: str
    one: str                  # the English text (for a plural: the singular)
    other: str | None = None  # the English plural, for texts with a count

    @property
    def is_plural(self) -> bool:
        return self.other is not None


def msg(key: str, english: str) -> Message:
    return Message(key, english)


def plural(key: str, one: str, other: str) -> Message:
    return Message(key, one, other)


# Texts that are the same in every language we have so far: only fields, symbols and units.
# The catalogue test lets their translation equal the English; any other identical text fails.
SAME_IN_ALL_LANGUAGES = frozenset({
    "bad_option", "hours", "status_pin", "duration_hours", "duration_minutes", "rules_page", "log_entry_events",
})

# Babel extracts these calls: `pybabel extract -k msg:1c,2 -k plural:1c,2,3` (see bot/locale/README.md).
_ALL: tuple[Message, ...] = (
    msg("no_game", "There is no game in this channel. Start one with `/game new`."),
    msg("unknown_game", "Unknown game '{key}'. Games: {keys}."),
    msg("channel_busy", "This channel already has a game of **{game}** ({status}). Finish or `/game cancel` it first, or start "
                        "a thread."),
    # TRANSLATORS: the {status} of channel_busy
    msg("busy_lobby", "waiting to start"),
    msg("busy_active", "in play"),
    # TRANSLATORS: {key} is the game's key, typed as is in the command.
    msg("options_head", "Options (to change one: `/game cancel`, then `/game new game:{key} options:key=value`):"),
    # TRANSLATORS: {option}, {value} and {choices} are typed as they are; {what} says what the option changes.
    msg("option_line", "• `{option}={value}` ({choices}): {what}"),
    # TRANSLATORS: {typed} is what the player typed; key=value is typed as is.
    msg("options_pairs", "Options are key=value pairs (got '{typed}')."),
    # TRANSLATORS: {players} is a player count or a range such as 2–4; the plural follows the largest count.
    plural("created", "{name} opened a table of **{game}** ({players} player){opts}. Join with `/game join`; {name} "
                      "starts it with `/game start`.",
                      "{name} opened a table of **{game}** ({players} players){opts}. Join with `/game join`; {name} "
                      "starts it with `/game start`."),
    msg("joined", "{name} joined. Seated: {seated}."),
    msg("already_joined", "You are already at this table."),
    plural("table_full", "The table is full ({n} player).",
                         "The table is full ({n} players)."),
    msg("not_in_lobby", "The game has already started; seats can no longer change."),
    msg("left", "{name} left the table. Seated: {seated}."),
    msg("left_last", "{name} left; the table is empty and closed."),
    # TRANSLATORS: the buttons under a lobby post (at most 80 characters each).
    msg("lobby_join", "Join"),
    msg("lobby_add_ai_easy", "Add an easy AI"),
    msg("lobby_add_ai_normal", "Add a normal AI"),
    msg("lobby_add_ai_hard", "Add a hard AI"),
    msg("lobby_start", "Start"),
    msg("not_seated", "You are not seated at this game."),
    msg("use_resign", "The game is under way: use `/resign` to leave it."),
    msg("only_creator_start", "Only {creator} (who opened the table) or a moderator can start it."),
    msg("only_creator_cancel", "Only {creator} (who opened the table) or someone with Manage Channels can cancel it."),
    msg("started", "**{game}** begins! Seats: {seats}."),
    msg("cancelled", "The game was cancelled by {name}."),
    msg("game_finished", "This game is over: `/game status` gives the result, `/board` the final board. Start "
                         "another with `/game new`."),
    msg("game_abandoned", "This game was closed before its end. Start another with `/game new`."),
    msg("lobby_wait", "The game has not started yet. Seated: {seated}."),
    msg("spectator", "You are not playing in this game; you can watch with `/board` and `/game status`."),
    msg("not_your_turn", "It is not your turn: waiting for {who}."),
    msg("your_turn", "{who}, your turn."),
    plural("earlier_events", "… ({n} earlier event in `/log`)", "… ({n} earlier events in `/log`)"),
    # TRANSLATORS: one player's public score in /game status and the pinned status.
    # TRANSLATORS: one player's public score in the pinned status line and /game status
    plural("score_points", "{name}: {n} point", "{name}: {n} points"),
    plural("score_members", "{name}: {n} clan member", "{name}: {n} clan members"),
    # TRANSLATORS: a move that left nothing else to tell; {move} is what the player typed.
    msg("played", "{who} plays `{move}`."),
    # TRANSLATORS: {since} is a duration from the duration_* texts, e.g. '3 h 5 min' or 'a few moments'.
    msg("turn_of", "Waiting for {who} (for {since})."),
    msg("game_over", "**Game over.** {summary}"),
    msg("continue", "You played: {moves}. Your turn continues: {hint}"),
    msg("moved_on", "The game moved on while you typed: {error}"),
    plural("too_long", "That is too long ({n} character; at most {limit}).",
                       "That is too long ({n} characters; at most {limit})."),
    msg("nothing_to_undo", "Nothing to take back: {why}"),
    msg("undo_other_acted", "someone else has acted since your move."),
    msg("undo_barrier", "your last move revealed hidden information or drew at random."),
    msg("undo_none", "you have not moved yet."),
    plural("undo_preview", "This will take back your move: {moves}. Confirm with the button or `/undo confirm:yes`.",
                           "This will take back your {n} moves: {moves}. Confirm with the button or `/undo confirm:yes`."),
    # TRANSLATORS: a button label (80 characters at most): take back {n} moves
    msg("undo_button", "Undo {n}"),
    msg("undo_done", "{name} took back: {moves}."),
    msg("undo_stale", "The game changed since that undo was offered; ask again with `/undo`."),
    msg("resigned", "{name} resigned; the table plays their seat from now on."),
    msg("resigned_end", "{name} resigned. {summary}"),
    msg("resigned_solo", "{name} resigned; the game is closed."),
    msg("no_private", "You hold no private information in this game."),
    msg("log_empty", "No moves yet."),
    # TRANSLATORS: who made a /log entry when no player did (deadlines, the AI of an empty seat).
    msg("log_table", "table"),
    # TRANSLATORS: {move} is the move taken back, as typed.
    msg("log_undo", "undo {move}"),
    msg("log_resigns", "resigns"),
    # TRANSLATORS: the heading of one seat's /hand when a person holds several seats (solo).
    msg("hand_seat", "**{name} — seat {seat}**"),
    # TRANSLATORS: a seat with no name of its own, beside its player's name (a solo game).
    msg("seat_n", "seat {n}"),
    msg("log_page", "Log of {game}, page {page}/{pages}:"),
    # TRANSLATORS: one /log entry: {number} numbers it, {stamp} is its UTC time, {what} the move as typed.
    msg("log_entry", "`#{number}` {stamp} **{who}**: `{what}`"),
    # TRANSLATORS: a /log entry ({entry}) followed by the public events it caused.
    msg("log_entry_events", "{entry} — {events}"),
    msg("status_lobby", "**{game}** — waiting to start. Seated: {seated}."),
    msg("status_finished", "**{game}** — finished. {summary}"),
    msg("status_abandoned", "**{game}** — abandoned."),
    msg("bad_option", "{error}"),
    msg("rate_limited", "Easy there: try again in {seconds} s."),
    msg("unknown_command", "Unknown command '{name}'. Try /game new, /move, /board, /hand, /log, /rules."),
    msg("stale_button", "That button belongs to an earlier position; the game has moved on. See `/board`."),
    msg("busy", "The table is busy with another move; please try again."),
    # ---- async play: notices, reminders and deadlines, settings, seats, lists, exports, stats
    # notifications
    msg("notify_set", "Turn notices for you: **{mode}**."),
    msg("notify_now", "Your turn notices go: **{mode}**. Choose `channel` (in the game's channel), `dm` (by direct "
                      "message), `both` or `mute` (none)."),
    # TRANSLATORS: the {mode} of notify_set and notify_now
    msg("notify_mode_channel", "in the game's channel"),
    msg("notify_mode_dm", "by direct message"),
    msg("notify_mode_both", "in the channel and by direct message"),
    msg("notify_mode_mute", "none"),
    msg("notify_bad", "Choose one of: channel, dm, both, mute."),
    msg("dm_turn", "Your turn in **{game}** ({where})."),
    msg("dm_closed", "{who}: your turn in this game. (You chose turn notices by DM, but your DMs are closed: open "
                     "them, or use `/notify channel`.)"),
    msg("dm_reminder", "Reminder: your turn in **{game}** ({where}) has waited {since}."),
    # reminders and deadlines
    msg("reminder", "⏰ Reminder: {who}, it is your turn in **{game}** (waiting for {since})."),
    # TRANSLATORS: {since} and {left} are durations; {policy} is one of the policy_* texts (a verb phrase).
    msg("reminder_deadline", "⏰ Reminder: {who}, your turn in **{game}** has waited {since}; the deadline runs out in {left}, "
                             "then the table will {policy}."),
    # TRANSLATORS: Completes 'then the table will …' in reminder_deadline.
    msg("policy_skip", "skip the turn"),
    msg("policy_auto", "choose a move for the absent seat"),
    msg("policy_table", "take the seat over"),
    msg("policy_answer", "answer no for you"),
    msg("deadline_answer", "⌛ {name} did not answer the proposal within {hours} h; the table answered for them ({moves})."),
    msg("deadline_skip", "⌛ Deadline: {name} did not move within {hours} h; the table passed for them ({moves})."),
    msg("deadline_auto", "⌛ Deadline: {name} did not move within {hours} h; the table played for them ({moves})."),
    msg("deadline_no_pass", "⌛ Deadline: {name} did not move within {hours} h; the rules allow no pass here, so the table "
                            "played for them ({moves})."),
    msg("deadline_table", "⌛ Deadline: {name} did not move within {hours} h; the table plays their seat from now on "
                          "({moves})."),
    msg("remind_sent", "Nudge from {name}: {who}, **{game}** is waiting for you (for {since})."),
    msg("remind_recent", "{who} got a reminder {ago} ago: a player is nudged at most once every 4 h, whoever "
                         "asks. Try again in {left}."),
    msg("remind_wait", "You nudged this table recently; you may nudge again in {left}."),
    msg("remind_self", "It is your own turn — nobody else to nudge."),
    msg("remind_nobody", "Nobody is waited for right now."),
    # settings
    # TRANSLATORS: {reminder}, {deadline}: the hours or off texts; {vacation}: vacation_allowance; {lang}: en, fr… or lang_server.
    msg("settings_show", "**{game}** settings: reminder every {reminder}; deadline {deadline}; policy: {policy}; vacation "
                         "allowance {vacation}; hints: {hints}; language of the public posts: {lang}; forced moves played by "
                         "the table: {autoplay}."),
    plural("vacation_allowance", "{n} day per player",
                                 "{n} days per player"),
    msg("settings_saved", "{name} changed the settings. "),
    msg("settings_only", "Only the creator of the table or someone with Manage Channels may change its settings."),
    msg("settings_bad", "{what} must be between {low} and {high}."),
    msg("settings_policy", "The deadline policy is skip, auto or table."),
    msg("settings_hints", "hints is on or off."),
    msg("settings_autoplay", "autoplay is on or off."),
    # TRANSLATORS: {choices} lists language codes (en, fr); `server` is typed as is.
    msg("settings_lang", "lang is one of {choices}, or `server` (the server's language)."),
    # TRANSLATORS: The lang setting when nobody chose one (settings_show): public posts follow the server.
    msg("lang_server", "the server's"),
    # TRANSLATORS: The hints setting when nobody chose it (settings_show).
    msg("hints_auto", "automatic (on only while one person plays)"),
    msg("settings_closed", "This game is over; its settings no longer matter."),
    # TRANSLATORS: A reminder or deadline that is switched off (settings_show).
    msg("off", "off"),
    # TRANSLATORS: A setting that is switched on (settings_show).
    msg("on", "on"),   # the opposite of "off"
    # TRANSLATORS: A number of hours, abbreviated as on a clock; no plural.
    msg("hours", "{n} h"),
    # vacation
    plural("vacation_on", "{name} is on vacation in **{game}** until {until} UTC; their clock is paused ({n} day of "
                          "allowance left).",
                          "{name} is on vacation in **{game}** until {until} UTC; their clock is paused ({n} days of "
                          "allowance left)."),
    plural("vacation_over", "Your allowance here has {n} day left (asked {asked}).",
                            "Your allowance here has {n} days left (asked {asked})."),
    msg("vacation_end", "{name} is back in **{game}**."),
    msg("vacation_none", "You are not on vacation in this game."),
    msg("vacation_bad", "Give the days as a number, e.g. `/vacation 3`, or `/vacation end`."),
    # glance
    msg("list_empty", "No games under way on this server."),
    msg("list_head", "Games on this server:"),
    msg("list_lobby", "waiting to start ({seated})"),
    msg("list_turn", "{who} to play, for {since}"),
    msg("mine_empty", "No game is waiting on you. 🎉"),
    msg("mine_head", "Games waiting on you:"),
    msg("since_none", "Nothing has happened since your last move."),
    msg("since_head", "Since your last move in {game}:"),
    msg("status_pin", "📌 **{game}** — {what}"),
    # TRANSLATORS: {since} is a Discord relative timestamp, shown to each reader as e.g. '3 hours ago'.
    msg("pin_turn", "{who} to play since {since}"),
    msg("thread_opened", "The game has its own thread: {where}."),
    msg("thread_failed", "I could not create a thread here (missing permission?); the table stays in this channel."),
    # replay / export
    msg("replay_none", "There is nothing to replay yet."),
    plural("replay_done", "Replay of **{game}**: {n} frame{note}.",
                          "Replay of **{game}**: {n} frames{note}."),
    msg("replay_scaled", ", scaled to fit the upload limit"),
    # TRANSLATORS: replay_sampled, then one of the three replay_… that follow, make the {note} of replay_done
    plural("replay_sampled", " for {n} move",
                             " for {n} moves"),
    msg("replay_dropped", ", some moves skipped to fit the upload limit"),
    msg("replay_dropped_scaled", ", some moves skipped and the frames made smaller to fit the upload limit"),
    msg("replay_busy", "The table is drawing other replays just now: try again in a minute."),
    # /board view:
    msg("board_view_bad", "`view:` is `full` (the whole board) or `area` (the part the last turn changed, with a small "
                          "overview of the whole)."),
    msg("board_whole_only", "This game's whole board reads on a phone, so it has no separate area view."),
    msg("export_active", "A game can be exported once it is over: the file holds the seed, which would reveal hidden "
                         "cards."),
    msg("export_done", "The full log of **{game}** — load it with `hearth local --load {file}`."),
    msg("import_bad", "That file cannot be imported: {why}."),
    # TRANSLATORS: the {why} of import_bad.
    msg("import_no_file", "no file"),
    msg("import_too_big", "larger than {mb} MB"),
    msg("import_not_json", "not JSON"),
    msg("import_not_game", "not a finished Hearth game"),
    msg("import_not_hearth", "not a Hearth game file"),
    # TRANSLATORS: {key} is the game key the file names, as typed in it.
    msg("import_unknown_game", "it holds a game of '{key}', which this bot does not know"),
    # TRANSLATORS: {field} is the name of a field of the file, as written in it.
    msg("import_missing", "the field '{field}' is missing"),
    msg("import_damaged", "a field holds a value of the wrong kind"),
    # TRANSLATORS: {version} numbers the log entry (as /log does), {move} is its move as typed, {why} the rules' refusal.
    msg("import_illegal", "log entry #{version}, `{move}`, does not replay ({why})"),
    msg("import_no_replay", "log entry #{version}, `{move}`, does not replay"),
    msg("import_differs", "the game it stores differs from the game its log replays to"),
    msg("import_busy", "This channel has a game in progress; import into another channel or a thread."),
    plural("import_done", "{name} imported a finished game of **{game}** ({n} log entry, replayed exactly). See `/board`, "
                          "`/replay`, `/log`.",
                          "{name} imported a finished game of **{game}** ({n} log entries, replayed exactly). See "
                          "`/board`, `/replay`, `/log`."),
    # seats
    msg("handover_offer", "{name} offers their seat in **{game}** to {to}. {to}, accept with the button or `/accept`."),
    msg("handover_table", "{name} left their seat in **{game}** to the table, which plays it from now on."),
    msg("handover_done", "{to} takes over {name}'s seat in **{game}**."),
    msg("handover_none", "There is no seat offered to you here."),
    msg("handover_seated", "{to} already plays in this game."),
    msg("handover_self", "Offer your seat to someone else, or to nobody to leave it to the table."),
    msg("handover_bot", "A bot cannot take a seat."),
    msg("accept_label", "Take the seat"),
    # stats
    msg("stats_empty", "No finished games on this server yet."),
    msg("stats_head", "**Leaderboard{scope}** (rating = OpenSkill, μ − 3σ)"),
    # TRANSLATORS: {games} and {wins} are the stats_games and stats_wins texts.
    # TRANSLATORS: {rating} and {avg} are decimal numbers already written for the language.
    msg("stats_line", "{pos}. {name} — rating {rating} · {games} · {wins} · average rank {avg}"),
    msg("stats_player", "**{name}**{scope}: {games}, {wins}, average rank {avg}, rating {rating}."),
    msg("stats_nobody", "{name} has no finished game here{scope}."),
    # TRANSLATORS: {games} is stats_games, {ahead} is stats_ahead.
    msg("stats_versus_ai", "· against **{ai}**: {games}, {ahead}"),
    plural("stats_ahead", "finished ahead of it {n} time",
                          "finished ahead of it {n} times"),
    plural("stats_games", "{n} game",
                          "{n} games"),
    plural("stats_wins", "{n} win",
                         "{n} wins"),
    # durations: short units, the same abbreviations in any count
    # TRANSLATORS: Short units as on a clock; no plural. d = days, h = hours.
    msg("duration_days", "{days} d {hours} h"),
    msg("duration_hours", "{hours} h {minutes} min"),
    msg("duration_minutes", "{minutes} min"),
    # TRANSLATORS: A duration under a minute: 'waiting for a few moments', 'runs out in a few moments'.
    msg("duration_moments", "a few moments"),
    # ordinals, by the language's ordinal category (CLDR: one, two, few, other)
    # TRANSLATORS: Ordinals by the language's CLDR ordinal category; a language without a category copies 'other'.
    msg("ordinal_one", "{n}st"),
    msg("ordinal_two", "{n}nd"),
    msg("ordinal_few", "{n}rd"),
    msg("ordinal_other", "{n}th"),
    # /rules pages
    # TRANSLATORS: Titles of the /rules pages (topic option).
    msg("rules_topic_overview", "Overview and goal"),
    msg("rules_topic_turn", "Turn phases"),
    msg("rules_topic_scoring", "Scoring"),
    msg("rules_topic_notation", "Move notation"),
    msg("rules_page", "**{game}** — {title} (page {page}/{pages})"),
    msg("rules_more", "Other pages: {topics}"),
    msg("rules_no_topic", "**{game}** has no page '{topic}'. Pages: {topics}."),
    # who starts: the rulebook's rule, or the order the starter chose
    # TRANSLATORS: {rule} is the game's own sentence quoting its rulebook, already in the reader's language.
    msg("first_rulebook", "{name} starts: {rule}"),
    # TRANSLATORS: when every seat acts at once at the start; {rule} as in first_rulebook.
    msg("first_rule", "Who plays first: {rule}"),
    msg("first_seated", "{name} starts (seating order)."),
    msg("start_order_bad", "The seat order is `join` (the order people joined) or `random`; leave it out to follow "
                           "the rulebook. '{typed}' is neither."),
    msg("first_chosen_random", "{name} starts (seats drawn at random, as asked)."),
    msg("first_chosen_join", "{name} starts (join order, as asked)."),
    # AI players
    # TRANSLATORS: an AI player's name; {level} is one of the ai_level_* words.
    msg("ai_name", "Hearth AI · {level}"),
    # TRANSLATORS: as ai_name when a table has several AI players of one level: {n} numbers them.
    msg("ai_name_n", "Hearth AI · {level} {n}"),
    # TRANSLATORS: an AI player's level, as it reads after the AI's name ('IA' is feminine in French).
    msg("ai_level_easy", "easy"),
    msg("ai_level_normal", "normal"),
    msg("ai_level_hard", "hard"),
    msg("ai_level_bad", "'{level}' is not an AI level: choose easy, normal or hard."),
    # TRANSLATORS: after an AI takes a seat at a level not shown stronger here; {level}, {below}: ai_level_* words.
    msg("ai_level_unproven", "Note: in {game}, the {level} AI has not yet been shown to play better than the "
                             "{below} one (in our measured games it did not win clearly more often)."),
    plural("ai_count_bad", "This table takes 0 to {n} AI player.",
                           "This table takes 0 to {n} AI players."),
    msg("ai_add_who", "Only a seated player or a moderator can seat an AI player."),
    msg("hint", "💡 The AI would play `{move}`: {why}."),
    msg("hint_what", "💡 The AI would play `{move}` ({what}): {why}."),
    plural("hint_search", "it tried {n} possible future and this move came out best (expected score {pct} out of 100)",
                          "it tried {n} possible futures and this move came out best (expected score {pct} out of 100)"),
    msg("hint_look", "one move ahead it leaves you best placed ({pct} %)"),
    msg("hint_only", "it is the only legal move"),
    msg("hint_off", "Hints are off at this table, where several people play. Its creator (or someone with Manage "
                    "Channels) can allow them for everyone: `/game settings hints:on`."),
    msg("ai_unavailable", "There is no AI player for {game} yet (it must first learn to play without seeing what "
                          "its seat may not see)."),
    # a sub-step's public post, /hand after the end
    plural("still_to_play", "{who} plays on.", "{who} play on."),
    msg("hand_final", "This game is over (`/board` shows the final board). What only you saw at the end:"),
    msg("hand_closed", "This game is over and was closed before it began; there is nothing private to show."),
    # /resign without confirm, and a value Discord let through that is not offered
    msg("resign_confirm", "Resigning is final: the table plays your seat from now on. Confirm with the button or "
                          "`/resign confirm:yes`."),
    # TRANSLATORS: a button label (80 characters at most)
    msg("resign_button", "Resign"),
    # the move picker (bot/table/picker.py)
    msg("picker_head", "Your move in **{game}** — only you see this."),
    msg("picker_moved_on", "The game moved on since this was opened: here is your move from the position now."),
    msg("picker_stale", "The game moved on before you confirmed: that move was not played. Choose again:"),
    msg("picker_nothing", "You have no move to make now."),
    # TRANSLATORS: {move} is the move's notation (typed as is in /move), {label} says it in words
    msg("picker_preview", "**If you confirm:** {label} (`/move {move}`)"),
    msg("picker_image_title", "{game} — preview, not played yet"),
    # TRANSLATORS: a button label under /hint's answer (80 characters at most)
    msg("hint_see", "See this move"),
    msg("picker_confirm_hint", "The picture shows the board after this move. Confirm to play it, or go back."),
    # TRANSLATORS: button labels (80 characters at most)
    msg("picker_open", "Your move"),
    msg("picker_confirm", "Confirm"),
    msg("picker_back", "Back"),
    msg("picker_more", "More…"),
    # TRANSLATORS: the placeholder of a menu of choices; {first}–{last} are the numbers of the options it lists
    msg("picker_menu", "Choose ({first}–{last})"),
    msg("picker_expired", "This picker has expired: press “Your move” on the latest post, or use `/play`."),
    msg("picker_not_yours", "This choice is someone else's: use `/play` (or the “Your move” button) when it is your "
                            "turn."),
    msg("local_pick_how", "(type a number; `!play` starts again)"),
    msg("local_pick_range", "Type a number from 0 to {top}."),
    msg("handover_who", "Name the member who takes your seat: `/handover member:@name`."),
    msg("handover_confirm", "Handing your seat to the table is final: it plays your seat from now on. Confirm with the "
                            "button or `/handover confirm:yes`; to hand it to a person, name them: "
                            "`/handover member:@name`."),
    # TRANSLATORS: a button label (80 characters at most)
    msg("handover_button", "Give my seat to the table"),
    msg("not_a_choice", "That value is not one of the choices offered; pick one from the list."),
    msg("went_wrong", "Something went wrong on our side; your game is safe. Please try again."),
    # Discord's refusals, in a few words a player understands ({why} in the texts below)
    msg("image_too_large", "(The board image is larger than this server's upload limit; see `/board` later.)"),
    msg("image_refused", "(I could not attach the board image here: {why}. See `/board`.)"),
    msg("post_failed", "Done and saved, but I could not post it in this channel ({why}). It will be announced when I "
                       "can; `/board` shows the game."),
    msg("discord_slow", "Discord asked us to slow down"),
    msg("discord_too_large", "the file is too large for this server"),
    msg("discord_permission", "I am missing a permission here (Attach Files or Send Messages)"),
    msg("discord_gone", "the channel or the interaction no longer exists"),
    msg("discord_expired", "the interaction expired"),
    msg("discord_error", "Discord error {status}"),
    # ---- the local table (`hearth local`): its own lines; `!name` words and /commands are typed as they are
    msg("local_banner", "Lines look like Discord: `@name /command args`, e.g.\n"
                        "  @ann /game new clans        @bob /game join        @ann /game start\n"
                        "  @ann /move 17>18            @bob /hand             @ann /board\n"
                        "`@name` says who speaks (it stays for the next lines); `#name` switches channel.\n"
                        "Type `!help` for every command and its options, `!quit` to leave (the game is saved)."),
    # TRANSLATORS: {db} is a database file, {images} a folder.
    msg("local_start", "Hearth local table — database {db}, images in {images}"),
    # TRANSLATORS: the local table's marks around a reply, in [ ]: {where} is #channel.
    msg("local_only", "{where} → {who} only"),
    msg("local_dm", "DM → {who}"),
    msg("local_image", "image: {path}"),
    msg("local_file", "file: {path}"),
    # TRANSLATORS: {buttons} lists each button's label and the command it runs.
    msg("local_buttons", "buttons: {buttons}"),
    msg("local_status_pinned", "{where} status message pinned"),
    msg("local_status_updated", "{where} status message updated"),
    msg("local_announcing", "(announcing a move saved before the last stop)"),
    # TRANSLATORS: a date too far to write in the calendar, as a count of seconds.
    msg("local_past_calendar", "{seconds} s after 1970"),
    msg("local_help_head", "Commands (options in order, or as name:value; <required> [optional]):"),
    msg("local_help_extras", "Local extras:\n"
                             "  @name ...           speak as name (stays for the next lines); @name alone switches\n"
                             "  #channel ...        switch channel (each channel holds its own game)\n"
                             "  !play               choose your move by numbers, see it, then confirm\n"
                             "  !wait <30h|2d|90m>  move the clock on (reminders and deadlines fall due)\n"
                             "  !moves [start]      your legal moves now, filtered by how they start\n"
                             "  !admin <name>       give name Manage Channels (moderator commands)\n"
                             "  !lang <en|fr>       the language you read and this table's server speaks\n"
                             "  !help, !quit"),
    msg("local_who", "Who is speaking? Start the line with @name, e.g. `@ann /game new clans` (the name stays for the "
                     "next lines)."),
    msg("local_bad_name", "A name is plain text (letters, digits, signs): no control characters, and no bytes that are "
                          "not UTF-8. Start the line with another @name."),
    msg("local_replay_later", "(drawing the replay: it comes here when it is ready; go on meanwhile)"),
    msg("local_bye", "(Ctrl-C: the table stops; every game is saved)"),
    msg("local_slash", "Commands start with '/', e.g. `/move 17>18` (type !help)."),
    msg("local_which_game", "Which /game command? {names}."),
    msg("local_unknown", "Unknown command /{name}. Type !help for the list."),
    msg("local_extra", "/{name} takes no more options (extra: '{extra}')."),
    # TRANSLATORS: {option} is typed as is; {what} says what it is.
    msg("local_needs", "/{name} needs {option}: {what}."),
    plural("local_wait_max", "!wait moves the clock at most {n} day at a time (and not past the year 9999).",
                             "!wait moves the clock at most {n} days at a time (and not past the year 9999)."),
    msg("local_wait_bad", "Cannot read the duration '{typed}' (try 30h, 2d, 90m)."),
    msg("local_waited", "(the clock moves on by {what})"),
    plural("local_more_moves", "… and {n} more ({total} in all): narrow them with `!moves <start of a move>`",
                               "… and {n} more ({total} in all): narrow them with `!moves <start of a move>`"),
    msg("local_no_moves", "(no legal move for you now)"),
    msg("local_admin", "({name} may now manage channels)"),
    msg("local_unknown_bang", "Unknown !{word}. Try !help."),
    msg("local_lang", "(language: {lang} — your replies, and this table's server for its public posts)"),
    msg("local_lang_bad", "!lang is one of {choices}."),
    msg("local_thread", "(thread #{channel} created; the table moves there)"),
    msg("local_load_missing", "there is no file {path}"),
    msg("local_load_unreadable", "cannot read {path}"),
    msg("local_load_bad", "{path} does not replay: {why}"),
    plural("local_loaded", "(loaded {path} into #{channel}: replayed {n} log entry)",
                           "(loaded {path} into #{channel}: replayed {n} log entries)"),
)

MESSAGES: dict[str, Message] = {m.key: m for m in _ALL}
assert len(MESSAGES) == len(_ALL), "two texts share a key"
