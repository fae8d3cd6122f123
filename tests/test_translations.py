"""The catalogues keep up with the code: every message translated, nothing fuzzy, same placeholders."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from scorekeeper.language import catalogues


@pytest.mark.slow  # extracts every message from the source with Babel: seconds (the fast loop skips it; CI runs it)
def test_every_catalogue_translates_every_message() -> None:
    """What the code, templates and presets say is in es, pt_BR, it and de, compiled."""
    assert catalogues.check() == []


def _template(*messages: str) -> Catalog:
    template = Catalog(fuzzy=False)
    for message in messages:
        template.add(message)
    return template


def test_the_check_names_a_missing_message() -> None:
    """A message new in the code and absent from a catalogue fails the check."""
    catalogue = Catalog(locale="de", fuzzy=False)
    assert catalogues.problems(_template("New hand"), "de", catalogue) == ["de: missing 'New hand'"]


def test_the_check_names_fuzzy_and_untranslated_entries() -> None:
    """A guessed (fuzzy) translation and an empty one both fail."""
    catalogue = Catalog(locale="es", fuzzy=False)
    catalogue.add("Save", "Guardar", flags=["fuzzy"])
    catalogue.add("Delete", "")
    assert catalogues.problems(_template("Save", "Delete"), "es", catalogue) == [
        "es: fuzzy 'Save'",
        "es: untranslated 'Delete'",
    ]


@pytest.mark.parametrize(
    ("translation", "passes"),
    [
        pytest.param("Mano %(number)s de %(side)s", True, id="same"),
        pytest.param("De %(side)s, mano %(number)s", True, id="reordered"),
        pytest.param("Mano %(numero)s de %(side)s", False, id="renamed"),
        pytest.param("Mano de %(side)s", False, id="dropped"),
        pytest.param("Mano %(number)s de %(side)s %(side)s", False, id="doubled"),
        pytest.param("Mano %(number)s de %(side)s, 100%%", True, id="literal-percent"),
    ],
)
def test_the_check_compares_placeholders(translation: str, passes: bool) -> None:
    """A translation keeps exactly the msgid's placeholders, in any order."""
    catalogue = Catalog(locale="es", fuzzy=False)
    catalogue.add("Hand %(number)s of %(side)s", translation)
    found = catalogues.problems(_template("Hand %(number)s of %(side)s"), "es", catalogue)
    assert (found == []) is passes, found


def test_a_catalogue_not_compiled_since_its_last_edit_fails(tmp_path, monkeypatch) -> None:
    """The committed .mo must say what the .po says."""
    monkeypatch.setattr(catalogues, "TRANSLATIONS", tmp_path)
    catalogue = Catalog(locale="it", fuzzy=False)
    catalogue.add("Save", "Salva")
    path = catalogues.catalogue_path("it")
    catalogues.write(catalogue, path)
    assert catalogues.compiled_problems("it") == []
    catalogue["Save"].string = "Salvare"
    path.write_bytes(_po_bytes(catalogue))  # edited, not compiled
    assert catalogues.compiled_problems("it") == [
        "it: messages.mo is not compiled from messages.po ('Save')"
    ]


def _po_bytes(catalogue: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalogue)
    return buffer.getvalue()


# docs/glossary.md: a side is one word in each language. The words it replaced, as a side says
# them; Italian "parte da" (starts at) and the idiom "on our side" are not sides.
NOT_A_SIDE = {
    "de": r"\bSeiten?\b",
    "es": r"\bbandos?\b",
    "pt_BR": r"\blados?\b",
    "it": r"\bpart[ei]\b(?! da\b)",
}
SIDE = {"de": "Team", "es": "equipo", "pt_BR": "time", "it": "squadra"}


@pytest.mark.parametrize("language", catalogues.LANGUAGES)
def test_a_side_is_one_word_in_each_language(language: str) -> None:
    """The new-game form's "Side 1" and a problem's "this side has" use the glossary's word."""
    catalogue = catalogues.read(catalogues.catalogue_path(language), language)
    wrong = []
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        text = re.sub(r"%\(\w+\)[sdr]", "", " ".join(ids))
        if not re.search(r"\bsides?\b|\bside's\b", text, re.IGNORECASE) or "our side" in text:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        wrong += [s for s in strings if re.search(NOT_A_SIDE[language], s)]
    assert not wrong
    side = catalogue.get("Side %(n)s")
    assert side is not None and side.string == f"{SIDE[language].capitalize()} %(n)s"
