"""Screenshots of each page at tablet size, to look at as a user would.

Usage: python tools/screenshot.py [out-dir] [WIDTHxHEIGHT] [PAGES]  (needs a built dist/)

PAGES is a comma-separated list of routes, each optionally followed by ``:`` and test ids to click
first, joined by ``+``: ``simply:simply-tab-characters,gurps``. The file is named after the spec.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from localsite import CHROMIUM, CHROMIUM_ARGS, serve
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pycore.systems.system import SYSTEM_KEYS  # noqa: E402

#: The pages shot by default: the app's own, then every system's (its descriptor).
ROUTES = ("dice", "settings", "about", *SYSTEM_KEYS)


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 768x1024")
    return int(width), int(height)


def _arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; ``--help`` prints the usage (it once made a folder named --help)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default="screenshots", type=Path, help="folder to write")
    parser.add_argument("size", nargs="?", default="768x1024", type=_size, help="WIDTHxHEIGHT")
    parser.add_argument("pages", nargs="?", default=",".join(ROUTES), help="route[:ids],...")
    return parser.parse_args(argv)


def main() -> None:
    args = _arguments()
    out: Path = args.out
    width, height = args.size
    out.mkdir(parents=True, exist_ok=True)
    server, origin = serve(ROOT / "dist")
    url = f"{origin}/"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(url)
        page.wait_for_selector('html[data-ready="1"]', timeout=60_000)
        for expr in ("3d6", "4d6kh3", "2d10+3"):
            page.fill("[data-testid=dice-expr]", expr)
            page.click("[data-testid=dice-roll]")
        specs = args.pages.split(",")
        for spec in specs:
            route, _, clicks = spec.partition(":")
            page.click(f"[data-testid=nav-{route}]")
            for testid in filter(None, clicks.split("+")):
                page.click(f"[data-testid={testid}]")
            page.wait_for_timeout(300)
            name = spec.replace(":", "-").replace("+", "-")
            page.screenshot(path=str(out / f"{name}-{width}x{height}.png"), full_page=True)
        browser.close()
    server.shutdown()
    print(f"screenshots in {out}/")


if __name__ == "__main__":
    main()
