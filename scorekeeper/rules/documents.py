"""Format documents: a preset with options, or a base preset with changes, frozen and digested."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from scorekeeper.rules.checks import FormatProblem, problem
from scorekeeper.rules.model import FormatChoiceError, PresetError, Rules
from scorekeeper.rules.patch import apply_changes
from scorekeeper.rules.presets import load_presets
from scorekeeper.rules.reader import build_rules
from scorekeeper.rules.tree import copied
from scorekeeper.sentences.marked import N_

MAX_NAME = 60
MAX_CHANGES = 200
INLINE_KEYS = {"base", "set", "name", "options"}


class FormatError(ValueError):
    """A format document cannot be played: every problem is named by its field."""

    def __init__(self, problems: Iterable[FormatProblem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))


def canonical(document: Mapping[str, Any]) -> str:
    """Returns the document as canonical JSON text: sorted keys, no spaces."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(document: Mapping[str, Any]) -> str:
    """Returns the SHA-256 of the document's canonical JSON, in hex."""
    return hashlib.sha256(canonical(document).encode("utf-8")).hexdigest()


def rules_of(document: Mapping[str, Any], active: Iterable[str] = (), where: str = "") -> Rules:
    """Returns the rules a whole document describes; FormatError names every bad field."""
    try:
        return build_rules(document, where or str(document.get("id", "format")), active)
    except PresetError as error:
        raise FormatError(error.problems) from None


# The words of FormatChoiceError's codes, as the problem table holds them (translated there).
CHOICE_TEMPLATES = {
    "unknown_option": N_("%(format)s has no house option %(option)r."),
    "clashing_options": N_("House options %(first)r and %(second)r both set %(path)s."),
}


def preset_document(format_id: str, options: Iterable[str] = ()) -> dict[str, Any]:
    """Returns a preset's document with these house options already applied."""
    preset = load_presets().get(format_id)
    if preset is None:
        found = problem("format", "unknown_format", N_("There is no format %(id)r."), id=format_id)
        raise FormatError([found])
    try:
        rules = preset.with_options(options)
    except FormatChoiceError as error:  # an option the preset has not, or two that clash
        template = CHOICE_TEMPLATES[error.code]
        raise FormatError([problem("options", error.code, template, **error.params)]) from None
    document = copied(preset.data)
    for option_id in rules.active_options:
        document = apply_changes(document, rules.option(option_id).changes, preset.where)
    return document


_digests: dict[tuple[str, tuple[str, ...]], str] = {}
_digests_of: object = None  # the presets they were worked out from


def preset_digest(format_id: str, options: tuple[str, ...] = ()) -> str:
    """Returns the digest of `preset_document(format_id, options)`, worked out once a process."""
    # Every sheet asks whether its game's preset has moved on, and copying and hashing the
    # document cost more than the page. Presets are read once per process; should they be
    # read again (a test editing them), the digests are worked out again too.
    global _digests_of
    presets = load_presets()
    if presets is not _digests_of:
        _digests.clear()
        _digests_of = presets
    key = (format_id, options)
    if key not in _digests:
        _digests[key] = digest(preset_document(format_id, options))
    return _digests[key]


def derive(
    base: str | Mapping[str, Any],
    changes: Mapping[str, Any],
    *,
    format_id: str | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """Returns a base (preset id or document) with dotted-key changes, checked whole."""
    return derive_rules(base, changes, format_id=format_id, name=name)[0]


def derive_rules(
    base: str | Mapping[str, Any],
    changes: Mapping[str, Any],
    *,
    format_id: str | None = None,
    name: str | None = None,
) -> tuple[dict[str, Any], Rules]:
    """Returns the changed document and the rules it describes, built once to check it."""
    problems: list[FormatProblem] = []
    if not isinstance(changes, Mapping):
        raise FormatError([problem("set", "not_a_table", N_("Changes map keys to values."))])
    if len(changes) > MAX_CHANGES:
        found = problem(
            "set", "too_many", N_("At most %(most)s changes at once."), most=MAX_CHANGES
        )
        raise FormatError([found])
    document = preset_document(base) if isinstance(base, str) else copied(dict(base))
    for key in ("id", "name", "order"):
        if key in changes:
            problems.append(
                problem(key, "not_a_rule", N_("%(key)r is not a rule to change."), key=key)
            )
    for key, value in changes.items():
        try:  # one key at a time, so every bad key and every impossible value is reported
            document = apply_changes(document, {key: value}, "set")
        except PresetError as error:
            problems += error.problems
    if format_id is not None:
        document["id"] = format_id
    if name is not None:
        document["name"] = name
    rules = None
    try:
        rules = rules_of(document)
    except FormatError as error:
        problems += error.problems
    if problems or rules is None:
        raise FormatError(problems)
    return document, rules


def check_name(name: Any) -> str:
    """Returns a house format's name, stripped; FormatError when empty or too long."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        template = N_("A house format needs a name of 1 to %(most)s characters.")
        raise FormatError([problem("name", "bad_name", template, most=MAX_NAME)])
    return name.strip()


def inline_document(value: Any) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Reads the `format` of a hand document: a preset id, or {"base", "set"} to change one."""
    if isinstance(value, str):
        return preset_document(value), ()
    if not isinstance(value, Mapping):
        template = N_('Give a preset id, or {"base": "classic", "set": {...}}.')
        raise FormatError([problem("format", "bad_format", template)])
    unknown = sorted(set(value) - INLINE_KEYS)
    if unknown:
        template = N_("A format has no field %(key)r (fields: base, set, name, options).")
        found = problem(f"format.{unknown[0]}", "unknown_key", template, key=unknown[0])
        raise FormatError([found])
    base = value.get("base")
    if not isinstance(base, str):
        template = N_("Name the preset it starts from, e.g. classic.")
        raise FormatError([problem("format.base", "bad_format", template)])
    options = value.get("options") or []
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        template = N_("Options are a list of house option ids.")
        raise FormatError([problem("format.options", "bad_options", template)])
    try:
        document = derive(preset_document(base, options), value.get("set") or {})
    except FormatError as error:
        if error.problems and error.problems[0].code in ("unknown_format", "unknown_option"):
            field = "base" if error.problems[0].code == "unknown_format" else "options"
            moved = replace(error.problems[0], field=f"format.{field}")
            raise FormatError([moved]) from None
        raise FormatError(_under("format", error.problems)) from None
    if "name" in value:
        document["name"] = check_name(value["name"])
    return document, tuple(options)


def _under(prefix: str, problems: Iterable[FormatProblem]) -> list[FormatProblem]:
    """Returns the problems with their fields under a prefix, as a hand document names them."""
    return [replace(p, field=f"{prefix}.{p.field}" if p.field else prefix) for p in problems]


def read_format_file(path: Path) -> Rules:
    """Reads a format document from a TOML or JSON file: a whole preset, or a base with changes."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise FormatError([FormatProblem("", "unreadable", f"Cannot read it: {error}")]) from None
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise FormatError([FormatProblem("", "not_a_document", str(error))]) from None
    if isinstance(data, dict) and "base" in data and "pack" not in data:
        data = dict(data)
        document = derive(str(data.pop("base")), data.pop("set", {}), name=data.pop("name", None))
        if data:
            key = sorted(data)[0]
            template = N_("%(key)r is not a field of a house format (base, name, set).")
            raise FormatError([problem(key, "unknown_key", template, key=key)])
        return rules_of(document, where=path.name)
    if not isinstance(data, dict):
        raise FormatError([problem("", "not_a_table", N_("Expected a table of fields."))])
    return rules_of(data, where=path.name)
