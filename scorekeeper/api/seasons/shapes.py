"""The season endpoints' bodies and answers, written once: validators and schema agree."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field, with_config
from pydantic_core import ErrorDetails
from typing_extensions import TypedDict

from scorekeeper.api.problems import ApiProblem, field_error
from scorekeeper.api.refusals import register
from scorekeeper.api.shapes import DAY, SHAPE, WHOLE
from scorekeeper.language import problem_words
from scorekeeper.seasons.rules import MAX_NIGHTS, MAX_PLACES
from scorekeeper.sentences.marked import N_
from scorekeeper.store.seasons.seasons import MAX_SEASON_NAME

Count = Annotated[int, Field(ge=0), WHOLE]
Number = Annotated[float, Field(description="a whole number, or hundredths of an average")]
Day = Annotated[str, Field(pattern=DAY, min_length=10, description="YYYY-MM-DD")]
Naming = Literal["full", "initial", "hidden"]

# The functional form: "from" is a Python keyword, so it cannot be a class attribute.
NewSeason = TypedDict(
    "NewSeason",
    {
        "name": Annotated[str, Field(min_length=1, max_length=MAX_SEASON_NAME)],
        "from": Day,
        "to": Day,
        "score": NotRequired[Literal["victory_points", "average_victory_points", "place_points"]],
        "place_points": NotRequired[
            Annotated[list[Count], Field(max_length=MAX_PLACES, description="place 1 first")]
        ],
        "best": NotRequired[
            Annotated[Annotated[int, Field(ge=1), WHOLE] | None, Field(description="null: all")]
        ],
        "minimum": NotRequired[Count],
        "drop_worst": NotRequired[Count],
        "by": NotRequired[Literal["entrant", "player"]],
        "events": NotRequired[
            Annotated[list[str], Field(description="chosen nights: event ids of the group")]
        ],
        "format": NotRequired[Annotated[str, Field(description="only nights of this format")]],
        "handicap": NotRequired[
            Annotated[bool, Field(description="a handicap ranking beside the scratch one")]
        ],
    },
)
with_config(SHAPE)(NewSeason)  # sets its __pydantic_config__: no other keys


class CreatedSeason(TypedDict):
    """A new season: its id."""

    id: str


class SeasonLine(TypedDict):
    """One line of a season's standings; scores as numbers, nights in night order."""

    rank: Annotated[int, Field(ge=1)]
    name: str
    score: Number
    nights: Annotated[int, Field(ge=0, description="nights played")]
    counted: list[Number]
    dropped: list[Number]
    qualified: bool


class SeasonStandings(TypedDict):
    """A season's standings: the qualified first by score, then the rest."""

    standings: list[SeasonLine]
    handicap: NotRequired[list[SeasonLine]]  # the handicap ranking, with the season's option


class PublicInput(TypedDict):
    """Opens (true) or closes (false) the public results page, and how it names entrants."""

    __pydantic_config__ = SHAPE  # type: ignore[misc]  # pydantic reads it on a TypedDict; mypy knows no such key
    public: bool
    names: NotRequired[Annotated[Naming, Field(description="initial when left out")]]


class PublicAnswer(TypedDict):
    """Where the public results page is: null once it is closed."""

    url: str | None


_WORDS: Mapping[str, tuple[str, dict[str, int]]] = {
    "name": ("season_name", {"most": MAX_SEASON_NAME}),
    "from": ("season_dates", {}),
    "to": ("season_dates", {}),
    "score": ("season_score", {}),
    "place_points": ("season_places", {"most": MAX_PLACES}),
    "best": ("season_count", {"most": MAX_NIGHTS}),
    "minimum": ("season_count", {"most": MAX_NIGHTS}),
    "drop_worst": ("season_count", {"most": MAX_NIGHTS}),
    "by": ("season_by", {}),
    "events": ("season_events", {}),
}
BAD_SEASON = N_("The season cannot be made like this.")


def _new_season(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    """Words each bad field of a new season once, in the words the store's checks use."""
    entries, seen = [], set()
    for error in errors:
        key = str(error["loc"][0]) if error["loc"] else "document"
        if key in seen:
            continue
        seen.add(key)
        if key in _WORDS:
            code, params = _WORDS[key]
            entries.append(field_error(key, problem_words.words(code, params)))
        else:
            entries.append(field_error(key, error["msg"]))
    return ApiProblem(422, BAD_SEASON, kind="invalid-season", errors=entries)


def _public(errors: Sequence[ErrorDetails], data: Mapping[str, Any]) -> ApiProblem:
    message = N_('Send {"public": true or false, "names": "full", "initial" or "hidden"}.')
    fields = {str(e["loc"][0]) if e["loc"] else "document" for e in errors}
    entries = [field_error(f, message) for f in sorted(fields)]
    return ApiProblem(422, message, kind="invalid-public", errors=entries)


register(NewSeason, _new_season)
register(PublicInput, _public)
