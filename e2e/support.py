"""Shared pieces of the end-to-end tests (importable: e2e/ is put on sys.path by conftest)."""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path
from typing import Any

import zxingcpp
from playwright.sync_api import Browser, Page, ViewportSize, expect

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
READY = 'html[data-ready="1"]'
#: Set it to a folder to keep the screenshots the tests take with :func:`shot` (to look at them).
SHOTS = os.environ.get("RK_SHOTS", "")


def in_view(page: Page, testid: str) -> None:
    """The first element of ``testid`` lies inside the 768x1024 viewport (no scroll)."""
    box = page.get_by_test_id(testid).first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1024, box


def shot(page: Page, name: str) -> None:
    """Keep a screenshot of the page under ``$RK_SHOTS`` (nothing when it is not set)."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png")


def run_axe(page: Page) -> list[dict[str, Any]]:
    # add_script_tag injects an inline script, which the page's CSP refuses; evaluate goes over CDP.
    page.evaluate(AXE.read_text())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]


def enter(page: Page, testid: str, value: str) -> None:
    """Type into a field and leave it, as a user does (the change event commits it)."""
    box = page.get_by_test_id(testid)
    box.fill(value)
    box.press("Tab")


def aftermath_fighter(page: Page, name: str, skill: str, bcs: str, arm: tuple[str, ...]) -> None:
    """A character built on the Aftermath sheet: one skill, one weapon (name, kind, the gun or
    the Weapons Listing row it is, and for a gun the ammunition loaded in it, with its rounds
    left and when full) used with that skill, and the values a user types for CDA, mass and
    DRT. The firefight e2e and its benchmark build their fighters with this."""
    page.get_by_test_id("aft-char-new").click()
    enter(page, "aft-name", name)
    expect(page.get_by_test_id("aft-char-entry").last).to_contain_text(name)
    enter(page, "aft-skill-name", skill)
    enter(page, "aft-skill-bcs", bcs)
    page.get_by_test_id("aft-skill-add").click()
    weapon, kind, what, *loaded = arm
    enter(page, "aft-weapon-name", weapon)
    page.get_by_test_id("aft-weapon-kind").select_option(kind)
    page.get_by_test_id("aft-weapon-gun" if kind == "gun" else "aft-weapon-listed").select_option(
        what
    )
    if loaded:
        page.get_by_test_id("aft-weapon-ammo").select_option(loaded[0])
    for tail, value in zip(("rounds", "capacity"), loaded[1:], strict=False):
        enter(page, f"aft-weapon-{tail}", value)
    page.get_by_test_id("aft-weapon-skill").select_option(skill)
    page.get_by_test_id("aft-weapon-add").click()
    expect(page.get_by_test_id("aft-weapon-skill-0")).to_contain_text(f"Skill: {skill}")
    for field, value in (("cda", "1"), ("mass", "2"), ("drt", "40")):
        enter(page, f"aft-derived-{field}", value)


def all_ones(expr: str) -> str:
    """What to type for ``expr`` when every die shows 1: its lowest total, modifiers included
    (a single number typed for a roll with a modifier is its total)."""
    from pycore.dice import distribution

    return str(min(distribution(expr)))


# Rule IDs (SIM-09, GUR-M03, AFT-21…26), seed line references and settings keys belong inside the
# explanation a user opens ("Why", "Every step", the rules list), never on the screen around it.
RULE_TEXT = r"\b(?:SIM|GUR|AFT|PCT)-M?\d+|\bseeds?/|\.txt\b|\blines? \d+\b|\b[a-z]+_[a-z_]+\b"
HIDDEN_RULE_TEXT = """(pattern) => {
  const root = document.getElementById("app").cloneNode(true);
  // The explanations a user opens: every <details> whose summary is an explanation.
  for (const d of root.querySelectorAll("details")) {
    const s = d.querySelector(":scope > summary");
    const words = s ? s.textContent.trim().toLowerCase() : "";
    if (d.classList.contains("why") || /^(why|every step|rules?|how|the rules)/.test(words)) {
      d.remove();
    }
  }
  for (const hidden of root.querySelectorAll("[hidden], script, style, template")) hidden.remove();
  const re = new RegExp(pattern, "g");
  const found = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (const m of n.textContent.matchAll(re)) {
      const at = m.index;
      found.push(n.textContent.slice(Math.max(0, at - 30), at + m[0].length + 30).trim());
    }
  }
  return found;
}"""


def rule_text_outside_why(page: Page) -> list[str]:
    """Rule IDs, seed-line references and settings keys on the screen outside an explanation
    (each with the words around it): an empty list on every route and tab (issue 25 item 4)."""
    return list(page.evaluate(HIDDEN_RULE_TEXT, RULE_TEXT))


def open_again(page: Page, link: str) -> None:
    """Open a share link in a tab that is already open (a new hash, then a reload)."""
    page.goto(link)
    page.reload()
    page.wait_for_selector(READY)


SCALE = 4  # pixels per QR module when a test draws the page's code for the decoder


def qr_text(page: Page) -> str:
    """Draw the page's QR path into a bitmap and read it with zxing-cpp."""
    svg = page.get_by_test_id("share-qr")
    side = int(str(svg.get_attribute("viewBox")).split()[2])
    path = str(svg.locator("path").get_attribute("d"))
    width = side * SCALE
    pixels = bytearray([255]) * (width * width)
    for x, y, run in re.findall(r"M(\d+) (\d+)h(\d+)", path):
        for row in range(int(y) * SCALE, (int(y) + 1) * SCALE):
            start = row * width + int(x) * SCALE
            pixels[start : start + int(run) * SCALE] = bytes(int(run) * SCALE)
    found = zxingcpp.read_barcode(memoryview(bytes(pixels)).cast("B", (width, width)))
    assert found is not None, "the QR code does not read"
    return str(found.text)


