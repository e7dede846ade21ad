"""Numbered schema migrations, run in order at start-up, on either backend.

Never edit a migration that has shipped: add the next number. Each runs in
one transaction with the schema version bumped in it (SQLite's
``PRAGMA user_version``, PostgreSQL's ``hearth_schema`` row), so a crash
leaves the schema at one version or the next, never between.

``MIGRATIONS`` is SQLite's text of each number, ``POSTGRES_MIGRATIONS``
PostgreSQL's text of the same number: the same tables, columns, keys and
indexes, in each dialect's types (PostgreSQL: ``BIGINT`` for Discord ids,
``DOUBLE PRECISION`` for times, identity keys, a PL/pgSQL trigger function).
Where the SQL is the same on both, both lists hold the same string.
"""

from __future__ import annotations

# 5 (below) is the same SQL on both engines.
_SUMMARIES = """
    CREATE INDEX games_by_channel ON games (channel_id, id);           -- /game status, /board, /log, /replay
    CREATE INDEX games_by_status ON games (status, id);                -- the scheduler, backup and verify pages
    CREATE INDEX games_unannounced ON games (id) WHERE announced < version;  -- start-up catch-up
    -- kept up to date at each save, so the lists never parse a state:
    ALTER TABLE games ADD COLUMN to_act TEXT;    -- JSON list of the seats to act now (NULL: unknown)
    ALTER TABLE games ADD COLUMN scores TEXT;    -- JSON list of each seat's score (NULL: unknown)
"""

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
    # 5: an index for every lookup a command makes; summary columns for the lists.
    _SUMMARIES,
    # 6: a move is saved by one statement (one trip to the database, atomic on its own): an INSERT into the
    # view game_saves, whose trigger checks the version, updates the game and appends the move.
    """
    CREATE VIEW game_saves AS SELECT
        NULL AS game_id, NULL AS expected_version, NULL AS state, NULL AS status, NULL AS result, NULL AS now,
        NULL AS turn_changed, NULL AS to_act, NULL AS scores, NULL AS kind, NULL AS seat, NULL AS user_id,
        NULL AS text, NULL AS barrier, NULL AS events, NULL AS public_text
        WHERE 0;
    CREATE TRIGGER game_saves_insert INSTEAD OF INSERT ON game_saves
    BEGIN
        SELECT RAISE(ABORT, 'hearth: version conflict') WHERE NOT EXISTS
            (SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.expected_version);
        UPDATE games SET state = NEW.state, version = NEW.expected_version + 1, status = NEW.status,
            result = NEW.result, updated_at = NEW.now,
            turn_started_at = CASE WHEN NEW.turn_changed = 1 THEN NEW.now ELSE turn_started_at END,
            to_act = NEW.to_act, scores = NEW.scores
            WHERE id = NEW.game_id;
        INSERT INTO moves (game_id, version, kind, seat, user_id, text, barrier, events, created_at, public_text)
            VALUES (NEW.game_id, NEW.expected_version + 1, NEW.kind, NEW.seat, NEW.user_id, NEW.text,
                    NEW.barrier, NEW.events, NEW.now, NEW.public_text);
    END;
    """,
    # 7: the table setting ``hints`` (/hint allowed): NULL keeps the default (on when one person plays).
    "ALTER TABLE game_settings ADD COLUMN hints INTEGER;",
    # 8: leases: what one process of several claims for a while (a game's reminders, deadlines and AI turns;
    # the slash-command sync), taken over by another once it expires (storage/leases.py).
    """
    CREATE TABLE leases (
        name       TEXT PRIMARY KEY,          -- 'game:42', 'commands'
        owner      TEXT,                      -- the process holding it; NULL: free
        expires_at REAL NOT NULL DEFAULT 0    -- after this, anyone may take it
    );
    """,
    # 9: store speed, lists and undo. Saves come in batches (storage.batching) through a view with one more
    # column, snapshot: every so many versions the state is kept in game_snapshots, so undo re-simulates only
    # from the nearest. games_unannounced goes: its predicate reads version, so every save had to maintain it
    # (start-up catch-up reads games_by_status instead). Indexes for the paged lists.
    """
    DROP INDEX games_unannounced;
    -- /game list: a server's open games in id order, a page at a time (the query names the same statuses)
    CREATE INDEX open_games_by_guild ON games (guild_id, id) WHERE status IN ('lobby', 'active');
    -- /game mine: a member's games without visiting the seats' rows
    CREATE INDEX seats_by_user_game ON seats (user_id, game_id);
    DROP INDEX seats_by_user;
    CREATE TABLE game_snapshots (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,                -- the game's version this state belongs to
        state   TEXT    NOT NULL,
        PRIMARY KEY (game_id, version)
    );
    DROP VIEW game_saves;
    CREATE VIEW game_saves AS SELECT
        NULL AS game_id, NULL AS expected_version, NULL AS state, NULL AS status, NULL AS result, NULL AS now,
        NULL AS turn_changed, NULL AS to_act, NULL AS scores, NULL AS kind, NULL AS seat, NULL AS user_id,
        NULL AS text, NULL AS barrier, NULL AS events, NULL AS public_text, NULL AS snapshot
        WHERE 0;
    CREATE TRIGGER game_saves_insert INSTEAD OF INSERT ON game_saves
    BEGIN
        SELECT RAISE(ABORT, 'hearth: version conflict') WHERE NOT EXISTS
            (SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.expected_version);
        UPDATE games SET state = NEW.state, version = NEW.expected_version + 1, status = NEW.status,
            result = NEW.result, updated_at = NEW.now,
            turn_started_at = CASE WHEN NEW.turn_changed = 1 THEN NEW.now ELSE turn_started_at END,
            to_act = NEW.to_act, scores = NEW.scores
            WHERE id = NEW.game_id;
        INSERT INTO moves (game_id, version, kind, seat, user_id, text, barrier, events, created_at, public_text)
            VALUES (NEW.game_id, NEW.expected_version + 1, NEW.kind, NEW.seat, NEW.user_id, NEW.text,
                    NEW.barrier, NEW.events, NEW.now, NEW.public_text);
        INSERT INTO game_snapshots (game_id, version, state)
            SELECT NEW.game_id, NEW.expected_version + 1, NEW.state WHERE NEW.snapshot = 1;
    END;
    """,
    # 10: the table setting ``lang`` (the language of the table's public posts): NULL follows the server's.
    "ALTER TABLE game_settings ADD COLUMN lang TEXT;",
    # 11: the table setting ``autoplay`` (a seat's only legal move played by the table): NULL is on.
    "ALTER TABLE game_settings ADD COLUMN autoplay INTEGER;",
]


