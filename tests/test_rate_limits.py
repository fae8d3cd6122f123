"""Issue 34: one address makes house formats (web and API together) and imports so often."""

from __future__ import annotations

import html

from scorekeeper import rate_limits
from scorekeeper.api.examples import EXAMPLE_FORMAT
from scorekeeper.rate_limits import Window
from tests.test_web_house_formats import submit

HOG, OTHER = "198.51.100.7", "198.51.100.8"


def test_a_window_counts_per_address_and_forgets_old_uses() -> None:
    window = Window(most=2, seconds=60)
    assert window.take("a", now=0) is None and window.take("a", now=10) is None
    assert window.take("a", now=20) == 40  # the first use leaves the window at 60
    assert window.take("b", now=20) is None  # another address is counted apart
    assert window.take("a", now=60) is None  # the first use has left it


def test_a_window_keeps_a_bounded_number_of_addresses() -> None:
    window = Window(most=1, seconds=60, addresses=3)
    for n in range(10):
        window.take(f"10.0.0.{n}", now=0)
    assert window.take("10.0.0.0", now=1) is None  # forgotten: bounded memory wins


def test_house_formats_made_on_the_web_and_through_the_api_share_one_count(
    app, monkeypatch
) -> None:
    monkeypatch.setattr(rate_limits.HOUSE_FORMATS, "most", 2)
    phone, script = app.test_client(), app.test_client()
    for client in (phone, script):
        client.environ_base["REMOTE_ADDR"] = HOG
    assert submit(phone, "/formats/new?base=classic", name="First").status_code == 303
    assert script.post("/api/v1/formats", json=EXAMPLE_FORMAT).status_code == 201
    phone.delete_cookie("session")  # a new cookie: once a new phone with 50 more
    refused = submit(phone, "/formats/new?base=classic", name="Third try")
    page = html.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "This network address made 2 house formats in the last hour" in page
    assert 'value="Third try"' in page  # what was typed is kept
    api = script.post("/api/v1/formats", json=EXAMPLE_FORMAT)
    assert api.status_code == 429 and int(api.headers["Retry-After"]) > 0
    assert "made 2 house formats in the last hour" in api.get_json()["detail"]
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = OTHER
    assert other.post("/api/v1/formats", json=EXAMPLE_FORMAT).status_code == 201
