"""House formats on the web: make one from a preset, preview, save, edit, duplicate, share."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext
from werkzeug import Response

from scorekeeper.db import get_db
from scorekeeper.language import problem_words
from scorekeeper.language.problem_words import format_problem
from scorekeeper.rate_limits import FORMATS_TOO_OFTEN, HOUSE_FORMATS, minutes
from scorekeeper.rules.checks import FormatProblem, problem
from scorekeeper.rules.documents import MAX_NAME as MAX_FORMAT_NAME
from scorekeeper.rules.documents import FormatError, preset_document
from scorekeeper.rules.model import Rules
from scorekeeper.rules.presets import load_presets
from scorekeeper.store.formats import house as houses
from scorekeeper.store.formats import shared as group_formats
from scorekeeper.web.access import browser_id
from scorekeeper.web.games.share import qr_svg
from scorekeeper.web.house import (
    house_example,
    house_form,
    house_reading,
    house_words,
)
from scorekeeper.web.origin import public_url, reachable_by_other_phones

bp = Blueprint("house", __name__, url_prefix="/formats")

TOKENS = "house_tokens"  # the session's tokens of the house formats this phone made
MAX_UPLOAD = 32 * 1024


def made_here() -> list[str]:
    """Returns the ids of the house formats whose tokens this phone's session holds."""
    return list(session.get(TOKENS, {}))


def _token(format_id: str) -> str | None:
    token = session.get(TOKENS, {}).get(format_id)
    return token if isinstance(token, str) else None


def _keep_token(format_id: str, token: str) -> None:
    tokens = dict(session.get(TOKENS, {}))
    tokens[format_id] = token
    session[TOKENS] = tokens
    session.permanent = True


def _house(format_id: str) -> houses.HouseFormat:
    try:
        return houses.get_house_format(get_db(), format_id)
    except houses.HouseFormatNotFound:
        abort(404)


def _options(base: str) -> list[tuple[str, Mapping[str, Any]]]:
    return [(o.id, o.changes) for o in load_presets()[base].rules.options]


def _render(
    base: str,
    changes: Mapping[str, Any],
    *,
    name: str,
    house: houses.HouseFormat | None,
    typed: Mapping[str, str] | None = None,
    problems: list[FormatProblem] | None = None,
    status: int = 200,
    rules: Rules | None = None,
    shape: Mapping[str, Any] | None = None,
    unplayable: bool = True,
) -> Response:
    """Renders the form: every value of the document, problems beside fields, the example.

    `rules` are the edited rules when the request already built them (a posted form), and
    `shape` the document whose form was posted (house_reading.Reading.shape).
    """
    preset = load_presets()[base]
    problems = problems or []
    form = house_form.parts(base, changes, typed, problems, shape)
    example = None if problems else house_example.for_form(base, changes, rules)
    body = render_template(
        "formats/form.html",
        base=base,
        preset=preset,
        presets=load_presets().values(),
        name=name,
        example=example,
        house=house,
        failed=unplayable and bool(problems),  # a refusal to save is not a rule's fault
        **form,
    )
    response = make_response(body, status)
    response.headers["Cache-Control"] = "no-store"
    return response


def _submitted(base: str, house: houses.HouseFormat | None) -> tuple[house_reading.Reading, str]:
    """Reads the posted form into changes to the base preset, and the name typed."""
    saved = house.document if house else None
    reading = house_reading.read(preset_document(base), request.form, _options(base), saved)
    return reading, request.form.get("name", "")


def _base(value: str | None) -> str:
    if value not in load_presets():
        abort(404)
    return str(value)


