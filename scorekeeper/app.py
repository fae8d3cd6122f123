"""The app factory: config, instance folder, secret key, database, CSRF, languages, blueprints."""

from __future__ import annotations

import contextlib
import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Config, Flask
from flask.sansio.scaffold import find_package

from scorekeeper import api, db, web
from scorekeeper.basics import settings
from scorekeeper.basics.resources import resource_dir
from scorekeeper.extensions import babel, csrf
from scorekeeper.store import cache
from scorekeeper.store.schema import ready
from scorekeeper.web.language import chosen_locale


def _instance_path() -> str | None:
    """Returns the instance folder: $SCOREKEEPER_INSTANCE, a checkout's instance/, or Flask's."""
    folder = settings.instance_folder()
    if folder is not None:
        return str(folder)
    checkout = resource_dir("templates").parent
    if (checkout / "pyproject.toml").is_file():
        return str(checkout / "instance")
    return None  # installed from a wheel: <prefix>/var/scorekeeper.app-instance


def instance_folder() -> Path:
    """Returns the instance folder the app uses, found without building the app."""
    chosen = _instance_path()
    if chosen is not None:
        return Path(chosen)
    prefix, package_path = find_package(__name__)  # Flask's own rule, as the factory would
    if prefix is None:
        return Path(package_path) / "instance"
    return Path(prefix) / "var" / f"{__name__}-instance"


def configuration(folder: Path, test_config: dict[str, Any] | None = None) -> dict[str, Any]:
    """Returns the settings the app runs with: defaults, SCOREKEEPER_*, then config.py or tests'."""
    config = Config(str(folder))
    config.from_mapping(
        DATABASE=str(folder / "scorekeeper.db"),
        MAX_CONTENT_LENGTH=64 * 1024,
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),  # the browser id is a phone's key
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,  # a hand can outlast an hour; the session bounds the token
        CACHE=True,  # the one room for speed (scorekeeper/store/cache.py); SCOREKEEPER_CACHE=off
        PUBLIC_ORIGIN=None,  # links others open (web/origin.py)
        PROXY_FIX=False,
    )
    config.from_mapping(settings.from_environment())  # SCOREKEEPER_* (instance/README.md)
    if test_config is None:  # a deployment's own settings: instance/README.md lists them
        config.from_pyfile(folder / "config.py", silent=True)
    else:
        config.from_mapping(test_config)
    return dict(config)


def ready_database() -> str:
    """Returns the app's database path, created (0600) and migrated as the app does on start.

    The command line's way in: the same settings as the app, without building one.
    """
    folder = instance_folder()
    config = configuration(folder)
    database = str(config["DATABASE"])
    folder.mkdir(parents=True, exist_ok=True)
    owner_only(database)
    ready(database)
    cache.configure(bool(config["CACHE"]))
    return database


def instance_database() -> Path | None:
    """Returns where the app keeps its database, when that is known without starting it."""
    if chosen := settings.from_environment().get("DATABASE"):
        return Path(chosen)
    folder = _instance_path()
    return Path(folder) / "scorekeeper.db" if folder else None


def _secret_key(folder: Path) -> str:
    """Returns the secret key kept in the instance folder, creating it (mode 0600) once."""
    path = folder / "secret_key"
    if not path.exists():
        draft = folder / f".secret_key.{secrets.token_hex(4)}"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_hex(32))
        try:
            os.link(draft, path)  # atomic: two servers starting together agree on one key
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    key = path.read_text().strip()
    if len(key) < 32:
        raise RuntimeError(f"{path} holds no usable secret key; delete it to make a new one.")
    return key


def owner_only(database: str) -> None:
    """Makes the database and its -wal/-shm readable by their owner only (0600), creating it."""
    # SQLite gives the -wal and -shm files the database file's own mode, so creating the file
    # 0600 here keeps every link private without changing the process's umask.
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for path in (Path(database), Path(f"{database}-wal"), Path(f"{database}-shm")):
        with contextlib.suppress(OSError):  # -wal and -shm are there only while it is open
            path.chmod(0o600)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Builds the app: config, instance folder, secret key, database, CSRF, languages, blueprints."""
    folder = instance_folder()
    app = Flask(
        __name__,
        instance_path=str(folder),
        template_folder=str(resource_dir("templates")),
        static_folder=str(resource_dir("static")),
    )
    app.config.from_mapping(configuration(folder, test_config))
    folder.mkdir(parents=True, exist_ok=True)
    owner_only(app.config["DATABASE"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(folder)

    db.init_app(app)
    csrf.init_app(app)
    babel.init_app(
        app,
        locale_selector=chosen_locale,
        default_translation_directories=str(resource_dir("translations")),
    )
    web.init_app(app, error_renderers={"/api/": api.problems.from_http})  # problem+json
    api.init_app(app)
    return app
