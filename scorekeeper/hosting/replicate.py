"""Litestream beside the app: a continuous copy of the database's WAL at a replica URL, and restore."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

SYNC_INTERVAL = "1s"  # how often Litestream ships new WAL pages: the most a host loses
STOP_SECONDS = 10  # Litestream's own shutdown sync finishes well within this
SCHEMES = ("file", "s3", "gs", "abs", "sftp", "webdav", "nats", "oss")  # Litestream 0.5's
CONFIG = """\
# Written by `scorekeeper serve --replicate`: one database, one replica.
dbs:
  - path: {database}
    replica:
      url: {url}
      sync-interval: {interval}
"""


class ReplicaError(Exception):
    """Replication cannot start or a restore cannot be made; the message says why."""


def binary() -> str:
    """Returns the litestream program: beside this Python (the `replicate` extra) or on PATH."""
    beside = Path(sys.executable).with_name("litestream.exe" if os.name == "nt" else "litestream")
    found = str(beside) if beside.is_file() else shutil.which("litestream")
    if found is None:
        raise ReplicaError(
            "litestream is not installed: pip install 'canasta-scorekeeper[replicate]'"
        )
    return found


def replica_url(url: str) -> str:
    """Returns a replica URL Litestream reads; a plain folder becomes a file:// URL."""
    scheme = urlsplit(url).scheme
    if scheme == "" or (len(scheme) == 1 and os.name == "nt"):  # a path, C:\ included
        return Path(url).expanduser().resolve().as_uri()
    if scheme not in SCHEMES:
        raise ReplicaError(f"{url}: a replica is a folder or a URL of {', '.join(SCHEMES)}")
    return url


def config_text(database: str | Path, url: str) -> str:
    """Returns a Litestream configuration that copies the database to the replica URL."""
    # JSON strings are YAML strings: a path with a colon or a quote stays one value.
    import json

    return CONFIG.format(
        database=json.dumps(str(Path(database).resolve())),
        url=json.dumps(replica_url(url)),
        interval=SYNC_INTERVAL,
    )


def start(database: str | Path, url: str, config: Path) -> subprocess.Popen[bytes]:
    """Writes the configuration (0600) and starts `litestream replicate`; returns the process."""
    program = binary()
    text = config_text(database, url)
    config.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(config, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # a URL may hold a key
    with os.fdopen(fd, "w") as file:
        file.write(text)
    return subprocess.Popen([program, "replicate", "-config", str(config)], preexec_fn=_with_parent)


def _with_parent() -> None:
    """In the child: dies when the app does (Linux), so a restart never runs a second copier."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGTERM)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Asks Litestream to finish its last sync and stop; ends it if it does not in time."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.send_signal(signal.SIGINT)  # its graceful stop: a last sync, then exit
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=STOP_SECONDS)


def restore(url: str, database: Path) -> None:
    """Restores the replica's latest state into database, a file that must not exist yet."""
    if database.exists():
        raise ReplicaError(f"{database} exists: restore into a new, empty folder")
    database.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [binary(), "restore", "-o", str(database), replica_url(url)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 or not database.exists():
        said = " ".join((done.stderr or done.stdout).split())[-300:]
        raise ReplicaError(f"litestream could not restore {url}: {said or 'no database'}")
    database.chmod(0o600)  # the database holds every link