def _save(base: str, house: houses.HouseFormat | None) -> Response:
    """Previews or saves the posted form; impossible rules come back beside their fields."""
    reading, name = _submitted(base, house)
    problems = list(reading.problems)
    checked = None if problems else _check(name, base, reading.changes, problems)
    if request.form.get("action") == "save" and checked is not None:
        wait = None if house else HOUSE_FORMATS.take(current_app.instance_path, request.remote_addr)
        if wait is not None:  # a new cookie was a new phone: the address is counted too
            said = problem(
                "name",
                "formats_too_often",
                FORMATS_TOO_OFTEN,
                most=HOUSE_FORMATS.most,
                minutes=minutes(wait),
            )
            answer = _render(
                base,
                reading.changes,
                name=name,
                house=house,
                typed=reading.typed,
                problems=[said],
                status=429,
                shape=reading.shape,
                unplayable=False,
            )
            answer.headers["Retry-After"] = str(wait)
            return answer
        try:
            made = _store(house, name, base, reading.changes, checked)
            return redirect(url_for("house.page", format_id=made.id), 303)
        except FormatError as error:
            problems += error.problems
        except houses.NotYourHouseFormat as error:
            abort(403, problem_words.store_error(error))
    return _render(
        base,
        reading.changes,
        name=name,
        house=house,
        typed=reading.typed,
        problems=problems,
        status=422 if problems else 200,
        rules=checked.rules if checked and not problems else None,
        shape=reading.shape,
    )


def _check(
    name: str, base: str, changes: Mapping[str, Any], problems: list[FormatProblem]
) -> houses.Checked | None:
    """Checks the form's rules once (the example and the saved row both use what this makes),
    or adds why not to `problems`."""
    try:
        return houses.check(name or "Preview", base, changes)
    except FormatError as error:
        problems += error.problems
        return None


def _store(
    house: houses.HouseFormat | None,
    name: str,
    base: str,
    changes: Mapping[str, Any],
    checked: houses.Checked,
) -> houses.HouseFormat:
    """Saves a new house format, or this one's new rules, and says so."""
    if house is None:
        made, token = houses.create_house_format(
            get_db(), name=name, base=base, changes=changes, made_by=browser_id(), checked=checked
        )
        _keep_token(made.id, token)
        said = gettext(
            "Saved %(name)s. It is in the list of formats for new games.", name=made.name
        )
    else:
        made = houses.update_house_format(
            get_db(),
            house.id,
            _token(house.id) or "",
            name=name,
            base=base,
            changes=changes,
            checked=checked,
        )
        said = gettext("Saved %(name)s. Games already played keep their rules.", name=made.name)
    flash(said, "ok")
    return made


@bp.route("/new", methods=["GET", "POST"])
def new() -> Response:
    """Makes a house format from a preset: the preset's every value, ready to change."""
    base = _base(request.values.get("base", "classic"))
    if request.method == "POST":
        return _save(base, None)
    return _render(base, {}, name="", house=None)


def _rows(house: houses.HouseFormat) -> list[tuple[str, str, str]]:
    """Returns each change of a house format in words: the rule, the preset's value and its own."""
    base = preset_document(house.base) if house.base in load_presets() else {}
    # The form's own labels: of the base's fields, and of those the house adds (a new kind).
    named = {**house_form.labels(base), **house_form.labels(house.document)}
    found: list[tuple[str, str, str]] = []
    for key, value in house.changes.items():
        before = house_words.value_at(base, key)
        if before is None and isinstance(value, bool):
            before = False  # a switch the preset leaves out is off (rules/presets.py's defaults)
        found.append(
            (
                house_words.change_words(key, named, house.document, base),
                house_words.value_words(key, before, base),
                house_words.value_words(key, value, house.document),
            )
        )
    return found


@bp.get("/<format_id>")
def page(format_id: str) -> Response:
    """Shows a house format: its changes, a share link with a QR code, and what to do next."""
    house = _house(format_id)
    add_url = public_url(url_for("house.add", format_id=house.id))
    body = render_template(
        "formats/page.html",
        house=house,
        preset=load_presets().get(house.base),
        mine=_token(house.id) is not None,
        add_url=add_url,
        qr=qr_svg(add_url),
        rows=_rows(house),
        reachable=reachable_by_other_phones(),
        games=houses.games_using(get_db(), house.id),
        groups=group_formats.groups_sharing(get_db(), browser_id(), house.id),
    )
    return make_response(body)


