"""Keeps full garbage collections short: what lives as long as the worker is frozen once in it."""

from __future__ import annotations

import gc
import os

from flask import Flask

_frozen_in: int | None = None  # the process that froze last; a forked worker differs


def freeze_once() -> None:
    """Collects, then moves every object alive now out of the collector's reach, once a process."""
    # The app, its templates, Flask, Jinja and the presets live as long as the worker. Left to
    # the collector, every full collection walks all of them again; frozen, it walks only what
    # requests made since. Collecting first keeps today's garbage out of the frozen set.
    global _frozen_in
    if _frozen_in == os.getpid():
        return
    _frozen_in = os.getpid()
    gc.collect()
    gc.freeze()


def init_app(app: Flask) -> None:
    """Freezes the long-lived objects after a worker's first request, when GC_FREEZE is on."""
    if app.config["GC_FREEZE"]:
        app.teardown_request(lambda _error: freeze_once())
