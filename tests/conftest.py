"""Session-wide test set-up: PostgreSQL for the tests that need it, and the suite on PostgreSQL.

- `postgres_url`: a database on a PostgreSQL server. With DATABASE_URL set (postgresql://...)
  that server is used; otherwise the session starts its own from the installed PostgreSQL
  (tests/pg.py), once, and stops it at the end. Tests needing it skip, saying why, only when
  neither exists.
- `pg_target`: a fresh, empty schema in that database for one test (a store target).
- With DATABASE_URL set, the WHOLE suite runs on PostgreSQL: every store a test opens at a
  SQLite path opens instead a schema of its own in that database (the same path, the same
  schema: a restart sees its data), and DATABASE_URL is taken out of the environment so each
  bot a test starts keeps to its own. Tests of SQLite itself (`sqlite_only`) are skipped.
"""
from __future__ import annotations

import hashlib
import os
import uuid

import pytest

from store.db import Store, is_postgres_url
from tests import pg

# DATABASE_URL is handed to pytest-xdist's workers as _TESTS_DATABASE_URL (see pytest_configure)
_SUITE_URL = os.environ.get("DATABASE_URL", "") or os.environ.get("_TESTS_DATABASE_URL", "")
_SESSION = uuid.uuid4().hex[:8]
_server: pg.PgServer | None = None
_server_error: str | None = None


def _schema_url(base: str, schema: str) -> str:
    return f"{base}{'&' if '?' in base else '?'}schema={schema}"


def _redirect(path: str) -> str:
    if is_postgres_url(path):
        return path
    if path == ":memory:" or not path:
        name = uuid.uuid4().hex[:16]
    else:
        name = hashlib.sha1(f"{_SESSION}:{os.path.abspath(path)}".encode()).hexdigest()[:16]
    return _schema_url(_SUITE_URL, "t_" + name)


def pytest_configure(config):
    config.addinivalue_line("markers", "sqlite_only: tests SQLite itself (skipped when the suite runs on PostgreSQL)")
    config.addinivalue_line("markers", "postgres: needs a PostgreSQL server (started by the session)")
    if is_postgres_url(_SUITE_URL):
        os.environ.pop("DATABASE_URL", None)
        os.environ["_TESTS_DATABASE_URL"] = _SUITE_URL
        Store.redirect = _redirect


def pytest_report_header(config):
    if is_postgres_url(_SUITE_URL):
        return "store backend: PostgreSQL (DATABASE_URL), a schema per test database"
    return "store backend: SQLite"


def pytest_collection_modifyitems(config, items):
    suite_on_pg = is_postgres_url(_SUITE_URL)
    for item in items:
        if "sqlite_only" not in item.keywords:
            continue
        params = getattr(getattr(item, "callspec", None), "params", {})
        if suite_on_pg:
            item.add_marker(pytest.mark.skip(reason="tests SQLite itself; the suite runs on PostgreSQL (DATABASE_URL)"))
        elif params.get("store_target") == "postgresql":
            item.add_marker(pytest.mark.skip(reason="tests SQLite itself"))


def pytest_unconfigure(config):
    global _server
    if _server is not None:
        _server.stop()
        _server = None


def server_url() -> str:
    """The session's PostgreSQL database (started on first use); skipped only when PostgreSQL is not installed."""
    global _server, _server_error
    if is_postgres_url(_SUITE_URL):
        return _SUITE_URL
    if _server is None and _server_error is None:
        bindir = pg.find_bindir()
        if bindir is None:
            _server_error = ("no PostgreSQL binaries (initdb, pg_ctl) on PATH, in `pg_config --bindir` "
                             "or in /usr/lib/postgresql/*/bin: install PostgreSQL or set DATABASE_URL")
        else:
            try:
                server = pg.PgServer(bindir).start()
                server.url_main = server.create_database("boardgames_tests")
                _server = server
            except Exception as exc:  # noqa: BLE001 - reported as the failure
                _server_error = f"could not start PostgreSQL: {exc}"
    if _server is None:
        if _server_error.startswith("could not start"):
            pytest.fail(_server_error)      # the binaries are there: a server that fails to start is a failure
        pytest.skip(_server_error)          # the one allowed skip: no PostgreSQL installed on this machine
    return _server.url_main


@pytest.fixture(scope="session")
def postgres_url() -> str:
    return server_url()


@pytest.fixture
def pg_target(postgres_url) -> str:
    """A store target on PostgreSQL with a fresh schema of its own."""
    return _schema_url(postgres_url, "t_" + uuid.uuid4().hex[:16])


@pytest.fixture(params=["sqlite", "postgresql"])
def store_target(request, tmp_path) -> str:
    """Where a store test's database lives: once on SQLite, once on PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "s.db")
    return request.getfixturevalue("pg_target")
