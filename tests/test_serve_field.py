"""`serve --lan` in the field (issue 32): its QR code piped or under NO_COLOR has no colour codes
and still reads back (zbar) as the table's link; started twice, it names itself on the port."""

from __future__ import annotations

import io

import pytest

from scorekeeper.hosting.serve import announce, colours_wanted

LINK = "http://192.168.1.20:5000"


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        """Says yes, as a terminal does."""
        return True


def printed(out: io.StringIO) -> str:
    """Returns what `announce` printed for one LAN address."""
    announce(out, "http://127.0.0.1:5000", [LINK], lan=True)
    return out.getvalue()


def test_piped_output_has_no_colour_codes_and_still_scans(monkeypatch) -> None:
    """Into a pipe or a file: plain blocks, no escape codes, the same link when scanned."""
    from tests.terminal_render import decode, qr_blocks, render

    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    text = printed(io.StringIO())
    assert "\x1b[" not in text
    blocks = qr_blocks(text)
    assert [decode(render(block, "light")) for block in blocks] == [[f"{LINK}/table"]]


@pytest.mark.parametrize(
    ("environ", "tty", "wanted"),
    [
        ({}, True, True),
        ({"NO_COLOR": "1"}, True, False),
        ({}, False, False),
        ({"FORCE_COLOR": "1"}, False, True),
    ],
)
def test_colour_codes_only_where_wanted(environ, tty, wanted) -> None:
    """A terminal gets colours; NO_COLOR or a pipe does not; FORCE_COLOR asks for them."""
    out = Terminal() if tty else io.StringIO()
    assert colours_wanted(out, environ) is wanted


def test_no_color_on_a_terminal_prints_no_codes(monkeypatch) -> None:
    """NO_COLOR set: even on a terminal, the printout carries no escape codes."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert "\x1b[" not in printed(Terminal())


def test_this_same_app_on_the_port_is_named_not_called_another_program(
    capsys, monkeypatch, tmp_path
):
    """Started twice: the port is held by this app, so no second server starts beside it, and
    the message says where the running one is (it said "taken by another program")."""
    import threading

    from werkzeug.serving import make_server

    from scorekeeper import create_app
    from scorekeeper.hosting import serve as serving

    app = create_app({"DATABASE": str(tmp_path / "running.db"), "TESTING": True})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_port
        monkeypatch.setattr(serving, "DEFAULT_PORT", port)
        listener, note = serving.listen("127.0.0.1", None)
    finally:
        server.shutdown()
    assert listener is None and note == ""
    said = capsys.readouterr().err
    assert f"Canasta Scorekeeper is already running on port {port}" in said
    assert f"http://127.0.0.1:{port}/" in said and "another program" not in said


def test_another_instance_on_the_port_is_named_with_the_port_to_choose(
    capsys, monkeypatch, tmp_path
) -> None:
    """A second `serve` with another instance folder: the message names the folder running
    there and this one's, and suggests --port, since that page is the other database."""
    import threading

    from werkzeug.serving import make_server

    from scorekeeper import create_app
    from scorekeeper.hosting import serve as serving

    other = tmp_path / "other"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(other))
    app = create_app({"DATABASE": str(tmp_path / "running.db"), "TESTING": True})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_port
        monkeypatch.setattr(serving, "DEFAULT_PORT", port)
        ours = tmp_path / "ours"
        monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(ours))
        listener, _note = serving.listen("127.0.0.1", None)
    finally:
        server.shutdown()
    assert listener is None
    said = " ".join(capsys.readouterr().err.split())
    assert f"with another instance folder ({other})" in said
    assert f"this one ({ours})" in said and f"--port {port + 1}" in said
