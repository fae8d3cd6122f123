"""The game API's answers: a game as the sheet shows it, a hand's result, a preview.

The views return these TypedDicts, so mypy holds every answer to its shape, and the OpenAPI
document is made from the same classes (scorekeeper/api/spec.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from scorekeeper.api.shapes import FieldError, Nullable


class Warning(FieldError):
    """One of the engine's warnings, with its code and the numbers its message names."""

    code: Annotated[str, Field(description="the engine's code, e.g. opening_short")]
    params: Annotated[dict[str, Any], Field(description="the numbers the message names")]


class Opening(TypedDict):
    """What a side needs to open: points, any canasta it needs, and the words for it."""

    points: int
    needs: Nullable
    label: str


class BreakdownItem(TypedDict):
    """One line of a side's score for a hand."""

    item: str
    label: str
    points: int
    count: NotRequired[int]
    reason: NotRequired[
        Annotated[
            Literal["no_meld", "no_canasta", "under_two_canastas", "special_hand"],
            Field(
                description="why the item counts minus or 0: the preset's sign rule, or "
                "special_hand when a special hand's value replaced it"
            ),
        ]
    ]


class SideScore(TypedDict):
    """A side's score for one hand, its breakdown, and its total after it."""

    score: int
    breakdown: list[BreakdownItem]
    total: int


class EntryOut(TypedDict, extra_items=int):  # type: ignore[call-arg]  # PEP 728's extra_items, unknown to mypy
    """One side's entry as saved; a format's extra fields are counts."""

    melded_points: int
    hand_points: int
    red_threes: int
    black_threes: NotRequired[int]
    canastas: dict[str, int]
    went_out: Literal["no", "out", "concealed"]
    special_hand: NotRequired[str]


class HandEntry(TypedDict):
    """A hand as entered, in the shape of `scorekeeper score`."""

    hand: dict[str, EntryOut]
    lone_hand: NotRequired[str]


class HandRow(TypedDict):
    """One row of the sheet: what was entered, each side's breakdown and total."""

    number: int
    dealer: str
    sitting_out: Nullable
    minimums: dict[str, Opening | None]
    entry: HandEntry
    sides: dict[str, SideScore]
    after_end: Annotated[
        bool, Field(description="played after the hand that ended the game: shown, never counted")
    ]


class SideOut(TypedDict):
    """One side of a game: its name and players."""

    name: str
    players: list[str]


class TargetRaise(TypedDict):
    """The table chose to play on past the target: from which target to which, after which hand."""

    after_hand: int
    from_target: int
    to_target: int


class Next(TypedDict):
    """What the next hand needs: its number, dealer, who sits out, each side's opening."""

    number: int
    dealer: Nullable
    sitting_out: Nullable
    minimums: dict[str, Opening | None]


class Status(TypedDict):
    """Whether the game is over, who won and by how much, and the words for it."""

    over: bool
    winner: Nullable
    tied: bool
    margin: int | None
    message: str
    ended_at: Annotated[
        int | None, Field(description="the hand that ended the game; totals are those after it")
    ]


class GameSummary(TypedDict):
    """A game less its hands: what a write answers with (GET the game for every hand)."""

    id: str
    format: str
    format_name: str
    options: list[str]
    sides: list[SideOut]
    first_dealer: str
    start_totals: dict[str, int]
    version: int
    reopened: bool
    locked: bool
    created_at: str
    updated_at: str
    totals: dict[str, int]
    to_target: dict[str, int | None]
    target: Annotated[
        int | None,
        Field(description="the target in force (raised when the table played on); null for deals"),
    ]
    target_raises: list[TargetRaise]
    next: Next
    status: Status


class Game(GameSummary):
    """The game: setup, every hand with its breakdown, totals, what comes next, the result."""

    hands: list[HandRow]


class HandResult(TypedDict):
    """What a write answers: the hand saved (null on a replay or a reopen) and the game after it."""

    hand: Annotated[int | None, Field(description="the hand saved; null on a replay")]
    replayed: bool
    game: GameSummary


class Links(TypedDict):
    """One value per role of a game's links."""

    owner: str
    edit: str
    view: str


class CreatedGame(TypedDict):
    """A new game, its owner, edit and view tokens, and the links that carry them."""

    id: str
    tokens: Links
    links: Links
    game: Game


class Preview(TypedDict):
    """A hand scored without saving it, and the web preview's warnings."""

    number: int
    sides: dict[str, SideScore]
    warnings: list[Warning]
