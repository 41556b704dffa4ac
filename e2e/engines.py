"""Firefox ESR and WebKitGTK driven without extra packages: both speak WebDriver, Firefox through
its own Marionette socket (the protocol geckodriver speaks to it), WebKit through Debian's
WebKitWebDriver over HTTP. Each gives ``run(script, *args)`` (a function body, as WebDriver's
Execute Script) and ``goto(url)``; tests do everything else with scripts in the page.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB_RUN = "/usr/bin/xvfb-run"
# Keep Firefox off this machine's closed network and quiet.
FIREFOX_PREFS = {
    "app.update.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "extensions.update.enabled": False,
    "browser.aboutwelcome.enabled": False,
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.2)
    raise TimeoutError(f"nothing listens on port {port} after {seconds} s")


class Engine:
    name = ""

    def command(self, name: str, params: dict[str, Any]) -> Any:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        self.command("navigate", {"url": url})

    def close(self) -> None:
        raise NotImplementedError

    def run(self, script: str, *args: Any) -> Any:
        return self.command("execute", {"script": script, "args": list(args)})

    def set_window(self, width: int, height: int) -> None:
        raise NotImplementedError

    def screenshot(self) -> bytes:
        """The viewport as the user sees it, a PNG."""
        raise NotImplementedError

    def set_viewport(self, width: int, height: int) -> tuple[int, int]:
        """Size the window so that the page's viewport (innerWidth x innerHeight) is the
        tablet's, whatever the browser's own bars take; returns the viewport reached."""
        # WebKitGTK under Xvfb resizes its window a moment after the call returns (CI once read
        # 768x986 straight after it): measure again until the viewport holds still.
        window = (width, height)
        reached = (0, 0)
        for _ in range(10):
            self.set_window(*window)
            time.sleep(0.1)
            inner = self.run("return [innerWidth, innerHeight]")
            reached = int(inner[0]), int(inner[1])
            if reached == (width, height):
                break
            window = (window[0] + width - reached[0], window[1] + height - reached[1])
        return reached

    def wait(self, script: str, seconds: float = 90, *args: Any) -> Any:
        """Poll ``script`` (a function body) until it returns something truthy."""
        end = time.monotonic() + seconds
        while True:
            with contextlib.suppress(Exception):  # the page may be between two documents
                value = self.run(script, *args)
                if value:
                    return value
            if time.monotonic() > end:
                raise TimeoutError(f"{self.name}: still false after {seconds} s: {script}")
            time.sleep(0.25)


class Firefox(Engine):
    """Firefox ESR, headless, on a fresh profile, over Marionette."""

    name = "firefox"
    COMMANDS: ClassVar[dict[str, str]] = {
        "navigate": "WebDriver:Navigate",
        "execute": "WebDriver:ExecuteScript",
    }

    def __init__(self) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="rk-firefox-"))
        port = free_port()
        prefs = {**FIREFOX_PREFS, "marionette.port": port}
        (self.profile / "user.js").write_text(
            "".join(f'user_pref("{k}", {json.dumps(v)});\n' for k, v in prefs.items())
        )
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--marionette", "--no-remote", "--profile", str(self.profile)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(port, 60)
        self.sock = socket.create_connection(("127.0.0.1", port), 60)
        self.buffer = b""
        self.next_id = 0
        self.receive()  # the greeting
        self.send("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {}}})

    def receive(self) -> Any:
        while b":" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        size, _, rest = self.buffer.partition(b":")
        while len(rest) < int(size):
            rest += self.sock.recv(65536)
        self.buffer = rest[int(size) :]
        return json.loads(rest[: int(size)])

    def send(self, name: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        body = json.dumps([0, self.next_id, name, params]).encode()
        self.sock.sendall(str(len(body)).encode() + b":" + body)
        while True:
            _, reply_id, error, result = self.receive()
            if reply_id == self.next_id:
                break
        if error:
            raise RuntimeError(f"firefox {name}: {error.get('message', error)}")
        return result

    def command(self, name: str, params: dict[str, Any]) -> Any:
        result = self.send(self.COMMANDS[name], params)
        return result.get("value") if isinstance(result, dict) else result

    def set_window(self, width: int, height: int) -> None:
        self.send("WebDriver:SetWindowRect", {"width": width, "height": height})

    def screenshot(self) -> bytes:
        result = self.send("WebDriver:TakeScreenshot", {"full": False})
        return base64.b64decode(result["value"] if isinstance(result, dict) else result)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.send("Marionette:Quit", {})
        self.sock.close()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class WebKit(Engine):
    """WebKitGTK's MiniBrowser (the engine family of iPad Safari) under Xvfb, over WebDriver."""

    name = "webkit"

    def __init__(self) -> None:
        port = free_port()
        self.process = subprocess.Popen(
            [XVFB_RUN, "-a", WEBKIT_DRIVER, f"--port={port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # xvfb-run's Xvfb goes with it on close
        )
        wait_port(port, 60)
        self.base = f"http://127.0.0.1:{port}"
        options = {"binary": MINIBROWSER, "args": ["--automation"]}
        caps = {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}}
        self.session = self.http("POST", "/session", caps)["sessionId"]

    def http(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data, {"Content-Type": "application/json"}, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"webkit {path}: {exc.read()[:500]!r}") from None

    def command(self, name: str, params: dict[str, Any]) -> Any:
        path = {"navigate": "/url", "execute": "/execute/sync"}[name]
        return self.http("POST", f"/session/{self.session}{path}", params)

    def set_window(self, width: int, height: int) -> None:
        self.http(
            "POST", f"/session/{self.session}/window/rect", {"width": width, "height": height}
        )

    def screenshot(self) -> bytes:
        return base64.b64decode(self.http("GET", f"/session/{self.session}/screenshot"))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.http("DELETE", f"/session/{self.session}")
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, 15)
        self.process.wait(20)


