"""The wheel must carry every subpackage and the templates, static files and presets."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_code_folder_is_listed_as_a_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    on_disk = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "scorekeeper").rglob("__init__.py")
    }
    assert on_disk <= listed, f"add to [tool.setuptools] packages: {sorted(on_disk - listed)}"
    for resource in ("templates", "static", "seeds"):
        assert config["package-dir"][f"scorekeeper.{resource}"] == resource


def test_the_translations_ship_in_the_wheel():
    """Every catalogue, .po and compiled .mo, matches a package-data pattern."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    package = ROOT / "scorekeeper"
    shipped = {
        p for pattern in config["package-data"]["scorekeeper"] for p in package.glob(pattern)
    }
    catalogues = set((package / "translations").rglob("*.[mp]o"))
    assert len(catalogues) == 8 and catalogues <= shipped


def test_the_frozen_presets_of_the_migrations_ship_in_the_wheel():
    """`0003_game_rules` reads its own copies of the presets: each matches a package-data pattern."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    package = ROOT / "scorekeeper" / "store" / "migrations"
    patterns = config["package-data"]["scorekeeper.store.migrations"]
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    frozen = set((package / "frozen_presets").iterdir())
    assert len(frozen) == 14 and frozen <= shipped
