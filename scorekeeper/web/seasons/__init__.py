"""A group's seasons on the web: standings, big screen, downloads, and public results pages."""

from scorekeeper.web.seasons import (
    director,  # noqa: F401 - adds the director's public switch and its template global
    pages,  # noqa: F401 - adds the members' season pages to the blueprint
    public,  # noqa: F401 - adds the public results pages to the blueprint
)
from scorekeeper.web.seasons.common import bp
from scorekeeper.web.seasons.public import entrant_card_url

__all__ = ["bp", "entrant_card_url"]
