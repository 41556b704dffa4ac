"""A fight's log at its cap (issue 33 item 3): a tap redraws the newest entries, not the log."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import READY, enter
from test_simply_combat import _damage

SECTION = "rulekeeper:section:simply_combat"
# Fill the saved fight's log to its cap (300) with entries one second apart, newest first.
FILL = """(key) => {
  const env = JSON.parse(localStorage.getItem(key));
  const one = env.data.log[0];
  env.data.log = Array.from({length: 300}, (_, i) => ({...one,
    text: `old line ${300 - i}`, at: `2026-11-22T10:${String(Math.floor((300 - i) / 60)).padStart(2, "0")}:${String((300 - i) % 60).padStart(2, "0")}+00:00`}));
  localStorage.setItem(key, JSON.stringify(env));
}"""
# Count the log entries the page adds and removes from now on.
WATCH = """() => {
  window.__logChurn = 0;
  new MutationObserver(records => { for (const r of records) for (const n of [...r.addedNodes, ...r.removedNodes])
    if (n.nodeType === 1 && (n.matches('li.log-entry') || n.querySelector('li.log-entry'))) window.__logChurn +=
      n.matches('li.log-entry') ? 1 : n.querySelectorAll('li.log-entry').length; })
    .observe(document.getElementById('app'), {childList: true, subtree: true});
}"""
# Count layout reads (a forced layout) made while a tap's handler runs: the app's listener sits
# on #app, between a capturing and a bubbling listener on the window.
LAYOUT_PROBE = """
window.__layoutInTap = 0; let inTap = false;
window.addEventListener('click', () => { inTap = true; }, true);
window.addEventListener('click', () => { inTap = false; }, false);
const box = Element.prototype.getBoundingClientRect;
Element.prototype.getBoundingClientRect = function () {
  if (inTap) window.__layoutInTap++; return box.call(this); };
"""


def test_a_tap_at_the_log_cap_redraws_only_what_changed(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-combat").click()
    for name, hp in (("Mara", "26"), ("Grunt", "40")):
        enter(app, "sc-add-name", name)
        enter(app, "sc-add-hp_max", hp)
        enter(app, "sc-add-strength", "5")
        enter(app, "sc-add-health", "5")
        app.get_by_test_id("sc-add").click()
    app.get_by_test_id("sc-initiative-roll").click()
    app.wait_for_function(
        f"() => (JSON.parse(localStorage.getItem('{SECTION}') || 'null')?.data.log || []).length"
    )
    app.evaluate(FILL, SECTION)
    app.add_init_script(LAYOUT_PROBE)
    app.reload()
    app.wait_for_selector(READY, timeout=60_000)
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-combat").click()

    # Only the newest 30 are drawn; the rest one tap away.
    expect(app.get_by_test_id("sc-log-entry")).to_have_count(30)
    expect(app.get_by_test_id("sc-log-entry-all")).to_have_text("Show all 300")
    app.evaluate(WATCH)
    _damage(app, "Grunt", "1")
    expect(app.get_by_test_id("sc-hp-c2")).to_have_text("HP 39/40")
    expect(app.get_by_test_id("sc-damage-result")).to_be_visible()
    # The result shown was measured (to bring it into view) after the tap, not inside it.
    assert app.evaluate("() => window.__layoutInTap") == 0
    # The new line(s) in, as many old ones out of view: nothing else replaced.
    assert app.evaluate("() => window.__logChurn") <= 6

    # The whole log, on request; a tap then keeps every entry's element.
    app.get_by_test_id("sc-log-entry-all").click()
    expect(app.get_by_test_id("sc-log-entry")).to_have_count(300)
    expect(app.get_by_test_id("sc-log-entry").last).to_contain_text("old line")
    app.evaluate(WATCH)
    _damage(app, "Grunt", "1")
    expect(app.get_by_test_id("sc-hp-c2")).to_have_text("HP 38/40")
    expect(app.get_by_test_id("sc-log-entry")).to_have_count(300)
    assert app.evaluate("() => window.__logChurn") <= 6
    app.get_by_test_id("sc-log-entry-all").click()
    expect(app.get_by_test_id("sc-log-entry")).to_have_count(30)
    assert errors == []
