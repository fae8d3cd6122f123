"""House formats through every door: the CLI's inline format, the API, the store and sheets."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper import store
from scorekeeper.api.openapi import EXAMPLE_FORMAT
from scorekeeper.store.formats import house as houses
from tests.conftest import saved_hand

SEVENS = {"label": "Canasta of sevens", "bonus": 1000, "min_points": 35}
WILD = {"label": "Wild canasta", "bonus": 2000, "min_points": 50}
SIDES = [{"name": "We", "players": ["Ann", "Bob"]}, {"name": "They", "players": ["Cy", "Di"]}]


def entry(melded: int, canastas: dict[str, int] | None = None, out: str = "no") -> dict:
    """Returns one side's entry in the shape of `scorekeeper score`."""
    return {
        "melded_points": melded,
        "hand_points": 0 if out != "no" else 30,
        "red_threes": 0,
        "canastas": canastas or {},
        "went_out": out,
    }


# (changes to Classic, We's entry, totals before, the breakdown item, its points, game over)
CASES = [
    pytest.param(
        {"canastas.sevens": SEVENS},
        entry(280, {"sevens": 1, "natural": 1}, "out"),
        {},
        "canastas.sevens",
        1000,
        False,
        id="sevens-canasta-1000",
    ),
    pytest.param(
        {"going_out.bonus": 200},
        entry(230, {"natural": 1}, "out"),
        {},
        "going_out",
        200,
        False,
        id="going-out-200",
    ),
    pytest.param(
        {"ending.target": 7500},
        entry(230, {"natural": 1}, "out"),
        {"We": 5000},
        "going_out",
        100,
        False,  # 5,830: over in Classic, not at 7,500
        id="target-7500",
    ),
    pytest.param(
        {"canastas.wild": WILD, "going_out.requires": {"wild": 1}},
        entry(300, {"wild": 1}, "out"),
        {},
        "canastas.wild",
        2000,
        False,
        id="third-canasta-kind",
    ),
]


def run_cli(*args: str, stdin: str = "") -> tuple[int, str]:
    """Runs the `scorekeeper` command in a subprocess and returns its exit code and output."""
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout


def _item(breakdown: list[dict], item: str) -> int | None:
    return next((i["points"] for i in breakdown if i["item"] == item), None)


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
@pytest.mark.parametrize(("changes", "we", "before", "item", "points", "over"), CASES)
def test_the_examples_score_alike_through_the_cli_and_the_api(
    client, changes, we, before, item, points, over
) -> None:
    hand = {"We": we, "They": entry(120)}
    document = {"format": {"base": "classic", "set": changes}, "hand": hand}
    code, out = run_cli("score", stdin=json.dumps({**document, "totals_before": before}))
    cli = json.loads(out)
    assert code == 0, cli
    assert _item(cli["We"]["breakdown"], item) == points
    assert cli["game_over"] is over

    made = client.post("/api/v1/formats", json={"name": "Ours", "base": "classic", "set": changes})
    assert made.status_code == 201, made.get_json()
    new = {"format": made.get_json()["id"], "sides": SIDES, "first_dealer": "Ann"}
    game = client.post("/api/v1/games", json={**new, "start_totals": before}).get_json()
    headers = {
        "Authorization": f"Bearer {game['tokens']['edit']}",
        "If-Match": '"1"',
        "Idempotency-Key": "k" * 16,
    }
    recorded = client.post(
        f"/api/v1/games/{game['id']}/hands", json={"hand": hand}, headers=headers
    )
    assert recorded.status_code == 201, recorded.get_json()
    api = client.get(
        f"/api/v1/games/{game['id']}",
        headers={"Authorization": f"Bearer {game['tokens']['view']}"},
    ).get_json()
    sides = api["hands"][0]["sides"]
    assert _item(sides["We"]["breakdown"], item) == points
    assert api["totals"] == {"We": cli["We"]["total"], "They": cli["They"]["total"]}
    assert api["status"]["over"] is over

    inline = client.post("/api/v1/games", json={**new, "format": document["format"]})
    assert inline.status_code == 201, inline.get_json()


