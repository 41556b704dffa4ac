"""Benchmarks, part 3 (``make bench``, ``tools/bench.py --only clicks``): a click → the DOM
updated, for a dice roll and each system's heaviest step, measured from the click to its new log
entry in the DOM (target < 50 ms). Each system's step is its own (``HEAVIEST`` in
``tools/bench_fight_<system>.py``); ``tools/bench_sizes.py`` reuses its two-fighter fight.
"""

from __future__ import annotations

import statistics
from typing import Any

from bench_common import heaviest, p95, shown

CLICKS = 40
CLICK_PROBE = """
window.__lat = [];
document.addEventListener("click", (e) => {
  if (!e.target.closest("[data-testid=dice-roll]")) return;
  const t0 = performance.now();
  const log = document.querySelector("ol.log");
  const before = log ? log.children.length : 0;
  const obs = new MutationObserver(() => {
    const now = document.querySelector("ol.log");
    if (now && (now.firstElementChild?.dataset.key !== window.__lastKey)) {
      window.__lastKey = now.firstElementChild.dataset.key;
      window.__lat.push(performance.now() - t0); obs.disconnect();
    }
  });
  obs.observe(document.getElementById("app"), {childList: true, subtree: true, characterData: true});
}, true);
"""


def click_figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    page.add_init_script(CLICK_PROBE)
    page.goto(f"{origin}/#/dice")
    page.wait_for_selector('html[data-ready="1"]', timeout=120_000)
    page.fill("[data-testid=dice-expr]", "3d6")
    for index in range(CLICKS):
        page.click("[data-testid=dice-roll]")
        page.wait_for_function(f"() => window.__lat.length >= {index + 1}")
    latencies = [float(v) for v in page.evaluate("window.__lat")][5:]  # skip warm-up
    rows.append(
        ("roll click → DOM updated, median", f"{statistics.median(latencies):.1f} ms", "< 50 ms")
    )
    rows.append(("roll click → DOM updated, p95", f"{p95(latencies):.1f} ms", "< 50 ms"))
    context.close()
    shown(rows)
    rows += shown(task_roll_figures(browser, origin))
    from pycore.systems.system import SYSTEM_KEYS

    for system in SYSTEM_KEYS:  # each system's heaviest step, from its own bench module
        step = heaviest(system)
        rows += shown(
            click_to_log_figures(
                browser,
                origin,
                step.label,
                step.route,
                step.button,
                step.entry,
                step.setup,
                step.again,
            )
        )
    return rows


# Click → the newest log entry is a new element: the log draws only its newest entries
# (kit/results.py log_list), so at that cap their count stays (counting them, the click figures
# timed out); a log that edits its newest entry in place changes its text.
LOG_PROBE = """
window.__lat = [];
document.addEventListener("click", (e) => {
  if (!e.target.closest("[data-testid=BUTTON]")) return;
  const t0 = performance.now();
  const first = document.querySelector("[data-testid=ENTRY]");
  const obs = new MutationObserver(() => {
    const now = document.querySelector("[data-testid=ENTRY]");
    if (now && (now !== first || now.textContent !== first.textContent)) {
      window.__lat.push(performance.now() - t0); obs.disconnect();
    }
  });
  obs.observe(document.getElementById("app"), {childList: true, subtree: true, characterData: true});
}, true);
"""


def click_to_log_figures(
    browser: Any,
    origin: str,
    label: str,
    route: str,
    button: str,
    entry: str,
    setup: Any = None,
    again: Any = None,
) -> list[tuple[str, str, str]]:
    """Click ``button`` CLICKS times; each time, the time until a new ``entry`` is in the DOM.

    ``setup(page)`` prepares the page (a tab, a filled form) after the app is ready; ``again(page)``
    fills the form anew wherever a step's end closes it (Simply's applied damage, Aftermath's
    resolved attack, GURPS's questions after an injury): it runs before each click, untimed.
    """
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    page.add_init_script(LOG_PROBE.replace("BUTTON", button).replace("ENTRY", entry))
    page.goto(f"{origin}/#/{route}")
    page.wait_for_selector('html[data-ready="1"]', timeout=120_000)
    if setup is not None:
        setup(page)
    for index in range(CLICKS):
        if again is not None:
            again(page)
        page.click(f"[data-testid={button}]")
        page.wait_for_function(f"() => window.__lat.length >= {index + 1}")
    latencies = [float(v) for v in page.evaluate("window.__lat")][5:]  # skip warm-up
    context.close()
    return [
        (f"{label} click → DOM, median", f"{statistics.median(latencies):.1f} ms", "< 50 ms"),
        (f"{label} click → DOM, p95", f"{p95(latencies):.1f} ms", "< 50 ms"),
    ]


def task_roll_figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    """Simply Roleplaying! task roll: click → the new log entry is in the DOM."""
    return click_to_log_figures(
        browser, origin, "Simply task roll", "simply", "simply-roll", "simply-log-entry"
    )
