"""`scorekeeper serve`: the app under waitress, and on the LAN the addresses phones can scan."""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import os
import signal
import socket
import struct
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TextIO

import segno

from scorekeeper.hosting import replicate as replication
from scorekeeper.language.i18n import DEFAULT_LOCALE, language_code, speaking

THREADS = 8  # a table's phones poll the sheet while one records: plenty, and SQLite is local
ANY_IPV4 = "0.0.0.0"  # every interface of this machine
LOOPBACK = "127.0.0.1"
EXIT_FAILED = 2
DEFAULT_PORT = 5000
SPARE_PORTS = range(5001, 5011)  # tried in turn when the default port is taken
TABLE_PATH = "/table"  # the host's QR code leads under it, with the table key (web/games/table.py)
DARK, LIGHT = 16, 231  # xterm's 256-colour black and white: no theme changes these two


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


def terminal_language(environ: Mapping[str, str] = os.environ) -> str:
    """Returns the language of the terminal's messages, from LC_ALL, LC_MESSAGES or LANG."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(".")[0]
        if value and value not in ("C", "POSIX"):
            return language_code(value) or DEFAULT_LOCALE
    return DEFAULT_LOCALE


def colours_wanted(out: TextIO, environ: Mapping[str, str] = os.environ) -> bool:
    """Tells whether to print colour codes: to a terminal, unless NO_COLOR says not to.

    Piped into a file or a log the codes are only noise; FORCE_COLOR asks for them anyway.
    """
    if environ.get("FORCE_COLOR"):
        return True
    if environ.get("NO_COLOR"):
        return False
    isatty = getattr(out, "isatty", None)
    return bool(isatty and isatty())


def terminal_qr(text: str, border: int = 4, *, colour: bool = True) -> str:
    """Returns a QR code as lines of half blocks that set both colours themselves.

    segno's terminal drawing leaves one colour to the terminal's theme, so on a light
    background (macOS Terminal's default) the code came out inverted and would not scan.
    Here every cell names black and white outright: it reads the same on any theme.
    Without colour (NO_COLOR, or piped) the dark modules are plain blocks of ink.
    """
    if not colour:
        return _plain_qr(text, border)
    matrix = [[bool(module) for module in row] for row in segno.make(text, error="m").matrix]
    side = len(matrix) + 2 * border
    blank = [False] * side
    rows = [blank] * border + [[False] * border + row + [False] * border for row in matrix]
    rows += [blank] * (border + (len(rows) + border) % 2)  # an even count: two rows a line
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        cells, last = [], None
        for upper, lower in zip(top, bottom, strict=True):
            colours = (DARK if upper else LIGHT, DARK if lower else LIGHT)
            if colours != last:  # upper half in the foreground, lower half in the background
                cells.append(f"\x1b[38;5;{colours[0]};48;5;{colours[1]}m")
                last = colours
            cells.append("▀")
        lines.append("".join(cells) + "\x1b[0m")
    return "\n".join(lines)


def _plain_qr(text: str, border: int) -> str:
    """Returns a QR code as half blocks with no colour codes: ink for the dark modules."""
    matrix = [[bool(module) for module in row] for row in segno.make(text, error="m").matrix]
    side = len(matrix) + 2 * border
    rows = [[False] * side] * border
    rows += [[False] * border + row + [False] * border for row in matrix]
    rows += [[False] * side] * (border + (len(rows) + border) % 2)
    glyphs = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    return "\n".join(
        "".join(glyphs[cell] for cell in zip(top, bottom, strict=True))
        for top, bottom in zip(rows[0::2], rows[1::2], strict=True)
    )


def announce(
    out: TextIO,
    local: str,
    origins: Iterable[str],
    *,
    lan: bool = False,
    note: str = "",
    table: str = TABLE_PATH,
) -> None:
    """Prints where the app is, and each LAN address as a link and a QR code to scan.

    `table` is the path the QR code leads to: `/table/<the instance's table key>` under serve.
    """
    from scorekeeper.language import gettext as _

    origins = list(origins)
    with speaking(terminal_language()):
        if note:
            print(note, file=out)
        here = local + "/"
        print(_("Canasta Scorekeeper is running. On this computer: %(url)s", url=here), file=out)
        if not origins and lan:
            print(
                _(
                    "No network address found: this computer is not on a Wi-Fi or wired "
                    "network, so phones cannot reach it. Join the table's Wi-Fi, then stop "
                    "this (Ctrl+C) and start it again."
                ),
                file=out,
            )
        elif not origins:
            print(
                _(
                    "Only this computer can open it. To let phones at the table join, "
                    "start it with: %(command)s",
                    command="scorekeeper serve --lan",
                ),
                file=out,
            )
        for origin in origins:
            link = f"{origin}{table}"
            print(
                "\n"
                + _("Phones at the table: scan this to open the game, or open %(url)s", url=link),
                file=out,
            )
            print(terminal_qr(link, colour=colours_wanted(out)), file=out)
        print("\n" + _("Ctrl+C stops it."), file=out)
    out.flush()


def _bind(host: str, port: int) -> socket.socket:
    """Returns a socket bound to host:port; raises OSError when it cannot be."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    if sys.platform != "win32":  # a restart may bind while old connections wind down
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError:
        listener.close()
        raise
    return listener


def _say(message: str) -> None:
    """Prints one line on stderr, in the terminal's language, with the command's name."""
    print(f"scorekeeper: {message}", file=sys.stderr)


def running_here(host: str, port: int) -> tuple[str, str] | None:
    """Returns this app's address and instance folder when it already answers on the port.

    Asks for its manifest on this computer, for a second at most; no proxy is asked. The
    folder is "" when the running app does not say it (an older version).
    """
    import urllib.request

    address = LOOPBACK if host in (ANY_IPV4, "", "::") else host
    url = f"http://{address}:{port}"
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"{url}/static/manifest.webmanifest", timeout=1) as answer:
            found = b'"Canasta Scorekeeper"' in answer.read(4096)
            folder = answer.headers.get("X-Scorekeeper-Instance", "")
    except (OSError, ValueError):
        return None
    return (f"{url}/", folder) if found else None


