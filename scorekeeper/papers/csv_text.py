"""CSV text safe to open in a spreadsheet: a cell that would run as a formula is quoted."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

FORMULA = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet would run a cell starting so


def cell(value: Any) -> Any:
    """Returns a cell as written: text that a spreadsheet would read as a formula is quoted."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA):
        return "'" + value
    return value


def text(rows: Iterable[Sequence[Any]]) -> str:
    """Returns the rows as CSV text, CRLF line ends, every cell through `cell`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([cell(v) for v in row])
    return out.getvalue()
