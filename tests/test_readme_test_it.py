"""The README's "Test it" says what `.ci/run` installs beside the code (issue 32 item 6): every
apt package, the browser tests' npm packages, the pip extras, and how long a first run takes."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.split("## Test it", 1)[1].split("\n## ", 1)[0]


def test_every_package_the_script_installs_is_named() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    text = " ".join(_section().split())
    apt = re.findall(r"missing\+=\(([\w.-]+)\)", script)
    assert apt, "the script's apt packages were not found"
    npm = json.loads((ROOT / "tests" / "browser" / "package.json").read_text())["dependencies"]
    extras = re.findall(r"pip install -q -e '\.\[([\w,]+)\]'", script)
    assert extras, "the script's pip extras were not found"
    named = [*apt, *npm, "npm install", "apt", *(f"`{e}`" for e in extras[0].split(","))]
    assert [name for name in named if name not in text] == []


def test_it_says_how_long_the_first_run_takes() -> None:
    text = " ".join(_section().split())
    assert "first run takes about ten minutes on two cores" in text
