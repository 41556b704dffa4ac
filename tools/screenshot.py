"""Screenshots of each page at tablet size, to look at as a user would.

Usage: python tools/screenshot.py [out-dir] [WIDTHxHEIGHT] [PAGES]  (needs a built dist/)

PAGES is a comma-separated list of routes, each optionally followed by ``:`` and test ids to click
first, joined by ``+``: ``simply:simply-tab-characters,gurps``. The file is named after the spec.
"""

from __future__ import annotations

import sys
from pathlib import Path

from localsite import CHROMIUM, CHROMIUM_ARGS, serve
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ROUTES = ("dice", "settings", "about", "simply", "gurps", "aftermath", "percentile")


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    width, height = (int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "768x1024").split("x"))
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
        specs = sys.argv[3].split(",") if len(sys.argv) > 3 else ROUTES
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