ENGINES = {"firefox": (Firefox, FIREFOX), "webkit": (WebKit, WEBKIT_DRIVER)}


def available() -> list[str]:
    return [name for name, (_, binary) in ENGINES.items() if Path(binary).exists()]


def require(name: str) -> None:
    """In a test: skip when ``name`` is not installed, or fail under ``make e2e``, which
    installs every engine (REQUIRE_ENGINES), so that a missing one is a failure there."""
    import pytest

    if name in available():
        return
    if os.environ.get("REQUIRE_ENGINES"):
        pytest.fail(f"{name} is not installed")
    pytest.skip(f"{name} is not installed (make e2e installs it)")


def service_worker_files(dist: Path) -> int:
    """How many files a first visit fetches: those the built sw.js lists, and sw.js itself."""
    source = (dist / "sw.js").read_text()
    return len(json.loads(source[source.index("[") : source.index("];") + 1])) + 1


@contextlib.contextmanager
def open_engine(name: str) -> Iterator[Engine]:
    engine = ENGINES[name][0]()
    try:
        yield engine
    finally:
        engine.close()


class Chromium(Engine):
    """Playwright's page behind the engines' calls (a script is a function body); ``wait`` is
    the engines' own."""

    name = "chromium"

    def __init__(self, page: Any) -> None:
        self.page = page

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def run(self, script: str, *args: Any) -> Any:
        return self.page.evaluate(
            f"(args) => (function () {{ {script} }}).apply(null, args)", list(args)
        )

    def set_viewport(self, width: int, height: int) -> tuple[int, int]:
        self.page.set_viewport_size({"width": width, "height": height})
        return width, height


@contextlib.contextmanager
def drive(name: str, browser: Any) -> Iterator[Engine]:
    """``name``'s engine: Chromium in a new context of Playwright's ``browser`` (the suite's
    own), Firefox or WebKit started here (skipped where not installed, see ``require``)."""
    if name == "chromium":
        driver = Chromium(browser.new_context().new_page())
        try:
            yield driver
        finally:
            driver.page.context.close()
        return
    require(name)
    with open_engine(name) as engine:
        yield engine


def webkit_visit_as_a_user(url: str, sent: list[tuple[str, int]], files: int, quiet: float) -> None:
    """Open ``url`` in MiniBrowser as a user does, with a profile of its own on disk and no
    WebDriver (whose session has no HTTP cache, so there a service worker's install downloads
    again what the page loaded as module scripts). Returns once the server has sent ``files``
    different files and then nothing for ``quiet`` seconds (the install done), or after 180 s."""
    home = tempfile.mkdtemp(prefix="rk-webkit-")
    env = {**os.environ, "HOME": home, "XDG_DATA_HOME": f"{home}/data"}
    env["XDG_CACHE_HOME"] = f"{home}/cache"
    process = subprocess.Popen(
        [XVFB_RUN, "-a", MINIBROWSER, url],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        end, seen, last_change = time.monotonic() + 180, 0, time.monotonic()
        while time.monotonic() < end:
            if len(sent) != seen:
                seen, last_change = len(sent), time.monotonic()
            done = len({path for path, _ in sent}) >= files
            if done and time.monotonic() - last_change > quiet:
                return
            time.sleep(0.2)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, 9)
        process.wait(20)
        shutil.rmtree(home, ignore_errors=True)
