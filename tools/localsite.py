"""Serving a folder on loopback and launching Debian's Chromium: shared by the e2e tests, the
benchmarks and the screenshot tool, so the flags that keep Chromium off the network live once."""

from __future__ import annotations

import os
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium keeps trying this machine's closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class CountingHandler(QuietHandler):
    """Records every file body sent (path, bytes) on its server's ``sent`` list, so a visit's
    downloads are known whatever the browser; a 304 sends no body and is not counted."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        size = os.fstat(source.fileno()).st_size
        self.server.sent.append((self.path.split("?")[0], size))  # type: ignore[attr-defined]
        super().copyfile(source, outputfile)


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    sent: list[tuple[str, int]]

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser context closing mid-download resets the connection; that means nothing here.
        pass


def serve(directory: Path, handler: type[QuietHandler] = QuietHandler) -> tuple[QuietServer, str]:
    """Serve ``directory`` on a free loopback port in a thread; return the server and its origin."""
    server = QuietServer(("127.0.0.1", 0), partial(handler, directory=str(directory)))
    server.sent = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
