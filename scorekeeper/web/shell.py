"""The installable app's shell: the service worker at the root scope and the offline page."""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, url_for

bp = Blueprint("shell", __name__)

WORKER = "js/sw.js"
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"')
SCRIPT = re.compile(r'<script src="([^"]+)"')


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


@bp.after_app_request
def preload_assets(response: Response) -> Response:
    """Names a page's stylesheet and scripts in a Link header, so a slow phone fetches them
    as soon as the page arrives instead of after parsing it."""
    if response.mimetype != "text/html" or response.is_streamed or "Link" in response.headers:
        return response
    html = response.get_data(as_text=True)
    links = [f"<{href}>; rel=preload; as=style" for href in STYLESHEET.findall(html)]
    links += [f"<{src}>; rel=preload; as=script" for src in SCRIPT.findall(html)]
    if links:
        response.headers["Link"] = ", ".join(links)
    return response
