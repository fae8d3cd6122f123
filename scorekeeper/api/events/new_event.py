"""A new event from the body its shape took: the defaults, and the two rules no shape can say."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.events import ByeAward, VictoryTable, band_problems, template
from scorekeeper.events.bounds import MAX_ENTRANT_NAME, MAX_ENTRANTS
from scorekeeper.events.victory import bands_of
from scorekeeper.language import problem_words
from scorekeeper.sentences.marked import N_
from scorekeeper.store.events.event import NewEvent

INVALID = N_("The event cannot be made like this.")
Entries = list[dict[str, Any]]


def _taken_names(entrants: Any) -> Entries:
    """Returns an entry for each entrant whose name (any case, spaces aside) came before."""
    if not isinstance(entrants, list) or not 2 <= len(entrants) <= MAX_ENTRANTS:
        return []  # too few or too many: the count's own words say so
    seen, entries = set(), []
    for i, entrant in enumerate(entrants):
        name = entrant.get("name") if isinstance(entrant, dict) else None
        if not isinstance(name, str):
            continue
        if name.strip().casefold() in seen:
            message = gettext(
                "Each entrant needs a name of its own, 1 to %(most)s letters.",
                most=MAX_ENTRANT_NAME,
            )
            entries.append(field_error(f"entrants[{i}].name", message))
        seen.add(name.strip().casefold())
    return entries


def band_entries(victory: Any) -> Entries:
    """Returns an entry for each band out of bounds or order (victory points sent as bands)."""
    bands = (
        victory.get("bands") if isinstance(victory, dict) and set(victory) == {"bands"} else None
    )
    if not isinstance(bands, list) or not all(isinstance(b, dict) for b in bands):
        return []
    return [
        field_error(
            f"victory_points.bands[{found.index}].{found.field}",
            problem_words.words(found.code, found.params),
        )
        for found in band_problems(bands)
    ]


def judged(body: Mapping[str, Any]) -> Entries:
    """Returns an entry per name taken twice and per bad band, wherever the body has them."""
    return _taken_names(body.get("entrants")) + band_entries(body.get("victory_points"))


def _table(victory: Mapping[str, Any] | None) -> VictoryTable:
    """Returns the victory-point table: a template by name, bands, or canasta_3 when none."""
    if victory is None:
        return template("canasta_3")
    if "template" in victory:
        return template(victory["template"])
    return bands_of(victory["bands"])


def new_event(body: Mapping[str, Any]) -> NewEvent:
    """Returns the store's new event of a body its shape took; 422 for names or bands."""
    entries = judged(body)
    if entries:
        raise ApiProblem(422, INVALID, kind="invalid-event", errors=entries)
    bye = body.get("bye")
    return NewEvent(
        name=body["name"].strip(),
        format=body["format"],
        entrants=[
            (e["name"].strip(), [p.strip() for p in e.get("players", [])]) for e in body["entrants"]
        ],
        movement=body.get("movement", "round_robin"),
        rounds=body["rounds"],
        deals_per_round=body["deals_per_round"],
        table=_table(body.get("victory_points")),
        options=tuple(body.get("options", [])),
        day=body.get("date", ""),
        bye=ByeAward(bye["victory_points"], bye["margin"]) if bye else ByeAward(14, 355),
        confirm=body.get("confirm", False),
        seating=body.get("seating", "sit_out"),
        ranking=body.get("ranking", "total"),
        round_minutes=body.get("round_minutes", 0),
        handicap=body.get("handicap", False),
        balance=body.get("balance", False),
    )
