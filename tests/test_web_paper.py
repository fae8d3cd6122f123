"""The paper choice beside every PDF link: from the browser's region, then as chosen."""

from __future__ import annotations

import html
import io

import pytest
from pypdf import PdfReader

from tests.conftest import Table

LETTER_WIDTH, A4_WIDTH = 612, 595  # points


def width(pdf: bytes) -> int:
    """Returns the first page's short side in points (blank sheets lie in landscape)."""
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(min(float(box.width), float(box.height)))


@pytest.mark.parametrize(
    ("languages", "size", "why"),
    [
        pytest.param("en-US,en;q=0.9", "Letter", "from your browser's region", id="en-US"),
        pytest.param("es-MX", "Letter", "from your browser's region", id="es-MX"),
        pytest.param("fr-CA,fr;q=0.8", "Letter", "from your browser's region", id="fr-CA"),
        pytest.param("en-GB,en;q=0.9", "A4", "from your browser's region", id="en-GB"),
        pytest.param("de,de-DE;q=0.9", "A4", "from your browser's region", id="region-second"),
        pytest.param("en", "A4", "the usual size", id="no-region"),
        pytest.param("", "A4", "the usual size", id="no-language"),
    ],
)
def test_the_paper_follows_the_browsers_region(table: Table, languages, size, why) -> None:
    """Letter where CLDR says printers hold it (US, Canada, Mexico…), A4 elsewhere.

    The pages are read in English (?lang=en): the region still comes from Accept-Language.
    """
    game_id = table.new_game()
    headers = {"Accept-Language": languages} if languages else {}
    page = html.unescape(
        table.client.get(f"/games/{game_id}?lang=en", headers=headers).get_data(as_text=True)
    )
    assert f"Score sheet (PDF, {size})" in page
    assert f"Paper: <b>{size}</b> <small>({why})</small>" in page
    pdf = table.client.get(f"/games/{game_id}/sheet.pdf", headers=headers).get_data()
    assert width(pdf) == (LETTER_WIDTH if size == "Letter" else A4_WIDTH)
    home = table.client.get("/?lang=en", headers=headers).get_data(as_text=True)
    assert f"PDF, {size}" in home and f"Paper: <b>{size}</b>" in home


def test_a_chosen_paper_is_remembered_and_shown(table: Table) -> None:
    """ "Use A4" keeps A4 for this browser whatever its region, and says it was chosen."""
    game_id = table.new_game()
    us = {"Accept-Language": "en-US"}
    page = table.client.get(f"/games/{game_id}", headers=us).get_data(as_text=True)
    assert 'name="paper" value="a4"' in page and "Use A4</button>" in page
    response = table.client.post(
        "/paper", data={"paper": "a4", "next": f"/games/{game_id}"}, headers=us
    )
    assert response.headers["Location"] == f"/games/{game_id}"
    page = table.client.get(f"/games/{game_id}", headers=us).get_data(as_text=True)
    assert "Paper: <b>A4</b> <small>(your choice)</small>" in page and "Use Letter" in page
    pdf = table.client.get("/sheets/classic.pdf", headers=us).get_data()
    assert width(pdf) == A4_WIDTH


@pytest.mark.parametrize(
    ("data", "status", "location"),
    [
        pytest.param({"paper": "letter", "next": "//evil.example/"}, 302, "/", id="other-host"),
        pytest.param({"paper": "letter", "next": "https://evil.example/"}, 302, "/", id="url"),
        pytest.param({"paper": "letter", "next": "/\\evil.example"}, 302, "/", id="backslash"),
        pytest.param({"paper": "legal", "next": "/"}, 400, None, id="unknown-size"),
        pytest.param({"next": "/"}, 400, None, id="no-size"),
    ],
)
def test_the_paper_choice_refuses_what_it_cannot_keep(table: Table, data, status, location) -> None:
    """Only A4 or Letter, and only back to a page of this app."""
    response = table.client.post("/paper", data=data)
    assert response.status_code == status
    if location:
        assert response.headers["Location"] == location
