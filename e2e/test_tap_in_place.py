"""A tap's control stays where it was on the screen when the tap changes what is above it, in
the three engines (FIGHT.md 5: the result appears where the tap was). Chromium and Firefox do it
by CSS scroll anchoring; WebKit (iPad Safari's engine) has none, and there the whole page moved
under the GM's finger: scrolled down a Simply Roleplaying! sheet, "Add weapon" puts the weapon
in the list above it, and WebKitGTK left it 121 px lower (the glue, app/browser.py, now scrolls
the page by what the tap moved it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from engines import drive
from localsite import serve
from playwright.sync_api import Browser

DIST = Path(__file__).resolve().parent.parent / "dist"
READY = "return document.documentElement.dataset.ready === '1'"
SHOWN = "return !!document.querySelector('[data-testid={}]')"
# A character with a skill and two weapons, the third typed into the form below the list, as a
# user types (each field's input and change), then scrolled until "Add weapon" is near the
# screen's top: the list, the sheet's top and the bar are above the screen.
SHEET = """
const q = (id) => document.querySelector(`[data-testid="${id}"]`);
const put = (id, v) => { const e = q(id); e.value = v;
  for (const k of ['input', 'change']) e.dispatchEvent(new Event(k, {bubbles: true})); };
const pick = (id, text) => { const e = q(id);
  e.value = [...e.options].find((o) => o.textContent === text).value;
  e.dispatchEvent(new Event('change', {bubbles: true})); };
const weapon = (name) => { put('char-weapon-name', name);
  pick('char-weapon-skill', 'Melee Weapon: Sword'); put('char-weapon-max', '24'); };
q('char-new').click();
put('char-name', 'Mara');
pick('char-add-skill', 'Melee Weapon');
put('char-skill-specialty-0', 'Sword');
for (const name of ['Longsword', 'Dagger']) { weapon(name); q('char-weapon-add').click(); }
weapon('Spear');
"""
TO_THE_ADD = """
const add = document.querySelector('[data-testid=char-weapon-add]');
scrollTo(0, scrollY + add.getBoundingClientRect().top - 120);
"""
# The tap, then its next two frames (the glue's runs in the first): where "Add weapon" is now.
TAP = """
const add = document.querySelector('[data-testid=char-weapon-add]');
window.__tapped = null;
const before = [scrollY, add.getBoundingClientRect().top];
add.click();
requestAnimationFrame(() => requestAnimationFrame(() => { window.__tapped = {
  before, scrolled: scrollY, top: add.isConnected ? add.getBoundingClientRect().top : null,
  weapons: document.querySelectorAll('[data-testid=char-weapon]').length }; }));
"""


@pytest.mark.parametrize("engine", ["chromium", "firefox", "webkit"])
def test_add_weapon_stays_under_the_finger_scrolled_down_a_sheet(
    engine: str, browser: Browser
) -> None:
    server, origin = serve(DIST)
    try:
        with drive(engine, browser) as page:
            assert page.set_viewport(768, 1024) == (768, 1024)
            page.goto(f"{origin}/#/simply")
            page.wait(READY)
            page.wait(SHOWN.format("simply-tab-characters"))
            page.run("document.querySelector('[data-testid=simply-tab-characters]').click()")
            page.wait(SHOWN.format("char-new"))
            page.run(SHEET)
            assert (
                page.run("return document.querySelectorAll('[data-testid=char-weapon]').length")
                == 2
            )
            page.run(TO_THE_ADD)
            page.run(TAP)
            tapped = page.wait("return window.__tapped")
    finally:
        server.shutdown()
        server.server_close()
    scrolled, top = tapped["before"]
    assert scrolled > 0 and abs(top - 120) < 2, tapped  # down the sheet, the list off screen
    assert tapped["weapons"] == 3, tapped
    # The list above grew by the new weapon's row (121 px at 768x1024 in WebKitGTK and Chromium).
    assert tapped["scrolled"] > scrolled + 60, tapped
    assert tapped["top"] is not None and abs(tapped["top"] - top) <= 3, tapped
