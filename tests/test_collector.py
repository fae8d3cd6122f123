"""The collector settles once per worker: long-lived objects frozen, a larger young generation."""

from __future__ import annotations

import gc

import pytest

from scorekeeper import collector
from tests.conftest import make_app


@pytest.fixture
def unsettled(monkeypatch):
    """Lets this process settle again, and puts Python's collector back as it was afterwards."""
    before = gc.get_threshold()
    monkeypatch.setattr(collector, "_settled_in", None)
    yield
    gc.set_threshold(*before)
    gc.unfreeze()


def test_the_first_request_freezes_and_sizes_the_young_generation(
    tmp_path, monkeypatch, unsettled
) -> None:
    app = make_app(tmp_path, monkeypatch, GC_YOUNG=4321)
    gc.unfreeze()
    app.test_client().get("/")
    assert gc.get_threshold()[0] == 4321
    assert gc.get_freeze_count() > 0


def test_it_settles_once_a_process_and_zero_keeps_pythons_threshold(unsettled) -> None:
    gc.set_threshold(700, 10, 10)
    collector.settle_once(freeze=False, young=0)
    assert gc.get_threshold() == (700, 10, 10)
    collector.settle_once(freeze=False, young=9000)  # this process has settled already
    assert gc.get_threshold() == (700, 10, 10)
