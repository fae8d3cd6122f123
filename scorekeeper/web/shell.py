"""The app's shell: the service worker, the offline page, and what every page's head holds."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import cache, lru_cache
from pathlib import Path, PurePosixPath

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    g,
    get_flashed_messages,
    render_template,
    request,
    url_for,
)
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from scorekeeper.language import i18n
from scorekeeper.web import language

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
    # The offline notice in every language, by the Content-Language of the pages that use it:
    # the worker shows the one of the last page it fetched, whatever it was installed in.
    notices = {tag(code): url_for("shell.offline", lang=code) for code in i18n.LANGUAGES}
    shell = [url_for("shell.offline"), *notices.values()]
    shell += [url_for("static", filename=f) for f in files]
    code = (Path(folder) / WORKER).read_text(encoding="utf-8")
    # The worker's bytes change with every deploy, so browsers install it afresh.
    code = code.replace('"__VERSION__"', json.dumps(version))
    code = code.replace("[] /* SHELL */", json.dumps(shell))
    code = code.replace("{} /* NOTICES */", json.dumps(notices))
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
    """Returns a static file's URL, noting it for the page's Link header (`asset('js/x.js')`)."""
    url = url_for("static", filename=filename)
    kind = PRELOAD_AS.get(PurePosixPath(filename).suffix)
    if kind:
        g.setdefault("preload", []).append(f"<{url}>; rel=preload; as={kind}")
    return url


@bp.app_template_global()
def later_script(filename: str) -> Markup:
    """Returns a mark app.js reads to load a static script once the page has loaded."""
    # For what can wait until the page is on screen (the wake lock, the sheet's outbox): kept
    # out of the Link header and of DOMContentLoaded, so a slow phone's first tap never waits.
    return Markup('<template data-later="%s"></template>') % url_for("static", filename=filename)


@bp.app_template_global()
def stylesheet(filename: str) -> Markup:
    """Returns a static stylesheet inlined as a <style> element, its hash noted for the CSP."""
    # Inline, a first visit paints after one round trip instead of two: on the throttled phone
    # the sheet is usable 150 ms sooner (docs/performance.md). The CSP allows exactly this
    # text, by its hash, never 'unsafe-inline'.
    path = Path(current_app.static_folder or "") / filename
    # Read once per process; in debug mode, as templates are, again whenever the file changes.
    css, digest = _style(str(path), path.stat().st_mtime_ns if current_app.debug else 0)
    g.setdefault("style_hashes", []).append(digest)
    return Markup(f'<style data-file="{filename}">{css}</style>')  # sheet.js reads the name


COMMENT = re.compile(r"[ \t]*/\*.*?\*/\n?", re.S)


def inlined(css: str) -> str:
    """Returns a stylesheet as a page carries it: without its comments, kept for readers of the file."""
    # Every page carries app.css; its comments were 700 bytes of the sheet's 30 KB first load.
    return COMMENT.sub("", css)


@lru_cache(maxsize=32)
def _style(path: str, _stamp: int) -> tuple[str, str]:
    """Returns a stylesheet's text and its CSP source ('sha256-...'), read once per version."""
    css = inlined(Path(path).read_text(encoding="utf-8"))
    return css, style_source(css)


def style_source(css: str) -> str:
    """Returns the CSP source that allows exactly this inline stylesheet ('sha256-...')."""
    digest = base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
    return f"'sha256-{digest}'"


def flashes() -> Markup:
    """Returns this browser's waiting messages as the page shows them, once."""
    waiting: list[tuple[str, str]] = get_flashed_messages(with_categories=True)  # type: ignore[assignment]  # Flask types the pairs' list as list[str] | list[tuple[str, str]]
    return Markup(  # noqa: S704 - category and message are escaped
        "".join(
            f'  <p class="flash {escape(category)}" role="'
            f'{"alert" if category == "error" else "status"}">{escape(message)}</p>\n'
            for category, message in waiting
        )
    )


def language_link() -> str:
    """Returns the address of the language switch, coming back to this page (also when a
    form's answer shows the page, its own address)."""
    return url_for("language.pick", next=language.here())


def back_path() -> str:
    """Returns this page's address with its query, for a form to come back to."""
    return request.full_path if request.query_string else request.path


def init_globals(app: Flask) -> None:
    """Gives every template, imported macros too, the page's own pieces as globals."""
    pieces = {
        "csrf_token": generate_csrf,
        "flashes": flashes,
        "language_link": language_link,
        "back_path": back_path,
    }
    app.jinja_env.globals.update(pieces)  # for imported macros, which see only globals


def tag(code: str) -> str:
    """Returns a language code as HTTP and HTML write it: pt_BR -> pt-BR."""
    return code.replace("_", "-")


@bp.after_app_request
def say_language(response: Response) -> Response:
    """Names a page's language in Content-Language; the service worker reads it (sw.js)."""
    # Not on a 304: it has no page to name, and the browser keeps the header of the page it holds.
    page = response.mimetype == "text/html" and response.status_code != 304
    if page and "Content-Language" not in response.headers:
        response.headers["Content-Language"] = tag(i18n.current())
    return response


@bp.after_app_request
def preload_assets(response: Response) -> Response:
    """Names the page's scripts in a Link header, so a slow phone fetches them at once."""
    # As soon as the page's headers arrive, instead of after parsing it.
    links = g.pop("preload", None)  # noted by asset() while the templates rendered
    if links and response.mimetype == "text/html" and "Link" not in response.headers:
        response.headers["Link"] = ", ".join(dict.fromkeys(links))
    return response
