"""Hardening: security headers, private cookies, CSRF on every form, no writes through a view
link, and names full of HTML shown as text on every page, in the PDF, the export and the API."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
from html.parser import HTMLParser

import pypdf
import pytest

from scorekeeper import create_app
from scorekeeper.extensions import csrf
from scorekeeper.web.security import CSP, csp
from tests.conftest import GOOD, Table, hand_fields, location, make_app

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
# POST routes that compute an answer without saving anything: a viewer may use them.
# Posts that change no game: previews, and following a game from /table (a viewer's role).
READ_ONLY_POSTS = {"hands.preview", "opening.check", "api.preview", "table.follow"}
PAYLOADS = {
    "side-0-name": "<script>alert(1)</script>",
    "side-1-name": '"><img src=x onerror=alert(1)>',
    "side-0-player-0": "<svg onload=alert(1)>",
    "side-0-player-1": "{{7*7}}'-alert(1)-'",
    "side-1-player-0": "<iframe src=javascript:alert(1)>",
    "side-1-player-1": "&lt;i&gt;</title><b>x",
}


def snapshot(db) -> dict[str, list]:
    """Returns every row of every table, to prove that nothing changed."""
    tables = ["games", "sides", "players", "hands", "used_form_tokens", "browser_games"]
    return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}


def write_routes(app) -> list:
    """Returns every rule that accepts a write method, new routes included automatically."""
    return sorted(
        (r for r in app.url_map.iter_rules() if r.methods & WRITE_METHODS),
        key=lambda r: r.endpoint,
    )


def url_for_rule(rule, game_id: str) -> str:
    """Builds a rule's address for a game, hand 1, the view link, a house format and a group."""
    values = {"game_id": game_id, "number": 1, "which": "view", "format_id": "h-none"}
    values |= {"group_id": "g-none", "player_id": "p-none", "tag": "t-none", "token_id": "k-none"}
    values |= {"token": "e-none", "round_number": 1, "state": "confirm", "game": "t-none"}
    values |= {"season_id": "s-none", "hand": 1, "entrant": 1, "event_id": "v-none", "table": 1}
    values |= {"key": "k-none"}  # the host's table key (/table/<key>)
    return rule.build({k: values[k] for k in rule.arguments})[1]


@pytest.mark.parametrize(
    "path",
    ["/", "/games/new", "/games/{game}", "/games/{game}/share", "/import", "/games/nope"],
)
def test_every_page_sends_the_security_headers(table: Table, game_id, path) -> None:
    """Pages (error pages too) carry the CSP, no-referrer, no framing and nosniff."""
    response = table.client.get(path.format(game=game_id))
    headers = response.headers
    policy = headers["Content-Security-Policy"]
    assert policy == csp(style_hashes(response.get_data(as_text=True)))
    assert "script-src 'self';" in policy and "'unsafe-inline'" not in policy
    assert "frame-ancestors 'none'" in CSP and "manifest-src 'self'" in CSP
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "camera=()" in headers["Permissions-Policy"]
    assert "Strict-Transport-Security" not in headers  # plain HTTP: no HSTS


@pytest.mark.parametrize(
    ("base_url", "config", "forwarded", "secure", "hsts"),
    [
        pytest.param("http://localhost", {}, None, False, False, id="http"),
        pytest.param("https://localhost", {}, None, True, True, id="https"),
        pytest.param("http://localhost", {}, "https", False, False, id="forged-proto-ignored"),
        pytest.param("http://localhost", {"PROXY_FIX": True}, "https", True, True, id="tls-proxy"),
        pytest.param(
            "http://localhost", {"SESSION_COOKIE_SECURE": True}, None, True, False, id="forced"
        ),
    ],
)
def test_the_session_cookie_is_private(
    tmp_path, monkeypatch, base_url, config, forwarded, secure, hsts
) -> None:
    """HttpOnly and SameSite=Lax always; Secure over HTTPS, directly or behind a TLS proxy."""
    app = make_app(tmp_path, monkeypatch, **config)
    headers = {"X-Forwarded-Proto": forwarded} if forwarded else {}
    response = app.test_client().get("/", base_url=base_url, headers=headers)
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert ("Secure" in cookie) is secure
    assert ("Strict-Transport-Security" in response.headers) is hsts


