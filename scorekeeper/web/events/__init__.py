"""Club-night screens: the event form, the director's page, a table's notice and the big screen."""

from scorekeeper.web.events import cards, director, screen, tables  # noqa: F401 - routes on bp
from scorekeeper.web.events.common import bp

__all__ = ["bp"]