@bp.route("/<format_id>/edit", methods=["GET", "POST"])
def edit(format_id: str) -> Response:
    """Changes a house format made on this phone; games already played keep their rules."""
    house = _house(format_id)
    if _token(house.id) is None:
        abort(
            403, gettext("Only the phone that made this house format can change it. Duplicate it.")
        )
    if request.method == "POST":
        return _save(house.base, house)
    return _render(house.base, dict(house.changes), name=house.name, house=house)


@bp.get("/<format_id>/duplicate")
def duplicate(format_id: str) -> Response:
    """Starts a new house format with the same changes as this one."""
    house = _house(format_id)
    return _render(
        house.base,
        dict(house.changes),
        name=gettext("Copy of %(name)s", name=house.name)[:MAX_FORMAT_NAME],
        house=None,
    )


@bp.post("/<format_id>/delete")
def delete(format_id: str) -> Response:
    """Deletes a house format made on this phone, unless games were played with it."""
    house = _house(format_id)
    try:
        houses.delete_house_format(get_db(), house.id, _token(house.id) or "")
    except houses.NotYourHouseFormat:
        flash(gettext("Only the phone that made this house format can delete it."), "error")
        return redirect(url_for("house.page", format_id=house.id), 303)
    except houses.HouseFormatInUse:
        message = gettext(
            "Games were played with this house format, so it stays: they keep its rules."
        )
        flash(message, "error")
        return redirect(url_for("house.page", format_id=house.id), 303)
    flash(gettext("Deleted %(name)s.", name=house.name), "ok")
    return redirect(url_for("games.new"), 303)


@bp.get("/<format_id>.json")
def download(format_id: str) -> Response:
    """Downloads one house format as JSON: its name, base preset and changes."""
    house = _house(format_id)
    body = json.dumps(
        {"name": house.name, "base": house.base, "set": dict(house.changes)},
        ensure_ascii=False,
        indent=2,
    )
    response = make_response(body)
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="{house.id}.json"'
    return response


@bp.get("/<format_id>/add")
def add(format_id: str) -> Response:
    """The page a share link opens: the format's rules, and ways to use or keep it."""
    house = _house(format_id)
    houses.keep_for_browser(get_db(), browser_id(), house.id)  # in this phone's lists now
    return make_response(
        render_template(
            "formats/add.html",
            house=house,
            preset=load_presets().get(house.base),
            rows=_rows(house),
        )
    )


def _upload_problems(data: Any) -> list[str]:
    if not isinstance(data, dict):
        return [gettext('Expected one JSON object: {"name": ..., "base": ..., "set": {...}}.')]
    unknown = sorted(set(data) - {"name", "base", "set", "id", "digest", "house"})
    if unknown:
        return [
            gettext(
                "A house format has no field %(key)s (fields: name, base, set).",
                key=repr(unknown[0]),
            )
        ]
    return []


@bp.route("/upload", methods=["GET", "POST"])
def upload() -> Response:
    """Adds a house format from a JSON file, through the one loader."""
    messages: list[str] = []
    if request.method == "POST":
        file = request.files.get("file")
        raw = file.read(MAX_UPLOAD + 1) if file else b""
        if not raw:
            messages = [gettext("Choose a JSON file of a house format.")]
        elif len(raw) > MAX_UPLOAD:
            messages = [
                gettext("The file is too large: at most %(most)s KB.", most=MAX_UPLOAD // 1024)
            ]
        else:
            try:
                data = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as error:
                data, messages = None, [gettext("This file is not JSON: %(why)s.", why=error)]
            if not messages:
                messages = _upload_problems(data)
            if not messages:
                try:
                    made, token = houses.create_house_format(
                        get_db(),
                        name=data.get("name"),
                        base=data.get("base"),
                        changes=data.get("set", {}),
                        made_by=browser_id(),
                    )
                except FormatError as error:
                    messages = [f"{p.field}: {format_problem(p)}" for p in error.problems]
                else:
                    _keep_token(made.id, token)
                    flash(
                        gettext(
                            "Added %(name)s. It is in the list of formats for new games.",
                            name=made.name,
                        ),
                        "ok",
                    )
                    return redirect(url_for("house.page", format_id=made.id), 303)
    body = render_template("formats/upload.html", messages=messages)
    return make_response(body, 422 if messages else 200)
