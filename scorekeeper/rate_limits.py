"""How often one address may do a costly anonymous thing (import a file, make a house format)."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.sentences.marked import N_
from scorekeeper.store import rate_limits as rate_file


class Window:
    """At most `most` uses per address in any `seconds` (a sliding window), counted in the
    instance folder's `rate-limits.db`: every worker process of the instance shares the count."""

    def __init__(self, kind: str, most: int, seconds: float) -> None:
        self.kind, self.most, self.seconds = kind, most, seconds

    def take(self, folder: str | Path, address: str | None, now: float | None = None) -> int | None:
        """Counts one use by address (None: unknown); None when allowed, else seconds to wait."""
        return rate_file.take(
            folder, self.kind, address or "unknown", most=self.most, seconds=self.seconds, now=now
        )


# A 48 MB import is a second of CPU per 4 MB and its size again on disk: ten an hour from one
# address is more than any club moves, and bounds how fast one client can fill the disk.
IMPORTS = Window("import", most=10, seconds=3600)
# House formats made anonymously, on the web and through the API alike: a new cookie was a new
# phone with 50 more; an address makes at most 30 an hour, whichever way it asks.
HOUSE_FORMATS = Window("house_format", most=30, seconds=3600)
FORMATS_TOO_OFTEN = N_(
    "This network address made %(most)s house formats in the last hour: try again in "
    "%(minutes)s minutes."
)


def minutes(seconds: int) -> int:
    """Returns a wait in whole minutes, at least one, as the refusals say it."""
    return max(1, round(seconds / 60))
