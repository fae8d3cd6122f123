"""What every request looks up once, not per use: the catalogue of its language, and the signer."""

from __future__ import annotations

from flask import Flask, render_template_string, session
from flask_babel import force_locale, refresh

from scorekeeper.web.language import translations

HELLO = "{{ _('Totals') }}"


def test_templates_speak_the_request_language_and_follow_a_forced_one(app: Flask) -> None:
    with app.test_request_context("/?lang=de"):
        assert render_template_string(HELLO) == "Summen"
        assert translations() is translations()  # found once for the request
        with force_locale("es"):  # a switch inside the request is followed, then undone
            assert render_template_string(HELLO) == "Totales"
        assert render_template_string(HELLO) == "Summen"


def test_a_refreshed_locale_is_chosen_again(app: Flask) -> None:
    with app.test_request_context("/?lang=it"):
        assert render_template_string(HELLO) == "Totali"
        refresh()  # Flask-Babel forgets the request's locale: it is chosen again, not kept
        assert render_template_string(HELLO) == "Totali"


def test_plural_and_context_forms_still_translate(app: Flask) -> None:
    template = "{% trans count=n %}{{ count }} hand{% pluralize %}{{ count }} hands{% endtrans %}"
    with app.test_request_context("/?lang=en"):
        assert render_template_string(template, n=1) == "1 hand"
        assert render_template_string(template, n=3) == "3 hands"


def test_outside_a_request_the_catalogue_is_english(app: Flask) -> None:
    with app.app_context():
        assert translations().ugettext("Totals") == "Totals"


def test_the_session_signer_is_made_once_per_set_of_keys(app: Flask) -> None:
    interface = app.session_interface
    first = interface.get_signing_serializer(app)
    assert interface.get_signing_serializer(app) is first
    old_key = app.secret_key
    app.secret_key = "another key of at least thirty-two characters"
    app.config["SECRET_KEY_FALLBACKS"] = [old_key]
    try:
        rotated = interface.get_signing_serializer(app)
        assert rotated is not first  # a new key is signed with at once
        assert rotated.loads(first.dumps({"browser": "b1"})) == {"browser": "b1"}  # old still read
    finally:
        app.secret_key = old_key
        app.config["SECRET_KEY_FALLBACKS"] = []


def test_a_session_cookie_still_round_trips(fresh_app: Flask) -> None:
    app = fresh_app

    @app.get("/test-session/<value>")
    def put(value: str) -> str:
        before = session.get("seen", "")
        session["seen"] = value
        return before

    client = app.test_client()
    assert client.get("/test-session/one").get_data(as_text=True) == ""
    assert client.get("/test-session/two").get_data(as_text=True) == "one"
