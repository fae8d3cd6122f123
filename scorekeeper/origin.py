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


def public_origin() -> str:
    """Returns scheme://host[:port] for links that other phones open.

    The configured origin (SCOREKEEPER_ORIGIN) wins; else the address this request came to,
    unless that is loopback while the server also listens on the LAN: a phone cannot open
    127.0.0.1, so links then name the first LAN address.
    """
    configured = current_app.config.get("PUBLIC_ORIGIN")
    if configured:
        return str(configured).rstrip("/")
    here = request.host_url.rstrip("/")
    lan = lan_origins()
    if lan and is_loopback(request.host):
        return lan[0]
    return here


def reachable_by_other_phones() -> bool:
    """Tells whether links from public_origin() can open on another device at all."""
    return not is_loopback(urlsplit(public_origin()).netloc)


def public_url(path: str) -> str:
    """Returns an absolute link to a path of this app (from url_for) at the public origin."""
    return public_origin() + path
