"""The deployment's settings from the environment, read in this one place."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# Each variable a deployment may set, the config key it fills, and how its text is read.
# instance/README.md lists them for operators; tests pass a mapping of their own.
VARIABLES: dict[str, tuple[str, str]] = {
    "SCOREKEEPER_DATABASE": ("DATABASE", "text"),
    "SCOREKEEPER_ORIGIN": ("PUBLIC_ORIGIN", "text"),
    "SCOREKEEPER_PROXY": ("PROXY_FIX", "flag"),
    "SCOREKEEPER_SECURE_COOKIES": ("SESSION_COOKIE_SECURE", "flag"),
    "SCOREKEEPER_CACHE": ("CACHE", "switch"),  # off: keep nothing (scorekeeper/store/cache.py)
}


def instance_folder(environ: Mapping[str, str] = os.environ) -> Path | None:
    """Returns the folder `$SCOREKEEPER_INSTANCE` names, or None when it is unset."""
    folder = environ.get("SCOREKEEPER_INSTANCE")
    return Path(folder).resolve() if folder else None


def from_environment(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """Returns the config keys the environment sets, read from their variables' text."""
    config: dict[str, Any] = {}
    for variable, (key, kind) in VARIABLES.items():
        text = environ.get(variable)
        if text is None or text == "":
            continue
        if kind == "flag":
            config[key] = text == "1"
        elif kind == "switch":  # on unless switched off
            config[key] = text.strip().lower() not in {"off", "0", "no", "false"}
        else:
            config[key] = text
    return config
