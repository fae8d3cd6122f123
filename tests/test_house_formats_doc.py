"""docs/house-formats.md cannot drift: its examples are scored again, its codes are real."""

import re
from pathlib import Path

import pytest

from scorekeeper.papers.score_contract import score_document
from scorekeeper.rules import checks as format_checks
from scorekeeper.rules import patch as format_patch
from scorekeeper.rules import reader as format_reader
from tests.test_docs_examples import examples

DOC = Path(__file__).resolve().parents[1] / "docs" / "house-formats.md"
EXAMPLES = examples(DOC)


def test_the_examples_cover_what_the_issue_names():
    assert set(EXAMPLES) == {"sevens-canasta", "going-out-200-to-7500", "impossible-rules"}
    assert all(sorted(parts) == ["input", "output"] for parts in EXAMPLES.values())


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_documented_output_is_what_the_engine_prints(name):
    result, ok = score_document(EXAMPLES[name]["input"])
    assert result == EXAMPLES[name]["output"]
    assert ok is ("errors" not in result)


def test_every_documented_problem_code_is_one_the_loader_gives():
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Impossible rules", 1)[1].split("##", 1)[0]
    codes = set(re.findall(r"\| `?[^|]*\| `([a-z_]+)`(?:, `([a-z_]+)`)? \|", table))
    documented = {c for pair in codes for c in pair if c}
    source = "".join(
        Path(m.__file__).read_text() for m in (format_checks, format_reader, format_patch)
    )
    assert documented and all(f'"{code}"' in source for code in documented), documented
