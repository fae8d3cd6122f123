"""Hardening for a public host: security headers, cookies that stay private, and a TLS proxy."""

from __future__ import annotations

import io
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask, Request, g, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug import Response
from werkzeug.exceptions import RequestEntityTooLarge as TooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.store.portable.importing import WEB_MAX_BYTES
from scorekeeper.web.log_redaction import RedactCapabilities, guard_loggers

# No inline script anywhere, and no inline style but a static stylesheet inlined by
# `stylesheet()` (web/shell.py), allowed by its hash: each page's CSP names its own.
CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "connect-src 'self'",
    )
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",  # a game's link never leaks to another site
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}
HSTS = "max-age=31536000"
assert not any("\n" in v or "\r" in v for v in HEADERS.values())  # add_headers appends as is
WITHOUT_POLICY = {n: v for n, v in HEADERS.items() if n != "Content-Security-Policy"}
# Pages that show a link or a one-time form token: a copy kept on the phone would outlive a
# replaced link, or hand an old token to whoever opens the phone next.
NO_STORE = frozenset(
    {
        "home.index",
        "hands.detail",
        "hands.record",
        "hands.edit",
        "hands.delete_last",
        "opening.check",
        "share.page",
        "games.join",
    }
)
# The only pages any browser sees alike (the format list, the offline notice, the language
# choice): every other page shows what is private to a browser, a game's link holders or a
# group's members (history, stats, players, names, the archived list), so it is sent
# `private, no-store` unless its view says better (the sheet: `private, no-cache`). The
# service worker keeps neither, so nothing outlives a member's removal on the phone.
PUBLIC_PAGES = frozenset({"games.new", "shell.offline", "language.pick"})
PRIVATE = "private, no-store"
API_PATH = "/api/"  # the JSON API (scorekeeper.api): bearer tokens, no session


def _private(response: Response) -> bool:
    """Tells whether an HTML answer is private to this browser and says nothing of it yet."""
    if "Cache-Control" in response.headers or response.mimetype != "text/html":
        return False
    # A new game for a group names the group and offers its players.
    return request.endpoint not in PUBLIC_PAGES or "group" in request.args


REFRESH_COOKIE = timedelta(days=1)  # how old a session cookie gets before it is sent again


class SignedSession(SecureCookieSession):
    """A session read from its cookie, knowing when the cookie was signed."""

    signed_at: datetime | None = None


class SessionInterface(SecureCookieSessionInterface):
    """The signed-cookie session, marked Secure whenever the request came over HTTPS."""

    session_class = SignedSession

    _signer: tuple[tuple[Any, ...], URLSafeTimedSerializer | None] = ((), None)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Returns Flask's signer for the app's keys, made once per set of keys, not per request."""
        # Flask builds a new one on every request, twice when the cookie is written: a tenth
        # of a millisecond each, for an object that depends only on the keys.
        keys = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept_keys, signer = self._signer
        if kept_keys != keys:
            signer = super().get_signing_serializer(app)
            self._signer = (keys, signer)
        return signer

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """Returns the browser's session, or none (Flask's null session) for the JSON API."""
        # The API takes bearer link tokens, never the cookie: no cookie read, signed or written.
        signer = None if request.path.startswith(API_PATH) else self.get_signing_serializer(app)
        if signer is None:
            return None
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        lifetime = int(app.permanent_session_lifetime.total_seconds())
        try:
            data, signed_at = signer.loads(cookie, max_age=lifetime, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        session = self.session_class(data)
        session.signed_at = signed_at
        return session

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Tells whether to send the cookie: when changed, or when a day old, to keep it alive."""
        # Flask signs and sends a permanent session's cookie on every answer (a tenth of a
        # millisecond a page); once a day keeps its 400 days counting from the last visit.
        if session.modified or not session.permanent:
            return session.modified
        signed_at = getattr(session, "signed_at", None)
        return signed_at is None or datetime.now(UTC) - signed_at >= REFRESH_COOKIE

    def get_cookie_secure(self, app: Flask) -> bool:
        """Tells whether the session cookie is Secure: by config, or because of HTTPS."""
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)


def csp(styles: Iterable[str] = ()) -> str:
    """Returns the Content-Security-Policy, allowing these inline styles by their hashes."""
    allowed = " ".join(dict.fromkeys(styles))
    return CSP.replace("style-src 'self'", f"style-src 'self' {allowed}", 1) if allowed else CSP


def add_headers(response: Response) -> Response:
    """Adds the security headers to every response, keeping any a view set itself."""
    headers = HEADERS
    styles = g.pop("style_hashes", None)  # noted by stylesheet() while the page rendered
    if styles:
        headers = {**HEADERS, "Content-Security-Policy": csp(styles)}
    elif response.status_code == 304:
        # A browser copies a 304's headers onto the page it kept: a policy sent here, without
        # that page's style hashes, would refuse its inline stylesheets on every revisit.
        headers = WITHOUT_POLICY
    # One pass over the headers already set, not one per header: every response pays this.
    # Appended to the header list as they are: constants, checked once when this module
    # loaded (werkzeug's add() would check every value again, for every response).
    present = {name.lower() for name in response.headers.keys()}  # noqa: SIM118 - Headers
    response.headers._list.extend(h for h in headers.items() if h[0].lower() not in present)
    if request.endpoint in NO_STORE:  # neither the browser nor the service worker keeps them
        response.headers["Cache-Control"] = "no-store"
    elif _private(response):
        response.headers["Cache-Control"] = PRIVATE
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response


class MeasureChunkedBodies:
    """WSGI wrapper: a body sent without Content-Length is read (up to a cap) and measured."""

    # werkzeug cuts an unmeasured body off at the limit and the view sees broken data (400);
    # with its length known, every route's own limit answers 413 as for any large body.
    def __init__(self, app: Any, cap: int) -> None:
        self.app, self.cap = app, cap

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        """Reads an unmeasured body into memory, or answers 413 past the cap."""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        unmeasured = not environ.get("CONTENT_LENGTH") and environ.get("wsgi.input_terminated")
        if environ.get("REQUEST_METHOD") in ("GET", "HEAD") or not (chunked or unmeasured):
            return self.app(environ, start_response)
        body = environ["wsgi.input"].read(self.cap + 1)
        if len(body) > self.cap:
            return TooLarge()(environ, start_response)
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ["wsgi.input_terminated"] = False
        return self.app(environ, start_response)


def init_app(app: Flask) -> None:
    """Sets the cookie and CSRF settings, the proxy fix when asked, and the header hook."""
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    # Flask-WTF's strict mode demands a Referer on HTTPS posts, which Referrer-Policy:
    # no-referrer withholds; the CSRF token and SameSite=Lax cookie already stop forgeries.
    app.config["WTF_CSRF_SSL_STRICT"] = False
    app.session_interface = SessionInterface()
    if app.config["PROXY_FIX"]:
        # One proxy in front: trust its X-Forwarded-For/-Proto/-Host, and nothing further out.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]  # Flask documents wrapping wsgi_app
    app.after_request(add_headers)
    app.wsgi_app = RedactCapabilities(app.wsgi_app)  # type: ignore[method-assign]  # Flask documents wrapping wsgi_app
    guard_loggers(app.logger.name)  # Flask logs "Exception on <path> [GET]" on a 500
    app.wsgi_app = MeasureChunkedBodies(app.wsgi_app, WEB_MAX_BYTES)  # type: ignore[method-assign]  # Flask documents wrapping wsgi_app
