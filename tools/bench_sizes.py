"""The size ladder (issue 33, ``make bench --only sizes``): does a tap, and opening the Combat tab,
cost the same with 2, 10 and 30 fighters and 10, 200 and 1,000 log entries, in every system?

Each system's fight is built as a GM builds it (its heaviest step's two fighters, from its own
``tools/bench_fight_<system>.py``, with its ``LADDER``), the extra
fighters are added through the page's own forms, and the fight's saved log is filled to the size
(past a log's cap the store moves the oldest entries to the archive, as it does at the table).
Then, after a reload: the system's heaviest step (click → its log entry in the DOM) and a tab
switch to Combat (click → the Combat tab drawn), medians of several clicks each.
"""

from __future__ import annotations

import statistics
from typing import Any

import bench_clicks
from bench_common import heaviest, ladder

from pycore.store.sections import LogSpec, codec_for
from pycore.systems.system import SYSTEM_KEYS
from pycore.systems.system import system as described

SIZES = ((2, 10), (10, 200), (30, 1000))
CLICKS = 15
SAVE_SETTLE_MS = 800  # the app saves 300 ms after the last change (app/browser.py)
READY = 'html[data-ready="1"]'

# Fill every fight log of the section to ``size`` entries, newest first, one second apart: the
# newest up to the log's cap in the log, the older ones in the archive section (as the store
# moves them there at the table; a log saved over its cap is refused at load).
FILL = """([key, logs, size]) => {
  const env = JSON.parse(localStorage.getItem(key));
  const archived = {};
  for (const [path, name, cap] of logs) {
    let at = env.data;
    for (const p of path.slice(0, -1)) at = at?.[p];
    const log = at?.[path[path.length - 1]];
    if (!Array.isArray(log) || !log.length) continue;
    const one = log[0];
    const all = Array.from({length: size}, (_, i) => {
      const s = size - i;
      const stamp = new Date(Date.UTC(2026, 10, 1, 10, 0, 0) + s * 1000).toISOString();
      return {...one, text: `old line ${s}`, at: stamp.replace(".000Z", "+00:00")};
    });
    at[path[path.length - 1]] = all.slice(0, cap);
    if (all.length > cap) archived[`${env.section}.${name}`] = all.slice(cap);
  }
  localStorage.setItem(key, JSON.stringify(env));
  const archive = {...env, section: "archive", version: 1, data: archived};
  delete archive.rev; delete archive.ids;
  localStorage.setItem("rulekeeper:section:archive", JSON.stringify(archive));
}"""

TAB_PROBE = """
window.__tabLat = [];
document.addEventListener("click", (e) => {
  if (!e.target.closest("[data-testid=TAB]")) return;
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    window.__tabLat.push(performance.now() - t0); obs.disconnect();
  });
  obs.observe(document.getElementById("app"), {childList: true, subtree: true});
}, true);
"""


def logs_of(section: str, path: tuple[str, ...]) -> list[LogSpec]:
    """The fight's log as its section's codec states it (path and cap)."""
    codec = codec_for(section)
    return [log for log in (codec.logs if codec else ()) if log.path == tuple(path)]


def _median_clicks(page: Any, testid: str, probe: str, count: int, between: Any = None) -> float:
    """Click ``testid`` ``count`` times (``between`` before each); the median of the probe's
    figures after the first two (warm-up). The probe starts empty: a step's form clicks its
    Combat tab again (Simply, Aftermath, Percentile), and each of those clicks, changing no
    element, was timed until the tap's result arrived (200-400 ms read as "open Combat")."""
    page.evaluate(f"window.{probe} = []")
    for index in range(count):
        if between is not None:
            between()
        page.click(f"[data-testid={testid}]")
        page.wait_for_function(f"() => window.{probe}.length >= {index + 1}", timeout=30_000)
    return float(statistics.median(page.evaluate(f"window.{probe}")[2:]))


def _one(browser: Any, origin: str, key: str, fighters: int, entries: int) -> tuple[float, float]:
    step, system, fight = heaviest(key), ladder(key), described(key).fight
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    page.goto(f"{origin}/#/{key}")
    page.wait_for_selector(READY, timeout=120_000)
    for index in range(fighters - 2):
        system.add_fighter(page, f"Extra {index + 1}")
    step.setup(page)
    page.click(f"[data-testid={step.button}]")  # the first entry of the log, to copy
    page.wait_for_selector(f"[data-testid={step.entry}]", timeout=30_000)
    page.wait_for_timeout(SAVE_SETTLE_MS)
    logs = [[list(log.path), log.name, log.cap] for log in logs_of(fight.section, fight.log)]
    page.evaluate(FILL, [f"rulekeeper:section:{fight.section}", logs, entries])
    page.add_init_script(
        bench_clicks.LOG_PROBE.replace("BUTTON", step.button).replace("ENTRY", step.entry)
        + TAB_PROBE.replace("TAB", system.combat_tab)
    )
    page.reload()
    page.wait_for_selector(READY, timeout=120_000)
    system.form(page)  # the form again: a reload keeps the fight, not every field of a step
    # Each tap is a new step: its form filled afresh first (a step's inputs die with it).
    tap = _median_clicks(page, step.button, "__lat", CLICKS, between=lambda: system.form(page))
    tab = _median_clicks(
        page,
        system.combat_tab,
        "__tabLat",
        CLICKS // 2,
        between=lambda: page.click(f"[data-testid={system.other_tab}]"),
    )
    context.close()
    return tap, tab


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for key in SYSTEM_KEYS:  # the descriptors
        measured = {}
        for fighters, entries in SIZES:
            try:
                measured[(fighters, entries)] = _one(browser, origin, key, fighters, entries)
            except Exception as error:  # a page that changed under the bench: say so, go on
                rows.append((f"{key} {fighters} fighters", f"not measured: {error}"[:60], ""))
        if not measured:
            continue
        small = measured.get(SIZES[0])
        for (fighters, entries), (tap, tab) in measured.items():
            ratio = f" = {tap / small[0]:.2f}x" if small else ""
            rows.append(
                (
                    f"{key}: {fighters} fighters, {entries} log entries: tap → DOM",
                    f"{tap:.1f} ms{ratio}",
                    "< 50 ms; <= 1.3x the smallest",
                )
            )
            rows.append(
                (
                    f"{key}: {fighters} fighters, {entries} log entries: open Combat",
                    f"{tab:.1f} ms",
                    "< 50 ms",
                )
            )
    return rows
