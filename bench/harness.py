"""A gunicorn server on a loopback port and phone-like clients that record hands through the forms."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
HIDDEN = re.compile(r'name="(version|form_token|csrf_token)" value="([^"]*)"')
HAND = {  # a valid Classic hand: six of them end a game, so clients keep starting new ones
    "0-melded_points": "300",
    "0-canastas-natural": "1",
    "0-went_out": "out",
    "1-melded_points": "100",
    "1-hand_points": "30",
}
NEW_GAME = {
    "format": "classic",
    "first_dealer": "0-0",
    "side-0-name": "We",
    "side-1-name": "They",
    "side-0-player-0": "Ann",
    "side-0-player-1": "Bo",
    "side-1-player-0": "Cy",
    "side-1-player-1": "Di",
}
DOWN = (OSError, http.client.HTTPException)  # refused, reset, or cut off mid-response


def free_port() -> int:
    """Returns a loopback port that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """The app under gunicorn (2 sync workers, migrations run once in the master: --preload)."""

    def __init__(self, instance: Path, port: int, workers: int = 2) -> None:
        self.instance, self.port, self.workers = instance, port, workers
        self.process: subprocess.Popen | None = None

    @property
    def database(self) -> Path:
        """Returns the path of the served database."""
        return self.instance / "scorekeeper.db"

    def start(self, timeout: float = 30.0) -> None:
        """Starts gunicorn in its own process group and waits until it answers."""
        env = dict(os.environ, SCOREKEEPER_INSTANCE=str(self.instance))
        log = open(self.instance / "gunicorn.log", "ab")  # noqa: SIM115 - the child keeps it
        command = [sys.executable, "-m", "gunicorn", "--preload", "-w", str(self.workers)]
        command += ["-b", f"127.0.0.1:{self.port}", "--timeout", "60", "scorekeeper:create_app()"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            try:
                conn.request("GET", "/")
                if conn.getresponse().status == 200:
                    return
            except DOWN:
                time.sleep(0.05)
            finally:  # a slow start on a busy machine must not leave a socket behind
                conn.close()
            if self.process.poll() is not None:
                break
        raise RuntimeError(f"gunicorn did not start; see {self.instance / 'gunicorn.log'}")

    def kill(self) -> None:
        """Kills the master and its workers at once with SIGKILL, as a power-cut-free crash."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)  # the group this Popen started, by its id
        self.process.wait()

    def stop(self) -> None:
        """Stops gunicorn gracefully."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)


@dataclass
class Stats:
    """What one client saw."""

    sent: int = 0  # hands posted (each with its own one-time form token)
    acked: int = 0  # hands the server said it saved
    retried: int = 0  # hands re-sent after the connection dropped
    already: int = 0  # of those, hands the first send had saved (the one-time token said so)
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)  # seconds per hand POST
    saved: dict[str, int] = field(default_factory=dict)  # game id -> hands acknowledged

    def merge(self, other: Stats) -> None:
        """Adds another client's figures to these."""
        self.sent += other.sent
        self.acked += other.acked
        self.retried += other.retried
        self.already += other.already
        self.errors += other.errors
        self.latencies += other.latencies
        self.saved.update(other.saved)


