"""The house format screens: make, preview, refuse, save, edit, duplicate, delete, share."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.presets import load_presets
from scorekeeper.store.connection import connect
from scorekeeper.store.formats import house as houses
from tests.conftest import location

FORMAT_PAGE = re.compile(
    r"/formats/[\w-]+(\?lang=\w+)?"
)  # a saved house format, in the language asked


class FormFields(HTMLParser):
    """Collects what a browser would post from the page's house form: every input, as shown
    (a disabled one, as a browser does, not)."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.action = ""
        self.inside = False
        self.select = ""  # the list being read, whose selected option is posted

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form" and "house" in (found.get("class") or ""):
            self.inside, self.action = True, str(found.get("action"))
        if self.inside and tag == "select":  # a disabled list is not posted
            self.select = "" if "disabled" in found else str(found.get("name"))
        if self.inside and self.select and tag == "option" and "selected" in found:
            self.fields.append((self.select, found.get("value") or ""))
        if not self.inside or tag != "input" or not found.get("name") or "disabled" in found:
            return
        if found.get("type") == "checkbox" and "checked" not in found:
            return
        default = "on" if found.get("type") == "checkbox" else ""
        self.fields.append((str(found["name"]), found.get("value") or default))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if tag == "select":
            self.select = ""


def shown(page: bytes) -> dict[str, str]:
    """Returns the house form's fields as a browser would submit them untouched."""
    parser = FormFields()
    parser.feed(page.decode())
    fields: dict[str, str] = {}
    for name, value in parser.fields:
        assert name not in fields, name  # every field of the form is named once
        fields[name] = value
    return fields


def submit(client: FlaskClient, path: str, action: str = "save", **typed: str):
    """Opens the form, types into some fields (dotted keys as names) and submits it."""
    page = client.get(path)
    assert page.status_code == 200
    parser = FormFields()
    parser.feed(page.text)
    fields = {**shown(page.data), **typed, "action": action}
    return client.post(parser.action.replace("&amp;", "&"), data=fields)


def rows(app) -> list[dict]:
    db = connect(app.config["DATABASE"])
    try:
        return [dict(r) for r in db.query("SELECT * FROM house_formats")]
    finally:
        db.close()


def test_the_form_shows_every_value_of_the_preset(client):
    """Start from Classic: each value of its document is a field named by its dotted key."""
    fields = shown(client.get("/formats/new?base=classic").data)
    assert fields["going_out.bonus"] == "100"
    assert fields["ending.target"] == "5000"
    assert fields["cards.joker.melded"] == "50"
    assert fields["canastas.natural.bonus"] == "500"
    assert fields["red_threes.scale"] == "100, 200, 300, 800"
    assert fields["opening.tiers.2.below"] == "3000"
    assert fields["pack"] == "108"
    assert fields["table.players_per_side"] == "2, 2"
    assert "option.tie_is_draw" not in fields  # a switch, off as in the preset
    assert 'name="option.tie_is_draw"' in client.get("/formats/new?base=classic").text


def test_the_format_list_offers_start_from(client):
    page = client.get("/games/new").text
    assert 'action="/formats/new"' in page
    assert '<option value="samba">Samba</option>' in page


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        (
            {
                "new_kind.label": "Canasta of sevens",
                "new_kind.bonus": "1,000",
                "new_kind.min_points": "35",
            },
            {
                "canastas.canasta_of_sevens": {
                    "label": "Canasta of sevens",
                    "bonus": 1000,
                    "min_points": 35,
                }
            },
        ),
        ({"going_out.bonus": "200"}, {"going_out.bonus": 200}),
        ({"ending.target": "7500"}, {"ending.target": 7500}),
        (
            {"new_kind.label": "Wild", "new_kind.bonus": "2000", "new_kind.min_points": "50"},
            {"canastas.wild": {"label": "Wild", "bonus": 2000, "min_points": 50}},
        ),
    ],
)
def test_table_examples_through_the_web_form(app, client, typed, expected):
    """The issue's examples, typed into the form: saved as exactly these changes."""
    response = submit(client, "/formats/new?base=classic", name="Ours", **typed)
    assert FORMAT_PAGE.fullmatch(location(response))
    (row,) = rows(app)
    assert response.headers["Location"] == f"/formats/{row['id']}"
    assert json.loads(row["changes"]) == expected
    rules = houses.HouseFormat(**{**_house(row)}).rules
    if "ending.target" in expected:
        assert rules.ending.target == 7500
    if "going_out.bonus" in expected:
        assert rules.going_out.bonus == 200
    if any(k.startswith("canastas.") for k in expected):
        assert len(rules.canastas) == 3