def test_the_proxy_flag_comes_from_the_environment(tmp_path, monkeypatch) -> None:
    """SCOREKEEPER_PROXY=1 trusts one proxy's X-Forwarded-Proto."""
    monkeypatch.setenv("SCOREKEEPER_PROXY", "1")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db")})
    response = app.test_client().get("/", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in response.headers["Set-Cookie"]


def test_forms_work_over_https_without_a_referer(csrf_app) -> None:
    """no-referrer withholds the Referer, so CSRF must not demand one on HTTPS."""
    client = csrf_app.test_client()
    page = client.get("/games/new?format=classic", base_url="https://localhost")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True))[1]
    data = {"format": "classic", "first_dealer": "0-0", "csrf_token": token}
    data |= {f"side-{i}-player-{j}": f"P{i}{j}" for i in range(2) for j in range(2)}
    data |= {"side-0-name": "We", "side-1-name": "They"}
    response = client.post("/games/new", data=data, base_url="https://localhost")
    assert re.fullmatch(r"/games/[\w-]+", location(response))


def test_every_form_post_without_a_csrf_token_is_400(csrf_app) -> None:
    """Each cookie-authenticated write route refuses a post that lacks the CSRF token."""
    table = Table(csrf_app, csrf_app.test_client())
    page = table.client.get("/games/new?format=classic").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)[1]
    data = {"format": "classic", "first_dealer": "0-0", "csrf_token": token}
    data |= {f"side-{i}-player-{j}": f"P{i}{j}" for i in range(2) for j in range(2)}
    data |= {"side-0-name": "We", "side-1-name": "They"}
    game_id = table.client.post("/games/new", data=data).headers["Location"].rsplit("/", 1)[-1]
    # Only the bearer-token API and the import page (which checks the token itself) are exempt.
    exempt_blueprints = {bp.name for bp in csrf._exempt_blueprints}
    assert exempt_blueprints <= {"api"}
    assert csrf._exempt_views <= {"scorekeeper.web.games.portable.import_file"}
    checked = 0
    for rule in write_routes(csrf_app):
        if rule.endpoint.split(".")[0] in exempt_blueprints:
            continue
        for method in sorted(rule.methods & WRITE_METHODS):
            response = table.client.open(
                url_for_rule(rule, game_id), method=method, data={"version": "1"}
            )
            assert response.status_code == 400, (rule.endpoint, response.status_code)
            checked += 1
    assert checked >= 8
    assert len(table.game(game_id).hands) == 0


def test_a_view_link_may_not_write_anywhere(app, table: Table, game_id, db) -> None:
    """Through the read-only link every write route is 403, on the pages and in the API."""
    token = table.game(game_id).tokens.view
    viewer = Table(app, app.test_client())
    viewer.client.get(f"/join/{token}")
    before = snapshot(db)
    api = {
        "Authorization": f"Bearer {token}",
        "If-Match": '"2"',
        "Idempotency-Key": "k" * 22,
    }
    checked = []
    for rule in write_routes(app):
        if "game_id" not in rule.arguments or rule.endpoint in READ_ONLY_POSTS:
            continue
        for method in sorted(rule.methods & WRITE_METHODS):
            path = url_for_rule(rule, game_id)
            if rule.endpoint.startswith("api."):
                response = viewer.client.open(path, method=method, json={}, headers=api)
            else:
                data = {"version": "2", "form_token": "t" * 22, **hand_fields(GOOD)}
                response = viewer.client.open(path, method=method, data=data)
            assert response.status_code == 403, (rule.endpoint, response.status_code)
            checked.append(rule.endpoint)
    assert {"hands.record", "hands.edit", "games.reopen", "share.replace"} <= set(checked)
    for endpoint in READ_ONLY_POSTS & {r.endpoint for r in app.url_map.iter_rules()}:
        rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
        viewer.client.post(url_for_rule(rule, game_id), data=hand_fields(GOOD))
    assert snapshot(db) == before


@pytest.fixture
def hostile(table: Table) -> str:
    """Returns a game whose side and player names are all HTML and script, with one hand."""
    game_id = table.new_game("classic", **PAYLOADS)
    assert [s.name for s in table.game(game_id).setup.sides] == [
        PAYLOADS["side-0-name"],
        PAYLOADS["side-1-name"],
    ]
    table.record(game_id, GOOD)
    return game_id


