"""One table from problem code to sentence: complete, consistent, and the only place words live.

The engine and the store produce codes and params (`problem_codes.CODES`); every sentence about
them, English included, is a template of `problem_table.TEXTS`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scorekeeper.engine import Problem
from scorekeeper.engine.ending import EndProblem
from scorekeeper.rules import problem_codes
from scorekeeper.sentences import problem_table, problem_texts

ROOT = Path(__file__).resolve().parents[1] / "scorekeeper"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sr]")
# A sentence: a capital, at least two more words, and a full stop, question or colon.
SENTENCE = re.compile(r"^(?!SELECT |UPDATE |INSERT |DELETE )[A-Z][\w'’]*(?: [^ ]+){2,}[.?:!]$")
# The store's refusals still marked N_() where written, each file's count: they may only shrink
# (issue 27: the store's sentences move into the table, file by file).
MARKED_IN_STORE = {
    "games/browsers.py": 1,
    "errors.py": 8,
    "events/checks.py": 3,
    "events/rounds.py": 3,
    "events/errors.py": 2,  # events.py's two, moved with the event's refusals
    "games/end.py": 1,
    "groups/group.py": 4,
    "games/hands.py": 2,
    "formats/shared.py": 2,
    "formats/house.py": 7,
    "portable/check.py": 18,  # portable.py's 44, split along export / file / games / import
    "portable/read.py": 26,
    "portable/groups.py": 15,
    "games/rules_change.py": 1,
    "games/shelf.py": 3,
    "seasons/public.py": 1,  # the rooms counted since store/ became rooms (issue 36)
    "seasons/seasons.py": 1,
}


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_every_code_has_a_template_and_every_template_a_code() -> None:
    assert set(problem_codes.CODES) == set(problem_table.TEXTS)


@pytest.mark.parametrize("code", sorted(problem_codes.CODES))
def test_a_templates_parameters_are_its_codes(code: str) -> None:
    """Each form of the sentence names exactly the params the code declares."""
    template, wanted = problem_table.TEXTS[code], set(problem_codes.CODES[code])
    assert _placeholders(template.text) == wanted, template.text
    if template.plural:
        assert _placeholders(template.plural) == wanted, template.plural
        assert template.count in wanted


@pytest.mark.parametrize("code", sorted(problem_codes.CODES))
def test_each_code_is_one_snake_case_style(code: str) -> None:
    assert re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*", code)


def test_a_problem_with_an_undeclared_code_or_a_missing_param_cannot_be_made() -> None:
    with pytest.raises(problem_codes.UnknownCode):
        Problem("We", "melded_points", "no-such-code")
    with pytest.raises(problem_codes.UnknownCode):
        Problem("We", "melded_points", "not_multiple_of_5", {"value": 7})  # no label
    with pytest.raises(problem_codes.UnknownCode):
        EndProblem("target_too_high", "target", {})


def test_english_is_the_tables_sentence_filled_in() -> None:
    found = Problem(
        "We", "melded_points", "not_multiple_of_5", {"label": "melded_points", "value": 7}
    )
    assert found.message == "Melded points must be a multiple of 5 (every card is); got 7."
    assert problem_texts.english("too_many_hands", {"most": 1000}) == (
        "A game holds at most 1,000 hands; start a new game to play on."
    )


def _strings(path: Path) -> list[tuple[int, str, bool]]:
    """Returns each string literal of a module but its docstrings: line, text, marked by N_()."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    marked = {
        id(arg)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"
        for arg in node.args
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):  # an f-string: its literal pieces, joined
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant)) + "."
            if SENTENCE.match(text.strip().rstrip(".") + "."):
                found.append((node.lineno, text, False))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and SENTENCE.match(node.value)
        ):
            found.append((node.lineno, node.value, id(node) in marked))
    return found


@pytest.mark.parametrize("layer", ["engine", "stats"])
def test_the_engine_writes_no_sentence(layer: str) -> None:
    """Not an f-string, not a marked message: codes and params only."""
    found = [
        (path.name, line, text)
        for path in sorted((ROOT / layer).glob("*.py"))
        for line, text, _marked in _strings(path)
    ]
    assert not found


def test_the_store_writes_no_sentence_outside_the_table() -> None:
    """No f-string or plain sentence; the N_()-marked refusals left may only become fewer."""
    plain, marked = [], {}
    for path in sorted((ROOT / "store").rglob("*.py")):  # every room, each file by its path
        name = path.relative_to(ROOT / "store").as_posix()
        for line, text, is_marked in _strings(path):
            if is_marked:
                marked[name] = marked.get(name, 0) + 1
            else:
                plain.append((name, line, text))
    assert not plain
    grown = {name: n for name, n in marked.items() if n > MARKED_IN_STORE.get(name, 0)}
    assert not grown, f"a new store sentence belongs in problem_table.TEXTS: {grown}"
