"""The table app's web layer: blueprints, error pages and the template filters they share."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Flask
from werkzeug.routing import IntegerConverter

from scorekeeper import i18n, problem_words, words
from scorekeeper.engine import MAX_NAME
from scorekeeper.web import (
    compress,
    errors,
    game_end,
    game_form,
    games,
    hands,
    home,
    house_formats,
    language,
    names,
    notes,
    opening,
    paper,
    pdf_sheets,
    portable,
    security,
    share,
    shelf,
    shell,
)


class AsciiIntConverter(IntegerConverter):
    """`<int:...>` in a URL: the digits 0-9 only (werkzeug's also takes ٣ and full-width 3)."""

    regex = r"[0-9]{1,9}"


def init_app(app: Flask, error_renderers: Mapping[str, errors.Renderer] | None = None) -> None:
    """Registers the blueprints, error pages and filters on the app."""
    app.url_map.converters["int"] = AsciiIntConverter  # before any rule is added: API too
    for blueprint in (
        home.bp,
        games.bp,
        game_end.bp,
        hands.bp,
        pdf_sheets.bp,
        paper.bp,
        share.bp,
        opening.bp,
        shell.bp,
        portable.bp,
        shelf.bp,
        names.bp,
        house_formats.bp,
        language.bp,
    ):
        app.register_blueprint(blueprint)
    security.init_app(app)
    compress.init_app(app)
    errors.init_app(app, error_renderers)
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True  # lighter pages
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # {% trans %} as babel.cfg extracts it
    app.add_template_filter(i18n.number, "points")
    app.add_template_filter(i18n.signed, "signed")
    app.add_template_filter(i18n.day, "day")
    app.add_template_filter(words.text, "tr")  # a preset's words; never for the page's own
    app.add_template_filter(words.need, "need")
    app.add_template_filter(words.item_label, "item_label")
    app.add_template_filter(words.status, "status")
    app.add_template_filter(problem_words.problem, "problem")
    app.jinja_env.globals["MAX_NAME"] = MAX_NAME  # the name inputs' maxlength
    app.add_template_filter(game_form.named_players)
    app.add_template_filter(notes.minus_reason)
    app.context_processor(paper.context)
    app.context_processor(language.context)
    app.jinja_env.globals["here"] = language.here
