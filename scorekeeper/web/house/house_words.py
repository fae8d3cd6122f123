"""The words of the house format form: its headings, keys, choices, changes and values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from scorekeeper.language import i18n, words
from scorekeeper.rules.model import CHOICES
from scorekeeper.sentences.marked import N_

# The rule book's order; each top-level key of a document is shown under one heading.
GROUPS = (
    ("cards", N_("Card values"), ("cards", "melded")),
    ("canastas", N_("Canasta kinds"), ("canastas",)),
    ("red_threes", N_("Red threes"), ("red_threes",)),
    ("going_out", N_("Going out"), ("going_out",)),
    ("extras", N_("Black threes and extras"), ("black_threes", "extras")),
    ("special_hands", N_("Special hands"), ("special_hands",)),
    ("opening", N_("Opening minimums"), ("opening",)),
    ("ending", N_("Ending: target and tie"), ("ending",)),
    ("table", N_("Sides, players and pack"), ("table", "pack")),
)
NOT_RULES = {"id", "name", "description", "order", "options"}  # named, or switched, elsewhere
PROSE = {"help", "seating", "hand_label", "source"}  # explanations, not values a score depends on
# How each key of a format document reads on the form, in English; translated where shown.
# Every key of every preset is here (tests/test_web_house_formats.py checks), so the catalogues
# list them all; a house format's own new key falls back to its name with spaces.
WORDS = {
    "ace": N_("aces"),
    "below": N_("below"),
    "black_threes": N_("black threes"),
    "blocks_going_out": N_("forbids going out"),
    "bonus": N_("bonus"),
    "by": N_("set by"),
    "canastas": N_("canastas needed"),
    "card": N_("card"),
    "cards": N_("cards"),
    "clean": N_("clean"),
    "concealed_bonus": N_("concealed total"),
    "count": N_("count"),
    "deals": N_("deals"),
    "deuce": N_("deuces"),
    "dirty": N_("dirty"),
    "ending": N_("ending"),
    "escalera": N_("escalera"),
    "extras": N_("extras"),
    "going_out": N_("going out"),
    "holds": N_("cards counted in"),
    "in_hand": N_("in hand"),
    "joker": N_("jokers"),
    "label": N_("label"),
    "max": N_("max"),
    "max_sides": N_("most sides"),
    "melded": N_("melded"),
    "min_points": N_("fewest points"),
    "min_sides": N_("fewest sides"),
    "minus_when": N_("count minus when"),
    "must_exceed": N_("meld must exceed the minimum"),
    "needs": N_("needs"),
    "opening": N_("opening"),
    "pack": N_("pack"),
    "partnership": N_("partnership"),
    "players_per_side": N_("players per side"),
    "points": N_("points"),
    "red_threes": N_("red threes"),
    "red_threes_match_canastas": N_("red threes match canastas"),
    "requires": N_("requires"),
    "scale": N_("scale"),
    "seats_per_side": N_("seats per side"),
    "seven": N_("sevens"),
    "special_hands": N_("special hands"),
    "table": N_("table"),
    "target": N_("target"),
    "tie": N_("tie"),
    "tiers": N_("tiers"),
    "uses": N_("takes from the pack"),
    "when": N_("when"),
    "wild": N_("wild"),
    "winner_bonus": N_("winner's bonus"),
    "zero_when": N_("count zero when"),
}
# Each code a document may choose (format_model.CHOICES), in words, as the editor's lists show it.
CHOICE_WORDS = {
    ("by", "score"): N_("the side's score"),
    ("by", "deal"): N_("the deal's number"),
    ("by", "none"): N_("nothing: no minimum"),
    ("needs", ""): N_("points only"),
    ("needs", "canasta"): N_("a canasta"),
    ("needs", "natural_canasta"): N_("a natural canasta"),
    ("minus_when", "no_meld"): N_("the side has not melded"),
    ("minus_when", "no_canasta"): N_("the side has no canasta"),
    ("minus_when", "under_two_canastas"): N_("the side has fewer than two canastas"),
    ("minus_when", "never"): N_("never"),
    ("zero_when", ""): N_("never"),
    ("zero_when", "no_meld"): N_("the side has not melded"),
    ("zero_when", "no_canasta"): N_("the side has no canasta"),
    ("zero_when", "under_two_canastas"): N_("the side has fewer than two canastas"),
    ("holds", ""): N_("nowhere"),
    ("holds", "melded"): N_("the melds"),
    ("holds", "hand"): N_("the hand"),
    ("when", "always"): N_("always"),
    ("when", "someone_out"): N_("when someone went out"),
    ("when", "other_side_out"): N_("when the other side went out"),
    ("partnership", "fixed"): N_("fixed partners"),
    ("partnership", "lone_hand"): N_("partners, or one player alone"),
    ("tie", "another_hand"): N_("play another hand"),
    ("tie", "draw"): N_("a draw"),
}


def key_words(key: str) -> str:
    """Returns how a document key reads, in the request's language (a new key: its name)."""
    return gettext(WORDS[key]) if key in WORDS else key.replace("_", " ")


