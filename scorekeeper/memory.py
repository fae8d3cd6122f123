"""Gives the memory a large piece of work freed back to the system, so a worker shrinks again."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Callable

_TRIM: Callable[[int], int] | None = None
if sys.platform.startswith("linux"):
    _found = ctypes.util.find_library("c")
    _libc = ctypes.CDLL(_found) if _found else None
    _TRIM = getattr(_libc, "malloc_trim", None)  # glibc's; musl has none


def trim() -> None:
    """Collects cycles, then asks the C allocator to return its free pages (glibc only)."""
    # A 48 MB import's parse and rows are freed when it ends, but glibc keeps the pages for
    # the process: the worker stayed 683 MB above where it started (issue 34).
    gc.collect()
    if _TRIM is not None:
        _TRIM(0)
