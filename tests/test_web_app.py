"""The app factory, instance folder, secret key, database settings and error pages."""

from __future__ import annotations

import re
import stat
from contextlib import closing

import pytest

from scorekeeper import create_app
from scorekeeper.basics.resources import resource_dir
from scorekeeper.store.connection import connect, migrate
from scorekeeper.store.migrations import migrations
from scorekeeper.web import shell
from tests.conftest import static_sizes, thirty_hand_game

STATIC = resource_dir("static")


def test_first_start_creates_the_instance_folder_key_and_database(tmp_path, monkeypatch) -> None:
    """With no setup step, the instance folder, a private secret key and the database appear."""
    folder = tmp_path / "instance"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(folder))
    app = create_app()
    key = folder / "secret_key"
    assert app.config["DATABASE"] == str(folder / "scorekeeper.db")
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert app.config["SECRET_KEY"] == key.read_text() and len(key.read_text()) == 64
    assert create_app().config["SECRET_KEY"] == app.config["SECRET_KEY"]  # kept, not remade
    assert [p.name for p in folder.iterdir() if p.name.startswith(".secret")] == []
    with closing(connect(app.config["DATABASE"])) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert {"games", "sides", "players", "hands", "used_form_tokens", "browser_games"} <= set(
            db.table_names()
        )


def test_migrations_are_named_and_applied_once(tmp_path) -> None:
    """Running the migrations again changes nothing."""
    path = tmp_path / "x.db"
    migrate(path)
    migrate(path)
    with closing(connect(path)) as db, closing(connect(tmp_path / "new.db")) as new:
        applied = [m.name for m in migrations.applied(db)]
        assert applied[:2] == ["0001_initial", "0002_games_rewritten"]
        assert {"0003_games_target_raises", "0003_game_rules"} <= set(applied) and len(
            set(applied)
        ) == len(applied)
        assert applied == [m.name for m in migrations.pending(new)]


def test_a_crash_shows_the_500_page(fresh_app) -> None:
    """An unexpected error shows the plain 500 page, not a traceback."""
    app = fresh_app
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    response = app.test_client().get("/boom")
    assert response.status_code == 500 and "went wrong on our side" in response.get_data(
        as_text=True
    )


def test_pages_use_no_inline_script_or_style(table) -> None:
    """Pages load JS from static/ only and inline only static stylesheets: a strict CSP."""
    game_id = table.new_game("classic")
    for path in (
        "/",
        "/games/new",
        "/games/new?format=classic",
        f"/games/{game_id}",
        f"/games/{game_id}/hands/new",
    ):
        page = table.client.get(path).get_data(as_text=True)
        assert "<script>" not in page and " style=" not in page and " onclick" not in page
        assert "/static/js/app.js" in page
        (css,) = re.findall(r"<style[^>]*>(.*?)</style>", page, re.S)[:1]
        assert css == shell.inlined((STATIC / "css" / "app.css").read_text(encoding="utf-8"))
        assert "/*" not in css and ".row {" in css  # the file's rules, less its comments


@pytest.mark.slow  # plays 30 hands through the pages (the fast loop skips it; CI runs it)
def test_a_30_hand_sheet_loads_in_under_30_kb(table) -> None:
    """The sheet's first load (HTML and every file it names) stays within issue 7's 30 KB."""
    game_id = thirty_hand_game(table)
    page = table.client.get(f"/games/{game_id}").get_data()
    sizes = static_sizes(table.client, page)
    assert b"<style " in page and b"/static/js/sheet.js" in sizes  # app.css is in the page
    assert len(page) + sum(sizes.values()) <= 30_000, (len(page), sizes)


def test_the_instance_folders_config_py_sets_the_app(tmp_path, monkeypatch):
    """A deployment's settings come from instance/config.py, as instance/README.md says."""
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "config.py").write_text(
        f"PUBLIC_ORIGIN = 'https://scores.example.org'\nDATABASE = {str(tmp_path / 'x.db')!r}\n"
    )
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(folder))
    app = create_app()
    assert app.config["PUBLIC_ORIGIN"] == "https://scores.example.org"
    assert app.config["DATABASE"] == str(tmp_path / "x.db") and (tmp_path / "x.db").exists()


def test_the_factory_leaves_the_process_umask_alone_and_the_files_private(
    tmp_path, monkeypatch
) -> None:
    """Building an app changes no process-wide setting; the database and its WAL are 0600."""
    import os

    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    before = os.umask(0o022)
    try:
        app = create_app()
        assert os.umask(0o022) == 0o022  # what the factory found, it left
        with closing(connect(app.config["DATABASE"])) as db:
            db.execute("CREATE TABLE probe (x)")  # a write makes the -wal file
            for suffix in ("", "-wal", "-shm"):
                path = app.config["DATABASE"] + suffix
                assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path
    finally:
        os.umask(before)


def test_settings_come_from_the_environment_in_one_place(tmp_path, monkeypatch) -> None:
    """SCOREKEEPER_* variables fill their config keys."""
    from scorekeeper.basics.settings import from_environment

    environ = {
        "SCOREKEEPER_ORIGIN": "https://scores.example.org",
        "SCOREKEEPER_PROXY": "1",
        "SCOREKEEPER_SECURE_COOKIES": "0",
        "SCOREKEEPER_CACHE": "off",
    }
    assert from_environment(environ) == {
        "PUBLIC_ORIGIN": "https://scores.example.org",
        "PROXY_FIX": True,
        "SESSION_COOKIE_SECURE": False,
        "CACHE": False,
    }
    assert from_environment({"SCOREKEEPER_CACHE": "on"}) == {"CACHE": True}
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("SCOREKEEPER_ORIGIN", "https://scores.example.org")
    assert create_app().config["PUBLIC_ORIGIN"] == "https://scores.example.org"


def test_the_home_page_shows_one_page_of_games_at_a_time(app, client) -> None:
    """Issue 24 item 12: a phone with many games gets pages of 30, the newest first."""
    import re

    from scorekeeper import store
    from scorekeeper.store.connection import connect
    from scorekeeper.web.home import PAGE_SIZE

    with client.session_transaction() as session:
        session["browser"] = "many-games"
    db = connect(app.config["DATABASE"])
    try:
        made = [
            store.create_game(
                db,
                format_id="classic",
                sides=[("We", ["Ann", "Bob"]), ("They", ["Cy", "Di"])],
                first_dealer="Ann",
                owner="many-games",
            ).id
            for _ in range(PAGE_SIZE + 5)
        ]
    finally:
        db.close()
    first = client.get("/").get_data(as_text=True)
    shown = re.findall(r'class="card" href="/games/([\w-]+)"', first)
    assert len(shown) == PAGE_SIZE and set(shown) <= set(made)
    assert 'href="/?page=2" rel="next"' in first and 'rel="prev"' not in first
    second = client.get("/?page=2").get_data(as_text=True)
    rest = re.findall(r'class="card" href="/games/([\w-]+)"', second)
    assert len(rest) == 5 and not set(rest) & set(shown)
    assert set(shown) | set(rest) == set(made)
    assert 'rel="next"' not in second and 'href="/" rel="prev"' in second
    for odd in ("0", "-1", "abc", "²", "9" * 40):
        assert client.get(f"/?page={odd}").status_code == 200
    beyond = client.get("/?page=99").get_data(as_text=True)
    assert 'class="card" href="/games/' not in beyond and 'href="/?page=98" rel="prev"' in beyond
