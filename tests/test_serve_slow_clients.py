"""Item 9 of issue 24: 150 slow or idle connections cannot lock the table out of `scorekeeper serve`.

A real waitress server built as `serve` builds it, on loopback; every loop is bounded."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.api.openapi import EXAMPLE_GAME, EXAMPLE_HAND
from scorekeeper.hosting.limits import make_server

pytestmark = pytest.mark.slow  # a real server and 150 sockets
SLOW = 150
GENEROUS = 10  # seconds: far above a save's time, far below waitress's old 120 s idle limit


@pytest.fixture
def served(app) -> Iterator[tuple[str, Any]]:
    """Serves the app with `serve`'s waitress settings on a free loopback port."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    server = make_server(app, listener, threads=4, request_seconds=2, cleanup_seconds=1)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}", server
    finally:
        server.task_dispatcher.shutdown(timeout=5)
        server.close()
        for channel in list(server._map.values()):
            with contextlib.suppress(OSError):
                channel.close()
        thread.join(5)


def call(url: str, body: Any, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Sends a JSON request and returns the JSON answer, within the generous bound."""
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request, timeout=GENEROUS) as response:
        return json.load(response)


def slow_connections(base: str, count: int) -> list[socket.socket]:
    """Opens connections that each send half a request and then say nothing more."""
    port = int(base.rsplit(":", 1)[1])
    opened = []
    for n in range(count):
        # From five devices (127.0.0.10-14), as a busy room would: each below the per-address cap.
        source = (f"127.0.0.{10 + n % 5}", 0)
        conn = socket.create_connection(("127.0.0.1", port), GENEROUS, source_address=source)
        conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n")  # never finished
        opened.append(conn)
    return opened


def test_a_hand_is_saved_while_150_slow_connections_hang(served) -> None:
    """With 150 connections trickling headers, a phone's save still answers (201)."""
    base, _server = served
    game = call(f"{base}/api/v1/games", EXAMPLE_GAME)
    hanging = slow_connections(base, SLOW)
    try:
        saved = call(
            f"{base}/api/v1/games/{game['id']}/hands",
            EXAMPLE_HAND,
            {
                "Authorization": f"Bearer {game['tokens']['edit']}",
                "If-Match": '"1"',
                "Idempotency-Key": "slow-clients-0001",
            },
        )
        assert saved["game"]["version"] == 2
    finally:
        for conn in hanging:
            conn.close()


def test_a_request_that_trickles_in_is_dropped(served) -> None:
    """A connection whose request never ends is closed after the request deadline."""
    base, _server = served
    (conn,) = slow_connections(base, 1)
    try:
        conn.settimeout(0.5)
        closed = False
        deadline = time.monotonic() + GENEROUS
        while not closed and time.monotonic() < deadline:  # bounded: at most GENEROUS seconds
            with contextlib.suppress(TimeoutError):
                conn.sendall(b"X-More: 1\r\n")  # one header line now and then keeps it "active"
                closed = conn.recv(1024) == b""
        assert closed, "the trickling connection was never closed"
    finally:
        conn.close()


IDLE_FROM_ONE = 1_100  # issue 34: more idle sockets from one address than waitress's limit
PHONE = "127.0.0.2"  # another address on loopback: Linux answers all of 127.0.0.0/8


def idle_connections(base: str, count: int) -> list[socket.socket]:
    """Opens count connections from 127.0.0.1 that never say a word (the backlog may hold some)."""
    port = int(base.rsplit(":", 1)[1])
    opened = []
    for _ in range(count):
        conn = socket.socket()
        conn.setblocking(False)
        with contextlib.suppress(BlockingIOError):  # connecting; never waited for
            conn.connect(("127.0.0.1", port))
        opened.append(conn)
    return opened


def from_phone(base: str, method: str, path: str, body: Any = None, headers=None) -> Any:
    """Sends one JSON request from PHONE's address, within the generous bound."""
    import http.client

    port = int(base.rsplit(":", 1)[1])
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=GENEROUS, source_address=(PHONE, 0)
    )
    try:
        data = None if body is None else json.dumps(body)
        conn.request(method, path, data, {"Content-Type": "application/json", **(headers or {})})
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"null")
    finally:
        conn.close()


def test_one_address_cannot_take_every_slot(served) -> None:
    """1,100 idle sockets from one address, re-opened as they drop: a phone's save is answered."""
    base, server = served
    game = call(f"{base}/api/v1/games", EXAMPLE_GAME)
    hogging = idle_connections(base, IDLE_FROM_ONE)
    try:
        time.sleep(1)  # the server's loop accepts what it will of them
        hogging += idle_connections(base, IDLE_FROM_ONE // 10)  # re-opened, as a hog would
        held = sum(1 for c in server.active_channels.values() if c.addr[0] == "127.0.0.1")
        assert held <= server.per_address
        status, saved = from_phone(
            base,
            "POST",
            f"/api/v1/games/{game['id']}/hands",
            EXAMPLE_HAND,
            {
                "Authorization": f"Bearer {game['tokens']['edit']}",
                "If-Match": '"1"',
                "Idempotency-Key": "one-address-hog-0001",
            },
        )
        assert status == 201 and saved["game"]["version"] == 2
        assert all(from_phone(base, "GET", "/healthz")[0] == 200 for _ in range(5))
    finally:
        for conn in hogging:
            conn.close()