def _house(row: dict) -> dict:
    return {
        "id": row["id"],
        "name": row["name"],
        "base": row["base"],
        "changes": json.loads(row["changes"]),
        "document": json.loads(row["document"]),
        "digest": row["digest"],
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }


def impossible(client, **more: str):
    """Saves a new format with a target of 0 and a canasta worth more than the pack."""
    changes = {"ending.target": "0", "canastas.natural.min_points": "5000", **more}
    return submit(client, "/formats/new?base=classic", name="Broken", **changes)


def test_impossible_rules_are_refused_beside_their_fields(app, client):
    """A target of 0 and a canasta above the pack: 422, messages on the fields, typing kept."""
    response = impossible(client, **{"going_out.bonus": "250"})
    assert response.status_code == 422
    page = response.text
    assert 'id="e-ending.target"' in page
    assert "The target must be more than 0 points." in page
    assert 'id="e-canastas.natural.min_points"' in page
    assert "more than the whole pack holds" in page
    fields = shown(response.data)
    assert fields["going_out.bonus"] == "250"  # what was typed stays
    assert fields["ending.target"] == "0"
    assert fields["name"] == "Broken"
    assert rows(app) == []


def test_a_word_in_a_number_field_is_refused_and_kept(app, client):
    response = submit(client, "/formats/new?base=classic", name="X", **{"going_out.bonus": "lots"})
    assert response.status_code == 422
    assert shown(response.data)["going_out.bonus"] == "lots"
    assert 'id="e-going_out.bonus"' in response.text
    assert rows(app) == []


def test_a_name_is_needed_to_save(app, client):
    response = submit(client, "/formats/new?base=classic", name=" ")
    assert response.status_code == 422
    assert 'id="e-name"' in response.text
    assert rows(app) == []


def test_preview_scores_the_example_under_both_rule_books(client):
    """Preview: the engine's result under the edited rules beside the preset's, nothing saved."""
    response = submit(
        client, "/formats/new?base=classic", action="preview", **{"going_out.bonus": "200"}
    )
    assert response.status_code == 200
    page = response.text
    these, classic = page.split("<h3>")[1:3]
    assert 'Went out</td><td class="num">+200' in these
    assert 'Went out</td><td class="num">+100' in classic
    assert shown(response.data)["going_out.bonus"] == "200"


def test_a_house_option_switch_applies_its_changes(app, client):
    response = submit(
        client, "/formats/new?base=classic", name="Draws", **{"option.tie_is_draw": "on"}
    )
    assert FORMAT_PAGE.fullmatch(location(response))
    assert json.loads(rows(app)[0]["changes"]) == {"ending.tie": "draw"}
    edit = client.get(response.headers["Location"] + "/edit")
    assert shown(edit.data)["option.tie_is_draw"] == "on"
    fields = {k: v for k, v in shown(edit.data).items() if k != "option.tie_is_draw"}
    again = client.post(response.headers["Location"] + "/edit", data={**fields, "action": "save"})
    assert location(again) == response.headers["Location"]
    assert json.loads(rows(app)[0]["changes"]) == {}  # switched off: back to the preset


def test_remove_a_canasta_kind(app, client):
    response = submit(
        client,
        "/formats/new?base=classic",
        name="Naturals only",
        **{"remove.canastas.mixed": "on"},
    )
    assert FORMAT_PAGE.fullmatch(location(response))
    assert json.loads(rows(app)[0]["changes"]) == {"canastas.mixed": None}


