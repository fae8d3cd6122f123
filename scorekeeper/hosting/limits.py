"""Waitress settings for `scorekeeper serve` that keep a misbehaving device from locking the table out."""

from __future__ import annotations

import contextlib
import socket
import sys
import time
from typing import Any, cast

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

# waitress stops accepting at its connection_limit (100 by default) and drops an idle socket
# only after channel_timeout (120 s): 100 half-open connections from one device on the Wi-Fi
# locked every phone out. An open connection costs waitress a socket and a few KB, never a
# thread (threads serve only whole requests), so the limit can be far above a table's needs.
CONNECTION_LIMIT = 1000
IDLE_SECONDS = 30  # a kept-alive connection with nothing to say is closed after this
REQUEST_SECONDS = 15  # a request not wholly received this long after it began is dropped
CLEANUP_SECONDS = 2  # how often waitress looks for connections to drop
# One address may hold this many connections at once; the next are closed as soon as they are
# accepted. A phone's browser opens about six to a host, plus the sheet's live stream: 64 is
# ten phones behind one address, and 1,100 idle sockets from one laptop no longer take every
# slot (issue 34). `serve` is the LAN server: behind a proxy, where every client shares one
# address, gunicorn is the server to run (docs/operations.md).
PER_ADDRESS = 64
FILES_SPARE = 64  # file descriptors kept for the database, its WAL and the listening sockets


def _open_files_allowed(wanted: int) -> int:
    """Raises this process's open-file limit toward `wanted` where it can; returns the limit."""
    if sys.platform == "win32":
        return wanted  # waitress's select() on Windows has no per-process file limit to raise
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < ceiling:
        with contextlib.suppress(ValueError, OSError):  # a sandbox may refuse: keep what we have
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
            soft = ceiling
    return soft


class DeadlineChannel(HTTPChannel):
    """A waitress connection that notes when its unfinished request began to arrive."""

    request_began: float | None = None

    def received(self, data: bytes) -> bool:
        """Reads data as waitress does, remembering when a request started and ended."""
        if data and self.request is None:
            self.request_began = time.monotonic()
        result = bool(super().received(data))
        if self.request is None:  # every request that arrived is whole: none is trickling in
            self.request_began = None
        return result


class TableServer(TcpWSGIServer):
    """waitress's TCP server that also closes trickling requests and caps each address."""

    channel_class = DeadlineChannel
    request_seconds: float = REQUEST_SECONDS
    per_address: int = PER_ADDRESS
    effective_port: int  # the bound port, set by waitress's server (typeshed's stub omits it)

    def handle_accept(self) -> None:
        """Accepts a connection as waitress does, unless its address already holds its share."""
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
        except OSError:  # the peer left before accept (waitress logs and goes on, so do we)
            return
        host = addr[0] if isinstance(addr, tuple) else addr
        if self._held_by(host) >= self.per_address:
            with contextlib.suppress(OSError):
                conn.close()  # at once: an idle socket never costs a slot or a thread
            return
        try:
            self.set_socket_options(conn)
        except OSError:
            conn.close()
            return
        self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)  # type: ignore[attr-defined]  # asyncore's dispatcher sets _map; the stubs omit it

    def _held_by(self, host: str) -> int:
        """Returns how many open connections come from host."""
        channels = cast(dict[int, HTTPChannel], self.active_channels)  # every open one
        return sum(1 for channel in channels.values() if channel.addr and channel.addr[0] == host)

    def maintenance(self, now: float) -> None:
        """Closes idle connections (waitress's own check) and those sending a request too slowly."""
        super().maintenance(int(now))
        late = time.monotonic() - self.request_seconds
        channels = cast(dict[int, HTTPChannel], self.active_channels)  # the stub calls it one
        for channel in list(channels.values()):
            began = getattr(channel, "request_began", None)
            if began is not None and began < late and not channel.requests:
                channel.will_close = True  # closed by waitress's loop on its next pass


def make_server(
    app: Any,
    listener: socket.socket,
    *,
    threads: int,
    connection_limit: int = CONNECTION_LIMIT,
    idle_seconds: int = IDLE_SECONDS,
    request_seconds: float = REQUEST_SECONDS,
    cleanup_seconds: int = CLEANUP_SECONDS,
    per_address: int = PER_ADDRESS,
) -> TableServer:
    """Returns a waitress server on `listener` that slow or idle devices cannot fill."""
    files = _open_files_allowed(connection_limit + FILES_SPARE)
    adj = Adjustments(
        sockets=[listener],
        threads=threads,
        ident="scorekeeper",
        connection_limit=max(threads * 4, min(connection_limit, files - FILES_SPARE)),
        channel_timeout=idle_seconds,
        cleanup_interval=cleanup_seconds,
        asyncore_use_poll=True,  # select() cannot watch more than 1,024 sockets
    )
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(threads)
    # As waitress's create_server builds a server for a socket it is handed, with our class.
    server = TableServer(
        app,
        map={},
        _sock=listener,
        dispatcher=dispatcher,
        adj=adj,
        bind_socket=False,
        sockinfo=(listener.family, listener.type, listener.proto, listener.getsockname()),
    )
    server.request_seconds = request_seconds
    server.per_address = per_address
    return server
