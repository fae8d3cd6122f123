"""The glossary's event words: every catalogue entry naming one of them uses the language's term."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.language.catalogues import TRANSLATIONS

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"
LANGUAGES = ("es", "pt_BR", "it", "de")
HEADING = "## Club nights, groups and the way we speak to players"
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{[^}]*\}|<[^>]*>")  # JSON keys are no words either
# The English word of each row as a msgid says it; the verb "to deal" and the dealer's turn
# ("the deal passes to the left") are not a deal of the game and are taken out first.
ENGLISH = {
    "round": r"\brounds?\b",
    "deal": r"\bdeals?\b",
    "table": r"\btables?\b",
    "movement": r"\bmovements?\b",
    "victory points": r"\bvictory points?\b|\bVP\b",
    "standings": r"\bstandings\b",
    "entrant": r"\bentrants?\b",
    "director": r"\bdirector\b",
    "bye": r"\bbye\b",
    "margin": r"\bmargin\b",
}
NOT_A_DEAL = re.compile(
    r"the deal (passes|moves|alternates)|\bdeals? (first|once|the first hand)|first deal:",
    re.IGNORECASE,
)
# A table of fields (a format document's TOML), a table of figures ("The ratings table"), and a
# group of friends ("a Tuesday table"), are not a table at a club night.
NOT_A_TABLE = re.compile(
    r"(a|whole|opening) table\b(?! \d)|Tuesday table|for your table|ratings table"
)
NOT_MEANT = {  # msgid: the rows whose English word it uses in another sense, and why
    "Round robin: everyone meets everyone": {"round"},  # a movement's name ("Todos contra todos")
    "deal %(number)s of %(deals)s": {"deal"},  # beside "Hand 3": "(3 von 3)", no word twice
}
# How each language must not speak to the reader (the glossary's form of address).
NOT_OUR_ADDRESS = {
    "es": r"\b(vosotros|vuestr[oa]s?|usted(es)?|elija|anótela|indique|\w+áis|\w+éis)\b",
    "pt_BR": r"\b(tu|teu|tua|teus|tuas|vós|vosso|vossa)\b",
    "it": r"\b(Lei|Suoi|Ella)\b",
    "de": r"\b(Ihnen|Sie (können|müssen|möchten|wählen|tippen))\b",
}


@cache
def terms() -> dict[str, dict[str, tuple[str, ...]]]:
    """Returns the glossary's table: English row -> language -> the forms allowed."""
    text = GLOSSARY.read_text(encoding="utf-8").split(HEADING, 1)[1]
    rows = [line for line in text.splitlines() if line.startswith("| ")][1:]
    table: dict[str, dict[str, tuple[str, ...]]] = {}
    for row in rows:
        english, *cells = (cell.strip() for cell in row.strip("|").split("|"))
        if english in ENGLISH:
            table[english] = {
                lang: tuple(form.strip().lower() for form in cell.split(" / "))
                for lang, cell in zip(LANGUAGES, cells, strict=True)
            }
    return table


def entries(language: str):
    """Yields each message's English texts and its translations."""
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        for message in read_po(file):
            if message.id:
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strs = message.string if isinstance(message.string, tuple) else (message.string,)
                yield ids, strs


def misused(language: str) -> list[str]:
    """Returns each entry that names a glossary thing without the language's term."""
    found = []
    for ids, strs in entries(language):
        english = NOT_A_DEAL.sub(" ", NOT_A_TABLE.sub(" ", PLACEHOLDER.sub(" ", ids[0])))
        for row, pattern in ENGLISH.items():
            if row in NOT_MEANT.get(ids[0], ()) or not re.search(pattern, english, re.IGNORECASE):
                continue
            forms = terms()[row][language]
            for text in strs:
                if not any(form in text.lower() for form in forms):
                    found.append(f"{row}: {ids[0]!r} -> {text!r}")
    return found


def test_the_glossary_names_every_term_in_every_language():
    """The table has a row for each term, a form for each language."""
    assert set(terms()) == set(ENGLISH)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_uses_the_glossarys_term(language):
    """A msgid naming a round, a deal, a table, ... says it with the glossary's word."""
    assert misused(language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_speaks_to_the_reader_one_way(language):
    """es: tú and ustedes; pt_BR: você; it: tu and voi; de: du and ihr."""
    pattern = re.compile(NOT_OUR_ADDRESS[language])
    wrong = [
        f"{ids[0]!r} -> {text!r}"
        for ids, strs in entries(language)
        for text in strs
        if pattern.search(PLACEHOLDER.sub(" ", text))
    ]
    assert wrong == []


def test_german_calls_a_phone_a_handy():
    """One word for the phone in German, the one the group pages use: "Handy", never "Telefon"."""
    wrong = [
        f"{ids[0]!r} -> {text!r}"
        for ids, strs in entries("de")
        for text in strs
        if re.search(r"\bphones?\b", ids[0]) and re.search(r"Telefon", text)
    ]
    assert wrong == []


def test_a_wrong_term_is_caught():
    """The check itself: "turno" for a round in Portuguese is reported."""
    assert re.search(ENGLISH["round"], "Start round %(number)s")
    assert not any(form in "começar a turno 3" for form in terms()["round"]["pt_BR"])