def _already_running(port: int, url: str, folder: str) -> str:
    """Words the app found on the port: this instance started twice, or another instance."""
    from scorekeeper.app import instance_folder
    from scorekeeper.language import gettext as _

    ours = str(instance_folder())
    if folder and Path(folder).resolve() != Path(ours).resolve():
        return _(
            "Canasta Scorekeeper is already running on port %(port)s with another instance "
            "folder (%(folder)s): open %(url)s for its games. To run this one (%(ours)s) beside "
            "it, choose another port: --port %(other)s.",
            port=port,
            folder=folder,
            url=url,
            ours=ours,
            other=port + 1 if port < 65535 else 5001,
        )
    return _(
        "Canasta Scorekeeper is already running on port %(port)s: open %(url)s. To "
        "start it again, stop that one first (Ctrl+C in its window).",
        port=port,
        url=url,
    )


def listen(host: str, port: int | None) -> tuple[socket.socket | None, str]:
    """Returns a socket for host:port and a note to print, or None after saying why it cannot be.

    No port given: DEFAULT_PORT, or when another program holds it (AirPlay does, on recent
    Macs) the next free one, said in the note. A port given and taken: how to choose another.
    """
    from scorekeeper.language import gettext as _

    wanted = DEFAULT_PORT if port is None else port
    address = f"{host}:{wanted}"
    with speaking(terminal_language()):
        try:
            return _bind(host, wanted), ""
        except OSError as error:
            reason = error.strerror or str(error)
            if error.errno != errno.EADDRINUSE:  # not this machine's address, or not allowed
                _say(
                    _(
                        "cannot listen on %(address)s: %(reason)s",
                        address=address,
                        reason=reason,
                    )
                )
                return None, ""
        running = running_here(host, wanted)
        if running is not None:  # this same app, started before: not a second server beside it
            _say(_already_running(wanted, *running))
            return None, ""
        if port is not None:
            _say(
                _(
                    "cannot listen on %(address)s: %(reason)s. Another program uses port "
                    "%(port)s: choose another with --port, e.g. --port %(other)s, or --port 0 "
                    "for any free port.",
                    address=address,
                    reason=reason,
                    port=wanted,
                    other=wanted + 1 if wanted < 65535 else 5001,
                )
            )
            return None, ""
        for candidate in [*SPARE_PORTS, 0]:  # 0: any port the system finds free
            with contextlib.suppress(OSError):
                listener = _bind(host, candidate)
                chosen = listener.getsockname()[1]
                note = _(
                    "Port %(taken)s is taken by another program, so the app uses port "
                    "%(port)s instead.",
                    taken=wanted,
                    port=chosen,
                )
                return listener, note
    _say(f"cannot listen on {host}: no free port")
    return None, ""


def serve(
    *,
    host: str | None = None,
    port: int | None = None,
    lan: bool = False,
    threads: int = THREADS,
    replicate: str | None = None,
) -> int:
    """Serves the app with waitress until Ctrl+C; returns the exit status.

    `port` None: the default port, or a free one when it is taken; `replicate` a replica URL
    that Litestream copies the database to while the app runs.
    """
    from scorekeeper import create_app
    from scorekeeper.hosting.limits import make_server

    bind = host or (ANY_IPV4 if lan else LOOPBACK)
    listener, note = listen(bind, port)  # bound here, so a taken port is one clear line
    if listener is None:
        return EXIT_FAILED
    app = create_app()
    server = make_server(app, listener, threads=threads)
    port = server.effective_port  # the one chosen when asked for port 0
    origins = [f"http://{a}:{port}" for a in listen_addresses(bind)]
    app.config["LAN_ORIGINS"] = origins
    local = f"http://{LOOPBACK if bind == ANY_IPV4 else bind}:{port}"
    app.config["SERVED_ORIGIN"] = local  # links name what was announced, never a Host header
    copier = _replicating(app.config["DATABASE"], Path(app.instance_path), replicate)
    if copier is False:
        server.close()
        return EXIT_FAILED
    from scorekeeper.web.games.table_key import table_key

    key = table_key(Path(app.instance_path))  # the QR's secret: only who sees it joins
    lan_bound = bind in (ANY_IPV4, "", "::")
    announce(sys.stdout, local, origins, lan=lan_bound, note=note, table=f"{TABLE_PATH}/{key}")
    try:
        server.run()
    except KeyboardInterrupt:
        print("Stopped.")
    finally:
        server.close()
        if isinstance(copier, subprocess.Popen):
            replication.stop(copier)
    return 0


def _replicating(
    database: str, instance: Path, url: str | None
) -> subprocess.Popen[bytes] | None | bool:
    """Starts Litestream for url (None: no replica); False after saying why it cannot."""
    if url is None:
        return None
    try:
        copier = replication.start(database, url, instance / "litestream.yml")
    except (replication.ReplicaError, OSError) as error:
        _say(str(error))
        return False
    # systemd and `kill` stop with SIGTERM: end as on Ctrl+C, so Litestream is stopped with us.
    signal.signal(signal.SIGTERM, _interrupted)
    return copier


def _interrupted(_signum: int, _frame: object) -> None:
    """Turns SIGTERM into the KeyboardInterrupt that stops the server cleanly."""
    raise KeyboardInterrupt
