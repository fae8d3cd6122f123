"""Gzip for pages, JSON and static text: a slow phone downloads a tenth of the bytes."""

from __future__ import annotations

import gzip

from flask import Flask, request
from werkzeug import Response

TYPES = frozenset(
    {
        "text/html",
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/json",
        "application/manifest+json",
        "image/svg+xml",
    }
)
SMALLEST = 600  # bytes; below this gzip's header costs about what it saves


def _compressible(response: Response) -> bool:
    """Tells whether the response is a whole text body worth compressing for this client."""
    if response.status_code != 200 or "Content-Encoding" in response.headers:
        return False
    if response.mimetype not in TYPES or "gzip" not in request.accept_encodings:
        return False
    # A file from static/ is read whole; any other stream (live updates) is left alone.
    return response.direct_passthrough or not response.is_streamed


def gzip_response(response: Response) -> Response:
    """Compresses the body when the client accepts gzip, and says the answer varies by it."""
    if not _compressible(response):
        return response
    response.vary.add("Accept-Encoding")
    response.direct_passthrough = False
    body = response.get_data()
    if len(body) < SMALLEST:
        return response
    response.set_data(gzip.compress(body, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(etag, weak=True)  # the bytes differ from the plain file's
    return response


def init_app(app: Flask) -> None:
    """Compresses every eligible response, after every other hook has had the plain body."""
    # Flask runs after-request hooks last-registered first, so the first in the list runs last.
    app.after_request_funcs.setdefault(None, []).insert(0, gzip_response)
