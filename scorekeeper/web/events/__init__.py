"""Club-night screens: the event form, the director's page, a table's notice and the big screen."""

from scorekeeper.web.events import (  # noqa: F401 - routes on bp
    cards,
    director,
    night,
    papers,
    resolve,
    screen,
    table_card,
    tables,
)
from scorekeeper.web.events.common import bp

__all__ = ["bp"]
