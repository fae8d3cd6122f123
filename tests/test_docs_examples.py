"""docs/formats.md cannot drift: every documented example is scored again and must match."""

import json
import re
from pathlib import Path

import pytest

from scorekeeper.papers.score_contract import score_document
from scorekeeper.rules.presets import load_presets

DOC = Path(__file__).resolve().parents[1] / "docs" / "formats.md"
BLOCK = re.compile(r"<!-- example: (\S+) (input|output) -->\s*```json\n(.*?)\n```", re.DOTALL)


def examples(doc: Path = DOC) -> dict[str, dict[str, object]]:
    """Returns each documented example by name: its parsed input and output documents."""
    found: dict[str, dict[str, object]] = {}
    for name, part, text in BLOCK.findall(doc.read_text(encoding="utf-8")):
        assert part not in found.setdefault(name, {}), f"two {part} blocks for {name}"
        found[name][part] = json.loads(text)
    return found


EXAMPLES = examples()


def test_every_example_has_an_input_and_an_output():
    assert EXAMPLES
    assert {name: sorted(parts) for name, parts in EXAMPLES.items()} == {
        name: ["input", "output"] for name in EXAMPLES
    }


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_documented_output_is_what_the_engine_prints(name):
    result, ok = score_document(EXAMPLES[name]["input"])
    assert result == EXAMPLES[name]["output"]
    assert ok is ("errors" not in result)


def test_every_preset_has_an_example_of_its_own():
    presets = load_presets()
    assert set(presets) <= set(EXAMPLES)
    for format_id in presets:
        assert EXAMPLES[format_id]["input"]["format"] == format_id


def test_every_house_option_is_documented():
    text = DOC.read_text(encoding="utf-8")
    missing = [
        f"{preset.id}: {option.id}"
        for preset in load_presets().values()
        for option in preset.rules.options
        if f"`{option.id}`" not in text
    ]
    assert missing == []