def fresh_page(browser: Browser, args: dict[str, Any], url: str) -> Page:
    page = browser.new_context(**args).new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    return page


#: In a blank page (no CSP): a PNG drawn into a canvas, its pixels as grey bytes in base64.
GREY = """async (png) => {
  const img = new Image();
  img.src = "data:image/png;base64," + png;
  await img.decode();
  const c = document.createElement("canvas");
  c.width = img.width; c.height = img.height;
  const g = c.getContext("2d");
  g.drawImage(img, 0, 0);
  const px = g.getImageData(0, 0, c.width, c.height).data;
  let out = "";
  for (let i = 0; i < px.length; i += 4) out += String.fromCharCode(px[i + 1]);
  return [c.width, c.height, btoa(out)];
}"""


def read_screen(page: Page) -> str | None:
    """What a QR reader finds in a screenshot of the page as shown (the viewport)."""
    shot = base64.b64encode(page.screenshot()).decode()
    blank = page.context.new_page()
    width, height, grey = blank.evaluate(GREY, shot)
    blank.close()
    pixels = memoryview(base64.b64decode(grey)).cast("B", (height, width))
    found = zxingcpp.read_barcode(pixels)
    return None if found is None else str(found.text)


#: A phone held upright, the narrowest screen the page is laid out for.
PHONE: ViewportSize = {"width": 390, "height": 844}
# Where each log entry's time and "Why" sit against its text (px, rounded).
_LOG_PLACES = """els => els.map(e => {
  const box = s => { const n = e.querySelector(s); return n && n.getBoundingClientRect(); };
  const text = box('.log-text'), time = box('.log-meta'), why = box('.why > summary');
  return {time: [Math.round(time.left - text.left), Math.round(time.top - text.bottom) >= 0],
          why: why && [Math.round(text.right - why.right), Math.round(why.top - time.top) <= 0
                       && Math.round(why.bottom - time.bottom) >= 0]};
})"""


def log_laid_out_alike(page: Page, testid: str) -> None:
    """Every entry of the log ``testid`` laid out the same way: its time under its text at the
    left, its "Why" (when it has one) on the time's line at the right (the time sat beside a
    short text and under a long one, and "Why" went left or right with it)."""
    places = page.get_by_test_id(testid).evaluate_all(_LOG_PLACES)
    assert places, testid
    assert all(p["time"] == [0, True] for p in places), places
    assert all(p["why"] in (None, [0, True]) for p in places), places


def simply_character(
    app: Page, name: str, skill: str, specialty: str = "", weapon: str = "", max_dmg: int = 24
) -> None:
    """A new Simply character on its Characters tab: ``name``, one skill (and specialty), and a
    weapon of that skill with ``max_dmg`` Max Dmg when ``weapon`` is given (the e2e tests and
    the fight benchmark, tools/bench_fight_simply.py)."""
    app.get_by_test_id("char-new").click()
    enter(app, "char-name", name)
    app.get_by_test_id("char-add-skill").select_option(skill)
    if specialty:
        enter(app, "char-skill-specialty-0", specialty)
    if weapon:
        enter(app, "char-weapon-name", weapon)
        app.get_by_test_id("char-weapon-skill").select_option(f"{skill}: {specialty}")
        enter(app, "char-weapon-max", str(max_dmg))
        app.get_by_test_id("char-weapon-add").click()
        expect(app.get_by_test_id("char-weapon")).to_contain_text(f"Max Dmg {max_dmg}")


def simply_join(app: Page, *names: str) -> None:
    """The Simply Combat tab with the characters ``names`` (built on the Characters tab) added
    to the fight, the page back at its top."""
    app.get_by_test_id("simply-tab-combat").click()
    for name in names:
        app.get_by_test_id("sc-add-character").select_option(label=name)
    expect(app.get_by_test_id("sc-combatant")).to_have_count(len(names))
    app.evaluate("window.scrollTo(0, 0)")


#: Whether an element's text runs past its box (a label that does not wrap).
OVERFLOWS = "(el) => el.scrollWidth > el.clientWidth + 1"


def bar_keeps_one_row(page: Page) -> None:
    """A fight's sticky bar at phone width: no taller than the 68 px a revealed step stops below
    (scroll-padding), Undo's label readable, and after a scroll still at the top, as tall."""
    bar = page.locator(".top").bounding_box()
    assert bar is not None and bar["height"] <= 68, bar
    undo = page.get_by_test_id("undo")
    assert not undo.evaluate(OVERFLOWS), undo.inner_text()
    page.mouse.wheel(0, 600)
    page.wait_for_timeout(100)
    after = page.locator(".top").bounding_box()
    assert after is not None and after["y"] == 0 and after["height"] == bar["height"], after
