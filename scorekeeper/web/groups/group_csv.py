"""CSV downloads of a group's history and statistics tables, safe to open in a spreadsheet."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from flask import make_response
from werkzeug import Response

from scorekeeper.papers import csv_text
from scorekeeper.stats.history import Entry
from scorekeeper.stats.tables import Line, Statistics, Tally

FORMULA = csv_text.FORMULA
_cell = csv_text.cell  # the one rule, shared with the events' standings.csv


def download(rows: Iterable[Sequence[Any]], title: str) -> Response:
    """Returns the rows as a CSV attachment named after the title."""
    response = make_response(csv_text.text(rows))
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    slug = re.sub(r"[^A-Za-z0-9]+", "-", title).strip("-").lower() or "group"
    response.headers["Content-Disposition"] = f'attachment; filename="{slug}.csv"'
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def history_rows(entries: Sequence[Entry]) -> list[list[Any]]:
    """Returns the history as rows: a game per row, its sides side by side."""
    widest = max((len(e.sides) for e in entries), default=2)
    head = ["game", "finished", "format", "hands", "winner", "winning side"]
    for i in range(1, widest + 1):
        head += [f"side {i}", f"side {i} players", f"side {i} total"]
    rows: list[list[Any]] = [head]
    for e in entries:
        row = [
            e.game_id,
            e.ended,
            " · ".join(e.label),
            e.hands,
            # The winner is who won (the players), the side's name beside it.
            " & ".join(e.winner.players) or e.winner.name if e.winner else "draw",
            e.winner.name if e.winner else "",
        ]
        for side in e.sides:
            row += [side.name, " & ".join(side.players), side.total]
        rows.append(row)
    return rows


FIGURES = [
    "games",
    "wins",
    "win_rate",
    "average_margin",
    "hands",
    "average_hand",
    "best_hand",
    "went_out",
    "went_out_concealed",
    "red_threes_per_hand",
    "below_zero",
]


def _line_rows(stats: Statistics, lines: Sequence[Line]) -> list[list[Any]]:
    kinds = sorted({kind for f in stats.formats for kind, _ in f.kinds})
    rows: list[list[Any]] = [
        ["name", "format", *FIGURES, *(f"canastas_per_hand.{k}" for k in kinds), "streak"]
    ]
    for line in lines:
        parts: list[tuple[str, Tally, Sequence[Sequence[str]]]] = [("all", line.overall, [])]
        parts += [
            (" · ".join(f.label), line.by_format[f.key], f.kinds)
            for f in stats.formats
            if f.key in line.by_format
        ]
        for label, tally, own in parts:
            figures = tally.figures(own)
            per_hand = figures["canastas_per_hand"]
            rows.append(
                [
                    line.name,
                    label,
                    *(figures[k] for k in FIGURES),
                    *(per_hand.get(k) for k in kinds),
                    tally.streak if label == "all" else None,
                ]
            )
    return rows


def stats_rows(stats: Statistics, table: str) -> list[list[Any]]:
    """Returns one statistics table as rows: players, partnerships or head-to-head."""
    if table == "players":
        return _line_rows(stats, stats.players)
    if table == "partnerships":
        return _line_rows(stats, stats.partnerships)
    rows: list[list[Any]] = [["partnership", "against", "games", "wins", "losses", "draws"]]
    for m in stats.head_to_head:
        rows.append([m.first.name, m.second.name, m.games, m.first_wins, m.second_wins, m.draws])
    return rows
