"""FIGHT.md's measures for the Percentile fight (make bench --only fights): Ann and Bob built on
the sheet with an AUTO PISTOL, its AP cost on the GM's Table #3-6; turns from "Next" to the damage
record with the app's dice. With
Table #3-3.4 not entered, a random hit location waits for the GM to pick the part (one tap more,
reported as its own figure)."""

from __future__ import annotations

from typing import Any

from fight_measure import Tap, TurnFigures, install, rows, run_turn
from support import enter

READY = 'html[data-ready="1"]'
TURNS = 6


def _fight(browser: Any, origin: str) -> Any:
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/percentile")
    page.wait_for_selector(READY, timeout=120_000)
    for name, part in (("Ann", "arm"), ("Bob", "leg")):
        page.get_by_test_id("percentile-char-new").click()
        enter(page, "percentile-char-name", name)
        enter(page, "percentile-char-aim", "90")
        enter(page, "percentile-wform-name", "AUTO PISTOL")
        enter(page, "percentile-wform-wep_dif", "30")
        enter(page, "percentile-wform-damage_die", "4+2")
        page.get_by_test_id("percentile-weapon-add").click()
        for body, points in ((part, "200"), ("head", "100")):
            enter(page, "percentile-pform-name", body)
            enter(page, "percentile-pform-points", points)
            page.get_by_test_id("percentile-part-add").click()
    # Table #3-6 (the text leaves its values out): the GM enters an attack's AP cost once
    page.get_by_test_id("percentile-tab-gm").click()
    page.get_by_test_id("percentile-gm-pick").select_option("PCT-M03")
    enter(page, "percentile-gm-csv", "action,ap_cost\nan attack with the AUTO PISTOL,10\n")
    page.get_by_test_id("percentile-gm-save").click()
    page.get_by_test_id("percentile-tab-combat").click()
    page.get_by_test_id("percentile-side-add-0").select_option(label="Ann")
    page.get_by_test_id("percentile-side-add-1").select_option(label="Bob")
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


def _turn(page: Any) -> tuple[TurnFigures, int]:
    figures = run_turn(page, [Tap("percentile-turn-next")])
    active = page.get_by_test_id("percentile-turn-active").inner_text()
    other = "c2" if "Now: Ann" in active else "c1"
    rest = run_turn(
        page,
        [
            Tap(f"percentile-strip-{other}"),
            Tap("percentile-turn-roll-roll", "percentile-turn-step"),
        ],
    )
    waits = 0
    step = page.get_by_test_id("percentile-turn-step")
    if "which body part" in step.inner_text():  # Table #3-3.4 not entered: the step asks
        part = run_turn(page, [Tap("percentile-turn-part-1", "percentile-turn-step")])
        waits = part.taps
        rest.latencies_ms += part.latencies_ms
    if "Damage" in step.inner_text():
        damage = run_turn(page, [Tap("percentile-turn-roll-roll", "percentile-turn-result")])
        rest.taps += damage.taps
        rest.latencies_ms += damage.latencies_ms
        rest.out_of_view += damage.out_of_view
        enter(page, "percentile-attack-stun_modifier", "0")  # asked after the damage
    figures.taps += rest.taps
    figures.latencies_ms += rest.latencies_ms
    figures.out_of_view += rest.out_of_view
    return figures, waits


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    context, page = _fight(browser, origin)
    played = [_turn(page) for _ in range(TURNS)]
    context.close()
    turns = [figures for figures, _ in played]
    waits = max(w for _, w in played)
    return [
        *rows("Percentile fight, app dice", turns),
        ("Percentile fight: taps to pick a part, Table #3-3.4 empty", str(waits), "(+1 expected)"),
    ]
