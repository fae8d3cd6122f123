"""Fixtures like flaskr's: the app on a temporary database, a client, and a table helper."""
# ruff: noqa: E402 - the imports follow the bytecode switch below, so that they are cached

from __future__ import annotations

import sys

# Some machine images set PYTHONDONTWRITEBYTECODE=1. Then every pytest process compiles the
# app and its libraries afresh and rewrites every test module's asserts again: seconds per
# process, and the fast loop runs three. Bytecode caches are ignored by git (.gitignore).
sys.dont_write_bytecode = False

import os
import re
import shutil
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings
from werkzeug.test import TestResponse

from scorekeeper import create_app, store
from scorekeeper.store.connection import connect, migrate

# A hand We win by going out with a canasta: the one hand of the `game_id` fixture.
GOOD = {0: {"melded_points": "300", "canastas-natural": 1, "went_out": "out"}}
HIDDEN = re.compile(r'name="(version|form_token|csrf_token)" value="([^"]*)"')


# CI runs each generated test on the same examples every time: a rare example found by chance
# would fail one run of many and pass the next, so the search for new ones is the edit loop's
# (which keeps what it finds in .hypothesis/ and replays it first).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

BROWSER_TESTS = Path(__file__).parent / "browser"


def leaves_out_browser_tests(markexpr: str) -> bool:
    """Returns whether a `-m` expression rejects every test marked browser (slow or not)."""
    if not markexpr or not re.fullmatch(r"[\w\s()]+", markexpr):
        return False  # not a plain expression of marker names: collect as usual
    names = set(re.findall(r"\w+", markexpr)) - {"and", "or", "not"}
    for marks in ({"browser"}, {"browser", "slow"}):
        if eval(markexpr, {"__builtins__": {}}, {name: name in marks for name in names}):
            return False
    return True


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leaves tests/browser unimported when the marker expression leaves its tests out."""
    # Every module there is marked browser (tests/test_suite_layout.py checks it), so the fast
    # loop loses no test; each pytest process saves importing Playwright and 30 modules.
    if collection_path == BROWSER_TESTS and leaves_out_browser_tests(config.option.markexpr):
        return True
    return None


RAM_DISK = Path("/dev/shm")  # Linux's shared-memory folder: a RAM disk on most machines


def pytest_configure(config: pytest.Config) -> None:
    """Puts the tests' temporary folders on a RAM disk when the machine has a roomy one."""
    # Each test copies a database that SQLite syncs to disk when it closes, and pytest
    # deletes the folders again: on a virtual disk that is several milliseconds a test.
    # A container's small /dev/shm (64 MB by default) is left alone.
    if config.option.basetemp or "PYTEST_DEBUG_TEMPROOT" in os.environ:
        return
    roomy = RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK)
    if roomy and shutil.disk_usage(RAM_DISK).free > 2 * 1024**3:
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(RAM_DISK)


SLOW_LIST = Path(__file__).parent / "slow_tests.txt"


def slow_list() -> set[str]:
    """Returns the node ids tests/slow_tests.txt names."""
    lines = SLOW_LIST.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def listed_slow_tests() -> set[str]:
    """Returns the tests to mark slow: the list's, or none when SCOREKEEPER_SLOW_LIST=off."""
    if os.environ.get("SCOREKEEPER_SLOW_LIST") == "off":
        return set()  # how bench/slow_tests.py times every test again
    return slow_list()


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks slow the tests bench/slow_tests.py measured as most of the fast loop's time."""
    listed = listed_slow_tests()
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.slow)


