"""Keeps garbage collection out of the way: long-lived objects frozen, young ones collected less often."""

from __future__ import annotations

import gc
import os

from flask import Flask

_settled_in: int | None = None  # the process that settled last; a forked worker differs


def settle_once(*, freeze: bool, young: int) -> None:
    """Once a process: collects, freezes what is alive now, and sets the young generation's size."""
    # The app, its templates, Flask, Jinja and the presets live as long as the worker. Left to
    # the collector, every full collection walks all of them again; frozen, it walks only what
    # requests made since. Collecting first keeps today's garbage out of the frozen set.
    # A request briefly holds a thousand or two new containers (a page's context, a game's
    # rows), which Python's default of 700 turned into a collection every other request:
    # measured with bench/gc_pauses.py, 5,000 cut them from 1,818 to 13 per 4,000 requests
    # (docs/performance.md). What a request leaves behind is freed by reference counting.
    global _settled_in
    if _settled_in == os.getpid():
        return
    _settled_in = os.getpid()
    if freeze:
        gc.collect()
        gc.freeze()
    if young:
        gc.set_threshold(young, *gc.get_threshold()[1:])


def init_app(app: Flask) -> None:
    """Settles the collector after a worker's first request, as GC_FREEZE and GC_YOUNG say."""

    @app.teardown_request
    def settle(_error: BaseException | None) -> None:
        settle_once(freeze=bool(app.config["GC_FREEZE"]), young=int(app.config["GC_YOUNG"]))
