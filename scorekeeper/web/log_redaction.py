"""Keeps capability tokens (join links) out of every log line: access logs and error logs alike."""

from __future__ import annotations

import logging
import re
from typing import Any

# A token is URL-safe base64 after a `join/` path segment: /join/<t>, /groups/join/<t>, and the
# same inside a query (`?next=%2Fgroups%2Fjoin%2F<t>`), percent-encoded or not.
CAPABILITY = re.compile(r"((?:/|%2F)join(?:/|%2F))[A-Za-z0-9_\-]+", re.IGNORECASE)
REDACTED = r"\1[redacted]"
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


def redact(text: str) -> str:
    """Returns text with every capability token replaced by [redacted]."""
    # Looked for first: sub() with a group reference reads its template again on every call,
    # and nearly every path a server logs (the API's included) holds no join link at all.
    return CAPABILITY.sub(REDACTED, text) if CAPABILITY.search(text) else text


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
    """WSGI wrapper: once a request is answered, its environ names join links as [redacted]."""

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
