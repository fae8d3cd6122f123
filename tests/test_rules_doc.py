"""docs/rules.md cannot drift from the presets: every code, section and option they cite is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.basics.resources import resource_dir
from scorekeeper.rules.presets import load_presets

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
TEXT = DOC.read_text(encoding="utf-8")
PRESET_FILES = sorted((resource_dir("seeds") / "formats").glob("*.toml"))

# A source code as the presets write it: S0..S4, or capitals with an optional -suffix (RG-3).
CODE = re.compile(r"\b(S\d|[A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)?)\b")
# A section citation: "rules.md 4.9", "rules.md V5", "docs/rules.md sections 1-3, 4.1 and 5".
CITATION = re.compile(r"rules\.md (?:sections? )?((?:V?\d+(?:\.\d+)?(?:-\d+)?(?:, | and )?)+)")
HEADING = re.compile(r"^(#{2,4}) (\d+(?:\.\d+)?)[. ]", re.MULTILINE)


def documented_sources() -> set[str]:
    """Returns the codes in the first column of the tables of section 0."""
    part = TEXT.split("## 0. Sources", 1)[1].split("\n## 1.", 1)[0]
    return set(re.findall(r"^\| ([^|]+?) \|", part, re.MULTILINE)) - {"Code"}


def documented_sections() -> set[str]:
    """Returns the numbered headings and the V-numbered checks of the rule book."""
    return {number for _, number in HEADING.findall(TEXT)} | set(
        re.findall(r"^\| (V\d+) \|", TEXT, re.MULTILINE)
    )


def cited_sections(text: str) -> set[str]:
    """Returns every section a text cites as rules.md, ranges such as 1-3 expanded."""
    found: set[str] = set()
    for group in CITATION.findall(text):
        for item in re.split(r", | and ", group.strip(", ")):
            if re.fullmatch(r"\d+-\d+", item):
                first, last = map(int, item.split("-"))
                found.update(str(n) for n in range(first, last + 1))
            elif item:
                found.add(item)
    return found


def format_section(format_id: str) -> str:
    """Returns the text of the rule book's section headed with the format's id."""
    match = re.search(rf"^### 4\.\d+ .*\(`{format_id}`\)$", TEXT, re.MULTILINE)
    assert match, f"no section for {format_id}"
    rest = TEXT[match.end() :]
    end = re.search(r"^#{2,3} ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def test_the_source_table_is_read():
    assert {"S0", "S4", "BIC-CT", "RG-3", "HF-KL", "house rule"} <= documented_sources()


@pytest.mark.parametrize("path", PRESET_FILES, ids=lambda p: p.stem)
def test_every_source_code_a_preset_cites_is_listed(path):
    text = path.read_text(encoding="utf-8")
    assert "SPEC" not in text, "cite docs/rules.md, which lives in the repository"
    assert set(CODE.findall(text)) - documented_sources() == set()


@pytest.mark.parametrize("path", PRESET_FILES, ids=lambda p: p.stem)
def test_every_section_a_preset_cites_exists(path):
    cited = cited_sections(path.read_text(encoding="utf-8"))
    assert cited, "each preset names its section of the rule book"
    assert cited - documented_sections() == set()


def test_citations_are_parsed_with_their_ranges():
    assert cited_sections("(docs/rules.md sections 1-3, 4.1 and 5)") == {"1", "2", "3", "4.1", "5"}
    assert cited_sections("(rules.md V5) and rules.md 6.7") == {"V5", "6.7"}


@pytest.mark.parametrize("preset", load_presets().values(), ids=lambda p: p.id)
def test_every_house_option_is_in_its_format_section(preset):
    section = format_section(preset.id)
    missing = [o.id for o in preset.rules.options if f"`{o.id}`" not in section]
    assert missing == []


@pytest.mark.parametrize("preset", load_presets().values(), ids=lambda p: p.id)
def test_every_option_source_is_a_listed_code_or_a_section(preset):
    for option in preset.rules.options:
        for source in option.source.split(", "):
            source = re.sub(r" \(.*\)$", "", source)  # "S0 (Classic rule)" cites S0
            assert source in documented_sources() or cited_sections(source), option.id


@pytest.mark.parametrize("preset", load_presets().values(), ids=lambda p: p.id)
def test_each_format_section_states_how_the_game_ends(preset):
    ending = preset.rules.ending
    section = format_section(preset.id)
    if ending.deals:
        assert "four deals" in section and ending.deals == 4
    else:
        assert f"{ending.target:,}" in section
