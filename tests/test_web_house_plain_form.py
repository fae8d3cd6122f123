"""The house format form is plain: the fields a browser posts are its whole state, no hidden JSON."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.rules import documents
from tests.conftest import location
from tests.test_web_house_formats import FORMAT_PAGE, rows, shown, submit

NEW = "/formats/new?base=classic"
SEVENS = {
    "new_kind.label": "Canasta of sevens",
    "new_kind.bonus": "1000",
    "new_kind.min_points": "35",
}


def _hidden(page: str) -> list[str]:
    """Returns the names of the hidden inputs of the page's house form."""
    form = page.split('<form method="post" class="house"', 1)[1].split("</form>", 1)[0]
    tags = re.findall(r"<input[^>]*>", form)
    return [re.search(r'name="([^"]*)"', t).group(1) for t in tags if 'type="hidden"' in t]


def _saved(app) -> dict:
    (row,) = rows(app)
    return json.loads(row["changes"])


def _disabled(page: str, key: str) -> bool:
    """Tells whether the field of a dotted key is on the page, disabled (so never posted)."""
    found = re.search(rf'<(?:input|select)[^>]*name="{re.escape(key)}"[^>]*>', page)
    assert found, key
    return " disabled" in found.group(0)


def test_no_page_of_the_editor_carries_hidden_state(app, client):
    """New, refused, previewed, edited, duplicated: the only hidden input is the CSRF token."""
    assert _hidden(client.get(NEW).text) == ["csrf_token"]
    refused = submit(client, NEW, name="X", **{"going_out.bonus": "lots", **SEVENS})
    assert refused.status_code == 422 and _hidden(refused.text) == ["csrf_token"]
    previewed = submit(client, NEW, action="preview", **{"option.tie_is_draw": "on"})
    assert previewed.status_code == 200 and _hidden(previewed.text) == ["csrf_token"]
    path = location(submit(client, NEW, name="Ours", **{"remove.canastas.mixed": "on"}))
    for page in (client.get(path + "/edit"), client.get(path + "/duplicate")):
        assert _hidden(page.text) == ["csrf_token"]
        assert 'name="changes"' not in page.text and 'name="switched"' not in page.text


def test_a_browser_post_of_plain_fields_previews_and_saves(app, client):
    """Fields typed by hand (no `changes`): the preview scores them, the save stores them."""
    form = {**shown(client.get(NEW).data), "going_out.bonus": "300", "ending.target": "7500"}
    assert "changes" not in form and "switched" not in form
    preview = client.post(NEW, data={**form, "action": "preview"})
    assert preview.status_code == 200
    these = preview.text.split("<h3>")[1]
    assert 'Went out</td><td class="num">+300' in these
    assert rows(app) == []
    saved = client.post(NEW, data={**form, "name": "By hand", "action": "save"})
    assert FORMAT_PAGE.fullmatch(location(saved))
    assert _saved(app) == {"going_out.bonus": 300, "ending.target": 7500}


def test_a_kind_added_is_a_row_of_its_own_and_edits_as_one(app, client):
    """The blank row adds a kind; the preview shows it as its own fields and blanks the row;
    the fields posted back (no hidden copy of it) keep it, and change it."""
    preview = submit(client, NEW, action="preview", **SEVENS)
    fields = shown(preview.data)
    assert fields["canastas.canasta_of_sevens.label"] == "Canasta of sevens"
    assert fields["canastas.canasta_of_sevens.bonus"] == "1000"
    assert fields["new_kind.label"] == ""
    fields.update({"canastas.canasta_of_sevens.bonus": "1200", "name": "Sevens", "action": "save"})
    path = location(client.post(NEW, data=fields))
    kind = {"label": "Canasta of sevens", "bonus": 1200, "min_points": 35}
    assert _saved(app) == {"canastas.canasta_of_sevens": kind}
    again = client.post(
        path + "/edit", data={**shown(client.get(path + "/edit").data), "action": "save"}
    )
    assert location(again) == path
    assert _saved(app) == {"canastas.canasta_of_sevens": kind}


def test_a_word_in_an_added_kinds_field_is_refused_beside_it_and_kept(app, client):
    fields = shown(submit(client, NEW, action="preview", **SEVENS).data)
    fields.update({"canastas.canasta_of_sevens.min_points": "lots", "name": "S", "action": "save"})
    response = client.post(NEW, data=fields)
    assert response.status_code == 422
    errors = response.text.split('id="e-canastas.canasta_of_sevens.min_points">', 1)[1]
    assert errors.split("</ul>", 1)[0] == "<li>Enter a whole number.</li>"
    assert shown(response.data)["canastas.canasta_of_sevens.min_points"] == "lots"
    assert rows(app) == []


def test_a_removed_kind_stays_on_the_form_ticked_and_comes_back_unticked(app, client):
    path = location(submit(client, NEW, name="Naturals", **{"remove.canastas.mixed": "on"}))
    fields = shown(client.get(path + "/edit").data)
    assert fields["remove.canastas.mixed"] == "on"  # the box says it: nothing hidden does
    assert fields["canastas.mixed.bonus"] == "300"
    client.post(path + "/edit", data={**fields, "action": "save"})
    assert _saved(app) == {"canastas.mixed": None}
    del fields["remove.canastas.mixed"]
    client.post(path + "/edit", data={**fields, "action": "save"})
    assert _saved(app) == {}


