"""Issue 34: every route, under the development server, waitress and gunicorn, logs no token.

Each route of the app's URL map is requested with a fresh token in each of its path fields,
in a query and in the Referer; then each server's logs are read whole. The rule is the
token's look, not a list of paths, so a route another branch adds is covered as it lands."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import secrets
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import make_server

from scorekeeper.hosting.limits import make_server as waitress_server
from scorekeeper.web.log_redaction import redact

pytestmark = pytest.mark.slow  # every route, three times over, on real servers
FIELD = re.compile(r"<(?:(\w+)(?:\(([^)]*)\))?:)?(\w+)>")
Request = tuple[str, str, str]  # method, path with its query, Referer


def _filled(rule: str, tokens: list[str]) -> str:
    """Returns a rule's path with every field filled: numbers, a choice, or a new token."""

    def value(found: re.Match[str]) -> str:
        kind, choices = found.group(1), found.group(2)
        if kind == "int":
            return "3"
        if kind == "any":
            return choices.split(",")[0].strip().strip("'\"")
        if kind == "path":
            return "js/app.js"
        tokens.append(secrets.token_urlsafe(16))
        return tokens[-1]

    return FIELD.sub(value, rule)


def every_request(app: Flask, tokens: list[str]) -> list[Request]:
    """Returns a request for each route and method, tokens in the path, query and Referer."""
    made = []
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        for method in sorted((rule.methods or set()) & {"GET", "POST", "PUT", "DELETE"}):
            path = _filled(rule.rule, tokens)
            tokens += [secrets.token_urlsafe(16), secrets.token_urlsafe(16)]
            query = f"?next=%2Fgroups%2Fjoin%2F{tokens[-2]}"
            made.append((method, path + query, f"http://127.0.0.1/events/screen/{tokens[-1]}"))
    return made


def touch(base: str, requests: list[Request]) -> None:
    """Sends every request, answered however the app answers it (404s and 400s included)."""
    for method, path, referer in requests:
        data = b"{}" if method in ("POST", "PUT") else None
        sent = urllib.request.Request(
            base + path, data=data, method=method, headers={"Referer": referer}
        )
        with contextlib.suppress(urllib.error.HTTPError):
            urllib.request.urlopen(sent, timeout=10).close()


def unredacted(text: str, tokens: list[str]) -> list[str]:
    """Returns the tokens that text names."""
    return [token for token in tokens if token in text]


def test_every_route_the_development_server_logs_names_no_token(app, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    # Its own level too: the browser suite's live server quiets werkzeug for the session.
    caplog.set_level(logging.DEBUG, logger="werkzeug")
    tokens: list[str] = []
    requests = every_request(app, tokens)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        touch(f"http://127.0.0.1:{server.port}", requests)
    finally:
        server.shutdown()
        thread.join(5)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert logged.count("[redacted]") >= len(requests)  # every request line was logged
    assert unredacted(logged, tokens) == []


def test_every_route_waitress_logs_names_no_token(app, caplog) -> None:
    """`scorekeeper serve`'s waitress writes no access log; whatever it and the app log, redacted."""
    caplog.set_level(logging.DEBUG)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: a 500 is logged, not raised
    tokens: list[str] = []
    requests = every_request(app, tokens)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    server = waitress_server(app, listener, threads=2)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        touch(f"http://127.0.0.1:{server.effective_port}", requests)
        director = next(path for _m, path, _r in requests if path.startswith("/events/director/"))
        logging.getLogger("waitress").warning("Client disconnected while serving %s", director)
    finally:
        server.task_dispatcher.shutdown(timeout=5)
        server.close()
        thread.join(5)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "Client disconnected while serving" in logged
    assert unredacted(logged, tokens) == []


def _gunicorn(tmp_path: Path, log: Path, errors: Path) -> tuple[subprocess.Popen[str], str]:
    """Starts gunicorn as the README does, logging every atom of a request; returns it and its port."""
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(tmp_path / "instance")}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    every_atom = '%(h)s "%(r)s" %(s)s %(U)s %(q)s "%(f)s" "%(a)s" %({raw_uri}e)s'
    command = [str(gunicorn), "--preload", "-w", "1", "-b", "127.0.0.1:0", "--log-level", "debug"]
    command += ["--access-logfile", str(log), "--access-logformat", every_atom]
    command += ["--error-logfile", str(errors), "--capture-output", "scorekeeper:create_app()"]
    process = subprocess.Popen(command, env=env, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # bounded: gunicorn writes where it listens
        found = re.search(
            r"Listening at: http://127\.0\.0\.1:(\d+)",
            errors.read_text() if errors.exists() else "",
        )
        if found:
            return process, found.group(1)
        time.sleep(0.1)
    process.kill()
    raise AssertionError("gunicorn did not start")


def test_every_route_gunicorn_logs_names_no_token(app, tmp_path: Path) -> None:
    log, errors = tmp_path / "access.log", tmp_path / "error.log"
    tokens: list[str] = []
    requests = every_request(app, tokens)
    process, port = _gunicorn(tmp_path, log, errors)
    try:
        touch(f"http://127.0.0.1:{port}", requests)
    finally:
        process.terminate()
        process.wait(timeout=10)
    logged = log.read_text() + errors.read_text()
    assert log.read_text().count("\n") >= len(requests)
    assert unredacted(logged, tokens) == []


@pytest.mark.parametrize(
    "route",
    [
        "/games/{t}/hands/new",
        "/events/director/{t}/rounds",
        "/events/table/{t}/round.json",
        "/api/v1/events/{t}/standings",
        "/season/{t}/results",
        "/entrants/{t}",
    ],
)
def test_a_route_of_any_name_is_redacted(route: str) -> None:
    """Not a list of prefixes: a path not yet written (a public page, an entrant's) is covered."""
    token = secrets.token_urlsafe(16)
    assert redact(route.format(t=token)) == route.format(t="[redacted]")
