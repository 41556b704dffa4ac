"""Benchmarks, part 3 (``make bench``, ``tools/bench.py --only clicks``): a click → the DOM
updated, for a dice roll and each system's heaviest step, measured from the click to its new log
entry in the DOM (target < 50 ms). ``tools/bench_sizes.py`` reuses each system's two-fighter fight.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any, NamedTuple

from bench_common import p95, shown
from support import enter

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

    for system in SYSTEM_KEYS:  # each system's heaviest step (ATTACK_FIGURES, tested)
        rows += shown(click_to_log_figures(browser, origin, *ATTACK_FIGURES[system]))
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


def _simply_fight(page: Any) -> None:
    """Two participants; the damage form set to a weapon hit of 1 on the tough one."""
    page.click("[data-testid=simply-tab-combat]")
    for name, hp in (("Tough", "1000"), ("Grunt", "12")):
        enter(page, "sc-add-name", name)
        enter(page, "sc-add-hp_max", hp)
        page.click("[data-testid=sc-add]")
    _simply_form(page)


def _simply_form(page: Any) -> None:
    page.click("[data-testid=simply-tab-combat]")
    if page.get_attribute("[data-testid=sc-free-damage]", "open") is None:  # damage, no attack
        page.click("[data-testid=sc-free-damage] > summary")
    page.select_option("[data-testid=sc-damage-target]", label="Tough")
    page.select_option("[data-testid=sc-damage-source]", "weapon")
    enter(page, "sc-damage-raw", "1")


def _aftermath_fight(page: Any) -> None:
    """Ana with Pistol BCS 13 against Bo, on the missile worksheet."""
    for name in ("Ana", "Bo"):
        page.click("[data-testid=aft-char-new]")
        enter(page, "aft-name", name)
        if name == "Ana":
            enter(page, "aft-skill-name", "Pistol")
            enter(page, "aft-skill-bcs", "13")
            page.click("[data-testid=aft-skill-add]")
    for field, value in (("cda", "1"), ("mass", "2")):  # Bo: values the text leaves to the user
        enter(page, f"aft-derived-{field}", value)
    _aftermath_form(page)


def _aftermath_form(page: Any) -> None:
    page.click("[data-testid=aftermath-tab-combat]")
    page.select_option("[data-testid=aft-cbt-attacker]", label="Ana")
    page.select_option("[data-testid=aft-cbt-target]", label="Bo")
    page.select_option("[data-testid=aft-missile-skill]", "Pistol")
    enter(page, "aft-missile-meters", "20")  # AFT-46: typed, never assumed (held afterwards)


def _gurps_fight(page: Any) -> None:
    """Ana (skill 14, Attack) against Bo (Basic Speed 6, DR 2), on the attack worksheet."""
    for name, field, value in (("Ana", "weapon_skill", "14"), ("Bo", "dr", "2")):
        page.click("[data-testid=gurps-new]")
        enter(page, "gurps-name", name)
        enter(page, f"gurps-{field}", value)
    _gurps_form(page)


def _gurps_form(page: Any) -> None:
    page.click("[data-testid=gurps-tab-attack]")
    page.select_option("[data-testid=gurps-attack-attacker]", label="Ana")
    page.select_option("[data-testid=gurps-attack-defender]", label="Bo")
    page.select_option("[data-testid=gurps-attack-maneuver]", "Attack")


def _gurps_answered(page: Any) -> None:
    """The questions an injury left that hold the next attack, dismissed on the Attack tab as
    a GM whose book calls for none (GUR-58: the app asks, the book decides)."""
    dismiss = page.locator("[data-testid=gurps-attack-asks] [data-testid^=gurps-dismiss-]")
    while dismiss.count():
        before = page.locator("[data-testid=gurps-attack-asks]").inner_text()
        dismiss.first.click()
        page.wait_for_function(
            "(before) => document.querySelector('[data-testid=gurps-attack-asks]')?.innerText"
            " !== before",
            arg=before,
        )


def _percentile_fight(page: Any) -> None:
    """Bob with a pistol attacks Ann's chest of 5000 points (no stun to answer between clicks)."""
    page.click("[data-testid=percentile-char-new]")
    enter(page, "percentile-char-name", "Ann")
    enter(page, "percentile-pform-name", "chest")
    enter(page, "percentile-pform-points", "5000")
    page.click("[data-testid=percentile-part-add]")
    page.click("[data-testid=percentile-char-new]")
    enter(page, "percentile-char-name", "Bob")
    enter(page, "percentile-char-aim", "100")
    enter(page, "percentile-wform-name", "PISTOL")
    enter(page, "percentile-wform-wep_dif", "100")
    enter(page, "percentile-wform-damage_die", "4+2")
    page.click("[data-testid=percentile-weapon-add]")
    page.click("[data-testid=percentile-tab-settings]")
    page.select_option("[data-testid=percentile-setting-stun]", "off")
    # c1: the attack is clicked again and again in one turn; under c2 each would cost AP
    page.select_option("[data-testid=percentile-setting-ap]", "c1")
    _percentile_form(page)


def _percentile_form(page: Any) -> None:
    page.click("[data-testid=percentile-tab-combat]")
    if page.get_attribute("[data-testid=percentile-fold-worksheet]", "open") is None:
        page.click("[data-testid=percentile-fold-worksheet] > summary")  # folded once a fight runs
    page.select_option("[data-testid=percentile-attack-attacker]", label="Bob")
    page.select_option("[data-testid=percentile-attack-target]", label="Ann")
    page.select_option("[data-testid=percentile-attack-part]", "chest")


class HeaviestStep(NamedTuple):
    """A system's heaviest step as ``click_to_log_figures`` measures it."""

    label: str
    route: str
    button: str
    entry: str
    setup: Callable[[Any], None]
    again: Callable[[Any], None]


#: Each system's heaviest step, keyed by its descriptor's key (a system without one fails
#: tests/test_tools_systems.py). Simply: the combat worksheet's Apply damage; GURPS: a full
#: attack (attack, best defense, damage, injury); Aftermath: a missile attack from BCS to
#: Critical Effect; Percentile: one full attack (to-hit, location, damage dice, grazing, damage
#: record, description).
ATTACK_FIGURES: dict[str, HeaviestStep] = {
    "simply": HeaviestStep(
        "Simply apply damage",
        "simply",
        "sc-apply-damage",
        "sc-log-entry",
        _simply_fight,
        _simply_form,
    ),
    "gurps": HeaviestStep(
        "GURPS full attack",
        "gurps",
        "gurps-resolve",
        "gurps-log-entry",
        _gurps_fight,
        _gurps_answered,
    ),
    "aftermath": HeaviestStep(
        "Aftermath missile attack",
        "aftermath",
        "aft-resolve",
        "aft-cbt-log-entry",
        _aftermath_fight,
        _aftermath_form,
    ),
    "percentile": HeaviestStep(
        "Percentile full attack",
        "percentile",
        "percentile-attack-resolve",
        "percentile-log-entry",
        _percentile_fight,
        _percentile_form,
    ),
}
