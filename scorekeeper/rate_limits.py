"""How often one address may do a costly anonymous thing (import a file, make a house format)."""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque

from scorekeeper.sentences.marked import N_


class Window:
    """At most `most` uses per address in any `seconds`, in this process (a sliding window)."""

    def __init__(self, most: int, seconds: float, addresses: int = 10_000) -> None:
        self.most, self.seconds, self.addresses = most, seconds, addresses
        self._uses: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, address: str, now: float | None = None) -> int | None:
        """Counts one use by address; returns None when allowed, else whole seconds to wait."""
        now = time.monotonic() if now is None else now
        with self._lock:
            uses = self._uses.pop(address, None) or deque()
            while uses and uses[0] <= now - self.seconds:
                uses.popleft()
            self._uses[address] = uses  # the most recent address last: the oldest is dropped
            if len(self._uses) > self.addresses:  # bounded memory, whatever the addresses
                self._uses.popitem(last=False)
            if len(uses) >= self.most:
                oldest = uses[0] if uses else now  # most = 0: nothing is ever allowed
                return max(1, math.ceil(oldest + self.seconds - now))
            uses.append(now)
            return None

    def clear(self) -> None:
        """Forgets every use (tests start from nothing)."""
        with self._lock:
            self._uses.clear()


# A 48 MB import is a second of CPU per 4 MB and its size again on disk: ten an hour from one
# address is more than any club moves, and bounds how fast one client can fill the disk.
IMPORTS = Window(most=10, seconds=3600)
# House formats made anonymously, on the web and through the API alike: a new cookie was a new
# phone with 50 more; an address makes at most 30 an hour, whichever way it asks.
HOUSE_FORMATS = Window(most=30, seconds=3600)
FORMATS_TOO_OFTEN = N_(
    "This network address made %(most)s house formats in the last hour: try again in "
    "%(minutes)s minutes."
)


def minutes(seconds: int) -> int:
    """Returns a wait in whole minutes, at least one, as the refusals say it."""
    return max(1, round(seconds / 60))
