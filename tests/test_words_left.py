"""Words that stayed English or said too little (issue 26 items 13 and 14): now in every language."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.language import i18n
from tests.conftest import Table, hand_fields
from tests.test_api_groups import bearer, make_group

DECIMAL = {
    "es": "En español 1,050 lleva coma decimal, así que no es un número entero: escribe 1.050 o 1050.",
    "pt_BR": "Em português 1,050 tem vírgula decimal, então não é um número inteiro: "
    "escreva 1.050 ou 1050.",
    "it": "In italiano 1,050 ha la virgola decimale, quindi non è un numero intero: "
    "scrivi 1.050 o 1050.",
    "de": "Auf Deutsch ist 1,050 eine Kommazahl, keine ganze Zahl: schreib 1.050 oder 1050.",
}


@pytest.mark.parametrize("language", sorted(DECIMAL))
def test_an_english_thousands_comma_is_named_beside_the_field(table: Table, language) -> None:
    """German "1,050" is refused beside its field, saying what it means there and what to type."""
    game_id = table.new_game("classic")
    path = f"/games/{game_id}/hands/new?lang={language}"
    fields = table.form(path) | hand_fields({0: {"melded_points": "1,050+35"}, 1: {}})
    response = table.client.post(path, data=fields)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    field = re.search(
        r'<div class="field[^"]*"[^>]*>(?:(?!<div class="field).)*?f-0-melded_points.*?</div>',
        page,
        re.S,
    )
    assert field and DECIMAL[language] in field.group(0), page[:3000]
    assert 'value="1,050+35"' in page  # what was typed stays
    # The live preview asks the same reader, so it refuses the same way (never counts 1.05).
    data = table.client.post(f"/games/{game_id}/preview?lang={language}", data=fields).get_json()
    assert not data["ok"]
    assert {"field": "0-melded_points", "message": DECIMAL[language]} in data["errors"]


def test_english_reads_a_thousands_comma_and_other_languages_their_dot() -> None:
    """The one rule: a comma groups thousands in English only; a dot groups them elsewhere."""
    assert i18n.parse_whole("1,050", limit=10_000, locale="en") == 1050
    assert i18n.parse_whole("1.050", limit=10_000, locale="de") == 1050
    with pytest.raises(i18n.NumberProblem) as refused:
        i18n.parse_whole("12,500,000", limit=10**9, locale="it")
    assert refused.value.code == "decimal_comma"
    with pytest.raises(i18n.NumberProblem) as refused:
        i18n.parse_whole("4,9", limit=10_000, locale="de")  # no thousands here: just not whole
    assert refused.value.code == "not_a_number"


def test_api_field_messages_follow_accept_language(client) -> None:
    """A new game's unknown format and a history's bad filters are worded in German."""
    german = {"Accept-Language": "de"}
    body = {"format": "nope", "sides": [{"name": "A", "players": ["a"]}] * 2}
    answer = client.post("/api/v1/games", json=body, headers=german).get_json()
    messages = [e["message"] for e in answer["errors"]]
    assert "Choose a format from the list." not in messages and messages, answer
    group = make_group(client)
    response = client.get(
        f"/api/v1/groups/{group['id']}/history",
        query_string={"player": "nobody", "partnership": "x", "since": "yesterday"},
        headers=bearer(group["token"]) | german,
    )
    problem = response.get_json()
    assert response.status_code == 422 and problem["detail"] == (
        "So lässt sich der Verlauf nicht filtern."
    )
    said = " ".join(e["message"] for e in problem["errors"])
    for english in ("This group has no such player", "player ids", "Dates are"):
        assert english not in said, said


@pytest.mark.parametrize("language", ["en", "es", "pt_BR", "it", "de"])
def test_blank_sheet_headings_print_whole_in_every_language(language) -> None:
    """No column heading is cut with "…" (pt_BR "Três ve…", it "Chiu…"): its column widens."""
    import io

    from pypdf import PdfReader

    from scorekeeper.pdf.blank_sheet import blank_sheet
    from scorekeeper.rules.presets import load_presets, rules_for

    with i18n.speaking(language):
        for preset in load_presets():
            data = blank_sheet(rules_for(preset, ()), paper="a4")
            text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
            assert "…" not in text, (language, preset)


EXAMPLE = {
    "es": "Nosotros cerramos con 1 × Canasta limpia",
    "pt_BR": "Nós batemos com 1 × Canastra limpa",
    "it": "Noi chiudiamo con 1 × Canasta pulita",
    "de": "Wir gehen mit 1 × Reine Canasta",
}


@pytest.mark.parametrize("language", sorted(EXAMPLE))
def test_the_house_examples_sentence_conjugates_for_we(client, language) -> None:
    """ "We" go out in the first person plural: "Nosotros cerramos", never "Nosotros cierran"."""
    from tests.test_web_house_formats import submit

    response = submit(client, f"/formats/new?base=classic&lang={language}", action="preview")
    example = html.unescape(response.text.split('id="example-h"')[1])
    assert EXAMPLE[language] in example, example[:400]
    assert not re.search(r"cierran|batem |chiudono", example)


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "We v They"), ("es", "We contra They"), ("it", "We vs. They"), ("de", "We gegen They")],
)
def test_a_games_title_says_versus_in_its_language(table: Table, language, title) -> None:
    """The sheet's title and heading join the sides with the language's own word."""
    game_id = table.new_game("classic")
    page = html.unescape(table.client.get(f"/games/{game_id}?lang={language}").text)
    assert f"<title>{title} · " in page and f'<h1 class="sheet-title">{title} <small>' in page


def test_the_house_editor_says_when_concealed_scores_as_going_out(client) -> None:
    """Equal going-out and concealed totals: a note beside the field says "Concealed" goes."""
    from tests.test_web_house_formats import submit

    note = "the record form will not offer “Concealed”"
    plain = client.get("/formats/new?base=classic").text
    assert note not in html.unescape(plain)  # Classic: 100 and 200
    typed = {"going_out.concealed_bonus": "100"}
    page = html.unescape(submit(client, "/formats/new?base=classic", "preview", **typed).text)
    assert re.search(
        r'id="f-going_out-concealed_bonus"[^>]*aria-describedby="f-going_out-concealed_bonus-note"'
        r'[^>]*>\s*<p class="note" id="f-going_out-concealed_bonus-note">The same as going out: '
        + note,
        page,
    )


def test_the_sheet_says_its_rules_in_words_not_a_digest(table: Table) -> None:
    """ "Kept with the game as it began.", never a bare 649660b9a2be."""
    game_id = table.new_game("classic")
    page = table.client.get(f"/games/{game_id}").text
    digest = table.game(game_id).rule_book.current.digest
    assert "Kept with the game as it began." in page and digest[:12] not in page


def test_a_group_game_is_never_started_by_one_tap(client) -> None:
    """In a group the format list offers Set up (names first), not the one-tap Start."""
    from tests.test_web_groups import make_group

    group_id = make_group(client)
    page = client.get(f"/games/new?group={group_id}").text
    assert 'aria-label="Start Classic"' not in page
    assert f'href="/games/new?format=classic&amp;group={group_id}"' in page
    assert 'aria-label="Start Classic"' in client.get("/games/new").text  # alone: 2 taps


@pytest.mark.parametrize(
    ("format_id", "label"),
    [
        ("classic", "Points left in hands"),
        ("cutthroat", "Points left in this player's hand"),
        ("two_hand", "Points left in this player's hand"),
    ],
)
def test_the_in_hand_field_names_whose_cards_it_counts(table: Table, format_id, label) -> None:
    """Where a column is one player, the field is that player's hand, never the partnership's."""
    count = 3 if format_id == "cutthroat" else None
    game_id = table.new_game(format_id, count) if count else table.new_game(format_id)
    page = html.unescape(table.client.get(f"/games/{game_id}/hands/new").text)
    assert f">{label}</label>" in page
    assert ("<div data-in-hand>" in page) == (format_id != "classic")  # folds away once out


def test_a_drawn_game_counts_in_head_to_heads_drawn_column(client, table: Table) -> None:
    """A real draw (tie at the target, tie-is-draw option) reads 1 game, 0 won, 0 lost, 1 drawn."""
    from tests.test_web_groups import make_group

    group_id = make_group(client)
    players = {"side-0-player-0": "Ann", "side-0-player-1": "Bob"}
    players |= {"side-1-player-0": "Cy", "side-1-player-1": "Di"}
    starts = {"side-0-start": "4900", "side-1-start": "4900"}
    game_id = table.new_game("classic", group=group_id, option="tie_is_draw", **players, **starts)
    # We: 120 + a natural (500) + going out (100); They: 220 + a natural: 720 each, 5,620 all.
    hand = {
        0: {"melded_points": "120", "canastas-natural": 1, "went_out": "out"},
        1: {"melded_points": "220", "canastas-natural": 1},
    }
    table.record(game_id, hand)
    state = table.game(game_id).state
    assert state.status.over and state.status.tied and state.status.winner is None
    page = client.get(f"/groups/{group_id}/stats").text
    table_html = page.split('<th scope="col">Drawn</th>')[1].split("</table>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table_html, re.S)
    assert rows and all(row.endswith("<td>1</td><td>0</td><td>0</td><td>1</td>") for row in rows), (
        rows
    )
