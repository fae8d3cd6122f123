"""Finds the folders shipped beside the code: templates, static files and seeds."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # this file sits in scorekeeper/basics/


def resource_dir(name: str) -> Path:
    """Returns the folder `name`, inside the installed package or at the top of a checkout."""
    installed = _PACKAGE / name
    return installed if installed.is_dir() else _PACKAGE.parent / name
