"""`scorekeeper serve`: the app under waitress, and on the LAN the addresses phones can scan."""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from collections.abc import Iterable
from typing import TextIO

import segno

THREADS = 8  # a table's phones poll the sheet while one records: plenty, and SQLite is local
ANY_IPV4 = "0.0.0.0"  # every interface of this machine
LOOPBACK = "127.0.0.1"
EXIT_FAILED = 2


def _usable(address: str) -> bool:
    """Tells whether an IPv4 address can be reached from another device on the network."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def _interface_addresses() -> list[str]:
    """Returns each network interface's IPv4 address (Linux); elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    siocgifaddr = 0x8915  # Linux's ioctl for an interface's address
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), siocgifaddr, request)
            except OSError:  # no IPv4 address on this interface, or it is down
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def _named_addresses() -> list[str]:
    """Returns the IPv4 addresses this machine's host name resolves to (Windows, macOS)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def _routed_address() -> list[str]:
    """Returns the address this machine would send LAN traffic from; no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 9))  # UDP connect only picks a route
            return [probe.getsockname()[0]]
        except OSError:
            return []


def lan_addresses() -> list[str]:
    """Returns this machine's IPv4 addresses that other devices may reach, private ones first."""
    seen: dict[str, None] = {}
    for address in (*_interface_addresses(), *_named_addresses(), *_routed_address()):
        if _usable(address):
            seen.setdefault(address)
    return sorted(seen, key=lambda a: not ipaddress.IPv4Address(a).is_private)


def listen_addresses(host: str) -> list[str]:
    """Returns the addresses phones can use for a server bound to `host`."""
    if host in (ANY_IPV4, "", "::"):
        return lan_addresses()
    return [host] if _usable(host) else []


def announce(out: TextIO, local: str, origins: Iterable[str]) -> None:
    """Prints where the app is, and each LAN address as a link and a QR code to scan."""
    origins = list(origins)
    print(f"Canasta Scorekeeper is running. On this computer: {local}/", file=out)
    if not origins:
        print(
            "Only this computer can open it. To let phones at the table join, "
            "start it with: scorekeeper serve --lan",
            file=out,
        )
    for origin in origins:
        print(f"\nPhones at the table: scan this, or open {origin}/", file=out)
        segno.make(f"{origin}/", error="m").terminal(out=out, compact=True, border=2)
    print("\nCtrl+C stops it.", file=out)
    out.flush()


def _listen(host: str, port: int) -> socket.socket | None:
    """Returns a socket bound to host:port, or None after saying why it cannot be."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    if sys.platform != "win32":  # a restart may bind while old connections wind down
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:  # the port is taken, or the address is not this machine's
        listener.close()
        reason = error.strerror or str(error)
        print(f"scorekeeper: cannot listen on {host}:{port}: {reason}", file=sys.stderr)
        return None
    return listener


def serve(
    *, host: str | None = None, port: int = 5000, lan: bool = False, threads: int = THREADS
) -> int:
    """Serves the app with waitress until Ctrl+C; returns the exit status."""
    from scorekeeper import create_app
    from scorekeeper.serve_limits import make_server

    bind = host or (ANY_IPV4 if lan else LOOPBACK)
    listener = _listen(bind, port)  # bound here, so a taken port is one clear line
    if listener is None:
        return EXIT_FAILED
    app = create_app()
    server = make_server(app, listener, threads=threads)
    port = server.effective_port  # the one chosen when asked for port 0
    origins = [f"http://{a}:{port}" for a in listen_addresses(bind)]
    app.config["LAN_ORIGINS"] = origins
    local = f"http://{LOOPBACK if bind == ANY_IPV4 else bind}:{port}"
    app.config["SERVED_ORIGIN"] = local  # links name what was announced, never a Host header
    announce(sys.stdout, local, origins)
    try:
        server.run()
    except KeyboardInterrupt:
        print("Stopped.")
    finally:
        server.close()
    return 0
