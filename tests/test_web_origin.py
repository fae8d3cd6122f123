"""Links other phones can open: the public origin, the Share page's warning, the home page QR."""

from __future__ import annotations

import io
import re
import socket

import pytest

from scorekeeper.hosting.serve import announce, listen_addresses, serve
from scorekeeper.web.origin import is_loopback
from tests.conftest import Table

LAN = "http://192.168.1.20:5000"
LINK = re.compile(r'value="(http[^"]+)/join/[^"]+"')


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        pytest.param("127.0.0.1:5000", True, id="ipv4-loopback"),
        pytest.param("[::1]:5000", True, id="ipv6-loopback-with-port"),
        pytest.param("::1", True, id="ipv6-loopback-bare"),
        pytest.param("localhost", True, id="localhost"),
        pytest.param("192.168.1.20:5000", False, id="lan"),
        pytest.param("scores.example.org", False, id="a-domain"),
    ],
)
def test_loopback_hosts_are_told_apart(host, loopback) -> None:
    assert is_loopback(host) is loopback


def share_page(table: Table, game_id: str, host: str = "localhost") -> str:
    """Returns the Share page as the owner sees it through a given host name and port."""
    client, base = table.app.test_client(), f"http://{host}"
    client.get(f"/join/{table.game(game_id).tokens.owner}", base_url=base)
    response = client.get(f"/games/{game_id}/share", base_url=base)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_loopback_only_the_share_page_says_other_phones_cannot_open_it(table: Table) -> None:
    """Served to itself alone, the page says so and how to fix it; the links stay usable here."""
    page = share_page(table, table.new_game())
    assert "Other phones cannot open these links" in page
    assert "scorekeeper serve --lan" in page
    assert set(LINK.findall(page)) == {"http://localhost"}


@pytest.mark.parametrize("host", ["127.0.0.1:5000", "localhost:5000", "192.168.1.20:5000"])
def test_on_the_lan_share_links_name_the_lan_address(app, table: Table, host) -> None:
    """Opened on the host (loopback) or on a phone, both links and the QR name the LAN address."""
    app.config["LAN_ORIGINS"] = [LAN, "http://10.0.0.5:5000"]
    page = share_page(table, table.new_game(), host)
    assert set(LINK.findall(page)) == {LAN}
    assert "cannot open" not in page


def test_a_configured_origin_wins(app, table: Table) -> None:
    """Behind a proxy, SCOREKEEPER_ORIGIN names the address every link uses."""
    app.config["PUBLIC_ORIGIN"] = "https://scores.example.org/"
    page = share_page(table, table.new_game(), "127.0.0.1:8000")
    assert set(LINK.findall(page)) == {"https://scores.example.org"}
    assert "cannot open" not in page


def test_the_hosting_computer_shows_the_join_qr(app, client) -> None:
    """The home page on the host offers "Join from another phone"; a phone's home does not."""
    app.config["LAN_ORIGINS"] = [LAN]
    here = client.get("/", environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_data(as_text=True)
    assert "Join from another phone" in here and f'href="{LAN}/table/' in here and "<svg" in here
    phone = client.get("/", environ_base={"REMOTE_ADDR": "192.168.1.30"}).get_data(as_text=True)
    assert "Join from another phone" not in phone
    app.config["LAN_ORIGINS"] = []
    alone = client.get("/", environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_data(as_text=True)
    assert "Join from another phone" not in alone


def test_serving_on_loopback_announces_how_to_let_phones_join() -> None:
    """Without --lan, the printout says only this computer can open the app, and how to fix it."""
    assert listen_addresses("127.0.0.1") == []
    assert listen_addresses("192.168.1.20") == ["192.168.1.20"]
    out = io.StringIO()
    announce(out, "http://127.0.0.1:5000", [])
    assert "Only this computer can open it" in out.getvalue()
    assert "scorekeeper serve --lan" in out.getvalue()


def test_a_port_in_use_is_said_plainly(tmp_path, monkeypatch, capsys) -> None:
    """Another program on the port: one line saying so, exit 2, no traceback."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert serve(port=port) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


EVIL = "evil.example"
PATH_LINK = re.compile(r'value="(/join/[^"]+)"')


def test_an_untrusted_host_never_becomes_a_links_origin(app, table: Table) -> None:
    """No SCOREKEEPER_ORIGIN, not under serve: a stranger's Host gives relative links only."""
    game_id = table.new_game()
    page = share_page(table, game_id, EVIL)
    assert EVIL not in page
    assert len(PATH_LINK.findall(page)) == 2  # the read-only and the co-scorer's link, as paths
    assert 'class="qr-later" data-qr-path="/join/' in page  # drawn by share.js from the page
    assert "cannot open" not in page
    from scorekeeper.api.openapi import EXAMPLE_GAME

    answer = app.test_client().post("/api/v1/games", json=EXAMPLE_GAME, headers={"Host": EVIL})
    links = answer.get_json()["links"]
    assert links and all(link.startswith("/join/") for link in links.values())


@pytest.mark.parametrize(
    ("lan", "expected"),
    [
        pytest.param([LAN], LAN, id="serve-lan"),
        pytest.param([], "http://127.0.0.1:5000", id="serve-alone"),
    ],
)
def test_under_serve_links_name_the_announced_address(app, table: Table, lan, expected) -> None:
    """Under `scorekeeper serve` the origin is what it announced, whatever Host a client sends."""
    app.config["LAN_ORIGINS"] = lan
    app.config["SERVED_ORIGIN"] = "http://127.0.0.1:5000"
    for host in (EVIL, "10.9.9.9:5000", "localhost:5000"):
        page = share_page(table, table.new_game(), host)
        assert set(LINK.findall(page)) == {expected}, host
        assert EVIL not in page and "10.9.9.9" not in page


def test_under_serve_a_second_announced_address_is_kept(app, table: Table) -> None:
    """A phone that came in through the second LAN address gets links it can open."""
    app.config["LAN_ORIGINS"] = [LAN, "http://10.0.0.5:5000"]
    app.config["SERVED_ORIGIN"] = "http://127.0.0.1:5000"
    page = share_page(table, table.new_game(), "10.0.0.5:5000")
    assert set(LINK.findall(page)) == {"http://10.0.0.5:5000"}


def test_the_qr_image_draws_only_a_short_web_link(client) -> None:
    """/qr.svg draws the link share.js completed; anything else is refused."""
    drawn = client.get("/qr.svg?url=http%3A%2F%2Ftable.local%3A5000%2Fjoin%2Fabc")
    assert drawn.status_code == 200 and drawn.mimetype == "image/svg+xml"
    assert drawn.get_data(as_text=True).startswith("<svg")
    assert drawn.headers["Cache-Control"] == "no-store"
    for url in ("javascript:alert(1)", "", "http://x/" + "a" * 400):
        assert client.get("/qr.svg", query_string={"url": url}).status_code == 400