def test_edit_keeps_games_played_and_changes_the_format(app, client):
    made = submit(client, "/formats/new?base=classic", name="Ours", **{"going_out.bonus": "200"})
    path = made.headers["Location"]
    format_id = path.rsplit("/", 1)[1]
    db = connect(app.config["DATABASE"])
    try:
        from scorekeeper import store

        game = store.create_game(
            db,
            format_id=format_id,
            sides=(("We", ("A", "B")), ("They", ("C", "D"))),
            first_dealer="A",
            owner="someone",
        )
    finally:
        db.close()
    edited = submit(client, path + "/edit", name="Ours", **{"going_out.bonus": "300"})
    assert location(edited) == path
    (row,) = rows(app)
    assert json.loads(row["changes"]) == {"going_out.bonus": 300}
    db = connect(app.config["DATABASE"])
    try:
        from scorekeeper import store

        assert store.get_game(db, game.id).rules.going_out.bonus == 200  # frozen
    finally:
        db.close()
    refused = client.post(path + "/delete")
    assert location(refused) == path
    assert "Games were played with this house format" in client.get(path).text
    assert len(rows(app)) == 1


def test_only_the_maker_edits_or_deletes(app, client):
    made = submit(client, "/formats/new?base=classic", name="Ours")
    path = made.headers["Location"]
    other = app.test_client()
    assert other.get(path + "/edit").status_code == 403
    refused = other.post(path + "/delete")
    assert refused.headers["Location"] == path
    assert len(rows(app)) == 1
    assert "Only the phone that made it" in other.get(path).text


def test_duplicate_then_delete(app, client):
    made = submit(client, "/formats/new?base=samba", name="Ours", **{"ending.target": "15000"})
    path = made.headers["Location"]
    copy = client.get(path + "/duplicate")
    assert shown(copy.data)["name"] == "Copy of Ours"
    assert shown(copy.data)["ending.target"] == "15000"
    saved = submit(client, path + "/duplicate", name="Ours too")
    assert FORMAT_PAGE.fullmatch(location(saved)) and location(saved) != path
    assert sorted(r["name"] for r in rows(app)) == ["Ours", "Ours too"]
    assert {json.dumps(json.loads(r["changes"])) for r in rows(app)} == {'{"ending.target": 15000}'}
    deleted = client.post(path + "/delete")
    assert location(deleted) == "/games/new"
    assert [r["name"] for r in rows(app)] == ["Ours too"]


def test_share_page_download_and_upload(app, client):
    made = submit(client, "/formats/new?base=classic", name="Ours", **{"going_out.bonus": "200"})
    path = made.headers["Location"]
    page = client.get(path).text
    assert "<svg" in page
    assert f"http://localhost{path}/add" in page
    add = client.get(path + "/add")
    assert add.status_code == 200
    assert "Add this format: Ours" in add.text
    download = client.get(path + ".json")
    assert download.mimetype == "application/json"
    data = json.loads(download.data)
    assert data == {"name": "Ours", "base": "classic", "set": {"going_out.bonus": 200}}
    other = app.test_client()
    uploaded = other.post(
        "/formats/upload", data={"file": (io.BytesIO(download.data), "ours.json")}
    )
    assert FORMAT_PAGE.fullmatch(location(uploaded)) and len(rows(app)) == 2
    assert other.get(location(uploaded) + "/edit").status_code == 200  # theirs


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"not json", "This file is not JSON"),
        (b"[1]", "Expected one JSON object"),
        (b'{"name": "X", "base": "classic", "rules": 1}', "has no field 'rules'"),
        (
            b'{"name": "X", "base": "classic", "set": {"ending.target": 0}}',
            "set.ending.target: The target must be more than 0 points.",
        ),
        (b'{"name": "X", "base": "nope", "set": {}}', "Start from a preset"),
    ],
)
def test_upload_refusals_are_clear(app, client, body, message):
    response = client.post("/formats/upload", data={"file": (io.BytesIO(body), "f.json")})
    assert response.status_code == 422
    assert message in response.text.replace("&#39;", "'")
    assert rows(app) == []


@pytest.mark.slow  # every preset through the editor and back (the fast loop skips it; CI runs it)
def test_every_preset_saves_unchanged(app, client):
    """Each preset's form, submitted untouched, saves a house format with no changes."""
    for number, preset_id in enumerate(load_presets()):
        response = submit(client, f"/formats/new?base={preset_id}", name=f"Same {number}")
        assert FORMAT_PAGE.fullmatch(location(response)), preset_id
    assert all(json.loads(r["changes"]) == {} for r in rows(app))


def _keys(node, top: bool = False) -> set[str]:
    """Returns every key name under a node of a format document, as the house form walks it."""
    from scorekeeper.web.house import house_words

    found: set[str] = set()
    if isinstance(node, dict):
        for name, value in node.items():
            skip = house_words.NOT_RULES if top else {"id"}
            if name not in skip and name not in house_words.PROSE:
                found |= {name} | _keys(value)
    elif isinstance(node, list):
        for item in node:
            found |= _keys(item)
    return found


