"""A season's standings PDF: A4 and Letter, in each of the five languages."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.pdf.season_standings import document
from scorekeeper.seasons import SeasonLine

LINES = [
    SeasonLine(1, "Aces", 2800, 4, (1000, 800, 1000), (600,), True),
    SeasonLine(2, "Kings", 2450, 4, (800, 1000, 650), (500,), True),
    SeasonLine(3, "Tens", 600, 2, (600,), (0,), False),
]


@pytest.mark.parametrize(
    ("lang", "nights", "below", "score"),
    [
        ("en", "Nights", "Below the minimum of 3 nights", "24.50"),
        ("es", "Noches", "Por debajo del mínimo de 3 noches", "24,50"),
        ("pt_BR", "Noites", "Abaixo do mínimo de 3 noites", "24,50"),
        ("it", "Serate", "Sotto il minimo di 3 serate", "24,50"),
        ("de", "Abende", "Unter dem Minimum von 3 Abenden", "24,50"),
    ],
)
@pytest.mark.parametrize(("paper", "width"), [("a4", 595), ("letter", 612)])
def test_the_standings_print_in_each_language(lang, nights, below, score, paper, width) -> None:
    reader = PdfReader(io.BytesIO(document("Winter", "Jan – Mar", LINES, 3, paper, lang)))
    page = reader.pages[0]
    assert round(float(page.mediabox.width)) == width
    text = page.extract_text()
    assert nights in text and below in text and score in text
    assert text.index("Kings") < text.index(below) < text.index("Tens")
