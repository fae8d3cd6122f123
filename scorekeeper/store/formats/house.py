"""House formats: a table's own rules, made from a preset with changes; a token edits them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlite_utils import Database

from scorekeeper.engine.names import name_problem
from scorekeeper.rules.checks import FormatProblem, problem
from scorekeeper.rules.documents import (
    MAX_NAME,
    FormatError,
    canonical,
    check_name,
    derive,
    derive_rules,
    digest,
    preset_document,
    rules_of,
)
from scorekeeper.rules.model import Rules
from scorekeeper.rules.presets import load_presets, summary
from scorekeeper.sentences.marked import N_
from scorekeeper.sentences.problem_table import TEXTS
from scorekeeper.store.connection import read, write
from scorekeeper.store.errors import StoreError
from scorekeeper.store.stamps import new_token, now

ID_PREFIX = "h-"  # never a preset id, so /sheets/<id>.pdf and formats by id cannot collide
INLINE = "inline"  # the source id of a game started with an inline format: no source to follow


class HouseFormatNotFound(StoreError):
    """No house format has this id."""

    message = N_("There is no such house format.")


class NotYourHouseFormat(StoreError):
    """The token given does not edit this house format."""

    message = N_("This link cannot change that house format.")


class HouseFormatInUse(StoreError):
    """Games were played with the house format, so it stays."""

    message = N_("Games were played with this house format, so it cannot be deleted.")


@dataclass(frozen=True)
class HouseFormat:
    """A stored house format: its name, base preset, changes and the whole document."""

    id: str
    name: str
    base: str
    changes: Mapping[str, Any]
    document: Mapping[str, Any]
    digest: str
    created_at: str
    updated_at: str

    @property
    def rules(self) -> Rules:
        """Returns the rules the document describes, through the one loader."""
        return rules_of(self.document)

    def summary(self) -> dict[str, Any]:
        """Returns the house format as format lists show it: a preset's summary and more."""
        return {**summary(self.rules, house=True), "base": self.base, "set": dict(self.changes)}

    def as_dict(self) -> dict[str, Any]:
        """Returns the house format as JSON: what a share link or a download carries."""
        return {
            "id": self.id,
            "name": self.name,
            "base": self.base,
            "set": dict(self.changes),
            "digest": self.digest,
            "house": True,
        }


def name_problems(where: str, name: Any) -> list[FormatProblem]:
    """Returns what the one name rule finds in a house format's name or a kind's label.

    The rule's own sentence comes from the one table (problem_texts), as a format problem.
    """
    found = name_problem(name, MAX_NAME)
    if found is None:
        return []
    if found in ("name_blank", "name_too_long"):  # the format's own words, with its limit
        template = N_("A house format needs a name of 1 to %(most)s characters.")
        return [problem(where, "bad_name", template, most=MAX_NAME)]
    return [problem(where, found, TEXTS[found].text)]


def label_problems(document: Mapping[str, Any]) -> list[FormatProblem]:
    """Returns the name rule's problems with the labels a house format gives its cards and kinds."""
    found: list[FormatProblem] = []
    for key in ("cards", "canastas", "extras"):
        items = document.get(key)
        for i, item in enumerate(items if isinstance(items, list) else []):
            label = item.get("label") if isinstance(item, Mapping) else None
            if isinstance(label, str):
                where = f"set.{key}.{item.get('id', i)}.label"
                found += name_problems(where, label)
    return found


@dataclass(frozen=True)
class Checked:
    """A house format's whole document and the rules it describes, checked once."""

    document: dict[str, Any]
    rules: Rules


def build(name: Any, base: Any, changes: Any, format_id: str = "") -> dict[str, Any]:
    """Returns the whole document of a house format; FormatError names every bad field."""
    return check(name, base, changes, format_id).document


def check(name: Any, base: Any, changes: Any, format_id: str = "") -> Checked:
    """Returns a house format's document and rules; FormatError names every bad field."""
    problems: list[FormatProblem] = []
    try:
        name = check_name(name)
    except FormatError as error:
        problems += error.problems
    else:
        problems += name_problems("name", name)
    if not isinstance(base, str) or base not in load_presets():
        template = N_("Start from a preset: %(presets)s.")
        found = problem("base", "unknown_format", template, presets=", ".join(load_presets()))
        raise FormatError([*problems, found])
    try:
        document, rules = derive_rules(
            base, changes, format_id=format_id or "house", name=str(name)
        )
    except FormatError as error:
        problems += [
            replace(p, field=f"set.{p.field}" if p.field else "set") for p in error.problems
        ]
    else:
        problems += label_problems(document)
    if problems:
        raise FormatError(problems)
    # The preset's description no longer fits; the pages say what it was made from, in words.
    document["description"] = ""
    return Checked(document, rules)


