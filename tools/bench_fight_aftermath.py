"""FIGHT.md's measures for the Aftermath fight (make bench --only fights): Ana (Pistol BCS 13)
and Bo built on the sheet; three phases from "Next phase" to the attack's Critical Effect, with
the app's dice (typed dice are entered after the worksheet asks for them: not measured yet). A choice already showing the wanted value costs no tap."""

from __future__ import annotations

from typing import Any

from fight_measure import Tap, TurnFigures, install, rows, run_turn

READY = 'html[data-ready="1"]'


def _type(page: Any, testid: str, value: str) -> None:
    page.get_by_test_id(testid).fill(value)
    page.get_by_test_id(testid).press("Tab")


def _fight(browser: Any, origin: str) -> Any:
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/aftermath")
    page.wait_for_selector(READY, timeout=120_000)
    for name in ("Ana", "Bo"):
        page.get_by_test_id("aft-char-new").click()
        _type(page, "aft-name", name)
        if name == "Ana":
            _type(page, "aft-skill-name", "Pistol")
            _type(page, "aft-skill-bcs", "13")
            page.get_by_test_id("aft-skill-add").click()
    for field, value in (("cda", "1"), ("mass", "2")):  # Bo: values the text leaves to the user
        _type(page, f"aft-derived-{field}", value)
    page.get_by_test_id("aftermath-tab-combat").click()
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


def _choose(page: Any, testid: str, label: str) -> list[Tap]:
    shown = page.get_by_test_id(testid).evaluate(
        "s => [s.value, s.options[s.selectedIndex]?.text ?? '']"
    )
    return [] if label in shown else [Tap(testid, option=label)]


def _phase(page: Any, first: bool) -> TurnFigures:
    taps = [] if first else [Tap("aft-next-phase")]
    figures = run_turn(page, taps)
    choices = [
        *_choose(page, "aft-cbt-attacker", "Ana"),
        *_choose(page, "aft-cbt-target", "Bo"),
    ]
    more = run_turn(page, choices)
    skill = _choose(page, "aft-missile-skill", "Pistol")
    rest = run_turn(page, [*skill, Tap("aft-resolve", "aft-attack-result")])
    for part in (more, rest):
        figures.taps += part.taps
        figures.entries += part.entries
        figures.latencies_ms += part.latencies_ms
        figures.out_of_view += part.out_of_view
    return figures


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    context, page = _fight(browser, origin)
    phases = [_phase(page, first=i == 0) for i in range(3)]
    context.close()
    return rows("Aftermath fight (missile), app dice", phases)
