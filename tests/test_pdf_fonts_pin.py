"""pdf/fonts.py reaches into reportlab 5's text objects for speed; a new major fails here first."""

from __future__ import annotations

import io
import re
from importlib.metadata import version
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from scorekeeper.pdf import fonts

ROOT = Path(__file__).resolve().parents[1]
# What fonts.draw() and fonts._encoded() use that reportlab does not document.
TEXT_OBJECT_INTERNALS = ("_fontname", "_fontsize", "_code", "_canvas", "_curSubset")
TEXT_OBJECT_METHODS = ("_formatText",)


def test_reportlab_is_the_major_version_pinned_in_pyproject() -> None:
    pin = re.search(r'"reportlab>=(\d+)\.\d+,<(\d+)"', (ROOT / "pyproject.toml").read_text())
    assert pin, "pyproject.toml must pin reportlab to one major version"
    major = int(version("reportlab").split(".")[0])
    assert int(pin.group(1)) == major == int(pin.group(2)) - 1, (
        f"reportlab {version('reportlab')} is not the major version pdf/fonts.py was written "
        "for: check its private uses (listed in this test) before moving the pin"
    )


def test_the_private_members_fonts_uses_are_still_there() -> None:
    canvas = Canvas(io.BytesIO())
    pen = canvas.beginText()
    assert isinstance(pen, PDFTextObject)
    for name in TEXT_OBJECT_INTERNALS:
        assert hasattr(pen, name), f"reportlab's PDFTextObject lost {name}"
    for name in TEXT_OBJECT_METHODS:
        assert callable(getattr(pen, name, None)), f"reportlab's PDFTextObject lost {name}()"


def test_text_drawn_through_a_shared_text_object_reaches_the_page() -> None:
    """The shortcut's output is the same text the public drawString would show."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    pen = canvas.beginText()
    fonts.draw(pen, 10, 10, "Nós 1,250 李明", 9)
    fonts.draw(pen, 10, 30, "Nós 1,250 李明", 9)  # the second time from the remembered piece
    canvas.drawText(pen)
    canvas.showPage()
    canvas.save()
    from pypdf import PdfReader

    text = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()
    assert text.count("Nós 1,250") == 2 and text.count("李明") == 2
