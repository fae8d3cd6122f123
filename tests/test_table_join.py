"""Issue 26, items 1 to 3: one scan lands a phone on the table's game; the sheet's "Show QR"
lets another phone join as viewer or co-scorer; `serve` finds a free port and says so."""

from __future__ import annotations

import io
import re
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper.hosting import serve as serving
from scorekeeper.store.connection import connect
from scorekeeper.web.games.share import qr_svg
from scorekeeper.web.games.table_key import table_key
from tests.conftest import Table, location

LAN = "http://192.168.1.20:5000"


@pytest.fixture
def home_table(app):
    """Configures the app as `scorekeeper serve --lan` does."""
    app.config["LAN_ORIGINS"] = [LAN]
    app.config["SERVED_ORIGIN"] = "http://127.0.0.1:5000"
    return app


def keyed(app) -> str:
    """Returns the path the host's QR code leads to: /table/<the instance's table key>."""
    return f"/table/{table_key(Path(app.instance_path))}"


def role_of(app, client, game_id: str) -> str | None:
    """Returns the role the client's browser holds in the game."""
    with client.session_transaction() as session:
        browser = session.get("browser")
    conn = connect(app.config["DATABASE"])
    try:
        row = conn.execute(
            "SELECT role FROM browser_games WHERE browser_id = ? AND game_id = ?",
            [browser, game_id],
        ).fetchone()
    finally:
        conn.close()
    return row[0] if row else None


def test_the_table_page_is_only_for_a_home_table(app, table: Table) -> None:
    """On a server that is not `scorekeeper serve`, nobody lists anybody's games."""
    table.new_game()
    assert app.test_client().get("/table").status_code == 404


def test_one_game_in_progress_opens_at_once_as_a_scorer(home_table, table: Table) -> None:
    """The phone that scans the host's code lands on the sheet of the game, as a scorer: who
    can see the host's screen sits at the table (spectators get the view QR from Share)."""
    game_id = table.new_game()
    table.client.get("/")  # the host's browser, on this computer
    phone = home_table.test_client()
    assert location(phone.get(keyed(home_table))) == f"/games/{game_id}"
    assert phone.get(f"/games/{game_id}").status_code == 200
    assert role_of(home_table, phone, game_id) == "edit"
    # The scorer's own phone keeps its role when it scans too.
    table.client.get(keyed(home_table))
    assert role_of(home_table, table.client, game_id) == "owner"


def test_without_the_key_no_game_is_offered_nor_joined(home_table, table: Table) -> None:
    """Plain /table (or a wrong key) says how to join and admits nobody: a device on the same
    Wi-Fi that never saw the host's QR code cannot score the table's game."""
    game_id = table.new_game()
    table.client.get("/")
    phone = home_table.test_client()
    page = phone.get("/table")
    assert page.status_code == 200 and "scan the QR code on the host" in page.get_data(as_text=True)
    assert game_id not in page.get_data(as_text=True)
    assert phone.get("/table/not-the-key").status_code == 404
    phone.get("/")  # gives the phone its session, and with it a browser id
    assert phone.post(f"/table/not-the-key/{game_id}").status_code == 404
    assert role_of(home_table, phone, game_id) is None


def test_only_the_tables_own_games_are_offered(home_table, table: Table) -> None:
    """Another browser's game (not at the table: it never came in with the key nor opened the
    app on the host) is neither offered nor joinable through the key."""
    ours = table.new_game(**{"side-0-name": "North"})
    table.client.get("/")
    stranger = Table(home_table, home_table.test_client())
    theirs = stranger.new_game(**{"side-0-name": "Elsewhere"})
    phone = home_table.test_client()
    assert location(phone.get(keyed(home_table))) == f"/games/{ours}"
    assert phone.post(f"{keyed(home_table)}/{theirs}").status_code == 404
    assert role_of(home_table, phone, theirs) is None


def test_several_games_in_progress_are_offered_to_choose(home_table, table: Table) -> None:
    """Two games at once: a choice of both; one of yesterday's is not among them."""
    first = table.new_game(**{"side-0-name": "North"})
    second = table.new_game(**{"side-0-name": "South"})
    old = table.new_game(**{"side-0-name": "Yesterday"})
    table.client.get("/")
    conn = connect(home_table.config["DATABASE"])
    try:
        stale = (datetime.now(UTC) - timedelta(hours=13)).isoformat(timespec="seconds")
        with conn.conn:
            conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", [stale, old])
    finally:
        conn.close()
    phone = home_table.test_client()
    key = keyed(home_table)
    page = phone.get(key).get_data(as_text=True)
    assert "Games at this table" in page
    assert f"{key}/{first}" in page and f"{key}/{second}" in page
    assert old not in page and "Yesterday" not in page
    # Two similar games told apart: how far each has gone and when it last changed.
    assert page.count("0 hands played, last change ") == 2
    # In the phone's own time zone, as the home page writes it (home.js rewrites these).
    assert page.count('data-local="clock"') == 2 and "js/home" in page
    assert location(phone.post(f"{key}/{second}")) == f"/games/{second}"
    assert role_of(home_table, phone, second) == "edit"
    assert phone.post(f"{key}/{old}").status_code == 404


def test_no_game_in_progress_says_so(home_table) -> None:
    page = home_table.test_client().get(keyed(home_table)).get_data(as_text=True)
    assert "No game is in progress on this computer yet" in page


