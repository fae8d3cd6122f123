"""Issue 34: one address makes house formats (web and API together) and imports so often."""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path

from scorekeeper import rate_limits
from scorekeeper.api.examples import EXAMPLE_FORMAT
from scorekeeper.rate_limits import Window
from scorekeeper.store import rate_limits as rate_file
from tests.test_web_house_formats import submit

HOG, OTHER = "198.51.100.7", "198.51.100.8"


def test_a_window_counts_per_address_and_forgets_old_uses(tmp_path: Path) -> None:
    window = Window("test", most=2, seconds=60)
    assert window.take(tmp_path, "a", now=0) is None and window.take(tmp_path, "a", now=10) is None
    assert window.take(tmp_path, "a", now=20) == 40  # the first use leaves the window at 60
    assert window.take(tmp_path, "b", now=20) is None  # another address is counted apart
    assert window.take(tmp_path, "a", now=60) is None  # the first use has left it
    assert Window("other", most=1, seconds=60).take(tmp_path, "a", now=60) is None  # own kind


def test_the_file_keeps_one_window_of_uses_whatever_the_addresses(tmp_path: Path) -> None:
    window = Window("test", most=1, seconds=60)
    for n in range(200):
        window.take(tmp_path, f"10.0.{n // 256}.{n % 256}", now=0)
    assert rate_file.kept(tmp_path) == 200
    assert window.take(tmp_path, "10.9.9.9", now=61) is None
    assert rate_file.kept(tmp_path) == 1  # the old uses are gone with the first check after
    assert (tmp_path / rate_file.FILE).stat().st_mode & 0o777 == 0o600  # it names addresses


TAKER = """
import sys
from scorekeeper.rate_limits import Window
from scorekeeper.store import rate_limits as rate_file
window = Window("race", most=int(sys.argv[2]), seconds=3600)
sys.stdin.readline()  # both processes start counting together
print(sum(window.take(sys.argv[1], "203.0.113.9") is None for _ in range(int(sys.argv[3]))))
"""


def test_two_worker_processes_share_one_count(tmp_path: Path) -> None:
    """gunicorn -w 2: two processes taking at once from one address get `most` uses between
    them, not `most` each (counted in memory, each process allowed 5 of 12: 10 in all)."""
    command = [sys.executable, "-c", TAKER, str(tmp_path), "5", "12"]
    workers = [
        subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    allowed = []
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    for worker in workers:
        out, _ = worker.communicate(timeout=60)
        assert worker.returncode == 0
        allowed.append(int(out))
    assert sum(allowed) == 5


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
