"""The table app's web layer: blueprints, error pages and the template filters they share."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Flask, Response, current_app, request
from jinja2 import pass_context
from jinja2.runtime import Context
from werkzeug.routing import IntegerConverter

from scorekeeper.engine import MAX_NAME
from scorekeeper.events.bounds import MAX_EVENT_NAME
from scorekeeper.extensions import compress
from scorekeeper.language import i18n, listen_to, problem_words, words
from scorekeeper.origin import is_loopback
from scorekeeper.rules.documents import MAX_NAME as MAX_FORMAT_NAME
from scorekeeper.store.groups.group import MAX_GROUP_NAME
from scorekeeper.web import errors, events, health, home, language, security, shell, text_size
from scorekeeper.web.games import (
    game_end,
    game_form,
    game_summary,
    games,
    hands,
    names,
    notes,
    opening,
    paper,
    pdf_sheets,
    portable,
    share,
    sheet_page,
    shelf,
    table,
    undo,
)
from scorekeeper.web.groups import (
    group_formats,  # noqa: F401 - adds sharing house formats to groups.bp
    group_stats,  # noqa: F401 - adds the history, statistics and player pages to groups.bp
    groups,
)
from scorekeeper.web.house import house_formats
from scorekeeper.web.ratings import help as ratings_help
from scorekeeper.web.ratings import pages as ratings_pages  # noqa: F401 - adds ratings to groups.bp
from scorekeeper.web.seasons import bp as seasons_bp

# Text worth compressing. PDFs are compressed inside already; the live-update stream is not
# listed, so each event reaches the phone when it is sent instead of when a buffer fills.
COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/problem+json",
    "application/manifest+json",
    "image/svg+xml",
]


# A sheet writes over a hundred numbers: each reads the page's language from the template's
# own `lang` (language.context) instead of asking the request again (1.5 against 0.4 µs).
@pass_context
def _points(context: Context, value: int) -> str:
    return i18n.number(value, context.get("lang"))


@pass_context
def _signed(context: Context, value: int) -> str:
    return i18n.signed(value, context.get("lang"))


def _compress(app: Flask) -> None:
    """Compresses text answers with the best encoding the client accepts (flask-compress)."""
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", 600)  # below this the header costs what it saves
    # Measured on app.css, hand.js and sheet.js: brotli at 6 is 7-9% smaller than gzip at 6
    # for 0.1 ms more a page; zstd at its default level is larger than both.
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip", "zstd", "deflate"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 6)
    # Registered before every other hook, so it runs after them all, on the finished body.
    compress.init_app(app)
    app.after_request(_read_static_whole)  # registered after, so it runs just before


def _name_instance(response: Response) -> Response:
    """Tells a second `serve` on this computer which instance folder answers on this port.

    Only on the manifest (what `serve` asks for) and only to this computer: a phone on the
    Wi-Fi never learns a folder of the host.
    """
    manifest = request.endpoint == "static" and request.path.endswith("manifest.webmanifest")
    if manifest and is_loopback(request.remote_addr or ""):
        response.headers["X-Scorekeeper-Instance"] = current_app.instance_path
    return response


def _as_bytes(chunk: str | bytes) -> bytes:
    """Returns a body chunk as bytes (a static file gives bytes; a str body is UTF-8)."""
    return chunk if isinstance(chunk, bytes) else chunk.encode()


def _read_static_whole(response: Response) -> Response:
    """Reads a static file into the response, so it is compressed as one body."""
    # Streamed, flask-compress would swap the file for a generator and never close it, and
    # would leave gzip out; our static files are a few KB, read once per request anyway.
    if request.endpoint == "static" and response.direct_passthrough:
        response.direct_passthrough = False
        wrapped = response.response
        try:
            response.response = [b"".join(_as_bytes(chunk) for chunk in wrapped)]
        finally:  # closed now, not when the server ends the response: a phone that left
            close = getattr(wrapped, "close", None)  # mid-answer left the file to the GC
            if close is not None:
                close()
    return response


class AsciiIntConverter(IntegerConverter):
    """`<int:...>` in a URL: one spelling of each number, the digits 0-9 without a leading zero
    (werkzeug's also takes ٣, full-width 3 and 01, a second address for the same hand)."""

    regex = r"0|[1-9][0-9]{0,8}"


def init_app(app: Flask, error_renderers: Mapping[str, errors.Renderer] | None = None) -> None:
    """Registers the blueprints, error pages and filters on the app."""
    app.url_map.converters["int"] = AsciiIntConverter  # before any rule is added: API too
    _compress(app)
    app.after_request(_name_instance)
    # The words shared with the PDF (scorekeeper.language) speak what Flask-Babel chose for the
    # request; outside an app the hook says nothing, so it is harmless to every other caller.
    listen_to(language.in_use)
    for blueprint in (
        home.bp,
        games.bp,
        game_end.bp,
        hands.bp,
        pdf_sheets.bp,
        paper.bp,
        share.bp,
        share.qr_bp,
        table.bp,
        opening.bp,
        shell.bp,
        portable.bp,
        shelf.bp,
        names.bp,
        house_formats.bp,
        groups.bp,
        events.bp,
        game_summary.bp,
        language.bp,
        text_size.bp,
        undo.bp,
        seasons_bp,
        ratings_help.bp,
        health.bp,
    ):
        app.register_blueprint(blueprint)
    security.init_app(app)
    errors.init_app(app, error_renderers)
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True  # lighter pages
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # {% trans %} as babel.cfg extracts it
    language.install_translations(app.jinja_env)  # Flask-Babel's, with the catalogue looked up once
    app.add_template_filter(_points, "points")
    app.add_template_filter(_signed, "signed")
    app.add_template_filter(i18n.day, "day")
    app.add_template_filter(i18n.moment, "moment")  # a stored time: its day as `day` writes it
    app.add_template_filter(i18n.clock, "clock")
    app.add_template_filter(words.text, "tr")  # a preset's words; never for the page's own
    app.add_template_filter(words.need, "need")
    app.add_template_filter(words.versus, "versus")
    app.add_template_filter(words.item_label, "item_label")
    app.add_template_filter(words.status, "status")
    app.add_template_filter(problem_words.problem, "problem")
    # The name inputs' maxlength, each the bound its rule holds: a side's or player's name, an
    # event's, a group's, a house format's.
    app.jinja_env.globals.update(
        MAX_NAME=MAX_NAME,
        MAX_EVENT_NAME=MAX_EVENT_NAME,
        MAX_GROUP_NAME=MAX_GROUP_NAME,
        MAX_FORMAT_NAME=MAX_FORMAT_NAME,
    )
    app.add_template_filter(game_form.named_players)
    app.add_template_filter(notes.minus_reason)
    app.add_template_filter(notes.reason_note)
    app.context_processor(paper.context)
    app.context_processor(language.context)
    shell.init_globals(app)  # csrf_token(), flashes(), language_link(), back_path()
    app.jinja_env.globals["text_size_link"] = text_size.text_size_link  # the switch on every page
    app.jinja_env.globals["large_type"] = text_size.large_type  # its rule, when chosen
    app.jinja_env.globals["outbox_words"] = sheet_page.outbox_words  # every page that records
    app.url_defaults(language.keep_language)
    app.jinja_env.globals["date_words"] = i18n.date_words  # home.js writes times as `moment`
