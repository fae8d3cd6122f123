"""The one room for speed (store/cache.py): the collector settles once a process while it is on."""

from __future__ import annotations

import gc

import pytest

from scorekeeper.store import cache


@pytest.fixture
def unsettled(monkeypatch):
    """Forgets that this process settled, and restores the collector's thresholds after."""
    before = gc.get_threshold()
    monkeypatch.setattr(cache, "_settled_in", None)
    yield
    gc.set_threshold(*before)
    gc.unfreeze()


@pytest.mark.parametrize("room", [True, False], ids=["cache-on", "cache-off"])
def test_the_first_request_settles_the_collector_only_with_the_room_on(
    client, unsettled, monkeypatch, room
) -> None:
    monkeypatch.setattr(cache, "on", room)
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    client.get("/")
    assert (gc.get_threshold()[0], gc.get_freeze_count() > 0) == (
        (cache.GC_YOUNG, True) if room else (700, False)
    )
    gc.set_threshold(700, 10, 10)
    client.get("/")  # once a process: a second request changes nothing
    assert gc.get_threshold()[0] == 700
