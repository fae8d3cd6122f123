"""The installable app's shell: the service worker at the root scope and the offline page."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path, PurePosixPath

from flask import Blueprint, Response, current_app, g, render_template, url_for

bp = Blueprint("shell", __name__)

WORKER = "js/sw.js"
PRELOAD_AS = {".css": "style", ".js": "script"}  # what a Link header calls each kind of file


@cache
def _static_files(folder: str) -> tuple[tuple[str, ...], str]:
    """Returns the static files to precache and a hash of their contents, read once."""
    root = Path(folder)
    paths = sorted(p for p in root.rglob("*") if p.is_file() and p.name != Path(WORKER).name)
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return tuple(p.relative_to(root).as_posix() for p in paths), digest.hexdigest()[:12]


@bp.get("/sw.js")
def service_worker() -> Response:
    """Serves the service worker from the root so it may control every page."""
    folder = current_app.static_folder or ""
    files, version = _static_files(folder)
    shell = [url_for("shell.offline"), *(url_for("static", filename=f) for f in files)]
    code = (Path(folder) / WORKER).read_text(encoding="utf-8")
    # The worker's bytes change with every deploy, so browsers install it afresh.
    code = code.replace('"__VERSION__"', json.dumps(version))
    code = code.replace("[] /* SHELL */", json.dumps(shell))
    response = Response(code, mimetype="application/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    """Shows the notice the service worker gives when a page cannot be reached."""
    return render_template("offline.html")


@bp.app_template_global()
def asset(filename: str) -> str:
    """Returns a static file's URL, noting it for the page's Link header (`asset('css/x.css')`)."""
    url = url_for("static", filename=filename)
    kind = PRELOAD_AS.get(PurePosixPath(filename).suffix)
    if kind:
        g.setdefault("preload", []).append(f"<{url}>; rel=preload; as={kind}")
    return url


def noted_assets() -> tuple[str, ...]:
    """Returns the Link preloads noted so far for this response (kept with a cached page)."""
    return tuple(g.get("preload", ()))


def note_assets(links: tuple[str, ...]) -> None:
    """Notes Link preloads for this response, as a cached page's rendering once noted them."""
    g.setdefault("preload", []).extend(links)


@bp.after_app_request
def preload_assets(response: Response) -> Response:
    """Names the page's stylesheets and scripts in a Link header, so a slow phone fetches them
    as soon as the page arrives instead of after parsing it."""
    links = g.pop("preload", None)  # noted by asset() while the templates rendered
    if links and response.mimetype == "text/html" and "Link" not in response.headers:
        response.headers["Link"] = ", ".join(dict.fromkeys(links))
    return response
