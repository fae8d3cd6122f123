"""JSON from strangers: limits counted before parsing, and a duplicate-key check that is linear."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.basics import safe_json
from scorekeeper.basics.safe_json import JsonRefused, Limits, loads, structure
from scorekeeper.store.portable.importing import WEB_MAX_BYTES, InvalidImport, import_games

SMALL = Limits(max_bytes=10_000, max_depth=4, max_keys=10)


@pytest.mark.parametrize(
    ("text", "depth", "keys"),
    [
        pytest.param("1", 0, 0, id="scalar"),
        pytest.param('{"a": [1, {"b": 2}]}', 3, 2, id="nested"),
        pytest.param('{"a:[[[": "]]]:{"}', 1, 1, id="brackets-in-strings"),
        pytest.param('["\\"[", {"x": "\\\\"}]', 2, 1, id="escapes"),
        pytest.param('"unterminated [[[', 0, 0, id="unterminated-string"),
    ],
)
def test_structure_ignores_what_is_inside_strings(text: str, depth: int, keys: int) -> None:
    """Depth and keys count only JSON's own brackets and colons."""
    assert structure(text)[:2] == (depth, keys)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param("[" * 5 + "]" * 5, "too_deep", id="too_deep"),
        pytest.param("[" * 5_000, "too_deep", id="unbalanced-deep"),
        pytest.param("{" + ",".join(f'"k{n}": 1' for n in range(11)) + "}", "too_many_keys"),
        pytest.param("[" + "1" * 31 + "]", "number_too_long", id="long-number"),
        pytest.param(" " * 10_001, "too_large", id="too_large"),
        pytest.param('{"a": 1, "a": 2}', "duplicate_key", id="duplicate"),
        pytest.param("[NaN]", "not_a_number", id="nan"),
        pytest.param("{", "not_json", id="not_json"),
        pytest.param(b"\xff", "not_utf8", id="not_utf8"),
    ],
)
def test_out_of_bounds_json_is_refused_with_a_code(text, code: str) -> None:
    """Each limit has its own code; nothing deep or huge reaches the parser."""
    with pytest.raises(JsonRefused) as refused:
        loads(text, SMALL)
    assert refused.value.code == code


def test_every_refusal_code_is_snake_case_as_the_engines_are() -> None:
    """One style of problem code across the package (issue 27): the JSON refusals' too."""
    source = Path(safe_json.__file__).read_text(encoding="utf-8")
    codes = re.findall(r'_refused\(\s*"([^"]+)"', source)
    assert len(set(codes)) >= 9, codes  # every refusal is made by _refused
    assert [c for c in codes if not re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*", c)] == []


def comparisons_for_import(keys: int) -> int:
    """Returns the key comparisons of importing one object of `keys` keys with a late twin."""
    body = ", ".join(f'"k{n:07d}": 1' for n in range(keys))
    text = "{" + body + ', "k0000000": 2}'
    safe_json.Counter.comparisons = 0
    with pytest.raises(InvalidImport, match="appears twice"):
        import_games(None, text, max_bytes=WEB_MAX_BYTES)  # refused before any database use
    return safe_json.Counter.comparisons


@pytest.mark.slow  # parses files up to the largest the web takes: seconds
def test_the_duplicate_key_check_is_linear_up_to_the_largest_web_file() -> None:
    """Finding 1: the largest allowed duplicate-key file costs one comparison per key."""
    largest = (WEB_MAX_BYTES - 40) // len('"k0000000": 1, ')
    half = largest // 2
    assert comparisons_for_import(largest) == largest + 1  # every key once, the twin once more
    assert comparisons_for_import(half) == half + 1
    assert len("{" + ", ".join(f'"k{n:07d}": 1' for n in range(largest)) + "}") <= WEB_MAX_BYTES
