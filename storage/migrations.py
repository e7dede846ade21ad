"""Numbered schema migrations, run in order at start-up.

Never edit a migration that has shipped: add the next number. Each runs in
one transaction with ``PRAGMA user_version`` bumped in it, so a crash
leaves the schema at one version or the next, never between.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: games, seats, the append-only move log.
    """
    CREATE TABLE games (
        id              INTEGER PRIMARY KEY,
        guild_id        INTEGER,                 -- NULL for the local table / DMs
        channel_id      INTEGER NOT NULL,        -- a channel or a thread
        game_key        TEXT    NOT NULL,
        status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        options         TEXT    NOT NULL DEFAULT '{}',
        seed            INTEGER NOT NULL,
        creator_id      INTEGER NOT NULL,
        state           TEXT,                    -- JSON snapshot; NULL while in the lobby
        version         INTEGER NOT NULL DEFAULT 0,
        announced       INTEGER NOT NULL DEFAULT 0, -- last version posted to the channel
        result          TEXT,                    -- JSON once finished
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL,
        turn_started_at REAL                     -- when the seats now to act started waiting
    );
    CREATE UNIQUE INDEX one_open_game_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_guild ON games (guild_id, status);

    CREATE TABLE seats (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,           -- join order in the lobby, seat number once started
        user_id      INTEGER NOT NULL,
        display_name TEXT    NOT NULL,
        is_bot       INTEGER NOT NULL DEFAULT 0, -- the table plays this seat (resigned, handed over)
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE moves (
        id         INTEGER PRIMARY KEY,
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,             -- the game's version after this entry
        kind       TEXT    NOT NULL CHECK (kind IN ('move', 'undo', 'resign')),
        seat       INTEGER,
        user_id    INTEGER,                      -- NULL when the table moved for the seat
        text       TEXT    NOT NULL,             -- canonical notation (undo: how many moves)
        barrier    INTEGER NOT NULL DEFAULT 0,   -- drew at random or revealed: undo stops here
        events     TEXT    NOT NULL DEFAULT '[]', -- public events, for the log and announcements
        created_at REAL    NOT NULL,
        UNIQUE (game_id, version)
    );

    -- the log is append-only: the database itself refuses edits and deletions
    CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
        WHEN (SELECT COUNT(*) FROM games WHERE id = OLD.game_id) > 0
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    """,
    # 2: small key/value facts about the installation (e.g. the hash of the last command sync).
    """
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 3: async play — per-game settings and timers (due times live here, never in memory),
    # notification choices, vacations, nudges, seat hand-over offers, server languages.
    """
    CREATE TABLE game_settings (
        game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        reminder_hours REAL    NOT NULL DEFAULT 24,
        deadline_hours REAL    NOT NULL DEFAULT 0,      -- 0: no deadline
        policy         TEXT    NOT NULL DEFAULT 'skip' CHECK (policy IN ('skip', 'auto', 'table')),
        vacation_days  REAL    NOT NULL DEFAULT 7,      -- allowance per player and game
        status_message INTEGER                          -- the pinned status message, edited in place
    );

    CREATE TABLE timers (
        game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        turn_started   REAL    NOT NULL,   -- the turn these times belong to
        next_reminder  REAL,               -- when the next reminder falls due
        reminders_sent INTEGER NOT NULL DEFAULT 0,
        warn_at        REAL,               -- the 'deadline is near' reminder (NULL: none or sent)
        deadline_at    REAL                -- when the table acts (NULL: no deadline)
    );

    CREATE TABLE notify_prefs (
        user_id INTEGER PRIMARY KEY,
        mode    TEXT NOT NULL CHECK (mode IN ('channel', 'dm', 'both', 'mute'))
    );

    CREATE TABLE vacations (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id  INTEGER NOT NULL,
        used     REAL    NOT NULL DEFAULT 0,    -- seconds of the allowance taken
        until    REAL    NOT NULL DEFAULT 0,    -- the clock is paused until then
        PRIMARY KEY (game_id, user_id)
    );

    CREATE TABLE nudges (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        at      REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );

    CREATE TABLE handovers (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        from_user INTEGER NOT NULL,
        to_user   INTEGER NOT NULL,
        to_name   TEXT    NOT NULL,
        offered   REAL    NOT NULL,
        PRIMARY KEY (game_id, seat)
    );

    CREATE TABLE guild_prefs (
        guild_id INTEGER PRIMARY KEY,
        locale   TEXT
    );
    """,
    # 4: what the public log shows of a move when it differs from the notation (a sealed bid).
    """
    ALTER TABLE moves ADD COLUMN public_text TEXT;
    """,
]
