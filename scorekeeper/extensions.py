"""The Flask extensions, made here unbound so blueprints can import them without the factory."""

from __future__ import annotations

from flask_babel import Babel
from flask_wtf import CSRFProtect

babel = Babel()
csrf = CSRFProtect()
