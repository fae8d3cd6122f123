"""A marker for English words written below the web layer, so the catalogues list them."""

from __future__ import annotations


def N_(text: str) -> str:  # noqa: N802 (gettext's own name for "mark, translate later")
    """Returns the text unchanged; `pybabel extract` lists it and the edges translate it."""
    return text


def Np_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (ngettext's mark)
    """Returns both forms unchanged; `pybabel extract` lists them as one plural message."""
    return singular, plural