def format_row(row: Mapping[str, Any]) -> HouseFormat:
    """Returns the house format a row of the house_formats table holds."""
    return HouseFormat(
        id=row["id"],
        name=row["name"],
        base=row["base"],
        changes=json.loads(row["changes"]),
        document=json.loads(row["document"]),
        digest=row["digest"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


MAX_PER_BROWSER = 50  # house formats one browser keeps: a table's variants, never a flood
MAX_LISTED = 60  # house formats one browser's lists show, the latest first


API_MAKER = "api:"  # made_by of the API's anonymous clients: this, then the client's address


class TooManyHouseFormats(StoreError):
    """A maker already keeps as many house formats as it may (`most`: the edges word it)."""


def _document(
    name: Any, base: Any, changes: Any, format_id: str, checked: Checked | None
) -> dict[str, Any]:
    """Returns the document to store: the one checked in this request, or checked now."""
    if checked is None:
        return build(name, base, changes, format_id)
    return {**checked.document, "id": format_id}


def create_house_format(
    db: Database,
    *,
    name: Any,
    base: Any,
    changes: Any,
    made_by: str | None = None,
    checked: Checked | None = None,
) -> tuple[HouseFormat, str]:
    """Saves a new house format; returns it with the token that edits or deletes it.

    `made_by` is the browser that made it (it lists the format), or API_MAKER and the API
    client's address: each makes at most MAX_PER_BROWSER of them (FormatError for a browser,
    TooManyHouseFormats for the API). `checked` is what `check` made of the same name, base
    and changes in this request: given, they are not checked again.
    """
    format_id, token, stamp = ID_PREFIX + new_token()[:16], new_token(), now()
    document = _document(name, base, changes, format_id, checked)
    with write(db):
        if made_by is not None:
            made = db.execute(
                "SELECT count(*) FROM house_formats WHERE made_by = ?", [made_by]
            ).fetchone()[0]
            if made >= MAX_PER_BROWSER and made_by.startswith(API_MAKER):
                raise TooManyHouseFormats(most=MAX_PER_BROWSER)
            if made >= MAX_PER_BROWSER:
                template = N_(
                    "This phone keeps at most %(most)s house formats: delete one it made first."
                )
                raise FormatError(
                    [problem("name", "too_many_formats", template, most=MAX_PER_BROWSER)]
                )
        db.table("house_formats").insert(
            {
                "id": format_id,
                "token": token,
                "made_by": made_by,
                "name": document["name"],
                "base": base,
                "changes": json.dumps(changes, ensure_ascii=False),
                "document": canonical(document),
                "digest": digest(document),
                "created_at": stamp,
                "updated_at": stamp,
            }
        )
    return get_house_format(db, format_id), token


def get_house_format(db: Database, format_id: str) -> HouseFormat:
    """Returns the house format with this id; HouseFormatNotFound when unknown."""
    with read(db):
        rows = list(db.query("SELECT * FROM house_formats WHERE id = ?", [format_id]))
    if not rows:
        raise HouseFormatNotFound()
    return format_row(rows[0])


def format_rules(db: Database, format_id: str) -> Rules | None:
    """Returns a preset's rules, or a house format's own, by id; None for neither."""
    preset = load_presets().get(format_id)
    if preset is not None:
        return preset.rules
    try:
        return get_house_format(db, format_id).rules
    except HouseFormatNotFound:
        return None


def house_formats(db: Database) -> list[HouseFormat]:
    """Returns every house format of this instance, by name."""
    with read(db):
        rows = list(db.query("SELECT * FROM house_formats ORDER BY name, id"))
    return [format_row(row) for row in rows]


def house_formats_for(db: Database, browser_id: str, made: Iterable[str] = ()) -> list[HouseFormat]:
    """Returns the house formats a browser sees in its lists, by name: at most MAX_LISTED.

    Those it made (`made_by`, or `made`: the ids whose tokens its session holds), those
    whose share link it opened and those shared with a group it belongs to; never the rest
    of the server's.
    """
    ids = list(made)[:MAX_PER_BROWSER]
    marks = ", ".join("?" * len(ids)) or "NULL"
    with read(db):
        rows = list(
            db.query(
                "SELECT * FROM (SELECT * FROM house_formats WHERE made_by = ? "
                "OR id IN (SELECT format_id FROM browser_formats WHERE browser_id = ?) "
                "OR id IN (SELECT s.format_id FROM group_formats s JOIN group_members m "
                "ON m.group_id = s.group_id WHERE m.browser_id = ?) "
                f"OR id IN ({marks}) ORDER BY updated_at DESC LIMIT ?) ORDER BY name, id",
                [browser_id, browser_id, browser_id, *ids, MAX_LISTED],
            )
        )
    return [format_row(row) for row in rows]


def house_format_of_token(db: Database, token: str) -> HouseFormat | None:
    """Returns the house format this token edits, or None."""
    with read(db):
        rows = list(db.query("SELECT * FROM house_formats WHERE token = ?", [token]))
    return format_row(rows[0]) if rows else None


def keep_for_browser(db: Database, browser_id: str, format_id: str) -> None:
    """Lists a house format for a browser that opened its share link."""
    with write(db):
        db.execute(
            "INSERT OR IGNORE INTO browser_formats (browser_id, format_id, added_at) "
            "VALUES (?, ?, ?)",
            [browser_id, format_id, now()],
        )


def _check_token(db: Database, format_id: str, token: str) -> None:
    row = db.execute("SELECT token FROM house_formats WHERE id = ?", [format_id]).fetchone()
    if row is None:
        raise HouseFormatNotFound()
    if not isinstance(token, str) or row[0] != token:
        raise NotYourHouseFormat()


def update_house_format(
    db: Database,
    format_id: str,
    token: str,
    *,
    name: Any,
    base: Any,
    changes: Any,
    checked: Checked | None = None,
) -> HouseFormat:
    """Replaces a house format's name, base and changes; games played keep their rules."""
    document = _document(name, base, changes, format_id, checked)
    with write(db):
        _check_token(db, format_id, token)
        db.execute(
            "UPDATE house_formats SET name = ?, base = ?, changes = ?, document = ?, digest = ?, "
            "updated_at = ? WHERE id = ?",
            [
                document["name"],
                base,
                json.dumps(changes, ensure_ascii=False),
                canonical(document),
                digest(document),
                now(),
                format_id,
            ],
        )
    return get_house_format(db, format_id)


def games_using(db: Database, format_id: str) -> int:
    """Returns how many games were played with the house format."""
    sql = "SELECT count(DISTINCT game_id) FROM game_rules WHERE source = 'house' AND source_id = ?"
    return int(db.execute(sql, [format_id]).fetchone()[0])


def delete_house_format(db: Database, format_id: str, token: str) -> None:
    """Deletes a house format that no game was played with."""
    with write(db):
        _check_token(db, format_id, token)
        if games_using(db, format_id):
            raise HouseFormatInUse()
        db.execute("DELETE FROM house_formats WHERE id = ?", [format_id])


def house_document(db: Database, format_id: str, options: tuple[str, ...] = ()) -> dict[str, Any]:
    """Returns a house format's document with its base preset's house options applied."""
    house = get_house_format(db, format_id)
    if not options:
        return dict(house.document)
    # Options patch the base preset first, then the house's own changes win.
    return derive(
        preset_document(house.base, options), house.changes, format_id=house.id, name=house.name
    )


@dataclass(frozen=True)
class RulesSource:
    """Where a new game's rules come from, and the whole document it freezes."""

    source: str  # "preset" or "house"
    source_id: str
    base: str  # the preset the rules start from
    document: Mapping[str, Any]


def rules_source(
    db: Database, format_id: str, options: tuple[str, ...], inline: Mapping[str, Any] | None
) -> RulesSource:
    """Returns a new game's rules: an inline document, a house format by id, or a preset."""
    if inline is not None:
        rules_of(inline, options)
        return RulesSource("house", INLINE, format_id, inline)
    if format_id.startswith(ID_PREFIX):
        house = get_house_format(db, format_id)
        return RulesSource("house", house.id, house.base, house_document(db, house.id, options))
    return RulesSource("preset", format_id, format_id, preset_document(format_id, options))