def heading_words(key: str) -> str:
    """Returns a top-level key's words with a capital first letter, e.g. "Going out"."""
    found = key_words(key)
    return found[:1].upper() + found[1:]


def item_words(item: Mapping[str, Any]) -> str:
    """Returns a list item's name: its preset label in the reader's language, or its id."""
    label = item.get("label")
    return words.text(label) if label else str(item["id"])


def text_of(value: Any) -> str:
    """Returns a value as its field's text: a switch "on" or "", a list parted by commas."""
    if isinstance(value, bool):
        return "on" if value else ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def choices_of(key: str, value: Any, document: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Returns a field's (code, words) to choose from, or () when it is typed in."""
    name = key.rsplit(".", 1)[-1]
    if not isinstance(value, str | None):
        return ()
    if key.startswith("extras.") and name == "card":  # a card of this pack, or none
        cards = [
            (c["id"], words.text(c.get("label") or c["id"])) for c in document.get("cards", [])
        ]
        found = [("", gettext("no card")), ("red_three", gettext("Red threes")), *cards]
    elif name in CHOICES:
        found = [(code, gettext(CHOICE_WORDS.get((name, code), code))) for code in CHOICES[name]]
    else:
        return ()
    if value is not None and value not in {code for code, _ in found}:
        found.append((value, value))  # kept, though the check refuses it
    return tuple(found)


def band_words(index: int, column: str) -> str:
    """Returns the words of one cell of a band table, e.g. "Band 2: points"."""
    return gettext("Band %(number)s: %(column)s", number=index + 1, column=key_words(column))


def new_kind_words(name: str) -> str:
    """Returns the words of a field of the blank row that adds a canasta kind."""
    return gettext("New kind: %(field)s", field=key_words(name))


def value_at(document: Mapping[str, Any], key: str) -> Any:
    """Returns the value at a dotted key; a list of tables is entered by its items' ids."""
    node: Any = document
    for part in key.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]  # a band table has no ids: its rows are numbered
        elif isinstance(node, list):
            node = next((i for i in node if isinstance(i, Mapping) and i.get("id") == part), None)
        elif isinstance(node, Mapping):
            node = node.get(part)
        else:
            return None
    return node


def change_words(key: str, named: Mapping[str, str], *documents: Mapping[str, Any]) -> str:
    """Returns how a change's key reads: its field's words on the form (`named`), else the
    form's words for a whole kind ("Canasta kinds: Canasta of sevens") or band table (its
    heading, "Opening minimums"), else its keys' words ("Going out: bonus")."""
    if key in named:
        return named[key]
    top = key.split(".", 1)[0]
    heading = next((words.text(h) for _, h, tops in GROUPS if top in tops), None)
    for document in documents:  # a kind added (the house's document) or removed (the base's)
        found = value_at(document, key)
        if isinstance(found, Mapping) and "id" in found:
            return f"{heading}: {item_words(found)}" if heading else item_words(found)
        if heading and isinstance(found, list) and all(isinstance(r, Mapping) for r in found):
            return heading  # a band table: its group holds nothing else, e.g. "Opening minimums"
    return ": ".join([heading_words(top), *(key_words(part) for part in key.split(".")[1:])])


def value_words(key: str, value: Any, document: Mapping[str, Any]) -> str:
    """Returns a document's value in the reader's words: numbers their way, codes as the
    form's lists say them, a preset's labels translated; "—" for none."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, int):
        return i18n.number(value)
    if isinstance(value, str | None):
        return _text_words(key, value, document)
    if isinstance(value, Mapping):  # a kind, or a band of a table: each value after its words
        return ", ".join(
            f"{key_words(name)} {value_words(f'{key}.{name}', v, document)}"
            for name, v in value.items()
            if name not in PROSE and name not in ("id", "label")
        )
    if isinstance(value, list):
        # Tables part with semicolons; numbers with slashes, as a comma could group thousands.
        tables = all(isinstance(v, Mapping) for v in value)
        return ("; " if tables else " / ").join(value_words(key, v, document) for v in value)
    return str(value)


def _text_words(key: str, value: str | None, document: Mapping[str, Any]) -> str:
    """Returns a code as the form's list says it, a preset's label translated, or "—"."""
    choices = dict(choices_of(key, value, document))
    if value in choices or (value is None and "" in choices):
        return choices[value or ""]
    if value is None:
        return "—"
    return words.text(value) if key.endswith(".label") else value
