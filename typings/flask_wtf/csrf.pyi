from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask
from werkzeug.exceptions import BadRequest

_View = TypeVar("_View", bound=Callable[..., Any])

def generate_csrf(secret_key: str | None = None, token_key: str | None = None) -> str: ...

class CSRFProtect:
    def __init__(self, app: Flask | None = None) -> None: ...
    def init_app(self, app: Flask) -> None: ...
    def exempt(self, view: _View) -> _View: ...
    def protect(self) -> None: ...

class CSRFError(BadRequest):
    description: str