def test_the_hosts_qr_leads_to_the_table(home_table) -> None:
    """The host's home page QR code and link name the keyed table page at the LAN address."""
    page = home_table.test_client().get("/", environ_base={"REMOTE_ADDR": "127.0.0.1"})
    text = page.get_data(as_text=True)
    assert f'href="{LAN}{keyed(home_table)}"' in text
    assert qr_svg(f"{LAN}{keyed(home_table)}") in text
    assert len(keyed(home_table)) > len("/table/") + 12  # a secret, not a guessable word


def test_show_qr_offers_the_co_scorers_link_to_a_writer(home_table, table: Table) -> None:
    """The sheet's Show QR: a writer chooses viewer or co-scorer; a viewer gets only viewer."""
    game_id = table.new_game()
    game = table.game(game_id)
    sheet = table.client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/share#qr">Show QR</a>' in sheet
    view = table.client.get(f"/games/{game_id}/share").get_data(as_text=True)
    assert qr_svg(f"{LAN}/join/{game.tokens.view}") in view
    assert "Join as" in view and 'aria-current="true">Viewer' in view
    edit = table.client.get(f"/games/{game_id}/share?as=edit").get_data(as_text=True)
    assert qr_svg(f"{LAN}/join/{game.tokens.edit}") in edit
    assert 'aria-current="true">Co-scorer' in edit
    viewer = home_table.test_client()
    viewer.get(f"/join/{game.tokens.view}")
    only = viewer.get(f"/games/{game_id}/share?as=edit").get_data(as_text=True)
    assert game.tokens.edit not in only and "Join as" not in only
    assert qr_svg(f"{LAN}/join/{game.tokens.view}") in only


def test_the_table_page_speaks_the_phones_language(home_table) -> None:
    page = home_table.test_client().get(f"{keyed(home_table)}?lang=de").get_data(as_text=True)
    assert "Spiele an diesem Tisch" in page and "Games at this table" not in page


# --- `scorekeeper serve`: ports and what it prints -------------------------------------------


def test_a_taken_default_port_is_swapped_for_a_free_one(monkeypatch) -> None:
    """Another program on the default port (AirPlay on a Mac): the next free one, said plainly."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        monkeypatch.setattr(serving, "DEFAULT_PORT", busy)
        monkeypatch.setattr(serving, "SPARE_PORTS", [busy])  # taken too: then any free port
        listener, note = serving.listen("127.0.0.1", None)
    assert listener is not None
    try:
        chosen = listener.getsockname()[1]
        assert chosen != busy
        assert note == (
            f"Port {busy} is taken by another program, so the app uses port {chosen} instead."
        )
    finally:
        listener.close()


def test_a_taken_port_given_says_how_to_choose_another(monkeypatch, capsys) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        listener, _ = serving.listen("127.0.0.1", busy)
    assert listener is None
    said = capsys.readouterr().err
    assert said.startswith(f"scorekeeper: kann nicht auf 127.0.0.1:{busy} lauschen")
    assert f"--port {busy + 1}" in said and "--port 0" in said


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LC_ALL": "pt_BR.UTF-8", "LANG": "de_DE.UTF-8"}, "pt_BR"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_terminal_speaks_its_language(environ, code) -> None:
    assert serving.terminal_language(environ) == code


def test_lan_without_a_network_address_says_what_to_do(monkeypatch) -> None:
    """`serve --lan` on a machine with no network: not "start it with --lan" again."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    out = io.StringIO()
    serving.announce(out, "http://127.0.0.1:5000", [], lan=True)
    said = out.getvalue()
    assert "No network address found" in said and "Join the table's Wi-Fi" in said
    assert "serve --lan" not in said


def test_the_terminal_qr_sets_both_colours_on_every_cell() -> None:
    """Every run of cells names its foreground and background: no theme can invert it."""
    drawn = serving.terminal_qr("http://192.168.1.20:5000/table")
    for line in drawn.splitlines():
        assert line.startswith("\x1b[38;5;") and line.endswith("\x1b[0m")
        codes = re.findall(r"\x1b\[([0-9;]*)m", line)[:-1]
        assert all(re.fullmatch(r"38;5;(16|231);48;5;(16|231)", c) for c in codes), codes


def test_a_club_nights_table_game_is_never_offered(home_table, table: Table) -> None:
    """A game that is a club night's table (its own cards and tokens) stays off the table's
    list even when the host's browser owns it."""
    import sqlite3

    night = table.new_game(**{"side-0-name": "Club"})
    table.client.get("/")
    conn = sqlite3.connect(home_table.config["DATABASE"])  # foreign keys off: no event needed
    try:
        with conn:
            conn.execute(
                "INSERT INTO event_tables (event_id, round, number, game_id, north_south, "
                "east_west) VALUES ('night', 1, 1, ?, '[]', '[]')",
                [night],
            )
    finally:
        conn.close()
    phone = home_table.test_client()
    page = phone.get(keyed(home_table)).get_data(as_text=True)
    assert night not in page and "No game is in progress on this computer yet" in page
    assert phone.post(f"{keyed(home_table)}/{night}").status_code == 404


def test_the_screen_on_switch_says_it_starts_at_a_tap(table: Table) -> None:
    """Over plain http nothing keeps the screen on before a tap: the switch says so."""
    page = table.client.get(f"/games/{table.new_game()}").get_data(as_text=True)
    assert "Keep the screen on; it starts at your first tap" in page
