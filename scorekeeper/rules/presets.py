"""Format presets: one TOML file per Canasta format, loaded once into the format model."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from scorekeeper.basics.resources import resource_dir
from scorekeeper.rules.model import FormatChoiceError, PresetError, Rules
from scorekeeper.rules.patch import patch
from scorekeeper.rules.reader import build_rules
from scorekeeper.rules.tree import copied


class Preset:
    """One format file: its base rules and the house options a game may switch on."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data, self.where = data, where
        self.rules = build_rules(data, where)
        self.id = self.rules.id
        for option in self.rules.options:  # every option must give valid rules on its own
            self.with_options([option.id])

    def with_options(self, option_ids: Iterable[str]) -> Rules:
        """Returns the rules with these house options switched on, in the preset's order."""
        wanted = set(option_ids)
        unknown = wanted - {o.id for o in self.rules.options}
        if unknown:
            option = sorted(unknown)[0]
            raise FormatChoiceError(
                "unknown_option",
                f"{self.id} has no house option {option!r}",
                format=self.id,
                option=option,
            )
        chosen = [o for o in self.rules.options if o.id in wanted]
        if not chosen:
            return self.rules
        return self._patched(tuple(o.id for o in chosen))

    @cache  # noqa: B019 - presets live for the whole process
    def _patched(self, active: tuple[str, ...]) -> Rules:
        data = copied(self.data)
        touched: dict[str, str] = {}
        for option in (self.rules.option(i) for i in active):
            for path, value in option.changes.items():
                if path in touched:
                    raise FormatChoiceError(
                        "clashing_options",
                        f"house options {touched[path]!r} and {option.id!r} both set {path}",
                        first=touched[path],
                        second=option.id,
                        path=path,
                    )
                touched[path] = option.id
                patch(data, path, value, f"{self.where}: option {option.id}")
        return build_rules(data, self.where, active)


def load_preset(path: Path) -> Preset:
    """Loads and validates one preset file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise PresetError(f"{path.name}: {error}") from error
    preset = Preset(data, path.name)
    if preset.id != path.stem:
        raise PresetError(f"{path.name}.id: {preset.id!r} must match the file name")
    return preset


@cache
def load_presets(folder: Path | None = None) -> Mapping[str, Preset]:
    """Loads every preset in the formats folder, in the order of their `order` field."""
    folder = folder or resource_dir("seeds") / "formats"
    presets = [load_preset(path) for path in sorted(folder.glob("*.toml"))]
    if not presets:
        raise PresetError(f"no presets found in {folder.name}/")
    presets.sort(key=lambda p: (p.data.get("order", 99), p.id))
    return {p.id: p for p in presets}


def rules_for(format_id: str, option_ids: Iterable[str] = ()) -> Rules:
    """Returns the rules of a format with house options applied; FormatChoiceError when unknown."""
    presets = load_presets()
    if format_id not in presets:
        raise FormatChoiceError("unknown_format", f"unknown format {format_id!r}", format=format_id)
    return presets[format_id].with_options(option_ids)


def format_summaries() -> list[dict[str, Any]]:
    """Returns every preset as a JSON-ready summary with its house options (CLI and API)."""
    return [summary(preset.rules) for preset in load_presets().values()]


def summary(rules: Rules, *, house: bool = False) -> dict[str, Any]:
    """Returns one format's JSON-ready summary; `house` tells a table's own from a preset."""
    return {
        "house": house,
        "id": rules.id,
        "name": rules.name,
        "description": rules.description,
        "target": rules.ending.target,
        "deals": rules.ending.deals,
        "sides": list(rules.table.players_per_side),
        "min_sides": rules.table.min_sides,
        "max_sides": rules.table.max_sides,
        "canastas": [{"id": k.id, "label": k.label, "bonus": k.bonus} for k in rules.canastas],
        "special_hands": [
            {"id": h.id, "label": h.label, "points": h.points} for h in rules.special_hands
        ],
        "options": [
            {"id": o.id, "label": o.label, "description": o.description, "source": o.source}
            for o in rules.options
        ],
    }