POSTGRES_MIGRATIONS: list[str] = [
    # 1: games, seats, the append-only move log.
    """
    CREATE TABLE games (
        id              BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        guild_id        BIGINT,
        channel_id      BIGINT  NOT NULL,
        game_key        TEXT    NOT NULL,
        status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        options         TEXT    NOT NULL DEFAULT '{}',
        seed            BIGINT  NOT NULL,
        creator_id      BIGINT  NOT NULL,
        state           TEXT,
        version         INTEGER NOT NULL DEFAULT 0,
        announced       INTEGER NOT NULL DEFAULT 0,
        result          TEXT,
        created_at      DOUBLE PRECISION NOT NULL,
        updated_at      DOUBLE PRECISION NOT NULL,
        turn_started_at DOUBLE PRECISION
    );
    CREATE UNIQUE INDEX one_open_game_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_guild ON games (guild_id, status);

    CREATE TABLE seats (
        game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        user_id      BIGINT  NOT NULL,
        display_name TEXT    NOT NULL,
        is_bot       INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE moves (
        id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,
        kind       TEXT    NOT NULL CHECK (kind IN ('move', 'undo', 'resign')),
        seat       INTEGER,
        user_id    BIGINT,
        text       TEXT    NOT NULL,
        barrier    INTEGER NOT NULL DEFAULT 0,
        events     TEXT    NOT NULL DEFAULT '[]',
        created_at DOUBLE PRECISION NOT NULL,
        UNIQUE (game_id, version)
    );

    -- the log is append-only: the database itself refuses edits, and deletions unless the game goes too
    CREATE FUNCTION hearth_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id) THEN
            RAISE EXCEPTION 'the move log is append-only' USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN OLD;
    END
    $$;
    CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
        FOR EACH ROW EXECUTE FUNCTION hearth_moves_append_only();
    CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
        FOR EACH ROW EXECUTE FUNCTION hearth_moves_append_only();
    """,
    # 2: small key/value facts about the installation.
    MIGRATIONS[1],
    # 3: async play — per-game settings and timers, notification choices, vacations, nudges, hand-overs, languages.
    """
    CREATE TABLE game_settings (
        game_id        BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        reminder_hours DOUBLE PRECISION NOT NULL DEFAULT 24,
        deadline_hours DOUBLE PRECISION NOT NULL DEFAULT 0,
        policy         TEXT    NOT NULL DEFAULT 'skip' CHECK (policy IN ('skip', 'auto', 'table')),
        vacation_days  DOUBLE PRECISION NOT NULL DEFAULT 7,
        status_message BIGINT
    );

    CREATE TABLE timers (
        game_id        BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        turn_started   DOUBLE PRECISION NOT NULL,
        next_reminder  DOUBLE PRECISION,
        reminders_sent INTEGER NOT NULL DEFAULT 0,
        warn_at        DOUBLE PRECISION,
        deadline_at    DOUBLE PRECISION
    );

    CREATE TABLE notify_prefs (
        user_id BIGINT PRIMARY KEY,
        mode    TEXT NOT NULL CHECK (mode IN ('channel', 'dm', 'both', 'mute'))
    );

    CREATE TABLE vacations (
        game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id  BIGINT NOT NULL,
        used     DOUBLE PRECISION NOT NULL DEFAULT 0,
        until    DOUBLE PRECISION NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, user_id)
    );

    CREATE TABLE nudges (
        game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        at      DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );

    CREATE TABLE handovers (
        game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        from_user BIGINT  NOT NULL,
        to_user   BIGINT  NOT NULL,
        to_name   TEXT    NOT NULL,
        offered   DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat)
    );

    CREATE TABLE guild_prefs (
        guild_id BIGINT PRIMARY KEY,
        locale   TEXT
    );
    """,
    # 4: what the public log shows of a move when it differs from the notation.
    MIGRATIONS[3],
    # 5: indexes for every lookup; summary columns for the lists.
    _SUMMARIES,
    # 6: a move saved by one statement: INSERT INTO game_saves (the trigger checks the version, under the
    # game row's lock: a racing save waits, then finds the version gone).
    """
    CREATE VIEW game_saves AS SELECT
        NULL::bigint AS game_id, NULL::integer AS expected_version, NULL::text AS state, NULL::text AS status,
        NULL::text AS result, NULL::double precision AS now, NULL::integer AS turn_changed, NULL::text AS to_act,
        NULL::text AS scores, NULL::text AS kind, NULL::integer AS seat, NULL::bigint AS user_id,
        NULL::text AS text, NULL::integer AS barrier, NULL::text AS events, NULL::text AS public_text
        WHERE false;
    CREATE FUNCTION hearth_save_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE games SET state = NEW.state, version = NEW.expected_version + 1, status = NEW.status,
            result = NEW.result, updated_at = NEW.now,
            turn_started_at = CASE WHEN NEW.turn_changed = 1 THEN NEW.now ELSE turn_started_at END,
            to_act = NEW.to_act, scores = NEW.scores
            WHERE id = NEW.game_id AND version = NEW.expected_version;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'hearth: version conflict' USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        INSERT INTO moves (game_id, version, kind, seat, user_id, text, barrier, events, created_at, public_text)
            VALUES (NEW.game_id, NEW.expected_version + 1, NEW.kind, NEW.seat, NEW.user_id, NEW.text,
                    NEW.barrier, NEW.events, NEW.now, NEW.public_text);
        RETURN NEW;
    END
    $$;
    CREATE TRIGGER game_saves_insert INSTEAD OF INSERT ON game_saves
        FOR EACH ROW EXECUTE FUNCTION hearth_save_move();
    """,
    # 7: the table setting ``hints`` (as SQLite's).
    MIGRATIONS[6],
    # 8: leases (see MIGRATIONS[7]).
    """
    CREATE TABLE leases (
        name       TEXT PRIMARY KEY,
        owner      TEXT,
        expires_at DOUBLE PRECISION NOT NULL DEFAULT 0
    );
    """,
    # 9: batches of saves (storage.batching): a conflicting row is skipped (the trigger returns NULL) and the
    # statement's RETURNING says which applied; every so many versions the state goes to game_snapshots (undo
    # re-simulates from the nearest). games_unannounced goes (its predicate reads version, so no save could be
    # a HOT update); the games table leaves room in its pages for HOT updates.
    """
    DROP INDEX games_unannounced;
    ALTER TABLE games SET (fillfactor = 80);
    CREATE INDEX open_games_by_guild ON games (guild_id, id) WHERE status IN ('lobby', 'active');
    CREATE INDEX seats_by_user_game ON seats (user_id, game_id);
    DROP INDEX seats_by_user;
    CREATE TABLE game_snapshots (
        game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        state   TEXT    NOT NULL,
        PRIMARY KEY (game_id, version)
    );
    DROP VIEW game_saves;
    CREATE VIEW game_saves AS SELECT
        NULL::bigint AS game_id, NULL::integer AS expected_version, NULL::text AS state, NULL::text AS status,
        NULL::text AS result, NULL::double precision AS now, NULL::integer AS turn_changed, NULL::text AS to_act,
        NULL::text AS scores, NULL::text AS kind, NULL::integer AS seat, NULL::bigint AS user_id,
        NULL::text AS text, NULL::integer AS barrier, NULL::text AS events, NULL::text AS public_text,
        NULL::integer AS snapshot
        WHERE false;
    CREATE OR REPLACE FUNCTION hearth_save_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE games SET state = NEW.state, version = NEW.expected_version + 1, status = NEW.status,
            result = NEW.result, updated_at = NEW.now,
            turn_started_at = CASE WHEN NEW.turn_changed = 1 THEN NEW.now ELSE turn_started_at END,
            to_act = NEW.to_act, scores = NEW.scores
            WHERE id = NEW.game_id AND version = NEW.expected_version;
        IF NOT FOUND THEN
            RETURN NULL;      -- a version conflict: this row is skipped, the others of the batch go on
        END IF;
        INSERT INTO moves (game_id, version, kind, seat, user_id, text, barrier, events, created_at, public_text)
            VALUES (NEW.game_id, NEW.expected_version + 1, NEW.kind, NEW.seat, NEW.user_id, NEW.text,
                    NEW.barrier, NEW.events, NEW.now, NEW.public_text);
        IF NEW.snapshot = 1 THEN
            INSERT INTO game_snapshots (game_id, version, state)
                VALUES (NEW.game_id, NEW.expected_version + 1, NEW.state);
        END IF;
        RETURN NEW;
    END
    $$;
    CREATE TRIGGER game_saves_insert INSTEAD OF INSERT ON game_saves
        FOR EACH ROW EXECUTE FUNCTION hearth_save_move();
    """,
    # 10: the table setting ``lang`` (as SQLite's).
    MIGRATIONS[9],
    # 11: the table setting ``autoplay`` (as SQLite's).
    MIGRATIONS[10],
]

assert len(POSTGRES_MIGRATIONS) == len(MIGRATIONS), "every number has a text for each backend"
