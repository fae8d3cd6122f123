"""The QR code `serve --lan` prints, piped or under NO_COLOR: no colour codes, and it still
reads back (zbar) as the table's link on a light terminal; colour codes only to a terminal."""

from __future__ import annotations

import io

import pytest

from scorekeeper.serve import announce, colours_wanted

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
