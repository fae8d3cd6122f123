"""The Flask extensions, made here unbound so blueprints can import them without the factory."""

from __future__ import annotations

from flask_babel import Babel
from flask_compress import Compress
from flask_wtf import CSRFProtect

babel = Babel()
csrf = CSRFProtect()
compress = Compress()  # zstd, br or gzip for text answers; settings in web/__init__.py