class Client:
    """One phone: its own session cookie; it starts games and records hands through the forms."""

    def __init__(self, port: int, stats: Stats, give_up: Callable[[], bool]) -> None:
        self.port, self.stats, self.give_up = port, stats, give_up
        self.cookie = ""
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, fields: dict | None = None):
        """Sends one request on a kept-alive connection; returns (status, location, body)."""
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read().decode("utf-8", "replace")
        except DOWN:
            self.conn.close()
            self.conn = None
            raise
        cookie = response.getheader("Set-Cookie")
        if cookie and cookie.startswith("session="):
            self.cookie = cookie.split(";", 1)[0]
        return response.status, response.getheader("Location") or "", data

    def patient(self, method: str, path: str, fields: dict | None = None):
        """Sends a request, and the same one again while the server is down (until give-up)."""
        while True:
            try:
                return self.request(method, path, fields)
            except DOWN:
                if self.give_up():
                    raise
                time.sleep(0.05)

    def new_game(self) -> str | None:
        """Starts a Classic game and returns its id."""
        status, _, page = self.patient("GET", "/games/new?format=classic")
        fields = NEW_GAME | dict(HIDDEN.findall(page))
        status, location, _ = self.patient("POST", "/games/new", fields)
        if status != 302:
            self.stats.errors.append(f"new game: {status}")
            return None
        return location.rsplit("/", 1)[-1]

    def record(self, game_id: str) -> bool:
        """Records one hand; False when the game is over. Resends the same form after a crash."""
        status, _, page = self.patient("GET", f"/games/{game_id}/hands/new")
        if status == 302:
            return False  # the game is over
        fields = HAND | dict(HIDDEN.findall(page))
        path = f"/games/{game_id}/hands/new"
        self.stats.sent += 1
        started = time.perf_counter()
        try:
            status, location, _ = self.request("POST", path, fields)
            self.stats.latencies.append(time.perf_counter() - started)
        except DOWN:
            # No answer: the server died. Send the very same form (same one-time token) again.
            self.stats.retried += 1
            status, location, _ = self.patient("POST", path, fields)
            if status == 302 and "#hand-" not in location:
                _, _, sheet = self.patient("GET", location)
                if "That hand was already saved." in sheet:
                    self.stats.already += 1
                    location += "#hand-saved"  # the first send was committed before the crash
        if status == 302 and "#hand-" in location:
            self.stats.acked += 1
            self.stats.saved[game_id] = self.stats.saved.get(game_id, 0) + 1
            return True
        self.stats.errors.append(f"record: {status} {location}")
        return False

    def play(self, stop: threading.Event) -> None:
        """Starts games and records hands until told to stop."""
        game_id = None
        while not stop.is_set():
            try:
                if game_id is None:
                    game_id = self.new_game()
                    continue
                if not self.record(game_id):
                    game_id = None
            except DOWN as error:
                if not self.give_up():
                    self.stats.errors.append(f"connection: {error!r}")
                return


def run_clients(
    port: int,
    count: int,
    seconds: float,
    during: Callable[[], None] | None = None,
    grace: float = 5.0,
) -> Stats:
    """Runs `count` client threads for about `seconds`, calling `during` meanwhile; returns Stats."""
    stop, giving_up = threading.Event(), threading.Event()
    stats = [Stats() for _ in range(count)]
    clients = [Client(port, s, giving_up.is_set) for s in stats]
    threads = [threading.Thread(target=c.play, args=(stop,)) for c in clients]
    for thread in threads:
        thread.start()
    started = time.monotonic()
    if during is not None:
        during()
    time.sleep(max(0.0, seconds - (time.monotonic() - started)))
    stop.set()
    time.sleep(grace)  # a hand in flight gets time to finish before anyone gives up
    giving_up.set()
    for thread in threads:
        thread.join()
    total = Stats()
    for s in stats:
        total.merge(s)
    return total


def check_database(path: Path, saved: dict[str, int]) -> tuple[str, int, int]:
    """Returns (integrity_check, acknowledged hands found, hands stored beyond those acknowledged)."""
    import sqlite3

    conn = sqlite3.connect(path, timeout=10)
    try:
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
        stored = dict(conn.execute("SELECT game_id, count(*) FROM hands GROUP BY game_id"))
    finally:
        conn.close()
    found = sum(min(n, stored.get(game_id, 0)) for game_id, n in saved.items())
    extra = sum(stored.values()) - found
    return integrity, found, extra


def percentile(values: list[float], q: float) -> float:
    """Returns the q-th percentile (0-100) of the values, in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def report(
    title: str, stats: Stats, found: int, integrity: str, extra: int, seconds: float
) -> dict:
    """Prints the figures and returns them as a dict."""
    figures = {
        "hands sent": stats.sent,
        "hands acknowledged": stats.acked,
        "hands found after restart": found,
        "hands stored but never acknowledged": extra,
        "re-sent after the crash": stats.retried,
        "  of which saved by the first send": stats.already,
        "errors": len(stats.errors),
        "integrity_check": integrity,
        "p50 ms": round(percentile(stats.latencies, 50), 1),
        "p99 ms": round(percentile(stats.latencies, 99), 1),
        "hands/s": round(stats.acked / seconds, 1),
        "games": len(stats.saved),
    }
    print(title)
    for name, value in figures.items():
        print(f"  {name:<38} {value}")
    for error in stats.errors[:10]:
        print(f"  error: {error}")
    return figures
