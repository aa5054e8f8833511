"""Schema migrations, applied in order and keyed by PRAGMA user_version.

Never edit a migration that has shipped: add a new one at the end.
"""

MIGRATIONS: list[str] = [
    # 1: matches, seats, the action log, per-guild settings
    """
    CREATE TABLE matches (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        game          TEXT    NOT NULL,
        guild_id      INTEGER,
        channel_id    INTEGER,
        thread_id     INTEGER,
        lobby_message_id INTEGER,
        creator_id    INTEGER NOT NULL,
        status        TEXT    NOT NULL,            -- open | active | finished | cancelled
        version       INTEGER NOT NULL DEFAULT 0,  -- number of actions applied
        seed          INTEGER NOT NULL,
        options       TEXT    NOT NULL DEFAULT '{}',  -- the engine's setup options
        meta          TEXT    NOT NULL DEFAULT '{}',  -- the service's own notes (resignations, ...)
        player_count  INTEGER NOT NULL,            -- seats the table waits for
        invited       TEXT    NOT NULL DEFAULT '[]',
        snapshot      TEXT,                        -- engine state after `version` actions (a cache)
        result        TEXT,
        deadline      REAL,
        created_at    REAL    NOT NULL,
        updated_at    REAL    NOT NULL
    );
    CREATE INDEX matches_by_channel ON matches(channel_id, status);
    CREATE INDEX matches_by_status ON matches(status);
    CREATE TABLE seats (
        match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        is_ai     INTEGER NOT NULL DEFAULT 0,
        dm_ok     INTEGER NOT NULL DEFAULT 1,
        accepted  INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (match_id, seat)
    );
    CREATE INDEX seats_by_user ON seats(user_id);
    CREATE TABLE actions (
        match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq       INTEGER NOT NULL,
        seat      INTEGER NOT NULL,
        action    TEXT    NOT NULL,
        at        REAL    NOT NULL,
        UNIQUE (match_id, seq)
    );
    CREATE TABLE guild_settings (
        guild_id  INTEGER PRIMARY KEY,
        settings  TEXT NOT NULL DEFAULT '{}'
    );
    """,
    # 2: tournaments and ratings (store/tournaments.py, store/ratings.py)
    """
    CREATE TABLE tournaments (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER,                     -- where signups, rounds and standings are posted
        message_id  INTEGER,                     -- the signup message, edited as players join
        game        TEXT    NOT NULL,
        format      TEXT    NOT NULL,            -- round_robin | swiss | single_elimination | swiss_pods
        name        TEXT    NOT NULL,
        status      TEXT    NOT NULL,            -- signup | running | finished | cancelled
        creator_id  INTEGER NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}',  -- rounds, clock, max_players, start_time, pod sizes, rated
        data        TEXT,                        -- tournaments.state.Tournament.to_dict(), from the start on
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE INDEX tournaments_by_guild ON tournaments(guild_id, status);
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        user_id       INTEGER NOT NULL,
        joined_at     REAL    NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_matches (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        pairing_id    TEXT    NOT NULL,          -- tournaments.state.Match.id, e.g. "r2m3"
        round         INTEGER NOT NULL,
        match_id      INTEGER NOT NULL REFERENCES matches(id),
        PRIMARY KEY (tournament_id, pairing_id)
    );
    CREATE INDEX tournament_matches_by_match ON tournament_matches(match_id);
    CREATE TABLE ratings (
        guild_id    INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        user_id     INTEGER NOT NULL,
        mu          REAL    NOT NULL,            -- OpenSkill (tournaments/ratings.py)
        sigma       REAL    NOT NULL,
        games       INTEGER NOT NULL DEFAULT 0,  -- rated games played
        updated_at  REAL    NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE TABLE rating_changes (                -- one row per player of every rated match
        match_id  INTEGER NOT NULL REFERENCES matches(id),
        user_id   INTEGER NOT NULL,
        guild_id  INTEGER NOT NULL,
        game      TEXT    NOT NULL,
        seat      INTEGER NOT NULL,
        rank      INTEGER NOT NULL,              -- 1 best; equal ranks tie
        before    INTEGER NOT NULL,              -- displayed ratings
        after     INTEGER NOT NULL,
        at        REAL    NOT NULL,
        PRIMARY KEY (match_id, user_id)
    );
    CREATE INDEX rating_changes_by_user ON rating_changes(guild_id, user_id, at);
    """,
    # 3: clocks, reminders and other timed events (matches/clock.py)
    """
    CREATE TABLE timers (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        kind      TEXT    NOT NULL,              -- reminder | deadline
        seat      INTEGER,
        due       REAL    NOT NULL,
        version   INTEGER NOT NULL,              -- the match version the timer belongs to
        fired     INTEGER NOT NULL DEFAULT 0     -- 1 once fired or superseded by a later move
    );
    CREATE INDEX timers_due ON timers(fired, due);
    """,
    # 4: messages whose buttons ask a question that can go out of date (out of time, take-back)
    """
    CREATE TABLE notices (
        message_id  INTEGER PRIMARY KEY,
        match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        channel_id  INTEGER NOT NULL,
        kind        TEXT    NOT NULL,            -- timeout | undo
        seat        INTEGER NOT NULL,            -- the seat out of time, or asking to take back
        version     INTEGER NOT NULL,            -- the match version when it was asked
        content     TEXT    NOT NULL
    );
    CREATE INDEX notices_by_match ON notices(match_id);
    """,
    # 5: what must still be posted about a change, written in the change's own transaction and
    #    marked done once posted (matches/service.py MatchService.recover delivers what is left)
    """
    CREATE TABLE outbox (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        kind        TEXT    NOT NULL,            -- started | moves | reminder | deadline | closed
        seat        INTEGER,
        version     INTEGER NOT NULL,            -- the match version the row announces
        payload     TEXT    NOT NULL DEFAULT '{}',
        created_at  REAL    NOT NULL,
        done        INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_pending ON outbox(done, match_id);
    CREATE INDEX outbox_by_key ON outbox(match_id, kind, seat, version);
    """,
    # 6: teams in team tournaments: signups sharing a number play together (NULL: no team yet)
    """
    ALTER TABLE tournament_players ADD COLUMN team INTEGER;
    """,
    # 7: each person's language: the one they chose (NULL: follow their Discord client), and
    #    the Discord locale they last used (for messages the bot sends them unasked)
    """
    CREATE TABLE people (
        user_id   INTEGER PRIMARY KEY,
        language  TEXT,
        locale    TEXT
    );
    """,
    # 8: decks a player built and saved by name (Skytear: hero and ability cards), hidden from
    #    everyone else; `chosen` marks the ones the player brings to their next matches
    """
    CREATE TABLE saved_decks (
        user_id     INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        name        TEXT    NOT NULL,
        format      TEXT    NOT NULL,            -- Skytear: draft (8 cards) | tournament (10 cards)
        hero        TEXT    NOT NULL,
        cards       TEXT    NOT NULL,            -- JSON list of card ids
        chosen      INTEGER NOT NULL DEFAULT 0,
        updated_at  REAL    NOT NULL,
        PRIMARY KEY (user_id, game, name)
    );
    """,
]


# ---------------------------------------------------------------------- PostgreSQL
# The list above is the one list of migrations. PostgreSQL runs each translated by `postgres`
# (its types: 64-bit integers for Discord ids, double precision for times, identity ids),
# plus the statements below that give it what SQLite has built in. Its version is kept in a
# schema_version table instead of PRAGMA user_version.

POSTGRES_EXTRA: dict[int, str] = {
    # SQLite's implicit rowid orders signups that joined in the same instant
    2: "ALTER TABLE tournament_players ADD COLUMN rowid BIGSERIAL;",
}


def postgres(number: int, script: str) -> str:
    """Migration `number` (1-based) in PostgreSQL's dialect."""
    import re
    script = script.replace("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGSERIAL PRIMARY KEY")
    script = re.sub(r"\bINTEGER\b", "BIGINT", script)
    script = re.sub(r"\bREAL\b", "DOUBLE PRECISION", script)
    return script + "\n" + POSTGRES_EXTRA.get(number, "")
