"""The translators' tools: extract every message, update the catalogues, compile and check them.

`python -m scorekeeper.language.catalogues update` extracts the messages of the code, the templates and
the presets (as babel.cfg maps them), merges them into each language's `messages.po` and
compiles the `.mo` files beside them; `python -m scorekeeper.language.catalogues check` lists what is
missing, fuzzy, untranslated or has other placeholders (tests/test_translations.py runs it).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from scorekeeper.sentences.marked import N_

ROOT = Path(__file__).resolve().parents[2]  # a checkout: babel.cfg sits at its top
TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"
LANGUAGES = ("es", "pt_BR", "it", "de")  # English is the source language: no catalogue
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "Np_": (1, 2)}
SEARCHED = ("scorekeeper", "templates", "seeds")  # the folders babel.cfg's patterns reach
# A placeholder: %(name)s (or %(name)r) in Python and {% trans %} blocks, or a bare %s / %d.
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[sdr]")

# The keys of a preset whose values a player reads; ids, sources and codes are not words.
WORDED_KEYS = ("name", "description", "label", "help", "seating", "hand_label")
_WORDED = re.compile(rf'\b(?:{"|".join(WORDED_KEYS)})\s*=\s*("(?:[^"\\]|\\.)*")')


def extract_presets(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Yields (line, function, message, comments) for each worded value of a preset file.

    The presets stay data in English; babel.cfg names this extractor for seeds/formats, so
    each catalogue translates their names, labels and help texts and pages show gettext(label).
    """
    for number, line in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        if line.lstrip().startswith("#"):
            continue
        for quoted in _WORDED.findall(line):
            text = tomllib.loads(f"v = {quoted}")["v"]
            if text:
                yield number, "gettext", text, []


def extract(root: Path = ROOT) -> Catalog:
    """Returns the template catalogue: every message of the code, templates and presets."""
    with (root / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]  # Babel's frontend is untyped
    template = Catalog(project="Canasta Scorekeeper", fuzzy=False)

    def searched(dirpath: str) -> bool:
        relative = Path(dirpath).relative_to(root).parts
        return not relative or (relative[0] in SEARCHED and "__pycache__" not in relative)

    found = extract_from_dir(
        str(root), method_map, options_map, keywords=KEYWORDS, directory_filter=searched
    )
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def catalogue_path(language: str) -> Path:
    """Returns where a language's messages.po lives."""
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


def read(path: Path, language: str) -> Catalog:
    """Returns the catalogue kept at path (an empty one for a new language)."""
    if not path.exists():
        return Catalog(locale=language, project="Canasta Scorekeeper", fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=language)


def write(catalogue: Catalog, path: Path) -> None:
    """Writes a catalogue's .po and its compiled .mo beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    catalogue.fuzzy = False  # the header: a fuzzy catalogue would not compile at all
    with path.open("wb") as file:
        write_po(file, catalogue, width=100, sort_output=True, ignore_obsolete=True)
    with path.with_suffix(".mo").open("wb") as file:
        write_mo(file, catalogue)


def update(root: Path = ROOT) -> None:
    """Merges the extracted messages into every catalogue, compiles them, writes manifests."""
    template = extract(root)
    for language in LANGUAGES:
        path = catalogue_path(language)
        catalogue = read(path, language)
        catalogue.update(template, no_fuzzy_matching=True)
        write(catalogue, path)
        manifest_path(root, language).write_text(manifest(root, language), encoding="utf-8")


# The web manifest's words; each language gets its own static copy (an installed app keeps
# its name), written by `update` from the catalogue and compared by `check`.
MANIFEST_WORDS = ("name", "short_name", "description")
MANIFEST_TEXTS = (
    N_("Canasta Scorekeeper"),
    N_("Canasta"),
    N_("The Canasta score sheet for every format, at the table."),
)


def manifest_path(root: Path, language: str) -> Path:
    """Returns where a language's web manifest lives: static/manifest.<lang>.webmanifest."""
    return root / "static" / f"manifest.{language}.webmanifest"


def manifest(root: Path, language: str) -> str:
    """Returns the English web manifest with its words from the language's catalogue."""
    english = (root / "static" / "manifest.webmanifest").read_text(encoding="utf-8")
    data = json.loads(english)
    catalogue = read(catalogue_path(language), language)
    for key in MANIFEST_WORDS:
        entry = catalogue.get(data[key])
        data[key] = entry.string if entry is not None and entry.string else data[key]
    data["lang"] = language.replace("_", "-")
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"  # small: first load


def _texts(message: Any) -> list[str]:
    return list(message) if isinstance(message, list | tuple) else [message]


def placeholders(text: str) -> list[str]:
    """Returns the sorted placeholders of a message: names, and '' for each bare %s."""
    return sorted(PLACEHOLDER.findall(text.replace("%%", "")))


def problems(template: Catalog, language: str, catalogue: Catalog) -> list[str]:
    """Returns what is wrong with one catalogue against the extracted messages."""
    found = []
    for wanted in template:
        if not wanted.id:
            continue
        key = wanted.id if isinstance(wanted.id, str) else wanted.id[0]
        entry = catalogue.get(key, context=wanted.context)
        if entry is None:
            found.append(f"{language}: missing {key!r}")
            continue
        strings = _texts(entry.string)
        if entry.fuzzy:
            found.append(f"{language}: fuzzy {key!r}")
        if not all(strings):
            found.append(f"{language}: untranslated {key!r}")
            continue
        expected = placeholders(_texts(wanted.id)[-1])
        for string in strings:
            if placeholders(string) != expected:
                found.append(f"{language}: placeholders of {key!r} differ in {string!r}")
    return found


def _key(text: Any) -> Any:
    """Returns a message id or string as something hashable: plural forms as a tuple."""
    return tuple(text) if isinstance(text, list | tuple) else text


def compiled_problems(language: str) -> list[str]:
    """Returns the messages whose compiled .mo differs from the .po (not compiled since)."""
    path = catalogue_path(language)
    source = read(path, language)
    with path.with_suffix(".mo").open("rb") as file:
        built = read_mo(file)
    expected = {_key(m.id): _key(m.string) for m in source if m.id and m.string and not m.fuzzy}
    got = {_key(m.id): _key(m.string) for m in built if m.id}
    return [
        f"{language}: messages.mo is not compiled from messages.po ({key!r})"
        for key in sorted(set(expected) | set(got), key=str)
        if expected.get(key) != got.get(key)
    ]


def check(root: Path = ROOT) -> list[str]:
    """Returns every problem of every catalogue; none means the check passes."""
    template = extract(root)
    found = []
    for language in LANGUAGES:
        found += problems(template, language, read(catalogue_path(language), language))
        found += compiled_problems(language)
        path = manifest_path(root, language)
        if not path.exists() or path.read_text(encoding="utf-8") != manifest(root, language):
            found.append(f"{language}: {path.name} is not written from the catalogue")
    return found


def main(argv: list[str]) -> int:
    """Runs `update` or `check` from the command line; exit 1 when the check finds problems."""
    command = argv[0] if argv else "check"
    if command == "update":
        update()
        return 0
    if command == "check":
        found = check()
        print("\n".join(found) or "Every catalogue is complete.")
        return 1 if found else 0
    print("usage: python -m scorekeeper.language.catalogues update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