@pytest.mark.parametrize("format_id", sorted(load_presets()))
def test_every_key_of_every_preset_has_words_to_translate(format_id):
    """A key a preset's document gains must be added to the form's words (and catalogues)."""
    from scorekeeper.rules.documents import preset_document
    from scorekeeper.web.house import house_words

    keys = _keys(preset_document(format_id), top=True)
    assert keys, format_id
    assert sorted(keys - set(house_words.WORDS)) == []


def test_the_edit_page_labels_its_fields_in_spanish(client):
    """Keys, bands and the new kind's row read in Spanish; the English page keeps its words."""
    made = submit(client, "/formats/new?base=classic", name="Nuestra", **{"going_out.bonus": "200"})
    path = made.headers["Location"]
    english = client.get(path + "/edit").text
    assert "Band 2: points" in english
    assert "Natural canasta: fewest points" in english
    assert "New kind: bonus" in english
    assert "Going out: concealed total" in english
    assert "ready to change. Games already played" in english  # two sentences, one space
    page = client.get(path + "/edit?lang=es").text
    assert "Tramo 2: puntos" in page
    assert "Canasta limpia: puntos mínimos" in page
    assert "Tipo nuevo: premio" in page
    assert "Cerrar: total al cerrar de mano" in page
    assert "Band 2" not in page
    assert "fewest points" not in page


@pytest.mark.slow  # every preset through the editor, twice (the fast loop skips it; CI runs it)
@pytest.mark.parametrize("language", ["de", "es"])
def test_every_preset_saves_unchanged_from_a_translated_form(app, client, language):
    """Labels show translated and lists in words; untouched, they save as the preset's own."""
    for number, preset_id in enumerate(load_presets()):
        path = f"/formats/new?base={preset_id}&lang={language}"
        response = submit(client, path, name=f"{language} {number}")
        assert FORMAT_PAGE.fullmatch(location(response)), (preset_id, response.text[:2000])
    assert [json.loads(r["changes"]) for r in rows(app) if json.loads(r["changes"])] == []


def test_the_german_form_shows_labels_and_choices_in_german_and_keeps_what_is_typed(app, client):
    page = client.get("/formats/new?base=classic&lang=de").text
    fields = shown(page.encode())
    assert fields["canastas.natural.label"] == "Reine Canasta"
    assert "Reine Canasta entfernen" in page and "Natural canasta" not in page
    assert fields["ending.tie"] == "another_hand"
    assert '<option value="draw">ein Unentschieden</option>' in page
    assert '<option value="red_three" selected>Rote Dreien</option>' in page
    response = submit(
        client,
        "/formats/new?base=classic&lang=de",
        name="Omas",
        **{"canastas.natural.label": "Saubere Canasta", "ending.tie": "draw"},
    )
    assert FORMAT_PAGE.fullmatch(location(response))
    changes = json.loads(rows(app)[0]["changes"])
    assert changes == {"canastas.natural.label": "Saubere Canasta", "ending.tie": "draw"}


def test_the_worked_example_speaks_the_readers_language(client):
    """The example hand, its breakdown and its result read in German, nothing in English."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    response = submit(client, "/formats/new?base=classic", action="preview")
    example = response.text.split('id="example-h"')[1]
    assert "Wir gehen mit 1 × Reine Canasta, 1 × Gemischte Canasta aus" in example
    assert "vor der Runde: Wir 4.500, Sie 3.000." in example
    assert "Ausgegangen</td>" in example and "Sieger: Wir, mit" in example
    assert not re.search(r"go out with|Went out|Winner|Natural canasta", example)


def _banner(page: str) -> list[tuple[str, str]]:
    """Returns the refusal banner's links: (the field's id, its words)."""
    banner = page.split('class="flash error problems"', 1)[1].split("</div>", 1)[0]
    return re.findall(r'<a href="#([\w-]+)">(.*?)</a>', banner)


def test_the_refusal_banner_links_each_field_with_a_problem(client):
    """A target of 0 and a canasta above the pack: one link to each field, in the form's order."""
    response = impossible(client)
    assert response.status_code == 422
    page = response.text
    assert _banner(page) == [
        ("f-canastas-natural-min_points", "Natural canasta: fewest points"),
        ("f-ending-target", "Ending: target"),
    ]
    assert 'id="f-canastas-natural-min_points"' in page and 'id="f-ending-target"' in page
    assert '<script src="/static/js/house.js" defer></script>' in page  # focuses the first
    untouched = client.get("/formats/new?base=classic").text
    assert "flash error" not in untouched and "house.js" not in untouched