def make_app(tmp_path, monkeypatch, **config: Any) -> Flask:
    """Returns an app whose instance folder and database live under tmp_path."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.db"), **config})


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """Returns an empty database with every migration applied, for tests to copy."""
    path = tmp_path_factory.mktemp("migrated") / "empty.db"
    migrate(path)  # closes its connection, so the WAL is folded into the one file
    return path


@pytest.fixture(scope="session")
def shared_apps(tmp_path_factory) -> Callable[..., Flask]:
    """Returns a maker of one app per configuration, built once for the whole session."""
    # Building an app compiles its URL rules and, on first render, its templates: about
    # 60 ms, more than most tests take. Tests borrow a built app with a database of their own.
    built: dict[tuple[tuple[str, Any], ...], Flask] = {}

    def shared(**config: Any) -> Flask:
        key = tuple(sorted(config.items()))
        if key not in built:
            folder = tmp_path_factory.mktemp("shared-app")
            with pytest.MonkeyPatch.context() as patch:
                patch.setenv("SCOREKEEPER_INSTANCE", str(folder / "instance"))
                built[key] = create_app(
                    {"TESTING": True, "DATABASE": str(folder / "unused.db"), **config}
                )
        return built[key]

    return shared


@contextmanager
def borrowed(app: Flask, database: Path, tmp_path: Path) -> Iterator[Flask]:
    """Lends a shared app to one test: its own database and instance folder, config restored."""
    config, instance = dict(app.config), app.instance_path
    shutil.copyfile(database, tmp_path / "test.db")
    (tmp_path / "instance").mkdir(exist_ok=True)
    app.config["DATABASE"] = str(tmp_path / "test.db")
    app.instance_path = str(tmp_path / "instance")
    try:
        yield app
    finally:
        app.config.clear()
        app.config.update(config)
        app.instance_path = instance


@pytest.fixture
def app(shared_apps, migrated_database, tmp_path) -> Iterator[Flask]:
    """Returns the app with CSRF off, so tests post forms without fetching tokens first."""
    with borrowed(shared_apps(WTF_CSRF_ENABLED=False), migrated_database, tmp_path) as lent:
        yield lent


@pytest.fixture
def csrf_app(shared_apps, migrated_database, tmp_path) -> Iterator[Flask]:
    """Returns the app with CSRF protection on, as in production."""
    with borrowed(shared_apps(), migrated_database, tmp_path) as lent:
        yield lent


@pytest.fixture
def fresh_app(tmp_path, monkeypatch) -> Flask:
    """Returns an app built for this test alone, for tests that add routes to it."""
    return make_app(tmp_path, monkeypatch, WTF_CSRF_ENABLED=False)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """Returns a test client: one browser, with its own session."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask):
    """Returns a CLI runner for the app."""
    return app.test_cli_runner()


@pytest.fixture
def db(app: Flask) -> Iterator:
    """Returns a direct connection to the test database, for checking rows."""
    conn = connect(app.config["DATABASE"])
    yield conn
    conn.close()


@pytest.fixture
def store_db(migrated_database, tmp_path) -> Iterator:
    """Returns a connection to a migrated database of its own, with no app around it."""
    shutil.copyfile(migrated_database, tmp_path / "store.db")
    conn = connect(tmp_path / "store.db")
    yield conn
    conn.close()


def location(response: TestResponse) -> str:
    """Returns where a response sends the browser; fails showing the page when it does not."""
    assert "Location" in response.headers, response.get_data(as_text=True)
    return response.headers["Location"]


def saved_hand(response: TestResponse, game_id: str) -> int:
    """Returns the hand a save sent the phone back to on the game's sheet (`#hand-N`)."""
    found = re.fullmatch(rf"/games/{re.escape(game_id)}#hand-(\d+)", location(response))
    assert found, location(response)
    return int(found[1])


def hidden_fields(page: str) -> dict[str, str]:
    """Returns the hidden version, form_token and csrf_token fields of a page's form."""
    return dict(HIDDEN.findall(page))


def hand_fields(sides: Mapping[int, Mapping[str, Any]], **extra: Any) -> dict[str, str]:
    """Returns form fields for a hand: {0: {"melded_points": "120+35"}} -> {"0-melded_points": ...}."""
    data = {
        f"{i}-{key}": str(value) for i, fields in sides.items() for key, value in fields.items()
    }
    return data | {k: str(v) for k, v in extra.items()}


