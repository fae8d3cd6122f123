"""Keeps capability tokens (any token-shaped path segment) out of every log line: access and error logs."""

from __future__ import annotations

import logging
import re
from typing import Any

# Any path segment or query value that looks like a token, whatever the path: a capability
# link's token (games, groups, events, tables, sides, screens, join links, and any page added
# later) is 22 URL-safe base64 characters (store/stamps.py). A list of prefixes missed every
# path it did not know, so the rule is the token's look: 16 or more of those characters after
# "/", "%2F", "=" or a space, ending where the segment ends. Within a query, percent-encoded
# or not, the same holds (`?next=%2Fgroups%2Fjoin%2F<t>`).
CAPABILITY = re.compile(
    r"(/|%2F|=|^|\s|\")([A-Za-z0-9_\-]{16,})(?=$|[/?&#.;,%\s\"])", re.IGNORECASE
)
WORD = re.compile(r"[a-z\-]+")  # a path word (`delete-for-good`), never a random token
REDACTED = "[redacted]"
# What access logs read from the environ once the answer is sent: gunicorn's r, U, q and
# Referer atoms; REQUEST_URI for servers that keep the raw line there.
LOGGED_KEYS = ("PATH_INFO", "RAW_URI", "REQUEST_URI", "QUERY_STRING", "HTTP_REFERER")
# Loggers that name a request's path: werkzeug's dev server (its request line), waitress
# ("Exception while serving /…"), gunicorn's access and error logs; the app's own logger
# ("Exception on /… [GET]") is added by init_app.
SERVER_LOGGERS = (
    "werkzeug",
    "waitress",
    "waitress.queue",
    "gunicorn.access",
    "gunicorn.error",
)


def _hidden(found: re.Match[str]) -> str:
    """Returns a token-shaped segment as [redacted] after its delimiter; a plain word as it was."""
    segment = found.group(2)
    # A random 22-character token is all lower-case letters and hyphens once in 10**8 draws.
    return found.group(0) if WORD.fullmatch(segment) else found.group(1) + REDACTED


def redact(text: str) -> str:
    """Returns text with every token-shaped path segment or query value replaced by [redacted]."""
    # Looked for first: most lines a server logs (static files, the home page) hold no token.
    return CAPABILITY.sub(_hidden, text) if CAPABILITY.search(text) else text


class RedactFilter(logging.Filter):
    """A logging filter that redacts capability tokens in a record's finished message."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Formats the message once, redacted; the record is always kept."""
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a malformed record: leave it to the handler's own error
            return True
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


FILTER = RedactFilter()


def guard_loggers(*names: str) -> None:
    """Adds the redacting filter to the server loggers and these (idempotent)."""
    for name in (*SERVER_LOGGERS, *names):
        logging.getLogger(name).addFilter(FILTER)  # addFilter skips a filter already there


class RedactCapabilities:
    """WSGI wrapper: once a request is answered, its environ names every token as [redacted]."""

    # gunicorn writes its access log from this same environ after the app returns, so every
    # atom of every log format (path, query, Referer) shows the redacted form, never a token.
    def __init__(self, app: Any) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        """Runs the app, then redacts the tokens in what a server logs."""
        result = self.app(environ, start_response)
        for key in LOGGED_KEYS:
            value = environ.get(key)
            if isinstance(value, str) and value:
                environ[key] = redact(value)
        return result