class Tags(HTMLParser):
    """Collects every start tag of a page with its attributes, as a browser would parse them."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append((tag, dict(attrs)))


def assert_inert(page: str) -> None:
    """Checks that no payload reaches the page as markup, and that each shows as text."""
    for payload in PAYLOADS.values():
        assert payload not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page  # shown, as text
    for tag, attrs in Tags(page).tags:
        assert not [a for a in attrs if a.startswith("on")], (tag, attrs)
        assert tag not in ("iframe", "img") or attrs.get("src", "").startswith("/static/")
        if tag == "script":
            assert attrs.get("src", "").startswith("/static/"), attrs


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/games/{game}",
        "/games/{game}/hands/new",
        "/games/{game}/hands/1/edit",
        "/games/{game}/hands/last/delete",
        "/games/{game}/share",
        "/games/{game}/opening-check",
    ],
)
def test_names_full_of_html_show_as_text_on_every_page(table: Table, hostile, path) -> None:
    """Side and player names are escaped wherever a page shows them."""
    response = table.client.get(path.format(game=hostile))
    assert response.status_code == 200
    assert_inert(response.get_data(as_text=True))


def test_names_full_of_html_are_echoed_as_text_in_a_form_with_errors(table: Table) -> None:
    """A refused new-game form shows the typed names back, escaped."""
    data = {"format": "classic", "first_dealer": "0-0", **PAYLOADS, "side-1-name": "x" * 41}
    page = table.client.post("/games/new", data=data).get_data(as_text=True)
    assert "at most 40 characters" in page
    for name, payload in PAYLOADS.items():
        if name != "side-1-name":
            assert payload not in page


def test_names_full_of_html_are_plain_text_in_the_pdf(table: Table, hostile) -> None:
    """The PDF prints the names exactly as typed; nothing in it is markup."""
    response = table.client.get(f"/games/{hostile}/sheet.pdf")
    assert response.status_code == 200
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(response.data)).pages)
    flat = re.sub(r"\s+", "", text)
    for payload in PAYLOADS.values():
        assert re.sub(r"\s+", "", payload) in flat


def collect_strings(value) -> set[str]:
    """Returns every string in a JSON value."""
    if isinstance(value, dict):
        return set().union(*(collect_strings(v) for v in value.values()), set(value))
    if isinstance(value, list):
        return set().union(set(), *(collect_strings(v) for v in value))
    return {value} if isinstance(value, str) else set()


def test_names_full_of_html_are_plain_strings_in_the_export_and_api(table: Table, hostile) -> None:
    """JSON carries the names as data, served as application/json with nosniff."""
    export = table.client.get(f"/games/{hostile}/export.json")
    assert export.mimetype == "application/json"
    assert export.headers["X-Content-Type-Options"] == "nosniff"
    assert set(PAYLOADS.values()) <= collect_strings(json.loads(export.data))
    token = table.game(hostile).tokens.view
    api = table.client.get(f"/api/v1/games/{hostile}", headers={"Authorization": f"Bearer {token}"})
    assert api.status_code == 200 and api.mimetype.endswith("json")
    assert set(PAYLOADS.values()) <= collect_strings(api.get_json())


@pytest.mark.parametrize("path", ["/games/{game}/share", "/import"])
def test_new_pages_use_no_inline_script_or_style(table: Table, game_id, path) -> None:
    """The Share and Import pages, like the rest, keep to the strict CSP."""
    response = table.client.get(path.format(game=game_id))
    page = response.get_data(as_text=True)
    assert "<script>" not in page and " style=" not in page and "<style " in page
    assert not re.search(r"\son[a-z]+=", page)
    allowed = response.headers["Content-Security-Policy"]
    assert all(h in allowed for h in style_hashes(page))  # each inline style, by its hash


def style_hashes(page: str) -> list[str]:
    """Returns the CSP source of each <style> element's text in a page, as a browser hashes it."""
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode() + "'"
        for css in re.findall(r"<style[^>]*>(.*?)</style>", page, re.S)
    ]


def test_a_changed_inline_style_is_refused_by_the_policy(table: Table, game_id) -> None:
    """The policy allows the inline stylesheet's exact text, not any style: no 'unsafe-inline'."""
    response = table.client.get(f"/games/{game_id}")
    page, policy = response.get_data(as_text=True), response.headers["Content-Security-Policy"]
    (app_css,) = [h for h in style_hashes(page) if h in policy]
    tampered = re.sub(r"(<style[^>]*>)", r"\1body{display:none}", page, count=1)
    assert app_css not in style_hashes(tampered)
    assert not set(style_hashes(tampered)) <= set(policy.split())