def test_an_option_on_sets_its_fields_which_say_so_and_are_not_posted(app, client):
    """Switched on, a house option's fields show its values, disabled, with a note; the
    switch alone keeps them, and switching it off gives the preset's back."""
    page = submit(client, NEW, action="preview", **{"option.tie_is_draw": "on"}).text
    assert _disabled(page, "ending.tie") and not _disabled(page, "ending.target")
    assert '<option value="draw" selected>' in page
    assert (
        "Set by the house option “A tie at the target is a draw”: switch it off to change this."
        in page
    )
    fields = shown(page.encode())
    assert "ending.tie" not in fields and fields["option.tie_is_draw"] == "on"
    path = location(client.post(NEW, data={**fields, "name": "Draws", "action": "save"}))
    assert _saved(app) == {"ending.tie": "draw"}
    fields = shown(client.get(path + "/edit").data)
    del fields["option.tie_is_draw"]
    client.post(path + "/edit", data={**fields, "action": "save"})
    assert _saved(app) == {}


def test_a_value_typed_that_an_option_sets_is_kept_and_shows_the_option_on(app, client):
    """Cuban's target typed as 7,500 without its switch: kept, and the switch then shows on."""
    path = location(
        submit(client, "/formats/new?base=cuban", name="C", **{"ending.target": "7500"})
    )
    assert _saved(app) == {"ending.target": 7500}
    page = client.get(path + "/edit").text
    assert shown(page.encode())["option.target_7500"] == "on"
    assert _disabled(page, "ending.target")


def test_an_option_switched_on_wins_over_its_fields_posted_with_it(app, client):
    """Ticked while its fields still show the preset's values: the option's values count."""
    response = submit(client, NEW, name="N", **{"option.negative_opening_zero": "on"})
    assert FORMAT_PAGE.fullmatch(location(response))
    assert [t.get("below") for t in _saved(app)["opening.tiers"]] == [0, 1500, 3000, None]


@pytest.mark.parametrize("tiers", [[{"below": 3000, "points": 50}, {"points": 90}], None])
def test_a_band_table_keeps_the_rows_it_was_posted_with(app, client, tiers):
    """An API-made format with fewer (or more) opening bands than its base: edited untouched,
    its table is what its rows on the form say."""
    if tiers is None:
        tiers = [
            {"below": b, "points": p} for b, p in ((0, 15), (1000, 40), (2000, 60), (3000, 90))
        ]
        tiers.append({"below": 4000, "points": 100})
        tiers.append({"points": 120})
    made = client.post(
        "/api/v1/formats",
        json={"name": "Bands", "base": "classic", "set": {"opening.tiers": tiers}},
    )
    assert made.status_code == 201, made.get_json()
    format_id = made.get_json()["id"]
    with client.session_transaction() as session:  # this phone made it: its token is kept
        session["house_tokens"] = {format_id: made.get_json()["token"]}
    path = f"/formats/{format_id}"
    fields = shown(client.get(path + "/edit").data)
    assert sum(
        1 for k in fields if k.startswith("opening.tiers.") and k.endswith(".points")
    ) == len(tiers)
    response = client.post(path + "/edit", data={**fields, "action": "save"})
    assert location(response) == path, response.text[:2000]
    assert _saved(app) == {"opening.tiers": tiers}


@pytest.mark.parametrize("action", ["preview", "save"])
def test_a_posted_form_is_checked_once_and_its_rules_built_once(client, monkeypatch, action):
    built = []
    real = documents.build_rules

    def counting(*args, **kwargs):
        built.append(args[1] if len(args) > 1 else "")
        return real(*args, **kwargs)

    form = shown(client.get(NEW).data)
    monkeypatch.setattr(documents, "build_rules", counting)
    client.post(NEW, data={**form, "name": "Once", "going_out.bonus": "200", "action": action})
    assert len(built) == 1


def _every_option():
    from scorekeeper.rules.presets import load_presets

    return [
        pytest.param(preset_id, option.id, id=f"{preset_id}-{option.id}")
        for preset_id, preset in sorted(load_presets().items())
        for option in preset.rules.options
    ]


@pytest.mark.slow  # every house option of every preset through the editor, on then off
@pytest.mark.parametrize(("preset_id", "option_id"), _every_option())
def test_every_option_switches_on_and_off_through_the_plain_form(app, client, preset_id, option_id):
    """Ticked: saved as exactly the option's changes, and shown on when edited; saved untouched,
    the same rules (an option it overlaps may show on too); every switch off: the preset's."""
    from scorekeeper.rules.presets import load_presets

    option = next(o for o in load_presets()[preset_id].rules.options if o.id == option_id)
    made = submit(
        client, f"/formats/new?base={preset_id}", name="O", **{f"option.{option_id}": "on"}
    )
    path = location(made)
    assert FORMAT_PAGE.fullmatch(path), made.text[:2000]
    assert _saved(app) == json.loads(json.dumps(dict(option.changes)))
    document = json.loads(rows(app)[0]["document"])
    fields = shown(client.get(path + "/edit").data)
    assert fields[f"option.{option_id}"] == "on"
    assert location(client.post(path + "/edit", data={**fields, "action": "save"})) == path
    assert json.loads(rows(app)[0]["document"]) == document
    fields = {k: v for k, v in fields.items() if not k.startswith("option.")}
    off = client.post(path + "/edit", data={**fields, "action": "save"})
    assert location(off) == path, off.text[:2000]
    assert _saved(app) == {}
