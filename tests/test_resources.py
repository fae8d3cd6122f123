"""`resource_dir` finds templates, static files and seeds from scorekeeper/basics/, checked out or installed."""

import importlib.util
import shutil
from pathlib import Path

import pytest

from scorekeeper.basics.resources import resource_dir

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("templates", "static", "seeds")


@pytest.mark.parametrize("name", FOLDERS)
def test_a_checkout_finds_the_folders_at_its_top(name):
    assert resource_dir(name) == ROOT / name


def test_an_installed_package_finds_the_folders_inside_itself(tmp_path):
    """Laid out as the wheel installs it: scorekeeper/basics/resources.py beside scorekeeper/<folder>."""
    package = tmp_path / "site" / "scorekeeper"
    (package / "basics").mkdir(parents=True)
    shutil.copy(
        ROOT / "scorekeeper" / "basics" / "resources.py", package / "basics" / "resources.py"
    )
    for name in FOLDERS:
        (package / name).mkdir()
        (tmp_path / name).mkdir()  # a decoy where a wrong count of parents would land
    spec = importlib.util.spec_from_file_location(
        "installed_resources", package / "basics" / "resources.py"
    )
    assert spec is not None and spec.loader is not None
    installed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(installed)
    for name in FOLDERS:
        assert installed.resource_dir(name) == package / name