def test_formats_json_lists_house_formats_of_the_instance(tmp_path, monkeypatch, capsys) -> None:
    """Listing reads the instance's house formats, and creates no database when there is none."""
    from scorekeeper.cli import main
    from scorekeeper.store.connection import connect, migrate

    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    assert main(["formats", "--json"]) == 0
    assert all(not f["house"] for f in json.loads(capsys.readouterr().out))
    assert main(["formats"]) == 0  # no database yet: nothing is created by listing
    assert not (tmp_path / "instance" / "scorekeeper.db").exists()
    path = tmp_path / "instance" / "scorekeeper.db"
    path.parent.mkdir()
    migrate(path)
    db = connect(path)
    houses.create_house_format(db, name="Grandma's Samba", base="samba", changes={})
    db.close()
    capsys.readouterr()
    assert main(["formats", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(f["name"], f["base"]) for f in listed if f["house"]] == [("Grandma's Samba", "samba")]
    assert len(listed) == 15


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_format_check_prints_a_summary_or_every_problem(tmp_path) -> None:
    good = tmp_path / "grandma.toml"
    good.write_text(
        'base = "samba"\nname = "Grandma\'s Samba"\n[set]\n"going_out.bonus" = 300\n',
        encoding="utf-8",
    )
    code, out = run_cli("format-check", str(good))
    assert code == 0 and "Grandma's Samba" in out and "going out: 300" in out

    bad = tmp_path / "bad.json"
    changes = {"ending.target": 0, "pack": -1, "going_out.requires": {"sevens": 1}}
    bad.write_text(json.dumps({"base": "classic", "set": changes}), encoding="utf-8")
    code, out = run_cli("format-check", str(bad))
    assert code == 2
    assert [line.split(": ")[1] for line in out.splitlines()] == [
        "pack",
        "going_out.requires.sevens",
        "ending.target",
    ]


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_a_whole_preset_file_checks_and_a_broken_one_does_not(tmp_path) -> None:
    code, out = run_cli("format-check", "seeds/formats/classic.toml")
    assert code == 0 and "Classic (classic)" in out
    broken = tmp_path / "broken.toml"
    broken.write_text('id = "x"\n', encoding="utf-8")
    code, out = run_cli("format-check", str(broken))
    assert code == 2 and "name" in out


IMPOSSIBLE = [
    pytest.param(
        {"opening.tiers": [{"points": 15}, {"below": 0, "points": 50}]},
        "set.opening.tiers",
        id="tiers-out-of-order",
    ),
    pytest.param({"ending.target": 0}, "set.ending.target", id="target-0"),
    pytest.param(
        {"canastas.natural.min_points": 1500},
        "set.canastas.natural.min_points",
        id="canasta-above-pack",
    ),
    pytest.param({"pack": -108}, "set.pack", id="negative-pack"),
    pytest.param(
        {"going_out.requires": {"sevens": 1}}, "set.going_out.requires.sevens", id="unknown-kind"
    ),
    pytest.param({"going_out.nonsense": 1}, "set.going_out.nonsense", id="unknown-key"),
]


@pytest.mark.parametrize(("changes", "field"), IMPOSSIBLE)
def test_impossible_rules_are_refused_on_their_field(client, changes, field) -> None:
    body = {"name": "Nope", "base": "classic", "set": changes}
    response = client.post("/api/v1/formats", json=body)
    assert response.status_code == 422
    assert response.content_type == "application/problem+json"
    assert [e["field"] for e in response.get_json()["errors"]] == [field]


def test_several_impossible_rules_answer_one_entry_per_field(client) -> None:
    changes = {"ending.target": 0, "pack": -1, "canastas.mixed.min_points": 5000}
    response = client.post("/api/v1/formats", json={"name": "", "base": "classic", "set": changes})
    fields = sorted(e["field"] for e in response.get_json()["errors"])
    assert fields == ["name", "set.canastas.mixed.min_points", "set.ending.target", "set.pack"]


def test_the_token_edits_and_deletes_and_anyone_reads(client) -> None:
    made = client.post("/api/v1/formats", json=EXAMPLE_FORMAT).get_json()
    path = f"/api/v1/formats/{made['id']}"
    read = client.get(path).get_json()
    assert read["house"] is True and read["document"]["going_out"]["bonus"] == 200
    assert client.get(f"/api/v1/formats/{made['id']}x").status_code == 404
    assert client.get("/api/v1/formats/classic").get_json()["document"]["pack"] == 108

    body = {"name": "Grandma's", "base": "classic", "set": {"ending.target": 6000}}
    assert client.put(path, json=body).status_code == 401
    wrong = {"Authorization": "Bearer " + "x" * 22}
    assert client.put(path, json=body, headers=wrong).status_code == 403
    mine = {"Authorization": f"Bearer {made['token']}"}
    changed = client.put(path, json=body, headers=mine).get_json()
    assert changed["set"] == {"ending.target": 6000} and changed["digest"] != read["digest"]
    assert client.delete(path, headers=wrong).status_code == 403
    assert client.delete(path, headers=mine).status_code == 204
    assert client.get(path).status_code == 404
    listed = client.get("/api/v1/formats").get_json()["formats"]
    assert not [f for f in listed if f["house"]]


def test_a_house_format_a_game_was_played_with_cannot_be_deleted(client, db) -> None:
    made = client.post("/api/v1/formats", json=EXAMPLE_FORMAT).get_json()
    client.post("/api/v1/games", json={"format": made["id"], "sides": SIDES, "first_dealer": "Ann"})
    response = client.delete(
        f"/api/v1/formats/{made['id']}", headers={"Authorization": f"Bearer {made['token']}"}
    )
    assert response.status_code == 409 and houses.games_using(db, made["id"]) == 1


def test_editing_a_house_format_leaves_its_games_alone_until_asked(client, db) -> None:
    made = client.post("/api/v1/formats", json=EXAMPLE_FORMAT).get_json()
    body = {"format": made["id"], "sides": SIDES, "first_dealer": "Ann"}
    game_id = client.post("/api/v1/games", json=body).get_json()["id"]
    game = store.get_game(db, game_id)
    assert game.rules.ending.target == 7500 and game.rule_book.current.source == "house"
    assert not store.rules_changed(db, game)

    changes = {"set": {"ending.target": 9000}, "name": "Grandma's", "base": "classic"}
    client.put(
        f"/api/v1/formats/{made['id']}",
        json=changes,
        headers={"Authorization": f"Bearer {made['token']}"},
    )
    game = store.get_game(db, game_id)
    assert game.rules.ending.target == 7500 and store.rules_changed(db, game)


def test_a_blank_sheet_of_a_house_format_prints_its_own_values(client) -> None:
    import io

    from pypdf import PdfReader

    body = {"name": "Grandma's Samba", "base": "samba", "set": {"going_out.bonus": 300}}
    made = client.post("/api/v1/formats", json=body).get_json()
    response = client.get(f"/sheets/{made['id']}.pdf")
    assert response.status_code == 200
    text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    lines = text.splitlines()
    assert (
        "Grandma's Samba Canasta score sheet" in lines and "House rules made from Samba." in lines
    )
    going_out = lines.index("Going out concealed (in all)")
    assert lines[going_out - 2 : going_out] == ["Going out", "300"]  # the preset says 100
    assert client.get("/sheets/h-nothing.pdf").status_code == 404


def _house(db, changes: dict | None = None, name: str = "Grandma's Classic") -> tuple[str, str]:
    house, token = houses.create_house_format(
        db, name=name, base="classic", changes=changes or {"going_out.bonus": 200}
    )
    return house.id, token


def test_the_web_starts_a_game_with_a_house_format_and_keeps_it(table, client, db) -> None:
    format_id, token = _house(db, {"going_out.bonus": 200, "ending.target": 7500})
    assert f"/games/new?format={format_id}" not in client.get("/games/new").get_data(as_text=True)
    client.get(f"/formats/{format_id}/add")  # its share link puts it in this phone's list
    picker = client.get("/games/new").get_data(as_text=True)
    assert "House formats" in picker and f"/games/new?format={format_id}" in picker

    game_id = table.new_game(format_id)
    hand = {
        0: {"melded_points": 230, "canastas-natural": 1, "went_out": "out"},
        1: {"melded_points": 140, "hand_points": 25},
    }
    assert saved_hand(table.record(game_id, hand), game_id) == 1
    game = table.game(game_id)
    assert game.rules.name == "Grandma's Classic" and game.format == "classic"
    assert game.state.rows[0].scores["We"].score == 230 + 500 + 200
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Rules: Grandma&#39;s Classic" in page and "rules changed since" not in page

    houses.update_house_format(
        db, format_id, token, name="Grandma's Classic", base="classic", changes={}
    )
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "rules changed since" in page
    assert table.game(game_id).state.rows[0].scores["We"].score == 930  # still her 200


def test_the_filled_sheet_of_a_house_format_game_names_it(table, client, db) -> None:
    import io

    from pypdf import PdfReader

    format_id, _token = _house(db)
    game_id = table.new_game(format_id)
    response = client.get(f"/games/{game_id}/sheet.pdf")
    text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    assert "Grandma's Classic" in text


def test_again_starts_the_next_game_under_the_house_format(table, client, db) -> None:
    format_id, _token = _house(db)
    game_id = table.new_game(format_id)
    page = client.get("/").get_data(as_text=True)  # home's form: its one-time token
    from tests.conftest import hidden_fields

    response = client.post(f"/games/{game_id}/again", data=hidden_fields(page))
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != game_id
    assert table.game(new_id).rule_book.current.source_id == format_id


# Every kind of change a house format holds: numbers, a list, a list of words, a switch,
# a band table, a kind added and one removed.
EVERY_KIND_OF_CHANGE = {
    "going_out.bonus": 200,
    "ending.target": 7500,
    "ending.tie": "draw",
    "opening.must_exceed": True,
    "red_threes.scale": [100, 200, 300, 1000],
    "opening.tiers": [{"below": 0, "points": 0}, {"below": 1500, "points": 50}, {"points": 120}],
    "canastas.sevens": SEVENS,
    "canastas.mixed": None,
}


def _changes_table(page: str) -> dict[str, tuple[str, str]]:
    """Returns the rows of a format page's "What it changes": rule -> (the preset's, its own)."""
    import html
    import re

    found = re.findall(
        r'<th scope="rowgroup" colspan="2">(.*?)</th></tr><tr><td>(.*?)</td><td>(.*?)</td>', page
    )
    return {html.unescape(rule): (html.unescape(a), html.unescape(b)) for rule, a, b in found}


@pytest.mark.parametrize("path", ["", "/add"])
def test_a_house_formats_page_says_each_change_in_words(client, path) -> None:
    """Made through the API, shown on the web: the form's labels and values, no dotted keys."""
    body = {"name": "Grandma's", "base": "classic", "set": EVERY_KIND_OF_CHANGE}
    made = client.post("/api/v1/formats", json=body).get_json()
    page = client.get(f"/formats/{made['id']}{path}").text
    assert _changes_table(page) == {
        "Going out: bonus": ("100", "200"),
        "Ending: target": ("5,000", "7,500"),
        "Ending: tie": ("play another hand", "a draw"),
        "Opening: meld must exceed the minimum": ("no", "yes"),
        "Red threes: scale": ("100 / 200 / 300 / 800", "100 / 200 / 300 / 1,000"),
        "Opening minimums": (
            "below 0, points 15; below 1,500, points 50; below 3,000, points 90; points 120",
            "below 0, points 0; below 1,500, points 50; points 120",
        ),
        "Canasta kinds: Canasta of sevens": ("—", "bonus 1,000, fewest points 35"),
        "Canasta kinds: Mixed canasta": ("bonus 300, fewest points 50", "—"),
    }
    assert not any(key in page for key in EVERY_KIND_OF_CHANGE)


def test_a_house_formats_page_in_german_writes_numbers_the_german_way(client) -> None:
    """5.000 and 7.500, never 5,000 (five); each rule as the German form labels its field."""
    import re

    body = {"name": "Omas", "base": "classic", "set": EVERY_KIND_OF_CHANGE}
    made = client.post("/api/v1/formats", json=body).get_json()
    rows = _changes_table(client.get(f"/formats/{made['id']}?lang=de").text)
    form = client.get(f"/formats/{made['id']}/duplicate?lang=de").text
    for field in ("f-going_out-bonus", "f-ending-target", "f-red_threes-scale"):
        label = re.search(rf'<label for="{field}">(.*?)</label>', form)
        assert label and label.group(1) in rows, (field, sorted(rows))
    target = re.search(r'<label for="f-ending-target">(.*?)</label>', form)
    assert target and rows[target.group(1)] == ("5.000", "7.500")
    scale = re.search(r'<label for="f-red_threes-scale">(.*?)</label>', form)
    assert scale and rows[scale.group(1)] == ("100 / 200 / 300 / 800", "100 / 200 / 300 / 1.000")
    assert not [v for pair in rows.values() for v in pair if re.search(r"\d,\d{3}", v)]
