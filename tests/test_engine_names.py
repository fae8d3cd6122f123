"""The one name rule: what a side or player may be called, wherever the name comes from."""

from __future__ import annotations

import pytest

from scorekeeper.engine.names import name_problem
from scorekeeper.sentences.problem_texts import english


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
        pytest.param("\x00Ann", "name_control", id="nul-first"),
        pytest.param("Ann\x00", "name_control", id="nul-last"),
        pytest.param("A\tB", "name_control", id="tab"),
        pytest.param("A\nB", "name_control", id="newline"),
        pytest.param("A\x7fB", "name_control", id="delete"),
        pytest.param("A\x85B", "name_control", id="c1-control"),
        pytest.param("\u202eevil", "name_bidi", id="right-to-left-override"),
        pytest.param("a\u2066b", "name_bidi", id="left-to-right-isolate"),
        pytest.param("a\u200fb", "name_bidi", id="right-to-left-mark"),
        pytest.param("a\ud800b", "name_surrogate", id="lone-high-surrogate"),
        pytest.param("\udfff", "name_surrogate", id="lone-low-surrogate"),
        pytest.param("", "name_blank", id="empty"),
        pytest.param("   ", "name_blank", id="spaces"),
        pytest.param("x" * 41, "name_too_long", id="41-characters"),
        pytest.param(" Ann", "name_spaces", id="leading-space"),
        pytest.param(None, "name_blank", id="not-text"),
    ],
)
def test_bad_names_say_why(name, code: str) -> None:
    """Each kind of bad name has its own code, and the one table a sentence for it."""
    problem = name_problem(name)
    assert problem == code
    sentence_code = "player_name_blank" if code == "name_blank" else code
    assert english(sentence_code, {"most": 40})


def test_the_first_bad_character_is_named() -> None:
    """A NUL before a bidi override is reported as the control character it is."""
    problem = name_problem("\x00\u202e")
    assert problem == "name_control"