def test_the_refusal_banner_links_a_missing_name_and_a_word_for_a_number(client):
    assert _banner(submit(client, "/formats/new?base=classic", name=" ").text) == [
        ("f-name", "Name")
    ]
    typed = {"ending.target": "abc", "going_out.bonus": "lots"}
    response = submit(client, "/formats/new?base=classic", name="X", **typed)
    assert _banner(response.text) == [
        ("f-going_out-bonus", "Going out: bonus"),
        ("f-ending-target", "Ending: target"),
    ]


def test_the_refusal_banner_speaks_the_readers_language(client):
    response = submit(client, "/formats/new?base=classic&lang=de", name="X", **{"pack": "abc"})
    assert response.status_code == 422
    ((field_id, words),) = _banner(response.text)
    assert field_id == "f-pack"
    assert re.search(rf'<label for="f-pack">{re.escape(words)}</label>', response.text)
    assert words != "pack"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ({"ending.target": "abc"}, "Enter a whole number, like 5,000."),
        ({"going_out.bonus": "lots"}, "Enter a whole number, like 100."),
        ({"cards.joker.melded": "x"}, "Enter a whole number, like 50."),
        (
            {"red_threes.scale": "100, 2oo, 300, 8oo"},
            "Enter whole numbers separated by commas, like 100, 200, 300, 800.",
        ),
        ({"new_kind.label": "Sevens", "new_kind.bonus": "many"}, "Enter a whole number."),
    ],
)
def test_a_word_in_a_number_field_is_refused_with_an_example_that_fits(client, typed, message):
    """The field's own value is the example (not "like 2." for a target); said once."""
    response = submit(client, "/formats/new?base=classic", name="X", **typed)
    assert response.status_code == 422
    (key,) = [k for k in typed if k != "new_kind.label"]
    errors = response.text.split(f'id="e-{key}">', 1)[1].split("</ul>", 1)[0]
    assert re.findall(r"<li>(.*?)</li>", errors) == [message]
    assert "like 2." not in response.text


def test_the_example_is_the_value_the_form_showed_in_the_readers_way(client):
    """Editing a format whose target is 7,500: the example is 7.500 in German, its own value."""
    made = submit(client, "/formats/new?base=classic", name="Ours", **{"ending.target": "7500"})
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    response = submit(
        client, made.headers["Location"] + "/edit", name="Ours", **{"ending.target": "viel"}
    )
    assert response.status_code == 422
    errors = response.text.split('id="e-ending.target">', 1)[1].split("</ul>", 1)[0]
    assert "7.500" in errors and "7,500" not in errors


def test_a_modern_american_house_format_keeps_its_new_fields_and_options(app, client):
    """MAC's fields (special hands, penalties' cards, the melded sign) are on the form; a
    changed value and every house option switched on save as a playable format."""
    fields = shown(client.get("/formats/new?base=modern_american").data)
    assert fields["special_hands.garbage.points"] == "3000"
    assert fields["extras.unfinished_aces.uses.ace"] == "3"
    assert fields["extras.aces_in_hand.holds"] == "hand"
    assert fields["melded.minus_when"] == "no_canasta"
    assert fields["red_threes.zero_when"] == "under_two_canastas"
    from scorekeeper.rules.presets import load_presets

    options = [o.id for o in load_presets()["modern_american"].rules.options]
    switched = {f"option.{o}": "on" for o in options if o != "pagat_special_hands"}
    response = submit(
        client,
        "/formats/new?base=modern_american",
        name="Club rules",
        **{"special_hands.straight.points": "3500"},
        **switched,
    )
    assert FORMAT_PAGE.fullmatch(location(response)), response.text[:3000]
    changes = json.loads(rows(app)[0]["changes"])
    assert changes["special_hands.straight.points"] == 3500
    assert changes["extras.unfinished_four_jokers"]["uses"] == {"wild": 4, "joker": 4}
    assert changes["ending"] == {"deals": 3}
