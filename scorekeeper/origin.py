"""Where other phones reach this app: the origin of every link handed out (share links, API)."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from flask import current_app, request


def is_loopback(host: str) -> bool:
    """Tells whether a host (name or address, with or without a port) names this machine only."""
    try:
        name = urlsplit(f"//{host}").hostname or ""
    except ValueError:  # a bare IPv6 address such as ::1 reads as a bad port
        name = host
    for candidate in (host.strip("[]"), name):
        try:
            return ipaddress.ip_address(candidate).is_loopback
        except ValueError:
            continue
    return name == "localhost" or name.endswith(".localhost")


def lan_origins() -> list[str]:
    """Returns the LAN origins `scorekeeper serve --lan` listens on, e.g. http://192.168.1.20:5000."""
    return list(current_app.config.get("LAN_ORIGINS") or ())


def announced_origins() -> list[str]:
    """Returns what `scorekeeper serve` announced: its LAN origins, then its own local one."""
    local = current_app.config.get("SERVED_ORIGIN")
    return [*lan_origins(), *([str(local)] if local else [])]


def public_origin() -> str:
    """Returns scheme://host[:port] for links that other phones open, or "" for relative links.

    A client's Host header never decides where a link points:
    - the configured origin (SCOREKEEPER_ORIGIN) wins;
    - under `scorekeeper serve`, the addresses it announced: the one this request came to when
      it is among them (but never loopback while it listens on the LAN: a phone cannot open
      127.0.0.1), else the first LAN address, else its own local address;
    - elsewhere, a loopback Host (a developer's own machine) is used as it is;
    - any other Host is not trusted: links are relative ("" here), and pages complete them
      with the address the browser itself shows.
    """
    configured = current_app.config.get("PUBLIC_ORIGIN")
    if configured:
        return str(configured).rstrip("/")
    announced = announced_origins()
    if announced:
        lan = lan_origins()
        if not (lan and is_loopback(request.host)):
            came_to = request.host.lower()
            for origin in announced:
                if urlsplit(origin).netloc.lower() == came_to:
                    return origin
        return announced[0]
    if is_loopback(request.host):
        return request.host_url.rstrip("/")
    return ""


def reachable_by_other_phones() -> bool:
    """Tells whether links from public_origin() can open on another device at all."""
    origin = public_origin()
    return not origin or not is_loopback(urlsplit(origin).netloc)


def public_url(path: str) -> str:
    """Returns a link to a path of this app (from url_for) at the public origin: absolute, or the
    path alone when the origin is not known (see public_origin)."""
    return public_origin() + path
