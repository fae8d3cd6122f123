"""The format presets: every shipped file and house option loads, and bad files are refused."""

from __future__ import annotations

import dataclasses
import itertools
import tomllib
from pathlib import Path

import pytest

from scorekeeper.basics.resources import resource_dir
from scorekeeper.rules.model import FormatChoiceError, PresetError
from scorekeeper.rules.presets import load_preset, load_presets, rules_for

FORMATS = resource_dir("seeds") / "formats"
PRESET_FILES = sorted(FORMATS.glob("*.toml"))

# The formats in the order of their `order` field (docs/rules.md section 4).
EXPECTED_ORDER = [
    "classic",
    "two_hand",
    "cutthroat",
    "five_hand",
    "six_hand_two_teams",
    "six_hand_three_teams",
    "samba",
    "bolivia",
    "brazilian",
    "cuban",
    "mexicana",
    "hand_and_foot",
    "oklahoma",
    "modern_american",
]

# Pack size -> card points of the whole pack, red threes excluded (rules.md V7), and red threes
# in the pack (rules.md V6). Oklahoma's 105 cards have no red-three bonus.
PACK_POINTS = {108: 1180, 162: 1770, 270: 2950, 105: 1380}
PACK_RED_THREES = {108: 4, 162: 6, 270: 10, 105: None}


def _option_params() -> list:
    params = []
    for path in PRESET_FILES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for option in data.get("options", []):
            params.append(pytest.param(path, option["id"], id=f"{path.stem}-{option['id']}"))
    return params


def _check_rules(rules) -> None:
    """Checks the pack-derived invariants of one set of rules."""
    assert rules.pack in PACK_POINTS, f"unexpected pack size {rules.pack}"
    assert rules.card_points_max == PACK_POINTS[rules.pack]
    threes = PACK_RED_THREES[rules.pack]
    if threes is None:
        assert rules.red_threes is None
    else:
        assert rules.red_threes is not None
        assert rules.red_threes.max == threes
        assert len(rules.red_threes.scale) == threes
        assert all(v % 5 == 0 and v > 0 for v in rules.red_threes.scale)
        assert list(rules.red_threes.scale) == sorted(rules.red_threes.scale)
    if rules.black_threes is not None:
        assert len(rules.black_threes.scale) == rules.black_threes.max
    for kind in rules.canastas:
        assert kind.min_points >= 35, kind.id
    for kind, count in rules.going_out.requires.items():
        assert count <= rules.going_out.canastas, kind
    assert rules.going_out.concealed_bonus >= rules.going_out.bonus


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in PRESET_FILES])
def test_preset_loads(path: Path) -> None:
    preset = load_preset(path)
    assert preset.id == path.stem
    assert preset.with_options([]) is preset.rules
    _check_rules(preset.rules)
    option_ids = [o.id for o in preset.rules.options]
    assert len(option_ids) == len(set(option_ids))
    if preset.rules.ending.target is not None:
        assert "tie_is_draw" in option_ids


@pytest.mark.parametrize(("path", "option_id"), _option_params())
def test_option_alone(path: Path, option_id: str) -> None:
    preset = load_preset(path)
    rules = preset.with_options([option_id])
    assert rules.active_options == (option_id,)
    assert dataclasses.replace(rules, active_options=()) != preset.rules, "option changes nothing"
    _check_rules(rules)


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in PRESET_FILES])
def test_option_pairs(path: Path) -> None:
    """Options on different paths combine; options on the same path are refused together."""
    preset = load_preset(path)
    for a, b in itertools.combinations(preset.rules.options, 2):
        if set(a.changes) & set(b.changes):
            with pytest.raises(FormatChoiceError, match="both set") as clash:
                preset.with_options([a.id, b.id])
            assert clash.value.code == "clashing_options"
        else:
            _check_rules(preset.with_options([a.id, b.id]))


def test_all_formats_in_order() -> None:
    presets = load_presets()
    assert list(presets) == EXPECTED_ORDER
    assert [p.data["order"] for p in presets.values()] == list(range(1, len(EXPECTED_ORDER) + 1))


def test_unknown_option_is_a_named_error_with_a_code() -> None:
    with pytest.raises(FormatChoiceError) as unknown:
        load_presets()["samba"].with_options(["no_such_option"])
    assert unknown.value.code == "unknown_option"
    assert str(unknown.value) == "samba has no house option 'no_such_option'"
    assert isinstance(unknown.value, KeyError)  # callers that caught KeyError still do


def test_unknown_format_is_a_named_error_with_a_code() -> None:
    with pytest.raises(FormatChoiceError) as unknown:
        rules_for("no_such_format")
    assert unknown.value.code == "unknown_format"
    assert unknown.value.message == "unknown format 'no_such_format'"


CLASSIC = (FORMATS / "classic.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        pytest.param(
            'partnership = "fixed"\n',
            'partnership = "fixed"\ncolour = "red"\n',
            "table.colour",
            id="unknown-key",
        ),
        pytest.param("target = 5000", 'target = "5000"', "ending.target", id="wrong-type"),
        pytest.param("pack = 108\n", "", "pack", id="missing-field"),
        pytest.param("bonus = 500\n", "bonus = 502\n", "canastas[0].bonus", id="not-multiple-of-5"),
        pytest.param(
            "scale = [100, 200, 300, 800]",
            "scale = [100, 200, 300]",
            "red_threes.scale",
            id="short-red-three-scale",
        ),
        pytest.param(
            '"opening.must_exceed" = true',
            '"canastas.wild.bonus" = 1000',
            "canastas.wild.bonus",
            id="bad-option-path",
        ),
        pytest.param(
            '"opening.must_exceed" = true',
            '"opening.must_exced" = true',
            "opening.must_exced",
            id="option-sets-unknown-field",
        ),
        pytest.param('id = "classic"', 'id = "other"', "id", id="id-not-file-name"),
    ],
)
def test_malformed_preset(tmp_path: Path, old: str, new: str, field: str) -> None:
    assert old in CLASSIC
    path = tmp_path / "classic.toml"
    path.write_text(CLASSIC.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(PresetError) as error:
        load_preset(path)
    message = str(error.value)
    assert message.startswith("classic.toml")
    assert field in message


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("id = \n", encoding="utf-8")
    with pytest.raises(PresetError, match=r"^broken\.toml: "):
        load_preset(path)
