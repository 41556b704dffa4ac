"""Screenshots of each page at tablet size, to look at as a user would.

Usage: python tools/screenshot.py [out-dir] [WIDTHxHEIGHT]  (needs a built dist/)
"""

from __future__ import annotations

import sys
from pathlib import Path

from localsite import CHROMIUM, CHROMIUM_ARGS, serve
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ROUTES = ("dice", "settings", "about", "simply", "gurps")


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
        for route in ROUTES:
            page.click(f"[data-testid=nav-{route}]")
            page.wait_for_timeout(200)
            page.screenshot(path=str(out / f"{route}-{width}x{height}.png"), full_page=True)
        browser.close()
    server.shutdown()
    print(f"screenshots in {out}/")


if __name__ == "__main__":
    main()
