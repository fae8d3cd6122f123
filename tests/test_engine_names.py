"""The one name rule: what a side or player may be called, wherever the name comes from."""

from __future__ import annotations

import pytest

from scorekeeper.engine.names import name_problem


@pytest.mark.parametrize(
    "name",
    ["Ann", "Zoë", "李雷", "Ann-Marie O'Neil", "😀 Bo", "<script>", "x" * 40, "مریم"],
)
def test_good_names(name: str) -> None:
    """Letters of any script, punctuation, emoji and markup-looking text are names."""
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "code"),
    [
        pytest.param("\x00Ann", "name-control", id="nul-first"),
        pytest.param("Ann\x00", "name-control", id="nul-last"),
        pytest.param("A\tB", "name-control", id="tab"),
        pytest.param("A\nB", "name-control", id="newline"),
        pytest.param("A\x7fB", "name-control", id="delete"),
        pytest.param("A\x85B", "name-control", id="c1-control"),
        pytest.param("\u202eevil", "name-bidi", id="right-to-left-override"),
        pytest.param("a\u2066b", "name-bidi", id="left-to-right-isolate"),
        pytest.param("a\u200fb", "name-bidi", id="right-to-left-mark"),
        pytest.param("a\ud800b", "name-surrogate", id="lone-high-surrogate"),
        pytest.param("\udfff", "name-surrogate", id="lone-low-surrogate"),
        pytest.param("", "name-blank", id="empty"),
        pytest.param("   ", "name-blank", id="spaces"),
        pytest.param("x" * 41, "name-too-long", id="41-characters"),
        pytest.param(" Ann", "name-spaces", id="leading-space"),
        pytest.param(None, "name-blank", id="not-text"),
    ],
)
def test_bad_names_say_why(name, code: str) -> None:
    """Each kind of bad name has its own code and a message for the reader."""
    problem = name_problem(name, "player")
    assert problem is not None
    assert (problem.code, bool(problem.message)) == (code, True)


def test_the_first_bad_character_is_named() -> None:
    """A NUL before a bidi override is reported as the control character it is."""
    problem = name_problem("\x00\u202e")
    assert problem is not None and problem.code == "name-control"
