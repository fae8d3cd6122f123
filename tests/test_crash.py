"""The crash test, short: SIGKILL gunicorn mid-stream, restart, and lose no acknowledged hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load_crash_test():
    """Imports bench/crash_test.py (bench/ is scripts, not a package)."""
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location("crash_test", BENCH / "crash_test.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # gunicorn, a SIGKILL and a restart: about 20 s
def test_every_acknowledged_hand_survives_a_sigkill() -> None:
    """Clients keep recording through the kill and restart; every success is on disk."""
    figures = load_crash_test().run(clients=4, before=2.0, after=2.0, grace=4.0)
    assert figures["killed"]
    assert figures["hands acknowledged"] > 0
    assert figures["hands acknowledged"] == figures["hands found after restart"]
    assert figures["hands sent"] == figures["hands acknowledged"]  # re-sent forms count once
    assert figures["hands stored but never acknowledged"] == 0
    assert figures["errors"] == 0
    assert figures["integrity_check"] == "ok"
