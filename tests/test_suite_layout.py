"""The suite's own layout: what the fast loop may leave out without losing a test."""

from __future__ import annotations

import re

import pytest

from tests import conftest
from tests.conftest import BROWSER_TESTS, leaves_out_browser_tests, slow_list


def test_every_browser_module_is_marked_browser() -> None:
    """tests/browser is skipped whole when browser tests are left out, so nothing else lives there."""
    modules = sorted(BROWSER_TESTS.glob("test_*.py"))
    assert modules
    unmarked = [
        path.name
        for path in modules
        if not re.search(r"^pytestmark = .*pytest\.mark\.browser", path.read_text(), re.M)
    ]
    assert not unmarked


@pytest.mark.parametrize(
    ("markexpr", "left_out"),
    [
        ("not browser and not slow", True),
        ("not browser", True),
        ("not (browser or slow)", True),
        ("", False),
        ("browser", False),
        ("slow", False),  # slow browser tests are browser tests too
        ("not slow", False),
        ("not browser or slow", False),
        ("browser and not slow", False),
        ("not browser and api", True),
        ("weird-name", False),
    ],
)
def test_the_browser_folder_is_skipped_only_when_no_browser_test_could_run(
    markexpr: str, left_out: bool
) -> None:
    assert leaves_out_browser_tests(markexpr) is left_out


def test_every_test_listed_slow_still_exists() -> None:
    """tests/slow_tests.txt names real tests: a renamed one would silently join the fast loop."""
    listed = slow_list()
    assert listed
    root = BROWSER_TESTS.parent.parent
    gone = []
    for node in sorted(listed):
        path, _, name = node.partition("::")
        function = name.split("[")[0]
        source = root / path
        if not source.is_file() or f"def {function}(" not in source.read_text(encoding="utf-8"):
            gone.append(node)
    assert not gone, "run python bench/slow_tests.py again: " + ", ".join(gone)


class _Item:
    """Stands in for a collected test: a node id and the markers added to it."""

    def __init__(self, nodeid: str) -> None:
        self.nodeid, self.added = nodeid, []

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.added.append(marker.name)


def test_the_hook_marks_only_listed_tests_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """A listed test is marked slow, so `-m "not slow"` leaves it out; others stay as they are."""
    monkeypatch.delenv("SCOREKEEPER_SLOW_LIST", raising=False)
    listed, unlisted = _Item(min(slow_list())), _Item("tests/test_x.py::test_fast")
    conftest.pytest_collection_modifyitems([listed, unlisted])  # type: ignore[list-item]
    assert (listed.added, unlisted.added) == (["slow"], [])
    monkeypatch.setenv("SCOREKEEPER_SLOW_LIST", "off")  # how bench/slow_tests.py measures all
    again = _Item(listed.nodeid)
    conftest.pytest_collection_modifyitems([again])  # type: ignore[list-item]
    assert again.added == []
