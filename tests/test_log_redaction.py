"""Item 4 of issue 24: no capability token (a game's or a group's join link) reaches a log line,
whichever server the README names writes it: gunicorn, waitress (`scorekeeper serve`), or the
development server."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from werkzeug.serving import make_server
from werkzeug.test import EnvironBuilder

from scorekeeper.web.log_redaction import redact

TOKEN = "SECRETtoken0123456789_-x"
PATHS = (
    f"/join/{TOKEN}",
    f"/groups/join/{TOKEN}",
    f"/language/en?next=/groups/join/{TOKEN}",
    f"/language/de?next=%2Fgroups%2Fjoin%2F{TOKEN}",
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"/join/{TOKEN}", "/join/[redacted]"),
        (f"/groups/join/{TOKEN}?lang=de", "/groups/join/[redacted]?lang=de"),
        (f"next=%2Fgroups%2Fjoin%2F{TOKEN}&x=1", "next=%2Fgroups%2Fjoin%2F[redacted]&x=1"),
        (f"next=%2fjoin%2f{TOKEN}", "next=%2fjoin%2f[redacted]"),
        ("/games/abc/share", "/games/abc/share"),
    ],
)
def test_redact_names_no_token(text, expected) -> None:
    assert redact(text) == expected


def test_the_environ_a_server_logs_from_names_no_token(app) -> None:
    """gunicorn's atoms (path, raw URI, query, Referer) are read from the environ after the answer."""
    for path in PATHS:
        environ = EnvironBuilder(
            path=path, headers={"Referer": f"http://table.local/groups/join/{TOKEN}"}
        ).get_environ()
        environ["RAW_URI"] = environ["REQUEST_URI"] = path
        app.wsgi_app(environ, lambda status, headers, exc_info=None: None)
        logged = " ".join(str(environ.get(k)) for k in environ if k.isupper())
        assert TOKEN not in logged, path
        assert "join/[redacted]" in logged or "join%2F[redacted]" in logged


def test_the_development_server_logs_no_token(app, caplog) -> None:
    """The dev server (werkzeug, `flask run`) logs each request line with the path as sent."""
    caplog.set_level(logging.INFO, logger="werkzeug")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for path in PATHS:
            # 404 for a token this database does not know: still logged
            with contextlib.suppress(urllib.error.HTTPError):
                urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=5).close()
    finally:
        server.shutdown()
        thread.join(5)
    lines = [r.getMessage() for r in caplog.records if r.name == "werkzeug"]
    assert len([line for line in lines if "join" in line]) >= len(PATHS), lines
    assert not [line for line in lines if TOKEN in line]


def test_an_error_logged_by_the_app_names_no_token(fresh_app, monkeypatch, caplog) -> None:
    """Flask logs "Exception on <path> [GET]" for a 500: under every server, redacted."""
    from scorekeeper.store.groups import group as groups

    def broken(*_args, **_kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(groups, "join_group", broken)
    fresh_app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: log and answer 500
    caplog.set_level(logging.ERROR)
    assert fresh_app.test_client().get(f"/groups/join/{TOKEN}").status_code == 500
    logged = [r.getMessage() for r in caplog.records]
    assert "Exception on /groups/join/[redacted] [GET]" in logged
    assert not [line for line in logged if TOKEN in line]


def test_waitress_error_lines_name_no_token(app, caplog) -> None:
    """waitress (`scorekeeper serve`) logs "Exception while serving <path>" on its own logger."""
    caplog.set_level(logging.INFO)
    for name in ("waitress", "waitress.queue"):
        logging.getLogger(name).info(f"Client disconnected while serving {PATHS[1]}")
    assert [r.getMessage() for r in caplog.records] == [
        "Client disconnected while serving /groups/join/[redacted]"
    ] * 2


@pytest.mark.slow  # a real gunicorn in a subprocess
def test_gunicorn_access_log_names_no_token(tmp_path: Path) -> None:
    """gunicorn's default access log (request line, Referer) under the README's command."""
    log = tmp_path / "access.log"
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(tmp_path / "instance")}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [str(gunicorn), "--preload", "-w", "1", "-b", "127.0.0.1:0"]
    command += ["--access-logfile", str(log), "scorekeeper:create_app()"]
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        port = None
        deadline = time.monotonic() + 30
        while port is None and time.monotonic() < deadline:
            found = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", process.stderr.readline())
            port = found and found.group(1)
        assert port, "gunicorn did not start"
        for path in PATHS:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}{path}",
                headers={"Referer": f"http://127.0.0.1:{port}/join/{TOKEN}"},
            )
            with contextlib.suppress(urllib.error.HTTPError):
                urllib.request.urlopen(request, timeout=5).close()
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stderr is not None:
            process.stderr.close()
    logged = log.read_text()
    assert logged.count("join") >= len(PATHS) * 2, logged  # the path and the Referer
    assert TOKEN not in logged
