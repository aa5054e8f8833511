"""A throw-away PostgreSQL server for the test session, started from the machine's installed
PostgreSQL: initdb + pg_ctl into a temporary folder, listening on a free loopback port only.

The binaries are looked for on PATH, then in `pg_config --bindir`, then in the usual
Debian/Ubuntu layout (/usr/lib/postgresql/<version>/bin). initdb refuses to run as root, so
when the tests run as root the server runs as the unprivileged `nobody` (through runuser or
su) in a folder handed to that user.

Also usable by hand, e.g. for running the whole suite on PostgreSQL:

    python -m tests.pg            # prints DATABASE_URL=... and serves until Ctrl-C
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path


def find_bindir() -> Path | None:
    """The folder holding initdb and pg_ctl, or None when PostgreSQL is not installed."""
    candidates: list[Path] = []
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).resolve().parent)
        candidates.append(Path(initdb).parent)
    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=10)
            if out.returncode == 0 and out.stdout.strip():
                candidates.append(Path(out.stdout.strip()))
        except (OSError, subprocess.SubprocessError):
            pass
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """One PostgreSQL cluster in a temporary folder; `url(db)` gives a connection string."""

    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.folder: Path | None = None
        self.port: int | None = None
        self._as_user: list[str] = []

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run([*self._as_user, *args], capture_output=True, text=True, timeout=timeout,
                              cwd=str(self.folder))

    def _unprivileged(self) -> list[str]:
        """The command prefix that runs a program as `nobody` (we are root)."""
        import pwd
        try:
            pwd.getpwnam("nobody")
        except KeyError:
            raise RuntimeError("running as root and there is no user 'nobody' to run PostgreSQL as")
        if shutil.which("runuser"):
            return ["runuser", "-u", "nobody", "--"]
        if shutil.which("setpriv"):
            import pwd as _pwd
            entry = _pwd.getpwnam("nobody")
            return ["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}", "--clear-groups"]
        raise RuntimeError("running as root and neither runuser nor setpriv is available to drop privileges")

    def start(self) -> "PgServer":
        self.folder = Path(tempfile.mkdtemp(prefix="boardgames-pg-"))
        if os.geteuid() == 0:
            self._as_user = self._unprivileged()
            import pwd
            entry = pwd.getpwnam("nobody")
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        out = self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                        "-E", "UTF8", "--locale=C", "--no-sync")
        if out.returncode != 0:
            raise RuntimeError(f"initdb failed: {out.stderr.strip() or out.stdout.strip()}")
        last_error = ""
        for _ in range(5):  # a port taken between choosing and binding: try another
            self.port = _free_port()
            options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' "
                       "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
            out = self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", options,
                            "-l", str(self.folder / "server.log"), "-w", "-t", "60", "start")
            if out.returncode == 0:
                return self
            last_error = out.stderr.strip() or out.stdout.strip()
        log = (self.folder / "server.log")
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        raise RuntimeError(f"pg_ctl start failed: {last_error}\n{tail}")

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop", timeout=60)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; returns its connection string. (Through asyncpg, in a thread
        of its own, so it may be called while an event loop runs.)"""
        import asyncio
        import threading

        import asyncpg
        name = name or "t_" + uuid.uuid4().hex[:12]
        failure: list[BaseException] = []

        async def create() -> None:
            conn = await asyncpg.connect(self.url("postgres"))
            try:
                await conn.execute(f'CREATE DATABASE "{name}"')
            finally:
                await conn.close()

        def run() -> None:
            try:
                asyncio.run(create())
            except BaseException as exc:  # noqa: BLE001 - raised in the caller's thread
                failure.append(exc)
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
        if failure:
            raise RuntimeError(f"CREATE DATABASE failed: {failure[0]}")
        return self.url(name)

if __name__ == "__main__":  # serve a server by hand until interrupted
    import time
    bindir = find_bindir()
    if bindir is None:
        raise SystemExit("no PostgreSQL binaries found (initdb, pg_ctl)")
    import signal

    def stop(*_):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)  # `kill` stops the server too, not only Ctrl-C
    server = PgServer(bindir).start()
    try:
        print(f"DATABASE_URL={server.create_database('boardgames')}", flush=True)
        while True:               # `python -m tests.pg` serves by hand until Ctrl-C: not a test
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