class Table:
    """Plays a game through the pages, as a phone at the table would."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app, self.client = app, client

    def new_game(self, format_id: str = "classic", count: int | None = None, **fields: Any) -> str:
        """Starts a game with default names unless given, and returns its id."""
        data = {"format": format_id, "first_dealer": "0-0", **fields}
        if count:
            data["sides"] = str(count)
        page = self.client.get("/games/new", query_string=data).get_data(as_text=True)
        for name, value in re.findall(
            r'id="f-(side-[\w-]+)" name="[^"]+" type="text" value="([^"]*)"', page
        ):
            data.setdefault(name, value or self.default_name(name))
        data.update(hidden_fields(page))
        response = self.client.post("/games/new", data=data)
        found = re.fullmatch(r"/games/([\w-]+)", location(response))
        assert found, location(response)
        return found[1]

    @staticmethod
    def default_name(field: str) -> str:
        """Returns a made-up player name for an empty name box."""
        if field.endswith("-start"):
            return ""
        return "P" + "".join(ch for ch in field if ch.isdigit())

    def game(self, game_id: str) -> store.Game:
        """Returns the stored game."""
        conn = connect(self.app.config["DATABASE"])
        try:
            return store.get_game(conn, game_id)
        finally:
            conn.close()

    def form(self, path: str) -> dict[str, str]:
        """Opens a form page and returns its hidden fields."""
        response = self.client.get(path)
        assert response.status_code == 200, response.get_data(as_text=True)
        return hidden_fields(response.get_data(as_text=True))

    def record(
        self, game_id: str, sides: Mapping[int, Mapping[str, Any]], **extra: Any
    ) -> TestResponse:
        """Fills in and sends the record-hand form."""
        path = f"/games/{game_id}/hands/new"
        return self.client.post(path, data=self.form(path) | hand_fields(sides, **extra))

    def edit(
        self, game_id: str, number: int, sides: Mapping[int, Mapping[str, Any]], **extra: Any
    ) -> TestResponse:
        """Fills in and sends the edit form of hand `number`."""
        path = f"/games/{game_id}/hands/{number}/edit"
        return self.client.post(path, data=self.form(path) | hand_fields(sides, **extra))

    def delete_last(self, game_id: str) -> TestResponse:
        """Confirms deleting the last hand."""
        path = f"/games/{game_id}/hands/last/delete"
        return self.client.post(path, data=self.form(path))


# A hand that scores 175 and 90: thirty of them make a long sheet that stays short of 5,000.
LONG_SHEET_HAND = {
    0: {"melded_points": "60", "hand_points": "15", "red_threes": 1},
    1: {"melded_points": "90"},
}
STATIC = re.compile(rb'(?:href|src)="(/static/[^"]+)"')


def thirty_hand_game(table: Table) -> str:
    """Returns a Classic game with 30 hands recorded through the form."""
    game_id = table.new_game("classic")
    for number in range(1, 31):
        assert saved_hand(table.record(game_id, LONG_SHEET_HAND), game_id) == number
    return game_id


def static_sizes(client: FlaskClient, page: bytes) -> dict[bytes, int]:
    """Returns the size of every /static/ file a page names, as a first load fetches them."""
    sizes = {}
    for path in dict.fromkeys(STATIC.findall(page)):
        with client.get(path.decode()) as response:  # static files stream: close them
            sizes[path] = len(response.get_data())
    return sizes


@pytest.fixture
def table(app: Flask, client: FlaskClient) -> Table:
    """Returns the table helper for the default client."""
    return Table(app, client)


@pytest.fixture
def game_id(table: Table) -> str:
    """Returns a Classic game with one hand, owned by the default client (modules may override)."""
    game_id = table.new_game("classic")
    assert saved_hand(table.record(game_id, GOOD), game_id) == 1
    return game_id


def fresh_rate_limits(instance: str) -> None:
    """Forgets every address's imports and house formats in the instance's rate-limits.db: a
    generated test's examples each start from nothing, as each test does (a folder of its own)."""
    from scorekeeper.store import rate_limits

    rate_limits.forget(instance)
