"""Club nights, pure: movements, victory points, standings and their tie-breaks."""

from scorekeeper.events.movements import (
    MOVEMENTS,
    Meeting,
    Round,
    Seat,
    danish,
    individual,
    max_rounds,
    mitchell,
    round_robin,
)
from scorekeeper.events.standings import Bye, Line, NoPlay, Played, Standings, standings
from scorekeeper.events.victory import (
    TEMPLATES,
    Band,
    ByeAward,
    VictoryTable,
    band_problems,
    template,
)

__all__ = [
    "MOVEMENTS",
    "TEMPLATES",
    "Band",
    "Bye",
    "ByeAward",
    "Line",
    "Meeting",
    "NoPlay",
    "Played",
    "Round",
    "Seat",
    "Standings",
    "VictoryTable",
    "band_problems",
    "danish",
    "individual",
    "max_rounds",
    "mitchell",
    "round_robin",
    "standings",
    "template",
]
